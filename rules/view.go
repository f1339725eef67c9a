package rules

import (
	"fmt"
	"strings"
)

// View is what one seat may know of a Deal deal: its own hand, how
// many cards each other seat holds, the upcard, the bottom card once
// turned, every word of the bidding, the dix exchange and the dialogue,
// the melds shown, the cards played and the announcements; with four
// players a partner's hand is hidden like an opponent's. Two deals that
// differ only in cards this seat cannot see give equal views (View
// is comparable).
type View struct {
	Seat       Seat
	Options    Options
	Players    int
	Dealer     Seat
	Phase      Phase
	Turn       Seat // NoSeat once the deal is over
	Hand       CardSet
	Counts     [4]int // cards in each seat's hand
	Upcard     Card   // the card face up at the upcard place, NoCard once a four-handed maker took it
	OrigUpcard Card
	Bottom     Card
	Trump      Suit // a suit, NoTrumps, or NoSuit until settled
	Maker      Seat
	Forced     bool // the dealer was forced to name trump
	Schmeisser Seat
	DixBy      Seat
	SeqWinner  Seat       // the last claimant of the dialogue (its side has the right), once play starts
	Shown      [4]CardSet // meld cards each seat of the winning side showed after trick one
	Played     [4]CardSet
	Trick      [4]Card // the trick on the table, InTrick cards, led first
	InTrick    int
	Leader     Seat
	LastTrick  [4]Card
	LastLeader Seat // NoSeat before the first trick ends
	Tricks     [4]int
	Points     [4]int // card points won so far (last-trick bonus included)
	BellaBy    Seat
	MenageBy   Seat
	Score      Score // final once Phase is PhaseOver
	Totals     [4]int

	masked Deal // the deal with every hidden card removed, for Legal and Complete
}

// View returns what seat s may know of the deal. Any other s (NoSeat,
// ChanceSeat) gets a spectator's view: no hand, only what is public.
func (t *Deal) View(s Seat) View {
	m := *t
	for o := Seat(0); o < Seat(t.n); o++ {
		if o != s {
			m.play.Hands[o], m.declHands[o] = 0, 0
			m.best[o], m.best20[o], m.seqPts[o], m.seqCards[o] = Meld{}, Meld{}, 0, 0
		}
	}
	if m.menage != s {
		m.menage = NoSeat
	}
	// Cards drawn and given in the declarations: only the two players
	// concerned see them.
	for i := range int(t.nsteps) {
		if vis := t.vis[i]; vis != 0 && vis&(1<<s) == 0 {
			m.steps[i].Action.Card = NoCard
		}
	}
	if m.pending != NoCard && (m.declarer != s || s >= Seat(t.n)) {
		m.pending = NoCard
	}
	// The deck places of nobody's seat (NoSeat: the stock, the cards not
	// yet dealt) are hidden from every viewer, a spectator's too.
	var own uint32
	if s < Seat(t.n) {
		own = deckPlaces(t.n, t.dealer, t.maker, s)
	}
	up := t.upcardPos()
	for i := range m.deck {
		switch {
		case i == up, i == 31 && t.bottom != NoCard:
		case own&(1<<i) != 0:
		default:
			m.deck[i] = NoCard
		}
	}
	v := View{
		Seat: s, Options: t.opts, Players: int(t.n), Dealer: t.dealer, Phase: t.phase, Turn: t.Turn(),
		Hand: t.play.Hands[s&3] & -CardSet(b2u(s < Seat(t.n))), Upcard: t.upcard, OrigUpcard: t.origUpcard, Bottom: t.bottom, Trump: t.trump,
		Maker: t.maker, Forced: t.forced, Schmeisser: t.schmeisser, DixBy: t.dixBy, SeqWinner: NoSeat,
		Shown: t.ShownCards(), Played: t.playedBy, Trick: t.play.Trick, InTrick: int(t.play.InTrick),
		Leader: t.play.Leader, LastTrick: t.trick, LastLeader: t.trickBy, BellaBy: t.bellaBy,
		MenageBy: t.menageBy, Totals: t.totals, masked: m,
	}
	for i := v.InTrick; i < 4; i++ {
		v.Trick[i] = NoCard
	}
	for o := range int(t.n) {
		v.Counts[o] = t.play.Hands[o].Count()
		v.Tricks[o], v.Points[o] = int(t.play.Won[o]), int(t.play.Points[o])
	}
	if t.phase == PhasePlay || t.phase == PhaseOver {
		v.SeqWinner = t.seqWinner
	}
	if t.phase == PhaseOver {
		v.Score = t.score
	} else {
		v.Score = Score{Players: int(t.n), Maker: t.maker, Trump: t.trump, Forced: t.forced}
	}
	return v
}

