package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"
	bm "charm.land/wish/v2/bubbletea"
	uv "github.com/charmbracelet/ultraviolet"
	gossh "golang.org/x/crypto/ssh"

	"github.com/klob/klob/internal/platform/termcolor"
	"github.com/klob/klob/internal/platform/textwrap"
)

// The messages a refused connection reads. Each line is shorter than
// 80 columns: the terminal wraps a longer one wherever it ends, in the
// middle of a word.
const (
	msgNoCommand = "klob: this server only plays Klob.\r\n" +
		"Connect without a command (ssh -p PORT host),\r\n" +
		"or go straight to a table: ssh -t -p PORT host join CODE (or watch CODE);\r\n" +
		"suits as letters for a terminal without Unicode: ssh -t -p PORT host ascii"
	msgNoSubsystem = "klob: no file access on this server (no sftp, no scp)"
	msgNoForward   = "klob: no port forwarding on this server"
	msgNoPTY       = "klob: Klob needs a terminal: connect with ssh -t (or without -T)"
	msgPanic       = "klob: something went wrong in this session and it had to end; the server goes on. Please connect again."
)

// msgNoCode is the message of a join or watch that ParseCommand
// refused: args are the words after the verb. Without a word it says a
// code is needed; with more than one, that the others are too many
// (ascii among them goes first); else that the word is no code (not
// one word of printable ASCII, or too long: a word of letters goes to
// the lobby, which says what is wrong with it).
func msgNoCode(verb string, args []string) string {
	var what string
	switch {
	case len(args) == 0:
		what = fmt.Sprintf("%s needs a table's code:", verb)
	case len(args) == 2:
		what = fmt.Sprintf("%s takes one table code; %s is one word too many:", verb, wordText(args[1]))
	case len(args) > 2:
		what = fmt.Sprintf("%s takes one table code; the %d words after it are too many:", verb, len(args)-1)
	default:
		what = "a table's code is four letters, such as KQXM:"
	}
	example := fmt.Sprintf("ssh -t -p PORT host %s CODE", verb)
	if len(args) > 1 && slices.ContainsFunc(args[1:], func(a string) bool { return cmdWord(a) == CmdASCII }) {
		example = fmt.Sprintf("ssh -t -p PORT host ascii %s CODE (ascii goes first)", verb)
	}
	// One line when both fit in it.
	sep := "\r\n"
	if len(what)+len(example) < 72 {
		sep = " "
	}
	return "klob: " + what + sep + example + "\r\n(or connect without a command to choose in the lobby)"
}

// maxWordText is the most bytes of a word of the command a message
// quotes.
const maxWordText = 16

// wordText is a word of the client's command fit to quote in a
// message: quoted with its controls escaped, cut to maxWordText bytes.
func wordText(s string) string {
	q, cut := quoteCut(s, maxWordText)
	if cut {
		q += "…"
	}
	return q
}

// quoteCut quotes s with its controls escaped (strconv.QuoteToASCII),
// cut first to at most most bytes at the start of a rune, so that no
// rune is split; cut says whether anything was left out.
func quoteCut(s string, most int) (q string, cut bool) {
	if len(s) <= most {
		return strconv.QuoteToASCII(s), false
	}
	n := most
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return strconv.QuoteToASCII(s[:n]), true
}

// endReasonKey is the context key of a session's endReason: the context
// is the connection's, so the key holds the session.
type endReasonKey struct{ s ssh.Session }

// endReason is where a session's guard leaves why it ended, for the
// handler to print after the program has restored the terminal.
type endReason struct {
	mu   sync.Mutex
	text string
	// width is the client's terminal's, as last known (0: unknown).
	width int
}

// setWidth keeps the client's width, for printing the reason.
func (r *endReason) setWidth(w int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.width = w
}

// lines is the reason as the client reads it: wrapped by words to the
// terminal's width, at most endWidth (a line as wide as the terminal
// would wrap at its edge, mid-word), the lines joined by "\r\n".
func (r *endReason) lines() string {
	r.mu.Lock()
	text, w := r.text, r.width
	r.mu.Unlock()
	if w <= 1 || w > endWidth {
		w = endWidth
	} else {
		w--
	}
	return strings.Join(wrapWords(text, w), "\r\n")
}

