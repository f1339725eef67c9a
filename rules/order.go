package rules

// The power numbering, for searches: card suit*8 + p, where p counts up
// from the weakest card of its suit by trick-taking power (Power's order:
// 7 8 9 J Q K 10 A in a plain suit, 7 8 Q K 10 A 9 J in trump). A set is
// a uint32 with bit suit*8 + p, so within a suit "beats" is "a higher
// bit", and following and trick winners become mask operations.
// Order converts to and from it for one trump and states, in it, the
// rule of which cards may be played (Follow, as tableFollow) and who
// wins the trick (Beats, as the beats table), and what follows from
// them: which cards beat a card (Beating, Above), whether a hand can
// (CanBeat, Playable), and which cards top their suit (Masters). The
// methods are small so that the searches' hot paths inline them.

// Order is the power numbering of one trump: a suit, or none
// (NoTrumps, NoSuit). Make one with NewOrder; the zero value is not
// usable.
type Order struct {
	trump  uint8  // the trump suit, 4 with none
	trumps uint32 // the trump suit's bits, 0 with none
}

// NewOrder returns the power numbering with trump as the trump suit.
func NewOrder(trump Suit) Order {
	t := min(trump, 4)
	return Order{trump: uint8(t), trumps: uint32(0xFF) << (8 * uint(t))}
}

// Trump returns the trump suit's index, 4 when there is no trump.
func (o Order) Trump() uint8 { return o.trump }

// Trumps returns the bits of the trump suit, 0 when there is no trump.
func (o Order) Trumps() uint32 { return o.trumps }

// tf returns the row of the tables below for suit s: 1 for the trump.
func (o Order) tf(s uint8) int {
	if s == o.trump {
		return 1
	}
	return 0
}

// Card returns c in the power numbering.
func (o Order) Card(c Card) uint8 {
	s := uint8(c >> 3)
	return s<<3 | rankToPow[o.tf(s)][c&7]
}

// CardOf returns the card numbered p (p < 32).
func (o Order) CardOf(p uint8) Card {
	s := p >> 3 & 3
	return Card(s<<3 | powToRank[o.tf(s)][p&7])
}

// Set returns m in the power numbering.
func (o Order) Set(m CardSet) uint32 {
	var out uint32
	for s := uint8(0); s < 4; s++ {
		out |= uint32(laneToPow[o.tf(s)][uint8(m>>(8*s))]) << (8 * s)
	}
	return out
}

// SetOf returns the cards of the set m of the power numbering.
func (o Order) SetOf(m uint32) CardSet {
	var out CardSet
	for s := uint8(0); s < 4; s++ {
		out |= CardSet(powToLane[o.tf(s)][uint8(m>>(8*s))]) << (8 * s)
	}
	return out
}

// Points returns the card points of card p of the power numbering.
func (o Order) Points(p uint8) int {
	return int(powPts[o.tf(p>>3&3)][p&7])
}

// LanePoints returns the card points of the cards of one suit's lane
// (bit p: power p) of the power numbering: of the trump suit when trump
// is true, else of a plain suit.
func LanePoints(lane uint8, trump bool) int {
	if trump {
		return int(lanePts[1][lane])
	}
	return int(lanePts[0][lane])
}

// Follow returns the cards of the hand h that may be played to a trick
// led with a card of lead's suit and won so far by win, as Play.Legal
// (docs/rules.md sections 6, 12 and 13): follow suit, and to a trump
// lead beat the highest trump if able; void, trump, beating a trump
// already in the trick if able; else any card. A trick holding a trump
// is won by its highest trump, so win is the trump to beat. With two
// players win is the lead.
func (o Order) Follow(h uint32, lead, win uint8) uint32 {
	x := h & o.Lane(lead)
	if x == 0 {
		if x = h & o.trumps; x == 0 {
			return h
		}
	}
	// A trump winning the trick: the trumps above it, if any. (A plain
	// lead ruffed: x is the lead's suit, all of it or none of it above
	// the trump, and all of it is returned either way.)
	if win>>3 == o.trump {
		if hi := x &^ uint32(uint64(2)<<win-1); hi != 0 {
			return hi
		}
	}
	return x
}

