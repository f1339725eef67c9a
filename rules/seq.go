package rules

import "fmt"

// Sequence is a run of three or more cards of one suit in natural order
// (docs/rules.md section 5).
type Sequence struct {
	Suit Suit
	Top  Rank  // the highest card of the run
	Len  uint8 // 3 to 8
}

// Value returns 20 for three cards and 50 for four or more.
func (q Sequence) Value() int {
	switch {
	case q.Len >= 4:
		return 50
	case q.Len == 3:
		return 20
	}
	return 0
}

// Cards returns the cards of the run.
func (q Sequence) Cards() CardSet {
	if q.Len == 0 {
		return 0
	}
	lane := uint8((1<<q.Len - 1) << (uint(q.Top) + 1 - uint(q.Len)))
	return CardSet(lane) << (8 * uint(q.Suit))
}

// String writes the run as its cards from the top: "AH-KH-QH".
func (q Sequence) String() string {
	if q.Len == 0 {
		return "none"
	}
	s := ""
	for i := 0; i < int(q.Len); i++ {
		if i > 0 {
			s += "-"
		}
		s += NewCard(q.Top-Rank(i), q.Suit).String()
	}
	return s
}

// laneRun is, for each 8-bit lane, the runs of 3 or more it holds (at most
// two fit in eight ranks), found once at start-up.
type laneRun struct {
	n    uint8
	top  [2]Rank
	len  [2]uint8
	pts  int16 // total sequence points of the lane
	mask uint8 // cards that are part of some run
}

var laneRuns [256]laneRun

func init() {
	for m := 0; m < 256; m++ {
		var lr laneRun
		r := 0
		for r < 8 {
			if m&(1<<r) == 0 {
				r++
				continue
			}
			start := r
			for r < 8 && m&(1<<r) != 0 {
				r++
			}
			if l := r - start; l >= 3 {
				lr.top[lr.n] = Rank(r - 1)
				lr.len[lr.n] = uint8(l)
				lr.n++
				lr.mask |= uint8((1<<l - 1) << start)
				lr.pts += int16(RunPoints(l))
			}
		}
		laneRuns[m] = lr
	}
}

// Sequences returns every sequence in hand, by suit then from the top.
func Sequences(hand CardSet) []Sequence {
	var out []Sequence
	for s := Clubs; s <= Spades; s++ {
		lr := &laneRuns[hand.Lane(s)]
		for i := int(lr.n) - 1; i >= 0; i-- {
			out = append(out, Sequence{Suit: s, Top: lr.top[i], Len: lr.len[i]})
		}
	}
	return out
}

// RunPoints is what a sequence of n cards in a row scores (docs/rules.md
// section 4): 20 for three, 50 for four or more, nothing for fewer.
func RunPoints(n int) int {
	switch {
	case n >= 4:
		return 50
	case n == 3:
		return 20
	}
	return 0
}

// SequencePoints returns the points of every sequence in hand.
func SequencePoints(hand CardSet) int {
	n := 0
	for s := Clubs; s <= Spades; s++ {
		n += int(laneRuns[hand.Lane(s)].pts)
	}
	return n
}

// lengthWord names a sequence length in the dialogue.
func lengthWord(n uint8) string {
	words := [...]string{"", "", "", "three", "four", "five", "six", "seven", "eight"}
	if int(n) < len(words) {
		return words[n]
	}
	return fmt.Sprint(n)
}