// Lead returns the card led to the trick on the table, NoCard when no
// card is on the table.
func (v *View) Lead() Card {
	if v.InTrick == 0 {
		return NoCard
	}
	return v.Trick[0]
}

// Winning returns who is winning the trick on the table with the cards
// played to it so far (its winner once it is complete), NoSeat when no
// card is led.
func (v *View) Winning() Seat {
	if v.InTrick == 0 {
		return NoSeat
	}
	w := TrickWinnerOf(v.Trick[:v.InTrick], v.Trump)
	return seatMod[v.Players&7][(int(v.Leader)+w)&15]
}

// WinnerIf returns who would be winning the trick on the table if card
// c were played to it now (the trick's winner once it is the trick's
// last card), NoSeat when no card is led.
func (v *View) WinnerIf(c Card) Seat {
	if v.InTrick == 0 {
		return NoSeat
	}
	var trick [4]Card
	copy(trick[:], v.Trick[:v.InTrick])
	trick[v.InTrick] = c
	w := TrickWinnerOf(trick[:v.InTrick+1], v.Trump)
	return seatMod[v.Players&7][(int(v.Leader)+w)&15]
}

// TrickLost reports whether the trick on the table goes to another side
// whatever the viewing seat plays to it: it is the seat's turn in the
// card play, a card is led, no legal card of its own puts its side
// ahead, and no partner plays after it. Whatever the unseen cards, a
// claim of every trick then fails.
func (v *View) TrickLost() bool {
	if v.Phase != PhasePlay || v.Turn != v.Seat || v.InTrick == 0 {
		return false
	}
	side := SideOfSeat(v.Players, v.Seat)
	for i := v.InTrick + 1; i < v.Players; i++ {
		if SideOfSeat(v.Players, seatMod[v.Players&7][(int(v.Leader)+i)&15]) == side {
			return false // a partner still plays to the trick
		}
	}
	for _, a := range v.Legal() {
		if SideOfSeat(v.Players, v.WinnerIf(a.Card)) == side {
			return false
		}
	}
	return true
}

// LastTrickWinner returns who won the last completed trick, NoSeat
// before the first trick is complete.
func (v *View) LastTrickWinner() Seat { return v.masked.LastTrickWinner() }

// LengthAsked reports whether the sequence dialogue waits for the
// claimant to tell its length, "how many cards?" asked: a length said
// now answers. A length said at any other point claims the right, a
// longer fifty over the length told.
func (v *View) LengthAsked() bool {
	return v.Phase == PhaseSequences && v.masked.step == tTellLen
}

// Ending is how the deal ended (NotEnded while it goes on): public.
func (v *View) Ending() Ending { return v.masked.Ending() }

// SchmeissRefused reports whether the maker is a schmeisser refused.
func (v *View) SchmeissRefused() bool { return v.masked.SchmeissRefused() }

// FirstLeader returns the seat that leads to the first trick
// (Deal.FirstLeader).
func (v *View) FirstLeader() Seat { return v.masked.FirstLeader() }

// History returns every action of the deal so far as this seat knows
// it: a card drawn or given in the declarations between two other
// players reads NoCard ("draw --").
func (v *View) History() []Step { return v.masked.Steps() }

// CardsInPlay is how many cards are still in play: in the hands and in
// the trick on the table. It measures how big the rest of the card play
// is, which is what a search asks before it solves it.
func (v *View) CardsInPlay() int {
	n := v.InTrick
	for o := range v.Players {
		n += v.Counts[o]
	}
	return n
}

// Legal returns the actions the viewing seat may take, or nil when it is
// not its turn (a chance step is nobody's).
func (v *View) Legal() []Action {
	if v.Turn != v.Seat || v.Turn == ChanceSeat {
		return nil
	}
	return v.masked.Legal()
}

