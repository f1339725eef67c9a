package eval

import (
	"math"

	"github.com/klob/klob/rules"
)

// The fixed policy that plays the decisions after the one evaluated, up
// to the first lead, for both players of a sampled deal. It sees only
// what the player it acts for could see (its own six or nine cards, the
// upcard, what was said), so the opponent it models is an honest one.
//
// Bids come from a linear estimate of the score margin a hand of six
// cards makes with a trump suit (handValue): take (or name) when the
// estimate is positive; answer a schmeiss by refusing when the
// defender's estimate is positive. The weights were fitted by least
// squares on deals solved exactly (TestFitPolicy, run with -fit, prints
// them). The policy never schmeisses itself: a schmeiss is only worth
// something against a player who misreads it, which the evaluation does
// not model.

// Features of a six-card hand for a trump suit.
const (
	fConst = iota
	fJack
	fNine
	fAce
	fTen
	fKQ     // trump kings and queens
	fLow    // trump 8s and 7s
	fLength // trumps beyond two
	fSideAce
	fSideTen
	fSideKing
	fVoid    // side voids when holding two trumps or more
	fSeq     // sequence points / 10
	fDix     // upcard trump points gained by the dix (holding the 7)
	fUpLost  // upcard trump points out of play for us (not holding the 7)
	fLeads   // 1 for the seat that leads to the first trick
	nFeature // number of features
)

var featureNames = [nFeature]string{"const", "jack", "nine", "ace", "ten", "kq", "low", "length",
	"side ace", "side ten", "side king", "void", "seq/10", "dix", "upcard lost", "leads"}

type features [nFeature]float64

// handFeatures describes hand (the six cards held when bidding) with trump
// as trump. upcard is the card turned; in round one (trump is its suit)
// the holder of the 7 of trump gets it through the dix.
func handFeatures(hand rules.CardSet, trump rules.Suit, upcard rules.Card, leads bool) features {
	var f features
	f[fConst] = 1
	tr := hand.Suit(trump)
	has := func(r rules.Rank) float64 {
		if tr.Has(rules.NewCard(r, trump)) {
			return 1
		}
		return 0
	}
	f[fJack], f[fNine], f[fAce], f[fTen] = has(rules.Jack), has(rules.Nine), has(rules.Ace), has(rules.Ten)
	f[fKQ] = has(rules.King) + has(rules.Queen)
	f[fLow] = has(rules.Eight) + has(rules.Seven)
	n := tr.Count()
	if n > 2 {
		f[fLength] = float64(n - 2)
	}
	for s := rules.Clubs; s <= rules.Spades; s++ {
		if s == trump {
			continue
		}
		side := hand.Suit(s)
		if side.Has(rules.NewCard(rules.Ace, s)) {
			f[fSideAce]++
		}
		if side.Has(rules.NewCard(rules.Ten, s)) {
			f[fSideTen]++
		}
		if side.Has(rules.NewCard(rules.King, s)) {
			f[fSideKing]++
		}
		if side == 0 && n >= 2 {
			f[fVoid]++
		}
	}
	f[fSeq] = float64(rules.SequencePoints(hand)) / 10
	if upcard.Suit() == trump && upcard.Rank() != rules.Seven {
		if tr.Has(rules.NewCard(rules.Seven, trump)) {
			f[fDix] = float64(rules.Points(upcard, trump))
		} else {
			f[fUpLost] = float64(rules.Points(upcard, trump))
		}
	}
	if leads {
		f[fLeads] = 1
	}
	return f
}

// Fitted weights: makerWeights estimate the maker's score margin for the
// deal (own minus opponent's, both players then playing the card play
// perfectly); defenderWeights the defender's margin from the defender's
// hand. See TestFitPolicy.
var makerWeights = features{
	-112.0, 62.7, 35.4, 24.7, 20.9, 25.2, 9.9, 9.0, 26.5, 14.3, 2.8, 8.0, 9.8, 2.3, 0.0, 9.3,
}

var defenderWeights = features{
	-50.0, 68.7, 42.3, 29.2, 25.0, 28.3, 12.6, 3.6, 31.0, 18.2, 4.1, 6.3, 15.5, 2.4, 0.1, 9.4,
}

func (f *features) dot(w *features) float64 {
	s := 0.0
	for i := range f {
		s += f[i] * w[i]
	}
	return s
}

// makerValue estimates the score margin of making trump with hand.
func makerValue(hand rules.CardSet, trump rules.Suit, upcard rules.Card, leads bool) float64 {
	f := handFeatures(hand, trump, upcard, leads)
	return f.dot(&makerWeights)
}

// defenderValue estimates the margin of defending with hand against a
// maker with trump.
func defenderValue(hand rules.CardSet, trump rules.Suit, upcard rules.Card, leads bool) float64 {
	f := handFeatures(hand, trump, upcard, leads)
	return f.dot(&defenderWeights)
}

