package rules

import "math/bits"

// Phase is the stage a deal is in. Legal and Apply switch on it.
type Phase uint8

// The phases of a deal in the order they happen.
const (
	PhaseBid1      Phase = iota // round one: pass, take or schmeiss on the upcard's suit
	PhaseSchmeiss               // the other player accepts or refuses a schmeiss
	PhaseBid2                   // round two: name another suit or pass
	PhaseDix                    // each player may exchange the 7 of trump for the upcard
	PhaseSequences              // the sequence dialogue
	PhasePlay                   // nine tricks
	PhaseOver                   // scored or abandoned
)

// "declarations" is PhaseDeclare, a Table's (table_declare.go).
var phaseNames = [...]string{"bidding", "schmeiss", "bidding round two", "dix", "sequences", "play", "over", "declarations"}

func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return "unknown"
}

// Deal is the whole state of one deal. It is a value with no pointers or
// slices: assigning it copies it, and nothing in card play allocates.
// Fields are unexported so every change goes through Apply; accessors
// read them.
type Deal struct {
	opts       Options
	deck       Deck
	dealer     Seat
	phase      Phase
	turn       Seat
	play       Play
	upcard     Card // the card lying face up at the upcard place (the 7 after an exchange)
	origUpcard Card
	bottom     Card // NoCard until turned (or with bottom_card=off)
	trump      Suit
	maker      Seat
	schmeisser Seat
	dixBy      Seat
	passes     uint8 // passes in the current bidding round
	ending     Ending

	step      seqStep
	announced uint8 // value the non-dealer announced
	told      Sequence
	best      [2]Sequence // each seat's best sequence, found when the dialogue starts
	seqPts    [2]int16
	seqCards  [2]CardSet
	seqWinner Seat
	shown     bool

	bellaBy  Seat
	playedBy [2]CardSet
	trick    [2]Card // the last completed trick, in play order
	trickBy  Seat    // who led the last completed trick

	steps  [32]Step
	nsteps uint8
	score  Score
	totals [2]int // game totals before this deal, for players' judgement
}

// Totals returns the game totals before this deal.
func (d *Deal) Totals() [2]int { return d.totals }

// NewGameDeal is NewDeal for a deal of a game whose totals before the
// deal are totals. They do not change the rules of the deal, but the
// right bid depends on them (a player near the target wins by
// defending), so Views carry them to bots.
func NewGameDeal(opts Options, dealer Seat, deck Deck, totals [2]int) Deal {
	d := NewDeal(opts, dealer, deck)
	d.totals = totals
	return d
}

// NewDeal starts a deal: dealer deals from deck. The deal opens with the
// non-dealer's round-one bid.
func NewDeal(opts Options, dealer Seat, deck Deck) Deal {
	d := Deal{opts: opts, deck: deck, dealer: dealer, phase: PhaseBid1, turn: dealer.Other(),
		trump: NoSuit, maker: NoSeat, schmeisser: NoSeat, dixBy: NoSeat, seqWinner: NoSeat,
		bellaBy: NoSeat, bottom: NoCard, trick: [2]Card{NoCard, NoCard}, trickBy: NoSeat}
	nd := dealer.Other()
	d.play.Hands[nd] = SetOf(deck[0], deck[1], deck[2], deck[6], deck[7], deck[8])
	d.play.Hands[dealer] = SetOf(deck[3], deck[4], deck[5], deck[9], deck[10], deck[11])
	d.upcard, d.origUpcard = deck[posUpcard], deck[posUpcard]
	d.play.Trump = NoSuit
	d.play.Lead = NoCard
	d.play.Leader = nd
	d.play.LastBonus = int16(opts.LastTrick)
	d.score.Maker, d.score.Trump = NoSeat, NoSuit
	return d
}

// Accessors.

