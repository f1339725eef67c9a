package table

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// clockAt puts the move clock on the snapshot the screen shows: seat's
// person due left from now (the screen's clock), the seat a person's.
func clockAt(f *fixture, now time.Time, seat rules.Seat, left time.Duration) {
	p := &f.s.snap.Players[seat]
	p.Human, p.State, p.Due = true, host.SeatHere, now.Add(left)
	if seat != f.s.snap.Seat {
		p.Name = "ann"
	}
}

// readsWhole reports whether text holds the tag's phrases on one line,
// or broken between them on two lines in a row.
func readsWhole(text string, phrases ...string) bool {
	lines := strings.Split(text, "\n")
	whole := strings.Join(phrases, " ")
	for r, l := range lines {
		if strings.Contains(l, whole) || r+1 < len(lines) && strings.Contains(l, phrases[0]) && strings.Contains(lines[r+1], phrases[1]) {
			return true
		}
	}
	return false
}

// TestMoveClockShows: at every seat count at 80×24, the person to act
// reads when a bot plays for them once 30 s are left, and that it is
// choosing when the time is up; afterwards what it played, and that it
// plays on while they are idle; the others read the seat on the clock,
// then its seconds, beside the seat and in the waiting line. Nothing
// overflows the window.
func TestMoveClockShows(t *testing.T) {
	now := t0 // the tests' clock
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		f.s.cfg.Now = func() time.Time { return now }
		name := func(what string) string { return fmt.Sprintf("clock%d-80x24-%s", n, what) }
		check := func(what string, want ...string) string {
			t.Helper()
			text := f.text()
			kittest.CheckSize(t, f.hs.Frame(), 80, 24)
			for _, w := range want {
				if !strings.Contains(kittest.Flat(text), w) {
					t.Errorf("%s: %q is not on the screen:\n%s", what, w, text)
				}
			}
			return text
		}
		f.until("a bid", func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhaseBid1 }, false)
		me := f.s.snap.Seat
		clockAt(f, now, me, 90*time.Second)
		if text := check("a minute and a half left"); strings.Contains(text, "bot plays for you") {
			t.Errorf("the clock shows with 90 s left:\n%s", text)
		}
		clockAt(f, now, me, 19500*time.Millisecond)
		kittest.Golden(t, name("1-turn"), check("20 s left", "A bot plays for you in 20s."))
		f.s.snap.Thinking = me
		check("time up", "Your time is up: a bot is choosing for you…")
		f.s.snap.Thinking = rules.NoSeat

		f.until("a card", myCard, true)
		clockAt(f, now, me, 5*time.Second)
		check("a card, 5 s left", "A bot plays for you in 5s.")
		card := kit.LegalCards(&f.s.snap.View).Cards()[0]
		f.s.snap.Clocked = &host.Move{Seat: me, Action: rules.PlayAction(card), By: host.ByTakeover, TrickTo: rules.NoSeat}
		f.s.snap.ClockedRanOut = true
		f.s.snap.Players[me].Idle, f.s.snap.Players[me].Due = true, time.Time{}
		kittest.Golden(t, name("2-played"), check("played for", "Your time ran out: your bot played",
			"A bot plays for you until you press a key."))
		// The next card, played at once for the idle seat: no clock ran
		// out on it.
		f.s.snap.ClockedRanOut = false
		if text := check("played at once for the idle seat", "Your bot played", "A bot plays for you until you press a key."); strings.Contains(text, "time ran out") {
			t.Errorf("a move made at once for an idle seat says the time ran out:\n%s", text)
		}
		f.s.snap.ClockedRanOut = true
		// Idle, the bot choosing again: its time did not run out on this
		// decision, so nothing says so; the note reads whole.
		f.s.snap.Thinking = me
		if text := check("idle, the bot choosing", "A bot plays for you until you press a key."); strings.Contains(text, "Your time is up") {
			t.Errorf("idle: the screen says the time is up on a decision the bot makes at once:\n%s", text)
		}
		f.s.snap.Thinking = rules.NoSeat
		f.s.snap.Clocked = &host.Move{Seat: me, Action: rules.PassAction(), By: host.ByTakeover, TrickTo: rules.NoSeat}
		check("a bid played for", "Your time ran out: your bot said pass.")
		f.s.snap.Clocked, f.s.snap.Players[me].Idle = nil, false

		// Another person's turn.
		other := (me + 1) % rules.Seat(n)
		f.s.snap.Can.Act, f.s.snap.View.Turn = false, other
		clockAt(f, now, other, 100*time.Second)
		if text := check("ann on the clock", "Waiting for ann…"); !readsWhole(text, "on the", "clock") {
			t.Errorf("ann's seat does not read on the clock:\n%s", text)
		}
		clockAt(f, now, other, 12*time.Second)
		text := check("ann's last seconds", "Waiting for ann… a bot plays for them in 12s.")
		if !readsWhole(text, "a bot plays", "in 12s") {
			t.Errorf("ann's seat does not read its seconds:\n%s", text)
		}
		kittest.Golden(t, name("3-other"), text)
		f.s.snap.Players[other].Due, f.s.snap.Players[other].Idle = time.Time{}, true
		if text := check("ann idle"); !readsWhole(text, "idle:", "a bot plays") {
			t.Errorf("ann's idle seat:\n%s", text)
		}
		// Every other seat on the clock, the partner's at the top of four
		// too: each reads whole.
		for _, tag := range [][]string{{"a bot plays", "in 12s"}, {"on the", "clock"}, {"idle:", "a bot plays"}} {
			for i := range f.s.snap.Players {
				if s := rules.Seat(i); s != me {
					left := 12 * time.Second
					if tag[1] == "clock" {
						left = time.Minute
					}
					clockAt(f, now, s, left)
					f.s.snap.Players[s].Idle = tag[0] == "idle:"
				}
			}
			text := check("every seat: " + tag[0])
			lines := strings.Split(text, "\n")
			read := 0
			for r, l := range lines {
				read += strings.Count(l, strings.Join(tag, " "))
				if r+1 < len(lines) && !strings.Contains(l, strings.Join(tag, " ")) {
					read += min(strings.Count(l, tag[0]), strings.Count(lines[r+1], tag[1]))
				}
			}
			if read < n-1 {
				t.Errorf("%q reads whole at %d seats, not %d:\n%s", strings.Join(tag, " "), read, n-1, text)
			}
		}
	})
}