// endWidth is the most columns of a line of a session's last message:
// under 80, so that an 80-column terminal wraps none.
const endWidth = 79

// wrapWords wraps text by words to lines of at most w columns
// (textwrap.Wrap), a newline in text starting a line.
func wrapWords(text string, w int) []string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		out = append(out, textwrap.Wrap(para, w)...)
	}
	return out
}

// set keeps the first reason given.
func (r *endReason) set(text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.text == "" {
		r.text = text
	}
}

func (r *endReason) get() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.text
}

func reasonOf(s ssh.Session) *endReason {
	r, _ := s.Context().Value(endReasonKey{s}).(*endReason)
	return r
}

// maxLogText is the most bytes of a client's string a log line keeps.
const maxLogText = 64

// logText is a string the client chose (a user name, TERM, a command)
// fit for the log: quoted with every control, format and invalid byte
// escaped, so it cannot start a line of its own or move the operator's
// cursor, and cut to maxLogText bytes.
func logText(s string) string {
	q, cut := quoteCut(s, maxLogText)
	if cut {
		return fmt.Sprintf("%s…(%d bytes)", q, len(s))
	}
	return q
}

// keyText names a key in the log: its fingerprint as ssh prints it,
// and its id (KeyID) as the lobby's tags, players/<id> and the club's
// database have it, so the operator can match them.
func keyText(k gossh.PublicKey) string {
	return "key " + gossh.FingerprintSHA256(k) + ", id " + KeyID(k)
}

func who(s ssh.Session) string { return userText(s.User(), s.PublicKey(), s.RemoteAddr()) }

// userText names a logged-in client for the log: the user, the key
// (nil for a guest) and the address.
func userText(user string, key gossh.PublicKey, addr net.Addr) string {
	id := "guest"
	if key != nil {
		id = keyText(key)
	}
	return fmt.Sprintf("user %s (%s) from %s", logText(user), id, addr)
}

// logConnections writes one line when a session opens and one when it
// closes.
func (s *Server) logConnections(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		start := time.Now()
		pty, _, ok := sess.Pty()
		term := "no terminal"
		if ok {
			term = fmt.Sprintf("%s %dx%d", logText(pty.Term), pty.Window.Width, pty.Window.Height)
		}
		s.logger.Printf("connect %s, %s", who(sess), term)
		r := &endReason{}
		sess.Context().SetValue(endReasonKey{sess}, r)
		next(sess)
		end := "disconnect"
		if t := r.get(); t != "" {
			end += " (" + firstLine(t) + ")"
		}
		s.logger.Printf("%s %s after %s", end, who(sess), time.Since(start).Round(time.Second))
	}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return strings.TrimPrefix(s, "klob: ")
}

// admit ends a session whose key, or want of one, the operator's lists
// keep out (Config.Admit), saying why.
func (s *Server) admit(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if s.cfg.Admit != nil {
			if why := s.cfg.Admit(sess.PublicKey()); why != "" {
				setReason(sess, "refused: "+why)
				wish.Fatalln(sess, "klob: "+why)
				return
			}
		}
		next(sess)
	}
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

// limitSessions refuses a session beyond MaxSessions, or beyond
// MaxSessionsPerKey of its public key; a guest's beyond MaxConnsPerAddr
// guest sessions of its address or MaxGuestSessions in all.
func (s *Server) limitSessions(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		n := s.sessions.Add(1)
		defer s.sessions.Add(-1)
		if n > int64(s.cfg.MaxSessions) {
			msg := msgFull(s.cfg.MaxSessions)
			setReason(sess, msg)
			wish.Fatalln(sess, msg)
			return
		}
		if k := sess.PublicKey(); k != nil {
			id := KeyID(k)
			ok := s.addKeySession(id)
			defer s.dropKeySession(id)
			if !ok {
				msg := msgKeyFull(s.cfg.MaxSessionsPerKey)
				setReason(sess, msg)
				wish.Fatalln(sess, msg)
				return
			}
		} else {
			a := addrKey(sess.RemoteAddr())
			msg := s.addGuestSession(a)
			defer s.dropGuestSession(a)
			if msg != "" {
				setReason(sess, msg)
				wish.Fatalln(sess, msg)
				return
			}
		}
		next(sess)
	}
}

