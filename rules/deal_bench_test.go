package rules

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// Deal benchmarks for three and four players (no targets yet: the
// numbers are for the closing note and for the bots to come).
// Run: go test ./rules -run '^$' -bench Deal -benchmem

// tableBenchPlays returns n deals for players at their first lead,
// reached by random legal actions from decks shuffled with a fixed seed.
func tableBenchPlays(players, n int) []Deal {
	r := rand.New(rand.NewPCG(7, uint64(players)))
	o := DefaultOptions()
	o.Players = players
	var out []Deal
	for len(out) < n {
		tb := NewDeal(o, Seat(r.IntN(players)), Shuffle(r))
		for !tb.Over() && tb.Phase() != PhasePlay {
			l := tb.Legal()
			tb.ApplyUnchecked(l[r.IntN(len(l))])
		}
		if tb.Phase() == PhasePlay {
			out = append(out, tb)
		}
	}
	return out
}

// BenchmarkPlayPlayout: a random card-play playout of a whole deal on
// the unchecked Play path (Playout), one op a deal.
func BenchmarkPlayPlayout(b *testing.B) {
	for _, players := range []int{3, 4} {
		b.Run(fmt.Sprintf("players=%d", players), func(b *testing.B) {
			ds := tableBenchPlays(players, 64)
			src := rand.NewPCG(1, 2)
			b.ReportAllocs()
			b.ResetTimer()
			var sink int16
			for i := 0; i < b.N; i++ {
				p := ds[i&63].play
				p.Playout(src)
				sink += p.Points[0]
			}
			_ = sink
		})
	}
}

// BenchmarkRandomDeal: shuffle, deal, bidding, dix, dialogue, play
// and scoring through the checked path (Legal and Apply), one op a deal.
func BenchmarkRandomDeal(b *testing.B) {
	for _, players := range []int{2, 3, 4} {
		b.Run(fmt.Sprintf("players=%d", players), func(b *testing.B) {
			r := rand.New(rand.NewPCG(3, 4))
			o := DefaultOptions()
			o.Players = players
			var buf []Action
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				tb := NewDeal(o, Seat(i%players), Shuffle(r))
				for !tb.Over() {
					buf = tb.AppendLegal(buf[:0])
					if err := tb.Apply(buf[r.IntN(len(buf))]); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
