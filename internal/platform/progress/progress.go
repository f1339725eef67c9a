package progress

import (
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// DefaultEvery is how often a plain (non-terminal) progress line is
// written at most.
const DefaultEvery = 5 * time.Second

// Line is one progress line on w. Its methods are safe for concurrent use.
type Line struct {
	mu    sync.Mutex
	w     io.Writer
	tty   bool
	every time.Duration
	now   func() time.Time
	last  time.Time
	wrote bool
	width int // length of the last line rewritten in place
}

// New returns the progress line of w: rewritten in place when w is a
// terminal, plain lines at most every DefaultEvery otherwise.
func New(w io.Writer) *Line { return NewFor(w, IsTerminal(w), DefaultEvery, time.Now) }

// NewFor returns a progress line on w that is rewritten in place when tty
// is true, and otherwise written as a plain line at most once per every,
// reading the time from now (for tests).
func NewFor(w io.Writer, tty bool, every time.Duration, now func() time.Time) *Line {
	if now == nil {
		now = time.Now
	}
	return &Line{w: w, tty: tty, every: every, now: now}
}

// Update shows s as the current progress.
func (l *Line) Update(s string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.tty {
		l.rewrite(s, "")
		return
	}
	t := l.now()
	if l.wrote && t.Sub(l.last) < l.every {
		return
	}
	l.last, l.wrote = t, true
	io.WriteString(l.w, s+"\n")
}

// Done writes s as the final state and ends the line.
func (l *Line) Done(s string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.tty {
		l.rewrite(s, "\n")
		l.width = 0
		return
	}
	io.WriteString(l.w, s+"\n")
}

// Break ends a line rewritten in place, so that an error message that
// follows starts on a line of its own. It writes nothing elsewhere.
func (l *Line) Break() {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.tty && l.width > 0 {
		io.WriteString(l.w, "\n")
		l.width = 0
	}
}

// rewrite writes s over the last line, blanking what is left of a longer
// one.
func (l *Line) rewrite(s, end string) {
	pad := ""
	if n := len([]rune(s)); n < l.width {
		pad = strings.Repeat(" ", l.width-n)
	}
	io.WriteString(l.w, "\r"+s+pad+end)
	l.width = len([]rune(s))
}

// IsTerminal reports whether w is a character device (a terminal).
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
