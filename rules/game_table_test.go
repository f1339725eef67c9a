package rules

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// playGameTo plays a game to its end with seeded random legal actions,
// calling check before every action.
func playGameTo(t *testing.T, opts Options, seed uint64, check func(g *Game)) *Game {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	g := NewGame(opts, Seat(seed%uint64(opts.NumPlayers())))
	for !g.Over() {
		if g.NeedDeal() {
			if err := g.StartDeal(Shuffle(r)); err != nil {
				t.Fatal(err)
			}
			continue
		}
		check(g)
		legal := g.Legal()
		if len(legal) == 0 {
			t.Fatalf("seed %d: no legal action, phase %s", seed, g.Table().Phase())
		}
		if err := g.ApplyAs(g.Turn(), legal[r.IntN(len(legal))]); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if g.DealNo() > 2000 {
			t.Fatalf("seed %d: the game does not end", seed)
		}
	}
	return g
}

// TestGameTables plays games of three and four players to the target
// with every house variant and checks the game's bookkeeping: the deal
// passes left, the totals are the sums of what each deal scored, and the
// winner is SideWinner's.
func TestGameTables(t *testing.T) {
	for _, n := range []int{3, 4} {
		for seed := range uint64(20) {
			opts := DefaultOptions()
			opts.Players = n
			opts.Target = 300
			opts.OfAKind, opts.Menage = seed%2 == 0, seed%3 == 0
			opts.DealerForced, opts.Bimah = seed%4 < 2, seed%4 == 0
			opts.Shlomo, opts.Cleopatra = seed%3 != 1, seed%2 == 1
			g := playGameTo(t, opts, seed, func(g *Game) {
				tb := g.Table()
				if g.Turn() != tb.Turn() {
					t.Fatalf("Turn %s, the table's %s", g.Turn(), tb.Turn())
				}
				if g.Dealer() != tb.Dealer() {
					t.Fatalf("Dealer %s, the table's %s", g.Dealer(), tb.Dealer())
				}
				if tb.Totals() != g.SideTotals() {
					t.Fatalf("the table's totals %v, the game's %v", tb.Totals(), g.SideTotals())
				}
			})
			var sum [4]int
			recs := g.Records()
			for i, r := range recs {
				if want := Seat((int(g.FirstDealer()) + i) % n); r.Dealer != want {
					t.Fatalf("n %d seed %d deal %d: dealer %s, want %s", n, seed, i+1, r.Dealer, want)
				}
				for s := range g.Sides() {
					sum[s] += r.Table.Scored[s]
				}
				if r.Sides != sum {
					t.Fatalf("n %d seed %d deal %d: sides %v, want %v", n, seed, i+1, r.Sides, sum)
				}
				if i < len(recs)-1 && SideWinner(r.Sides[:g.Sides()], opts.Target) >= 0 {
					t.Fatalf("n %d seed %d: the game went on after a winner in deal %d", n, seed, i+1)
				}
			}
			if sum != g.SideTotals() {
				t.Fatalf("n %d seed %d: totals %v, want %v", n, seed, g.SideTotals(), sum)
			}
			if w := SideWinner(sum[:g.Sides()], opts.Target); w != g.WinnerSide() || Seat(w) != g.Winner() {
				t.Fatalf("n %d seed %d: winner %d (%s), want %d", n, seed, g.WinnerSide(), g.Winner(), w)
			}
		}
	}
}

// TestGameTableOfTwo: with two players the Game's Table is the Deal's
// game at every step: same turn, phase, legal actions, and the records'
// TableScore says what Score says.
func TestGameTableOfTwo(t *testing.T) {
	for seed := range uint64(10) {
		g := playGameTo(t, DefaultOptions(), seed, func(g *Game) {
			tb, d := g.Table(), g.Deal()
			if tb.Turn() != d.Turn() || tb.Phase() != d.Phase() || tb.Dealer() != d.Dealer() {
				t.Fatalf("seed %d: table turn %s phase %s, deal turn %s phase %s", seed, tb.Turn(), tb.Phase(), d.Turn(), d.Phase())
			}
			if !slices.Equal(tb.Legal(), d.Legal()) || !slices.Equal(g.Legal(), d.Legal()) {
				t.Fatalf("seed %d: legal %v, the deal's %v", seed, tb.Legal(), d.Legal())
			}
		})
		for i, r := range g.Records() {
			if r.Table != tableScoreOf(r.Score) || r.Sides != [4]int{r.Totals[0], r.Totals[1]} {
				t.Fatalf("seed %d deal %d: table score %+v, score %+v", seed, i+1, r.Table, r.Score)
			}
		}
		// The finished deal reads as the last one played.
		if last := g.Records()[len(g.Records())-1]; g.Table().Score() != last.Table && last.Ending == PlayedOut {
			t.Fatalf("seed %d: the last table's score %+v, want %+v", seed, g.Table().Score(), last.Table)
		}
		if g.WinnerSide() != int(g.Winner()) || g.Sides() != 2 || g.Players() != 2 {
			t.Fatalf("seed %d: winner side %d, winner %s", seed, g.WinnerSide(), g.Winner())
		}
	}
}

func TestSideName(t *testing.T) {
	for _, c := range []struct {
		n, side int
		want    string
	}{{2, 1, "B"}, {3, 2, "C"}, {4, 0, "AC"}, {4, 1, "BD"}} {
		if got := SideName(c.n, c.side); got != c.want {
			t.Errorf("SideName(%d, %d): got %q want %q", c.n, c.side, got, c.want)
		}
	}
}
