package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
)

// What reaches a session's program from the client is bounded before
// Bubble Tea sees it: the terminal's size (a buffer of width×height
// cells is drawn for every frame, so a client claiming 10000×10000 would
// take gigabytes), and the bytes of input (the terminal parser buffers a
// paste, or any unfinished sequence, until its end).

// clamp bounds a terminal size to the most the server draws. A zero
// is a size the client does not know (ssh -tt without a terminal asks
// for 0×0; RFC 4254 has servers ignore it): the classic 80 columns and
// 24 rows stand in, where a program drawn at 0×0 shows nothing at all.
func (c *Config) clamp(w, h int) (int, int) {
	if w <= 0 {
		w = 80
	}
	if h <= 0 {
		h = 24
	}
	return min(w, c.MaxWidth), min(h, c.MaxHeight)
}

// errInputFlood ends a program whose client sent more than the input
// allows; errBadSequence one whose client sent a control sequence no
// terminal sends.
var (
	errInputFlood  = errors.New("too much input")
	errBadSequence = errors.New("a malformed control sequence")
	errLongPaste   = errors.New("a paste too long")
)

// maxPaste is the most bytes one bracketed paste may hold. The terminal
// parser keeps a paste whole until its end, so a client dripping one
// slowly under the rate limit would hold megabytes of the server's
// memory for as long as it stays; no screen takes more than a line.
const maxPaste = 64 << 10

// maxSeparators is the most parameter separators (';' or ':') one
// control sequence (CSI) from a client may hold. No key, mouse report
// or terminal reply has more than a handful. Dozens are an attack on
// the terminal parser: x/ansi before v0.11.10 wrote past its 32
// parameters and panicked on Bubble Tea's input goroutine, where no
// recover runs, taking the whole server down. The session is closed
// before the parser reads such a sequence, whatever the parser's
// version.
const maxSeparators = 24

// csiScan follows the control sequences of a client's input across
// reads, counting the parameter separators of the one under way, and
// the bytes of a bracketed paste (ESC [ 200 ~ to ESC [ 201 ~).
type csiScan struct {
	state  uint8 // csiGround, csiEscape or csiParams
	seps   int
	param  int  // the sequence's one number so far, -1 when it is no plain number
	paste  bool // inside a bracketed paste
	pasted int  // its bytes so far
}

const (
	csiGround = iota
	csiEscape // after ESC
	csiParams // after ESC [, in the parameters and intermediates
)

// scan reads p on from the reads before it: errBadSequence when p
// brings a control sequence over maxSeparators, errLongPaste when a
// paste grows over maxPaste, else nil.
func (c *csiScan) scan(p []byte) error {
	for _, b := range p {
		if c.paste {
			if c.pasted++; c.pasted > maxPaste {
				return errLongPaste
			}
		}
		switch {
		case b == 0x1b:
			c.state = csiEscape
		case c.state == csiEscape && b == '[':
			c.state, c.seps, c.param = csiParams, 0, 0
		case c.state == csiParams && (b == ';' || b == ':'):
			c.param = -1
			if c.seps++; c.seps > maxSeparators {
				return errBadSequence
			}
		case c.state == csiParams && b >= '0' && b <= '9':
			if c.param >= 0 && c.param < 1000 {
				c.param = c.param*10 + int(b-'0')
			}
		case c.state == csiParams && b >= 0x20 && b <= 0x3f:
			c.param = -1 // prefixes and intermediates
		case c.state == csiParams && b == '~' && (c.param == 200 || c.param == 201):
			c.paste, c.pasted, c.state = c.param == 200, 0, csiGround
		default:
			c.state = csiGround // the final byte, or anything else
		}
	}
	return nil
}

// limitedInput is a session's input as its program reads it: at most
// rate bytes a second with a burst of burst, and no control sequence
// over maxSeparators. A client over either has its session closed (over
// is called once, with errInputFlood or errBadSequence) rather than its
// bytes dropped: dropping part of an escape sequence would turn the
// rest into keys.
type limitedInput struct {
	r      io.Reader
	rate   float64
	burst  float64
	tokens float64
	last   time.Time
	now    func() time.Time
	over   func(error)
	done   bool
	csi    csiScan
}