// addKeySession counts a session of the key id, and reports whether it
// is within MaxSessionsPerKey; each call is matched by dropKeySession.
func (s *Server) addKeySession(id string) bool {
	s.keysMu.Lock()
	defer s.keysMu.Unlock()
	if s.perKey == nil {
		s.perKey = map[string]int{}
	}
	s.perKey[id]++
	return s.perKey[id] <= s.cfg.MaxSessionsPerKey
}

func (s *Server) dropKeySession(id string) {
	s.keysMu.Lock()
	defer s.keysMu.Unlock()
	if s.perKey[id]--; s.perKey[id] <= 0 {
		delete(s.perKey, id)
	}
}

// addGuestSession counts a guest session of the address addr and says
// why it is one too many ("" when it is within the caps); each call is
// matched by dropGuestSession. A guest connection may carry
// MaxChannels sessions, so counting connections would let an address
// hold twice its quota.
func (s *Server) addGuestSession(addr string) string {
	s.keysMu.Lock()
	defer s.keysMu.Unlock()
	if s.byAddr == nil {
		s.byAddr = map[string]int{}
	}
	s.guests++
	s.byAddr[addr]++
	switch {
	case s.byAddr[addr] > s.cfg.MaxConnsPerAddr:
		return msgGuestsAddrFull(s.cfg.MaxConnsPerAddr)
	case s.guests > s.cfg.MaxGuestSessions:
		return msgGuestsFull(s.cfg.MaxGuestSessions)
	}
	return ""
}

func (s *Server) dropGuestSession(addr string) {
	s.keysMu.Lock()
	defer s.keysMu.Unlock()
	s.guests--
	if s.byAddr[addr]--; s.byAddr[addr] <= 0 {
		delete(s.byAddr, addr)
	}
}

// msgGuestsAddrFull is the line a guest session beyond MaxConnsPerAddr
// of its address reads.
func msgGuestsAddrFull(n int) string {
	return fmt.Sprintf("klob: %d guest sessions are open from your address already, the most; close one, or connect with an SSH key", n)
}

// msgGuestsFull is the line a guest session beyond MaxGuestSessions
// reads: the places left are kept for players with a key.
func msgGuestsFull(n int) string {
	return fmt.Sprintf("klob: the server has its most guests (%d); connect with an SSH key, or try again later", n)
}

// msgKeyFull is the line a session beyond MaxSessionsPerKey reads.
func msgKeyFull(n int) string {
	sessions := "sessions"
	if n == 1 {
		sessions = "session"
	}
	return fmt.Sprintf("klob: this key has %d %s open already, the most one key may have; close one and try again", n, sessions)
}

// msgFull is the line a session beyond MaxSessions reads.
func msgFull(n int) string {
	players := "players"
	if n == 1 {
		players = "player"
	}
	return fmt.Sprintf("klob: the server is full (%d %s connected); please try again later", n, players)
}

func setReason(sess ssh.Session, text string) {
	if r := reasonOf(sess); r != nil {
		r.set(text)
	}
}

// limitRate refuses a session beyond ConnRate a second from one
// address (an IPv4 address, an IPv6 /64), with Klob's words.
func (s *Server) limitRate(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if err := s.conns.Allow(keyedSession{sess}); err != nil {
			msg := "klob: too many connections from your address in a short time; please wait a minute and try again"
			setReason(sess, msg)
			wish.Fatalln(sess, msg)
			return
		}
		next(sess)
	}
}

// keyedSession is a session whose address is the one the rate goes by
// (addrKey): wish's limiter keys by the address's IP.
type keyedSession struct{ ssh.Session }

func (k keyedSession) RemoteAddr() net.Addr {
	a := k.Session.RemoteAddr()
	if tcp, ok := a.(*net.TCPAddr); ok && tcp.IP.To4() == nil {
		return &net.TCPAddr{IP: tcp.IP.Mask(net.CIDRMask(64, 128))}
	}
	return a
}

// countSession tells the connection's limits that a session runs, so
// its login deadline waits, and counts the handlers running for
// Shutdown.
func (s *Server) countSession(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		s.handlers.Add(1)
		defer s.handlers.Add(-1)
		if st := stateOf(sess.Context()); st != nil {
			st.sessionStarted()
			defer st.sessionEnded()
		}
		next(sess)
	}
}

