package rules

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Suit is one of the four suits. The order (clubs, diamonds, hearts,
// spades) is only used to sort and to index; no suit outranks another.
type Suit uint8

// The suits, and NoSuit for "not decided yet" (trump before bidding ends).
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
	// NoTrumps is the trump of a no-trump deal (four players, docs/rules.md
	// section 13): no suit is trump, and every table indexed by trump
	// reads it as the no-trump row.
	NoTrumps Suit = 4
	NoSuit   Suit = 0xFF
)

// Suits lists the four suits in index order.
var suitLetters = [4]byte{'C', 'D', 'H', 'S'}
var suitNames = [4]string{"clubs", "diamonds", "hearts", "spades"}
var suitSymbols = [4]string{"♣", "♦", "♥", "♠"}

// String returns the suit's letter: C, D, H or S, and NT for NoTrumps.
func (s Suit) String() string {
	if s < 4 {
		return string(suitLetters[s])
	}
	if s == NoTrumps {
		return "NT"
	}
	return "-"
}

// Name returns the suit's plural English name ("hearts"), and "no
// trumps" for NoTrumps.
func (s Suit) Name() string {
	if s < 4 {
		return suitNames[s]
	}
	if s == NoTrumps {
		return "no trumps"
	}
	return "no suit"
}

// Symbol returns the suit's Unicode symbol (♣ ♦ ♥ ♠).
func (s Suit) Symbol() string {
	if s < 4 {
		return suitSymbols[s]
	}
	return "-"
}

// Red reports whether the suit is diamonds or hearts.
func (s Suit) Red() bool { return s == Diamonds || s == Hearts }

// ParseSuit reads a suit as a letter (C D H S, any case), a symbol
// (♣ ♦ ♥ ♠ ♧ ♢ ♡ ♤) or a name (clubs, hearts...).
func ParseSuit(s string) (Suit, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case "c", "♣", "♧", "club", "clubs":
		return Clubs, nil
	case "d", "♦", "♢", "diamond", "diamonds":
		return Diamonds, nil
	case "h", "♥", "♡", "heart", "hearts":
		return Hearts, nil
	case "s", "♠", "♤", "spade", "spades":
		return Spades, nil
	}
	return NoSuit, fmt.Errorf("%q is not a suit", s)
}

// Rank is a card rank, numbered in natural (sequence) order from the seven
// up to the ace, so that adjacent ranks are adjacent numbers.
type Rank uint8

// The ranks in sequence order.
const (
	Seven Rank = iota
	Eight
	Nine
	Ten
	Jack
	Queen
	King
	Ace
	NoRank Rank = 0xFF
)

var rankLetters = [8]byte{'7', '8', '9', 'T', 'J', 'Q', 'K', 'A'}
var rankNames = [8]string{"seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"}

// String returns the rank's letter: 7 8 9 T J Q K A.
func (r Rank) String() string {
	if r < 8 {
		return string(rankLetters[r])
	}
	return "-"
}

// Name returns the rank's English name ("queen").
func (r Rank) Name() string {
	if r < 8 {
		return rankNames[r]
	}
	return "no rank"
}

// Display returns the rank as a person writes it: 10 for the ten.
func (r Rank) Display() string {
	if r == Ten {
		return "10"
	}
	return r.String()
}

// ParseRank reads a rank: 7 8 9 T 10 J Q K A, any case.
func ParseRank(s string) (Rank, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	if t == "10" {
		return Ten, nil
	}
	if len(t) == 1 {
		for r, l := range rankLetters {
			if t[0] == l {
				return Rank(r), nil
			}
		}
	}
	return NoRank, fmt.Errorf("%q is not a rank", s)
}

// Card is one of the 32 cards, numbered suit*8 + rank so that each suit
// occupies one 8-bit lane of a CardSet.
type Card uint8

// NoCard stands for an absent card (no upcard yet, empty trick).
const NoCard Card = 0xFF

// NewCard returns the card of rank r in suit s.
func NewCard(r Rank, s Suit) Card { return Card(uint8(s)<<3 | uint8(r)) }

// Dix is the seven of trump: the card the dix exchange gives for the
// upcard.
func Dix(trump Suit) Card { return NewCard(Seven, trump) }

