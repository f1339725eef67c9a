package ai_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/ai/sampler"
	"github.com/klob/klob/internal/testing/ctxtest"
	"github.com/klob/klob/internal/testing/tabletest"
	"github.com/klob/klob/rules"
)

func hardBot(t testing.TB, wins *eval.WinTables, seed uint64, budget int) ai.Bot {
	t.Helper()
	b, err := ai.New(ai.Hard, ai.Config{Seed: seed, Budget: budget, WinTables: wins})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// hardDecision is the hard bot's decision on v (hard.go: the evaluation
// with eval.SamplesFor and eval.SeedFor, then Results[Best]) without the
// bot's time limit, so that a loaded machine cannot cut the search short
// and change the answer: the test checks that every sample was scored.
func hardDecision(t testing.TB, wins *eval.WinTables, seed uint64, budget int, v rules.View) rules.Action {
	t.Helper()
	if legal := v.Legal(); len(legal) == 1 {
		return legal[0]
	}
	n := eval.SamplesFor(&v, budget)
	ev, err := eval.NewWith(wins).Evaluate(context.Background(), &v, eval.Options{Samples: n, Seed: eval.SeedFor(seed, &v)})
	if err != nil {
		t.Fatal(err)
	}
	if ev.Samples != n {
		t.Fatalf("%d samples scored of %d without a deadline", ev.Samples, n)
	}
	return ev.Results[ev.Best].Action
}

// hardPositions plays deals of opts with the random bot (taking half the
// time in round one so most deals reach the play) and calls f at random
// decision points that have a choice.
func hardPositions(opts rules.Options, r *rand.Rand, n int, f func(d *rules.Deal)) {
	rb := ai.NewRandom(r.Uint64())
	for seen := 0; seen < n; {
		d := rules.NewGameDeal(opts, rules.Seat(r.IntN(2)), rules.Shuffle(r), [4]int{r.IntN(500), r.IntN(500)})
		for !d.Over() && seen < n {
			if len(d.Legal()) > 1 && r.IntN(4) == 0 {
				f(&d)
				seen++
			}
			v := d.View(d.Turn())
			a, _ := rb.Choose(context.Background(), &v)
			if d.Phase() == rules.PhaseBid1 && r.IntN(2) == 0 {
				a = rules.Action{Kind: rules.Take}
			}
			if err := d.Apply(a); err != nil {
				panic(err)
			}
		}
	}
}

// TestHardSameDecisionOnResampledDeal: the hidden cards (the opponent's
// unknown cards, the stock, the cards still to be dealt) are replaced by
// another assignment the sampler finds consistent with the View, the deal
// is rebuilt, its View is the same, and the hard bot with the same seed
// makes the same decision on both, plain and with the house variants.
func TestHardSameDecisionOnResampledDeal(t *testing.T) {
	wins := &eval.WinTables{} // the win tables of the test's bots, built as they ask
	for _, rs := range tabletest.TwoRules {
		t.Run(rs, func(t *testing.T) { hardSameDecisionOnResampledDeal(t, wins, tabletest.Options(t, rs)) })
	}
}

func hardSameDecisionOnResampledDeal(t *testing.T, wins *eval.WinTables, opts rules.Options) {
	r := rand.New(rand.NewPCG(21, 1))
	n := 60
	if testing.Short() {
		n = 15
	}
	phases := map[rules.Phase]int{}
	k := uint64(0)
	hardPositions(opts, r, n, func(d *rules.Deal) {
		seat := d.Turn()
		v := d.View(seat)
		// A generator of its own, so that the positions checked do not
		// depend on how the sampler uses its randomness.
		k++
		d2, ok := sampler.New(&v).World(rand.New(rand.NewPCG(21, k)))
		if !ok {
			t.Fatalf("resample: no world\n%s", v)
		}
		v2 := d2.View(seat)
		if v2 != v {
			t.Fatalf("the resampled deal shows another view:\n%s\n%s", v, v2)
		}
		a1, a2 := hardDecision(t, wins, 5, 24, v), hardDecision(t, wins, 5, 24, v2)
		if a1 != a2 {
			t.Fatalf("same view, decisions %s and %s\n%s", a1, a2, v)
		}
		phases[v.Phase]++
	})
	if phases[rules.PhaseBid1] == 0 || phases[rules.PhasePlay] == 0 {
		t.Errorf("phases checked %v: want bidding and play", phases)
	}
}

// TestHardAlwaysLegal: over many random positions in every phase, the
// hard bot's action is legal and the deal accepts it.
func TestHardAlwaysLegal(t *testing.T) {
	wins := &eval.WinTables{} // the win tables of the test's bots, built as they ask
	r := rand.New(rand.NewPCG(22, 2))
	n := 300
	if testing.Short() {
		n = 60
	}
	b := hardBot(t, wins, 6, 6)
	phases := map[rules.Phase]int{}
	hardPositions(rules.DefaultOptions(), r, n, func(d *rules.Deal) {
		v := d.View(d.Turn())
		a, err := b.Choose(context.Background(), &v)
		if err != nil {
			t.Fatalf("Choose: %v\n%s", err, v)
		}
		dd := *d
		if err := dd.Apply(a); err != nil {
			t.Fatalf("hard chose %s: %v\n%s", a, err, v)
		}
		phases[v.Phase]++
	})
	for _, p := range []rules.Phase{rules.PhaseBid1, rules.PhaseBid2, rules.PhaseDix, rules.PhaseSequences, rules.PhasePlay} {
		if phases[p] == 0 {
			t.Errorf("no position checked in phase %s (%v)", p, phases)
		}
	}
}

// TestHardDeadline: with a context already done the hard bot answers
// without searching (the fixed policy's quick answer, eval.Quick), and
// with a deadline that comes in the middle of its search it still
// answers with a legal action, stopping at once: with no time limit of
// its own (Think < 0) and a budget of 65536 samples, each of its
// workers looks at the context at most once more after the deadline.
// The deadline comes after a number of looks, not of milliseconds, so
// that no machine is too slow or too fast for it.
func TestHardDeadline(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 3))
	const workers = 2
	b, err := ai.New(ai.Hard, ai.Config{Seed: 7, Budget: 1 << 16, Think: -1, Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	hardPositions(rules.DefaultOptions(), r, 40, func(d *rules.Deal) {
		v := d.View(d.Turn())
		a, err := b.Choose(done, &v)
		if err != nil {
			t.Fatal(err)
		}
		if want := eval.Quick(&v); a != want {
			t.Fatalf("with a done context: chose %s, want the quick answer %s (no search)", a, want)
		}
		if dd := *d; dd.Apply(a) != nil {
			t.Fatalf("chose %s, not legal", a)
		}
		const looks = 6 // the deadline comes mid-search
		ctx := ctxtest.DeadlineAfter(looks)
		a, err = b.Choose(ctx, &v)
		if err != nil {
			t.Fatal(err)
		}
		if dd := *d; dd.Apply(a) != nil {
			t.Fatalf("chose %s, not legal", a)
		}
		if n := ctx.Count(); n < looks {
			t.Fatalf("the search looked at its context %d times, never reaching the deadline", n)
		} else if n > looks+workers {
			t.Errorf("the search looked at its context %d times after the deadline: it went on searching", n-looks)
		}
	})
}
