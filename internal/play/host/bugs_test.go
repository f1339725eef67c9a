package host

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"

	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/testing/memstore"
	"github.com/klob/klob/rules"
)

// playUntil plays the driver's seat until stop accepts a snapshot,
// which it returns without acting on it.
func (d *driver) playUntil(t *testing.T, what string, stop func(Snapshot) bool) Snapshot {
	t.Helper()
	for range 100_000 {
		s := await(t, d.p, what+" or a decision", func(s Snapshot) bool { return stop(s) || s.Can.Act || s.Can.Ready || s.Over })
		if stop(s) {
			return s
		}
		if s.Over {
			t.Fatalf("the game ended before %s", what)
		}
		if _, err := d.step(s); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("never %s", what)
	return Snapshot{}
}

// personSteps counts the steps seat made in the deal a snapshot shows.
func personSteps(s Snapshot, seat rules.Seat) int {
	n := 0
	for _, m := range s.Moves {
		if m.Seat == seat {
			n++
		}
	}
	return n
}

// TestTypedAheadNeverCrossesADeal: a person who presses Enter twice on
// a deal's result says Ready with the Gen they saw, then their second
// key (a bid, as the menu's first item) carries the same Gen: it is
// refused, and the new deal waits for the person's own first decision.
// A key typed during a bot's turn, carrying the Gen before the bot's
// move, is refused too. (The table the host replaces took both: "the
// next deal opens in round two with 'You: pass'".)
func TestTypedAheadNeverCrossesADeal(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		d := longGame(t, n, 5, rand.New(rand.NewPCG(2, 2)))
		res := d.playUntil(t, "a deal's result", func(s Snapshot) bool { return s.Between && s.Can.Ready })
		if err := d.p.Ready(res.Gen); err != nil {
			t.Fatal(err)
		}
		// The second Enter: whatever the menu offered, with the Gen of
		// the result screen.
		for _, a := range []rules.Action{rules.PassAction(), {Kind: rules.Take}, {Kind: rules.NoSequence}} {
			if err := d.p.Act(res.Gen, a); !errors.Is(err, ErrStale) {
				t.Fatalf("a key typed on the result screen: %v, want ErrStale", err)
			}
		}
		if err := d.p.Ready(res.Gen); !errors.Is(err, ErrStale) {
			t.Fatalf("a second Ready with the result's Gen: %v, want ErrStale", err)
		}
		s := await(t, d.p, "the new deal", func(s Snapshot) bool { return s.DealNo == res.DealNo+1 && (s.Can.Act || s.Between) })
		if k := personSteps(s, 0); k != 0 && s.Forced == nil {
			t.Fatalf("the new deal holds %d decisions of the person before they saw it", k)
		}
		// A key typed while a bot was to move carries the Gen before
		// the bot's move.
		s = d.playUntil(t, "a bot's turn", func(s Snapshot) bool { return s.HasDeal && !s.Between && !s.Can.Act && s.View.Turn != 0 })
		old := s.Gen
		s = await(t, d.p, "the person's turn", func(s Snapshot) bool { return s.Can.Act || s.Between || s.Over })
		if s.Can.Act {
			if s.Gen == old {
				t.Fatal("the bot's move did not move Gen")
			}
			if err := d.p.Act(old, s.View.Legal()[0]); !errors.Is(err, ErrStale) {
				t.Fatalf("a key typed during the bot's turn: %v, want ErrStale", err)
			}
			if err := d.p.Act(s.Gen, s.View.Legal()[0]); err != nil {
				t.Fatalf("the same key with the Gen seen: %v", err)
			}
		}
	})
}

// TestUndoStopsAtAReveal: a person who takes the upcard sees the rest of
// the deal (and the bottom card): that bid can no longer be taken back.
// Before, undo showed the last three cards and the bottom card and
// allowed another bid.
func TestUndoStopsAtAReveal(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for seed := uint64(1); seed < 200; seed++ {
			h := newHost(t, config(n, seed, nil, clocktest.New(t0), 0))
			p := sit(t, h, 0)
			s := await(t, p, "a decision", func(s Snapshot) bool { return s.Can.Act })
			take := rules.Action{Kind: rules.Take}
			if s.View.Phase != rules.PhaseBid1 || !slices.Contains(s.View.Legal(), take) {
				h.Close()
				continue
			}
			before := s.View.Hand
			if err := p.Act(s.Gen, take); err != nil {
				t.Fatal(err)
			}
			s = await(t, p, "the rest of the deal", func(s Snapshot) bool { return s.View.Hand.Count() > before.Count() })
			if s.Can.Undo {
				t.Fatal("the snapshot offers to take back the bid after the rest was dealt")
			}
			if err := p.Undo(); !errors.Is(err, ErrRevealed) {
				t.Fatalf("undo after the rest was dealt: %v, want ErrRevealed", err)
			}
			if after := p.Snapshot(); after.View.Hand&s.View.Hand != s.View.Hand || after.Takebacks != 0 {
				t.Fatal("a refused undo changed the game")
			}
			return
		}
		t.Fatal("no seed lets the person take first")
	})
}