// Suit returns the card's suit.
func (c Card) Suit() Suit { return Suit(c >> 3) }

// Rank returns the card's rank.
func (c Card) Rank() Rank { return Rank(c & 7) }

// Valid reports whether c is one of the 32 cards.
func (c Card) Valid() bool { return c < 32 }

// String returns the two-letter form, rank then suit: "JS", "TH", "7C".
func (c Card) String() string {
	if !c.Valid() {
		return "--"
	}
	return string([]byte{rankLetters[c.Rank()], suitLetters[c.Suit()]})
}

// Pretty returns the card as a person writes it, with a suit symbol:
// "J♠", "10♥". With ascii set it uses suit letters: "JS", "10H".
func (c Card) Pretty(ascii bool) string {
	if !c.Valid() {
		return "--"
	}
	if ascii {
		return c.Rank().Display() + c.Suit().String()
	}
	return c.Rank().Display() + c.Suit().Symbol()
}

// ParseCard reads a card in any of the usual notations: "JS", "TS", "10S",
// "J♠", "10♥", "js", "qh". The rank comes first.
func ParseCard(s string) (Card, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return NoCard, fmt.Errorf("empty card")
	}
	var rs, ss string
	switch {
	case strings.HasPrefix(t, "10"):
		rs, ss = "10", t[2:]
	default:
		rs, ss = t[:1], t[1:]
	}
	r, err := ParseRank(rs)
	if err != nil {
		return NoCard, fmt.Errorf("%q is not a card: bad rank", s)
	}
	su, err := ParseSuit(ss)
	if err != nil {
		return NoCard, fmt.Errorf("%q is not a card: bad suit", s)
	}
	return NewCard(r, su), nil
}

// MustCard is ParseCard for tests and examples; it panics on bad input.
func MustCard(s string) Card {
	c, err := ParseCard(s)
	if err != nil {
		panic(err)
	}
	return c
}

// CardSet is a set of cards as a 32-bit mask: bit i is Card(i). Suit s
// occupies bits 8s..8s+7, in sequence order.
type CardSet uint32

// FullDeck holds all 32 cards.
const FullDeck CardSet = 0xFFFFFFFF

// SuitMask returns the set of all eight cards of suit s.
func SuitMask(s Suit) CardSet { return CardSet(0xFF) << (8 * uint(s)) }

// SetOf returns the set holding the given cards.
func SetOf(cards ...Card) CardSet {
	var m CardSet
	for _, c := range cards {
		m |= 1 << c
	}
	return m
}

// Has reports whether c is in the set.
func (m CardSet) Has(c Card) bool { return c < 32 && m&(1<<c) != 0 }

// With returns the set with c added.
func (m CardSet) With(c Card) CardSet { return m | 1<<c }

// Without returns the set with c removed.
func (m CardSet) Without(c Card) CardSet { return m &^ (1 << c) }

// Count returns the number of cards in the set.
func (m CardSet) Count() int { return bits.OnesCount32(uint32(m)) }

// Empty reports whether the set has no card.
func (m CardSet) Empty() bool { return m == 0 }

// Suit returns the cards of suit s in the set.
func (m CardSet) Suit(s Suit) CardSet { return m & SuitMask(s) }

// Lane returns the 8-bit lane of suit s, bit r set for rank r.
func (m CardSet) Lane(s Suit) uint8 { return uint8(m >> (8 * uint(s))) }

// First returns the lowest-numbered card in the set, or NoCard.
func (m CardSet) First() Card {
	if m == 0 {
		return NoCard
	}
	return Card(bits.TrailingZeros32(uint32(m)))
}

// Nth returns the n-th card (from 0) in index order, or NoCard when the
// set has n cards or fewer. It halves the set twice by counting, then
// reads the card from a per-byte table: no loop, so a random playout that
// picks its card with Nth pays no unpredictable branch here.
func (m CardSet) Nth(n int) Card {
	if uint(n) >= uint(m.Count()) {
		return NoCard
	}
	return selectBit(m, uint32(n))
}

