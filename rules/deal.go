package rules

// Phase is the stage a deal is in. Legal and Apply switch on it.
type Phase uint8

// The phases of a deal in the order they happen (PhaseDeclare, with the
// shlomo and cleopatra options only, comes before the first bid).
const (
	PhaseBid1      Phase = iota // round one: pass, take (or schmeiss, with two) on the upcard's suit
	PhaseSchmeiss               // the other player accepts or refuses a schmeiss
	PhaseBid2                   // round two: name another suit or pass
	PhaseDix                    // each player may exchange the 7 of trump for the upcard
	PhaseSequences              // the sequence dialogue
	PhasePlay                   // the tricks
	PhaseOver                   // scored or abandoned
	PhaseDeclare                // the shlomo and cleopatra declarations (declare.go)
)

var phaseNames = [...]string{"bidding", "schmeiss", "bidding round two", "dix", "sequences", "play", "over", "declarations"}

func (p Phase) String() string { return nameOf(phaseNames[:], p) }

// nameOf returns the name of v, a value of one of the small enumerations,
// from its table, or "unknown" past the table's end.
func nameOf[T ~uint8](names []string, v T) string {
	if int(v) < len(names) {
		return names[v]
	}
	return "unknown"
}

// Deal is one deal of Klaberjass for two, three or four players
// (docs/rules.md sections 2 to 15): the deal, bidding, the dix exchange, the
// sequence dialogue, trick play, bella and scoring, with the house
// variants of section 15 as options. It is a value with no pointers or
// slices: assigning it clones it. Legal and Apply switch on the phase;
// View(seat) is what one seat may know.
//
// Seats are numbered 0 to N-1 clockwise (to the left); eldest, the
// dealer's left, is dealer+1.
type Deal struct {
	opts       Options
	n          uint8
	deck       Deck
	dealer     Seat
	phase      Phase
	turn       Seat
	play       Play
	upcard     Card // the card face up at the upcard place (the 7 after an exchange; NoCard once a four-handed maker takes it)
	origUpcard Card
	bottom     Card
	trump      Suit
	maker      Seat
	forced     bool // the dealer named trump because dealer_forced took away its pass
	schmeisser Seat
	dixBy      Seat
	passes     uint8

	// The sequence dialogue (see the package doc).
	step       tStep
	spoken     uint8 // players that have had their turn to speak
	challenger Seat  // the player speaking in turn
	claimant   Seat  // whose claim stands, NoSeat if none
	cLen       uint8 // claim's value 20 or 50 is cVal; its length once told (0 unknown)
	cVal       uint8
	cTop       Rank // the claim's top once told, NoRank before
	best       [4]Meld
	best20     [4]Meld // each seat's best meld of value 20, for an opening "announce 20" below a 50
	seqPts     [4]int16
	seqCards   [4]CardSet
	seqWinner  Seat // the claimant at the end: its side wins the right
	shown      bool

	// Declarations of section 15 (house variants).
	menage   Seat // the seat holding K, Q and J of trump when play began (menage on)
	menageBy Seat // who announced the menage
	bellaBy  Seat
	// shlomo and cleopatra (declare.go)
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
	score  Score
	totals [4]int // game totals before this deal, by side
}

// tStep is the step of the sequence dialogue with more than one
// challenger (the package doc).
type tStep uint8

const (
	tSpeak    tStep = iota // the challenger in turn speaks
	tTellLen               // the claimant answers "how many cards?"
	tReplyLen              // the challenger answers the length
	tTellTop               // the claimant answers "how high?"
	tReplyTop              // the challenger answers the top card
)