// TestUndoNeverUnseesACard: in random games at every seat count the
// person tries to take back at random points. A takeback that is made
// leaves every card the person had seen in view; one that would hide
// one is refused. Both happen.
func TestUndoNeverUnseesACard(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		d := longGame(t, n, 77, rand.New(rand.NewPCG(3, 4)))
		made, refused := 0, 0
		for i := 0; i < 5000 && (made < 10 || refused < 10); i++ {
			s := await(t, d.p, "a decision", func(s Snapshot) bool { return s.Can.Act || s.Can.Ready || s.Over })
			if s.Over {
				break
			}
			if s.HasDeal && !s.Between && d.r.IntN(3) == 0 {
				seen := seenBy(&s.View)
				err := d.p.Undo()
				after := d.p.Snapshot()
				switch {
				case err == nil:
					made++
					if now := seenBy(&after.View); now != seen {
						t.Fatalf("the takeback hid %v, which the person had seen", seen&^now)
					}
					if s.Can.Undo != true {
						t.Fatal("the snapshot did not offer the takeback that was made")
					}
					continue
				case errors.Is(err, ErrRevealed):
					refused++
					if after.Gen != s.Gen {
						t.Fatal("a refused takeback changed the game")
					}
				case errors.Is(err, session.ErrNothingToUndo):
				default:
					t.Fatal(err)
				}
			}
			if _, err := d.step(s); err != nil {
				t.Fatal(err)
			}
		}
		if made < 3 || refused < 3 {
			t.Fatalf("%d takebacks made, %d refused: the test tests too little", made, refused)
		}
	})
}

// TestMovesKeepTheirMover: ann makes decisions, drops, and after the
// grace a bot plays her seat. Everyone still reads her earlier moves as
// hers; the bot's as "ann's bot". A game resumed from the save says the
// same. Before, every move of the seat was relabelled "ann's bot".
func TestMovesKeepTheirMover(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		clock := clocktest.New(t0)
		st := &memstore.Store{}
		cfg := config(n, 31, st, clock, 0, 1)
		cfg.Grace = 60e9
		h := newHost(t, cfg)
		ann := &driver{p: sit(t, h, 0), r: rand.New(rand.NewPCG(1, 1))}
		bob := &driver{p: sit(t, h, 1), r: rand.New(rand.NewPCG(2, 2))}
		// Both play until ann has made a decision of her own and it is
		// her turn again.
		lockstep(t, h, ann, bob, func(s Snapshot) bool {
			for _, m := range s.Moves {
				if m.Seat == 0 && m.By == ByPerson {
					return s.Can.Act
				}
			}
			return false
		})
		ann.p.Leave()
		s := await(t, bob.p, "ann away", func(s Snapshot) bool { return s.Players[0].State == SeatAway })
		if !s.Players[0].Until.Equal(t0.Add(cfg.Grace)) {
			t.Fatalf("ann's seat waits until %v", s.Players[0].Until)
		}
		clock.Advance(cfg.Grace)
		await(t, bob.p, "the takeover", func(s Snapshot) bool { return s.Players[0].State == SeatTakeover })
		// Bob plays on until ann's bot has made a move.
		last := bob.playUntil(t, "a move of ann's bot", func(s Snapshot) bool {
			for _, m := range s.Moves {
				if m.Seat == 0 && m.By == ByTakeover {
					return true
				}
			}
			return false
		})
		check := func(s Snapshot, where string) {
			t.Helper()
			hers, bots := 0, 0
			for i, m := range s.Moves {
				if m.Seat != 0 {
					continue
				}
				switch s.Who(i) {
				case "ann":
					hers++
				case "ann's bot":
					bots++
				default:
					t.Fatalf("%s: ann's move %d reads %q", where, i, s.Who(i))
				}
			}
			if hers == 0 || bots == 0 {
				t.Fatalf("%s: %d moves of ann, %d of her bot", where, hers, bots)
			}
		}
		check(last, "bob's snapshot")
		// Resumed from the log, the moves keep their movers.
		cfg.Clock = clocktest.New(t0)
		p := sit(t, stopAndResume(t, h, cfg), 1)
		s = p.Snapshot()
		if s.Players[0].State != SeatTakeover {
			t.Fatalf("resumed, ann's seat is %v, want a takeover", s.Players[0].State)
		}
		check(s, "the resumed game")
	})
}
