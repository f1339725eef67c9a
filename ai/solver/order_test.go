package solver

import "github.com/klob/klob/rules"

// The solvers' card numbering is rules.Order's; these are the names the
// solver's tests use for it.

func encode(m rules.CardSet, t rules.Suit) uint32 { return rules.NewOrder(t).Set(m) }

func encodeCard(c rules.Card, t rules.Suit) uint8 { return rules.NewOrder(t).Card(c) }

func decodeCard(c uint8, t rules.Suit) rules.Card { return rules.NewOrder(t).CardOf(c) }

// tf returns the row of powPts and powToLane for suit: 1 for the trump.
func (s *Solver) tf(suit uint8) int {
	if suit == s.ts {
		return 1
	}
	return 0
}

// powPts holds the card points by power, powToLane a power lane as a
// rules lane (bit = rank), indexed [tf] with tf 1 for the trump suit.
var powPts, powToLane = func() (pts [2][8]int16, lanes [2][256]uint8) {
	for tf, o := range [2]rules.Order{rules.NewOrder(rules.Hearts), rules.NewOrder(rules.Clubs)} {
		for p := range uint8(8) {
			pts[tf][p] = int16(o.Points(p))
		}
		for m := range 256 {
			lanes[tf][m] = uint8(o.SetOf(uint32(m)))
		}
	}
	return pts, lanes
}()
