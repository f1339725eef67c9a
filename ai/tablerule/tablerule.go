package tablerule

import (
	"github.com/klob/klob/ai/handvalue"
	"github.com/klob/klob/rules"
)

// Choose returns the normal table bot's choice among legal, the legal
// actions of v (at least one).
func Choose(v *rules.View, legal []rules.Action) rules.Action {
	if len(legal) == 1 {
		return legal[0]
	}
	switch v.Phase {
	case rules.PhasePlay:
		return WithAnnounce(legal, PlayCard(v, legal))
	case rules.PhaseBid1, rules.PhaseBid2:
		h := handvalue.FromView(v)
		return h.Best(v.Phase, legal, handvalue.Bots)
	}
	// The declarations, the dix exchange, the dialogue: claim what can be
	// claimed, give away the least, say no more than that needs.
	best, bestScore := legal[0], -1<<30
	claimant, _, _, _ := v.Claim()
	partnerClaims := claimant != rules.NoSeat && claimant == rules.PartnerOf(v.Players, v.Seat)
	// Before the bidding no trump is settled: a card given away is
	// valued as if the upcard's suit, the first proposed, were trump, so
	// that the jack and nine of it stay in hand.
	trump := v.Trump
	if v.Phase == rules.PhaseDeclare && v.Upcard != rules.NoCard {
		trump = v.Upcard.Suit()
	}
	for _, a := range legal {
		s := 0
		switch a.Kind {
		case rules.Shlomo, rules.Cleopatra, rules.Exchange:
			s = 100
		case rules.Announce:
			s = 50 + int(a.N)
		case rules.NotGood, rules.HowHigh, rules.HowMany, rules.Same:
			s = 60
			// A "same" that does not take the right leaves it where
			// "good" does and shows the meld: it ranks below "good".
			if partnerClaims || a.Kind == rules.Same && !v.SameTakesRight() {
				s = 0
			}
		case rules.Good:
			s = 10
		case rules.Give:
			s = -cost(a.Card, trump)
			if c := a.Card; c.Suit() != trump && v.Hand.Suit(c.Suit()).Count() == 1 {
				s += 3 // giving a singleton makes a void
			}
		}
		if s > bestScore {
			best, bestScore = a, s
		}
	}
	return best
}

// WithAnnounce returns the legal action that plays card c, announcing
// bella or the menage when it may.
func WithAnnounce(legal []rules.Action, c rules.Card) rules.Action {
	var plain rules.Action
	found := false
	for _, a := range legal {
		if a.Kind != rules.PlayCard || a.Card != c {
			continue
		}
		if a.Bella {
			return a
		}
		plain, found = a, true
	}
	if !found {
		return legal[0]
	}
	return plain
}

// tableKnowledge is what the normal bot reads from a view for the card
// play.
type tableKnowledge struct {
	v     *rules.View
	trump rules.Suit
	out   rules.CardSet // cards that another seat may still hold
	void  [4]rules.CardSet
}

func newTableKnowledge(v *rules.View) tableKnowledge {
	k := tableKnowledge{v: v, trump: v.Trump}
	k.out = v.Unseen()
	for o := rules.Seat(0); o < rules.Seat(v.Players); o++ {
		if o != v.Seat {
			k.out |= v.Known(o)
			k.void[o] = v.CannotHold(o)
		}
	}
	return k
}

// master reports whether no card another seat may hold beats c in its
// own suit.
func (k *tableKnowledge) master(c rules.Card) bool {
	return k.out&rules.Above(c, k.trump) == 0
}

