package claim

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/klob/klob/rules"
)

// BenchmarkCheckFirstTrick checks claims at the first lead, where the
// most hands are possible: random hands (refused at once, mostly).
func BenchmarkCheckFirstTrick(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	var views []rules.View
	for len(views) < 50 {
		if d, ok := playPosition(r, 9); ok {
			views = append(views, d.View(d.Turn()))
		}
	}
	b.ResetTimer()
	for i := range b.N {
		Check(views[i%len(views)])
	}
}

// strongView is a first lead by a seat whose hand takes every trick
// whatever the other holds, found by search over random deals; the
// claim check must then try every possible hand.
func strongView(tb testing.TB, cards int) rules.View {
	r := rand.New(rand.NewPCG(9, 9))
	for range 2_000_000 {
		d, ok := playPosition(r, cards)
		if !ok {
			continue
		}
		p := d.Play().Duel()
		seat := d.Turn()
		if p.Lead != rules.NoCard || !TakesAll(p, seat) {
			continue
		}
		if v := d.View(seat); Check(v).OK {
			return v
		}
	}
	tb.Skip("no strong hand found")
	return rules.View{}
}

// BenchmarkCheckGoodClaim: a good claim with 6 cards each, every
// possible hand tried.
func BenchmarkCheckGoodClaim(b *testing.B) {
	v := strongView(b, 6)
	b.ResetTimer()
	for range b.N {
		if !Check(v).OK {
			b.Fatal("claim refused")
		}
	}
}

// TestGoodClaimTime reports how long a good claim takes to check (a
// measure, not a limit).
func TestGoodClaimTime(t *testing.T) {
	if testing.Short() {
		t.Skip("long search for a strong hand")
	}
	for _, n := range []int{5, 7, 9} {
		v := strongView(t, n)
		start := time.Now()
		vd := Check(v)
		t.Logf("%d cards: %d hands in %v", n, vd.Hands, time.Since(start))
	}
}
