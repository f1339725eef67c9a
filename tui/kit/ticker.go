package kit

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// Ticker numbers a screen's refresh ticks so that only the newest one
// goes on: ticking again, or Stop, leaves the ticks already under way to
// fall when they come, so a screen left and entered again never runs two
// clocks.
type Ticker struct{ n int }

// TickMsg is a Ticker's tick for the screen To.
type TickMsg struct {
	To any
	n  int
}

// Tick asks for a TickMsg to to after d; there is none when d is
// negative.
func (t *Ticker) Tick(to any, d time.Duration) tea.Cmd {
	t.n++
	if d < 0 {
		return nil
	}
	n := t.n
	return tea.Tick(d, func(time.Time) tea.Msg { return TickMsg{To: to, n: n} })
}

// Due reports whether msg is the newest tick asked for to.
func (t *Ticker) Due(msg TickMsg, to any) bool { return msg.To == to && msg.n == t.n }

// Stop lets the ticks under way fall.
func (t *Ticker) Stop() { t.n++ }
