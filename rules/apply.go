package rules

import (
	"math/bits"
	"strings"
)

// Legal returns every action the seat to move may take.
func (t *Deal) Legal() []Action { return t.AppendLegal(make([]Action, 0, 12)) }

// AppendLegal appends the legal actions to dst and returns it, in the
// order Deal gives them with two players.
func (t *Deal) AppendLegal(dst []Action) []Action {
	switch t.phase {
	case PhaseDeclare:
		return t.appendDeclare(dst)
	case PhaseBid1:
		dst = append(dst, simple(Pass), simple(Take))
		if t.opts.HasSchmeiss() {
			dst = append(dst, simple(Schmeiss))
		}
		return dst
	case PhaseSchmeiss:
		return append(dst, simple(Accept), simple(Refuse))
	case PhaseBid2:
		if !t.dealerForced() {
			dst = append(dst, simple(Pass))
		}
		for s := Clubs; s <= Spades; s++ {
			if t.mayName(s) {
				dst = append(dst, NameAction(s))
			}
		}
		if t.mayName(NoTrumps) {
			dst = append(dst, NameAction(NoTrumps))
		}
		return dst
	case PhaseDix:
		if t.play.Hands[t.turn].Has(Dix(t.trump)) {
			dst = append(dst, simple(Exchange))
		}
		return append(dst, simple(NoExchange))
	case PhaseSequences:
		return t.appendDialogue(dst)
	case PhasePlay:
		m := t.play.Legal()
		special, menage := t.announceCard()
		for ; m != 0; m &= m - 1 {
			c := Card(bits.TrailingZeros32(uint32(m)))
			dst = append(dst, Action{Kind: PlayCard, Card: c})
			if c == special {
				a := Action{Kind: PlayCard, Card: c, Bella: true}
				if menage {
					a.N = 50
				}
				dst = append(dst, a)
			}
		}
		return dst
	}
	return dst
}

// dealerForced reports whether the seat to speak in round two is a
// dealer that may not pass (dealer_forced: everyone else has passed,
// since the dealer speaks last).
func (t *Deal) dealerForced() bool {
	return t.opts.DealerForced && t.phase == PhaseBid2 && t.turn == t.dealer
}

// mayName reports whether the seat to speak in round two may name s:
// a suit other than the upcard's, or with four players no trumps, and
// the four-handed dealer the upcard's suit too.
func (t *Deal) mayName(s Suit) bool {
	switch {
	case s == NoTrumps:
		return t.opts.HasNoTrumps()
	case s > Spades:
		return false
	case s != t.origUpcard.Suit():
		return true
	}
	return t.opts.DealerNamesUpcardSuit() && t.turn == t.dealer
}

// announceCard returns the card the seat to play may announce bella (or
// the menage) with, and whether it is the menage: bella with the second
// of K and Q of trump played by the seat that played the first; the
// menage, for the seat that held K, Q and J of trump, with the last of
// the three. NoCard when there is none.
func (t *Deal) announceCard() (Card, bool) {
	tr := t.play.Trump
	if tr > Spades {
		return NoCard, false
	}
	seat := t.play.Turn()
	played := t.playedBy[seat]
	if seat == t.menage {
		if left := MenageCards(tr) &^ played; t.menageBy == NoSeat && left.Count() == 1 {
			return left.First(), true
		}
		return NoCard, false
	}
	if t.bellaBy != NoSeat || played&(1<<NewCard(King, tr)|1<<NewCard(Queen, tr)) == 0 {
		return NoCard, false
	}
	return bellaWith(played, tr), false
}

// IsLegal reports whether a is legal for the seat to move.
func (t *Deal) IsLegal(a Action) bool {
	switch t.phase {
	case PhaseOver:
		return false
	case PhasePlay:
		// The hot path of a game: ask the legal cards, not the list.
		if a.Kind != PlayCard || a.Suit != 0 || a.Rank != 0 || a.Card > 31 || !t.play.Legal().Has(a.Card) {
			return false
		}
		if !a.Bella {
			return a.N == 0
		}
		c, menage := t.announceCard()
		n := uint8(0)
		if menage {
			n = 50
		}
		return a.Card == c && a.N == n
	}
	if t.phase == PhaseDeclare && (a.Kind == Draw || a.Kind == Give) {
		// Many cards to choose from: ask the hand, not the list.
		var h CardSet
		switch {
		case a.Kind == Draw && t.declStep == declDraw:
			h = t.play.Hands[t.next(t.declarer)]
		case a.Kind == Give && t.declStep >= declGive:
			h = t.play.Hands[t.turn]
		}
		return a == Action{Kind: a.Kind, Card: a.Card} && h.Has(a.Card)
	}
	var buf [16]Action
	for _, l := range t.AppendLegal(buf[:0]) {
		if l == a {
			return true
		}
	}
	return false
}

