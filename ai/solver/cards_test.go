package solver

import (
	"testing"

	"github.com/klob/klob/rules"
)

// TestSecondWinsIsRules checks the solver's trick comparison, in its own
// card numbering, against rules.TrickWinnerOf for every pair of cards and
// every trump: the solver holds no rule of the trick of its own.
func TestSecondWinsIsRules(t *testing.T) {
	for tr := rules.Clubs; tr <= rules.Spades; tr++ {
		s := &Solver{ts: uint8(tr)}
		for l := rules.Card(0); l < 32; l++ {
			for f := rules.Card(0); f < 32; f++ {
				if l == f {
					continue
				}
				got := s.secondWins(encodeCard(l, tr), encodeCard(f, tr))
				want := rules.TrickWinnerOf([]rules.Card{l, f}, tr) == 1
				if got != want {
					t.Errorf("trump %s: %s to %s: secondWins %v, want %v", tr, f, l, got, want)
				}
			}
		}
	}
}
