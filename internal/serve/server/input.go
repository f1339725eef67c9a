package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"time"
	"unicode/utf8"

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
// terminal sends; errLongPaste one whose client sent more in pastes
// than even their dropped bytes may cost.
var (
	errInputFlood  = errors.New("too much input")
	errBadSequence = errors.New("a malformed control sequence")
	errLongPaste   = errors.New("too much pasted")
)

// pasteKeep is the most bytes of one bracketed paste passed on to the
// terminal parser: no screen takes more than a line (a talk line is 200
// characters, at most 4 bytes each). The parser keeps a paste whole
// until its end, so a client dripping a long one under the rate would
// hold the server's memory for as long as it stays. The bytes beyond
// are dropped below the parser, the paste's end still passed on, so the
// paste arrives cut and the session goes on.
const pasteKeep = 4 << 10

// pasteSlack is how far past pasteKeep a paste's bytes are still passed
// on while a control sequence or a character is under way, so that the
// cut falls between two (a sequence longer than that is no key's).
const pasteSlack = 256

// dropFactor is how many times the input's rate and burst the bytes
// dropped from pastes may reach: they cost the server their decryption
// and a scan, never the parser's memory, so a long paste sent at once
// passes (cut), while a client that streams pastes without end is
// still closed.
const dropFactor = 64

// pasteQuiet closes a paste left open: a read that comes after this
// long without input, inside a paste, has the paste's end put before
// its bytes. A terminal that sent the start of a paste and never its
// end (broken, or the paste cut by the network) would otherwise have
// every later key, ctrl+c too, swallowed as pasted text until the idle
// timeout; a paste's bytes come all at once, never a second apart.
const pasteQuiet = time.Second

// pasteEnd ends a bracketed paste.
const pasteEnd = "\x1b[201~"

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
// the bytes of a bracketed paste (ESC [ 200 ~ to ESC [ 201 ~), the
// ones beyond pasteKeep dropped.
type csiScan struct {
	state  uint8 // csiGround, csiEscape or csiParams
	seps   int
	param  int  // the sequence's one number so far, -1 when it is no plain number
	paste  bool // inside a bracketed paste
	pasted int  // its bytes so far
	drop   bool // the paste's bytes are dropped, from pasteKeep on
}

const (
	csiGround = iota
	csiEscape // after ESC
	csiParams // after ESC [, in the parameters and intermediates
)

// filter reads p on from the reads before it and appends to out what
// is passed on: p but for the bytes of a paste beyond pasteKeep, which
// are dropped from the first one that begins a character outside a
// control sequence (or pasteSlack later) to the paste's end, the end
// itself passed on whole. Nothing but a paste's bytes is ever dropped,
// so no sequence is cut with its rest passed on as keys. It returns
// out, the bytes dropped, and errBadSequence when p brings a control
// sequence over maxSeparators that would be passed on.
func (c *csiScan) filter(p, out []byte) ([]byte, int, error) {
	dropped := 0
	for _, b := range p {
		if c.paste && !c.drop {
			c.pasted++
			over := c.pasted - pasteKeep
			c.drop = over > 0 && c.state == csiGround && utf8.RuneStart(b) || over > pasteSlack
		}
		if c.drop {
			dropped++
		} else {
			out = append(out, b)
		}
		switch {
		case b == 0x1b:
			c.state = csiEscape
		case c.state == csiEscape && b == '[':
			c.state, c.seps, c.param = csiParams, 0, 0
		case c.state == csiParams && (b == ';' || b == ':'):
			c.param = -1
			if c.seps++; c.seps > maxSeparators && !c.drop {
				return out, dropped, errBadSequence
			}
		case c.state == csiParams && b >= '0' && b <= '9':
			if c.param >= 0 && c.param < 1000 {
				c.param = c.param*10 + int(b-'0')
			}
		case c.state == csiParams && b >= 0x20 && b <= 0x3f:
			c.param = -1 // prefixes and intermediates
		case c.state == csiParams && b == '~' && c.param == 201:
			c.state = csiGround
			if c.drop {
				out = append(out, pasteEnd...)
			}
			c.paste, c.drop = false, false
		case c.state == csiParams && b == '~' && c.param == 200:
			c.state = csiGround
			if !c.paste { // a start inside a paste is pasted text
				c.paste, c.pasted = true, 0
			}
		default:
			c.state = csiGround // the final byte, or anything else
		}
	}
	return out, dropped, nil
}

// endPaste appends the end of the paste under way to out, if one is.
func (c *csiScan) endPaste(out []byte) []byte {
	if !c.paste {
		return out
	}
	c.paste, c.drop, c.state = false, false, csiGround
	return append(out, pasteEnd...)
}

// limitedInput is a session's input as its program reads it: at most
// rate bytes a second with a burst of burst, and no control sequence
// over maxSeparators; a paste cut to pasteKeep bytes, those dropped
// counted apart, at dropFactor times the rate and burst; a paste left
// open pasteQuiet ended. A client over a bound has its session closed
// (over is called once, with errInputFlood, errBadSequence or
// errLongPaste) rather than its keys dropped: dropping part of an
// escape sequence would turn the rest into keys (a paste's bytes are
// dropped to its end, where nothing is a key).
type limitedInput struct {
	r     io.Reader
	burst float64
	keys  byteBucket // the bytes passed on
	drops byteBucket // the bytes of pastes dropped
	last  time.Time
	now   func() time.Time
	over  func(error)
	why   error // why the input was closed, nil while it is open
	csi   csiScan
	buf   []byte // what is read
	out   []byte // what was read and is not yet returned
	err   error  // the reader's error, returned once out is
}