// Apply takes action a for the seat to move. An illegal action returns an
// *IllegalError that says why in a player's words, and leaves the deal
// unchanged.
func (t *Deal) Apply(a Action) error {
	if !t.IsLegal(a) {
		return t.explain(a)
	}
	t.apply(a)
	return nil
}

// ApplyAs is Apply that first checks seat s is the one to move.
func (t *Deal) ApplyAs(s Seat, a Action) error {
	if tu := t.Turn(); tu != s && t.phase != PhaseOver {
		return t.illegal(s, a).fail(ErrNotYourTurn, "it is not your turn")
	}
	return t.Apply(a)
}

// ApplyUnchecked takes a legal action without checking it. An illegal
// action corrupts the deal.
func (t *Deal) ApplyUnchecked(a Action) { t.apply(a) }

func (t *Deal) apply(a Action) {
	if int(t.nsteps) < len(t.steps) {
		t.steps[t.nsteps] = Step{Seat: t.Turn(), Action: a}
		t.nsteps++
	}
	switch t.phase {
	case PhaseDeclare:
		t.declare(a)
	case PhaseBid1:
		switch a.Kind {
		case Take:
			t.settle(t.turn, t.origUpcard.Suit())
		case Schmeiss:
			t.schmeisser = t.turn
			t.phase = PhaseSchmeiss
			t.turn = t.next(t.turn)
		case Pass:
			t.passes++
			if t.passes == t.n {
				t.phase, t.passes, t.turn = PhaseBid2, 0, t.eldest()
			} else {
				t.turn = t.next(t.turn)
			}
		}
	case PhaseSchmeiss:
		if a.Kind == Accept {
			t.abandon(SchmeissAccepted)
		} else {
			t.settle(t.schmeisser, t.origUpcard.Suit())
		}
	case PhaseBid2:
		if a.Kind == Name {
			t.forced = t.dealerForced()
			t.settle(t.turn, a.Suit)
			break
		}
		t.passes++
		if t.passes == t.n {
			t.abandon(AllPassed)
		} else {
			t.turn = t.next(t.turn)
		}
	case PhaseDix:
		if a.Kind == Exchange {
			seven := Dix(t.trump)
			t.play.Hands[t.turn] = t.play.Hands[t.turn].Without(seven).With(t.upcard)
			t.upcard = seven
			t.dixBy = t.turn
			t.startSequences()
		} else if t.turn == t.dealer {
			t.startSequences()
		} else {
			t.turn = t.next(t.turn)
		}
	case PhaseSequences:
		t.dialogue(a)
	case PhasePlay:
		seat := t.play.Turn()
		if a.Bella {
			if a.N == 50 {
				t.menageBy = seat
			} else {
				t.bellaBy = seat
			}
		}
		t.playedBy[seat] |= 1 << a.Card
		leader := t.play.Leader
		trick := t.play.Trick
		trick[t.play.InTrick] = a.Card
		if done, _ := t.play.Move(a.Card); done {
			for k := t.n; k < 4; k++ {
				trick[k] = NoCard
			}
			t.trick, t.trickBy = trick, leader
			if t.play.Tricks == 1 && t.seqWinner != NoSeat {
				t.shown = true
			}
			if t.play.Done() {
				t.finish()
			}
		}
	}
}

// settle makes maker the maker with trump (a suit or NoTrumps) and deals
// the rest: three more each from eldest and the bottom card turned, or
// with four players the eight kept back, two each, the maker taking the
// upcard as one of its two. Then the dix exchange (two or three players,
// trump the upcard's suit, the upcard not the 7) or the sequences.
func (t *Deal) settle(maker Seat, trump Suit) {
	t.maker, t.trump, t.play.Trump = maker, trump, trump
	t.score.Maker, t.score.Trump, t.score.Forced = maker, trump, t.forced
	if t.n < 4 {
		// Three more each from eldest, after the upcard (deckSeat).
		at := t.upcardPos() + 1
		for k := range t.n {
			s := t.seatAt(k)
			t.play.Hands[s] |= 1<<t.deck[at] | 1<<t.deck[at+1] | 1<<t.deck[at+2]
			at += 3
		}
	}
	if !t.opts.HasDix() {
		// Four players: the last cards are dealt, the upcard with
		// them, and the dialogue follows.
		for i := 24; i < 32; i++ {
			t.play.Hands[deckSeat(t.n, t.dealer, maker, i)] |= 1 << t.deck[i]
		}
		t.upcard = NoCard
		t.startSequences()
		return
	}
	if t.opts.BottomCard && t.opts.HasBottomCard() {
		t.bottom = t.deck[31]
	}
	if trump == t.origUpcard.Suit() && t.origUpcard.Rank() != Seven {
		t.phase, t.turn = PhaseDix, t.eldest()
		return
	}
	t.startSequences()
}

