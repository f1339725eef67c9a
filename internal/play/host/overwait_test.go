package host

import (
	"errors"
	"testing"
	"time"

	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/memstore"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// atTheEnd plays a game of n seats to its end, people in seats A, B
// (and C at three and four), a bot taking a seat again (Config.AgainBot):
// the host, its clock and the people's ports.
func atTheEnd(t *testing.T, n int, seed uint64) (*Host, *clocktest.Manual, []Port) {
	t.Helper()
	people := []rules.Seat{0, 1}
	if n > 2 {
		people = append(people, 2)
	}
	clock := clocktest.New(t0)
	cfg := config(n, seed, &memstore.Store{}, clock, people...)
	cfg.NewSeed, cfg.AgainBot = sameSeed(seed*101), againBot
	h := newHost(t, cfg)
	var ports []Port
	for _, s := range people {
		ports = append(ports, sit(t, h, s))
	}
	playAll(t, 7, ports...)
	settle(t, h)
	return h, clock, ports
}

// TestLeftAtTheEndKeepsTheSeat: at every seat count, bob leaves the
// game's end (a connection cut looks the same) and comes back within
// Config.OverWait: his no, then his again, are as he left them, and the
// others could not start the next game with a bot in his seat
// meanwhile; his again and theirs start it with him. In the next game
// he leaves the end once more and stays away: once the wait is over his
// again is gone and the others start it without him, as at once before.
func TestLeftAtTheEndKeepsTheSeat(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		h, clock, ports := atTheEnd(t, n, 71)
		wait := h.cfg.OverWait
		if wait != DefaultOverWait {
			t.Fatalf("OverWait defaults to %v", wait)
		}
		a, b, others := ports[0], ports[1], append([]Port{ports[0]}, ports[2:]...)

		// His no stands while he is away a moment, and when he is back.
		if err := b.NoAgain(b.Snapshot().Gen); err != nil {
			t.Fatal(err)
		}
		b.Leave()
		settle(t, h)
		if p := a.Snapshot().Players[1]; p.State != SeatAway || !p.No || !p.Until.Equal(clock.Now().Add(wait)) {
			t.Fatalf("bob left after his no: %+v", p)
		}
		clock.Advance(wait / 3)
		b = sit(t, h, 1)
		settle(t, h)
		if x := b.Snapshot(); !x.Players[1].No || !x.Can.Again || x.Players[1].AgainLeft {
			t.Fatalf("bob back: no %v, can again %v", x.Players[1].No, x.Can.Again)
		}

		// His again too; meanwhile b is refused, saying why.
		if err := b.Again(b.Snapshot().Gen); err != nil {
			t.Fatal(err)
		}
		b.Leave()
		settle(t, h)
		for _, p := range others {
			if err := p.Again(p.Snapshot().Gen); err != nil {
				t.Fatal(err)
			}
		}
		settle(t, h)
		clock.Advance(wait - time.Second)
		settle(t, h)
		x := a.Snapshot()
		if x.Can.AgainWithBots || x.Game != 1 || !x.Players[1].Again || x.Players[1].State != SeatAway {
			t.Fatalf("bob left after his again: can again with bots %v, game %d, his seat %+v", x.Can.AgainWithBots, x.Game, x.Players[1])
		}
		if err := a.AgainWithBots(x.Gen); !errors.Is(err, ErrOverWait) {
			t.Fatalf("again with bots while bob may come back: %v", err)
		}
		b = sit(t, h, 1)
		next := await(t, a, "the next game", func(s Snapshot) bool { return s.Game == 2 && s.HasDeal })
		if p := next.Players[1]; !p.Human || p.State != SeatHere {
			t.Fatalf("bob's seat in the next game: %+v", p)
		}

		// The next game's end: he leaves and stays away.
		ports[1] = b
		playAll(t, 8, ports...)
		settle(t, h)
		if err := b.Again(b.Snapshot().Gen); err != nil {
			t.Fatal(err)
		}
		b.Leave()
		for _, p := range others {
			if err := p.Again(p.Snapshot().Gen); err != nil {
				t.Fatal(err)
			}
		}
		settle(t, h)
		if err := a.AgainWithBots(a.Snapshot().Gen); !errors.Is(err, ErrOverWait) {
			t.Fatalf("again with bots as bob left: %v", err)
		}
		clock.Advance(wait)
		settle(t, h)
		x = a.Snapshot()
		if p := x.Players[1]; !x.Can.AgainWithBots || p.Again || !p.AgainLeft || !p.Until.IsZero() {
			t.Fatalf("the wait over: can again with bots %v, bob's seat %+v", x.Can.AgainWithBots, p)
		}
		if err := a.AgainWithBots(x.Gen); err != nil {
			t.Fatal(err)
		}
		third := await(t, a, "the third game", func(s Snapshot) bool { return s.Game == 3 && s.HasDeal })
		if p := third.Players[1]; p.Human || p.Name != "Robo B" {
			t.Fatalf("bob's seat in the third game: %+v", p)
		}
	})
}

