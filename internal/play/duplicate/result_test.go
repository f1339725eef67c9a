package duplicate

import (
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/rules"
)

// playRandom plays board b to its end with uniformly random legal
// actions drawn from r, and returns the finished deal.
func playRandom(t testing.TB, s *BoardSet, b Board, r *rand.Rand) rules.Deal {
	t.Helper()
	tb := b.Deal(s.Options)
	for seat := tb.Turn(); seat != rules.NoSeat; seat = tb.Turn() {
		l := tb.Legal()
		if err := tb.ApplyAs(seat, l[r.IntN(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
	return tb
}

// playAll plays every board of s out with random legal moves from r, in
// board order.
func playAll(t testing.TB, s *BoardSet, r *rand.Rand) []rules.Deal {
	t.Helper()
	var deals []rules.Deal
	for _, b := range s.Boards {
		deals = append(deals, playRandom(t, s, b, r))
	}
	return deals
}

func testSet(t testing.TB, players int, seed uint64, count int) *BoardSet {
	t.Helper()
	opts := rules.DefaultOptions()
	opts.Players = players
	opts.Shlomo, opts.Cleopatra, opts.DealerForced, opts.Bimah = players > 2, players == 4, seed/10%2 == 0, seed/10%2 == 0
	s, err := NewSet(Spec{Seed: Seed{seed, 1}, Count: count, Options: opts, Level: "normal"})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestMarginProperties: over many random deals at every seat count the
// results of all seats are what the rules scored, the sides' results sum
// to zero (a duplicate result is a difference), and with two and four
// players each side's result is its score minus the other's.
func TestMarginProperties(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	for players := 2; players <= 4; players++ {
		r := rand.New(rand.NewPCG(9, uint64(players)))
		abandoned, halves := 0, 0
		for k := range n / 20 {
			s := testSet(t, players, uint64(10*k+players), 20)
			for i, tb := range playAll(t, s, r) {
				b := s.Boards[i]
				sc := tb.Score()
				if sc.Outcome == rules.Abandoned {
					abandoned++
				}
				sum := 0.0
				for seat := range rules.Seat(players) {
					res := Result(&tb, seat)
					if res != sc.Margin(tb.SideOf(seat)) {
						t.Fatal("Result differs from Score.Margin")
					}
					if players != 3 {
						side := tb.SideOf(seat)
						if want := float64(sc.Scored[side] - sc.Scored[1-side]); res != want {
							t.Fatalf("players %d board %d seat %s: result %v, want %v", players, b.Number, seat, res, want)
						}
					}
					if res != float64(int(res)) {
						halves++
						if players != 3 || 2*res != float64(int(2*res)) {
							t.Fatalf("players %d: result %v", players, res)
						}
					}
					sum += res
				}
				if players == 4 {
					sum /= 2 // each team counted twice
				}
				if sum != 0 {
					t.Fatalf("players %d board %d: results sum to %v (%+v)", players, b.Number, sum, sc.Scored)
				}
			}
		}
		t.Logf("players %d: %d deals, %d abandoned, %d half-point results", players, n, abandoned, halves)
	}
}
