package rules

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestTrickLost: over random deals at every seat count, whenever the
// view says the trick on the table is lost whatever the seat plays,
// every card it may play and every way the later seats may answer with
// their real hands give the trick to another side. A partner still to
// play, or a card of the seat's own that takes the lead, says no.
func TestTrickLost(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		t.Run(fmt.Sprintf("players=%d", players), func(t *testing.T) {
			r := rand.New(rand.NewPCG(11, uint64(players)))
			o := DefaultOptions()
			o.Players = players
			lost, kept := 0, 0
			for range 300 {
				d := NewDeal(o, Seat(r.IntN(players)), Shuffle(r))
				for !d.Over() {
					if d.Phase() == PhasePlay {
						v := d.View(d.Turn())
						if v.TrickLost() {
							lost++
							if side, ok := sideCanWin(d, SideOfSeat(players, v.Seat)); ok {
								t.Fatalf("trick %v lost for %v, yet side %d can win it", v.Trick[:v.InTrick], v.Seat, side)
							}
						} else if v.InTrick > 0 {
							kept++
						}
					}
					l := d.Legal()
					d.ApplyUnchecked(l[r.IntN(len(l))])
				}
			}
			if lost < 50 || kept < 50 {
				t.Fatalf("too few cases: %d lost, %d not", lost, kept)
			}
		})
	}
}

// sideCanWin reports whether some play of the trick on the table from
// here on, every seat playing a legal card of its real hand, ends with
// side winning it.
func sideCanWin(d Deal, side int) (int, bool) {
	if d.Phase() != PhasePlay {
		return side, false
	}
	for _, a := range d.Legal() {
		e := d.Copy()
		e.ApplyUnchecked(a)
		if c, _ := e.Trick(); len(c) == 0 || e.Phase() != PhasePlay {
			if SideOfSeat(e.Players(), e.LastTrickWinner()) == side {
				return side, true
			}
			continue
		}
		if _, ok := sideCanWin(e, side); ok {
			return side, true
		}
	}
	return side, false
}
