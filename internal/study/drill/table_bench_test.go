package drill

import (
	"context"
	"testing"
)

// BenchmarkTableDrillGenerate is the making of one table drill: dealing
// and the normal table bot's words until the player's decision.
func BenchmarkTableDrillGenerate(b *testing.B) {
	for _, rs := range []string{"players=3", "players=4", "players=4,shlomo=on,cleopatra=on"} {
		b.Run(rs, func(b *testing.B) {
			g, err := NewTableGenerator(1, Any, tableOpts(b, rs))
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				g.Next()
			}
		})
	}
}

// BenchmarkTableDrillGrade is the trainer's evaluation of a table drill
// at DefaultSamples (500) samples in Batches pieces, with the hard bot's
// evaluation at tables (eval.EvaluateTable), over drills of every kind.
// As for two players, a drill should be graded within a second on a
// 2-core machine: ms/drill under 1000.
func BenchmarkTableDrillGrade(b *testing.B) {
	for _, rs := range []string{"players=3", "players=4"} {
		b.Run(rs, func(b *testing.B) {
			g, err := NewTableGenerator(1, Any, tableOpts(b, rs))
			if err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			i := 0
			for b.Loop() {
				s, _ := g.Next()
				v, err := s.View()
				if err != nil {
					b.Fatal(err)
				}
				if _, err := EvaluateTableWith(ctx, DefaultTableEvaluator, v, Options{Samples: DefaultSamples, Seed: uint64(i)}); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/drill")
		})
	}
}