// selectBit returns the k-th card of m (k < m.Count()) without a
// branch: the counts of the low three bytes are read at once, then two
// masked steps drop the low half and the low byte of the half when k is
// past them (a mask is all ones exactly when k-count does not wrap), and
// a table gives the card within the byte left.
func selectBit(m CardSet, k uint32) Card {
	x := uint32(m)
	c0, c1, c2 := uint32(len8[uint8(x)]), uint32(len8[uint8(x>>8)]), uint32(len8[uint8(x>>16)])
	s := c0 + c1
	half := (k-s)>>31 - 1
	k -= s & half
	low := c0&^half | c2&half
	byt := (k-low)>>31 - 1
	k -= low & byt
	shift := 16&half | 8&byt
	return Card(shift + uint32(selectInByte[uint8(x>>shift)][k&7]))
}

// len8[b] is the number of set bits of b.
var len8 = func() (t [256]uint8) {
	for b := range 256 {
		t[b] = uint8(bits.OnesCount8(uint8(b)))
	}
	return t
}()

// selectInByte[b][n] is the position of the n-th set bit of b.
var selectInByte = func() (t [256][8]uint8) {
	for b := range 256 {
		n := 0
		for i := range 8 {
			if b&(1<<i) != 0 {
				t[b][n] = uint8(i)
				n++
			}
		}
	}
	return t
}()

// Cards returns the cards in index order (clubs 7 up to spades ace).
func (m CardSet) Cards() []Card {
	out := make([]Card, 0, m.Count())
	for x := uint32(m); x != 0; x &= x - 1 {
		out = append(out, Card(bits.TrailingZeros32(x)))
	}
	return out
}

// String lists the cards in index order, separated by spaces.
func (m CardSet) String() string { return joinCards(m.Cards()) }

// joinCards writes cards in the given order, separated by spaces, as
// CardSet and Deck print them.
func joinCards(cards []Card) string {
	var b strings.Builder
	for i, c := range cards {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}

// ParseCardSet reads cards separated by spaces or commas. A card listed
// twice is an error.
func ParseCardSet(s string) (CardSet, error) {
	var m CardSet
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
		c, err := ParseCard(f)
		if err != nil {
			return 0, err
		}
		if m.Has(c) {
			return 0, fmt.Errorf("card %s listed twice", c)
		}
		m = m.With(c)
	}
	return m, nil
}

// Seat names one of the two players of a game. Which seat deals changes
// every deal; the seats stay.
type Seat uint8

// The two seats, and NoSeat for "nobody" (no maker yet, no sequence winner).
const (
	SeatA  Seat = 0
	SeatB  Seat = 1
	NoSeat Seat = 0xFF
)

// Other returns the opponent's seat.
func (s Seat) Other() Seat { return s ^ 1 }

// String returns "A", "B" or "-"; the seats of a three- or four-handed
// Deal go on with "C" and "D".
func (s Seat) String() string {
	if s < 4 {
		return string(rune('A' + s))
	}
	return "-"
}

// ParseSeat reads the letter of a seat at a table of players, "A" to
// "B", "C" or "D" (any case; String's letters). players out of
// MinPlayers..MaxPlayers reads no seat.
func ParseSeat(s string, players int) (Seat, error) {
	if t := strings.ToUpper(strings.TrimSpace(s)); len(t) == 1 && ValidPlayers(players) {
		if seat := Seat(t[0] - 'A'); t[0] >= 'A' && seat < Seat(players) {
			return seat, nil
		}
	}
	if players == MinPlayers {
		return NoSeat, fmt.Errorf("%q is not a seat (A or B)", s)
	}
	return NoSeat, fmt.Errorf("%q is not a seat (A to %v)", s, Seat(players-1))
}

// Card points won in tricks, indexed [trump][rank] with trump 1 for the
// trump suit. See docs/rules.md section 1.
var cardPoints = [2][8]int16{
	{0, 0, 0, 10, 2, 3, 4, 11},
	{0, 0, 14, 10, 20, 3, 4, 11},
}

// Trick-taking power, indexed [trump][rank]; higher wins. Trump cards get
// 8 added so any trump beats any plain card.
var power = [2][8]uint8{
	{0, 1, 2, 6, 3, 4, 5, 7},       // plain: A T K Q J 9 8 7
	{8, 9, 14, 12, 15, 10, 11, 13}, // trump: J 9 A T K Q 8 7
}