// AppendLegal is Legal with a caller's buffer.
func (v *View) AppendLegal(dst []Action) []Action {
	if v.Turn != v.Seat || v.Turn == ChanceSeat {
		return dst
	}
	return v.masked.AppendLegal(dst)
}

// Declaring is the declaration asked now in PhaseDeclare: Shlomo or
// Cleopatra (its round), NoAction outside the declarations.
func (v *View) Declaring() Kind {
	m := &v.masked
	switch {
	case m.phase != PhaseDeclare:
		return NoAction
	case m.declRound == roundShlomo:
		return Shlomo
	case m.declRound == roundCleopatra:
		return Cleopatra
	}
	return NoAction
}

// Play returns the card-play state with every other hand empty. A
// search fills them with sampled hands.
func (v *View) Play() Play { return v.masked.play }

// Claim returns the claim standing in the sequence dialogue: the
// claimant (NoSeat for none), its value, and its length and top once
// told (0 and NoRank before).
func (v *View) Claim() (claimant Seat, value, length int, top Rank) {
	m := &v.masked
	return m.claimant, int(m.cVal), int(m.cLen), m.cTop
}

// CannotHold returns the cards seat s cannot hold now, as its card play
// shows (View.CannotHold, read the same at any table: the follow,
// trump and overtrump duties of docs/rules.md sections 6, 12 and 13).
func (v *View) CannotHold(s Seat) CardSet {
	return cannotHoldIn(v.masked.Steps(), v.Trump, v.Players, s)
}

// MenageDue reports whether the viewing seat held the king, queen and
// jack of trump when play began (menage on) and has not announced it
// yet: the pair it keeps is its menage, announced with the last of the
// three, never bella.
func (v *View) MenageDue() bool {
	return v.Seat != NoSeat && v.masked.menage == v.Seat && v.masked.menageBy == NoSeat
}

// BellaDue returns the bella pair the viewing seat holds or held (the
// king and queen of trump, one of them perhaps played) while bella may
// still be said with what is left of it: neither bella nor a menage
// announced, and no menage due (whose pair is the menage's). Empty
// otherwise.
func (v *View) BellaDue() CardSet {
	if v.Seat == NoSeat || v.BellaBy != NoSeat || v.MenageBy != NoSeat || v.MenageDue() {
		return 0
	}
	return BellaPair(v.Hand|v.Played[v.Seat], v.Trump)
}

// OwnBest returns the viewing seat's best meld as the dialogue counts it.
func (v *View) OwnBest() Meld { return v.masked.best[v.Seat] }

// OwnClaim returns the viewing seat's meld that the claim standing
// stands for when the seat is the claimant: its best meld, or its best
// twenty after an opening "twenty" below a fifty. Its top card and
// length are what the seat tells when asked. A zero Meld otherwise.
func (v *View) OwnClaim() Meld {
	m := &v.masked
	if v.Seat >= Seat(v.Players) || m.claimant != v.Seat {
		return Meld{}
	}
	return m.claimed()
}

// ToSpeak reports whether seat s has yet to take its turn in the
// sequence dialogue, which goes once round the table from eldest:
// false while it speaks, once it has spoken, and outside the dialogue.
// A player that has spoken cannot claim again (docs/rules.md section
// 14).
func (v *View) ToSpeak(s Seat) bool {
	m := &v.masked
	if v.Phase != PhaseSequences || s >= Seat(v.Players) {
		return false
	}
	return Place(s, m.dealer, v.Players) > int(m.spoken)
}

// SameTakesRight reports whether "same", said now by the viewing seat,
// would take the sequence right: at a full tie the meld in trump wins,
// else the claim standing (docs/rules.md section 5). A "same" that does
// not take it leaves the right where "good" does and tells the table
// more. False when the seat may not say "same" now. The claimant's meld
// is hidden, but a tie with a meld in trump cannot be in trump itself.
func (v *View) SameTakesRight() bool {
	if v.Turn != v.Seat || v.Phase != PhaseSequences {
		return false
	}
	var buf [8]Action
	for _, a := range v.AppendLegal(buf[:0]) {
		if a.Kind == Same {
			return v.masked.sameTakes()
		}
	}
	return false
}

