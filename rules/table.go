package rules

// Table is one deal of Klaberjass for two, three or four players
// (RULES.md sections 2 to 11): the deal, bidding, the dix exchange, the
// sequence dialogue, trick play, bella and scoring, with the house
// variants of section 11 as options. Like Deal it is a value with no
// pointers or slices: assigning it clones it. Legal and Apply switch on
// the phase; View(seat) is what one seat may know.
//
// Seats are numbered 0 to N-1 clockwise (to the left); eldest, the
// dealer's left, is dealer+1. With two players this is the game Deal
// plays, action for action (TestTableMatchesDeal); Deal stays the fast
// path for two.
type Table struct {
	opts       Options
	n          uint8
	deck       Deck
	dealer     Seat
	phase      Phase
	turn       Seat
	play       TablePlay
	upcard     Card // the card face up at the upcard place (the 7 after an exchange; NoCard once a four-handed maker takes it)
	origUpcard Card
	bottom     Card
	trump      Suit
	maker      Seat
	forced     bool // the dealer named trump because dealer_forced took away its pass
	schmeisser Seat
	dixBy      Seat
	passes     uint8

	// The sequence dialogue (see doc_tables.go).
	step       tStep
	spoken     uint8 // players that have had their turn to speak
	challenger Seat  // the player speaking in turn
	claimant   Seat  // whose claim stands, NoSeat if none
	cLen       uint8 // claim's value 20 or 50 is cVal; its length once told (0 unknown)
	cVal       uint8
	cTop       Rank // the claim's top once told, NoRank before
	best       [4]Meld
	seqPts     [4]int16
	seqCards   [4]CardSet
	seqWinner  Seat // the claimant at the end: its side wins the right
	shown      bool

	// Declarations of section 11.
	menage   Seat // the seat holding K, Q and J of trump when play began (menage on)
	menageBy Seat // who announced the menage
	bellaBy  Seat
	// shlomo and cleopatra (table_declare.go)
	declRound   uint8
	declStep    uint8
	declAsked   uint8
	declarer    Seat
	pending     Card  // the cleopatra declarer's card, until its partner gives one back
	pendingStep uint8 // the step that gave it
	declared    [4]int16
	declHands   [4]CardSet // the hands a declaration round judges: as they were when it opened
	playedBy    [4]CardSet
	trick       [4]Card // the last completed trick, in play order
	trickBy     Seat    // who led it

	ending Ending
	steps  [80]Step
	vis    [80]uint8 // the seats (bits) that see a step's card; 0 for a public step
	nsteps uint8
	score  TableScore
	totals [4]int // game totals before this deal, by side
}

// tStep is the step of the sequence dialogue with more than one
// challenger (doc_tables.go).
type tStep uint8

const (
	tSpeak    tStep = iota // the challenger in turn speaks
	tTellLen               // the claimant answers "how many cards?"
	tReplyLen              // the challenger answers the length
	tTellTop               // the claimant answers "how high?"
	tReplyTop              // the challenger answers the top card
)

// TableScore is the breakdown of one deal at a Table. The per-seat lines
// are indexed by seat; SideTotal and Scored by side (Table.SideOf): the
// seat itself with two or three players, the team (seat mod 2) with
// four.
type TableScore struct {
	Players   int
	Maker     Seat
	Trump     Suit
	Outcome   Outcome
	Forced    bool // the dealer was forced to name trump (dealer_forced)
	Tricks    [4]int
	Cards     [4]int // card points won in tricks
	LastTrick [4]int
	Seqs      [4]int // sequences and sets (only the side with the right, with a trick)
	Bella     [4]int // bella 20, or a menage 50
	Declared  [4]int // shlomo or cleopatra, 20 each
	Total     [4]int // the sum of the five lines above, by seat
	SideTotal [4]int // Total summed over each side
	Bimah     int    // 40 to a forced dealer's side that made the contract
	Scored    [4]int // what each side adds to its game total
}

// Sides returns the number of sides: the players, or two teams with
// four.
func (sc *TableScore) Sides() int { return sides(sc.Players) }

func sides(n int) int {
	if n == 4 {
		return 2
	}
	return n
}

