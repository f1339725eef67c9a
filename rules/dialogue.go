package rules

// The sequence dialogue for any number of players (docs/rules.md sections 5
// and 14; the words and their order are in the package doc). One pass
// round the table from eldest: each player in turn, the challenger,
// concedes or claims better than the claim standing, saying only as much
// as it takes to show it is better. The claim standing is what the
// table has heard of the claimant's best meld: its value always, its
// length and its top card once asked.

// claimVerdict says how the challenger's best meld compares with the
// claim standing, as far as the words said so far tell.
type claimVerdict uint8

const (
	claimLower  claimVerdict = iota // worse: only "good"
	claimHigher                     // better at the point the words reached: "not good"
	claimValue                      // a 50 over a 20 whose length or top was told: "announce 50"
	claimLonger                     // a longer 50 over one whose length was told: "length N"
	claimSame                       // equal value, length and top: "same"
	claimAskLen                     // equal value, length not told: "how many cards?"
	claimAskTop                     // equal so far, top not told: "how high?"
)

// lengthLevel reports whether the claim's length is compared before its
// top: sequence_rank=length and a 50.
func (t *Deal) lengthLevel() bool {
	return t.opts.SequenceRank == RankByLength && t.cVal == 50
}

// verdict compares mine with the claim standing.
func (t *Deal) verdict(mine Meld) claimVerdict {
	told := t.cLen != 0 || t.cTop != NoRank
	switch v := mine.Value(); {
	case v < int(t.cVal):
		return claimLower
	case v > int(t.cVal) && told:
		return claimValue
	case v > int(t.cVal):
		return claimHigher
	}
	if t.lengthLevel() {
		switch {
		case t.cLen == 0:
			return claimAskLen
		case mine.Len > t.cLen:
			return claimLonger
		case mine.Len < t.cLen:
			return claimLower
		}
	}
	return t.topVerdict(mine)
}

func (t *Deal) topVerdict(mine Meld) claimVerdict {
	switch {
	case t.cTop == NoRank:
		return claimAskTop
	case mine.Top > t.cTop:
		return claimHigher
	case mine.Top < t.cTop:
		return claimLower
	}
	return claimSame
}

func appendVerdict(dst []Action, v claimVerdict, mine Meld) []Action {
	switch v {
	case claimValue:
		dst = append(dst, AnnounceAction(mine.Value()))
	case claimLonger:
		dst = append(dst, LengthAction(int(mine.Len)))
	case claimHigher:
		dst = append(dst, simple(NotGood))
	case claimSame:
		dst = append(dst, simple(Same))
	case claimAskLen:
		dst = append(dst, simple(HowMany))
	case claimAskTop:
		dst = append(dst, simple(HowHigh))
	}
	return dst
}

// sameTakes reports whether the challenger's "same" takes the right:
// at equal value, length and top a meld in trump wins (two cannot both
// be), else the claim standing, nearer eldest.
func (t *Deal) sameTakes() bool {
	return t.best[t.challenger].Trump && !t.claimed().Trump
}

// claimed is the claimant's meld the claim standing stands for: its best
// meld, or after an opening "announce 20" below a 50, its best 20. Every
// later claim is the claimant's best meld, whose value the claim has.
func (t *Deal) claimed() Meld {
	if t.cVal == 20 {
		return t.best20[t.claimant]
	}
	return t.best[t.claimant]
}

func (t *Deal) appendDialogue(dst []Action) []Action {
	switch t.step {
	case tSpeak:
		mine := t.best[t.turn]
		if t.claimant == NoSeat {
			// The opening claim: the best meld's value, or below a 50 a
			// 20 the hand holds too (docs/rules.md section 5: not higher than
			// the best), or nothing.
			if mine.Len >= 3 {
				dst = append(dst, AnnounceAction(mine.Value()))
			}
			if mine.Value() == 50 && t.best20[t.turn].Len == 3 {
				dst = append(dst, AnnounceAction(20))
			}
			return append(dst, simple(NoSequence))
		}
		return appendVerdict(append(dst, simple(Good)), t.verdict(mine), mine)
	case tTellLen:
		return append(dst, LengthAction(int(t.claimed().Len)))
	case tTellTop:
		return append(dst, TopAction(t.claimed().Top))
	case tReplyLen:
		mine := t.best[t.turn]
		dst = append(dst, simple(Good))
		switch {
		case mine.Len > t.cLen:
			return append(dst, simple(NotGood))
		case mine.Len == t.cLen:
			return appendVerdict(dst, t.topVerdict(mine), mine)
		}
		return dst
	case tReplyTop:
		return appendVerdict(append(dst, simple(Good)), t.topVerdict(t.best[t.turn]), t.best[t.turn])
	}
	return dst
}

func (t *Deal) dialogue(a Action) {
	switch t.step {
	case tTellLen:
		t.cLen = a.N
		t.step, t.turn = tReplyLen, t.challenger
		return
	case tTellTop:
		t.cTop = a.Rank
		t.step, t.turn = tReplyTop, t.challenger
		return
	}
	switch a.Kind {
	case Announce:
		t.claimant, t.cVal, t.cLen, t.cTop = t.challenger, a.N, 0, NoRank
	case Length:
		// A longer 50 than the length told: the new claim's length.
		t.claimant, t.cLen, t.cTop = t.challenger, a.N, NoRank
	case NotGood:
		// Better at the point the words reached, which the table knows:
		// over a value alone the claim is a 50; after a length told and
		// answered, longer; else a higher top. What is not said is not
		// known (over told details a 50 says "announce 50" and a longer
		// run its length, so "not good" is never ambiguous).
		switch {
		case t.step == tSpeak && t.cLen == 0 && t.cTop == NoRank:
			t.cVal, t.cTop = 50, NoRank
		case t.step == tReplyLen:
			t.cLen, t.cTop = 0, NoRank
		default:
			t.cTop = NoRank
		}
		t.claimant = t.challenger
	case HowMany:
		t.step, t.turn = tTellLen, t.claimant
		return
	case HowHigh:
		t.step, t.turn = tTellTop, t.claimant
		return
	case Same:
		if t.sameTakes() {
			t.claimant = t.challenger
		}
	}
	// Good, NoSequence, and every claim settled: the next player speaks.
	t.spoken++
	if t.spoken == t.n {
		t.endDialogue()
		return
	}
	t.challenger = t.seatAt(t.spoken)
	t.step, t.turn = tSpeak, t.challenger
}

// endDialogue gives the right to the last claimant's side and starts the
// card play with eldest's lead.
func (t *Deal) endDialogue() {
	t.seqWinner = t.claimant
	t.phase = PhasePlay
	t.play.Leader = t.eldest()
	t.play.InTrick = 0
	for s := Seat(0); s < Seat(t.n); s++ {
		if HoldsMenage(t.play.Hands[s], t.trump, t.opts) {
			t.menage = s
		}
	}
}
