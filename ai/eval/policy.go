package eval

import (
	"slices"

	"github.com/klob/klob/ai/handvalue"
	"github.com/klob/klob/ai/tablerule"
	"github.com/klob/klob/rules"
)

// The fixed policy that plays the decisions after the one evaluated, up
// to the first lead, for both players of a sampled deal. It sees only
// what the player it acts for could see (its own cards, the upcard, what
// was said), so the opponent it models is an honest one. It bids by
// handvalue's Solved models: the margin of each bid with the card play
// solved, against passing.

// policyAction returns the fixed policy's action for the seat to move in
// d, before the card play. It looks only at that seat's cards and at
// public facts.
func policyAction(d *rules.Deal) rules.Action {
	var buf [8]rules.Action
	legal := withoutLosingSame(d.AppendLegal(buf[:0]), func() bool {
		v := d.View(d.Turn())
		return v.SameTakesRight()
	})
	return prePlay(d.Phase(), handvalue.FromDeal(d, d.Turn()), d.Upcard(), d.Trump(), legal)
}

// withoutLosingSame returns legal without "same" when takes (asked only
// when "same" is legal: rules.View.SameTakesRight) says it would not
// take the sequence right: such a "same" leaves the right where "good"
// does and shows the table the meld.
func withoutLosingSame(legal []rules.Action, takes func() bool) []rules.Action {
	i := slices.IndexFunc(legal, func(a rules.Action) bool { return a.Kind == rules.Same })
	if i < 0 || takes() {
		return legal
	}
	return slices.Delete(slices.Clone(legal), i, i+1)
}

// prePlay is the fixed policy for one decision before the card play:
// phase, the seat's hand, the card lying at the upcard's place now, trump
// (once settled) and the legal actions.
func prePlay(phase rules.Phase, h handvalue.Hand, upcard rules.Card, trump rules.Suit, legal []rules.Action) rules.Action {
	switch phase {
	case rules.PhaseBid1, rules.PhaseSchmeiss, rules.PhaseBid2:
		return h.Best(phase, legal, handvalue.Solved)
	case rules.PhaseDix:
		return dixPolicy(h.Cards, upcard, trump)
	case rules.PhaseSequences:
		return claimPolicy(legal)
	}
	return legal[0]
}

// dixPolicy exchanges the 7 of trump for the upcard unless that breaks a
// sequence worth more than the points the upcard adds. The upcard is a
// higher trump than the 7, so outside that case the exchange only gains.
func dixPolicy(hand rules.CardSet, upcard rules.Card, trump rules.Suit) rules.Action {
	seven := rules.Dix(trump)
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
// high?", "how many cards?" or "same" when able, else "good" (its
// callers leave out a "same" that cannot take the right).
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

// Quick returns a legal action for v at once, without sampling: the
// policy the evaluation plays its samples' other decisions with (at two
// players the fixed policy before the card play, else the normal table
// rule), and the normal table rule's card in the card play. The hard bot
// falls back on it when its deadline leaves no time to sample. It
// returns the zero Action when v's seat is not to act.
func Quick(v *rules.View) rules.Action {
	legal := v.Legal()
	switch {
	case len(legal) == 0:
		return rules.Action{}
	case v.Players == 2 && v.Phase != rules.PhasePlay:
		return prePlay(v.Phase, handvalue.FromView(v), v.Upcard, v.Trump, withoutLosingSame(legal, v.SameTakesRight))
	}
	return tablerule.Choose(v, legal)
}

// rollout plays the fixed policy from d until the card play starts or the
// deal is abandoned.
func rollout(d *rules.Deal) {
	for d.Phase() < rules.PhasePlay {
		d.ApplyUnchecked(policyAction(d))
	}
}