// NewTable starts a deal for opts.NumPlayers() players: dealer deals
// from deck. Six cards each in two batches of three from eldest, then
// the upcard (RULES.md sections 2 and 10; deckLayout). The deal opens
// with eldest's round-one bid.
func NewTable(opts Options, dealer Seat, deck Deck) Table {
	n := uint8(opts.NumPlayers())
	t := Table{opts: opts, n: n, deck: deck, dealer: dealer % Seat(n), phase: PhaseBid1,
		trump: NoSuit, maker: NoSeat, schmeisser: NoSeat, dixBy: NoSeat, seqWinner: NoSeat, claimant: NoSeat,
		challenger: NoSeat, cTop: NoRank, menage: NoSeat, declarer: NoSeat, pending: NoCard, menageBy: NoSeat, bellaBy: NoSeat, bottom: NoCard,
		trick: [4]Card{NoCard, NoCard, NoCard, NoCard}, trickBy: NoSeat}
	t.turn = t.eldest()
	for k := range n {
		s := t.seatAt(k)
		for j := range 3 {
			t.play.Hands[s] |= 1 << deck[3*int(k)+j]
			t.play.Hands[s] |= 1 << deck[3*int(n)+3*int(k)+j]
		}
	}
	t.upcard = deck[t.upcardPos()]
	t.origUpcard = t.upcard
	t.play.N = n
	t.play.Trump = NoSuit
	t.play.Leader = t.eldest()
	t.play.LastBonus = int16(opts.LastTrick)
	t.score = TableScore{Players: int(n), Maker: NoSeat, Trump: NoSuit}
	t.startDeclarations()
	return t
}

// eldest returns the seat on the dealer's left: it speaks and leads first.
func (t *Table) eldest() Seat { return t.seatAt(0) }

// seatAt returns the seat k places after the dealer's left (0 is eldest).
func (t *Table) seatAt(k uint8) Seat { return Seat((uint8(t.dealer) + 1 + k) % t.n) }

// next returns the seat on s's left.
func (t *Table) next(s Seat) Seat { return Seat((uint8(s) + 1) % t.n) }

// upcardPos is the deck place of the upcard: after the first six cards
// each, or with four players the last card of the deck (the last of the
// eight kept back).
func (t *Table) upcardPos() int {
	if t.n == 4 {
		return 31
	}
	return 6 * int(t.n)
}

// deckSeat returns the seat deck place i deals to, or NoSeat for the
// upcard, the stock and the bottom card (deckLayout in doc_tables.go).
// The second batch is dealt once a maker is known: three each from
// eldest after the upcard, or with four players the eight kept back, two
// each from eldest, the maker taking the upcard as one of its two.
func deckSeat(n uint8, dealer, maker Seat, i int) Seat {
	seatAt := func(k int) Seat { return Seat((int(dealer) + 1 + k) % int(n)) }
	switch {
	case i < 6*int(n):
		return seatAt(i % (3 * int(n)) / 3)
	case maker == NoSeat:
		return NoSeat
	case n == 4:
		if i == 31 {
			return maker
		}
		at := 24
		for k := range 4 {
			s := seatAt(k)
			take := 2
			if s == maker {
				take = 1
			}
			if i < at+take {
				return s
			}
			at += take
		}
		return NoSeat
	case i > 6*int(n) && i <= 9*int(n):
		return seatAt((i - 6*int(n) - 1) / 3)
	}
	return NoSeat
}

// NewGameTable is NewTable for a deal of a game whose totals before the
// deal are totals, by side (as NewGameDeal): they do not change the rules
// of the deal, but the right bid depends on them, so views carry them.
func NewGameTable(opts Options, dealer Seat, deck Deck, totals [4]int) Table {
	t := NewTable(opts, dealer, deck)
	t.totals = totals
	return t
}

// Accessors.

func (t *Table) Options() Options    { return t.opts }
func (t *Table) Players() int        { return int(t.n) }
func (t *Table) Deck() Deck          { return t.deck }
func (t *Table) Dealer() Seat        { return t.dealer }
func (t *Table) Eldest() Seat        { return t.eldest() }
func (t *Table) Phase() Phase        { return t.phase }
func (t *Table) Hand(s Seat) CardSet { return t.play.Hands[s&3] }
func (t *Table) Upcard() Card        { return t.upcard }
func (t *Table) OrigUpcard() Card    { return t.origUpcard }
func (t *Table) Bottom() Card        { return t.bottom }
func (t *Table) Trump() Suit         { return t.trump }
func (t *Table) Maker() Seat         { return t.maker }
func (t *Table) Schmeisser() Seat    { return t.schmeisser }
func (t *Table) DixBy() Seat         { return t.dixBy }
func (t *Table) SeqWinner() Seat     { return t.seqWinner }
func (t *Table) BellaBy() Seat       { return t.bellaBy }
func (t *Table) MenageBy() Seat      { return t.menageBy }
func (t *Table) Play() TablePlay     { return t.play }
func (t *Table) Over() bool          { return t.phase == PhaseOver }
func (t *Table) Score() TableScore   { return t.score }
func (t *Table) Totals() [4]int      { return t.totals }
func (t *Table) PlayedBy(s Seat) CardSet {
	return t.playedBy[s&3]
}

