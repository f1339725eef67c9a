package rules

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sort"
	"strings"
)

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

var phaseNames = [...]string{"bidding", "schmeiss", "bidding round two", "dix", "sequences", "play", "over"}

func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return "unknown"
}

// Deck is a deck order: Deck[0] is dealt first. A recorded deck
// reproduces the deal exactly.
type Deck [32]Card

// NewDeck returns the deck in index order (clubs 7 to spades ace).
func NewDeck() Deck {
	var d Deck
	for i := range d {
		d[i] = Card(i)
	}
	return d
}

// Shuffle returns a uniformly shuffled deck drawn from r.
func Shuffle(r *rand.Rand) Deck {
	d := NewDeck()
	for i := 31; i > 0; i-- {
		j := intN(r, uint64(i+1))
		d[i], d[j] = d[j], d[i]
	}
	return d
}

// intN returns r.IntN(int(n)) for 0 < n < 2^32, computed the way
// math/rand/v2 computes it (Lemire's multiply with rejection; a mask for
// a power of two), so Shuffle deals exactly what r.IntN would, without
// the two calls IntN costs per card. TestShuffleMatchesIntN keeps the two
// equal.
func intN(r *rand.Rand, n uint64) int {
	if n&(n-1) == 0 {
		return int(r.Uint64() & (n - 1))
	}
	hi, lo := bits.Mul64(r.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), n)
		}
	}
	return int(hi)
}

