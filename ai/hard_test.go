package ai_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/ai/sampler"
	"github.com/klob/klob/rules"
)

func hardBot(t testing.TB, seed uint64, budget int) ai.Bot {
	t.Helper()
	b, err := ai.New(ai.Hard, ai.Config{Seed: seed, Budget: budget})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// unhurriedHardBot is hardBot without its thinking limit: its decisions
// depend on the seed and the View only, never on the clock.
func unhurriedHardBot(t testing.TB, seed uint64, budget int) ai.Bot {
	t.Helper()
	b, err := ai.New(ai.Hard, ai.Config{Seed: seed, Budget: budget, Think: -1})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// hardPositions plays deals with the random bot (taking half the time in
// round one so most deals reach the play) and calls f at random decision
// points that have a choice.
func hardPositions(r *rand.Rand, n int, f func(d *rules.Deal)) {
	rb := ai.NewRandom(r.Uint64())
	for seen := 0; seen < n; {
		d := rules.NewDeal(rules.DefaultOptions(), rules.Seat(r.IntN(2)), rules.Shuffle(r))
		d.SetTotals([2]int{r.IntN(500), r.IntN(500)})
		for !d.Over() && seen < n {
			if len(d.Legal()) > 1 && r.IntN(4) == 0 {
				f(&d)
				seen++
			}
			v := d.View(d.Turn())
			a, _ := rb.Choose(context.Background(), v)
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
// makes the same decision on both.
func TestHardSameDecisionOnResampledDeal(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 1))
	n := 60
	if testing.Short() {
		n = 15
	}
	phases := map[rules.Phase]int{}
	hardPositions(r, n, func(d *rules.Deal) {
		seat := d.Turn()
		v := d.View(seat)
		d2, err := sampler.New(v).Deal(r)
		if err != nil {
			t.Fatalf("resample: %v\n%s", err, v)
		}
		v2 := d2.View(seat)
		if v2 != v {
			t.Fatalf("the resampled deal shows another view:\n%s\n%s", v, v2)
		}
		// No thinking limit: under a heavy load the 2 s limit cut one
		// of the two evaluations short (issue 14).
		a1, err1 := unhurriedHardBot(t, 5, 24).Choose(context.Background(), v)
		a2, err2 := unhurriedHardBot(t, 5, 24).Choose(context.Background(), v2)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
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
	r := rand.New(rand.NewPCG(22, 2))
	n := 300
	if testing.Short() {
		n = 60
	}
	b := hardBot(t, 6, 6)
	phases := map[rules.Phase]int{}
	hardPositions(r, n, func(d *rules.Deal) {
		v := d.View(d.Turn())
		a, err := b.Choose(context.Background(), v)
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

// TestHardDeadline: with a context already done the hard bot still
// answers with a legal action, at once; with a short deadline it answers
// within it (plus one sample's work).
func TestHardDeadline(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 3))
	b := hardBot(t, 7, 1<<16)
	done, cancel := context.WithCancel(context.Background())
	cancel()
	var slowest time.Duration
	hardPositions(r, 40, func(d *rules.Deal) {
		v := d.View(d.Turn())
		start := time.Now()
		a, err := b.Choose(done, v)
		slowest = max(slowest, time.Since(start))
		if err != nil {
			t.Fatal(err)
		}
		if dd := *d; dd.Apply(a) != nil {
			t.Fatalf("chose %s, not legal", a)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		start = time.Now()
		a, err = b.Choose(ctx, v)
		el := time.Since(start)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if dd := *d; dd.Apply(a) != nil {
			t.Fatalf("chose %s, not legal", a)
		}
		if el > time.Second {
			t.Errorf("a 20ms deadline took %v", el)
		}
	})
	if slowest > 200*time.Millisecond {
		t.Errorf("with a done context the slowest answer took %v", slowest)
	}
}

// The thinking limit is what Config.Think says: a limit that has passed
// before the first sample gives the quick answer, however large the
// budget; no limit gives the full evaluation, whatever the time it takes.
func TestHardThinkLimit(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 3))
	checked := 0
	hardPositions(r, 8, func(d *rules.Deal) {
		v := d.View(d.Turn())
		b, err := ai.New(ai.Hard, ai.Config{Seed: 1, Think: time.Nanosecond})
		if err != nil {
			t.Fatal(err)
		}
		quick, err := b.Choose(context.Background(), v)
		if err != nil || quick != eval.Quick(&v) {
			t.Fatalf("a passed limit: got %s, %v; want the quick answer %s", quick, err, eval.Quick(&v))
		}
		checked++
	})
	if checked == 0 {
		t.Fatal("no position checked")
	}
}
