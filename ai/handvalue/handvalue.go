// Package handvalue estimates what a bid is worth from the bidder's own
// cards, at two, three and four players: one linear model of the score
// margin a choice brings (the bidder's side's score less the mean of the
// others', rules.Score.Margin), made of one feature function (Features)
// and one table of weights by seat count, decision and speaking position
// (weights.go).
//
// Its users: the normal bot's bids at every seat count, and at two
// players the fixed policy with which the hard bot's evaluation plays the
// bids inside its samples (package eval), whose margins assume the card
// play solved with every card known (Solved). The weights are least
// squares on simulated deals, fitted by klob-lab fit-bids, which plays
// every choice of a bidding decision on a copy of the deal.
package handvalue

import "github.com/klob/klob/rules"

// The features of a hand for one trump suit: what a Klaberjass player
// counts before bidding.
const (
	Const = iota
	Jack
	Nine
	Ace
	Ten
	Bella    // king and queen of trump
	KQ       // a lone king or queen of trump
	Low      // 7s and 8s of trump
	JackNine // jack and nine of trump together
	Length   // trumps beyond two
	SideAce
	SideTenAce // side ten with its ace
	SideTen    // side ten with a guard, no ace
	BareTen    // side ten alone
	SideKing
	Voids  // side voids, when holding two trumps or more
	Seq    // sequence points / 10
	UpRisk // the upcard's trump points when another may take it by the dix
	Leads  // the bidder leads to the first trick
	N      // the number of features
)

// FeatureNames names the features, in order.
var FeatureNames = [N]string{"const", "jack", "nine", "ace", "ten", "bella", "kq", "low",
	"jack+nine", "length", "side ace", "side ten+ace", "side ten", "bare ten", "side king",
	"voids", "seq/10", "upcard risk", "leads"}

// Vector is a hand's features, or the weights of one model.
type Vector [N]float64

// Dot is the weighted sum of f by w.
func (f *Vector) Dot(w *Vector) float64 {
	t := 0.0
	for i := range f {
		t += f[i] * w[i]
	}
	return t
}

// Hand is what the model knows of a bidder: its cards and where it sits.
type Hand struct {
	Cards   rules.CardSet // the cards held when bidding
	Upcard  rules.Card    // the card turned (View.OrigUpcard)
	Players int
	Pos     int  // speaking position: 0 eldest, Players-1 the dealer
	Leads   bool // the bidder leads to the first trick
	// Dix: the holder of the 7 of the upcard's suit may exchange it for
	// the upcard (Options.HasDix); without it the maker takes the upcard.
	Dix bool
}

// FromView returns the hand of v's seat.
func FromView(v *rules.View) Hand {
	return Hand{Cards: v.Hand, Upcard: v.OrigUpcard, Players: v.Players, Pos: rules.Place(v.Seat, v.Dealer, v.Players),
		Leads: v.Seat == v.FirstLeader(), Dix: v.Options.HasDix()}
}

// FromDeal returns the hand of seat in d.
func FromDeal(d *rules.Deal, seat rules.Seat) Hand {
	return Hand{Cards: d.Hand(seat), Upcard: d.OrigUpcard(), Players: d.Players(),
		Pos: rules.Place(seat, d.Dealer(), d.Players()), Leads: seat == d.FirstLeader(), Dix: d.Options().HasDix()}
}

