package drill

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
)

// Re-grading the drills under another evaluation (issue 16): how many
// verdicts does the honest evaluation change?
//
//	go test ./internal/study/drill -run TestRegrade -regrade 1000 -regrade-samples 200 -v
//
// grades drills 1 to N of seed 1 (every kind) with two methods on the
// same samples, -regrade-from (default eval.Solved, the evaluation
// before issue 16) and -regrade-to (default eval.Corrected), and prints how many drills changed their best option, how many
// options changed verdict, and the first flipped drills with both
// analyses.
var (
	regrade        = flag.Int("regrade", 0, "re-grade this many drills under the solved and corrected evaluations")
	regradeSamples = flag.Int("regrade-samples", 200, "samples per drill for -regrade")
	regradeFrom    = flag.String("regrade-from", "solved", "the method graded before, for -regrade")
	regradeTo      = flag.String("regrade-to", "corrected", "the method graded after, for -regrade")
)

func TestRegrade(t *testing.T) {
	if *regrade <= 0 {
		t.Skip("an experiment: run with -regrade N")
	}
	from, err := eval.ParseMethod(*regradeFrom)
	if err != nil {
		t.Fatal(err)
	}
	to, err := eval.ParseMethod(*regradeTo)
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGenerator(1, Any, rules.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	e := NewEvaluator()
	bestChanged, verdicts, changed, shown := 0, 0, 0, 0
	byKind := map[Kind][2]int{}
	for n := 1; n <= *regrade; n++ {
		s := g.Drill(uint64(n))
		v, err := s.View()
		if err != nil {
			t.Fatal(err)
		}
		o := Options{Samples: *regradeSamples, Seed: uint64(n), Workers: 1, Method: from}
		before, err := e.Evaluate(context.Background(), v, o)
		if err != nil {
			t.Fatal(err)
		}
		o.Method = to
		after, err := e.Evaluate(context.Background(), v, o)
		if err != nil {
			t.Fatal(err)
		}
		flipped := before.Best != after.Best
		k := byKind[s.Kind()]
		k[0]++
		for j := range before.Rows {
			verdicts++
			if good(before.Rows[j].Verdict) != good(after.Rows[j].Verdict) {
				changed++
				flipped = true
			}
		}
		if before.Best != after.Best {
			bestChanged++
			k[1]++
		}
		byKind[s.Kind()] = k
		if n%100 == 0 {
			fmt.Printf("after %d drills: best changed in %d, %d of %d options changed verdict\n", n, bestChanged, changed, verdicts)
		}
		if flipped && shown < 6 {
			shown++
			fmt.Printf("drill %d (%s): %s\n%s", n, s.Kind(), s.String(), sideBySide(before, after, from, to))
		}
	}
	fmt.Printf("%d drills: best option changed in %d (%.1f%%); %d of %d options changed between right (best or as good) and mistake\n",
		*regrade, bestChanged, 100*float64(bestChanged)/float64(*regrade), changed, verdicts)
	for kd, c := range byKind {
		fmt.Printf("  %s: %d drills, best changed in %d\n", kd, c[0], c[1])
	}
}

// good reports whether a verdict counts the answer as right.
func good(v Verdict) bool { return v.Kind != Mistake }

func sideBySide(a, b Analysis, from, to eval.Method) string {
	var sb strings.Builder
	for j := range a.Rows {
		ra, rb := a.Rows[j], b.Rows[j]
		fmt.Fprintf(&sb, "  %-12s %s %+6.1f bete %3.0f%% %-8s | %s %+6.1f %-8s (makes %3.0f%%, opponent makes %3.0f%%)\n",
			ra.Action, from, ra.Mean, 100*ra.Bete, ra.Verdict.Short(), to, rb.Mean, rb.Verdict.Short(), 100*rb.Makes, 100*rb.Defends)
	}
	return sb.String()
}