// PlayCard returns the card the normal bot plays among the cards of
// legal, v's legal actions in the card play.
func PlayCard(v *rules.View, legal []rules.Action) rules.Card {
	var cards rules.CardSet
	for _, a := range legal {
		if a.Kind == rules.PlayCard {
			cards = cards.With(a.Card)
		}
	}
	k := newTableKnowledge(v)
	t := v.Trump
	if v.InTrick == 0 {
		return k.lead(cards)
	}
	trick := v.Trick[:v.InTrick]
	w := rules.TrickWinnerOf(trick, t)
	wc := trick[w]
	wseat := v.Winning()
	last := v.InTrick == v.Players-1
	mine := rules.SideOfSeat(v.Players, wseat) == rules.SideOfSeat(v.Players, v.Seat)
	pts := 0
	for _, c := range trick {
		pts += rules.Points(c, t)
	}
	trumpsOut := t != rules.NoTrumps && k.out.Suit(t) != 0
	safe := last || (k.master(wc) && (wc.Suit() == t || !trumpsOut))
	if mine && safe {
		// Give points to the side's trick, but no high trump.
		return pick(cards, func(c rules.Card) int {
			s := rules.Points(c, t) * 4
			if c.Suit() == t {
				s -= 30 + rules.Power(c, t)
			}
			return s - rules.Power(c, t)
		})
	}
	var winners rules.CardSet
	for m := cards; m != 0; {
		c := m.First()
		m = m.Without(c)
		if rules.Beats(c, wc, t) {
			winners = winners.With(c)
		}
	}
	if winners != 0 {
		if last {
			return pick(winners, func(c rules.Card) int { return -cost(c, t) })
		}
		var masters rules.CardSet
		for m := winners; m != 0; {
			c := m.First()
			m = m.Without(c)
			if k.master(c) && (c.Suit() == t || !trumpsOut) {
				masters = masters.With(c)
			}
		}
		if masters != 0 {
			return pick(masters, func(c rules.Card) int { return -cost(c, t) })
		}
		if pts >= 10 || mine {
			return pick(winners, func(c rules.Card) int { return rules.Power(c, t) + 8*b2i(c.Suit() == t) })
		}
		if losers := cards &^ winners; losers != 0 {
			return pick(losers, func(c rules.Card) int { return -cost(c, t) })
		}
		return pick(winners, func(c rules.Card) int { return -cost(c, t) })
	}
	if mine {
		return pick(cards, func(c rules.Card) int { return rules.Points(c, t) - 40*b2i(c.Suit() == t) })
	}
	return pick(cards, func(c rules.Card) int { return -cost(c, t) })
}

// lead chooses the card to lead.
func (k *tableKnowledge) lead(cards rules.CardSet) rules.Card {
	v, t := k.v, k.trump
	makers := v.Maker != rules.NoSeat && rules.SideOfSeat(v.Players, v.Maker) == rules.SideOfSeat(v.Players, v.Seat)
	trumpsOut := t != rules.NoTrumps && k.out.Suit(t) != 0
	if t != rules.NoTrumps && makers && trumpsOut {
		for m := cards.Suit(t); m != 0; {
			c := m.First()
			m = m.Without(c)
			if k.master(c) {
				return c
			}
		}
	}
	// A plain master that the others cannot trump.
	best, bestS := rules.NoCard, -1
	for m := cards; m != 0; {
		c := m.First()
		m = m.Without(c)
		if c.Suit() == t || !k.master(c) {
			continue
		}
		risky := false
		if trumpsOut {
			for o := rules.Seat(0); o < rules.Seat(v.Players); o++ {
				if rules.SideOfSeat(v.Players, o) != rules.SideOfSeat(v.Players, v.Seat) && k.void[o]&rules.SuitMask(c.Suit()) == rules.SuitMask(c.Suit()) && k.void[o]&rules.SuitMask(t) != rules.SuitMask(t) {
					risky = true
				}
			}
		}
		if s := rules.Points(c, t); !risky && s > bestS {
			best, bestS = c, s
		}
	}
	if best != rules.NoCard {
		return best
	}
	// Else a low card of a short plain suit, keeping tens guarded.
	return pick(cards, func(c rules.Card) int {
		s := -cost(c, t)
		if c.Suit() == t {
			s -= 15
			if makers {
				s += 10
			}
		}
		s -= cards.Suit(c.Suit()).Count()
		if c.Rank() == rules.Ten && !k.master(c) {
			s -= 20
		}
		return s
	})
}

// cost is what a card is worth keeping, and so what playing or giving it
// away gives up: its points and power, more for a trump.
func cost(c rules.Card, t rules.Suit) int {
	v := rules.Points(c, t)*3 + rules.Power(c, t)
	if c.Suit() == t {
		v += 25
	}
	return v
}

// pick returns the card of m with the highest score (the lowest card on
// a tie).
func pick(m rules.CardSet, score func(rules.Card) int) rules.Card {
	best, bestS := rules.NoCard, 0
	for x := m; x != 0; {
		c := x.First()
		x = x.Without(c)
		if s := score(c); best == rules.NoCard || s > bestS {
			best, bestS = c, s
		}
	}
	return best
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