// NewDeal starts a deal for opts.NumPlayers() players: dealer deals
// from deck. Six cards each in two batches of three from eldest, then
// the upcard (docs/rules.md sections 2, 12 and 13; deckSeat). The deal opens
// with eldest's round-one bid.
func NewDeal(opts Options, dealer Seat, deck Deck) (t Deal) {
	// Fields are set one by one in the result, not built in a literal and
	// copied: a Deal is large, and a search deals many.
	n := uint8(opts.NumPlayers())
	t.opts, t.n, t.deck, t.dealer, t.phase = opts, n, deck, dealer%Seat(n), PhaseBid1
	t.trump, t.maker, t.schmeisser, t.dixBy, t.seqWinner, t.claimant = NoSuit, NoSeat, NoSeat, NoSeat, NoSeat, NoSeat
	t.challenger, t.cTop, t.menage, t.declarer, t.pending = NoSeat, NoRank, NoSeat, NoSeat, NoCard
	t.menageBy, t.bellaBy, t.bottom, t.trickBy = NoSeat, NoSeat, NoCard, NoSeat
	t.trick = [4]Card{NoCard, NoCard, NoCard, NoCard}
	t.turn = t.eldest()
	for k := range n {
		s, i := t.seatAt(k), 3*int(k)
		t.play.Hands[s] |= 1<<deck[i] | 1<<deck[i+1] | 1<<deck[i+2] |
			1<<deck[3*int(n)+i] | 1<<deck[3*int(n)+i+1] | 1<<deck[3*int(n)+i+2]
	}
	t.upcard = deck[t.upcardPos()]
	t.origUpcard = t.upcard
	t.play.N = n
	t.play.Trump = NoSuit
	t.play.Leader = t.FirstLeader()
	t.play.LastBonus = int16(opts.LastTrick)
	t.score.Players, t.score.Maker, t.score.Trump = int(n), NoSeat, NoSuit
	t.startDeclarations()
	return t
}

// eldest returns the seat on the dealer's left: it speaks and leads first.
func (t *Deal) eldest() Seat { return t.seatAt(0) }

// seatAt returns the seat k places after the dealer's left (0 is eldest).
func (t *Deal) seatAt(k uint8) Seat { return seatMod[t.n&7][(uint8(t.dealer)+1+k)&15] }

// next returns the seat on s's left.
func (t *Deal) next(s Seat) Seat { return seatMod[t.n&7][(uint8(s)+1)&15] }

// seatMod[n][x] is seat x mod n: a table read instead of a division on
// the hot path of the card play (x is a seat plus at most 4 steps, or
// the dealer plus up to 8 in the deal).
var seatMod = func() (m [8][16]Seat) {
	for n := 1; n < 8; n++ {
		for x := range 16 {
			m[n][x] = Seat(x % n)
		}
	}
	return m
}()

// upcardPos is the deck place of the upcard: after the first six cards
// each, or with four players the last card of the deck (the last of the
// eight kept back).
func (t *Deal) upcardPos() int { return UpcardPlace(int(t.n)) }

// UpcardPlace returns the deck place of the upcard at a table of
// players: after the first six cards each, or with four players the last
// card of the deck.
func UpcardPlace(players int) int {
	if players == 4 {
		return 31
	}
	return 6 * players
}

// DealtTo returns the seat that deck place i deals to before the bidding
// when dealer deals to players, or NoSeat for the upcard and the cards
// dealt once a maker is known.
func DealtTo(players int, dealer Seat, i int) Seat {
	return deckSeat(uint8(players), dealer, NoSeat, i)
}

// Place returns seat's place in the order of turns at a table of
// players: 0 for eldest (the dealer's left, who speaks and leads
// first), players-1 for the dealer.
func Place(seat, dealer Seat, players int) int {
	return (int(seat) - int(dealer) - 1 + 2*players) % players
}

// deckSeat returns the seat deck place i deals to, or NoSeat for the
// upcard, the stock and the bottom card (the package doc).
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

// deckPlaces returns the deck places deckSeat deals to seat s, one bit
// a place: what Deal.View and Complete ask of every place of the deck,
// for every view a search samples, read from a table made once.
func deckPlaces(n uint8, dealer, maker, s Seat) uint32 {
	if !ValidPlayers(int(n)) || dealer >= Seat(n) || s >= Seat(n) || (maker >= Seat(n) && maker != NoSeat) {
		return placesOf(n, dealer, maker, s)
	}
	m := maker
	if m == NoSeat {
		m = 4
	}
	return placeTable[n-2][dealer][m][s]
}

