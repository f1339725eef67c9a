package claim

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/rules"
)

// BenchmarkCheckFirstTrick checks claims at the first lead of a
// two-player deal, where the most hands are possible: random hands
// (refused at once, mostly).
func BenchmarkCheckFirstTrick(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	var views []rules.View
	for len(views) < 50 {
		if d, ok := playPosition(r, 2, 9); ok {
			views = append(views, d.View(d.Turn()))
		}
	}
	b.ResetTimer()
	for i := range b.N {
		Check(views[i%len(views)])
	}
}

// strongView is a position of a table of players, cards in the hand of
// the seat to move, whose claim is good: the check must then try every
// placement. It is found by search over random deals.
func strongView(tb testing.TB, players, cards int) rules.View {
	r := rand.New(rand.NewPCG(9, uint64(players)))
	for range 2_000_000 {
		d, ok := playPosition(r, players, cards)
		if !ok || d.Hand(d.Turn()).Count() != cards || d.Play().InTrick != 0 {
			continue
		}
		seat := d.Turn()
		if !TakesAll(d.Play(), seat) {
			continue
		}
		if v := d.View(seat); Check(v).OK {
			return v
		}
	}
	// The search is seeded, so finding none means the game changed.
	tb.Fatalf("no strong hand of %d players, %d cards found", players, cards)
	return rules.View{}
}

// BenchmarkCheckGoodClaim: good claims, every placement tried, at two
// players with 5 to 9 cards each, three with 4 and 5, four with 3 and 4;
// it reports the placements tried and the positions searched too. (It
// was once also TestGoodClaimTime, a test that only logged the time.)
func BenchmarkCheckGoodClaim(b *testing.B) {
	for _, tc := range []struct{ players, cards int }{{2, 5}, {2, 6}, {2, 7}, {2, 9}, {3, 4}, {3, 5}, {4, 3}, {4, 4}} {
		b.Run(fmt.Sprintf("players=%d/cards=%d", tc.players, tc.cards), func(b *testing.B) {
			v := strongView(b, tc.players, tc.cards)
			b.ResetTimer()
			var vd Verdict
			for range b.N {
				if vd = Check(v); !vd.OK {
					b.Fatalf("claim refused: %v", vd.Err)
				}
			}
			b.ReportMetric(float64(vd.Hands), "placements")
			b.ReportMetric(float64(vd.Nodes), "nodes")
		})
	}
}