// String writes the 32 cards in order, separated by spaces.
func (d Deck) String() string {
	var b strings.Builder
	for i, c := range d {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}

// ParseDeck reads 32 distinct cards separated by spaces.
func ParseDeck(s string) (Deck, error) {
	var d Deck
	f := strings.Fields(s)
	if len(f) != 32 {
		return d, fmt.Errorf("a deck has 32 cards, got %d", len(f))
	}
	var seen CardSet
	for i, t := range f {
		c, err := ParseCard(t)
		if err != nil {
			return d, fmt.Errorf("card %d: %v", i+1, err)
		}
		if seen.Has(c) {
			return d, fmt.Errorf("card %d: %s appears twice", i+1, c)
		}
		seen = seen.With(c)
		d[i] = c
	}
	return d, nil
}

// Deck positions (RULES.md section 2): three each twice, non-dealer first,
// the upcard, then after bidding three more each, non-dealer first. The
// last card is the bottom card.
const (
	posUpcard = 12
	posSecond = 13
	posBottom = 31
)

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

// SetTotals records the game totals before this deal. They do not change
// the rules of the deal, but the right bid depends on them (a player near
// the target wins by defending), so Views carry them to bots.
func (d *Deal) SetTotals(t [2]int) { d.totals = t }

// Totals returns the game totals before this deal.
func (d *Deal) Totals() [2]int { return d.totals }

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

// AppendLegal appends the legal actions to dst and returns it.
func (d *Deal) AppendLegal(dst []Action) []Action {
	switch d.phase {
	case PhaseBid1:
		return append(dst, simple(Pass), simple(Take), simple(Schmeiss))
	case PhaseSchmeiss:
		return append(dst, simple(Accept), simple(Refuse))
	case PhaseBid2:
		dst = append(dst, simple(Pass))
		for s := Clubs; s <= Spades; s++ {
			if s != d.origUpcard.Suit() {
				dst = append(dst, NameAction(s))
			}
		}
		return dst
	case PhaseDix:
		if d.play.Hands[d.turn].Has(NewCard(Seven, d.trump)) {
			dst = append(dst, simple(Exchange))
		}
		return append(dst, simple(NoExchange))
	case PhaseSequences:
		return d.appendDialogue(dst)
	case PhasePlay:
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
	return dst
}

// bellaCard returns the card the seat to play may announce bella with
// (RULES.md section 7): the second of K and Q of trump, when the same
// seat played the first and nobody has announced; NoCard otherwise.
func (d *Deal) bellaCard() Card {
	if d.bellaBy != NoSeat || d.play.Trump > Spades {
		return NoCard
	}
	played := d.playedBy[d.play.Turn()&1]
	k, q := NewCard(King, d.play.Trump), NewCard(Queen, d.play.Trump)
	switch {
	case played.Has(q):
		return k
	case played.Has(k):
		return q
	}
	return NoCard
}

// bellaAllowed reports whether seat may announce bella with c.
func (d *Deal) bellaAllowed(seat Seat, c Card) bool {
	return seat == d.play.Turn() && c != NoCard && c == d.bellaCard()
}

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

// IsLegal reports whether a is legal for the seat to move.
func (d *Deal) IsLegal(a Action) bool {
	if d.phase == PhasePlay {
		if a != (Action{Kind: PlayCard, Card: a.Card, Bella: a.Bella}) || !d.play.Legal().Has(a.Card) {
			return false
		}
		return !a.Bella || d.bellaAllowed(d.play.Turn(), a.Card)
	}
	// The bidding and the dix answer directly; only the dialogue,
	// where the words depend on both sequences, lists its legal words.
	switch d.phase {
	case PhaseBid1:
		return a == simple(Pass) || a == simple(Take) || a == simple(Schmeiss)
	case PhaseSchmeiss:
		return a == simple(Accept) || a == simple(Refuse)
	case PhaseBid2:
		return a == simple(Pass) || a.Suit < 4 && a.Suit != d.origUpcard.Suit() && a == NameAction(a.Suit)
	case PhaseDix:
		return a == simple(NoExchange) || a == simple(Exchange) && d.play.Hands[d.turn&1].Has(NewCard(Seven, d.trump))
	}
	var buf [12]Action
	for _, l := range d.AppendLegal(buf[:0]) {
		if l == a {
			return true
		}
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
		return &IllegalError{Seat: s, Action: a, Err: ErrNotYourTurn, Reason: "it is not your turn"}
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
	nd := d.dealer.Other()
	switch d.phase {
	case PhaseBid1:
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
				d.phase, d.passes, d.turn = PhaseBid2, 0, nd
			} else {
				d.turn = d.turn.Other()
			}
		}
	case PhaseSchmeiss:
		if a.Kind == Accept {
			d.abandon(SchmeissAccepted)
		} else {
			d.settle(d.schmeisser, d.origUpcard.Suit())
		}
	case PhaseBid2:
		if a.Kind == Name {
			d.settle(d.turn, a.Suit)
			break
		}
		d.passes++
		if d.passes == 2 {
			d.abandon(AllPassed)
		} else {
			d.turn = d.turn.Other()
		}
	case PhaseDix:
		if a.Kind == Exchange {
			seven := NewCard(Seven, d.trump)
			d.play.Hands[d.turn] = d.play.Hands[d.turn].Without(seven).With(d.upcard)
			d.upcard = seven
			d.dixBy = d.turn
			d.startSequences()
		} else if d.turn == nd {
			d.turn = d.dealer
		} else {
			d.startSequences()
		}
	case PhaseSequences:
		d.dialogue(a)
	case PhasePlay:
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
	}
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

func (d *Deal) abandon(how Ending) {
	d.phase, d.ending = PhaseOver, how
	d.score.Outcome = Abandoned
}

func (d *Deal) startSequences() {
	for s := SeatA; s <= SeatB; s++ {
		h := d.play.Hands[s]
		d.best[s], _ = BestSequence(h, d.trump, d.opts.SequenceRank)
		d.seqPts[s] = int16(SequencePoints(h))
		d.seqCards[s] = SequenceCards(h)
	}
	d.phase, d.step, d.turn = PhaseSequences, seqOpen, d.dealer.Other()
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

func (d *Deal) finish() {
	d.phase, d.ending = PhaseOver, PlayedOut
	t := Tally{Maker: d.maker, Trump: d.trump, LastTrick: NoSeat, SeqWinner: d.seqWinner, Bella: d.bellaBy}
	if d.play.Hands[0]|d.play.Hands[1] == 0 && d.play.Tricks == 9 {
		t.LastTrick = d.trickWinnerLast()
	}
	for s := SeatA; s <= SeatB; s++ {
		t.Tricks[s] = int(d.play.Won[s])
		t.Cards[s] = int(d.play.Points[s])
		if s == t.LastTrick {
			t.Cards[s] -= d.opts.LastTrick
		}
	}
	if d.seqWinner != NoSeat {
		t.SeqPoints = int(d.seqPts[d.seqWinner])
	}
	d.score = ScoreDeal(t, d.opts)
}

// trickWinnerLast is the winner of the ninth trick: the leader of the
// (empty) tenth.
func (d *Deal) trickWinnerLast() Seat { return d.play.Leader }

// Errors. Every refused action returns an *IllegalError whose Err is one
// of these, so callers can tell the kinds apart with errors.Is.
var (
	ErrNotYourTurn    = errors.New("not your turn")
	ErrWrongPhase     = errors.New("not a move in this phase")
	ErrNotInHand      = errors.New("card not in hand")
	ErrMustFollow     = errors.New("must follow suit")
	ErrMustOvertrump  = errors.New("must play a higher trump")
	ErrMustTrump      = errors.New("must trump")
	ErrBella          = errors.New("bella not allowed")
	ErrBadSuit        = errors.New("suit cannot be named")
	ErrNoDix          = errors.New("no dix to exchange")
	ErrNoSuchSequence = errors.New("no such sequence")
	ErrDialogue       = errors.New("not what the dialogue allows")
	ErrDealOver       = errors.New("deal is over")
	// ErrMalformed is an action that sets fields its kind does not use
	// (a pass with a card): a caller's bug, refused so that the history
	// holds only actions that String and ParseAction round-trip.
	ErrMalformed = errors.New("malformed action")
)

// holdsValue reports whether hand holds a sequence worth value points.
func holdsValue(hand CardSet, value int) bool {
	for _, q := range Sequences(hand) {
		if q.Value() == value {
			return true
		}
	}
	return false
}

// IllegalError is a refused action: who tried what, and why.
type IllegalError struct {
	Seat   Seat
	Action Action
	Err    error  // one of the Err values above
	Reason string // in a player's words: "you must follow hearts"
}

func (e *IllegalError) Error() string { return e.Reason }
func (e *IllegalError) Unwrap() error { return e.Err }

// listCards lists cards strongest first, as a player reads them:
// "J♥ or 9♥".
func listCards(m CardSet, trump Suit) string {
	cs := m.Cards()
	sort.Slice(cs, func(i, j int) bool { return Power(cs[i], trump) > Power(cs[j], trump) })
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.Pretty(false)
	}
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// explain builds the error for an illegal action.
func (d *Deal) explain(a Action) error {
	e := &IllegalError{Seat: d.Turn(), Action: a}
	fail := func(err error, format string, args ...any) error {
		e.Err, e.Reason = err, fmt.Sprintf(format, args...)
		return e
	}
	if d.phase == PhaseOver {
		return fail(ErrDealOver, "the deal is over")
	}
	if a != a.canonical() {
		return fail(ErrMalformed, "malformed action: a %s sets fields it does not use", a.kindWord())
	}
	want := map[Phase]string{
		PhaseBid1:      "the bidding is on: pass, take or schmeiss",
		PhaseSchmeiss:  "answer the schmeiss: accept or refuse",
		PhaseBid2:      "round two of the bidding: name a suit or pass",
		PhaseDix:       "the dix exchange: exchange or no exchange",
		PhaseSequences: "the sequence dialogue is on",
		PhasePlay:      "play a card",
	}[d.phase]
	switch d.phase {
	case PhasePlay:
		if a.Kind != PlayCard {
			return fail(ErrWrongPhase, "%q is not a move now: %s", a.String(), want)
		}
		seat := d.play.Turn()
		h := d.play.Hands[seat]
		c := a.Card
		if !c.Valid() {
			return fail(ErrNotInHand, "that is not a card")
		}
		if !h.Has(c) {
			return fail(ErrNotInHand, "you do not hold %s", c.Pretty(false))
		}
		if !d.play.Legal().Has(c) {
			lead := d.play.Lead
			ls := lead.Suit()
			follow := h.Suit(ls)
			switch {
			case ls == d.trump && c.Suit() == d.trump:
				return fail(ErrMustOvertrump, "a trump was led: you must play a higher trump, %s", listCards(d.play.Legal(), d.trump))
			case ls == d.trump && follow != 0 && d.play.Legal() != follow:
				return fail(ErrMustOvertrump, "a trump was led: you must play a higher trump, %s", listCards(d.play.Legal(), d.trump))
			case follow != 0:
				return fail(ErrMustFollow, "you must follow %s", ls.Name())
			default:
				return fail(ErrMustTrump, "you have no %s: you must trump", ls.Name())
			}
		}
		return fail(ErrBella, "bella is announced with the second of the king and queen of trump, by the player who held both")
	case PhaseBid2:
		if a.Kind == Name {
			if a.Suit > Spades {
				return fail(ErrBadSuit, "name a suit: clubs, diamonds, hearts or spades")
			}
			return fail(ErrBadSuit, "%s were refused in round one: name one of the other three suits", a.Suit.Name())
		}
	case PhaseDix:
		if a.Kind == Exchange {
			if d.trump != NoSuit {
				return fail(ErrNoDix, "you do not hold the 7 of %s to exchange", d.trump.Name())
			}
		}
	case PhaseSequences:
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
				return fail(ErrNoSuchSequence, "announce your best sequence, %s, or say no sequence", AnnounceAction(best.Value()).Words())
			}
			return fail(ErrNoSuchSequence, "no sequence of that value to announce")
		case a.Kind == Top && may(Top):
			return fail(ErrNoSuchSequence, "that is not your sequence: say its real top card, %s", d.best[d.turn].Top.Name())
		case a.Kind == Length && may(Length):
			return fail(ErrNoSuchSequence, "that is not your sequence: say its real length, %s cards", lengthWord(d.best[d.turn].Len))
		}
		words := make([]string, len(legal))
		for i, l := range legal {
			words[i] = `"` + l.Words() + `"`
		}
		if a.Kind < NoSequence || a.Kind > Length {
			return fail(ErrWrongPhase, "%q is not a move now: %s: you may say %s", a.String(), want, strings.Join(words, ", "))
		}
		return fail(ErrDialogue, "you cannot say %q now: you may say %s", a.Words(), strings.Join(words, ", "))
	}
	return fail(ErrWrongPhase, "%q is not a move now: %s", a.String(), want)
}
