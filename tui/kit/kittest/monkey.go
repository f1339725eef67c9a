package kittest

import (
	"math/rand/v2"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// Monkey draws the random events of a monkey test (windows, clicks,
// keys) from R, so a run is the same from its seed.
type Monkey struct {
	R    *rand.Rand
	W, H int // the window now: 80×24 at the start
	// MaxW, MaxH are the largest window Resize draws.
	MaxW, MaxH int
}

// NewMonkey is a monkey drawing from r in an 80×24 window that Resize
// grows up to maxW×maxH.
func NewMonkey(r *rand.Rand, maxW, maxH int) *Monkey {
	return &Monkey{R: r, W: 80, H: 24, MaxW: maxW, MaxH: maxH}
}

// MonkeyEvents is how many events a monkey test sends: full, or short
// under -short.
func MonkeyEvents(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}

// Resize draws a new window and returns it as a message: a third of
// the time any size down to 1×1, else at least 80×24.
func (m *Monkey) Resize() tea.WindowSizeMsg {
	if m.R.IntN(3) == 0 {
		m.W, m.H = 1+m.R.IntN(m.MaxW), 1+m.R.IntN(m.MaxH)
	} else {
		m.W, m.H = 80+m.R.IntN(m.MaxW-79), 24+m.R.IntN(m.MaxH-23)
	}
	return tea.WindowSizeMsg{Width: m.W, Height: m.H}
}

// Click is a click of button b anywhere in the window or just past its
// edges.
func (m *Monkey) Click(b tea.MouseButton) tea.MouseClickMsg {
	return tea.MouseClickMsg{X: m.R.IntN(m.W + 2), Y: m.R.IntN(m.H + 2), Button: b}
}

// Seen fails tb unless frame fills the window exactly, and returns its
// text without styles for the test's own checks.
func (m *Monkey) Seen(tb testing.TB, frame string) string {
	tb.Helper()
	CheckSize(tb, frame, m.W, m.H)
	return ansi.Strip(frame)
}

// Digit is one of the keys 1 to 9.
func (m *Monkey) Digit() tea.KeyPressMsg { return Key(string(rune('1' + m.R.IntN(9)))) }

// AnyKey is one of MonkeyKeys.
func (m *Monkey) AnyKey() tea.KeyPressMsg { return Key(MonkeyKeys[m.R.IntN(len(MonkeyKeys))]) }

// MonkeyKeys are the keys a monkey test presses: every key the screens
// use and many they do not.
var MonkeyKeys = func() []string {
	ks := []string{"enter", "space", "left", "right", "up", "down", "esc", "backspace", "tab", "home", "end", "pgdown",
		"?", "!", "-", "é", "♥", "H"}
	for c := 'a'; c <= 'z'; c++ {
		ks = append(ks, string(c))
	}
	for c := '0'; c <= '9'; c++ {
		ks = append(ks, string(c))
	}
	return ks
}()
