package ai

import (
	"github.com/klob/klob/rules"
)

// Hand evaluation for bidding.
//
// A bid is judged on the six cards held at the time (the last three come
// after trump is settled) and the upcard. evalFeatures turns them into a
// few numbers a Klaberjass player counts: the jack and nine of trump,
// trump length, side aces and tens (guarded by their ace or not), bella,
// sequences, voids to ruff with and the dix (holding the 7 of trump
// brings the upcard into the hand; not holding it leaves the upcard to
// the opponent's dix). The seat matters too: each model has a version
// for the dealer and one for the non-dealer, and the score against the
// target is applied on top (heuristic.go, targetRaise).
//
// The expected score margin of each choice is a weighted sum of the
// features. The weights below were not guessed: they were fitted by
// least squares on simulated deals (TestFitBidWeights in
// heuristic_fit_test.go, run with -fitbid 40000, prints them). For every
// deck, each choice of a bidding decision was played on a copy of the
// deal and finished by the normal bot in both seats, so the weights say
// what, say, a side ace is worth to a take with this bot's card play,
// and the bot then picks the choice with the best expected margin. The
// fit was run three times, each on the bidding of the previous one.
// Some rules of thumb of the rule texts come out of it on their own
// (J-9-A or J-Q-K of trump takes; nothing in trump passes); one does
// not quite: "jack alone with two outside tricks" (J and two side aces)
// is a pass for the fit, above all for the non-dealer, whose aces are
// worth more in defence since it leads first (pass +18, take -4); the
// dealer takes it with a second, small trump.

// Feature indices.
const (
	fConst = iota
	fJack
	fNine
	fAce
	fTen
	fBella // king and queen of trump
	fKQ    // a lone king or queen of trump
	fLow   // 7s and 8s of trump
	fJackNine
	fLength // trumps beyond two
	fSideAce
	fSideTenA // side ten with its ace
	fSideTen  // side ten with a guard, no ace
	fSideBare // bare side ten
	fSideKing // side king
	fVoids    // side voids, when holding two trumps or more
	fSeq      // sequence points / 10
	fUpRisk   // the upcard's trump points when the 7 of trump is not held
	nBidFeat
)

var bidFeatNames = [nBidFeat]string{"const", "jack", "nine", "ace", "ten", "bella", "kq", "low",
	"jack+nine", "length", "side ace", "side ten+ace", "side ten", "bare ten", "side king",
	"voids", "seq/10", "upcard risk"}

type bidFeat [nBidFeat]float64

// evalFeatures computes the features of hand (six cards) with trump as
// trump. withDix is true in round one: the upcard is then the trump
// suit's, and whoever holds the 7 of trump will exchange it for the
// upcard.
func evalFeatures(hand rules.CardSet, trump rules.Suit, upcard rules.Card, withDix bool) bidFeat {
	var f bidFeat
	f[fConst] = 1
	seven := rules.NewCard(rules.Seven, trump)
	if withDix && upcard.Suit() == trump && upcard.Rank() != rules.Seven {
		if hand.Has(seven) {
			// The dix brings the upcard into the hand for the 7.
			hand = hand.Without(seven).With(upcard)
		} else {
			f[fUpRisk] = float64(rules.Points(upcard, trump))
		}
	}
	heurHas := func(r rules.Rank) bool { return hand.Has(rules.NewCard(r, trump)) }
	b := func(x bool) float64 {
		if x {
			return 1
		}
		return 0
	}
	f[fJack] = b(heurHas(rules.Jack))
	f[fNine] = b(heurHas(rules.Nine))
	f[fAce] = b(heurHas(rules.Ace))
	f[fTen] = b(heurHas(rules.Ten))
	k, q := heurHas(rules.King), heurHas(rules.Queen)
	f[fBella] = b(k && q)
	f[fKQ] = b(k != q)
	f[fLow] = b(heurHas(rules.Seven)) + b(heurHas(rules.Eight))
	f[fJackNine] = f[fJack] * f[fNine]
	n := hand.Suit(trump).Count()
	if n > 2 {
		f[fLength] = float64(n - 2)
	}
	for s := rules.Clubs; s <= rules.Spades; s++ {
		if s == trump {
			continue
		}
		m := hand.Suit(s)
		ace := m.Has(rules.NewCard(rules.Ace, s))
		ten := m.Has(rules.NewCard(rules.Ten, s))
		f[fSideAce] += b(ace)
		switch {
		case ten && ace:
			f[fSideTenA]++
		case ten && m.Count() >= 2:
			f[fSideTen]++
		case ten:
			f[fSideBare]++
		}
		f[fSideKing] += b(m.Has(rules.NewCard(rules.King, s)))
		if m == 0 && n >= 2 {
			f[fVoids]++
		}
	}
	f[fSeq] = float64(rules.SequencePoints(hand)) / 10
	return f
}

