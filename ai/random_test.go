package ai_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
)

// leadView returns the View of the player to lead the first trick of a
// fixed deal: nine cards, nine (or ten, with bella) legal actions.
func leadView(t *testing.T) rules.View {
	t.Helper()
	d := rules.NewDeal(rules.DefaultOptions(), rules.SeatB, rules.Shuffle(rand.New(rand.NewPCG(5, 5))))
	for d.Phase() != rules.PhasePlay {
		// take, then the first legal answer of each later question
		if err := d.Apply(d.Legal()[min(1, len(d.Legal())-1)]); err != nil {
			t.Fatal(err)
		}
	}
	return d.View(d.Turn())
}

// TestRandomUniform: over many draws every legal action comes up about
// equally often (a chi-square test at a generous level; the seed is
// fixed, so the test is deterministic).
func TestRandomUniform(t *testing.T) {
	v := leadView(t)
	legal := v.Legal()
	if len(legal) < 5 {
		t.Fatalf("only %d legal actions: want a real choice", len(legal))
	}
	b := ai.NewRandom(3)
	counts := map[rules.Action]int{}
	const n = 9000
	for range n {
		a, err := b.Choose(context.Background(), &v)
		if err != nil {
			t.Fatal(err)
		}
		if !legalIn(legal, a) {
			t.Fatalf("random chose %q, not among %v", a, legal)
		}
		counts[a]++
	}
	exp := float64(n) / float64(len(legal))
	chi2 := 0.0
	for _, a := range legal {
		d := float64(counts[a]) - exp
		chi2 += d * d / exp
	}
	// 99.9% quantile of chi-square with up to 10 degrees of freedom.
	if chi2 > 29.6 {
		t.Errorf("chi-square %.1f over %d actions: counts %v", chi2, len(legal), counts)
	}
}

// TestRandomSeed: the same seed gives the same choices, another seed
// other choices.
func TestRandomSeed(t *testing.T) {
	v := leadView(t)
	run := func(seed uint64) []rules.Action {
		b := ai.NewRandom(seed)
		var out []rules.Action
		for range 40 {
			a, _ := b.Choose(context.Background(), &v)
			out = append(out, a)
		}
		return out
	}
	a, b, c := run(1), run(1), run(2)
	same := true
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("seed 1 twice: choice %d is %q then %q", i, a[i], b[i])
		}
		same = same && a[i] == c[i]
	}
	if same {
		t.Errorf("seeds 1 and 2 made the same 40 choices")
	}
	if lv := ai.NewRandom(1).Level(); lv != ai.Random {
		t.Errorf("Level() = %s, want random", lv)
	}
}
