package host

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// The words that tell the table of their speaker's hidden cards, and
// the choices that tell nothing (docs/rules.md sections 3 to 5, 14, 15).
var (
	tellingWords = []rules.Kind{rules.Announce, rules.NotGood, rules.HowHigh, rules.Top, rules.Same,
		rules.HowMany, rules.Length, rules.Exchange, rules.Shlomo, rules.Cleopatra}
	mereWords = []rules.Kind{rules.Pass, rules.Good, rules.NoSequence, rules.NoExchange}
)

// TestUndoStopsAtAWordTold: at every seat count the person makes the
// first deals' decisions before the card play, asking "how high?" and
// "how many cards?" when it may. Once another seat has told of its
// hidden cards since (a value, a top card, "not good", "same"), with
// no new card in view, the decision stands: the snapshot offers no
// takeback and Undo says ErrRevealed, in the game and in the game
// resumed from its log. After other seats' passes, "good" or "no
// sequence" alone it is taken back. Before, "ten high" could be heard
// and the "how high?" before it taken back.
func TestUndoStopsAtAWordTold(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		refused, allowed := 0, 0
		for seed := uint64(1); seed < 400 && (refused < 2 || allowed < 2); seed++ {
			cfg := config(n, seed, nil, clocktest.New(t0), 0)
			h := newHost(t, cfg)
			p := sit(t, h, 0)
			r := rand.New(rand.NewPCG(seed, uint64(n)))
			for {
				s := await(t, p, "a decision", func(s Snapshot) bool { return s.Can.Act || s.Can.Ready || s.Over })
				if !s.Can.Act || s.DealNo > 3 {
					break
				}
				legal := s.View.Legal()
				if s.View.Phase == rules.PhasePlay {
					if err := p.Act(s.Gen, legal[r.IntN(len(legal))]); err != nil {
						t.Fatal(err)
					}
					continue
				}
				a := legal[r.IntN(len(legal))]
				for _, b := range legal {
					if (b.Kind == rules.HowHigh || b.Kind == rules.HowMany) && r.IntN(4) > 0 {
						a = b
					}
				}
				at, seen := len(s.View.History()), seenBy(&s.View)
				if err := p.Act(s.Gen, a); err != nil {
					t.Fatal(err)
				}
				x := await(t, p, "the next decision", func(x Snapshot) bool { return x.Can.Act || x.Can.Ready || x.Over })
				hist := x.View.History()
				if x.DealNo != s.DealNo || !x.Can.Act || len(hist) <= at+1 || seenBy(&x.View) != seen {
					continue // the deal moved on, or cards came into view
				}
				told, mere := false, true
				for _, st := range hist[at+1:] {
					told = told || st.Seat != 0 && slices.Contains(tellingWords, st.Action.Kind)
					mere = mere && st.Seat != 0 && slices.Contains(mereWords, st.Action.Kind)
				}
				switch {
				case told:
					refused++
					if x.Can.Undo {
						t.Fatalf("seed %d: after %v the snapshot offers to take back %v", seed, hist[at+1:], a)
					}
					if err := p.Undo(); !errors.Is(err, ErrRevealed) {
						t.Fatalf("seed %d: undo of %v after %v: %v, want ErrRevealed", seed, a, hist[at+1:], err)
					}
					if after := p.Snapshot(); after.Gen != x.Gen {
						t.Fatal("a refused takeback changed the game")
					}
					resumedUndo(t, h, cfg, ErrRevealed)
				case mere:
					allowed++
					if !x.Can.Undo {
						t.Fatalf("seed %d: after %v the snapshot refuses to take back %v", seed, hist[at+1:], a)
					}
					resumedUndo(t, h, cfg, nil)
					if err := p.Undo(); err != nil {
						t.Fatalf("seed %d: undo of %v after %v: %v", seed, a, hist[at+1:], err)
					}
					await(t, p, "the decision back", func(s Snapshot) bool { return s.Can.Act && len(s.View.History()) == at })
				}
			}
			h.Close()
		}
		t.Logf("%d takebacks refused after a word told, %d made after passes", refused, allowed)
		if refused < 2 || allowed < 2 {
			t.Fatalf("%d refused, %d made: the test tests too little", refused, allowed)
		}
	})
}

// resumedUndo resumes h's game from its log on a host of its own and
// checks that the person's takeback there is what want says.
func resumedUndo(t *testing.T, h *Host, cfg Config, want error) {
	t.Helper()
	l, err := h.Log()
	if err != nil {
		t.Fatal(err)
	}
	h2, err := Resume(l, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer h2.Close()
	p := sit(t, h2, 0)
	s := await(t, p, "the resumed decision", func(s Snapshot) bool { return s.Can.Act })
	if s.Can.Undo != (want == nil) {
		t.Fatalf("resumed: the snapshot offers a takeback %v, want %v", s.Can.Undo, want == nil)
	}
	if err := p.Undo(); !errors.Is(err, want) {
		t.Fatalf("resumed: undo %v, want %v", err, want)
	}
}