// refuseCommands refuses `ssh host command`: Klob is no shell. The
// only commands are the two that go straight to a table, `join CODE`
// and `watch CODE`, in any case (a terminal is still required); the
// lobby checks the code.
func (s *Server) refuseCommands(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if cmd := sess.Command(); len(cmd) > 0 {
			c, ok := ParseCommand(cmd)
			if !ok {
				setReason(sess, "refused command "+logText(sess.RawCommand()))
				if len(cmd) > 1 && cmdWord(cmd[0]) == CmdASCII {
					cmd = cmd[1:]
				}
				if verb := cmdWord(cmd[0]); verb == CmdJoin || verb == CmdWatch {
					wish.Fatalln(sess, msgNoCode(verb, cmd[1:]))
				} else {
					wish.Fatalln(sess, msgNoCommand)
				}
				return
			}
			sess.Context().SetValue(commandKey{sess}, c)
		}
		next(sess)
	}
}

// commandKey holds, in the connection's context, the command a session
// was started with.
type commandKey struct{ s ssh.Session }

// The commands a session may start with; ascii may come first.
const (
	CmdJoin  = "join"
	CmdWatch = "watch"
	CmdASCII = "ascii"
)

// Command is what a session was started with: ascii (suits as letters,
// boxes in + - |, for a terminal without Unicode), then join or watch
// and a code, each part optional.
type Command struct {
	ASCII      bool
	Verb, Code string
}

// maxCodeArg is the most bytes the argument of join or watch may hold:
// a code is four letters, and a longer text reaches nothing but the
// lobby's "not a code".
const maxCodeArg = 16

// cmdWord is a word of a session's command as the commands compare:
// the command's own spelling for ascii, join and watch in any case (a
// table's code is taken in any case too, so JOIN DLDG is join dldg),
// the word as it is for any other.
func cmdWord(word string) string {
	for _, c := range []string{CmdASCII, CmdJoin, CmdWatch} {
		if strings.EqualFold(word, c) {
			return c
		}
	}
	return word
}

// ParseCommand reads a session's command: ascii, then join or watch
// (in any case) and one argument of at most maxCodeArg printable ASCII
// characters, either part alone or both. Anything else is refused (ok
// false).
func ParseCommand(args []string) (c Command, ok bool) {
	if len(args) > 0 && cmdWord(args[0]) == CmdASCII {
		c.ASCII, args = true, args[1:]
		if len(args) == 0 {
			return c, true
		}
	}
	if len(args) != 2 || (cmdWord(args[0]) != CmdJoin && cmdWord(args[0]) != CmdWatch) || len(args[1]) == 0 || len(args[1]) > maxCodeArg {
		return Command{}, false
	}
	for _, b := range []byte(args[1]) {
		if b <= ' ' || b >= 0x7f {
			return Command{}, false
		}
	}
	c.Verb, c.Code = cmdWord(args[0]), args[1]
	return c, true
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
		if r := reasonOf(sess); r != nil && r.get() != "" {
			wish.Errorln(sess, "\r\n"+r.lines()+"\r")
			_ = sess.Exit(1)
		}
	}
}

// refuseSubsystem answers sftp, scp and any other subsystem.
func (s *Server) refuseSubsystem(sess ssh.Session) {
	s.logger.Printf("refused subsystem %s for %s", logText(sess.Subsystem()), who(sess))
	wish.Fatalln(sess, msgNoSubsystem)
}

