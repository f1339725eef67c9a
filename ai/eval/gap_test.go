package eval

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/internal/testing/tabletest"
	"github.com/klob/klob/rules"
)

// TestPairedGapsAreTheSamplesDifferences: each action's Gap and WinGap
// are the weighted means of the per-sample differences from the Best
// action, over the finished samples only, and GapErr and WinGapErr the
// standard errors of those means by the formula of StdErr, computed
// here directly from the samples.
func TestPairedGapsAreTheSamplesDifferences(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 4))
	legal := []rules.Action{{Kind: rules.Pass}, {Kind: rules.Take}, {Kind: rules.Name, Suit: rules.Hearts}}
	k := len(legal)
	for trial := range 20 {
		n := 2 + r.IntN(30)
		res := make([]sampleResult, n*k)
		done := make([]bool, n)
		weights := make([]float64, n)
		for i := range n {
			done[i] = i == 0 || r.IntN(5) != 0
			weights[i] = 0.1 + r.Float64()
			base := r.NormFloat64() * 40 // shared by the actions: the pairing cancels it
			for j := range k {
				res[i*k+j] = sampleResult{diff: base + float64(j)*3 + r.NormFloat64(), win: r.Float64()}
			}
		}
		ev := aggregate(legal, res, done, weights)
		ev.Best = trial % k
		pairGaps(&ev, res, done, weights)

		if !ev.Paired {
			t.Fatalf("trial %d: %d samples, not Paired", trial, ev.Samples)
		}
		b := ev.Best
		var total float64
		var used []int
		for i := range n {
			if done[i] {
				total += weights[i]
				used = append(used, i)
			}
		}
		m := float64(len(used))
		for j, got := range ev.Results {
			if j == b {
				if got.Gap != 0 || got.GapErr != 0 || got.WinGap != 0 || got.WinGapErr != 0 {
					t.Fatalf("trial %d: the best's own gaps are %+v, want 0", trial, got)
				}
				continue
			}
			for _, c := range []struct {
				name      string
				of        func(sampleResult) float64
				gap, gerr float64
			}{
				{"Gap", func(s sampleResult) float64 { return s.diff }, got.Gap, got.GapErr},
				{"WinGap", func(s sampleResult) float64 { return s.win }, got.WinGap, got.WinGapErr},
			} {
				d := func(i int) float64 { return c.of(res[i*k+b]) - c.of(res[i*k+j]) }
				mean := 0.0
				for _, i := range used {
					mean += weights[i] * d(i) / total
				}
				var dev float64
				for _, i := range used {
					dev += math.Pow(weights[i]*(d(i)-mean), 2)
				}
				want := 0.0
				if m > 1 {
					want = math.Sqrt(dev*m/(m-1)) / total
				}
				if !near(c.gap, mean) || !near(c.gerr, want) {
					t.Fatalf("trial %d, action %d: %s %v ± %v, want %v ± %v", trial, j, c.name, c.gap, c.gerr, mean, want)
				}
			}
		}
	}
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b)) }

// TestEvaluateMeasuresPairedGaps: at every seat count an evaluation's
// Best has no gap, and every other action's gaps are the differences of
// the means (up to rounding), with an error measured.
func TestEvaluateMeasuresPairedGaps(t *testing.T) {
	check := func(name string, v *rules.View) {
		t.Helper()
		ev, err := New().Evaluate(context.Background(), v, Options{Samples: 8, Seed: 5, Workers: 1})
		if err != nil {
			t.Fatal(name, err)
		}
		if !ev.Paired {
			t.Fatalf("%s: %d samples, not Paired", name, ev.Samples)
		}
		best := ev.Results[ev.Best]
		for j, r := range ev.Results {
			if j == ev.Best {
				if r.Gap != 0 || r.GapErr != 0 || r.WinGap != 0 || r.WinGapErr != 0 {
					t.Fatalf("%s: the best's gaps %+v", name, r)
				}
				continue
			}
			if !near(r.Gap, best.Mean-r.Mean) || !near(r.WinGap, best.Win-r.Win) || r.GapErr < 0 || r.WinGapErr < 0 || math.IsNaN(r.GapErr+r.WinGapErr) {
				t.Fatalf("%s: %s gaps %v ± %v, %v ± %v; means %v and %v", name, r.Action, r.Gap, r.GapErr, r.WinGap, r.WinGapErr, best.Mean, r.Mean)
			}
		}
	}
	v := bidView(t, "JS 9S AS KH QH 7D", "8S")
	check("two players", &v)
	for ri, rs := range tableRules[:2] {
		r := rand.New(rand.NewPCG(8, uint64(ri)))
		opts := tabletest.Options(t, rs)
		var first *rules.View
		playTable(t, opts, rules.Shuffle(r), 0, r, func(tb *rules.Deal, v *rules.View) {
			if first == nil {
				c := *v
				first = &c
			}
		})
		check(rs, first)
	}
}