// policyAction returns the fixed policy's action for the seat to move in
// d, before the card play. It looks only at that seat's cards and at
// public facts.
func policyAction(d *rules.Deal) rules.Action {
	seat := d.Turn()
	var buf [8]rules.Action
	return prePlay(d.Phase(), d.Hand(seat), d.OrigUpcard(), d.Upcard(), d.Trump(), seat == d.FirstLeader(), d.AppendLegal(buf[:0]))
}

// prePlay is the fixed policy for one decision before the card play:
// phase, the seat's hand, the upcard turned and the card lying there
// now, trump (once settled), whether the seat is the non-dealer, and the
// legal actions.
func prePlay(phase rules.Phase, hand rules.CardSet, orig, upcard rules.Card, trump rules.Suit, leads bool, legal []rules.Action) rules.Action {
	switch phase {
	case rules.PhaseBid1:
		if makerValue(hand, orig.Suit(), orig, leads) > 0 {
			return rules.Action{Kind: rules.Take}
		}
		return rules.PassAction()
	case rules.PhaseSchmeiss:
		if defenderValue(hand, orig.Suit(), orig, leads) > 0 {
			return rules.Action{Kind: rules.Refuse}
		}
		return rules.Action{Kind: rules.Accept}
	case rules.PhaseBid2:
		best, bestV := rules.NoSuit, 0.0
		for s := rules.Clubs; s <= rules.Spades; s++ {
			if s == orig.Suit() {
				continue
			}
			if v := makerValue(hand, s, orig, leads); v > bestV {
				best, bestV = s, v
			}
		}
		if best != rules.NoSuit {
			return rules.NameAction(best)
		}
		return rules.PassAction()
	case rules.PhaseDix:
		return dixPolicy(hand, upcard, trump)
	case rules.PhaseSequences:
		return claimPolicy(legal)
	}
	return legal[0]
}

// dixPolicy exchanges the 7 of trump for the upcard unless that breaks a
// sequence worth more than the points the upcard adds. The upcard is a
// higher trump than the 7, so outside that case the exchange only gains.
func dixPolicy(hand rules.CardSet, upcard rules.Card, trump rules.Suit) rules.Action {
	seven := rules.NewCard(rules.Seven, trump)
	if !hand.Has(seven) {
		return rules.Action{Kind: rules.NoExchange}
	}
	after := hand.Without(seven).With(upcard)
	if rules.SequencePoints(after)+rules.Points(upcard, trump) < rules.SequencePoints(hand) {
		return rules.Action{Kind: rules.NoExchange}
	}
	return rules.Action{Kind: rules.Exchange}
}

// claimPolicy plays the sequence dialogue to win the right whenever the
// hand allows: announce the best sequence, answer "not good", "how
// high?", "how many cards?" or "same" when able, else "good".
func claimPolicy(legal []rules.Action) rules.Action {
	best := legal[0]
	rank := func(a rules.Action) int {
		switch a.Kind {
		case rules.Announce, rules.Length, rules.Top:
			return 5
		case rules.NotGood:
			return 4
		case rules.Same, rules.HowHigh, rules.HowMany:
			return 3
		case rules.Good, rules.NoSequence:
			return 1
		}
		return 0
	}
	for _, a := range legal[1:] {
		if rank(a) > rank(best) {
			best = a
		}
	}
	return best
}

// Quick returns a legal action for v at once, without sampling: the fixed
// policy before the card play; in the card play, the cheapest card that
// wins a trick worth taking, else the card giving away fewest points.
// The hard bot falls back on it when its deadline leaves no time to
// sample. It returns the zero Action when v's seat is not to act.
func Quick(v *rules.View) rules.Action {
	legal := v.Legal()
	if len(legal) == 0 {
		return rules.Action{}
	}
	if v.Phase != rules.PhasePlay {
		return prePlay(v.Phase, v.Hand, v.OrigUpcard, v.Upcard, v.Trump, v.Seat == v.FirstLeader(), legal)
	}
	best, bestScore := legal[0], math.MinInt
	for _, a := range legal {
		pts := rules.Points(a.Card, v.Trump)
		score := -pts - rules.Power(a.Card, v.Trump)
		if lead := v.Trick[0]; v.InTrick == 1 && rules.TrickWinner(lead, a.Card, v.Trump) == 1 &&
			rules.Points(lead, v.Trump)+pts >= 10 {
			score = 100 - rules.Power(a.Card, v.Trump)
		}
		if a.Bella {
			score++ // the same card with bella: 20 more points
		}
		if score > bestScore {
			best, bestScore = a, score
		}
	}
	return best
}

// rollout plays the fixed policy from d until the card play starts or the
// deal is abandoned.
func rollout(d *rules.Deal) {
	for d.Phase() < rules.PhasePlay {
		d.ApplyUnchecked(policyAction(d))
	}
}
