package solver

import (
	"sort"

	"github.com/klob/klob/rules"
)

// Inside the solver a card is suit*8 + power, where power counts up from
// the weakest card of its suit (7 8 9 J Q K 10 A in plain suits,
// 7 8 Q K 10 A 9 J in trump), so "higher" is "a higher bit in the lane".
// Tables are indexed [tf] with tf 1 for the trump suit.
var (
	rankToPow [2][8]uint8   // rules.Rank -> power
	powToRank [2][8]uint8   // power -> rules.Rank
	powPts    [2][8]int16   // card points by power
	laneToPow [2][256]uint8 // a rules lane (bit = rank) -> a power lane
	powToLane [2][256]uint8 // and back
	lanePts   [2][256]int16 // points of a power lane
	zeroLane  [2]uint8      // the powers of no points below every card with points
)

func init() {
	for tf := range 2 {
		su := rules.Clubs
		tr := rules.Hearts // any other suit: plain points
		if tf == 1 {
			tr = rules.Clubs
		}
		// The order of the ranks by trick-taking power is rules.Power's:
		// the solver restates no rule of the trick.
		var order [8]rules.Rank
		for r := rules.Rank(0); r < 8; r++ {
			order[r] = r
		}
		sort.Slice(order[:], func(i, j int) bool {
			return rules.Power(rules.NewCard(order[i], su), tr) < rules.Power(rules.NewCard(order[j], su), tr)
		})
		for p, r := range order {
			rankToPow[tf][r] = uint8(p)
			powToRank[tf][p] = uint8(r)
			powPts[tf][p] = int16(rules.Points(rules.NewCard(r, su), tr))
		}
		for p := 0; p < 8 && powPts[tf][p] == 0; p++ {
			zeroLane[tf] |= 1 << p
		}
		for m := 0; m < 256; m++ {
			var to, from uint8
			var pts int16
			for b := 0; b < 8; b++ {
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

// encode converts a rules set to the solver's numbering for trump t.
func encode(m rules.CardSet, t rules.Suit) uint32 {
	var out uint32
	for s := rules.Clubs; s <= rules.Spades; s++ {
		tf := 0
		if s == t {
			tf = 1
		}
		out |= uint32(laneToPow[tf][m.Lane(s)]) << (8 * uint(s))
	}
	return out
}

// encodeCard and decodeCard convert one card.
func encodeCard(c rules.Card, t rules.Suit) uint8 {
	tf := 0
	if c.Suit() == t {
		tf = 1
	}
	return uint8(c.Suit())<<3 | rankToPow[tf][c.Rank()]
}

func decodeCard(c uint8, t rules.Suit) rules.Card {
	s := rules.Suit(c >> 3)
	tf := 0
	if s == t {
		tf = 1
	}
	return rules.NewCard(rules.Rank(powToRank[tf][c&7]), s)
}
