package rules

import (
	"math/rand/v2"
	"testing"
)

func TestQuickRandomGames(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 2000; i++ {
		g := NewGame(DefaultOptions(), Seat(r.IntN(2)))
		for !g.Over() {
			if g.NeedDeal() {
				if err := g.StartDeal(Shuffle(r)); err != nil {
					t.Fatal(err)
				}
			}
			l := g.Deal().Legal()
			if len(l) == 0 {
				t.Fatalf("no legal in phase %v", g.Deal().Phase())
			}
			a := l[r.IntN(len(l))]
			v := g.Deal().View(g.Deal().Turn())
			vl := v.Legal()
			if len(vl) != len(l) {
				t.Fatalf("view legal %v vs %v", vl, l)
			}
			if err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
}