// dot is the weighted sum of the features.
func (f *bidFeat) dot(w *bidFeat) float64 {
	t := 0.0
	for i := range f {
		t += f[i] * w[i]
	}
	return t
}

// The fitted models, indexed by position (0 non-dealer, 1 dealer). Each
// gives the expected score margin of one choice (the bidder's score
// minus the opponent's, what the match runner measures), as a weighted
// sum of the features of the bidder's hand with the suit in question as
// trump:
//
//   - bidTake, bidSchmeiss, bidPass: round one, upcard's suit. The pass
//     value is what the rest of the bidding and the play bring after a
//     pass (for the dealer, the non-dealer names first in round two).
//   - bidName: round two, the suit named; bidPass2ND is the non-dealer's
//     value of passing in round two (the dealer's is 0: the deal is
//     thrown in).
//   - bidRefuse: answering a schmeiss, the value of refusing (accepting
//     is 0), on the answerer's features in the upcard's suit.
var (
	bidTake = [2]bidFeat{
		{-105, 61.6, 38.4, 29, 29.1, 69.4, 27.6, 12.1, -0.0488, 2.2, 18.4, 16.1, 13.5, 11.7, 2.23, 7.46, 11.7, 0.0393}, // n=40000 R²=0.20
		{-100, 54.8, 36, 30, 28.3, 66, 25.2, 13.9, 6.57, 4.68, 19.1, 16.9, 16.2, 11, 4.09, 6.61, 10.9, -0.047},         // n=33950 R²=0.20
	}
	bidSchmeiss = [2]bidFeat{
		{-95.7, 52.2, 32, 24.5, 23.7, 57.9, 23.7, 11.5, -2.4, -0.474, 14.8, 11.5, 10.8, 7.71, 1.2, 5.82, 9.21, 0.0542},   // n=40000 R²=0.16
		{-88.9, 43.6, 29.5, 24.7, 22.7, 53.4, 20.8, 12.9, 6.85, 0.221, 14.6, 12.5, 12.9, 6.8, 3.03, 4.98, 8.23, -0.0185}, // n=33950 R²=0.15
	}
	bidPass = [2]bidFeat{
		{-24.9, 11.9, 1.93, 11, 5.66, 0.23, -0.589, -5.73, -19.2, -8.89, 14.8, 7.93, 8.11, 8.42, 1.44, 11.2, 16.9, 0.102},  // n=40000 R²=0.05
		{-11.9, -10.8, -10.1, 3.08, -4.37, -21.1, -9.73, -10.3, 2.89, -2.39, 10.6, 4.55, 7, 5.18, 1.15, 4.92, 16.7, 0.206}, // n=33950 R²=0.06
	}
	bidName = [2]bidFeat{
		{-104, 58.9, 35.4, 27.8, 25.3, 69.1, 24.5, 9.23, 6.78, 2.72, 16.3, 12.4, 11.8, 9.44, 1.54, 8.17, 10.3, 0}, // n=68949 R²=0.20
		{-93.4, 55.2, 39.8, 29.4, 27.3, 67, 25.2, 9.91, 3.02, 2.2, 18.9, 11.9, 14.4, 9.02, 2.91, 3.14, 12.9, 0},   // n=31374 R²=0.21
	}
	bidPass2ND = -12.8 // n=22983
	bidRefuse  = [2]bidFeat{
		{-34.9, 76.4, 37.3, 28.9, 29.6, 68.2, 23.6, 10.1, -3.82, 11.2, 22.1, 11.5, 12.4, 20.5, 1.7, 7.03, 20.1, -0.116}, // n=3110 R²=0.17
		{-34.9, 76.4, 37.3, 28.9, 29.6, 68.2, 23.6, 10.1, -3.82, 11.2, 22.1, 11.5, 12.4, 20.5, 1.7, 7.03, 20.1, -0.116}, // n=3110 R²=0.17
	}
)
