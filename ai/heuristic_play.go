package ai

import (
	"github.com/klob/klob/rules"
)

// Card play of the heuristic bot.
//
// Every candidate card c gets a score: the expected points of the trick
// it starts or answers (won points count plus, lost points minus) less
// keep(c), the points c is expected to bring if kept for later. Since the
// rest of the hand is kept either way, the difference is what playing c
// now instead of later is worth. Two things follow without special rules:
// a card that wins for sure now but may be trumped later is cashed now
// (the defender's aces), and a card that can only lose is thrown when
// throwing it costs least (a seven before an unguarded ten). A few
// strategic terms sit on top (drawing trumps to protect side winners,
// keeping a ten guarded, forcing the opponent to ruff) and the last
// tricks are played exactly (heuristic_end.go).

// playScores fills score with the value of leading or following with each
// legal card.
func (b *heuristicBot) playScores(k *heurKnow, legal rules.CardSet, score *[32]float64) {
	v := k.v
	for m := legal; m != 0; m &= m - 1 {
		c := m.First()
		var s float64
		if v.InTrick == 0 {
			s = b.leadValue(k, c)
		} else {
			s = b.followValue(k, v.Trick[0], c)
		}
		score[c] = s - b.keep(k, c)
	}
}

// keep estimates the net points card c brings if it stays in the hand:
// with chance q it wins a later trick (its own points plus what falls
// on it), otherwise it is lost (part of its points go to the opponent).
func (b *heuristicBot) keep(k *heurKnow, c rules.Card) float64 {
	par := &b.par
	pts := k.pts(c)
	tr := rules.SuitMask(k.trump)
	if c.Suit() == k.trump {
		// A trump is beaten only by a higher trump; it also ruffs a plain
		// card later, so it is worth something even with no points.
		q := 1 - k.pAny(rules.Above(c, k.trump))
		return q*(pts+par.TrumpCapture) - (1-q)*pts*par.LossShare + par.TrumpBase
	}
	s := c.Suit()
	pHigh := k.pAny(rules.Above(c, k.trump))
	// The opponent can ruff the card if it is void in the suit (or gets
	// void before the card is played) and still has a trump.
	pTrump := k.pAny(tr)
	pv := k.pVoid(s)
	ruff := pTrump * (pv + par.LaterVoid*(1-pv))
	q := (1 - pHigh) * (1 - ruff)
	val := q*(pts+par.PlainCapture) - (1-q)*pts*par.LossShare
	// A small card that guards a ten (ten and one other card, ace still
	// out) lets the ten survive an ace lead: part of the ten is its value.
	if pts < 10 {
		ten := rules.NewCard(rules.Ten, s)
		ace := rules.NewCard(rules.Ace, s)
		if k.hand.Has(ten) && c != ten && !k.hand.Has(ace) && k.poss.Has(ace) && k.hand.Suit(s).Count() == 2 {
			val += k.p[ace] * 10 * par.GuardShare
		}
	}
	return val
}

// followValue is the certain value of answering lead with c: both cards'
// points, won or lost.
func (b *heuristicBot) followValue(k *heurKnow, lead, c rules.Card) float64 {
	t := k.pts(lead) + k.pts(c)
	if rules.Beats(c, lead, k.trump) {
		return t
	}
	return -t
}

// leadValue is the expected value of the trick when c is led, from the
// chances of the opponent's possible answers: it beats c if it holds a
// higher card of the suit (or, void in a plain suit, any trump, since it
// must trump); otherwise it follows low or discards.
func (b *heuristicBot) leadValue(k *heurKnow, c rules.Card) float64 {
	par := &b.par
	pts := k.pts(c)
	s := c.Suit()
	tr := rules.SuitMask(k.trump)
	if s == k.trump {
		hi := rules.Above(c, k.trump)
		pHi := k.pAny(hi)
		// Without a higher trump the opponent must still follow with a
		// trump if it has one: the lead draws it.
		low := tr &^ hi
		pLow := k.pAny(low)
		capt := pLow * k.minPoints(low)
		v := (1-pHi)*(pts+capt) - pHi*(pts+k.expPoints(hi))
		if pHi < 0.05 {
			// A master trump drawing the opponent's trumps protects the
			// side winners from being ruffed: worth a share of them.
			v += par.DrawTrump * k.pAny(tr) * k.sideWinnerPoints()
		}
		return v
	}
	hi := rules.Above(c, k.trump)
	pHi := k.pAny(hi)
	pv := k.pVoid(s)
	pT := k.pAny(tr)
	pRuff := pv * pT
	pWin := 1 - pHi - pRuff
	if pWin < 0 {
		pWin = 0
	}
	follow := k.minPoints(rules.SuitMask(s) &^ hi)
	// A ruff costs the opponent a trump: what forcing it is worth.
	return pWin*(pts+follow) - pHi*(pts+k.expPoints(hi)) - pRuff*(pts+k.minPoints(tr)-par.Force)
}

// minPoints is the points of the cheapest card of m the opponent may
// hold: what it plays when it must follow but cannot win.
func (k *heurKnow) minPoints(m rules.CardSet) float64 {
	m &= k.poss
	best := -1.0
	for ; m != 0; m &= m - 1 {
		p := k.pts(m.First())
		if best < 0 || p < best {
			best = p
		}
	}
	if best < 0 {
		return 0
	}
	return best
}

// sideWinnerPoints adds the points of plain cards in hand that nothing
// of the opponent's can beat in their suit: what trumps could steal.
func (k *heurKnow) sideWinnerPoints() float64 {
	t := 0.0
	for m := k.hand &^ rules.SuitMask(k.trump); m != 0; m &= m - 1 {
		c := m.First()
		if k.pAny(rules.Above(c, k.trump)) < 0.05 {
			t += k.pts(c)
		}
	}
	return t
}

// bestCard picks the legal card with the highest score; ties go to the
// card with fewer points, then the lower index, so the choice is a
// function of the View alone.
func (k *heurKnow) bestCard(legal rules.CardSet, score *[32]float64) rules.Card {
	best := rules.NoCard
	for m := legal; m != 0; m &= m - 1 {
		c := m.First()
		if best == rules.NoCard || score[c] > score[best]+1e-9 ||
			(score[c] > score[best]-1e-9 && k.pts(c) < k.pts(best)) {
			best = c
		}
	}
	return best
}
