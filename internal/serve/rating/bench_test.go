package rating

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkRate rates one game of each club shape.
//
//	go test -run '^$' -bench Rate -benchmem ./internal/serve/rating
func BenchmarkRate(b *testing.B) {
	for _, sh := range shapes {
		b.Run(sh.name, func(b *testing.B) {
			g := randomGame(rand.New(rand.NewPCG(1, 1)), sh.sides, sh.seats, false)
			cfg := Default()
			for b.Loop() {
				if _, _, err := cfg.Rate(g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