// UpcardTaker returns the seat every player knows took the upcard into
// its hand: the four-handed maker, which gets it with its last two
// cards whatever trump it named (round one, round two or no trumps),
// or the player who exchanged the 7 of trump for it (DixBy). NoSeat
// while it lies face up, and when it stays out of the hands (two and
// three players without a dix exchange).
func (v *View) UpcardTaker() Seat {
	switch {
	case v.DixBy != NoSeat:
		return v.DixBy
	case v.Options.MakerTakesUpcard() && v.Upcard == NoCard && v.Maker != NoSeat && v.OrigUpcard != NoCard:
		return v.Maker
	}
	return NoSeat
}

// Known returns the cards seat o is known to hold now: the upcard it took
// with the dix or as the four-handed maker, and the meld cards it showed,
// less those played.
func (v *View) Known(o Seat) CardSet {
	if o == v.Seat {
		return v.Hand
	}
	return v.known(o, v.exchanged())
}

// Tells reports whether a word of kind k tells the table a fact about
// cards its speaker holds hidden: a sequence or set announced (its
// value), its length or top card told, "not good" (a better one), "how
// high?" and "how many cards?" (one as good so far), "same", the dix
// exchanged (the 7 of trump held), a shlomo or a cleopatra declared
// (its pattern held). A bid, a pass, "good", "no sequence" and "no
// exchange" are choices a player may make whatever it holds
// (docs/rules.md sections 3 to 5 and 15): they tell nothing certain. A
// card played tells, even one the table knew was there: by the duty to
// follow, trump and overtrump it says what its player lacks.
func (k Kind) Tells() bool {
	switch k {
	case Announce, NotGood, HowHigh, Top, Same, HowMany, Length, Exchange, Shlomo, Cleopatra, PlayCard:
		return true
	}
	return false
}

// Told returns how many steps of the deal's history reach the last word
// another seat said, or card it played, that told this seat about that
// seat's hidden cards (Kind.Tells): 0 when none did. A seat's own words tell it nothing.
func (v *View) Told() int {
	steps := v.masked.Steps()
	for i := len(steps) - 1; i >= 0; i-- {
		if st := steps[i]; st.Seat != v.Seat && st.Action.Kind.Tells() {
			return i + 1
		}
	}
	return 0
}

// known is Known of another seat than the viewer's, given exchanged():
// Unseen and Complete, which ask it of every seat, work that out once.
func (v *View) known(o Seat, ex [4]CardSet) CardSet {
	var m CardSet
	if v.DixBy == o || (v.Options.MakerTakesUpcard() && v.Maker == o) {
		m = m.With(v.OrigUpcard)
	}
	x := ex[o&3]
	if v.DixBy == o {
		x = x.Without(Dix(v.Trump)) // given up for the upcard
	}
	return (m | v.Shown[o&3] | x) &^ v.Played[o&3]
}

// exchanged returns, by seat, the cards this seat saw go into that
// seat's hand in the declarations (and not out again).
func (v *View) exchanged() [4]CardSet {
	var held [4]CardSet
	if !v.Declared() {
		return held // only a shlomo or a cleopatra moves a card
	}
	steps := v.History()
	for _, mv := range tableMoves(steps, Seat(v.Players)) {
		switch {
		case mv.declared != NoAction || mv.pending:
		case mv.card == NoCard:
			held[mv.from] = 0 // an unseen card left: it may be any known one
		default:
			held[mv.from] = held[mv.from].Without(mv.card)
			held[mv.to] = held[mv.to].With(mv.card)
		}
	}
	if v.Seat < 4 {
		held[v.Seat] = 0
	}
	return held
}

// Declared reports whether a shlomo or a cleopatra was declared in the
// deal v shows: only they move cards between hands before the bidding.
func (v *View) Declared() bool {
	return (v.Options.Shlomo || v.Options.Cleopatra) && declaredIn(v.History())
}

// declaredIn reports whether steps hold a shlomo or a cleopatra: a scan
// that allocates nothing, where most deals have neither.
func declaredIn(steps []Step) bool {
	for _, st := range steps {
		if k := st.Action.Kind; k == Shlomo || k == Cleopatra {
			return true
		}
	}
	return false
}