// placeTable holds deckPlaces by seat count (from 2), dealer, maker (4:
// none yet) and seat.
var placeTable = func() (tb [3][4][5][4]uint32) {
	for n := uint8(2); n <= 4; n++ {
		for d := range Seat(n) {
			for m := range Seat(5) {
				maker := m
				if m == 4 || m >= Seat(n) {
					maker = NoSeat
				}
				for s := range Seat(n) {
					tb[n-2][d][m][s] = placesOf(n, d, maker, s)
				}
			}
		}
	}
	return tb
}()

// placesOf is deckPlaces worked out place by place.
func placesOf(n uint8, dealer, maker, s Seat) uint32 {
	var out uint32
	for i := range len(Deck{}) {
		if deckSeat(n, dealer, maker, i) == s {
			out |= 1 << i
		}
	}
	return out
}

// NewGameDeal is NewDeal for a deal of a game whose totals before the
// deal are totals, by side (as NewGameDeal): they do not change the rules
// of the deal, but the right bid depends on them, so views carry them.
func NewGameDeal(opts Options, dealer Seat, deck Deck, totals [4]int) Deal {
	t := NewDeal(opts, dealer, deck)
	t.totals = totals
	return t
}

// Accessors.

func (t *Deal) Options() Options { return t.opts }
func (t *Deal) Players() int     { return int(t.n) }
func (t *Deal) Deck() Deck       { return t.deck }
func (t *Deal) Dealer() Seat     { return t.dealer }
func (t *Deal) Eldest() Seat     { return t.eldest() }

// FirstLeader returns the seat that leads to the first trick: eldest,
// whoever is maker (docs/rules.md sections 6, 12 and 13). Bots ask it rather
// than restate the rule.
func (t *Deal) FirstLeader() Seat   { return t.eldest() }
func (t *Deal) Phase() Phase        { return t.phase }
func (t *Deal) Hand(s Seat) CardSet { return t.play.Hands[s&3] }
func (t *Deal) Upcard() Card        { return t.upcard }
func (t *Deal) OrigUpcard() Card    { return t.origUpcard }
func (t *Deal) Bottom() Card        { return t.bottom }
func (t *Deal) Trump() Suit         { return t.trump }
func (t *Deal) Maker() Seat         { return t.maker }
func (t *Deal) Schmeisser() Seat    { return t.schmeisser }
func (t *Deal) DixBy() Seat         { return t.dixBy }
func (t *Deal) SeqWinner() Seat     { return t.seqWinner }
func (t *Deal) BellaBy() Seat       { return t.bellaBy }
func (t *Deal) MenageBy() Seat      { return t.menageBy }
func (t *Deal) Play() Play          { return t.play }
func (t *Deal) Over() bool          { return t.phase == PhaseOver }
func (t *Deal) Score() Score        { return t.score }
func (t *Deal) Totals() [4]int      { return t.totals }

// Announced returns who announced bella or the menage in the card play
// and what it scores them (BellaPoints or MenagePoints); NoSeat and 0
// while nobody has. A deal has one at most: the menage's holder holds
// the only king and queen of trump.
func (t *Deal) Announced() (Seat, int) {
	switch {
	case t.menageBy != NoSeat:
		return t.menageBy, MenagePoints
	case t.bellaBy != NoSeat:
		return t.bellaBy, BellaPoints
	}
	return NoSeat, 0
}

func (t *Deal) PlayedBy(s Seat) CardSet {
	return t.playedBy[s&3]
}

// SideOf returns the side seat s plays for: itself, or with four
// players its team (seats 0 and 2 are side 0, seats 1 and 3 side 1).
func (t *Deal) SideOf(s Seat) int { return sideOf(t.n, s) }

