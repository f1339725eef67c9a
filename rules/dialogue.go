package rules

import "strings"

// The sequence dialogue (RULES.md section 5): its words, what each
// answers, and who wins the right to score sequences.

// Dialogue steps inside PhaseSequences.
type seqStep uint8

const (
	seqOpen     seqStep = iota // non-dealer: announce or no sequence
	seqReply                   // dealer: answer the announcement, or announce after "no sequence"
	seqTellLen                 // non-dealer: number of cards
	seqLenReply                // dealer: good, not good, how high?
	seqTellTop                 // non-dealer: top card
	seqTopReply                // dealer: good, not good, same
)

func (d *Deal) startSequences() {
	for s := SeatA; s <= SeatB; s++ {
		h := d.play.Hands[s]
		d.best[s], _ = BestSequence(h, d.trump, d.opts.SequenceRank)
		d.seqPts[s] = int16(SequencePoints(h))
		d.seqCards[s] = SequenceCards(h)
	}
	d.phase, d.step, d.turn = PhaseSequences, seqOpen, d.dealer.Other()
}

// appendDialogue lists the words the dialogue allows now.
func (d *Deal) appendDialogue(dst []Action) []Action {
	nd, dl := d.dealer.Other(), d.dealer
	mine := d.best[d.turn]
	mode := d.opts.SequenceRank
	switch d.step {
	case seqOpen:
		if mine.Len >= 3 {
			dst = append(dst, AnnounceAction(mine.Value()))
		}
		return append(dst, simple(NoSequence))
	case seqReply:
		if d.announced == 0 {
			if mine.Len >= 3 {
				dst = append(dst, AnnounceAction(mine.Value()))
			}
			return append(dst, simple(NoSequence))
		}
		dst = append(dst, simple(Good))
		v := mine.Value()
		switch {
		case v > int(d.announced):
			dst = append(dst, simple(NotGood))
		case v == int(d.announced) && mode == RankByLength && v == 50:
			dst = append(dst, simple(HowMany))
		case v == int(d.announced):
			dst = append(dst, simple(HowHigh))
		}
		return dst
	case seqTellLen:
		return append(dst, LengthAction(int(d.best[nd].Len)))
	case seqLenReply:
		dst = append(dst, simple(Good))
		switch l := d.best[dl].Len; {
		case l > d.told.Len:
			dst = append(dst, simple(NotGood))
		case l == d.told.Len:
			dst = append(dst, simple(HowHigh))
		}
		return dst
	case seqTellTop:
		return append(dst, TopAction(d.best[nd].Top))
	case seqTopReply:
		dst = append(dst, simple(Good))
		switch t := d.best[dl].Top; {
		case t > d.told.Top:
			dst = append(dst, simple(NotGood))
		case t == d.told.Top:
			dst = append(dst, simple(Same))
		}
		return dst
	}
	return dst
}

// isLegalDialogue: the words depend on both sequences, so the dialogue
// lists its legal words and looks a up.
func (d *Deal) isLegalDialogue(a Action) bool {
	var buf [12]Action
	for _, l := range d.appendDialogue(buf[:0]) {
		if l == a {
			return true
		}
	}
	return false
}

func (d *Deal) dialogue(a Action) {
	nd, dl := d.dealer.Other(), d.dealer
	switch d.step {
	case seqOpen:
		if a.Kind == Announce {
			d.announced = a.N
		}
		d.step, d.turn = seqReply, dl
	case seqReply:
		switch a.Kind {
		case Announce, NotGood:
			d.endDialogue(dl)
		case NoSequence:
			d.endDialogue(NoSeat)
		case Good:
			d.endDialogue(nd)
		case HowMany:
			d.step, d.turn = seqTellLen, nd
		case HowHigh:
			d.step, d.turn = seqTellTop, nd
		}
	case seqTellLen:
		d.told.Len = a.N
		d.step, d.turn = seqLenReply, dl
	case seqLenReply:
		switch a.Kind {
		case Good:
			d.endDialogue(nd)
		case NotGood:
			d.endDialogue(dl)
		case HowHigh:
			d.step, d.turn = seqTellTop, nd
		}
	case seqTellTop:
		d.told.Top = a.Rank
		d.step, d.turn = seqTopReply, dl
	case seqTopReply:
		switch a.Kind {
		case Good:
			d.endDialogue(nd)
		case NotGood:
			d.endDialogue(dl)
		case Same:
			// Equal value and top: a trump sequence wins, else the
			// non-dealer's (RULES.md section 5).
			if d.best[dl].Suit == d.trump && d.best[nd].Suit != d.trump {
				d.endDialogue(dl)
			} else {
				d.endDialogue(nd)
			}
		}
	}
}

func (d *Deal) endDialogue(winner Seat) {
	d.seqWinner = winner
	d.phase = PhasePlay
	d.play.Leader = d.dealer.Other()
	d.play.Lead = NoCard
}

// holdsValue reports whether hand holds a sequence worth value points.
func holdsValue(hand CardSet, value int) bool {
	for _, q := range Sequences(hand) {
		if q.Value() == value {
			return true
		}
	}
	return false
}

// explainDialogue says what is wrong with a word the dialogue refuses;
// want is what the phase asks for.
func (d *Deal) explainDialogue(a Action, want string, e *IllegalError) error {
	var buf [8]Action
	legal := d.AppendLegal(buf[:0])
	may := func(k Kind) bool {
		for _, l := range legal {
			if l.Kind == k {
				return true
			}
		}
		return false
	}
	// An announcement, a length or a top card the dialogue asks
	// for, but not the player's own: say what is wrong with it.
	announcing := d.step == seqOpen || (d.step == seqReply && d.announced == 0)
	switch {
	case a.Kind == Announce && announcing:
		best := d.best[d.turn]
		if int(a.N) < best.Value() && holdsValue(d.play.Hands[d.turn], int(a.N)) {
			return e.fail(ErrNoSuchSequence, "announce your best sequence, %s, or say no sequence", AnnounceAction(best.Value()).Words())
		}
		return e.fail(ErrNoSuchSequence, "no sequence of that value to announce")
	case a.Kind == Top && may(Top):
		return e.fail(ErrNoSuchSequence, "that is not your sequence: say its real top card, %s", d.best[d.turn].Top.Name())
	case a.Kind == Length && may(Length):
		return e.fail(ErrNoSuchSequence, "that is not your sequence: say its real length, %s cards", lengthWord(d.best[d.turn].Len))
	}
	words := make([]string, len(legal))
	for i, l := range legal {
		words[i] = `"` + l.Words() + `"`
	}
	if a.Kind < NoSequence || a.Kind > Length {
		e.Want = want + ": you may say " + strings.Join(words, ", ")
		return e.fail(ErrWrongPhase, "%q is not a move now: %s", a.String(), e.Want)
	}
	return e.fail(ErrDialogue, "you cannot say %q now: you may say %s", a.Words(), strings.Join(words, ", "))
}