// tableMoves lists the declarations and the cards that changed hands in
// them, in the order of steps.
func tableMoves(steps []Step, n Seat) []tableMove {
	var moves []tableMove
	decl, shlomo, first := NoSeat, false, -1
	for i, st := range steps {
		switch st.Action.Kind {
		case Shlomo, Cleopatra:
			decl, shlomo = st.Seat, st.Action.Kind == Shlomo
			moves = append(moves, tableMove{step: i, card: NoCard, from: decl, to: decl, declared: st.Action.Kind})
		case Draw:
			moves = append(moves, tableMove{step: i, card: st.Action.Card, from: Counterpart(int(n), decl, Shlomo), to: decl})
		case Give:
			switch {
			case shlomo:
				moves = append(moves, tableMove{step: i, card: st.Action.Card, from: decl, to: Counterpart(int(n), decl, Shlomo)})
			case st.Seat == decl:
				first = len(moves)
				moves = append(moves, tableMove{step: i, card: st.Action.Card, from: decl, to: Counterpart(int(n), decl, Cleopatra)})
			default:
				first = -1
				moves = append(moves, tableMove{step: i, card: st.Action.Card, from: st.Seat, to: Counterpart(int(n), st.Seat, Cleopatra)})
			}
		}
	}
	if first >= 0 {
		// The cleopatra declarer's card waits for its partner's.
		moves[first].pending = true
	}
	round := NoAction
	for i := range moves {
		if moves[i].declared != NoAction {
			round = moves[i].declared
		}
		moves[i].round = round
	}
	return moves
}

// Unseen returns the cards whose place this seat does not know: in
// another hand (not known there) or in the stock.
func (v *View) Unseen() CardSet {
	m := FullDeck &^ v.Hand
	ex := v.exchanged()
	for o := Seat(0); o < Seat(v.Players); o++ {
		if o != v.Seat {
			m &^= v.known(o, ex)
		}
		m &^= v.Played[o]
	}
	m = m.Without(v.OrigUpcard)
	if v.Upcard != NoCard {
		m = m.Without(v.Upcard)
	}
	if v.Bottom != NoCard {
		m = m.Without(v.Bottom)
	}
	return m
}

// Hidden returns the number of cards Complete's rest must hold: the deck
// places this seat cannot see that belong to no hand (the stock, the
// cards still to be dealt).
func (v *View) Hidden() int {
	m := &v.masked
	n := 0
	for i, c := range m.deck {
		if c == NoCard && deckSeat(m.n, m.dealer, m.maker, i) == NoSeat {
			n++
		}
	}
	return n
}

// Complete builds a full deal this seat cannot tell from the real one:
// hands[o] is seat o's hand now for every other seat (it must include
// Known(o); the viewer's own entry is ignored), rest fills the other
// deck places this seat cannot see, in deck order. The public history is
// replayed on the new deck, so a guess that contradicts any word said
// returns ErrInconsistent. Cards that changed hands unseen by this seat
// (shlomo, cleopatra) are chosen too: the first choice, in card order,
// that the history and the guess allow.
func (v *View) Complete(hands [4]CardSet, rest []Card) (Deal, error) {
	m := &v.masked
	n := Seat(v.Players)
	var start [4]CardSet // each seat's cards when play began
	ex := v.exchanged()
	for o := Seat(0); o < n; o++ {
		h := hands[o]
		if o == v.Seat {
			h = v.Hand
		} else {
			if h.Count() != v.Counts[o] {
				return Deal{}, fmt.Errorf("%w: seat %s holds %d cards, sample has %d", ErrInconsistent, o, v.Counts[o], h.Count())
			}
			if k := v.known(o, ex); h&k != k {
				return Deal{}, fmt.Errorf("%w: seat %s's known cards missing", ErrInconsistent, o)
			}
		}
		c := h | v.Played[o]
		if v.DixBy == o {
			c = c.Without(v.OrigUpcard).With(Dix(v.Trump))
		}
		if v.Options.MakerTakesUpcard() && v.Maker == o {
			c = c.Without(v.OrigUpcard) // it lies at its deck place already
		}
		start[o] = c
	}
	// The cards that changed hands in the declarations, in order.
	steps := m.Steps()
	moves := tableMoves(steps, n)
	c := completer{v: v, hands: hands, rest: rest, moves: moves, steps: append([]Step(nil), steps...)}
	var gave [4]CardSet
	t, err := c.undo(len(moves)-1, start, gave)
	if err != nil {
		return Deal{}, err
	}
	return t, nil
}

