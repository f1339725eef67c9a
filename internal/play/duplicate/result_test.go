package duplicate

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/testing/testkit"
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

// TestParIsTheHardBotInThePersonsSeat: par on a board is what the hard
// bot in the person's seat scores there, against the same bots on the
// same seeds; computed twice it is the same.
func TestParIsTheHardBotInThePersonsSeat(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		opts := rules.DefaultOptions()
		opts.Players = n
		set, err := NewSet(Spec{Seed: Seed{uint64(n), 7}, Count: 2, Options: opts, Level: ai.Normal, Seat: rules.SeatB})
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		pars, err := set.Pars(ctx, testkit.CheapBots)
		if err != nil {
			t.Fatal(err)
		}
		again, err := set.Pars(ctx, testkit.CheapBots)
		if err != nil || fmt.Sprint(again) != fmt.Sprint(pars) {
			t.Fatalf("par %v, then %v (%v)", pars, again, err)
		}
		for i, b := range set.Boards {
			bots, err := set.Seats(b, testkit.CheapBots, false)
			if err != nil {
				t.Fatal(err)
			}
			if bots[set.Seat] != nil {
				t.Fatal("a bot sits in the person's seat")
			}
			hard, err := testkit.CheapBots(ParLevel, ai.Config{Seed: b.BotSeed(set.Seat), Think: -1})
			if err != nil {
				t.Fatal(err)
			}
			d, err := set.Play(ctx, b, bots, func(v *rules.View) (rules.Action, error) {
				return hard.Choose(ctx, v)
			})
			if err != nil {
				t.Fatal(err)
			}
			if got := Result(&d, set.Seat); got != pars[i] {
				t.Errorf("board %d: the hard bot in the person's seat scores %v, par %v", b.Number, got, pars[i])
			}
		}
	})
}

// TestLineOfReadsBackParLine: the par line read back from its actions
// is the one worked out, deal and par, at every seat count; actions cut
// short or not legal on the board are refused.
func TestLineOfReadsBackParLine(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		set, err := Daily(Date{Year: 2026, Month: 12, Day: 1}, n)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := set.Board(1)
		line, err := set.ParLine(context.Background(), b, testkit.CheapBots)
		if err != nil {
			t.Fatal(err)
		}
		steps := line.Deal.Steps()
		back, err := set.LineOf(b, steps)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back, line) {
			t.Fatalf("read back:\n%+v\nworked out:\n%+v", back, line)
		}
		if _, err := set.LineOf(b, steps[:len(steps)-1]); err == nil {
			t.Error("a play that stops before the deal's end is read as a line")
		}
		other, _ := set.Board(2)
		if _, err := set.LineOf(other, steps); err == nil {
			t.Error("board 1's line is read as board 2's")
		}
	})
}
