package main

import (
	"context"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
)

// engineNormal is the level of the normal bot as branch engine had it
// at three and four players: the same bot but for its bids, which rate
// the hand by hand-tuned card values against a bar instead of the fitted
// models of ai/handvalue, and for the card it gives in shlomo and
// cleopatra, by a card value of its own. Matches against it (TestMatch
// with -match-b engine-normal) measure what those changes did.
const engineNormal ai.Level = "engine-normal"

// labFactory is ai.New with the lab's levels.
func labFactory(level ai.Level, cfg ai.Config) (ai.Bot, error) {
	if level == engineNormal {
		normal, err := ai.New(ai.Normal, cfg)
		if err != nil {
			return nil, err
		}
		return engineBot{normal}, nil
	}
	return ai.New(level, cfg)
}

type engineBot struct{ normal ai.Bot }

func (b engineBot) Level() ai.Level { return engineNormal }

func (b engineBot) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	legal := v.Legal()
	if v.Players > 2 && len(legal) > 1 && (v.Phase == rules.PhaseBid1 || v.Phase == rules.PhaseBid2) {
		return engineBid(v, legal), nil
	}
	if len(legal) > 1 && legal[0].Kind == rules.Give {
		best, bestScore := legal[0], -1<<30
		for _, a := range legal {
			if s := -engineKeepValue(a.Card, v.Hand, v.Trump); s > bestScore {
				best, bestScore = a, s
			}
		}
		return best, nil
	}
	return b.normal.Choose(ctx, v)
}

// engineKeepValue is how much a card is worth keeping: its points and
// its power, more for a trump.
func engineKeepValue(c rules.Card, hand rules.CardSet, trump rules.Suit) int {
	v := rules.Points(c, trump)*2 + rules.Power(c, trump)
	if c.Suit() == trump {
		v += 20
	}
	if hand.Suit(c.Suit()).Count() == 1 && c.Suit() != trump {
		v -= 3 // giving a singleton makes a void
	}
	return v
}

// engineTrumpStrength rates a hand for trump t: roughly the tricks it
// should take, with its melds.
func engineTrumpStrength(h rules.CardSet, t rules.Suit) float64 {
	s := 0.0
	for m := h; m != 0; {
		c := m.First()
		m = m.Without(c)
		if t != rules.NoTrumps && c.Suit() == t {
			switch c.Rank() {
			case rules.Jack:
				s += 2.2
			case rules.Nine:
				s += 1.7
			case rules.Ace:
				s += 1.2
			case rules.Ten:
				s += 1.0
			default:
				s += 0.6
			}
			continue
		}
		switch c.Rank() {
		case rules.Ace:
			s += 1.0
		case rules.Ten:
			if h.Has(rules.NewCard(rules.Ace, c.Suit())) {
				s += 0.6
			} else {
				s += 0.2
			}
		}
	}
	if t != rules.NoTrumps {
		for _, sq := range rules.Sequences(h) {
			s += float64(sq.Value()) / 40
		}
	}
	return s
}

// engineBid takes or names the trump that makes the hand strong enough.
func engineBid(v *rules.View, legal []rules.Action) rules.Action {
	h := v.Hand
	thr := 4.2
	if v.Players > 2 {
		thr = 4.0
	}
	best, bestS := rules.PassAction(), 0.0
	passOK := false
	for _, a := range legal {
		var s float64
		switch a.Kind {
		case rules.Pass:
			passOK = true
			continue
		case rules.Take:
			hh := h
			if v.Players == 4 {
				hh = hh.With(v.Upcard)
			}
			s = engineTrumpStrength(hh, v.Upcard.Suit())
		case rules.Name:
			s = engineTrumpStrength(h, a.Suit) - 0.2
			if a.Suit == rules.NoTrumps {
				s -= 0.4
			}
		default:
			continue
		}
		if s > bestS || best.Kind == rules.Pass {
			best, bestS = a, s
		}
	}
	if passOK && bestS < thr {
		return rules.PassAction()
	}
	return best
}