// SideOf returns the side seat s plays for: itself, or with four
// players its team (seats 0 and 2 are side 0, seats 1 and 3 side 1).
func (t *Table) SideOf(s Seat) int { return sideOf(t.n, s) }

func sideOf(n uint8, s Seat) int {
	if n == 4 {
		return int(s & 1)
	}
	return int(s)
}

// Partner returns the seat opposite s with four players, NoSeat else.
func (t *Table) Partner(s Seat) Seat {
	if t.n != 4 {
		return NoSeat
	}
	return (s + 2) & 3
}

// Ending returns how the deal ended (NotEnded while it goes on).
func (t *Table) Ending() Ending { return t.ending }

// SchmeissRefused reports whether the maker is a schmeisser refused.
func (t *Table) SchmeissRefused() bool {
	return t.schmeisser != NoSeat && t.maker == t.schmeisser
}

// LastTrickWinner returns who won the last completed trick, NoSeat
// before the first trick is complete.
func (t *Table) LastTrickWinner() Seat {
	if t.trickBy == NoSeat {
		return NoSeat
	}
	return t.play.Leader
}

// Copy returns a copy of the deal (a Table is a value: assigning copies).
func (t *Table) Copy() Table { return *t }

// Steps returns the history of the deal: every action in order.
func (t *Table) Steps() []Step { return t.steps[:t.nsteps:t.nsteps] }

// Turn returns the seat to act, or NoSeat when the deal is over.
func (t *Table) Turn() Seat {
	switch t.phase {
	case PhaseOver:
		return NoSeat
	case PhasePlay:
		return t.play.Turn()
	case PhaseDeclare:
		if t.declStep == declDraw {
			return ChanceSeat
		}
	}
	return t.turn
}

// Trick returns the cards on the table in play order and the leader.
func (t *Table) Trick() ([]Card, Seat) {
	tr := t.play.Trick
	return tr[:t.play.InTrick:t.play.InTrick], t.play.Leader
}

// LastTrick returns the last completed trick in play order (N cards),
// who led it, and false before the first trick is complete.
func (t *Table) LastTrick() ([4]Card, Seat, bool) {
	return t.trick, t.trickBy, t.trickBy != NoSeat
}

// BestMeld returns seat s's best meld as found when the dialogue
// started (zero Len when none, or before the dialogue).
func (t *Table) BestMeld(s Seat) Meld { return t.best[s&3] }

// ShownCards returns the cards of the melds each seat of the side with
// the right showed after the first trick (nothing before).
func (t *Table) ShownCards() [4]CardSet {
	var out [4]CardSet
	if !t.shown || t.seqWinner == NoSeat {
		return out
	}
	for s := Seat(0); s < Seat(t.n); s++ {
		if sideOf(t.n, s) == sideOf(t.n, t.seqWinner) {
			out[s] = t.seqCards[s]
		}
	}
	return out
}

// NextDealer returns who deals after dealer at a table of players: the
// deal passes to the left, abandoned deals included (RULES.md sections 2
// and 10).
func NextDealer(dealer Seat, players int) Seat { return Seat((int(dealer) + 1) % players) }

// SideWinner applies RULES.md section 9 to the game totals of the sides
// at the end of a deal: the one side at or over target wins; if several
// are, the highest; if the highest are equal, nobody yet (play goes on).
// It returns the winning side, or -1.
func SideWinner(totals []int, target int) int {
	w, tied := -1, false
	for s, t := range totals {
		switch {
		case t < target:
		case w < 0 || t > totals[w]:
			w, tied = s, false
		case t == totals[w]:
			tied = true
		}
	}
	if tied {
		return -1
	}
	return w
}