func newLimitedInput(r io.Reader, cfg *Config, over func(error)) *limitedInput {
	return &limitedInput{r: r, rate: float64(cfg.InputRate), burst: float64(cfg.InputBurst),
		tokens: float64(cfg.InputBurst), last: cfg.Now(), now: cfg.Now, over: over}
}

// Read reads at most a burst at once, and fails with errInputFlood once
// the client has sent more than the rate allows. Bubble Tea reads from
// one goroutine only.
func (l *limitedInput) Read(p []byte) (int, error) {
	if l.done {
		return 0, errInputFlood
	}
	if len(p) > int(l.burst) {
		p = p[:int(l.burst)]
	}
	n, err := l.r.Read(p)
	now := l.now()
	l.tokens = min(l.burst, l.tokens+now.Sub(l.last).Seconds()*l.rate)
	l.last = now
	l.tokens -= float64(n)
	if l.tokens < 0 {
		return l.end(errInputFlood)
	}
	if err := l.csi.scan(p[:n]); err != nil {
		return l.end(err)
	}
	return n, err
}

// end closes the input for why, nothing of the last read passed on.
func (l *limitedInput) end(why error) (int, error) {
	l.done = true
	l.over(why)
	return 0, why
}

// msgBadSequence and msgLongPaste are what a session closed for a
// malformed sequence, or a paste too long, reads.
const (
	msgBadSequence = "klob: your terminal sent a malformed control sequence: the session is closed; a game in progress stays saved"
	msgLongPaste   = "klob: a paste of more than 64 KB: the session is closed; a game in progress stays saved"
)

// msgInputFlood is what a session closed for its input reads.
func msgInputFlood(cfg *Config) string {
	return fmt.Sprintf("klob: too much input (more than %d KB at once, or %d KB a second: a long paste?): the session is closed; a game in progress stays saved",
		cfg.InputBurst>>10, cfg.InputRate>>10)
}

// runProgram runs the session's program in place of wish's Bubble Tea
// middleware: the program reads the bounded input, and every window
// change reaches it clamped (the guard's filter clamps the sizes a
// terminal reports in its input too).
func (s *Server) runProgram(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		p, g := s.program(sess)
		_, windows, ok := sess.Pty()
		if !ok {
			next(sess)
			return
		}
		ctx, cancel := context.WithCancel(sess.Context())
		// Shutdown ends the program with its line (requirePTY writes it
		// once the terminal is restored).
		s.track(g, func() {
			g.end(s.cfg.StopMessage(g.info))
			go p.Quit()
		})
		defer s.untrack(g)
		go func() {
			defer func() {
				if r := recover(); r != nil {
					s.logger.Printf("panic in the window changes of %s: %v\n%s", who(sess), r, debug.Stack())
					p.Quit()
				}
			}()
			for {
				select {
				case <-ctx.Done():
					p.Quit()
					return
				case w, ok := <-windows:
					if !ok {
						// The session's requests ended: wait for the
						// connection's end to quit the program.
						windows = nil
						continue
					}
					// Clamped here too: Bubble Tea drops a size over its own
					// bounds before the filter would see it.
					width, height := s.cfg.clamp(w.Width, w.Height)
					p.Send(tea.WindowSizeMsg{Width: width, Height: height})
				}
			}
		}()
		if _, err := p.Run(); err != nil && !errors.Is(err, errInputFlood) && !errors.Is(err, errBadSequence) && !errors.Is(err, errLongPaste) && !errors.Is(err, tea.ErrProgramKilled) {
			s.logger.Printf("program of %s ended: %v", who(sess), err)
		}
		// Kill restores the terminal if the program is still running.
		p.Kill()
		cancel()
		next(sess)
	}
}