// tableMove is a card that changed hands in the declarations: step is
// its place in the history, card NoCard when the viewer did not see it.
type tableMove struct {
	step     int
	card     Card
	from, to Seat
	declared Kind // Shlomo or Cleopatra: not a move, the declaration by from
	pending  bool // a cleopatra card given, not yet exchanged: it has not moved
	round    Kind // the round it belongs to: Shlomo or Cleopatra
}

// combination returns the cards of a shlomo (king and both queens of the
// other colour) or cleopatra (queen and both jacks) in h, the first
// found, or 0.
func combination(h CardSet, k Kind) CardSet {
	one, two := King, Queen
	if k == Cleopatra {
		one, two = Queen, Jack
	}
	for c := range 2 {
		mine, other := colourPairs[c], colourPairs[1-c]
		pair := SetOf(NewCard(two, other[0]), NewCard(two, other[1]))
		for _, s := range mine {
			if x := NewCard(one, s); h.Has(x) && h&pair == pair {
				return pair.With(x)
			}
		}
	}
	return 0
}

// completer searches the cards of the moves the viewer did not see.
type completer struct {
	v      *View
	hands  [4]CardSet
	rest   []Card
	moves  []tableMove
	steps  []Step
	leaves int
	last   error
}

// undo walks the moves back from the k-th: the card goes back from the
// receiver to the giver. An unseen card is each card the receiver holds
// at that point in turn. gave collects the cards each seat must have
// held before the second batch: those it gave away, and those of the
// combination it declared.
func (c *completer) undo(k int, held [4]CardSet, gave [4]CardSet) (Deal, error) {
	if k+1 < len(c.moves) && (k < 0 || c.moves[k].round != c.moves[k+1].round) {
		// held is the hands as the round of move k+1 opened.
		for _, mv := range c.moves[k+1:] {
			if mv.round != c.moves[k+1].round {
				break
			}
			if mv.declared != NoAction {
				combo := combination(held[mv.from], mv.declared)
				if combo == 0 {
					return Deal{}, declaresWithoutError{mv.from}
				}
				gave[mv.from] |= combo
			}
		}
	}
	if k < 0 {
		c.leaves++
		t, err := c.build(held, gave)
		if err != nil {
			c.last = err
		}
		return t, err
	}
	mv := c.moves[k]
	if mv.declared != NoAction {
		// A round judges the hands as they were when it opened: check
		// the declaration once every later move of its round is undone.
		return c.undo(k-1, held, gave)
	}
	holder := mv.to
	if mv.pending {
		holder = mv.from
	}
	try := func(card Card) (Deal, error) {
		if !held[holder].Has(card) {
			return Deal{}, misplacedError{card}
		}
		h, g := held, gave
		h[holder] = h[holder].Without(card)
		h[mv.from] = h[mv.from].With(card)
		g[mv.from] = g[mv.from].With(card)
		c.steps[mv.step].Action.Card = card
		return c.undo(k-1, h, g)
	}
	if mv.card != NoCard {
		return try(mv.card)
	}
	for x := held[holder]; x != 0 && c.leaves < 4096; x &= x - 1 {
		if t, err := try(x.First()); err == nil {
			return t, nil
		}
	}
	if c.last == nil {
		c.last = fmt.Errorf("%w: no card fits an unseen exchange", ErrInconsistent)
	}
	return Deal{}, c.last
}

// declaresWithoutError and misplacedError are the dead ends of undo's
// search, met many times a sample and almost always dropped for the next
// try: they hold their seat or card and write their message only when
// asked, where fmt.Errorf would format it every time. Both are
// ErrInconsistent.
type declaresWithoutError struct{ seat Seat }

func (e declaresWithoutError) Error() string {
	return fmt.Sprintf("%v: seat %s declares without the cards", ErrInconsistent, e.seat)
}

func (e declaresWithoutError) Unwrap() error { return ErrInconsistent }

type misplacedError struct{ card Card }

func (e misplacedError) Error() string {
	return fmt.Sprintf("%v: %s is not where the history puts it", ErrInconsistent, e.card)
}

func (e misplacedError) Unwrap() error { return ErrInconsistent }

