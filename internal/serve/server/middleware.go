package server

import (
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"
	bm "charm.land/wish/v2/bubbletea"
	gossh "golang.org/x/crypto/ssh"
)

// The messages a refused connection reads.
const (
	msgNoCommand   = "klob: this server only plays Klob: connect without a command (ssh -p PORT host)"
	msgNoSubsystem = "klob: no file access on this server (no sftp, no scp)"
	msgNoForward   = "klob: no port forwarding on this server"
	msgNoPTY       = "klob: Klob needs a terminal: connect with ssh -t (or without -T)"
	msgPanic       = "klob: something went wrong in this session and it had to end; the server goes on. Please connect again."
)

// endReason is where a session's guard leaves why it ended, for the
// handler to print after the program has restored the terminal.
type endReasonKey struct{}

type endReason struct{ text string }

func reasonOf(s ssh.Session) *endReason {
	r, _ := s.Context().Value(endReasonKey{}).(*endReason)
	return r
}

func who(s ssh.Session) string {
	id := "guest"
	if k := s.PublicKey(); k != nil {
		id = "key " + gossh.FingerprintSHA256(k)
	}
	return fmt.Sprintf("user %q (%s) from %s", s.User(), id, s.RemoteAddr())
}

// logConnections writes one line when a session opens and one when it
// closes.
func (s *Server) logConnections(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		start := time.Now()
		pty, _, ok := sess.Pty()
		term := "no terminal"
		if ok {
			term = fmt.Sprintf("%s %dx%d", pty.Term, pty.Window.Width, pty.Window.Height)
		}
		s.logger.Printf("connect %s, %s", who(sess), term)
		r := &endReason{}
		sess.Context().SetValue(endReasonKey{}, r)
		next(sess)
		end := "disconnect"
		if r.text != "" {
			end += " (" + firstLine(r.text) + ")"
		}
		s.logger.Printf("%s %s after %s", end, who(sess), time.Since(start).Round(time.Second))
	}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return strings.TrimPrefix(s, "klob: ")
}

// recoverPanics ends a session whose handler panics, with a message and
// a log line; other sessions go on.
func (s *Server) recoverPanics(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		defer func() {
			if r := recover(); r != nil {
				s.logger.Printf("panic in session of %s: %v\n%s", who(sess), r, debug.Stack())
				wish.Errorln(sess, "\r\n"+msgPanic+"\r")
				_ = sess.Exit(1)
			}
		}()
		next(sess)
	}
}

// limitSessions refuses a session beyond MaxSessions.
func (s *Server) limitSessions(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		n := s.sessions.Add(1)
		defer s.sessions.Add(-1)
		if n > int64(s.cfg.MaxSessions) {
			msg := fmt.Sprintf("klob: the server is full (%d players connected); please try again later", s.cfg.MaxSessions)
			setReason(sess, msg)
			wish.Fatalln(sess, msg)
			return
		}
		next(sess)
	}
}

func setReason(sess ssh.Session, text string) {
	if r := reasonOf(sess); r != nil {
		r.text = text
	}
}

// refuseCommands refuses `ssh host command`: Klob is no shell.
func (s *Server) refuseCommands(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if len(sess.Command()) > 0 {
			setReason(sess, "refused command "+fmt.Sprintf("%q", sess.RawCommand()))
			wish.Fatalln(sess, msgNoCommand)
			return
		}
		next(sess)
	}
}

// requirePTY refuses a session without a terminal.
func (s *Server) requirePTY(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if _, _, ok := sess.Pty(); !ok {
			setReason(sess, "no terminal")
			wish.Fatalln(sess, msgNoPTY)
			return
		}
		next(sess)
		if r := reasonOf(sess); r != nil && r.text != "" {
			wish.Errorln(sess, r.text+"\r")
			_ = sess.Exit(1)
		}
	}
}

// refuseSubsystem answers sftp, scp and any other subsystem.
func (s *Server) refuseSubsystem(sess ssh.Session) {
	s.logger.Printf("refused subsystem %q for %s", sess.Subsystem(), who(sess))
	wish.Fatalln(sess, msgNoSubsystem)
}

func refuseForward(_ *ssh.Server, _ *gossh.ServerConn, ch gossh.NewChannel, _ ssh.Context) {
	_ = ch.Reject(gossh.Prohibited, msgNoForward)
}

// program builds the session's Bubble Tea program around the guard.
func (s *Server) program(sess ssh.Session) *tea.Program {
	pty, _, _ := sess.Pty()
	info := &Session{
		User:   sess.User(),
		Remote: sess.RemoteAddr().String(),
		Width:  pty.Window.Width,
		Height: pty.Window.Height,
		ctx:    sess.Context(),
	}
	if k := sess.PublicKey(); k != nil {
		info.Key = KeyID(k)
	}
	g := &guard{
		cfg:    &s.cfg,
		reason: reasonOf(sess),
		logf:   func(f string, a ...any) { s.logger.Printf(f+" (%s)", append(a, who(sess))...) },
		tokens: float64(s.cfg.KeyBurst),
		last:   time.Now(),
		lastIn: time.Now(),
	}
	g.inner = s.cfg.NewModel(info)
	p := tea.NewProgram(g, bm.MakeOptions(sess)...)
	send := p.Send
	g.quit = func() { go p.Quit() }
	info.send.Store(&send)
	return p
}
