package sampler

import (
	"math/rand/v2"

	"github.com/klob/klob/rules"
)

// maxSeats is the number of hidden seats a count deals to: the other
// seats of a table of at most four.
const maxSeats = 3

// fact[n] is n! as a float64 (exact up to 18!, and 32! is within 1e-16).
var fact = func() [33]float64 {
	var f [33]float64
	f[0] = 1
	for i := 1; i < len(f); i++ {
		f[i] = f[i-1] * float64(i)
	}
	return f
}()

// ways counts the ways to deal cards grouped in classes, a class's cards
// all allowed in the same hidden seats, so that each seat gets exactly
// its need and the cards left over go to no hand (the stock, the cards
// still to be dealt: any card may lie there). A deal is a choice of
// x[k][j], how many cards of class k go to seat j, with the row sums the
// class sizes and the column sums the needs, and each such choice stands
// for the product over classes of the multinomials size!/(x[k][0]!...
// x[k][stock]!) deals. at(k, rem) is the number of ways for classes k..
// to fill the needs rem; it is filled for every state reachable from the
// needs at construction, so that drawing only reads it.
type ways struct {
	masks  []uint8 // bit j: seat j may hold the class's cards
	sizes  []int
	suffix []int // cards in classes k..
	need   [maxSeats]int
	stride [maxSeats]int
	states int
	memo   []float64 // (len(sizes)+1) layers of states, -1 until counted
}

func newWays(masks []uint8, sizes []int, need [maxSeats]int) *ways {
	w := &ways{masks: masks, sizes: sizes, need: need, suffix: make([]int, len(sizes)+1)}
	for k := len(sizes) - 1; k >= 0; k-- {
		w.suffix[k] = w.suffix[k+1] + sizes[k]
	}
	w.states = 1
	for j := range maxSeats {
		w.stride[j] = w.states
		w.states *= need[j] + 1
	}
	w.memo = make([]float64, (len(sizes)+1)*w.states)
	for i := range w.memo {
		w.memo[i] = -1
	}
	w.at(0, need)
	return w
}

// total is the number of deals.
func (w *ways) total() float64 { return w.memo[w.index(0, w.need)] }

func (w *ways) index(k int, rem [maxSeats]int) int {
	i := k * w.states
	for j := range maxSeats {
		i += rem[j] * w.stride[j]
	}
	return i
}

func (w *ways) at(k int, rem [maxSeats]int) float64 {
	i := w.index(k, rem)
	if n := w.memo[i]; n >= 0 {
		return n
	}
	n := 0.0
	if k == len(w.sizes) {
		if rem == ([maxSeats]int{}) {
			n = 1
		}
	} else {
		w.each(k, rem, func(x [maxSeats]int, m float64) bool {
			n += m * w.at(k+1, minus(rem, x))
			return true
		})
	}
	w.memo[i] = n
	return n
}

// each calls f with every row x of class k that fits the needs rem (the
// rest of the class to the stock, within what it has room for) and its
// multinomial, until f returns false.
func (w *ways) each(k int, rem [maxSeats]int, f func(x [maxSeats]int, m float64) bool) {
	n := w.sizes[k]
	stock := w.suffix[k] - rem[0] - rem[1] - rem[2]
	if stock < 0 {
		return
	}
	var hi [maxSeats]int
	for j := range maxSeats {
		if w.masks[k]>>j&1 != 0 {
			hi[j] = min(rem[j], n)
		}
	}
	for a := 0; a <= hi[0]; a++ {
		for b := 0; b <= hi[1] && a+b <= n; b++ {
			for c := 0; c <= hi[2] && a+b+c <= n; c++ {
				s := n - a - b - c
				if s > stock {
					continue
				}
				if !f([maxSeats]int{a, b, c}, fact[n]/(fact[a]*fact[b]*fact[c]*fact[s])) {
					return
				}
			}
		}
	}
}

// draw chooses the rows x, each with its share of the deals left, so
// that every deal is equally likely; total must be above zero.
func (w *ways) draw(r *rand.Rand, x [][maxSeats]int) {
	rem := w.need
	for k := range w.sizes {
		u := r.Float64() * w.memo[w.index(k, rem)]
		var got [maxSeats]int
		w.each(k, rem, func(row [maxSeats]int, m float64) bool {
			if n := m * w.memo[w.index(k+1, minus(rem, row))]; n > 0 {
				// The last row with deals takes what rounding leaves.
				got = row
				u -= n
			}
			return u >= 0
		})
		x[k] = got
		rem = minus(rem, got)
	}
}

func minus(a, b [maxSeats]int) [maxSeats]int {
	for j := range a {
		a[j] -= b[j]
	}
	return a
}

// deal deals each class's cards (classes[k], less what is already
// dealt) by the rows x: x[k][j] of them, chosen uniformly, to seat
// seats[j]; the rest stay in no hand.
func deal(r *rand.Rand, seats []rules.Seat, classes []rules.CardSet, x [][maxSeats]int, hands *[4]rules.CardSet) {
	for k, cards := range classes {
		for j, o := range seats {
			got := pickN(r, cards, x[k][j])
			cards &^= got
			hands[o] |= got
		}
	}
}
