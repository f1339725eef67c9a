package host

import (
	"context"
	"testing"

	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
)

// thrower is a bot that throws every deal in: it accepts a schmeiss and
// otherwise passes whenever it may.
type thrower struct{}

func (thrower) Choose(_ context.Context, v *rules.View) (rules.Action, error) {
	return throwIn(v, false), nil
}

func (thrower) Level() ai.Level { return ai.Random }

// throwIn is the action that throws the deal in at v: accept a
// schmeiss, say one when schmeiss is set and it may, else pass (the
// first legal action when it may not).
func throwIn(v *rules.View, schmeiss bool) rules.Action {
	legal := v.Legal()
	for _, k := range []rules.Kind{rules.Accept, rules.Schmeiss, rules.Pass} {
		for _, a := range legal {
			if a.Kind == k && (k != rules.Schmeiss || schmeiss) {
				return a
			}
		}
	}
	return legal[0]
}

// TestThrownInStaysHidden: at every seat count, a deal thrown in
// (everyone passed, or a schmeiss accepted at two) is not opened to the
// spectators while the game goes on: its hands were never played, and
// the players never see them. A board thrown in ends its game: then it
// opens, as everything does at the end.
func TestThrownInStaysHidden(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		cfg := config(n, 5, nil, clocktest.New(t0), 0)
		cfg.NewBot = func(ai.Level, ai.Config) (ai.Bot, error) { return thrower{}, nil }
		h := newHost(t, cfg)
		p := sit(t, h, 0)
		w, err := h.Watch()
		if err != nil {
			t.Fatal(err)
		}
		endings := map[rules.Ending]bool{}
		for deal := 1; deal <= 2; deal++ {
			for {
				s := await(t, p, "ann's turn or the deal's end", func(s Snapshot) bool { return s.Can.Act || s.Can.Ready })
				if s.Can.Ready {
					break
				}
				// Ann offers to throw the first deal in; the bots accept.
				if err := p.Act(s.Gen, throwIn(&s.View, deal == 1)); err != nil {
					t.Fatal(err)
				}
			}
			settle(t, h)
			s := w.Snapshot()
			e := s.Deals[len(s.Deals)-1].Ending
			if !s.Between || !e.ThrownIn() {
				t.Fatalf("deal %d: between %v, ending %v", deal, s.Between, e)
			}
			endings[e] = true
			if s.Open != nil {
				t.Fatalf("deal %d (%v): the spectator sees every hand while the game goes on", deal, e)
			}
			if err := p.Ready(p.Snapshot().Gen); err != nil {
				t.Fatal(err)
			}
		}
		if !endings[rules.AllPassed] || n == 2 && !endings[rules.SchmeissAccepted] {
			t.Fatalf("the deals ended %v", endings)
		}

		// A board thrown in: the game is over, and open.
		set := boardSet(t, n, 1)
		bc := boardConfig(set, set.Boards[0], nil)
		bc.NewBot = cfg.NewBot
		b := newHost(t, bc)
		bp := sit(t, b, set.Seat)
		bw, err := b.Watch()
		if err != nil {
			t.Fatal(err)
		}
		for {
			s := await(t, bp, "ann's turn or the board's end", func(s Snapshot) bool { return s.Can.Act || s.Over })
			if s.Over {
				break
			}
			if err := bp.Act(s.Gen, throwIn(&s.View, false)); err != nil {
				t.Fatal(err)
			}
		}
		settle(t, b)
		if s := bw.Snapshot(); !s.Over || s.Open == nil || !s.Deals[0].Ending.ThrownIn() {
			t.Fatalf("the board thrown in: over %v, open %v, ending %v", s.Over, s.Open != nil, s.Deals[0].Ending)
		}
	})
}
