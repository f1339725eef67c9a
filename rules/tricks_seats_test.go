package rules

import (
	"math/rand/v2"
	"testing"
)

// TestTricksAgreeWithThePlayAtEveryCount plays random tables of every count and
// checks TableTricks against the engine: each trick's cards are the
// engine's last trick when it ends, its winner the engine's, the card
// points add up to each seat's card points, and there are TricksPerDeal.
func TestTricksAgreeWithThePlayAtEveryCount(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		r := rand.New(rand.NewPCG(uint64(n), 9))
		for g := 0; g < 200; g++ {
			opts := DefaultOptions()
			opts.Players = n
			tb := NewDeal(opts, Seat(g%n), Shuffle(r))
			var want []Trick
			played := 0
			for tb.Phase() != PhaseOver {
				legal := tb.Legal()
				a := legal[r.IntN(len(legal))]
				if err := tb.Apply(a); err != nil {
					t.Fatalf("%d players: apply %v: %v", n, a, err)
				}
				if a.Kind != PlayCard {
					continue
				}
				if played++; played%n == 0 {
					cards, leader, ok := tb.LastTrick()
					if !ok {
						t.Fatalf("%d players: no last trick after %d cards", n, played)
					}
					want = append(want, Trick{Leader: leader, Cards: cards, Winner: tb.LastTrickWinner()})
				}
			}
			got := Tricks(tb.Steps(), n, tb.Trump(), opts)
			if tb.Score().Outcome == Abandoned {
				if len(got) != 0 {
					t.Fatalf("%d players: an abandoned deal has %d tricks, want 0", n, len(got))
				}
				continue
			}
			if len(got) != TricksPerDeal(n) || len(got) != len(want) {
				t.Fatalf("%d players: %d tricks, engine %d, want %d", n, len(got), len(want), TricksPerDeal(n))
			}
			var pts [4]int
			for i, tr := range got {
				if tr.No != i+1 || tr.N != n || tr.Leader != want[i].Leader || tr.Winner != want[i].Winner || tr.Cards != want[i].Cards {
					t.Fatalf("%d players: trick %d: got %+v, want %+v", n, i+1, tr, want[i])
				}
				pts[tr.Winner] += tr.Points
			}
			if want := tb.View(NoSeat).Points; pts != want {
				t.Fatalf("%d players: tricks' points by winner %v, the engine's %v", n, pts, want)
			}
		}
	}
}