// Beats reports whether card c, played to a trick, beats the card w
// winning it so far (as Beats and TrickWinnerOf): a higher card of w's
// suit, or a trump when w is not one.
func (o Order) Beats(c, w uint8) bool {
	if c>>3 == w>>3 {
		return c > w
	}
	return c>>3 == o.trump
}

// Beating returns the cards that beat the card w winning a trick (the
// cards c for which Beats(c, w)): the higher cards of w's suit, and the
// trumps when w is not one.
func (o Order) Beating(w uint8) uint32 {
	hi := o.Above(w)
	if w>>3 == o.trump {
		return hi
	}
	return hi | o.trumps
}

// Playable returns the cards of the hand h that may be played to a
// trick led with lead before the rule to beat a trump narrows them (see
// Follow): the lead's suit if h holds it, else any card. Of the cards
// of a hand that beat a card w winning the trick (Beating(w)), the same
// ones are in Playable and in Follow(h, lead, w): a hand that must beat
// a trump if able may play each trump that beats it. So Playable of
// several hands, joined, tells at once whether any of them can beat w.
func (o Order) Playable(h uint32, lead uint8) uint32 {
	if x := h & o.Lane(lead); x != 0 {
		return x
	}
	return h
}

// CanBeat reports whether the hand h, to play to a trick led with lead
// and won so far by w (the lead, or a card that beats it), may play a
// card that beats w: whether Follow(h, lead, w) and Beating(w) meet.
func (o Order) CanBeat(h uint32, lead, w uint8) bool {
	return o.Playable(h, lead)&o.Beating(w) != 0
}

// Lane returns the cards of card p's suit: the eight bits of its lane.
func (o Order) Lane(p uint8) uint32 { return uint32(0xFF) << (p &^ 7) }

// Above returns the cards of p's suit above p: the ones that beat it
// when both are played to a trick.
func (o Order) Above(p uint8) uint32 { return o.Lane(p) &^ uint32(uint64(2)<<p-1) }

// Below returns the cards of p's suit below p.
func (o Order) Below(p uint8) uint32 { return o.Lane(p) & (uint32(1)<<p - 1) }

// Lanes returns the whole lanes of the suits in which h holds a card.
func (o Order) Lanes(h uint32) uint32 {
	h |= h >> 4
	h |= h >> 2
	h |= h >> 1
	return (h & 0x01010101) * 0xFF
}

// Masters returns the cards of x above every card of y in their suit:
// in each suit, x's cards higher than y's highest of it, and all of x's
// cards of a suit y holds none of. Played to a trick of their suit, no
// card of y beats them.
func (o Order) Masters(x, y uint32) uint32 {
	// Each card of y spread down its lane: y's cards and all below them.
	y |= y >> 1 & 0x7F7F7F7F
	y |= y >> 2 & 0x3F3F3F3F
	y |= y >> 4 & 0x0F0F0F0F
	return x &^ y
}

// Tables of the power numbering indexed [tf] with tf 1 for the trump
// suit, built once from power and cardPoints.
var (
	rankToPow [2][8]uint8   // Rank -> power
	powToRank [2][8]uint8   // power -> Rank
	powPts    [2][8]int16   // card points by power
	laneToPow [2][256]uint8 // a CardSet lane (bit = rank) -> a power lane
	powToLane [2][256]uint8 // and back
	lanePts   [2][256]int16 // card points of a power lane
)

func init() {
	for tf := range 2 {
		for r := range 8 {
			p := power[tf][r] & 7
			rankToPow[tf][r] = p
			powToRank[tf][p] = uint8(r)
			powPts[tf][p] = cardPoints[tf][r]
		}
		for m := range 256 {
			var to, from uint8
			var pts int16
			for b := range 8 {
				if m&(1<<b) != 0 {
					to |= 1 << rankToPow[tf][b]
					from |= 1 << powToRank[tf][b]
					pts += powPts[tf][b]
				}
			}
			laneToPow[tf][m], powToLane[tf][m], lanePts[tf][m] = to, from, pts
		}
	}
}
