package rules

// The bidding (RULES.md section 3) and the dix exchange (section 4):
// round one, the schmeiss, round two and the dix, each with its legal
// moves, its apply and its explanation of a refused move.

// Round one: the non-dealer, then the dealer, may pass, take the
// upcard's suit or schmeiss.

func (d *Deal) appendBid1(dst []Action) []Action {
	return append(dst, simple(Pass), simple(Take), simple(Schmeiss))
}

func (d *Deal) isLegalBid1(a Action) bool {
	return a == simple(Pass) || a == simple(Take) || a == simple(Schmeiss)
}

func (d *Deal) applyBid1(a Action) {
	switch a.Kind {
	case Take:
		d.settle(d.turn, d.origUpcard.Suit())
	case Schmeiss:
		d.schmeisser = d.turn
		d.phase = PhaseSchmeiss
		d.turn = d.turn.Other()
	case Pass:
		d.passes++
		if d.passes == 2 {
			d.phase, d.passes, d.turn = PhaseBid2, 0, d.dealer.Other()
		} else {
			d.turn = d.turn.Other()
		}
	}
}

// The schmeiss: the other player accepts (the deal is thrown in) or
// refuses (the schmeisser is maker in the upcard's suit).

func (d *Deal) appendSchmeiss(dst []Action) []Action {
	return append(dst, simple(Accept), simple(Refuse))
}

func (d *Deal) isLegalSchmeiss(a Action) bool {
	return a == simple(Accept) || a == simple(Refuse)
}

func (d *Deal) applySchmeiss(a Action) {
	if a.Kind == Accept {
		d.abandon(SchmeissAccepted)
	} else {
		d.settle(d.schmeisser, d.origUpcard.Suit())
	}
}

// Round two: name a suit other than the upcard's, or pass; two passes
// throw the deal in.

func (d *Deal) appendBid2(dst []Action) []Action {
	dst = append(dst, simple(Pass))
	for s := Clubs; s <= Spades; s++ {
		if s != d.origUpcard.Suit() {
			dst = append(dst, NameAction(s))
		}
	}
	return dst
}

func (d *Deal) isLegalBid2(a Action) bool {
	return a == simple(Pass) || a.Suit < 4 && a.Suit != d.origUpcard.Suit() && a == NameAction(a.Suit)
}

func (d *Deal) applyBid2(a Action) {
	if a.Kind == Name {
		d.settle(d.turn, a.Suit)
		return
	}
	d.passes++
	if d.passes == 2 {
		d.abandon(AllPassed)
	} else {
		d.turn = d.turn.Other()
	}
}

func (d *Deal) explainBid2(a Action, e *IllegalError) error {
	if a.Kind != Name {
		return nil
	}
	if a.Suit > Spades {
		return e.fail(ErrBadSuit, "name a suit: clubs, diamonds, hearts or spades")
	}
	return e.fail(ErrBadSuit, "%s were refused in round one: name one of the other three suits", a.Suit.Name())
}

// settle makes maker the maker with trump, deals the second batch, turns
// the bottom card and moves on to the dix exchange or the sequences.
func (d *Deal) settle(maker Seat, trump Suit) {
	d.maker, d.trump, d.play.Trump = maker, trump, trump
	nd := d.dealer.Other()
	d.play.Hands[nd] |= SetOf(d.deck[posSecond], d.deck[posSecond+1], d.deck[posSecond+2])
	d.play.Hands[d.dealer] |= SetOf(d.deck[posSecond+3], d.deck[posSecond+4], d.deck[posSecond+5])
	if d.opts.BottomCard {
		d.bottom = d.deck[posBottom]
	}
	d.score.Maker, d.score.Trump = maker, trump
	if trump == d.origUpcard.Suit() && d.origUpcard.Rank() != Seven {
		d.phase, d.turn = PhaseDix, nd
		return
	}
	d.startSequences()
}

// abandon throws the deal in: nobody scores.
func (d *Deal) abandon(how Ending) {
	d.phase, d.ending = PhaseOver, how
	d.score.Outcome = Abandoned
}

// The dix: with trump the upcard's suit (and the upcard not the 7), the
// holder of the 7 of trump may exchange it for the upcard.

func (d *Deal) appendDix(dst []Action) []Action {
	if d.play.Hands[d.turn].Has(NewCard(Seven, d.trump)) {
		dst = append(dst, simple(Exchange))
	}
	return append(dst, simple(NoExchange))
}

func (d *Deal) isLegalDix(a Action) bool {
	return a == simple(NoExchange) || a == simple(Exchange) && d.play.Hands[d.turn&1].Has(NewCard(Seven, d.trump))
}

func (d *Deal) applyDix(a Action) {
	if a.Kind == Exchange {
		seven := NewCard(Seven, d.trump)
		d.play.Hands[d.turn] = d.play.Hands[d.turn].Without(seven).With(d.upcard)
		d.upcard = seven
		d.dixBy = d.turn
		d.startSequences()
	} else if d.turn == d.dealer.Other() {
		d.turn = d.dealer
	} else {
		d.startSequences()
	}
}

func (d *Deal) explainDix(a Action, e *IllegalError) error {
	if a.Kind == Exchange && d.trump != NoSuit {
		return e.fail(ErrNoDix, "you do not hold the 7 of %s to exchange", d.trump.Name())
	}
	return nil
}
