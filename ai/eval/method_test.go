package eval

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/rules"
)

// TestCorrectedIsSolvedShifted: on the same samples, the corrected value
// of every option before the card play is the solved one less the fitted
// biases weighted by the chances of each seat ending as maker; in the
// card play the two methods agree.
func TestCorrectedIsSolvedShifted(t *testing.T) {
	evaluator := New()
	r := rand.New(rand.NewPCG(5, 5))
	for n, v := range randomViews(r, 40, nil) {
		opt := Options{Samples: 12, Seed: uint64(n), Workers: 1, Method: Solved}
		sol, err := evaluator.Evaluate(context.Background(), &v, opt)
		if err != nil {
			t.Fatal(err)
		}
		opt.Method = Corrected
		cor, err := evaluator.Evaluate(context.Background(), &v, opt)
		if err != nil {
			t.Fatal(err)
		}
		for j, s := range sol.Results {
			c := cor.Results[j]
			if s.Makes != c.Makes || s.Defends != c.Defends || s.Bete != c.Bete {
				t.Fatalf("%s: the methods saw different deals: %+v, %+v", s.Action, s, c)
			}
			if s.Makes < 0 || s.Defends < 0 || s.Makes+s.Defends > 1+1e-9 {
				t.Fatalf("%s: makes %v defends %v", s.Action, s.Makes, s.Defends)
			}
			want := s.Mean
			if v.Phase != rules.PhasePlay {
				want -= solvedBias[v.Phase][0]*s.Makes + solvedBias[v.Phase][1]*s.Defends
			}
			if math.Abs(c.Mean-want) > 1e-9 {
				t.Fatalf("%s in %s: corrected %.3f, want solved %.3f shifted to %.3f", s.Action, v.Phase, c.Mean, s.Mean, want)
			}
		}
	}
}

func TestParseMethod(t *testing.T) {
	for _, m := range []Method{Corrected, Solved} {
		got, err := ParseMethod(m.String())
		if err != nil || got != m {
			t.Errorf("ParseMethod(%q) = %v, %v", m.String(), got, err)
		}
	}
	if _, err := ParseMethod("oracle"); err == nil {
		t.Error("ParseMethod(oracle): no error")
	}
	if Method(9).String() != "Method(9)" {
		t.Errorf("Method(9).String() = %q", Method(9).String())
	}
}
