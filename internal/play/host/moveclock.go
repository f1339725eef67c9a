package host

import (
	"errors"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/platform/seedmix"
	"github.com/klob/klob/rules"
)

// idleAfter is how many run-outs of the move clock in a row make a
// person's seat idle: the bot then makes each of its decisions at once,
// until the person acts or says they are here (Port.Here).
const idleAfter = 2

// clockKey is what a seat's move clock runs for: a decision of the
// position gen, or the Ready between deals (between).
type clockKey struct {
	gen     int
	between bool
}

// standIn is the bot that decides for a person: on the move clock, and
// for good once they did not come back (graceOver). One per seat, made
// once, seeded from the game's seed and the seat.
func (st *state) standIn(s rules.Seat) (ai.Bot, error) {
	sd := st.seats[s]
	if sd.stand == nil {
		b, err := st.cfg.NewBot(st.cfg.TakeoverLevel, ai.Config{Seed: seedmix.Mix(st.sess.Seed(), 0x7461_6b65+uint64(s))})
		if err == nil && b == nil {
			err = errors.New("no bot")
		}
		if err != nil {
			return nil, err
		}
		sd.stand = b
	}
	return sd.stand, nil
}

// idle reports whether the move clock ran out on the seat's person
// idleAfter times in a row: the bot decides for them until they stir.
func (sd *seat) idle() bool { return sd.timeouts >= idleAfter }

// othersHere reports whether a person other than s's sits at the game,
// connected and not idle: only then is s hurried by the move clock (a
// person alone with bots, or with people who went idle, waits for
// nobody).
func (st *state) othersHere(s rules.Seat) bool {
	for i, sd := range st.seats {
		if rules.Seat(i) != s && sd.port != nil && sd.player.Human && !sd.idle() {
			return true
		}
	}
	return false
}

// botDecides reports whether the bot makes the person's decision at
// seat s now: the clock ran out on this very decision, or the person
// went idle while others play on.
func (st *state) botDecides(s rules.Seat) bool {
	sd := st.seats[s]
	if !st.person(s) || st.sess.Claimed(s) {
		return false
	}
	return sd.botGen == st.gen() || (sd.port != nil && st.idleReady(s))
}

// idleReady reports whether a person here counts as ready for the next
// deal because they went idle while others play on.
func (st *state) idleReady(s rules.Seat) bool {
	sd := st.seats[s]
	return st.cfg.MoveClock > 0 && sd.idle() && st.othersHere(s)
}

// clockFor says whether seat s's move clock should run now, and for
// what: a person connected who plays their own seat, not idle, with
// another person at the game, whose decision (not one the bot already
// makes, not while their claim is checked) or Ready between deals the
// game waits for.
func (st *state) clockFor(s rules.Seat) (clockKey, bool) {
	sd := st.seats[s]
	if st.cfg.MoveClock <= 0 || st.closed || st.sess.Over() || sd.port == nil || !st.person(s) || sd.idle() || !st.othersHere(s) {
		return clockKey{}, false
	}
	gen := st.gen()
	if g := st.sess.Game(); g.NeedDeal() {
		if st.fresh || sd.ready {
			return clockKey{}, false
		}
		return clockKey{gen, true}, true
	}
	if !st.canAct(s) || sd.botGen == gen || (sd.claim != nil && sd.claim.state.Pending) {
		return clockKey{}, false
	}
	return clockKey{gen, false}, true
}

// clocks sets every seat's move clock for the game as it now stands:
// one still running for the same decision runs on; one whose decision
// was made, taken back or is no longer waited for stops; a decision
// newly waited for gets a fresh clock, but one its person left and
// came back to only what was left of its clock. The loop calls it
// after every event.
func (st *state) clocks() {
	for i, sd := range st.seats {
		s := rules.Seat(i)
		key, on := st.clockFor(s)
		if on && sd.clockStop != nil && sd.clockKey == key {
			continue
		}
		now := st.h.clock.Now()
		if sd.clockStop != nil {
			if !on && sd.port == nil {
				// The person went away mid-decision: the clock stands
				// (their grace runs) and goes on from where it stood
				// when they come back, so a drop never buys a new clock.
				sd.heldKey, sd.held, sd.holding = sd.clockKey, max(sd.due.Sub(now), 0), true
			}
			st.stopClock(s)
		}
		if !on {
			continue
		}
		d := st.cfg.MoveClock
		if sd.holding && sd.heldKey == key {
			d = sd.held
		}
		sd.holding = false
		sd.clockKey, sd.due = key, now.Add(d)
		sd.clockTok++
		tok := sd.clockTok
		sd.clockStop = st.h.after(d, func() { st.clockOut(s, tok) })
		st.dirty = true
	}
}

func (st *state) stopClock(s rules.Seat) {
	sd := st.seats[s]
	if sd.clockStop != nil {
		sd.clockStop()
		sd.clockStop = nil
		st.dirty = true
	}
	sd.clockTok++
	sd.due = time.Time{}
}

// clockOut is the end of a seat's move clock: between deals the person
// is marked ready; at a decision the bot makes it (moveOn asks it,
// botDecides), recorded as a takeover's move.
func (st *state) clockOut(s rules.Seat, tok int) {
	sd := st.seats[s]
	if st.closed || sd.clockTok != tok {
		return
	}
	sd.clockStop, sd.due = nil, time.Time{}
	st.dirty = true
	if sd.clockKey.between {
		sd.timeouts++
		sd.ready = true
		st.h.logf("the move clock ran out for %s at seat %s: marked ready", st.who(s), s)
		return
	}
	sd.botGen = sd.clockKey.gen
	// A decision with one answer (Game.AskAll) counts like any other:
	// the others see the seat go idle, and that must not tell them
	// which of its decisions had a choice.
	sd.timeouts++
	if _, one := st.sess.Only(s); one {
		st.h.logf("the move clock ran out for %s at seat %s: the bot gives the one answer", st.who(s), s)
		return
	}
	st.h.logf("the move clock ran out for %s at seat %s: the bot decides", st.who(s), s)
}

// stir notes that the person at seat s did something (any call of
// theirs): the run-outs in a row start again from none, an idle seat
// has its person back, and the line about the bot's last decision for
// them goes.
func (st *state) stir(s rules.Seat) {
	sd := st.seats[s]
	if sd.idle() && sd.botGen != st.gen() {
		if b := st.bot; b != nil && b.th.Seat == s && !sd.takeover {
			// The bot was asked only because the seat was idle.
			st.cancelBot()
		}
	}
	if sd.timeouts != 0 || sd.clocked != nil {
		sd.timeouts, sd.clocked, st.dirty = 0, nil, true
	}
}
