package claim

import (
	"math"

	"github.com/klob/klob/ai/sampler"
	"github.com/klob/klob/rules"
)

// placer lists every placement of the cards a seat cannot see among the
// other hands that its View allows, as ai/sampler reads a view: each
// other seat holds the cards it is known to hold (View.Known), none it
// cannot hold (View.CannotHold: the voids and missing trumps its play
// showed), as many as it holds (View.Counts), and a best meld that fits
// what the dialogue and the melds shown say of it (View.MeldBound). The
// unseen cards no hand takes are the stock. The words that depend on a
// whole deal (the declarations, the dix exchange) are not replayed: a
// placement they would rule out is still tried, so the check can only
// be stricter than the view, never looser.
type placer struct {
	v      *rules.View
	pool   rules.CardSet
	order  []rules.Seat // the other seats, the most constrained first
	known  [4]rules.CardSet
	lacks  [4]rules.CardSet
	need   [4]int
	bound  [4]rules.MeldBound
	checks [4]bool
}

func newPlacer(v *rules.View) *placer {
	pl := &placer{v: v, pool: v.Unseen()}
	free := rules.MeldBound{Top: rules.NoRank, MinTop: rules.NoRank}
	for o := rules.Seat(0); o < rules.Seat(v.Players); o++ {
		if o == v.Seat {
			continue
		}
		pl.known[o] = v.Known(o)
		pl.lacks[o] = v.CannotHold(o)
		pl.need[o] = v.Counts[o] - pl.known[o].Count()
		pl.bound[o] = v.MeldBound(o)
		pl.checks[o] = v.Trump != rules.NoSuit && pl.bound[o] != free
		pl.order = append(pl.order, o)
	}
	room := func(o rules.Seat) int { return (pl.pool &^ pl.lacks[o]).Count() - pl.need[o] }
	for i := 1; i < len(pl.order); i++ {
		for j := i; j > 0 && room(pl.order[j]) < room(pl.order[j-1]); j-- {
			pl.order[j], pl.order[j-1] = pl.order[j-1], pl.order[j]
		}
	}
	return pl
}

// count is how many ways the unseen cards could lie among the other
// hands and the stock before the voids and the melds narrow them: the
// multinomial pool! / (need_1! ... need_k! stock!). It bounds the
// placements each tries.
func (pl *placer) count() float64 {
	n := pl.pool.Count()
	left := n
	lg := lgamma(n + 1)
	for _, o := range pl.order {
		if pl.need[o] < 0 || pl.need[o] > left {
			return 0
		}
		lg -= lgamma(pl.need[o] + 1)
		left -= pl.need[o]
	}
	lg -= lgamma(left + 1)
	return math.Round(math.Exp(lg))
}

func lgamma(n int) float64 {
	v, _ := math.Lgamma(float64(n))
	return v
}

// each yields every placement (indexed by seat; the viewer's entry and
// the seats past the table's empty) in a fixed order until yield
// returns false.
func (pl *placer) each(yield func([4]rules.CardSet) bool) {
	var hands [4]rules.CardSet
	pl.place(0, pl.pool, &hands, yield)
}

// place deals the seats of order from i on out of pool; it reports
// false once yield has.
func (pl *placer) place(i int, pool rules.CardSet, hands *[4]rules.CardSet, yield func([4]rules.CardSet) bool) bool {
	if i == len(pl.order) {
		return yield(*hands)
	}
	o := pl.order[i]
	allowed := pool &^ pl.lacks[o]
	k := pl.need[o]
	if k < 0 || allowed.Count() < k {
		return true
	}
	var cards [32]rules.Card
	n := 0
	for m := allowed; m != 0; m &= m - 1 {
		cards[n] = m.First()
		n++
	}
	// Every k-card subset of the allowed cards, in lexicographic order.
	var idx [32]int
	for j := range k {
		idx[j] = j
	}
	for {
		got := rules.CardSet(0)
		for _, j := range idx[:k] {
			got = got.With(cards[j])
		}
		hand := pl.known[o] | got
		if !pl.checks[o] || pl.bound[o].Fits(hand|pl.v.Played[o], pl.v.Trump, pl.v.Options) {
			hands[o] = hand
			if !pl.place(i+1, pool&^got, hands, yield) {
				return false
			}
		}
		if !sampler.NextSubset(idx[:k], n) {
			return true
		}
	}
}
