package rules

// What a View reveals about cards it does not show. Bots ask these
// questions instead of reading the history themselves, so the inference
// follows the rules wherever the rules change. Every question takes the
// seat it is about, so it reads the same with more than one opponent.

// CannotHold returns the cards seat s cannot hold now, as its card play
// shows (RULES.md section 6): a player that did not follow the led suit
// has none of it; one that played neither the led suit nor a trump has
// no trump either; one that played a trump that does not beat the trump
// winning the trick has no trump that would (the rules make it beat the
// trick when it can). A player gains no card during play, so what its
// play excluded then is excluded now. Cards in the viewer's own hand or
// already played are not hidden and may be included.
func (v *View) CannotHold(s Seat) CardSet { return v.masked.cannotHold(s) }

func (d *Deal) cannotHold(s Seat) CardSet {
	return cannotHoldIn(d.steps[:d.nsteps], d.trump, 2, s)
}

// cannotHoldIn reads the card play of steps at a table of players with
// trump (a suit, or NoTrumps, where only a failure to follow tells).
func cannotHoldIn(steps []Step, trump Suit, players int, s Seat) CardSet {
	if trump > Spades && trump != NoTrumps {
		return 0
	}
	row := trumpRow(trump)
	var tmask CardSet
	if trump <= Spades {
		tmask = SuitMask(trump)
	}
	var ex CardSet
	lead, best := NoCard, NoCard // the led card and the card winning the trick
	n := 0                       // cards in the trick so far
	for _, st := range steps {
		if st.Action.Kind != PlayCard {
			continue
		}
		c := st.Action.Card
		if n == 0 {
			lead, best, n = c, c, 1
			continue
		}
		if st.Seat == s {
			switch ls := lead.Suit(); {
			case c.Suit() != ls && c.Suit() != trump:
				ex |= SuitMask(ls) | tmask
			case c.Suit() != ls:
				ex |= SuitMask(ls)
			}
			if c.Suit() == trump && best.Suit() == trump && beats[row][best][c] == 0 {
				ex |= Above(best, trump)
			}
		}
		if beats[row][best][c] == 1 {
			best = c
		}
		if n++; n == players {
			n = 0
		}
	}
	return ex
}

// SeqBound restricts a player's best sequence (BestSequence of its hand
// when the dialogue was held), as the dialogue and the shown sequences
// reveal it. Zero fields do not restrict.
type SeqBound struct {
	Value, MinValue int   // best value exactly / at least (20 or 50)
	Len, MinLen     uint8 // length exactly / at least
	Top, MinTop     Rank  // top card exactly / at least; NoRank for none
	// Trump is +1 when the best sequence is in trump, -1 when it is not
	// (a "same" settled by the trump rule shows which), 0 when unknown.
	Trump      int8
	Shown      bool // the shown cards are exactly SequenceCards(hand)
	ShownCards CardSet
}

// SequenceBound returns what the sequence dialogue and the sequences
// shown after the first trick reveal of seat opp's best sequence. It
// reads the dialogue as Deal plays it: the non-dealer opens
// with its best value (or "no sequence"); the dealer answers "not good"
// only with a better value, "how high?" / "how many cards?" only with an
// equal one; lengths and tops are told truthfully and answered the same
// way ("not good": more, or higher; "how high?" / "same": equal).
func (v *View) SequenceBound(opp Seat) SeqBound {
	b := &SeqBound{Top: NoRank, MinTop: NoRank}
	if v.SeqWinner == opp && v.Shown != 0 {
		b.Shown, b.ShownCards = true, v.Shown
	}
	var announced int
	var told Sequence
	same := false
	// The step whose answer comes next: 1 the value, 2 the length, 3 the
	// top.
	step := 0
	for _, st := range v.History() {
		a := st.Action
		byOpp := st.Seat == opp
		switch a.Kind {
		case Announce:
			if byOpp {
				b.Value = int(a.N)
			}
			if step == 0 {
				announced = int(a.N)
			}
			step = 1
		case NoSequence:
			step = 1
		case Length:
			told.Len = a.N
			if byOpp {
				b.Len = a.N
			}
			step = 2
		case Top:
			told.Top = a.Rank
			if byOpp {
				b.Top = a.Rank
			}
			step = 3
		case NotGood, HowHigh, HowMany, Same:
			same = same || a.Kind == Same
			if !byOpp {
				continue
			}
			notGood := a.Kind == NotGood
			switch step {
			case 1:
				if notGood {
					b.MinValue = max(b.MinValue, announced+1)
				} else {
					b.Value = announced
				}
			case 2:
				if notGood {
					b.MinLen = max(b.MinLen, told.Len+1)
				} else {
					b.Len = told.Len
				}
			case 3:
				if notGood {
					b.MinTop = told.Top + 1
				} else {
					b.Top = told.Top
				}
			}
		}
	}
	// At "same" the trump sequence wins, else the non-dealer's: when our
	// own best is in trump (we are the dealer) or not (we are the
	// non-dealer), the winner tells whether the opponent's is.
	if same && v.SeqWinner != NoSeat {
		ownTrump := v.OwnBest().Suit == v.Trump
		oppDeals := v.Dealer == opp
		switch {
		case !oppDeals && ownTrump: // we deal, with a trump sequence
			b.Trump = map[bool]int8{true: 1, false: -1}[v.SeqWinner == opp]
		case oppDeals && !ownTrump: // we lead, with a plain sequence
			b.Trump = map[bool]int8{true: 1, false: -1}[v.SeqWinner == opp]
		}
	}
	return *b
}

// Fits reports whether hand, the opponent's hand when the dialogue was
// held, satisfies the sequence bounds.
func (b *SeqBound) Fits(hand CardSet, trump Suit, mode SeqRank) bool {
	if b.Shown && SequenceCards(hand) != b.ShownCards {
		return false
	}
	if b.Value == 0 && b.MinValue == 0 && b.Len == 0 && b.MinLen == 0 && b.Top == NoRank && b.MinTop == NoRank && b.Trump == 0 {
		return true
	}
	q, _ := BestSequence(hand, trump, mode)
	v := q.Value()
	switch {
	case b.Value != 0 && v != b.Value,
		v < b.MinValue,
		b.Len != 0 && q.Len != b.Len,
		q.Len < b.MinLen,
		b.Top != NoRank && q.Top != b.Top,
		b.MinTop != NoRank && (q.Len < 3 || q.Top < b.MinTop),
		b.Trump > 0 && q.Suit != trump,
		b.Trump < 0 && q.Len >= 3 && q.Suit == trump:
		return false
	}
	return true
}
