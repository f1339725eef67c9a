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

// BenchmarkRandomDeal: a whole random deal, from the shuffle through
// bidding, dix, dialogue and card play to the score, each action drawn
// from AppendLegal (a reused buffer) and taken by the checked Apply (one
// op is one deal). With two players this is the harness the two-player
// engine was measured with, so the same seeds play the same deals.
func BenchmarkRandomDeal(b *testing.B) {
	for _, players := range []int{2, 3, 4} {
		b.Run(fmt.Sprintf("players=%d", players), func(b *testing.B) {
			src := rand.NewPCG(1, 2)
			r := rand.New(src)
			o := DefaultOptions()
			o.Players = players
			buf := make([]Action, 0, 16)
			b.ReportAllocs()
			b.ResetTimer()
			var sink int
			for i := 0; i < b.N; i++ {
				d := NewDeal(o, Seat(i%players), Shuffle(r))
				for !d.Over() {
					buf = d.AppendLegal(buf[:0])
					if err := d.Apply(buf[pick(src, len(buf))]); err != nil {
						b.Fatal(err)
					}
				}
				sink += d.score.Total[0]
			}
			_ = sink
		})
	}
}
