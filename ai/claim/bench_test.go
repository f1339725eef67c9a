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

// claimView is a position of a table of players, cards in the hand of
// the seat to move at a trick start, where that seat's side takes every
// trick with the real hands and its claim is good (good) or refused
// with other hands its view allows (bad): a good claim tries every
// placement, a bad one searches up to the first that loses a trick. It
// is found by search over random deals; ok is false when none is.
func claimView(players, cards int, good bool) (v rules.View, ok bool) {
	r := rand.New(rand.NewPCG(9, uint64(players)))
	for range 200_000 {
		d, ok := playPosition(r, players, cards)
		if !ok || d.Hand(d.Turn()).Count() != cards || d.Play().InTrick != 0 {
			continue
		}
		seat := d.Turn()
		if !TakesAll(d.Play(), seat) {
			continue
		}
		v := d.View(seat)
		if vd := Check(v); vd.Err == nil && vd.OK == good {
			return v, true
		}
	}
	return rules.View{}, false
}

// BenchmarkCheckClaim: claims that look good on the real deal, good
// (every placement tried) and bad (refused), at two players with 5 to 8
// cards each, three with 4 to 6, four with 4 and 5 (where one fits the
// placement limit), by the search (new) and the reference search before
// it (old), one after the other; it reports the placements tried and
// the positions searched too.
func BenchmarkCheckClaim(b *testing.B) {
	for _, tc := range []struct{ players, cards int }{{2, 5}, {2, 6}, {2, 7}, {2, 8}, {3, 4}, {3, 5}, {3, 6}, {4, 4}, {4, 5}} {
		for _, good := range []bool{true, false} {
			name := fmt.Sprintf("players=%d/cards=%d/good=%v", tc.players, tc.cards, good)
			v, found := claimView(tc.players, tc.cards, good)
			for _, old := range []bool{false, true} {
				check, search := CheckWithin, "new"
				if old {
					check, search = refCheckWithin, "old"
				}
				b.Run(name+"/search="+search, func(b *testing.B) {
					if !found {
						b.Skip("no such claim found")
					}
					var vd Verdict
					for range b.N {
						if vd = check(v, DefaultLimits); vd.OK != good || vd.Err != nil {
							b.Fatalf("claim: %+v", vd)
						}
					}
					b.ReportMetric(float64(vd.Hands), "placements")
					b.ReportMetric(float64(vd.Nodes), "nodes")
				})
			}
		}
	}
}
