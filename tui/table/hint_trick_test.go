package table

import (
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/rules"
)

// TestTrickWordsAreCertain: at every seat count, whatever card is
// played to a trick, the hint's words on the trick hold however the
// later players answer (every legal card of each is tried on the real
// deal): "wins" only when the side cannot lose it, "gives up" only when
// it cannot win it, and a trick the partner holds is never given up.
func TestTrickWordsAreCertain(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		said := map[string]int{}
		for seed := uint64(1); seed <= 12; seed++ {
			g := rules.NewGame(options(n), rules.SeatA)
			if err := g.StartDeal(rules.Shuffle(rand.New(rand.NewPCG(seed, 7)))); err != nil {
				t.Fatal(err)
			}
			for g.Deal().Phase() != rules.PhaseOver && !g.NeedDeal() {
				d := g.Deal()
				v := d.View(d.Turn())
				legal := v.Legal()
				if v.Phase == rules.PhasePlay && v.InTrick > 0 {
					for _, a := range legal {
						if a.Kind != rules.PlayCard {
							continue
						}
						words := trickWords(&v, a.Card)
						said[words]++
						ours, theirs := outcomes(t, *d, a, v.Seat, n)
						side := rules.SideOfSeat(n, v.WinnerIf(a.Card)) == rules.SideOfSeat(n, v.Seat)
						switch words {
						case "It wins this trick.", "Your partner wins this trick.":
							if theirs {
								t.Errorf("%d players, %v: %q, but the others can take it", n, a, words)
							}
						case "It gives this trick up.":
							if side || ours {
								t.Errorf("%d players, %v: %q, but the side can win it", n, a, words)
							}
						}
					}
				}
				if err := g.Apply(takeOrFirst(legal)); err != nil {
					t.Fatal(err)
				}
			}
		}
		if said["It wins this trick."] == 0 {
			t.Errorf("%d players: no card was said to win its trick: %v", n, said)
		}
		if n == 4 && said["Your partner wins this trick."]+said["Your partner stays ahead in this trick for now."] == 0 {
			t.Errorf("4 players: no trick was left to the partner: %v", said)
		}
	}
}

// outcomes plays a for seat on a copy of d, then every legal answer of
// the players after it in the trick, and reports whether seat's side
// wins the trick in some line (ours) and the others in some (theirs).
func outcomes(t *testing.T, d rules.Deal, a rules.Action, seat rules.Seat, n int) (ours, theirs bool) {
	t.Helper()
	tricks := d.Play().Tricks
	if err := d.Apply(a); err != nil {
		t.Fatal(err)
	}
	var walk func(d rules.Deal)
	walk = func(d rules.Deal) {
		if d.Play().Tricks != tricks || d.Phase() != rules.PhasePlay {
			if rules.SideOfSeat(n, d.LastTrickWinner()) == rules.SideOfSeat(n, seat) {
				ours = true
			} else {
				theirs = true
			}
			return
		}
		v := d.View(d.Turn())
		for _, b := range v.Legal() {
			if b.Kind != rules.PlayCard {
				continue
			}
			e := d
			if err := e.Apply(b); err != nil {
				t.Fatal(err)
			}
			walk(e)
		}
	}
	walk(d)
	return ours, theirs
}