func sideOf(n uint8, s Seat) int { return SideOfSeat(int(n), s) }

// SideOfSeat returns the side seat s plays for at a table of players:
// itself, or with four players its team (seats 0 and 2 are side 0,
// seats 1 and 3 side 1), for a game known only by its seat count (a
// log's header, a table's seats).
func SideOfSeat(players int, s Seat) int {
	if PlaysInTeams(players) {
		return int(s & 1)
	}
	return int(s)
}

// Partner returns the seat opposite s with four players, NoSeat else.
func (t *Deal) Partner(s Seat) Seat { return PartnerOf(int(t.n), s) }

// PartnerOf returns the partner of seat s at a table of players: the
// seat opposite with four, NoSeat with two or three, where every seat
// plays for itself, and NoSeat for no seat (NoSeat, ChanceSeat).
func PartnerOf(players int, s Seat) Seat {
	if !PlaysInTeams(players) || int(s) >= players {
		return NoSeat
	}
	return (s + 2) & 3
}

// SeatsOfSide returns the seats that play for side i at a table of
// players, in seat order: seat i alone with two or three, seat i and its
// partner with four (a side is numbered by its first seat).
func SeatsOfSide(players, i int) []Seat {
	s := Seat(i)
	if p := PartnerOf(players, s); p != NoSeat {
		return []Seat{s, p}
	}
	return []Seat{s}
}

// SideSeats returns the seats on s's side at a table of players as a
// bit set, bit i for seat i: s and its partner with four, s alone with
// two or three.
func SideSeats(players int, s Seat) uint8 {
	m := uint8(1) << s
	if p := PartnerOf(players, s); p != NoSeat {
		m |= 1 << p
	}
	return m
}

// Ending returns how the deal ended (NotEnded while it goes on).
func (t *Deal) Ending() Ending { return t.ending }

// SchmeissRefused reports whether the maker is a schmeisser refused.
func (t *Deal) SchmeissRefused() bool {
	return t.schmeisser != NoSeat && t.maker == t.schmeisser
}

// LastTrickWinner returns who won the last completed trick, NoSeat
// before the first trick is complete.
func (t *Deal) LastTrickWinner() Seat {
	if t.trickBy == NoSeat {
		return NoSeat
	}
	return t.play.Leader
}

// Copy returns a copy of the deal (a Deal is a value: assigning copies).
func (t *Deal) Copy() Deal { return *t }

// Steps returns the history of the deal: every action in order.
func (t *Deal) Steps() []Step { return t.steps[:t.nsteps:t.nsteps] }

// Turn returns the seat to act, or NoSeat when the deal is over.
func (t *Deal) Turn() Seat {
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
func (t *Deal) Trick() ([]Card, Seat) {
	tr := t.play.Trick
	return tr[:t.play.InTrick:t.play.InTrick], t.play.Leader
}

// LastTrick returns the last completed trick in play order (N cards),
// who led it, and false before the first trick is complete.
func (t *Deal) LastTrick() ([4]Card, Seat, bool) {
	return t.trick, t.trickBy, t.trickBy != NoSeat
}

// BestMeld returns seat s's best meld as found when the dialogue
// started (zero Len when none, or before the dialogue).
func (t *Deal) BestMeld(s Seat) Meld { return t.best[s&3] }

// ShownCards returns the cards of the melds each seat of the side with
// the right showed after the first trick (nothing before).
func (t *Deal) ShownCards() [4]CardSet {
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
// deal passes to the left, abandoned deals included (docs/rules.md sections 2,
// 12 and 13).
func NextDealer(dealer Seat, players int) Seat { return SeatAfter(dealer, 1, players) }

// SeatAfter returns the seat k places to the left of s at a table of
// players: the order of play, of the bidding and of the deal (k = 0 is
// s itself; k may pass the table round).
func SeatAfter(s Seat, k, players int) Seat { return Seat((int(s) + k) % players) }

// SideWinner applies docs/rules.md section 9 to the game totals of the sides
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
