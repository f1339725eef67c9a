package solver

import "github.com/klob/klob/rules"

// Inside the solvers a card is in rules' power numbering (rules.Order):
// suit*8 + power, power counting up from the weakest card of its suit,
// so "higher" is "a higher bit in the lane". rules.Order also says which
// cards may follow, which card wins a trick, whether a hand can beat a
// card, and which cards top every other card of their suit; the solvers
// restate no rule of the trick.

// zeroLane holds, indexed [tf] with tf 1 for the trump suit, the powers
// of no points below every card with points.
var zeroLane = func() (z [2]uint8) {
	for tf, o := range [2]rules.Order{rules.NewOrder(rules.Hearts), rules.NewOrder(rules.Clubs)} {
		for p := uint8(0); p < 8 && o.Points(p) == 0; p++ {
			z[tf] |= 1 << p
		}
	}
	return z
}()
