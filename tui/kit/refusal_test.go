package kit

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/klob/klob/rules"
)

// TestCardRefusalsAreOneSentence plays random deals at every seat count
// and, at each card, tries every card of the hand the rules refuse: the
// refusal names the card, gives one reason after one colon, and ends
// with a full stop, as the other notes do.
func TestCardRefusalsAreOneSentence(t *testing.T) {
	g := NewGlyphs(false)
	for _, n := range []int{2, 3, 4} {
		opts := rules.DefaultOptions()
		opts.Players = n
		refused := 0
		for seed := uint64(1); seed <= 40; seed++ {
			r := rand.New(rand.NewPCG(seed, uint64(n)))
			d := rules.NewDeal(opts, rules.SeatA, rules.Shuffle(r))
			for !d.Over() {
				legal := d.Legal()
				if d.Phase() == rules.PhasePlay {
					v := d.View(d.Turn())
					for m := d.Hand(d.Turn()); m != 0; m &= m - 1 {
						a := rules.Action{Kind: rules.PlayCard, Card: m.First()}
						trial := d
						err := trial.Apply(a)
						if err == nil {
							continue
						}
						refused++
						s := RefusalText(&g, &v, a, err)
						if !strings.HasPrefix(s, "You cannot play "+g.CardText(a.Card)+": ") || !strings.HasSuffix(s, ".") || strings.Count(s, ":") != 1 {
							t.Fatalf("%d players: refusal %q", n, s)
						}
					}
				}
				if err := d.Apply(legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		if refused < 100 {
			t.Errorf("%d players: only %d cards refused", n, refused)
		}
	}
}