func (d *Deal) Options() Options    { return d.opts }
func (d *Deal) Deck() Deck          { return d.deck }
func (d *Deal) Dealer() Seat        { return d.dealer }
func (d *Deal) NonDealer() Seat     { return d.dealer.Other() }
func (d *Deal) Phase() Phase        { return d.phase }
func (d *Deal) Hand(s Seat) CardSet { return d.play.Hands[s] }
func (d *Deal) Upcard() Card        { return d.upcard }
func (d *Deal) OrigUpcard() Card    { return d.origUpcard }
func (d *Deal) Bottom() Card        { return d.bottom }
func (d *Deal) Trump() Suit         { return d.trump }
func (d *Deal) Maker() Seat         { return d.maker }
func (d *Deal) Schmeisser() Seat    { return d.schmeisser }
func (d *Deal) DixBy() Seat         { return d.dixBy }
func (d *Deal) SeqWinner() Seat     { return d.seqWinner }
func (d *Deal) BellaBy() Seat       { return d.bellaBy }
func (d *Deal) Play() Play          { return d.play }
func (d *Deal) Over() bool          { return d.phase == PhaseOver }

// Ending returns how the deal ended, NotEnded while it goes on.
func (d *Deal) Ending() Ending { return d.ending }

// SchmeissRefused reports whether a schmeiss was refused, which makes
// the schmeisser the maker.
func (d *Deal) SchmeissRefused() bool {
	return d.schmeisser != NoSeat && d.maker == d.schmeisser
}

// Steps returns the history of the deal: every action in order.
func (d *Deal) Steps() []Step { return d.steps[:d.nsteps:d.nsteps] }

// Turn returns the seat to act, or NoSeat when the deal is over.
func (d *Deal) Turn() Seat {
	if d.phase == PhaseOver {
		return NoSeat
	}
	if d.phase == PhasePlay {
		return d.play.Turn()
	}
	return d.turn
}

// Trick returns the cards on the table (led card first) and the leader.
func (d *Deal) Trick() (lead Card, leader Seat) { return d.play.Lead, d.play.Leader }

// LastTrick returns the last completed trick in play order, who led it,
// and false before the first trick is complete.
func (d *Deal) LastTrick() ([2]Card, Seat, bool) {
	return d.trick, d.trickBy, d.trickBy != NoSeat
}

// LastTrickWinner returns who won the last completed trick, NoSeat
// before the first trick is complete. The winner leads the next trick.
func (d *Deal) LastTrickWinner() Seat {
	if d.trickBy == NoSeat {
		return NoSeat
	}
	return d.play.Leader
}

// Score returns the breakdown; it is final once the deal is over.
func (d *Deal) Score() Score { return d.score }

// BestSequence returns seat s's best sequence as found when the dialogue
// started (zero Len when none, or before the dialogue).
func (d *Deal) BestSequence(s Seat) Sequence { return d.best[s] }

// ShownSequences returns the sequences the winner of the right shows
// after the first trick, and the winner; nothing before that.
func (d *Deal) ShownSequences() ([]Sequence, Seat) {
	if !d.shown || d.seqWinner == NoSeat {
		return nil, NoSeat
	}
	return Sequences(d.seqCards[d.seqWinner]), d.seqWinner
}

// Legal returns every action the seat to move may take. It allocates; a
// search should use AppendLegal with a reused buffer.
func (d *Deal) Legal() []Action { return d.AppendLegal(make([]Action, 0, 12)) }

