package ai

import (
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/rules"
)

// TestEasyPickNeverAbsurd: however loud easy's noise, it never picks an
// option more than EasyMaxLoss below the best, and it does pick the
// near-best ones sometimes (its mistakes).
func TestEasyPickNeverAbsurd(t *testing.T) {
	b := &heuristicBot{level: Easy, easy: true, par: defaultHeurParams()}
	acts := []rules.Action{{Kind: rules.Take}, {Kind: rules.Schmeiss}, rules.PassAction()}
	vals := []float64{0, -b.par.EasyMaxLoss - 1, -5}
	counts := map[rules.Kind]int{}
	for seed := range uint64(2000) {
		rng := rand.New(rand.NewPCG(seed, 1))
		counts[b.pick(acts, vals, rng, 1000).Kind]++
	}
	if counts[rules.Schmeiss] != 0 {
		t.Errorf("picked the option %v points below the best %d times", b.par.EasyMaxLoss+1, counts[rules.Schmeiss])
	}
	if counts[rules.Pass] == 0 || counts[rules.Take] == 0 {
		t.Errorf("picks %v: want both near-best options", counts)
	}
	// Without noise (normal) the best always wins.
	nb := &heuristicBot{level: Normal, par: defaultHeurParams()}
	if a := nb.pick(acts, vals, nil, 1000); a.Kind != rules.Take {
		t.Errorf("normal picked %v, want take", a)
	}
}
