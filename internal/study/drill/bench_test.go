package drill

import (
	"context"
	"testing"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
)

// benchViews returns the Views of n drills of filter f at rs.
func benchViews(b *testing.B, rs string, f Filter, n int) []rules.View {
	g, err := NewGenerator(1, f, opts(b, rs))
	if err != nil {
		b.Fatal(err)
	}
	var vs []rules.View
	for range n {
		s, _ := g.Next()
		v, err := s.View()
		if err != nil {
			b.Fatal(err)
		}
		vs = append(vs, v)
	}
	return vs
}

var benchCounts = []string{"players=2", "players=3", "players=4"}

// BenchmarkGrade is the trainer's evaluation of a drill of any kind at
// each seat count: DefaultSamples samples, every core, in Batches
// pieces. A drill should be graded within about a second on two cores:
// ms/drill under 1000.
func BenchmarkGrade(b *testing.B) {
	for _, rs := range benchCounts {
		b.Run(rs, func(b *testing.B) {
			vs := benchViews(b, rs, Any, 8)
			e := NewEvaluator()
			ctx := context.Background()
			i := 0
			for b.Loop() {
				if _, err := EvaluateWith(ctx, e.Batch, &vs[i%len(vs)], Options{Samples: DefaultSamples, Seed: uint64(i)}); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(b.Elapsed().Seconds()*1000/float64(i), "ms/drill")
		})
	}
}

// BenchmarkGradeDirect is the same evaluation of round-one drills as one
// eval.Evaluator.Evaluate call, to show what cutting it into batches costs.
func BenchmarkGradeDirect(b *testing.B) {
	for _, rs := range benchCounts {
		b.Run(rs, func(b *testing.B) {
			vs := benchViews(b, rs, OnlyRound1, 8)
			e := eval.New()
			ctx := context.Background()
			i := 0
			for b.Loop() {
				if _, err := e.Evaluate(ctx, &vs[i%len(vs)], eval.Options{Samples: DefaultSamples, Seed: uint64(i)}); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(b.Elapsed().Seconds()*1000/float64(i), "ms/drill")
		})
	}
}

// BenchmarkGenerate is the making of one drill of any kind: dealing and
// the normal bot's words until the player's decision.
func BenchmarkGenerate(b *testing.B) {
	for _, rs := range append(benchCounts, "players=4,shlomo=on,cleopatra=on") {
		b.Run(rs, func(b *testing.B) {
			g, err := NewGenerator(1, Any, opts(b, rs))
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				g.Next()
			}
		})
	}
}