// TestLeftAtTheEndAfterATakeover: at every seat count, bob drops during
// the game, a bot plays his seat to the end, he comes back for it and
// leaves again: the others read his seat's wait (SeatInfo.Until) as for
// one who stayed to the end, and b is refused until it is over.
func TestLeftAtTheEndAfterATakeover(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		clock := clocktest.New(t0)
		cfg := config(n, 72, &memstore.Store{}, clock, 0, 1)
		cfg.NewSeed, cfg.AgainBot = sameSeed(7272), againBot
		h := newHost(t, cfg)
		a := sit(t, h, 0)
		sit(t, h, 1).Leave()
		settle(t, h)
		clock.Advance(h.cfg.Grace)
		await(t, a, "the takeover", func(s Snapshot) bool { return s.Players[1].State == SeatTakeover })
		playAll(t, 9, a)
		settle(t, h)
		b := sit(t, h, 1)
		if err := a.Again(a.Snapshot().Gen); err != nil {
			t.Fatal(err)
		}
		b.Leave()
		settle(t, h)
		x := a.Snapshot()
		if p := x.Players[1]; p.State != SeatTakeover || !p.Until.Equal(clock.Now().Add(h.cfg.OverWait)) || x.Can.AgainWithBots {
			t.Fatalf("bob left the end: can again with bots %v, his seat %+v", x.Can.AgainWithBots, p)
		}
		clock.Advance(h.cfg.OverWait)
		settle(t, h)
		if x := a.Snapshot(); !x.Players[1].Until.IsZero() || !x.Can.AgainWithBots {
			t.Fatalf("the wait over: can again with bots %v, his seat %+v", x.Can.AgainWithBots, x.Players[1])
		}
	})
}

// TestQuitAtTheEndHoldsNoSeat: at every seat count, a person who leaves
// the game's end by choice (Quit, q) is not waited for: their again
// goes with them, and the others may start the next game with a bot in
// the seat at once.
func TestQuitAtTheEndHoldsNoSeat(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		h, _, ports := atTheEnd(t, n, 72)
		a, b, others := ports[0], ports[1], append([]Port{ports[0]}, ports[2:]...)
		if err := b.Again(b.Snapshot().Gen); err != nil {
			t.Fatal(err)
		}
		b.Quit()
		settle(t, h)
		if p := a.Snapshot().Players[1]; p.Again || !p.AgainLeft || !p.Until.IsZero() {
			t.Fatalf("bob quit after his again: %+v", p)
		}
		for _, p := range others {
			if err := p.Again(p.Snapshot().Gen); err != nil {
				t.Fatal(err)
			}
		}
		settle(t, h)
		x := a.Snapshot()
		if !x.Can.AgainWithBots {
			t.Fatalf("bob quit: the others may not go on with a bot (%+v)", x.Players[1])
		}
		if err := a.AgainWithBots(x.Gen); err != nil {
			t.Fatal(err)
		}
		next := await(t, a, "the next game", func(s Snapshot) bool { return s.Game == 2 && s.HasDeal })
		if next.Players[1].Human {
			t.Fatalf("bob's seat in the next game: %+v", next.Players[1])
		}
	})
}
