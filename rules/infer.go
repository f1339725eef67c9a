package rules

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

// What a View reveals of the melds it does not show: the words of
// the sequence dialogue and the melds shown after the first trick. Bots
// ask this instead of reading the dialogue themselves.

// MeldBound restricts a seat's best meld (Deal.BestMeld: the best meld
// of its hand when the dialogue was held) as the dialogue and the melds
// shown reveal it. Zero fields and NoRank do not restrict. After an
// opening "announce 20" (Claim20) the bound is on the seat's best meld
// of value 20 instead: the hand may hold a 50 as well.
type MeldBound struct {
	Value, MinValue int   // best value exactly / at least (20 or 50)
	Claim20         bool  // the seat opened with "announce 20": the rest bounds its best 20
	Len, MinLen     uint8 // length exactly / at least
	Top, MinTop     Rank  // top card exactly / at least; NoRank for none
	// Trump is +1 when the best meld is in trump, -1 when it is not (a
	// "same" settled by the trump rule shows which), 0 when unknown.
	Trump      int8
	Shown      bool // the shown cards are exactly the meld cards of the hand
	ShownCards CardSet
}

// MeldBound returns what the dialogue and the melds shown reveal of seat
// o's best meld. It reads the words as Deal plays them (the package doc):
// "announce 50" says the best value, an opening "announce 20" a 20 held
// (the best, or below a 50), which the words after it describe;
// "how-many", "how-high" and "same" an
// equal value (and length, and top); "not-good" and a claim by length say
// better at the point the words reached; "length N" and "top R" are told
// truthfully. "good" and "no-sequence" say nothing: a player may keep
// quiet. At "same" the meld in trump wins, else the claim standing: when
// the last "same" stood to the end, the winner of the right (public once
// play starts) tells whether the challenger's meld is in trump.
func (v *View) MeldBound(o Seat) MeldBound {
	b := MeldBound{Top: NoRank, MinTop: NoRank}
	if v.SeqWinner != NoSeat && o < 4 && v.Shown[o] != 0 {
		b.Shown, b.ShownCards = true, v.Shown[o]
	}
	lengthMode := v.Options.SequenceRank == RankByLength
	var cVal, cLen uint8
	cTop := NoRank
	step := tSpeak
	claimant := NoSeat
	sameBy, sameTo := NoSeat, NoSeat // the last "same": who said it, to whose claim
	for _, st := range v.History() {
		a, mine := st.Action, st.Seat == o
		lengthLevel := lengthMode && cVal == 50
		switch a.Kind {
		case Announce, NotGood:
			claimant, sameBy = st.Seat, NoSeat
		case Length:
			if step != tTellLen {
				claimant, sameBy = st.Seat, NoSeat
			}
		case Same:
			sameBy, sameTo = st.Seat, claimant
		}
		switch a.Kind {
		case Announce:
			if mine {
				b.Value, b.Claim20 = int(a.N), a.N == 20
			}
			cVal, cLen, cTop, step = a.N, 0, NoRank, tSpeak
		case NoSequence, Good:
			step = tSpeak
		case NotGood:
			switch {
			case step == tSpeak && cLen == 0 && cTop == NoRank:
				if mine {
					b.Value = 50
				}
				cVal, cTop = 50, NoRank
			case step == tReplyLen:
				if mine {
					b.Value, b.MinLen = int(cVal), cLen+1
				}
				cLen, cTop = 0, NoRank
			default:
				if mine {
					b.Value, b.MinTop = int(cVal), cTop+1
					if lengthLevel {
						b.Len = cLen
					}
				}
				cTop = NoRank
			}
			step = tSpeak
		case HowMany:
			if mine {
				b.Value = int(cVal)
			}
			step = tTellLen
		case HowHigh:
			if mine {
				b.Value = int(cVal)
				if lengthLevel && cLen != 0 {
					b.Len = cLen
				}
			}
			step = tTellTop
		case Length:
			if mine {
				b.Len = a.N
			}
			if step == tTellLen {
				cLen, step = a.N, tReplyLen
				break
			}
			// A longer 50 claimed over a length told.
			if mine {
				b.Value = 50
			}
			cLen, cTop, step = a.N, NoRank, tSpeak
		case Top:
			if mine {
				b.Top = a.Rank
			}
			cTop, step = a.Rank, tReplyTop
		case Same:
			if mine {
				b.Value, b.Top = int(cVal), cTop
				if lengthLevel {
					b.Len = cLen
				}
			}
			step = tSpeak
		}
	}
	if sameBy != NoSeat && v.SeqWinner != NoSeat {
		won := v.SeqWinner == sameBy
		switch o {
		case sameBy:
			b.Trump = map[bool]int8{true: 1, false: -1}[won]
		case sameTo:
			if won {
				b.Trump = -1
			}
		}
	}
	return b
}

// Fits reports whether hand, a seat's hand when the dialogue was held,
// satisfies the bound under trump and the options (of_a_kind, menage and
// sequence_rank change what the best meld is).
func (b *MeldBound) Fits(hand CardSet, trump Suit, opts Options) bool {
	best, best20, _, cards := meldsOf(hand, trump, opts)
	if b.Shown && cards != b.ShownCards {
		return false
	}
	if b.Claim20 {
		// The words after the opening 20 tell of that 20, whatever the
		// best; a 50 beside it stays possible.
		best = best20
	}
	v := best.Value()
	switch {
	case b.Value != 0 && v != b.Value,
		v < b.MinValue,
		b.Len != 0 && best.Len != b.Len,
		best.Len < b.MinLen,
		b.Top != NoRank && (best.Len < 3 || best.Top != b.Top),
		b.MinTop != NoRank && (best.Len < 3 || best.Top < b.MinTop),
		b.Trump > 0 && !best.Trump,
		b.Trump < 0 && best.Len >= 3 && best.Trump:
		return false
	}
	return true
}
