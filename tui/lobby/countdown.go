package lobby

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/host"
	tablescreen "github.com/klob/klob/tui/table"
)

// countdown redraws a screen between the game's updates while a
// countdown shows on it: each second for a dropped seat's (at the
// table, or in the waiting room before the start), and for a move
// clock's last seconds (tablescreen.ClockShown). Seats and spectators
// have one each. Only the newest tick asked for goes on: one that went
// astray (the screen handed over, to the game's replay, when it came)
// cannot leave the chain stopped for good, since a tick overdue is
// asked for again at the screen's next message, and an older one that
// comes late is dropped.
type countdown struct {
	l       *Lobby
	gone    chan struct{} // closed when the screen leaves the table
	n       int           // the newest tick's number
	pending bool          // a tick is on its way
	at      time.Time     // when it is due, on the lobby's clock
}

// redraw is the time from now to the next redraw a screen needs for
// its countdowns, negative while none shows.
type redraw func(now time.Time) time.Duration

// countdownMsg is the tick numbered n of countdown c.
type countdownMsg struct {
	c *countdown
	n int
}

// start asks for a tick when a countdown shows (next is not negative)
// and no tick is on its way, or the one asked for is overdue (lost), or
// later than the countdowns now need (a seat dropped while a move clock
// waited); none once the screen left the table.
func (c *countdown) start(next redraw) tea.Cmd {
	select {
	case <-c.gone:
		return nil
	default:
	}
	now := c.l.clock().Now()
	wait := next(now)
	if wait < 0 {
		return nil
	}
	if c.pending && now.Sub(c.at) < time.Second && !c.at.After(now.Add(max(time.Second, wait))) {
		return nil
	}
	return c.tick(wait)
}

// take is a tick of the screen: the next is asked for while a
// countdown still shows. Another countdown's tick, or one stopped or
// replaced, does nothing.
func (c *countdown) take(msg countdownMsg, next redraw) tea.Cmd {
	if msg.c != c || msg.n != c.n {
		return nil
	}
	c.pending = false
	return c.start(next)
}

// stop lets the tick on its way fall: the screen hands over to another
// (the game's replay), which would drop it, and starts the countdown
// again when it comes back.
func (c *countdown) stop() {
	c.n++
	c.pending = false
}

// tick asks for the next tick on the lobby's clock, at least a second
// away; its wait ends with the screen.
func (c *countdown) tick(wait time.Duration) tea.Cmd {
	c.n++
	wait = max(time.Second, wait)
	c.pending, c.at = true, c.l.clock().Now().Add(wait)
	msg := countdownMsg{c: c, n: c.n}
	due := make(chan struct{})
	c.l.clock().AfterFunc(wait, func() { close(due) })
	gone := c.gone
	return func() tea.Msg {
		select {
		case <-due:
			return msg
		case <-gone:
			return nil
		}
	}
}

// tableRedraw is the redraw of table screen t (none while t is nil): a
// second while a dropped seat's countdown or a move clock's last
// seconds show; until a move clock's last seconds begin otherwise (a
// clock with more time reads "on the clock", which needs no redraw).
func tableRedraw(t *tablescreen.Screen) redraw {
	return func(now time.Time) time.Duration {
		wait := time.Duration(-1)
		if t == nil {
			return wait
		}
		for _, p := range t.Snapshot().Players {
			d := time.Second
			if p.State != host.SeatAway {
				if p.Due.IsZero() {
					continue
				}
				if left := p.Due.Sub(now); left > tablescreen.ClockShown+time.Second {
					d = left - tablescreen.ClockShown
				}
			}
			if wait < 0 || d < wait {
				wait = d
			}
		}
		return wait
	}
}
