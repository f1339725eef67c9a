package claim

import (
	"errors"
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
// (every placement tried) and bad (refused), at two players with 5 to 9
// cards each (9: the first lead), three with 4 to 6, four with 3 to 5
// (where one fits the placement limit), by the search (new) and the
// reference search before it (old), one after the other; it reports the
// placements tried and the positions searched too.
func BenchmarkCheckClaim(b *testing.B) {
	for _, tc := range []struct{ players, cards int }{{2, 5}, {2, 6}, {2, 7}, {2, 8}, {2, 9}, {3, 4}, {3, 5}, {3, 6}, {4, 3}, {4, 4}, {4, 5}} {
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

// BenchmarkCheckLongClaims checks 1,000 four-player claims, five cards
// in the claimer's hand, that look good on the real deal, and runs the
// reference search on each the search refuses as too long or answers
// past a million nodes: it reports how many the reference refuses as
// too long (old-too-long), the search (new-too-long), and the search
// alone (new-only-too-long, which must stay 0), with their nodes. Run
// it once: -benchtime 1x.
func BenchmarkCheckLongClaims(b *testing.B) {
	for range b.N {
		r := rand.New(rand.NewPCG(21, 4))
		var checks, big, oldLong, newLong, newOnly, oldNodes, newNodes int
		for checks < 1000 {
			d, ok := playPosition(r, 4, 5)
			if !ok || d.Hand(d.Turn()).Count() != 5 || !TakesAll(d.Play(), d.Turn()) {
				continue
			}
			v := d.View(d.Turn())
			got := Check(v)
			var te *TooEarlyError
			if errors.As(got.Err, &te) {
				continue
			}
			checks++
			if got.Nodes < 1_000_000 && got.Err == nil {
				continue
			}
			big++
			want := refCheckWithin(v, DefaultLimits)
			oldNodes += want.Nodes
			newNodes += got.Nodes
			nl, ol := errors.Is(got.Err, ErrTooLong), errors.Is(want.Err, ErrTooLong)
			if nl {
				newLong++
			}
			if ol {
				oldLong++
			}
			if nl && !ol {
				newOnly++
			}
			if !nl && !ol && (got.OK != want.OK || got.Hands != want.Hands) {
				b.Fatalf("view:\n%v\nthe search says %+v, the reference %+v", v, got, want)
			}
		}
		b.ReportMetric(float64(big), "past-1M")
		b.ReportMetric(float64(oldLong), "old-too-long")
		b.ReportMetric(float64(newLong), "new-too-long")
		b.ReportMetric(float64(newOnly), "new-only-too-long")
		b.ReportMetric(float64(oldNodes), "old-nodes")
		b.ReportMetric(float64(newNodes), "new-nodes")
	}
}