// AppendLegal appends the legal actions to dst and returns it. Each phase
// lists its own, in its file.
func (d *Deal) AppendLegal(dst []Action) []Action {
	if d.phase == PhasePlay {
		// The hot path of a search: size dst once, then write the
		// actions in place.
		m := d.play.Legal()
		bella := d.bellaCard()
		n := m.Count()
		if m.Has(bella) {
			n++
		}
		i := len(dst)
		if cap(dst)-i < n {
			dst = append(dst, make([]Action, n)...)[:i]
		}
		dst = dst[:i+n]
		for ; m != 0; m &= m - 1 {
			c := Card(bits.TrailingZeros32(uint32(m)))
			dst[i] = Action{Kind: PlayCard, Card: c}
			i++
			if c == bella {
				dst[i] = Action{Kind: PlayCard, Card: c, Bella: true}
				i++
			}
		}
		return dst
	}
	switch d.phase {
	case PhaseBid1:
		return d.appendBid1(dst)
	case PhaseSchmeiss:
		return d.appendSchmeiss(dst)
	case PhaseBid2:
		return d.appendBid2(dst)
	case PhaseDix:
		return d.appendDix(dst)
	case PhaseSequences:
		return d.appendDialogue(dst)
	}
	return dst
}

// IsLegal reports whether a is legal for the seat to move.
func (d *Deal) IsLegal(a Action) bool {
	if d.phase == PhasePlay {
		if a != (Action{Kind: PlayCard, Card: a.Card, Bella: a.Bella}) || !d.play.Legal().Has(a.Card) {
			return false
		}
		return !a.Bella || d.bellaAllowed(d.play.Turn(), a.Card)
	}
	switch d.phase {
	case PhaseBid1:
		return d.isLegalBid1(a)
	case PhaseSchmeiss:
		return d.isLegalSchmeiss(a)
	case PhaseBid2:
		return d.isLegalBid2(a)
	case PhaseDix:
		return d.isLegalDix(a)
	case PhaseSequences:
		return d.isLegalDialogue(a)
	}
	return false
}

// Apply takes action a for the seat to move. An illegal action returns an
// *IllegalError that says why in a player's words, and leaves the deal
// unchanged.
func (d *Deal) Apply(a Action) error {
	if !d.IsLegal(a) {
		return d.explain(a)
	}
	d.apply(a)
	return nil
}

// ApplyAs is Apply that first checks seat s is the one to move.
func (d *Deal) ApplyAs(s Seat, a Action) error {
	if t := d.Turn(); t != s && d.phase != PhaseOver {
		return d.illegal(s, a).fail(ErrNotYourTurn, "it is not your turn")
	}
	return d.Apply(a)
}

// ApplyUnchecked takes a legal action without checking it, for bots
// that only play actions from Legal. An illegal action corrupts the deal.
func (d *Deal) ApplyUnchecked(a Action) { d.apply(a) }

func (d *Deal) record(a Action) {
	if int(d.nsteps) < len(d.steps) {
		// Field by field: a arrives in registers, and building the
		// 7-byte Step whole on the stack first costs a failed
		// store-to-load forward on every action.
		st := &d.steps[d.nsteps]
		st.Seat = d.Turn()
		st.Action.Kind, st.Action.Card, st.Action.Suit = a.Kind, a.Card, a.Suit
		st.Action.Rank, st.Action.N, st.Action.Bella = a.Rank, a.N, a.Bella
		d.nsteps++
	}
}

func (d *Deal) apply(a Action) {
	d.record(a)
	if d.phase == PhasePlay {
		seat := d.play.Turn()
		if a.Bella {
			d.bellaBy = seat
		}
		d.playedBy[seat] |= 1 << a.Card
		lead, leader := d.play.Lead, d.play.Leader
		if done, _ := d.play.Move(a.Card); done {
			d.trick, d.trickBy = [2]Card{lead, a.Card}, leader
			if d.play.Tricks == 1 && d.seqWinner != NoSeat {
				d.shown = true
			}
			if d.play.Tricks == 9 {
				d.finish()
			}
		}
		return
	}
	switch d.phase {
	case PhaseBid1:
		d.applyBid1(a)
	case PhaseSchmeiss:
		d.applySchmeiss(a)
	case PhaseBid2:
		d.applyBid2(a)
	case PhaseDix:
		d.applyDix(a)
	case PhaseSequences:
		d.dialogue(a)
	}
}
