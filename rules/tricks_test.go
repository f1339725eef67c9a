package rules

import (
	"math/rand/v2"
	"testing"
)

// TestTricksAgreeWithThePlay: on random deals played out, Tricks gives
// nine tricks whose winners lead the next ones, whose counts per seat
// are the score's, and whose points add up to the score's card points
// and last-trick bonus.
func TestTricksAgreeWithThePlay(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	played := 0
	for n := 0; n < 500; n++ {
		d := NewDeal(DefaultOptions(), Seat(r.IntN(2)), Shuffle(r))
		for !d.Over() {
			l := d.Legal()
			a := l[r.IntN(len(l))]
			if d.Phase() == PhaseBid1 && r.IntN(2) == 0 {
				a = Action{Kind: Take}
			}
			if err := d.Apply(a); err != nil {
				t.Fatal(err)
			}
			if d.Phase() == PhasePlay {
				v := d.View(SeatA)
				if got, want := len(Tricks(v.History(), 2, d.Trump(), d.Options())), int(d.Play().Tricks); got != want {
					t.Fatalf("mid-play: %d tricks, want %d", got, want)
				}
			}
		}
		sc := d.Score()
		if sc.Outcome == Abandoned {
			continue
		}
		played++
		tr := Tricks(d.Steps(), 2, d.Trump(), d.Options())
		if len(tr) != 9 {
			t.Fatalf("%d tricks", len(tr))
		}
		var won [2]int
		var pts [2]int
		for i, x := range tr {
			if i > 0 && x.Leader != tr[i-1].Winner {
				t.Fatalf("trick %d led by %v, but %v won trick %d", x.No, x.Leader, tr[i-1].Winner, i)
			}
			won[x.Winner]++
			pts[x.Winner] += x.Points
		}
		for s := range 2 {
			if won[s] != sc.Tricks[s] || pts[s] != sc.Cards[s]+sc.LastTrick[s] {
				t.Fatalf("seat %d: %d tricks %d points; the score says %d tricks, %d+%d points", s, won[s], pts[s], sc.Tricks[s], sc.Cards[s], sc.LastTrick[s])
			}
		}
	}
	if played < 100 {
		t.Errorf("only %d deals played out", played)
	}
}