func (t *Deal) abandon(how Ending) {
	t.phase, t.ending = PhaseOver, how
	t.score.Outcome = Abandoned
}

// startSequences finds every seat's melds on the hands as they are now
// and opens the dialogue with eldest.
func (t *Deal) startSequences() {
	for s := Seat(0); s < Seat(t.n); s++ {
		b, b20, p, c := meldsOf(t.play.Hands[s], t.trump, t.opts)
		t.best[s], t.best20[s], t.seqPts[s], t.seqCards[s] = b, b20, int16(p), c
	}
	t.phase, t.step, t.spoken = PhaseSequences, tSpeak, 0
	t.challenger = t.eldest()
	t.turn = t.challenger
}

// finish scores the played-out deal with ScoreDeal.
func (t *Deal) finish() {
	t.phase, t.ending = PhaseOver, PlayedOut
	tl := Tally{Players: int(t.n), Maker: t.maker, Trump: t.trump, Forced: t.forced, Eldest: t.eldest(),
		LastTrick: t.play.Leader, // the winner of the last trick leads the (empty) next
		SeqWinner: t.seqWinner}
	if t.bellaBy != NoSeat {
		tl.Bella[t.bellaBy] = BellaPoints
	}
	if t.menageBy != NoSeat {
		tl.Bella[t.menageBy] = MenagePoints
	}
	for s := range int(t.n) {
		tl.Tricks[s] = int(t.play.Won[s])
		tl.Cards[s] = int(t.play.Points[s])
		tl.SeqPoints[s] = int(t.seqPts[s])
		tl.Declared[s] = int(t.declared[s])
	}
	tl.Cards[tl.LastTrick] -= t.opts.LastTrick
	scoreDeal(&t.score, &tl, &t.opts)
}

