package analysis

import (
	"context"
	"path/filepath"
	"testing"
)

// BenchmarkGame analyses a whole game to 500 (hard against hard, 9
// deals, 209 steps) with the default samples on every core: the issue
// asks for under a minute on the target machine. Run with
// -benchtime=1x: one op is one whole game.
func BenchmarkGame(b *testing.B) {
	_, r := replayOf(b, filepath.Join(fixtureDir, hardVsHard))
	for b.Loop() {
		if _, err := Analyze(context.Background(), r, Options{Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
