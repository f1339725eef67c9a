package rules

import (
	"math/rand/v2"
	"reflect"
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
			t.Fatalf("seed %d: no legal action, phase %s", seed, g.Deal().Phase())
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

// TestGame plays games of every seat count to the target with every
// house variant the count allows and checks the game's bookkeeping: the
// deal passes left, the game's turn and legal actions are its deal's,
// the totals are the sums of what each deal scored, and the winner is
// SideWinner's.
func TestGame(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for seed := range uint64(20) {
			opts := DefaultOptions()
			opts.Players = n
			opts.Target = 300
			opts.OfAKind, opts.Menage = seed%2 == 0, seed%3 == 0
			opts.DealerForced, opts.Bimah = seed%4 < 2, seed%4 == 0
			opts.Shlomo, opts.Cleopatra = seed%3 != 1, seed%2 == 1
			g := playGameTo(t, opts, seed, func(g *Game) {
				d := g.Deal()
				if g.Turn() != d.Turn() || g.Dealer() != d.Dealer() || !slices.Equal(g.Legal(), d.Legal()) {
					t.Fatalf("n %d seed %d: turn %s dealer %s legal %v, the deal's %s %s %v", n, seed,
						g.Turn(), g.Dealer(), g.Legal(), d.Turn(), d.Dealer(), d.Legal())
				}
				if d.Totals() != g.Totals() {
					t.Fatalf("the deal's totals %v, the game's %v", d.Totals(), g.Totals())
				}
			})
			var sum [4]int
			recs := g.Records()
			if len(recs) != g.DealNo()-1 {
				t.Fatalf("n %d seed %d: %d records, deal number %d", n, seed, len(recs), g.DealNo())
			}
			for i, r := range recs {
				// Result is the record as Records has it, without steps.
				want := r
				want.Steps = nil
				if res := g.Result(i); len(r.Steps) == 0 || !reflect.DeepEqual(res, want) {
					t.Fatalf("n %d seed %d deal %d: Result %+v, want %+v", n, seed, i+1, res, want)
				}
				if want := Seat((int(g.FirstDealer()) + i) % n); r.Dealer != want {
					t.Fatalf("n %d seed %d deal %d: dealer %s, want %s", n, seed, i+1, r.Dealer, want)
				}
				for s := range g.Sides() {
					sum[s] += r.Score.Scored[s]
				}
				if r.Totals != sum {
					t.Fatalf("n %d seed %d deal %d: totals %v, want %v", n, seed, i+1, r.Totals, sum)
				}
				if i < len(recs)-1 && SideWinner(r.Totals[:g.Sides()], opts.Target) >= 0 {
					t.Fatalf("n %d seed %d: the game went on after a winner in deal %d", n, seed, i+1)
				}
			}
			// The finished deal reads as the last one played.
			if last := recs[len(recs)-1]; g.Deal().Score() != last.Score {
				t.Fatalf("n %d seed %d: the last deal's score %+v, want %+v", n, seed, g.Deal().Score(), last.Score)
			}
			if sum != g.Totals() {
				t.Fatalf("n %d seed %d: totals %v, want %v", n, seed, g.Totals(), sum)
			}
			if w := SideWinner(sum[:g.Sides()], opts.Target); w != g.Winner() {
				t.Fatalf("n %d seed %d: winner %d, want %d", n, seed, g.Winner(), w)
			}
		}
	}
}

// TestGameHouseVariantsAtTwo: the house variants of docs/rules.md section 15
// hold at every seat count, two included. A forced dealer may not pass in
// round two, and the menage is announced with the last of K, Q and J.
func TestGameHouseVariantsAtTwo(t *testing.T) {
	opts, err := ParseOptions("dealer_forced=on,menage=on")
	if err != nil {
		t.Fatal(err)
	}
	h := hands{nd: "7C 8C 9C 7D 8D 9D", dl: "KH QH JH 7S 8S 9S", up: "AS", nd2: "TC JC QC", dl2: "AH TH 9H", bottom: "TD"}
	g := NewGame(opts, SeatB)
	if err := g.StartDeal(h.deck(t)); err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{"pass", "pass", "pass"} {
		if err := g.Apply(mustAction(t, a)); err != nil {
			t.Fatal(err)
		}
	}
	if slices.Contains(g.Legal(), PassAction()) || g.Turn() != SeatB {
		t.Fatalf("dealer B everyone else passed: legal %v, want no pass", g.Legal())
	}
	if err := g.Apply(mustAction(t, "name H")); err != nil {
		t.Fatal(err)
	}
	// B plays its king, queen and jack of hearts first: the last of them
	// may announce the menage.
	menage := false
	for g.Deal().Phase() != PhaseOver {
		legal := g.Legal()
		a := legal[0]
		if g.Deal().Phase() == PhasePlay && g.Turn() == SeatB {
			for _, c := range []string{"KH", "QH", "JH"} {
				if slices.Contains(legal, PlayMenageAction(MustCard(c))) {
					a, menage = PlayMenageAction(MustCard(c)), true
					break
				}
				if slices.Contains(legal, PlayAction(MustCard(c))) {
					a = PlayAction(MustCard(c))
					break
				}
			}
		}
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	sc := g.Records()[0].Score
	if !sc.Forced || sc.Maker != SeatB || !menage || sc.Bella[SeatB] != MenagePoints {
		t.Fatalf("score %+v, menage offered %v: want the dealer forced to make hearts with a menage", sc, menage)
	}
}

func mustAction(t *testing.T, s string) Action {
	t.Helper()
	a, err := ParseAction(s)
	if err != nil {
		t.Fatal(err)
	}
	return a
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