// byteBucket is a byte budget: tokens, refilled at rate a second up to
// burst.
type byteBucket struct{ tokens, rate, burst float64 }

// take refills the bucket for d and takes n from it; it reports false
// once the bucket is below zero.
func (b *byteBucket) take(d time.Duration, n int) bool {
	b.tokens = min(b.burst, b.tokens+d.Seconds()*b.rate) - float64(n)
	return b.tokens >= 0
}

func newLimitedInput(r io.Reader, cfg *Config, over func(error)) *limitedInput {
	rate, burst := float64(cfg.InputRate), float64(cfg.InputBurst)
	return &limitedInput{r: r, burst: burst,
		keys:  byteBucket{tokens: burst, rate: rate, burst: burst},
		drops: byteBucket{tokens: dropFactor * burst, rate: dropFactor * rate, burst: dropFactor * burst},
		last:  cfg.Now(), now: cfg.Now, over: over}
}

// Read reads at most a burst at once, and fails with errInputFlood once
// the client has sent more than the rate allows (errLongPaste: more
// pasted than may be dropped). Bubble Tea reads from one goroutine
// only.
func (l *limitedInput) Read(p []byte) (int, error) {
	if len(l.out) == 0 && l.err == nil && l.why == nil {
		l.fill()
	}
	if len(l.out) > 0 {
		n := copy(p, l.out)
		l.out = l.out[n:]
		return n, nil
	}
	if l.why != nil {
		return 0, l.why
	}
	err := l.err
	l.err = nil
	return 0, err
}

// fill reads once from the client into l.out: the bytes passed on, a
// paste left open ended before them.
func (l *limitedInput) fill() {
	if l.buf == nil {
		l.buf = make([]byte, int(l.burst))
	}
	n, err := l.r.Read(l.buf)
	now := l.now()
	quiet := now.Sub(l.last)
	l.last = now
	out := l.out[:0]
	if n > 0 && quiet >= pasteQuiet {
		out = l.csi.endPaste(out)
	}
	out, dropped, bad := l.csi.filter(l.buf[:n], out)
	switch {
	case !l.keys.take(quiet, len(out)):
		l.end(errInputFlood)
	case !l.drops.take(quiet, dropped):
		l.end(errLongPaste)
	case bad != nil:
		l.end(bad)
	default:
		l.out, l.err = out, err
	}
}

// end closes the input for why, nothing of the last read passed on.
func (l *limitedInput) end(why error) {
	l.why, l.out = why, nil
	l.over(why)
}

// msgBadSequence is what a session closed for a malformed sequence
// reads.
const msgBadSequence = "klob: your terminal sent a malformed control sequence: the session is closed; a game in progress stays saved"

// msgLongPaste is what a session closed for its pastes reads: more
// than the bytes dropped from them may cost.
func msgLongPaste(cfg *Config) string {
	return fmt.Sprintf("klob: too much pasted (more than %d KB at once, or %d KB a second): the session is closed; a game in progress stays saved",
		dropFactor*cfg.InputBurst>>10, dropFactor*cfg.InputRate>>10)
}

// msgInputFlood is what a session closed for its input reads.
func msgInputFlood(cfg *Config) string {
	return fmt.Sprintf("klob: too much input (more than %d KB at once, or %d KB a second: a long paste?): the session is closed; a game in progress stays saved",
		cfg.InputBurst>>10, cfg.InputRate>>10)
}

// runProgram runs the session's program in place of wish's Bubble Tea
// middleware: the program takes the bounded input's events, and every
// window change reaches it clamped (the guard's filter clamps the sizes
// a terminal reports in its input too, and lets one through every
// resizeEvery at most).
func (s *Server) runProgram(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		p, g, input, term := s.program(sess)
		_, windows, ok := sess.Pty()
		if !ok {
			next(sess)
			return
		}
		ctx, cancel := context.WithCancel(sess.Context())
		go forwardInput(ctx, p, input, term)
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
					// A ptySizeMsg, not a tea.WindowSizeMsg: the filter tells
					// these, which come in order, from the startup size Run
					// sends on a goroutine, which may come after them. The
					// filter clamps it (Bubble Tea's own bound, which drops
					// a WindowSizeMsg too large, does not see this type).
					p.Send(ptySizeMsg{Width: w.Width, Height: w.Height})
				}
			}
		}()
		// While the program runs, the connection has a terminal: no new
		// connection takes its place (limitListener.withoutTerminal).
		if st := stateOf(sess.Context()); st != nil {
			st.terminals.Add(1)
			defer st.terminals.Add(-1)
		}
		// Input over its bounds quits the program (forwardInput): no error.
		if _, err := p.Run(); err != nil && !errors.Is(err, tea.ErrProgramKilled) {
			s.logger.Printf("program of %s ended: %v", who(sess), err)
		}
		// Kill restores the terminal if the program is still running.
		p.Kill()
		cancel()
		next(sess)
	}
}