// TestMoveClockBetweenDeals: between deals the person reads when they
// are marked ready, and the others how long the next deal waits at most.
func TestMoveClockBetweenDeals(t *testing.T) {
	now := t0 // the tests' clock
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		f.s.cfg.Now = func() time.Time { return now }
		f.until("the result", func(s host.Snapshot) bool { return s.Between }, true)
		me := f.s.snap.Seat
		clockAt(f, now, me, 20*time.Second)
		if text := f.text(); !strings.Contains(kittest.Flat(text), "Press enter for the next deal (marked ready in 20s).") {
			t.Errorf("the person's clock between deals:\n%s", text)
		}
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
		f.s.snap.Players[me].Idle = true
		if text := f.text(); !strings.Contains(kittest.Flat(text), "till you press a key, a bot plays for you.") {
			t.Errorf("the idle person between deals:\n%s", text)
		}
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
		f.s.snap.Players[me].Idle = false
		other := (me + 1) % rules.Seat(n)
		f.s.snap.Can.Ready, f.s.snap.Players[me].Due, f.s.snap.Players[me].Ready = false, time.Time{}, true
		clockAt(f, now, other, 7*time.Second)
		f.s.snap.Players[other].Ready = false
		text := f.text()
		if !strings.Contains(kittest.Flat(text), "Waiting for ann to go on (at most 7s).") {
			t.Errorf("the others' clock between deals:\n%s", text)
		}
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
		kittest.Golden(t, fmt.Sprintf("clock%d-80x24-4-between", n), text)
	})
}

// herePort counts the person's Here calls.
type herePort struct {
	host.Port
	here int
}

func (p *herePort) Here() error { p.here++; return p.Port.Here() }

// TestIdleKeyIsHere: any key an idle person presses tells the host they
// are here; a person not idle sends nothing more.
func TestIdleKeyIsHere(t *testing.T) {
	f := newFixture(t, 2, seeds[2], 80, 24)
	f.until("a bid", func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhaseBid1 }, false)
	p := &herePort{Port: f.s.port}
	f.s.port = p
	f.s.snap.Players[f.s.snap.Seat].Idle = true
	f.s.Update(&f.hs.Ctx, kittest.Key("v"))
	if p.here != 1 {
		t.Fatalf("an idle person's key: %d Here calls", p.here)
	}
	f.s.snap.Players[f.s.snap.Seat].Idle = false
	f.s.Update(&f.hs.Ctx, kittest.Key("v"))
	if p.here != 1 {
		t.Fatalf("a person not idle: %d Here calls", p.here)
	}
}