// explain builds the error for an illegal action.
func (t *Deal) explain(a Action) error {
	e := t.illegal(t.Turn(), a)
	fail := e.fail
	if t.phase == PhaseOver {
		return fail(ErrDealOver, "the deal is over")
	}
	if a != a.canonical() {
		return fail(ErrMalformed, "malformed action: a %s sets fields it does not use", a.kindWord())
	}
	legal := t.Legal()
	words := make([]string, len(legal))
	for i, l := range legal {
		words[i] = `"` + l.Words() + `"`
	}
	may := strings.Join(words, ", ")
	switch t.phase {
	case PhasePlay:
		if a.Kind != PlayCard {
			return fail(ErrWrongPhase, "%q is not a move now: play a card", a.String())
		}
		h := t.play.Hands[t.play.Turn()]
		c := a.Card
		if !c.Valid() {
			return fail(ErrNotInHand, "that is not a card")
		}
		if !h.Has(c) {
			return fail(ErrNotInHand, "you do not hold %s", c.Pretty(false))
		}
		if why, err := t.play.Refusal(c); err != nil {
			return fail(err, "%s", why)
		}
		if e.Menage = t.play.Turn() == t.menage; e.Menage {
			return fail(ErrBella, "you hold the menage: it is announced with the last of the king, queen and jack of trump, for 50, never as bella")
		}
		if a.N == 50 {
			return fail(ErrBella, "the menage is announced with the last of the king, queen and jack of trump, by the player who held all three")
		}
		return fail(ErrBella, "bella is announced with the second of the king and queen of trump, by the player who held both")
	case PhaseDeclare:
		switch {
		case a.Kind == Shlomo && t.declStep == declAsk && t.declRound == roundShlomo:
			return fail(ErrWrongPhase, "you were not dealt a shlomo (a king of one colour and both queens of the other; a card received since does not count): you may say %s", may)
		case a.Kind == Cleopatra && t.declStep == declAsk && t.declRound == roundCleopatra:
			return fail(ErrWrongPhase, "you held no cleopatra when its round began (a queen of one colour and both jacks of the other; a card received since does not count): you may say %s", may)
		case a.Kind == Give && t.declStep >= declGive:
			return fail(ErrNotInHand, "you do not hold %s", a.Card.Pretty(false))
		case a.Kind == Draw && t.declStep == declDraw:
			return fail(ErrNotInHand, "%s is not in the hand drawn from", a.Card.Pretty(false))
		case t.declStep == declDraw:
			return fail(ErrWrongPhase, "a card is drawn at random from the declarer's left: draw one of its cards")
		}
	case PhaseBid1, PhaseSchmeiss:
		if a.Kind == Schmeiss {
			return fail(ErrWrongPhase, "there is no schmeiss with %d players: you may say %s", t.n, may)
		}
	case PhaseBid2:
		others := "name one of the other three suits"
		if t.mayName(t.origUpcard.Suit()) {
			others = "name any suit" // the dealer at four
		}
		if t.opts.HasNoTrumps() {
			others += " or no trumps"
		}
		switch {
		case a.Kind == Pass && t.dealerForced():
			return fail(ErrWrongPhase, "everyone else passed: the dealer must name trump: %s", others)
		case a.Kind != Name:
		case a.Suit == NoTrumps && !t.opts.HasNoTrumps():
			return fail(ErrBadSuit, "no trumps is only for four players: %s", others)
		case a.Suit > Spades && a.Suit != NoTrumps:
			if t.opts.HasNoTrumps() {
				return fail(ErrBadSuit, "name a suit: clubs, diamonds, hearts or spades, or no trumps")
			}
			return fail(ErrBadSuit, "name a suit: clubs, diamonds, hearts or spades")
		default:
			return fail(ErrBadSuit, "%s were refused in round one: %s", a.Suit.Name(), others)
		}
	case PhaseDix:
		if a.Kind == Exchange {
			return fail(ErrNoDix, "you do not hold the 7 of %s to exchange", t.trump.Name())
		}
	case PhaseSequences:
		if a.Kind < NoSequence || a.Kind > Length {
			return fail(ErrWrongPhase, "%q is not a move now: %s: you may say %s", a.String(), e.Want, may)
		}
		// An announcement, a length or a top card the dialogue asks for,
		// but not the player's own: say what is wrong with it.
		mine := t.best[t.turn]
		switch {
		case a.Kind == Announce && t.step == tSpeak && t.claimant == NoSeat:
			if int(a.N) > mine.Value() && mine.Len >= 3 {
				return fail(ErrNoSuchSequence, "no sequence of that value to announce: your best is %s", AnnounceAction(mine.Value()).Words())
			}
			return fail(ErrNoSuchSequence, "no sequence of that value to announce")
		case a.Kind == Top && t.step == tTellTop:
			return fail(ErrNoSuchSequence, "that is not your sequence: say its real top card, %s", t.claimed().Top.Name())
		case a.Kind == Length && t.step == tTellLen:
			return fail(ErrNoSuchSequence, "that is not your sequence: say its real length, %s cards", lengthWord(t.claimed().Len))
		}
		return fail(ErrDialogue, "you cannot say %q now: you may say %s", a.Words(), may)
	}
	return fail(ErrWrongPhase, "%q is not a move now: %s", a.String(), e.Want)
}

// illegal starts the error for action a by seat s with the facts of the
// deal as it stands (IllegalError).
func (t *Deal) illegal(s Seat, a Action) *IllegalError {
	tu := t.Turn()
	e := &IllegalError{Seat: s, Action: a, Turn: tu, Phase: t.phase, Trump: t.trump, Led: t.play.Lead(),
		Want: t.want()}
	if tu < 4 {
		e.Hand = t.play.Hands[tu]
		if b := t.best[tu]; !b.Set {
			e.Best = Sequence{Suit: b.Suit, Top: b.Top, Len: b.Len}
		}
	}
	if tu != NoSeat {
		e.Legal = t.Legal()
		if t.phase == PhasePlay {
			e.Cards = t.play.Legal()
		}
	}
	return e
}

// want says what the phase asks for, in a player's words.
func (t *Deal) want() string {
	switch t.phase {
	case PhaseDeclare:
		switch {
		case t.declStep == declAsk && t.declRound == roundShlomo:
			return "the shlomo round of the declarations: shlomo or pass"
		case t.declStep == declAsk:
			return "the cleopatra round of the declarations: cleopatra or pass"
		}
		return "the declarations: a card changes hands"
	case PhaseBid1:
		if t.n == 2 {
			return "the bidding is on: pass, take or schmeiss"
		}
		return "the bidding is on: pass or take"
	case PhaseSchmeiss:
		return "answer the schmeiss: accept or refuse"
	case PhaseBid2:
		if t.dealerForced() {
			return "round two of the bidding: the dealer must name a suit"
		}
		return "round two of the bidding: name a suit or pass"
	case PhaseDix:
		return "the dix exchange: exchange or no exchange"
	case PhaseSequences:
		return "the sequence dialogue is on"
	case PhasePlay:
		return "play a card"
	}
	return "the deal is over"
}
