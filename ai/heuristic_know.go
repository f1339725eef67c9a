package ai

import (
	"math"

	"github.com/klob/klob/rules"
)

// heurKnow is what the heuristic bot works out from a View before it
// decides: which cards are gone, which the opponent certainly holds,
// which it may hold, and how likely each one is. Everything here comes
// from the View: the bot never sees a hidden card.
//
// Only 18 of the 32 cards are dealt, so counting cards is mostly about
// the opponent's hand versus the 12 or so cards lying unseen in the
// stock: at the first trick an unseen card is in the opponent's hand
// with a chance of about 9 in 21. Inference narrows that down.
type heurKnow struct {
	v     *rules.View
	me    rules.Seat
	opp   rules.Seat
	trump rules.Suit
	hand  rules.CardSet
	gone  rules.CardSet // played by either seat
	oppN  int           // cards in the opponent's hand
	sure  rules.CardSet // cards the opponent certainly holds
	poss  rules.CardSet // cards the opponent may hold (sure included)
	// w is the prior weight of each possible card from the bidding and
	// the dix (1 = no information); p is the resulting probability that
	// the opponent holds the card, scaled so the p of the possible cards
	// add up to the opponent's hand size.
	w [32]float64
	p [32]float64
}

// newHeurKnow reads v. With inferBids false the bidding is not used to
// weight the cards (easy plays as a beginner who only counts cards).
func newHeurKnow(v *rules.View, inferBids bool) *heurKnow {
	k := &heurKnow{v: v, me: v.Seat, opp: v.Seat.Other(), trump: v.Trump, hand: v.Hand,
		gone: v.Played[0] | v.Played[1], oppN: v.Counts[v.Seat.Other()]}
	k.sure = v.Known(k.opp)
	unseen := v.Unseen()
	poss := (unseen &^ v.CannotHold(k.opp)) | k.sure
	if poss.Count() < k.oppN {
		// Cannot happen with a consistent history; stay safe anyway.
		poss = unseen | k.sure
	}
	k.poss = poss
	for c := range k.w {
		k.w[c] = 1
	}
	if inferBids {
		k.bidWeights()
	}
	k.computeP()
	return k
}

// bidWeights turns the opponent's words into weights. A player who took
// or named a suit usually holds its jack or nine; one who passed the
// upcard's suit usually does not; one who kept silent at the dix usually
// has no 7 of trump (exchanging nearly always pays). These are leanings,
// not certainties: a weak player bids badly, so no card is excluded.
func (k *heurKnow) bidWeights() {
	v := k.v
	up := v.OrigUpcard.Suit()
	scale := func(s rules.Suit, f [8]float64) {
		for r := rules.Seven; r <= rules.Ace; r++ {
			k.w[rules.NewCard(r, s)] *= f[r]
		}
	}
	// Factors by rank 7 8 9 T J Q K A.
	strong := [8]float64{1.1, 1.1, 2.0, 1.3, 2.6, 1.15, 1.2, 1.4}
	fair := [8]float64{1.05, 1.05, 1.5, 1.15, 1.7, 1.1, 1.1, 1.2}
	weak := [8]float64{1, 1, 0.65, 0.9, 0.5, 1, 1, 0.9}
	passes := 0
	for _, st := range v.History() {
		a := st.Action
		switch {
		case a.Kind == rules.PlayCard:
			return
		case a.Kind == rules.Pass:
			passes++
		}
		if st.Seat == k.me {
			continue // only the opponent's words tell of its hand
		}
		switch a.Kind {
		case rules.Pass:
			if passes <= 2 {
				scale(up, weak)
			} else {
				for s := rules.Clubs; s <= rules.Spades; s++ {
					if s != up {
						scale(s, [8]float64{1, 1, 0.85, 1, 0.75, 1, 1, 1})
					}
				}
			}
		case rules.Take, rules.Refuse:
			scale(up, strong)
		case rules.Schmeiss:
			scale(up, fair)
		case rules.Accept:
			scale(up, weak)
		case rules.Name:
			scale(a.Suit, strong)
		case rules.NoExchange:
			if k.trump != rules.NoSuit {
				k.w[rules.Dix(k.trump)] *= 0.2
			}
		}
	}
}

// computeP spreads the opponent's unknown cards over the possible ones
// in proportion to their weights: p(c) = min(1, λ·w(c)) with λ found by
// bisection so that the p add up to the number of unknown cards.
func (k *heurKnow) computeP() {
	for c := range k.p {
		k.p[c] = 0
	}
	for m := k.sure; m != 0; m &= m - 1 {
		k.p[m.First()] = 1
	}
	unk := k.poss &^ k.sure
	need := float64(k.oppN - k.sure.Count())
	if need <= 0 || unk == 0 {
		return
	}
	if float64(unk.Count()) <= need {
		for m := unk; m != 0; m &= m - 1 {
			k.p[m.First()] = 1
		}
		return
	}
	sum := func(l float64) float64 {
		t := 0.0
		for m := unk; m != 0; m &= m - 1 {
			t += math.Min(1, l*k.w[m.First()])
		}
		return t
	}
	lo, hi := 0.0, 1.0
	for sum(hi) < need {
		hi *= 2
	}
	for range 40 {
		mid := (lo + hi) / 2
		if sum(mid) < need {
			lo = mid
		} else {
			hi = mid
		}
	}
	for m := unk; m != 0; m &= m - 1 {
		c := m.First()
		k.p[c] = math.Min(1, hi*k.w[c])
	}
}

// pAny is the chance the opponent holds at least one card of m
// (treating cards as independent, a close enough approximation).
func (k *heurKnow) pAny(m rules.CardSet) float64 {
	m &= k.poss
	none := 1.0
	for ; m != 0; m &= m - 1 {
		none *= 1 - k.p[m.First()]
	}
	return 1 - none
}

// pVoid is the chance the opponent holds no card of suit s.
func (k *heurKnow) pVoid(s rules.Suit) float64 { return 1 - k.pAny(rules.SuitMask(s)) }

// expPoints is the p-weighted mean of the card points of the possible
// cards of m, given that the opponent plays one of them (0 if none).
func (k *heurKnow) expPoints(m rules.CardSet) float64 {
	m &= k.poss
	t, n := 0.0, 0.0
	for ; m != 0; m &= m - 1 {
		c := m.First()
		t += k.p[c] * float64(rules.Points(c, k.trump))
		n += k.p[c]
	}
	if n == 0 {
		return 0
	}
	return t / n
}

// pts is c's card points under the current trump.
func (k *heurKnow) pts(c rules.Card) float64 { return float64(rules.Points(c, k.trump)) }
