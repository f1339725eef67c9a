package drilllab

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
)

// RegradeConfig is one re-grading: drills 1 to Drills of Seed under
// Options, each graded twice on the same samples, under From and To.
type RegradeConfig struct {
	Options  rules.Options
	Seed     uint64
	Drills   int
	Samples  int
	From, To eval.Method
	// Show is how many changed drills are printed with both analyses.
	Show int
}

// Regrade grades the drills under both methods and writes how many
// changed their best option and how many options changed between right
// and wrong. The method is eval's two-player evaluation's: at three and
// four players it changes nothing.
func Regrade(ctx context.Context, w io.Writer, c RegradeConfig) error {
	g, err := drill.NewGenerator(c.Seed, drill.Any, c.Options)
	if err != nil {
		return err
	}
	e := eval.New()
	grade := func(v *rules.View, seed uint64, m eval.Method) (drill.Analysis, error) {
		batch := func(ctx context.Context, v *rules.View, p drill.Plan, k int) (eval.Evaluation, error) {
			o := p.Batch(k)
			o.Method = m
			return e.Evaluate(ctx, v, o)
		}
		return drill.EvaluateWith(ctx, batch, v, drill.Options{Samples: c.Samples, Seed: seed, Workers: 1})
	}
	bestChanged, verdicts, changed, shown := 0, 0, 0, 0
	byKind := map[drill.Kind][2]int{}
	for n := 1; n <= c.Drills; n++ {
		s := g.Drill(uint64(n))
		v, err := s.View()
		if err != nil {
			return err
		}
		before, err := grade(&v, uint64(n), c.From)
		if err != nil {
			return err
		}
		after, err := grade(&v, uint64(n), c.To)
		if err != nil {
			return err
		}
		flipped := before.Best != after.Best
		k := byKind[s.Kind()]
		k[0]++
		for j := range before.Rows {
			verdicts++
			if before.Rows[j].Verdict.Kind.Wrong() != after.Rows[j].Verdict.Kind.Wrong() {
				changed++
				flipped = true
			}
		}
		if before.Best != after.Best {
			bestChanged++
			k[1]++
		}
		byKind[s.Kind()] = k
		if flipped && shown < c.Show {
			shown++
			fmt.Fprintf(w, "drill %d (%s): %s\n%s", n, s.Kind(), s, sideBySide(before, after, c.From, c.To))
		}
	}
	fmt.Fprintf(w, "%d drills: best option changed in %d (%.1f%%); %d of %d options changed between right and wrong\n",
		c.Drills, bestChanged, 100*float64(bestChanged)/float64(max(c.Drills, 1)), changed, verdicts)
	for _, kd := range drill.Kinds {
		if k, ok := byKind[kd]; ok {
			fmt.Fprintf(w, "  %s: %d drills, best changed in %d\n", kd, k[0], k[1])
		}
	}
	return nil
}

func sideBySide(a, b drill.Analysis, from, to eval.Method) string {
	var sb strings.Builder
	for j := range a.Rows {
		ra, rb := a.Rows[j], b.Rows[j]
		fmt.Fprintf(&sb, "  %-14s %s %+6.1f bete %3.0f%% %-11s | %s %+6.1f %-11s (makes %3.0f%%, others make %3.0f%%)\n",
			drill.Label(ra.Action, true), from, ra.Mean, 100*ra.Bete, ra.Verdict.Short(), to, rb.Mean, rb.Verdict.Short(), 100*rb.Makes, 100*rb.Defends)
	}
	return sb.String()
}
