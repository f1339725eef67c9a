package table

import (
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// danLeaves seats the person at a shared table of n on the test's
// clock, with a second person, dan, in seat B and a grace of two
// minutes, and has dan leave: it returns once his seat is away.
func danLeaves(t *testing.T, n int) (*fixture, *clocktest.Manual, rules.Seat) {
	t.Helper()
	clock := clocktest.New(t0)
	dan := rules.Seat(1)
	f := newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, c *Config) {
		hc.Clock, hc.Grace = clock, 2*time.Minute
		hc.Players[dan] = host.Player{Name: "dan", Human: true}
		c.Shared, c.Tag, c.Now = true, "table ABCD", clock.Now
	})
	f.clock = clock
	p, err := f.h.Seat(dan)
	if err != nil {
		t.Fatal(err)
	}
	p.Leave()
	kittest.WaitRest(t, f.port, func(s host.Snapshot) bool { return s.Players[dan].State == host.SeatAway }, guard)
	return f, clock, dan
}

// TestResultSaysWhoIsAway: at every seat count, when the other person
// (dan) drops on a deal's result screen, the person's result screen
// says so with the seconds left of his grace, as the seats say it in a
// deal, counting down by itself, and that the next deal does not wait
// for him; and it does not: enter deals it at once. The clock is the
// test's.
func TestResultSaysWhoIsAway(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f, clock, dan := danLeaves(t, n)
		clock.Advance(2 * time.Minute)
		kittest.WaitRest(t, f.port, func(s host.Snapshot) bool { return s.Players[dan].State == host.SeatTakeover }, guard)
		f.until("the result", func(s host.Snapshot) bool { return s.Between && !s.Over }, true)
		if text := kittest.Flat(f.text()); !strings.Contains(text, "dan is away: a bot plays the seat until they are back.") {
			t.Fatalf("%d players: a bot plays dan's seat, the result does not say so:\n%s", n, f.text())
		}
		if f.s.dropTick() != nil {
			t.Fatalf("%d players: a tick asked for with no countdown running", n)
		}
		// Back on the result screen, then gone again: his grace runs.
		p, err := f.h.Seat(dan)
		if err != nil {
			t.Fatal(err)
		}
		kittest.WaitRest(t, f.port, func(s host.Snapshot) bool { return s.Players[dan].State == host.SeatHere }, guard)
		p.Leave()
		kittest.WaitRest(t, f.port, func(s host.Snapshot) bool { return s.Players[dan].State == host.SeatAway }, guard)
		clock.Advance(20 * time.Second)
		f.refresh()
		text := kittest.Flat(f.text())
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
		if want := "dan is away: a bot plays the seat in 1m40s; the next deal does not wait."; !strings.Contains(text, want) {
			t.Fatalf("%d players: dan away, the result does not say %q:\n%s", n, want, f.text())
		}
		// The countdown goes on by itself: the screen asks for its tick,
		// as Update does, and draws the seconds left when it comes.
		if f.s.dropTick() == nil {
			t.Fatalf("%d players: no tick asked for while dan's countdown shows", n)
		}
		clock.Advance(10 * time.Second)
		f.hs.Deliver(dropTickMsg{f.s, f.s.dropN})
		if text := kittest.Flat(f.text()); !strings.Contains(text, "a bot plays the seat in 1m30s") {
			t.Fatalf("%d players: 10 s later, the countdown did not go on:\n%s", n, f.text())
		}
		if !strings.Contains(text, "Press enter for the next deal") {
			t.Fatalf("%d players: the result does not ask for enter:\n%s", n, f.text())
		}
		no := f.snap().DealNo
		// The deal may wait for dan's seat at once: no rest to wait for.
		f.hs.After = nil
		f.hs.Press("enter")
		s := kittest.WaitRest(t, f.port, func(s host.Snapshot) bool { return !s.Between }, guard)
		if s.Between || s.DealNo != no+1 {
			t.Fatalf("%d players: enter with dan away: between %v, deal %d (was %d)", n, s.Between, s.DealNo, no)
		}
	})
}

// TestAwaySeatCountsDownInDeal: at every seat count, when the other
// person (dan) drops during a deal, his seat's "away, waits" counts
// down by itself: the screen asks for its tick, as Update does, and
// draws the seconds left when it comes, with no word from the game.
// The clock is the test's.
func TestAwaySeatCountsDownInDeal(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f, clock, _ := danLeaves(t, n)
		f.refresh()
		if s := f.snap(); s.Between || s.Over {
			t.Fatalf("%d players: not in a deal", n)
		}
		if text := kittest.Flat(f.text()); !strings.Contains(text, "waits 2m0s") {
			t.Fatalf("%d players: dan's seat does not say his grace:\n%s", n, f.text())
		}
		if f.s.dropTick() == nil {
			t.Fatalf("%d players: no tick asked for while dan's seat counts down", n)
		}
		clock.Advance(10 * time.Second)
		f.hs.Deliver(dropTickMsg{f.s, f.s.dropN})
		if text := kittest.Flat(f.text()); !strings.Contains(text, "waits 1m50s") {
			t.Fatalf("%d players: 10 s later, dan's seat did not count down:\n%s", n, f.text())
		}
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
	})
}
