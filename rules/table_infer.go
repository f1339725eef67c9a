package rules

// What a TableView reveals of the melds it does not show: the words of
// the sequence dialogue and the melds shown after the first trick. Bots
// ask this instead of reading the dialogue themselves (SequenceBound is
// the same question for two players).

// MeldBound restricts a seat's best meld (Table.BestMeld: the best meld
// of its hand when the dialogue was held) as the dialogue and the melds
// shown reveal it. Zero fields and NoRank do not restrict.
type MeldBound struct {
	Value, MinValue int   // best value exactly / at least (20 or 50)
	Len, MinLen     uint8 // length exactly / at least
	Top, MinTop     Rank  // top card exactly / at least; NoRank for none
	Shown           bool  // the shown cards are exactly the meld cards of the hand
	ShownCards      CardSet
}

// MeldBound returns what the dialogue and the melds shown reveal of seat
// o's best meld. It reads the words as Table plays them (doc_tables.go):
// "announce V" says the best value; "how-many", "how-high" and "same" an
// equal value (and length, and top); "not-good" and a claim by length say
// better at the point the words reached; "length N" and "top R" are told
// truthfully. "good" and "no-sequence" say nothing: a player may keep
// quiet. Whether a meld is in trump is not inferred.
func (v *TableView) MeldBound(o Seat) MeldBound {
	b := MeldBound{Top: NoRank, MinTop: NoRank}
	if v.SeqWinner != NoSeat && o < 4 && v.Shown[o] != 0 {
		b.Shown, b.ShownCards = true, v.Shown[o]
	}
	lengthMode := v.Options.SequenceRank == RankByLength
	var cVal, cLen uint8
	cTop := NoRank
	step := tSpeak
	for _, st := range v.History() {
		a, mine := st.Action, st.Seat == o
		lengthLevel := lengthMode && cVal == 50
		switch a.Kind {
		case Announce:
			if mine {
				b.Value = int(a.N)
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
	return b
}

// Fits reports whether hand, a seat's hand when the dialogue was held,
// satisfies the bound under trump and the options (of_a_kind, menage and
// sequence_rank change what the best meld is).
func (b *MeldBound) Fits(hand CardSet, trump Suit, opts Options) bool {
	best, _, cards := tableMelds(hand, trump, opts)
	if b.Shown && cards != b.ShownCards {
		return false
	}
	v := best.Value()
	switch {
	case b.Value != 0 && v != b.Value,
		v < b.MinValue,
		b.Len != 0 && best.Len != b.Len,
		best.Len < b.MinLen,
		b.Top != NoRank && (best.Len < 3 || best.Top != b.Top),
		b.MinTop != NoRank && (best.Len < 3 || best.Top < b.MinTop):
		return false
	}
	return true
}