// Features describes the hand with trump as trump (a suit or NoTrumps),
// for the maker if maker is set, else for another seat. The hand is
// counted as it will be at the first lead where the bid already tells:
// with the dix, the holder of the 7 of the upcard's suit has the upcard
// in its place; without it, the maker has the upcard too.
func (h *Hand) Features(trump rules.Suit, maker bool) Vector {
	var f Vector
	f[Const] = 1
	hand := h.Cards
	up := h.Upcard
	switch {
	case !h.Dix:
		if maker {
			hand = hand.With(up)
		}
	case trump == up.Suit() && up != rules.Dix(trump):
		if seven := rules.Dix(trump); hand.Has(seven) {
			hand = hand.Without(seven).With(up)
		} else {
			f[UpRisk] = float64(rules.Points(up, trump))
		}
	}
	has := func(r rules.Rank) float64 { return b2f(hand.Has(rules.NewCard(r, trump))) }
	f[Jack], f[Nine], f[Ace], f[Ten] = has(rules.Jack), has(rules.Nine), has(rules.Ace), has(rules.Ten)
	k, q := has(rules.King), has(rules.Queen)
	f[Bella] = k * q
	f[KQ] = b2f(k != q)
	f[Low] = has(rules.Seven) + has(rules.Eight)
	f[JackNine] = f[Jack] * f[Nine]
	n := hand.Suit(trump).Count() // 0 for NoTrumps
	if n > 2 {
		f[Length] = float64(n - 2)
	}
	for s := rules.Clubs; s <= rules.Spades; s++ {
		if s == trump {
			continue
		}
		m := hand.Suit(s)
		ace := m.Has(rules.NewCard(rules.Ace, s))
		ten := m.Has(rules.NewCard(rules.Ten, s))
		f[SideAce] += b2f(ace)
		switch {
		case ten && ace:
			f[SideTenAce]++
		case ten && m.Count() >= 2:
			f[SideTen]++
		case ten:
			f[BareTen]++
		}
		f[SideKing] += b2f(m.Has(rules.NewCard(rules.King, s)))
		if m == 0 && n >= 2 {
			f[Voids]++
		}
	}
	f[Seq] = float64(rules.SequencePoints(hand)) / 10
	f[Leads] = b2f(h.Leads)
	return f
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// Value is the expected margin of decision d for the hand, with trump
// as the trump it sets (the upcard's suit for the round-one decisions).
func (h *Hand) Value(d Decision, trump rules.Suit) float64 {
	f := h.Features(trump, d.Maker())
	return f.Dot(Weights(h.Players, d, h.Pos))
}

// Play is the card play a model's margins assume after the bidding.
type Play uint8

const (
	// Bots: the normal bot plays the rest of the deal in every seat.
	Bots Play = iota
	// Solved: the rest of the bidding follows this package's Solved
	// choices and the card play is solved with every card known (the
	// hard bot's evaluation at two players). Solved never schmeisses: a
	// schmeiss is worth something only against a player who misreads
	// it, which that evaluation does not model.
	Solved
)

// DecisionOf returns the decision that a, a bid or a schmeiss answer
// legal in phase, is under play, and the trump it sets. ok is false for
// an action with no model: one worth 0 by definition (accepting a
// schmeiss; passing, under Solved) or one play never takes (a schmeiss,
// under Solved).
func DecisionOf(phase rules.Phase, a rules.Action, upcard rules.Card, play Play) (d Decision, trump rules.Suit, ok bool) {
	d, trump = Pass, upcard.Suit()
	switch a.Kind {
	case rules.Take:
		d = Take
	case rules.Schmeiss:
		d = Schmeiss
	case rules.Pass:
		if phase == rules.PhaseBid2 {
			d = Pass2
		}
	case rules.Name:
		d, trump = Name, a.Suit
		if a.Suit == rules.NoTrumps {
			d = NoTrumps
		}
	case rules.Refuse:
		d = Refuse
	default:
		return 0, 0, false
	}
	if play == Bots {
		return d, trump, true
	}
	switch d {
	case Take, Name, NoTrumps:
		return Make, trump, true
	case Refuse:
		return Defend, trump, true
	}
	return 0, 0, false
}

// ActionValue is the expected margin of a, a bid or a schmeiss answer
// legal in phase, for the hand under play; ok is false for an action
// that play never takes.
func (h *Hand) ActionValue(phase rules.Phase, a rules.Action, play Play) (v float64, ok bool) {
	d, trump, ok := DecisionOf(phase, a, h.Upcard, play)
	switch {
	case ok:
		return h.Value(d, trump), true
	case a.Kind == rules.Accept || a.Kind == rules.Pass:
		return 0, true
	}
	return 0, false
}

// Best returns the action of legal (bids or a schmeiss answer in phase)
// with the highest ActionValue under play, the first on a tie.
func (h *Hand) Best(phase rules.Phase, legal []rules.Action, play Play) rules.Action {
	best, bestV := -1, 0.0
	for i, a := range legal {
		if v, ok := h.ActionValue(phase, a, play); ok && (best < 0 || v > bestV) {
			best, bestV = i, v
		}
	}
	if best < 0 {
		return legal[0]
	}
	return legal[best]
}
