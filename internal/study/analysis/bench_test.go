package analysis

import (
	"context"
	"path/filepath"
	"testing"
)

// BenchmarkGame analyses a whole game to 500 of the hard bot against
// itself, at each seat count, with the default samples on every core.
// One op is one whole game: run with -benchtime=1x.
func BenchmarkGame(b *testing.B) {
	for _, f := range fixtures {
		b.Run(name(f.players), func(b *testing.B) {
			_, r := replayOf(b, filepath.Join(fixtureDir, f.hard))
			decisions := 0
			for _, d := range r.Deals {
				decisions += len(d.Steps)
			}
			for b.Loop() {
				if _, err := Analyze(context.Background(), r, Options{Seed: 1}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(decisions), "steps/op")
		})
	}
}