// program builds the session's Bubble Tea program around the guard:
// its size clamped, its input bounded, its filter before the model. The
// program reads no input itself: input is the session's bounded input,
// for forwardInput, and term the terminal its sequences are read for.
func (s *Server) program(sess ssh.Session) (p *tea.Program, g *guard, input io.Reader, term string) {
	pty, _, _ := sess.Pty()
	w, h := s.cfg.clamp(pty.Window.Width, pty.Window.Height)
	info := &Session{
		User:   sess.User(),
		Remote: sess.RemoteAddr().String(),
		Width:  w,
		Height: h,
		Addr:   addrKey(sess.RemoteAddr()),
		ctx:    sess.Context(),
		now:    s.cfg.Now,
	}
	if c, ok := sess.Context().Value(commandKey{sess}).(Command); ok {
		info.Verb, info.Code, info.ASCII = c.Verb, c.Code, c.ASCII
	}
	info.ASCII = info.ASCII || dumbTerm(pty.Term)
	if k := sess.PublicKey(); k != nil {
		info.Key = KeyID(k)
	}
	now := s.cfg.Now()
	reason := reasonOf(sess)
	if reason != nil {
		reason.setWidth(w)
	}
	g = &guard{
		cfg:    &s.cfg,
		info:   info,
		reason: reason,
		logf:   func(f string, a ...any) { s.logger.Printf(f+" (%s)", append(a, who(sess))...) },
		gone:   sess.Context().Done(),
		keys:   newBucket(s.cfg.KeyRate, s.cfg.KeyBurst, now),
		other:  newBucket(s.cfg.KeyRate, s.cfg.KeyBurst, now),
		frames: newBucket(s.cfg.FrameRate, s.cfg.FrameBurst, now),
		lastIn: now,
		start:  &tea.WindowSizeMsg{Width: w, Height: h}, // tea.WithWindowSize's
	}
	g.inner = s.cfg.NewModel(info)
	in := newLimitedInput(sess, &s.cfg, func(why error) {
		if reason == nil {
			return
		}
		switch {
		case errors.Is(why, errBadSequence):
			reason.set(msgBadSequence)
		case errors.Is(why, errLongPaste):
			reason.set(msgLongPaste(&s.cfg))
		default:
			reason.set(msgInputFlood(&s.cfg))
		}
	})
	// wish's options (the output, the colour profile from the client's
	// environment), then the bounded input, size and filter over them.
	out := &stallWriter{w: sess, after: s.cfg.StallTimeout, afterFunc: s.cfg.AfterFunc, stalled: func() { s.stalled(sess) }}
	// No signal handler of its own: a SIGTERM or SIGINT to the server
	// would quit every session's program at once, racing Shutdown, which
	// ends each with its last line (and a program quit so leaves none).
	opts := append(bm.MakeOptions(sess), tea.WithInput(idleInput{sess.Context().Done()}), tea.WithOutput(out),
		tea.WithWindowSize(w, h), tea.WithFilter(g.filter), tea.WithoutSignalHandler())
	// The client's TERM decides: a mono one (vt100, xterm-mono) gets no
	// colour codes.
	// (The terminal as the session started: sess.Pty is the copy
	// withPty hands the handlers, never the library's, which a window
	// change writes without a lock.)
	env := append(sess.Environ(), "TERM="+pty.Term)
	opts = append(opts, termcolor.ColorOptions(env, nil)...)
	p = tea.NewProgram(g, opts...)
	send := p.Send
	g.quit = func() { go p.Quit() }
	g.send = send
	info.send.Store(&send)
	return p, g, in, pty.Term
}

// idleInput is the program's own input: nothing, until the session
// ends. It is not nil so that the program still asks the terminal its
// questions (the background colour), whose answers come with the rest
// of the input through forwardInput.
type idleInput struct{ done <-chan struct{} }

func (r idleInput) Read([]byte) (int, error) {
	<-r.done
	return 0, io.EOF
}

// forwardInput reads the session's input into events and hands each to
// the program, until the input ends. Bubble Tea's own reader sends each
// event to the program with no way out once the program has stopped
// taking them: input still arriving as a session ended left that
// goroutine, and with it the session's whole model, blocked for good.
// Program.Send gives up once the program has ended, and the events
// are taken until the reader stops. An input refused by its bounds
// ends the program (its line is the session's end reason).
func forwardInput(ctx context.Context, p *tea.Program, input io.Reader, term string) {
	events := make(chan uv.Event)
	read := make(chan error, 1)
	go func() { read <- uv.NewTerminalReader(input, term).StreamEvents(ctx, events) }()
	for {
		select {
		case ev := <-events:
			p.Send(ev)
		case err := <-read:
			if err != nil {
				p.Quit()
			}
			return
		}
	}
}

// dumbTerm reports whether a client's TERM says its terminal knows
// nothing beyond plain text ("dumb", or none given): it is drawn as
// after ascii, without the Unicode it may not show.
func dumbTerm(term string) bool {
	term = strings.TrimSpace(term)
	return term == "" || strings.EqualFold(term, "dumb")
}
