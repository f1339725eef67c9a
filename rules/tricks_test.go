package rules

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestTricksAgreeWithThePlay plays random deals at every count and
// checks Tricks against the engine: mid-play, a seat's view holds as
// many tricks as the engine has played; at the end each trick's cards,
// leader and winner are the engine's last trick when it ended, every
// winner leads the next trick, there are TricksPerDeal (none in an
// abandoned deal), and the tricks each seat won and their points agree
// with the score and with the engine's points.
func TestTricksAgreeWithThePlay(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		r := rand.New(rand.NewPCG(uint64(n), 9))
		played := 0
		for g := 0; g < 500; g++ {
			opts := DefaultOptions()
			opts.Players = n
			tb := NewDeal(opts, Seat(g%n), Shuffle(r))
			var want []Trick
			cards := 0
			for !tb.Over() {
				legal := tb.Legal()
				a := legal[r.IntN(len(legal))]
				// Taking in round one half the time: more deals played out.
				if tb.Phase() == PhaseBid1 && r.IntN(2) == 0 && slices.Contains(legal, Action{Kind: Take}) {
					a = Action{Kind: Take}
				}
				if err := tb.Apply(a); err != nil {
					t.Fatalf("%d players: apply %v: %v", n, a, err)
				}
				if tb.Phase() == PhasePlay {
					v := tb.View(SeatA)
					if got, want := len(Tricks(v.History(), n, tb.Trump(), opts)), int(tb.Play().Tricks); got != want {
						t.Fatalf("%d players, mid-play: %d tricks, want %d", n, got, want)
					}
				}
				if a.Kind != PlayCard {
					continue
				}
				if cards++; cards%n == 0 {
					cs, leader, ok := tb.LastTrick()
					if !ok {
						t.Fatalf("%d players: no last trick after %d cards", n, cards)
					}
					want = append(want, Trick{Leader: leader, Cards: cs, Winner: tb.LastTrickWinner()})
				}
			}
			got := Tricks(tb.Steps(), n, tb.Trump(), opts)
			sc := tb.Score()
			if sc.Outcome == Abandoned {
				if len(got) != 0 {
					t.Fatalf("%d players: an abandoned deal has %d tricks, want 0", n, len(got))
				}
				continue
			}
			played++
			if len(got) != TricksPerDeal(n) || len(got) != len(want) {
				t.Fatalf("%d players: %d tricks, engine %d, want %d", n, len(got), len(want), TricksPerDeal(n))
			}
			var won, pts [4]int
			for i, tr := range got {
				if tr.No != i+1 || tr.N != n || tr.Leader != want[i].Leader || tr.Winner != want[i].Winner || tr.Cards != want[i].Cards {
					t.Fatalf("%d players: trick %d: got %+v, want %+v", n, i+1, tr, want[i])
				}
				if i > 0 && tr.Leader != got[i-1].Winner {
					t.Fatalf("%d players: trick %d led by %v, but %v won trick %d", n, tr.No, tr.Leader, got[i-1].Winner, i)
				}
				won[tr.Winner]++
				pts[tr.Winner] += tr.Points
			}
			for s := range n {
				if won[s] != sc.Tricks[s] || pts[s] != sc.Cards[s]+sc.LastTrick[s] {
					t.Fatalf("%d players, seat %d: %d tricks %d points; the score says %d tricks, %d+%d points", n, s, won[s], pts[s], sc.Tricks[s], sc.Cards[s], sc.LastTrick[s])
				}
			}
			if want := tb.View(NoSeat).Points; pts != want {
				t.Fatalf("%d players: tricks' points by winner %v, the engine's %v", n, pts, want)
			}
		}
		if played < 100 {
			t.Errorf("%d players: only %d deals played out", n, played)
		}
	}
}