// build deals dealt[o] to the deck places of every other seat (the
// cards it gave away among its first six), fills the rest, replays the
// history and checks the deal rebuilt against the view.
func (c *completer) build(dealt [4]CardSet, gave [4]CardSet) (Deal, error) {
	v, m := c.v, &c.v.masked
	deck := m.deck
	var used CardSet
	for _, x := range deck {
		if x != NoCard {
			used = used.With(x)
		}
	}
	firstSix := 6 * int(m.n)
	for o := Seat(0); o < Seat(v.Players); o++ {
		if o == v.Seat {
			continue
		}
		cards := dealt[o]
		if used&cards != 0 {
			return Deal{}, fmt.Errorf("%w: seat %s's cards overlap cards placed", ErrInconsistent, o)
		}
		used |= cards
		// The first six hold what o gave away, then the lowest others.
		first := gave[o] & cards
		for x := cards &^ first; first.Count() < 6 && x != 0; x &= x - 1 {
			first = first.With(x.First())
		}
		if first.Count() > 6 {
			return Deal{}, fmt.Errorf("%w: seat %s gave away more than it was dealt", ErrInconsistent, o)
		}
		second := cards &^ first
		own := deckPlaces(m.n, m.dealer, m.maker, o)
		for i := range deck {
			if deck[i] != NoCard || own&(1<<i) == 0 {
				continue
			}
			from := &second
			if i < firstSix {
				from = &first
			}
			x := from.First()
			if x == NoCard {
				return Deal{}, fmt.Errorf("%w: seat %s has too few cards", ErrInconsistent, o)
			}
			deck[i], *from = x, from.Without(x)
		}
		if first|second != 0 {
			return Deal{}, fmt.Errorf("%w: seat %s has too many cards", ErrInconsistent, o)
		}
	}
	k := 0
	for i := range deck {
		if deck[i] != NoCard {
			continue
		}
		if k >= len(c.rest) {
			return Deal{}, fmt.Errorf("%w: too few cards to fill the deck", ErrInconsistent)
		}
		x := c.rest[k]
		k++
		if !x.Valid() || used.Has(x) {
			return Deal{}, fmt.Errorf("%w: card %s placed twice", ErrInconsistent, x)
		}
		deck[i], used = x, used.With(x)
	}
	if k != len(c.rest) {
		return Deal{}, fmt.Errorf("%w: %d cards left over", ErrInconsistent, len(c.rest)-k)
	}
	t := NewDeal(m.opts, m.dealer, deck)
	t.totals = m.totals
	for _, st := range c.steps {
		if err := t.ApplyAs(st.Seat, st.Action); err != nil {
			return Deal{}, fmt.Errorf("%w: %s: %v", ErrInconsistent, st, err)
		}
	}
	for o := Seat(0); o < Seat(v.Players); o++ {
		want := c.hands[o]
		if o == v.Seat {
			want = v.Hand
		}
		if t.play.Hands[o] != want {
			return Deal{}, fmt.Errorf("%w: seat %s's hand differs after replay", ErrInconsistent, o)
		}
	}
	// Anything public the words alone do not pin (the melds shown, who
	// won a "same"): the deal rebuilt must look exactly like the view.
	if t.View(v.Seat) != *v {
		return Deal{}, fmt.Errorf("%w: the deal rebuilt shows %s a different view", ErrInconsistent, v.Seat)
	}
	return t, nil
}

// String writes the view as text, one fact per line (OpenSpiel's
// information-state string).
func (v View) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "players %d seat %s dealer %s phase %s turn %s\n", v.Players, v.Seat, v.Dealer, v.Phase, v.Turn)
	fmt.Fprintf(&b, "hand %s\n", v.Hand)
	fmt.Fprintf(&b, "holding %v\n", v.Counts[:v.Players])
	fmt.Fprintf(&b, "upcard %s (turned %s) bottom %s\n", v.Upcard, v.OrigUpcard, v.Bottom)
	fmt.Fprintf(&b, "trump %s maker %s dix %s\n", v.Trump, v.Maker, v.DixBy)
	for _, st := range v.History() {
		fmt.Fprintf(&b, "%s\n", st)
	}
	if v.SeqWinner != NoSeat {
		fmt.Fprintf(&b, "sequences to %s shown %v\n", v.SeqWinner, v.Shown[:v.Players])
	}
	fmt.Fprintf(&b, "tricks %v points %v\n", v.Tricks[:v.Players], v.Points[:v.Players])
	return b.String()
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}