// Tables indexed by trumpRow(trump) (0-3 for a suit, 4 for NoSuit) and
// card, built once from cardPoints and power so that card play reads one
// entry instead of branching on suits.
var (
	// cardPts is the card points of each card under each trump.
	cardPts [5][32]int16
	// strength is the trick-taking power of each card within its suit,
	// plus 16 for a trump, so a trump beats every plain card.
	strength [5][32]uint8
	// followTab holds, for each lead card, the two masks a follower's
	// hand is tried against in order (see followSet).
	followTab [5][32][2]CardSet
	// beats[row][lead][second] is 1 when second, played to lead, wins.
	beats [5][32][32]uint8
)

// trumpRow returns the table row of a trump suit: the suit, or 4 for
// NoSuit (no trump yet).
func trumpRow(t Suit) int { return int(min(t, 4)) }

func init() {
	for row := range 5 {
		for c := Card(0); c < 32; c++ {
			s, r := c.Suit(), c.Rank()
			isTrump := int(s) == row
			t := 0
			if isTrump {
				t = 1
			}
			cardPts[row][c] = cardPoints[t][r]
			strength[row][c] = power[0][r]
			if isTrump {
				strength[row][c] = power[1][r] - 8 + 16
			}
			var first, second CardSet
			if isTrump {
				for o := Rank(0); o < 8; o++ {
					if power[1][o] > power[1][r] {
						first |= 1 << NewCard(o, s)
					}
				}
				second = SuitMask(s)
			} else {
				first = SuitMask(s)
				if row < 4 {
					second = SuitMask(Suit(row))
				}
			}
			followTab[row][c] = [2]CardSet{first, second}
		}
		for l := Card(0); l < 32; l++ {
			for c := Card(0); c < 32; c++ {
				sl, sc := strength[row][l], strength[row][c]
				if sc > sl && (l.Suit() == c.Suit() || sc >= 16) {
					beats[row][l][c] = 1
				}
			}
		}
	}
}

// RanksByPower returns the ranks from the highest in trick-taking to
// the lowest: of the trump suit when trump, else of a plain suit.
func RanksByPower(trump bool) []Rank {
	row := power[0]
	if trump {
		row = power[1]
	}
	out := []Rank{Seven, Eight, Nine, Ten, Jack, Queen, King, Ace}
	slices.SortFunc(out, func(a, b Rank) int { return int(row[b]) - int(row[a]) })
	return out
}

// Points returns the card points c is worth when trump is the trump suit.
func Points(c Card, trump Suit) int {
	t := 0
	if c.Suit() == trump {
		t = 1
	}
	return int(cardPoints[t][c.Rank()])
}

// SetPoints returns the card points of all cards in m.
func SetPoints(m CardSet, trump Suit) int {
	n := 0
	for x := uint32(m); x != 0; x &= x - 1 {
		n += Points(Card(bits.TrailingZeros32(x)), trump)
	}
	return n
}

// Beats reports whether card b, played second, beats card a, led, with
// the given trump. It reads the table card play reads (built from Power
// alone), so there is one statement of who wins a trick.
func Beats(b, a Card, trump Suit) bool {
	return beats[trumpRow(trump)][a&31][b&31] == 1
}

// Above returns the cards of c's suit that beat c (with trump as the
// trump suit): the cards a player that had to beat c, and did not, lacks.
func Above(c Card, trump Suit) CardSet {
	var m CardSet
	s := c.Suit()
	for r := Rank(0); r < 8; r++ {
		if x := NewCard(r, s); Power(x, trump) > Power(c, trump) {
			m = m.With(x)
		}
	}
	return m
}

// Power returns c's trick-taking strength in its own suit: trumps rank
// J 9 A 10 K Q 8 7 above every plain card, plain cards A 10 K Q J 9 8 7.
// Sorting a hand by suit, then Power, shows it as players hold it.
func Power(c Card, trump Suit) int {
	if c.Suit() == trump {
		return int(power[1][c.Rank()])
	}
	return int(power[0][c.Rank()])
}
