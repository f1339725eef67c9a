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
// comes late is dropped. At most one tick waits at a time: asking for
// another, or stop, ends the wait of the one before (its goroutine and
// its timer), so the screen's messages (a spectator's keys) cannot pile
// up waiting ticks.
type countdown struct {
	l       *Lobby
	gone    chan struct{} // closed when the screen leaves the table
	n       int           // the newest tick's number
	pending bool          // a tick is on its way
	at      time.Time     // when it is due, on the lobby's clock
	cancel  chan struct{} // closed to end the newest tick's wait
	unset   func() bool   // stops the newest tick's timer
}

// countdownSlack is how much later than the countdowns need a tick on
// its way may come and still be kept: a redraw that late still shows
// the right second, and a tick asked for again for a nanosecond's
// difference would start a goroutine and a timer on every message.
const countdownSlack = 100 * time.Millisecond

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
	at := now.Add(max(time.Second, wait))
	if c.pending && now.Sub(c.at) < time.Second && !c.at.After(at.Add(countdownSlack)) {
		return nil
	}
	return c.tick(now, at)
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
	c.drop()
}

// drop ends the wait of the newest tick asked for, if any.
func (c *countdown) drop() {
	if c.cancel != nil {
		c.unset()
		close(c.cancel)
		c.cancel, c.unset = nil, nil
	}
}

// tick asks for the next tick at at, on the lobby's clock (now being
// its time); its wait ends with the screen, with the connection, or
// when another tick is asked for. A connection that hangs up leaves
// its screen at the table (nothing runs its Update any more), so
// without the connection's end the wait, which holds the whole
// lobby, would last until the move clock's last seconds.
func (c *countdown) tick(now, at time.Time) tea.Cmd {
	c.drop()
	c.n++
	c.pending, c.at = true, at
	msg := countdownMsg{c: c, n: c.n}
	due, cancel := make(chan struct{}), make(chan struct{})
	c.cancel = cancel
	stop := c.l.clock().AfterFunc(at.Sub(now), func() { close(due) })
	c.unset = stop
	gone := c.gone
	var hungUp <-chan struct{} // nil (never) for a lobby built bare
	if c.l.conn != nil {
		hungUp = c.l.conn.Done()
	}
	return func() tea.Msg {
		select {
		case <-due:
			return msg
		case <-gone:
			stop()
		case <-hungUp:
			stop()
		case <-cancel:
		}
		return nil
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
