package eval

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/rules"
)

// nextSide is the side that deals after dealer at a table of players.
func nextSide(players int, dealer rules.Seat) int {
	return rules.SideOfSeat(players, rules.NextDealer(dealer, players))
}

// The modelled chance is a chance, rises with the side's own total and
// falls with any other side's, over many random totals at every seat
// count; the sides' chances add up to one (the chance that the game never
// ends is nil); a finished game is won by the rules' winner.
func TestWinChanceProperties(t *testing.T) {
	ev := New()
	r := rand.New(rand.NewPCG(24, 3))
	for _, players := range []int{2, 3, 4} {
		k := sidesOf(players)
		for _, target := range []int{500, 301, 1000} {
			for range 300 {
				var tot [4]int
				for s := range k {
					tot[s] = r.IntN(target)
				}
				next := nextSide(players, rules.Seat(r.IntN(players)))
				sum := 0.0
				for side := range k {
					p := ev.WinChance(players, target, tot, side, next)
					if p < 0 || p > 1 {
						t.Fatalf("%dp target %d %v side %d: chance %.4f", players, target, tot, side, p)
					}
					sum += p
					up := tot
					up[side] += 1 + r.IntN(60)
					if q := ev.WinChance(players, target, up, side, next); q < p-1e-9 {
						t.Fatalf("%dp target %d %v side %d: %.4f, with more points %v %.4f", players, target, tot, side, p, up, q)
					}
					other := (side + 1 + r.IntN(k-1)) % k
					down := tot
					down[other] += 1 + r.IntN(60)
					if q := ev.WinChance(players, target, down, side, next); q > p+1e-9 {
						t.Fatalf("%dp target %d %v side %d: %.4f, the other with more %v %.4f", players, target, tot, side, p, down, q)
					}
				}
				if math.Abs(sum-1) > 1e-6 {
					t.Fatalf("%dp target %d %v: the chances add up to %.6f", players, target, tot, sum)
				}
			}
			// A finished game: the rules' winner has it all.
			for range 100 {
				var tot [4]int
				for s := range k {
					tot[s] = r.IntN(target + 200)
				}
				w := rules.SideWinner(tot[:k], target)
				if w < 0 {
					continue
				}
				for side := range k {
					want := b2f(side == w)
					if got := ev.WinChance(players, target, tot, side, r.IntN(k)); got != want {
						t.Fatalf("%dp target %d %v: side %d has %.4f, want %v", players, target, tot, side, got, want)
					}
				}
			}
		}
	}
	// From the start every side has about an even share, and a side
	// 20 points short of the target with the others far behind all but
	// wins.
	for _, players := range []int{2, 3, 4} {
		k := sidesOf(players)
		if p := ev.WinChance(players, 500, [4]int{}, 0, 1%k); math.Abs(p-1/float64(k)) > 0.1 {
			t.Errorf("%dp from nothing: %.3f", players, p)
		}
		if p := ev.WinChance(players, 500, [4]int{480, 100, 100}, 0, 1%k); p < 0.9 {
			t.Errorf("%dp 480 against 100: %.3f", players, p)
		}
	}
}

// The four-player chance is the two-side model's with the four-player
// deal outcomes: teams deal in turn as two players do, and a side's
// chance with its partner dealing next is its chance when it deals.
func TestFourPlayersAreTwoSides(t *testing.T) {
	ev := New()
	four := buildWinTable(4, 500)
	if four.sides != 2 || four.n != 50 {
		t.Fatalf("four players: %d sides, %d steps", four.sides, four.n)
	}
	two := buildWinTable(2, 500)
	differ := 0
	for a := range four.n {
		for b := range four.n {
			if four.at([3]int{a, b}, 0) != two.at([3]int{a, b}, 0) {
				differ++
			}
		}
	}
	if differ == 0 {
		t.Error("the four-player table is the two-player one: its outcomes were not used")
	}
	// The DP over the teams: side 0's chance at (a, b) with side 0 to
	// deal is the mean over the four-player outcomes of its chance after
	// them, the other team to deal next.
	outs := outcomesIn(4, WinStep)
	for _, c := range [][2]int{{0, 0}, {20, 31}, {45, 10}, {49, 49}} {
		want, p0 := 0.0, 0.0
		for _, o := range outs {
			if o.empty {
				p0 += o.p
				continue
			}
			want += o.p * four.at([3]int{c[0] + o.u[1], c[1] + o.u[0]}, 1)
		}
		want += p0 * four.at([3]int{c[0], c[1]}, 1)
		if got := four.at([3]int{c[0], c[1]}, 0); math.Abs(got-want) > 1e-9 {
			t.Errorf("%v: %.6f, want %.6f from the outcomes", c, got, want)
		}
	}
	// Seats 0 and 2 are side 0: one dealing next is the same state.
	for _, tot := range [][4]int{{100, 200}, {400, 380}} {
		if a, b := ev.WinChance(4, 500, tot, 0, nextSide(4, 3)), ev.WinChance(4, 500, tot, 0, nextSide(4, 1)); a != b {
			t.Errorf("%v: seat A deals next %.4f, seat C %.4f", tot, a, b)
		}
	}
}

// The three-player table is the rotation-symmetric DP over the three
// totals: the chance of side 0 at (a, b, c) with side d to deal is the
// mean over the three-player outcomes dealt from d's left.
func TestThreePlayersDP(t *testing.T) {
	ev := New()
	tb := buildWinTable(3, 500)
	outs := outcomesIn(3, winTableStep(3, 500))
	for _, c := range [][3]int{{0, 0, 0}, {10, 20, 5}, {tb.n - 5, 3, tb.n - 2}, {tb.n - 1, tb.n - 1, tb.n - 1}} {
		for d := range 3 {
			want, p0 := 0.0, 0.0
			for _, o := range outs {
				if o.empty {
					p0 += o.p
					continue
				}
				nt := c
				for i := range 3 {
					nt[(d+1+i)%3] += o.u[i]
				}
				want += o.p * tb.at(nt, (d+1)%3)
			}
			want += p0 * tb.at(c, (d+1)%3)
			if got := tb.at(c, d); math.Abs(got-want) > 1e-9 {
				t.Errorf("%v dealer %d: %.6f, want %.6f from the outcomes", c, d, got, want)
			}
		}
	}
	// Equal highest over the target: play goes on, shared evenly.
	if got := ev.WinChance(3, 500, [4]int{520, 520, 100}, 0, 2); got <= 0.3 || got >= 0.7 {
		t.Errorf("520, 520, 100: %.3f", got)
	}
}

// The win table's size does not grow with the target past the setup's
// highest, so that no target puts the table past a bot's deadline. At
// rules.MaxTarget it has at most maxWinUnits steps a side.
func TestWinTableSizeIsBounded(t *testing.T) {
	for _, players := range []int{2, 3} {
		m := maxWinUnits(sidesOf(players))
		for _, target := range []int{500, 2000, 2001, 3333, rules.MaxTarget} {
			if testing.Short() && players == 3 && target > 2000 {
				continue
			}
			tb := buildWinTable(players, target)
			if tb.n > m || len(tb.p[0]) > int(math.Pow(float64(m+40), float64(tb.sides))) {
				t.Errorf("%dp target %d: a table of %d steps a side (%d cells), want at most %d a side",
					players, target, tb.n, len(tb.p[0]), m)
			}
		}
	}
}

// The coarse grid of a large target stays close to the fine one: the
// chances from a 20-point grid (target 4000) against the 10-point grid
// the model is measured on differ by less than 0.02 anywhere, and the
// coarse table keeps the symmetry and monotony of a win chance.
func TestCoarseWinTableIsClose(t *testing.T) {
	const target = 4000
	fine := buildWinTableStep(2, target, WinStep)
	coarse := buildWinTable(2, target)
	if coarse.n != 200 {
		t.Fatalf("target %d: %d steps, want 200 (a 20-point grid)", target, coarse.n)
	}
	worst := 0.0
	for own := 0; own < target; own += 97 {
		for opp := 0; opp < target; opp += 89 {
			for next := range 2 {
				tot := [4]int{own, opp}
				p, q := coarse.chance(tot, 0, next, target), fine.chance(tot, 0, next, target)
				worst = max(worst, math.Abs(p-q))
				if r := coarse.chance(tot, 1, next, target); math.Abs(p+r-1) > 1e-9 {
					t.Fatalf("%d v %d: %.4f + %.4f != 1", own, opp, p, r)
				}
				if coarse.chance([4]int{own + 40, opp}, 0, next, target) < p-1e-9 {
					t.Fatalf("%d v %d: not monotone", own, opp)
				}
			}
		}
	}
	t.Logf("largest difference between the 20- and 10-point grids: %.4f", worst)
	if worst > 0.02 {
		t.Errorf("the coarse grid is off by up to %.4f, want below 0.02", worst)
	}
}

// The three-player grid (20-point steps at the default target) stays
// close to the 10-point one: within 0.05 anywhere.
func TestThreePlayerGridIsClose(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 10-point three-player table")
	}
	const target = 500
	fine := buildWinTableStep(3, target, WinStep)
	coarse := buildWinTable(3, target)
	worst := 0.0
	for a := 0; a < target; a += 37 {
		for b := 0; b < target; b += 41 {
			for c := 0; c < target; c += 43 {
				tot := [4]int{a, b, c}
				worst = max(worst, math.Abs(coarse.chance(tot, 0, 1, target)-fine.chance(tot, 0, 1, target)))
			}
		}
	}
	t.Logf("largest difference between the %d- and 10-point grids: %.4f", winTableStep(3, target), worst)
	if worst > 0.05 {
		t.Errorf("the three-player grid is off by up to %.4f, want below 0.05", worst)
	}
}

// Evaluators given one WinTables build each table once between them,
// even when they ask for it at the same time, and read the chances an
// evaluator with its own tables reads.
func TestWinTablesShared(t *testing.T) {
	var w WinTables
	evs := []*Evaluator{NewWith(&w), NewWith(&w), NewWith(&w), NewWith(&w)}
	got := make([]*winTable, len(evs))
	done := make(chan int)
	for i, ev := range evs {
		go func() {
			got[i] = ev.wins.get(rules.DefaultOptions().WithPlayers(3))
			done <- i
		}()
	}
	for range evs {
		<-done
	}
	for i, tb := range got {
		if tb != got[0] {
			t.Fatalf("evaluator %d built its own table", i)
		}
	}
	own := New()
	for _, players := range []int{2, 3, 4} {
		for _, tot := range [][4]int{{0, 0, 0}, {310, 120, 250}, {480, 470, 20}} {
			if a, b := evs[1].WinChance(players, 500, tot, 0, 1), own.WinChance(players, 500, tot, 0, 1); a != b {
				t.Errorf("%dp %v: shared %.6f, own %.6f", players, tot, a, b)
			}
		}
	}
	if New().wins == own.wins {
		t.Error("two evaluators of New share their tables")
	}
}

// A coarser grid shares each deal score between the two steps around
// it: the chances still add up to one, every side's mean is kept, and no
// outcome is listed twice.
func TestOutcomesInKeepMeans(t *testing.T) {
	for _, c := range []struct{ players, step int }{{2, 10}, {2, 25}, {3, 20}, {3, 30}, {3, 200}, {4, 10}, {4, 37}} {
		src, k := outcomesFor(c.players), sidesOf(c.players)
		var want [3]float64
		total := 0.0
		for _, o := range src {
			total += float64(o.n)
			for i := range k {
				want[i] += float64(o.n) * float64(int(o.u[i])*WinStep)
			}
		}
		var got [3]float64
		sum := 0.0
		seen := map[[3]int]bool{}
		for _, o := range outcomesIn(c.players, c.step) {
			if seen[o.u] {
				t.Fatalf("%+v: %v twice", c, o.u)
			}
			seen[o.u] = true
			sum += o.p
			for i := range k {
				got[i] += o.p * float64(o.u[i]*c.step)
			}
		}
		if math.Abs(sum-1) > 1e-12 {
			t.Errorf("%+v: the chances add up to %.15f", c, sum)
		}
		for i := range k {
			if m := want[i] / total; math.Abs(got[i]-m) > 1e-9 {
				t.Errorf("%+v side %d: mean %.6f points, want %.6f", c, i, got[i], m)
			}
		}
	}
}

// The win table build keeps several running sums per cell (gather);
// its chances are those of the plain build, one outcome after the other
// (refWinTableStep), up to rounding: within 1e-12 in every cell, at
// every seat count, on the default grid and on coarser ones.
func TestWinTableBuildIsPlainBuild(t *testing.T) {
	for _, c := range []struct{ players, target, step int }{
		{2, 500, 10}, {2, 301, 10}, {2, 5000, 25}, {2, 4000, 20},
		{3, 500, 20}, {3, 301, 20}, {3, 1000, 40}, {3, 5000, 200},
		{4, 500, 10}, {4, 1001, 10}, {4, 5000, 25},
	} {
		got, want := buildWinTableStep(c.players, c.target, c.step), refWinTableStep(c.players, c.target, c.step)
		if got.sides != want.sides || got.n != want.n || got.side != want.side {
			t.Fatalf("%+v: %d sides, %d steps, %d a side; want %d, %d, %d", c, got.sides, got.n, got.side, want.sides, want.n, want.side)
		}
		worst := 0.0
		for d := range got.sides {
			if len(got.p[d]) != len(want.p[d]) {
				t.Fatalf("%+v dealer %d: %d cells, want %d", c, d, len(got.p[d]), len(want.p[d]))
			}
			for i, p := range got.p[d] {
				worst = max(worst, math.Abs(p-want.p[d][i]))
			}
		}
		t.Logf("%+v: largest difference %.3g", c, worst)
		if worst > 1e-12 {
			t.Errorf("%+v: differs from the plain build by up to %.3g", c, worst)
		}
	}
}

// refWinTableStep is the win table build as first written: each
// cell's totals worked out from its index, the outcomes summed in
// order. The faster buildWinTableStep must give the same chances.
func refWinTableStep(players, target, step int) *winTable {
	f := newWinFrame(players, target, step)
	t, k, n := f.t, f.t.sides, f.t.n
	var tt [3]int
	for c := f.cells - 1; c >= 0; c-- {
		over := false
		for i, r := k-1, c; i >= 0; i-- {
			tt[i], r = r%t.side, r/t.side
			over = over || tt[i] >= n
		}
		if over {
			f.setOver(c, tt)
			continue
		}
		var x [3]float64
		for d := range k {
			next, offs := t.p[(d+1)%k][c:], f.off[d]
			for j, o := range f.live {
				x[d] += o.p * next[offs[j]]
			}
		}
		f.set(c, x)
	}
	return t
}

// The table's last step short of the target reads every total in it
// exactly: at 300 with two sides a side at 298 against 295 wins a deal
// both sides score alike in, at 291 it loses it, and the chance is one
// deal played from those totals, worked out here from the shipped
// outcomes in points and the rules' winner (a tie over the target plays
// on, shared evenly by the model). With three players the table's step
// is 20 points: 499 reaches the target with any score, 481 needs 20.
func TestWinChanceLastStep(t *testing.T) {
	ev := New()
	for _, players := range []int{2, 4} {
		// Every outcome that moves the totals ends the game from here.
		oneDeal := func(tot [2]int, dealer int) float64 {
			var x [2]float64
			p0, all := 0.0, 0.0
			for _, o := range outcomesFor(players) {
				all += float64(o.n)
			}
			for d := range 2 {
				for _, o := range outcomesFor(players) {
					p := float64(o.n) / all
					if o.u == (units{}) {
						if d == 0 {
							p0 += p
						}
						continue
					}
					// The side on the dealer's left scores first.
					nt := tot
					nt[1-d] += int(o.u[0]) * WinStep
					nt[d] += int(o.u[1]) * WinStep
					switch w := rules.SideWinner(nt[:], 300); {
					case w == 0:
						x[d] += p
					case w < 0:
						x[d] += p / 2
					}
				}
			}
			return (x[dealer] + p0*x[1-dealer]) / (1 - p0*p0)
		}
		for dealer := range 2 {
			next := 0
			if dealer == 1 {
				next = nextSide(players, 0)
			}
			hi := ev.WinChance(players, 300, [4]int{298, 295}, 0, next)
			lo := ev.WinChance(players, 300, [4]int{291, 295}, 0, next)
			if hi <= lo+0.01 {
				t.Errorf("%dp side %d to deal: 298 v 295 %.4f, 291 v 295 %.4f: want 298 ahead", players, dealer, hi, lo)
			}
			for _, tot := range [][2]int{{298, 295}, {291, 295}, {299, 299}, {295, 291}} {
				want := oneDeal(tot, dealer)
				if got := ev.WinChance(players, 300, [4]int{tot[0], tot[1]}, 0, next); math.Abs(got-want) > 1e-9 {
					t.Errorf("%dp %v side %d to deal: %.6f, want %.6f from one deal", players, tot, dealer, got, want)
				}
			}
		}
	}
	for next := range 3 {
		hi := ev.WinChance(3, 500, [4]int{499, 300, 300}, 0, next)
		lo := ev.WinChance(3, 500, [4]int{481, 300, 300}, 0, next)
		if hi <= lo+0.01 {
			t.Errorf("3p side %d to deal: 499 %.4f, 481 %.4f: want 499 ahead", next, hi, lo)
		}
	}
}

// The chance is monotone and has no seam at the table's last step: over
// random totals, half of them near the target, at every seat count and
// for targets on the grid and off it, one more point for a side never
// lowers its chance nor raises another's, the sides' chances add up to
// one, and one point moves a chance by little. On a grid much coarser
// than the model's 10-point steps (three players at 101: six 17-point
// steps) the table's cells and the exact deal at its last step disagree
// by up to 3e-4, and so may the chance: monoSlack allows that.
func TestWinChanceLastStepIsSmooth(t *testing.T) {
	const monoSlack = 1e-3
	ev := New()
	r := rand.New(rand.NewPCG(6, 12))
	worst := 0.0
	for _, players := range []int{2, 3, 4} {
		k := sidesOf(players)
		for _, target := range []int{101, 300, 1001, 5000} {
			step := winTableStep(k, target)
			for range 400 {
				var tot [4]int
				for s := range k {
					if r.IntN(2) == 0 {
						tot[s] = target - 1 - r.IntN(min(target, 3*step))
					} else {
						tot[s] = r.IntN(target)
					}
				}
				next := r.IntN(k)
				sum := 0.0
				for side := range k {
					p := ev.WinChance(players, target, tot, side, next)
					if p < -1e-12 || p > 1+1e-12 {
						t.Fatalf("%dp target %d %v side %d: chance %v", players, target, tot, side, p)
					}
					sum += p
					for i := range k {
						up := tot
						up[i]++
						q := ev.WinChance(players, target, up, side, next)
						if i == side && q < p-monoSlack || i != side && q > p+monoSlack {
							t.Fatalf("%dp target %d %v side %d: %.6f, a point more to side %d %.6f", players, target, tot, side, p, i, q)
						}
						if up[i] < target {
							worst = max(worst, math.Abs(q-p))
						}
					}
				}
				if math.Abs(sum-1) > 1e-9 {
					t.Fatalf("%dp target %d %v: the chances add up to %.9f", players, target, tot, sum)
				}
			}
		}
	}
	t.Logf("the most one point short of the target moves a chance: %.4f", worst)
	if worst > 0.1 {
		t.Errorf("one point moves a chance by up to %.4f, want at most 0.1", worst)
	}
}

// BenchmarkWinTable measures building the table at the default target,
// the setup's highest and rules.MaxTarget, at every seat count: bounded
// alike.
func BenchmarkWinTable(b *testing.B) {
	for _, players := range []int{2, 3, 4} {
		for _, target := range []int{300, 500, 2000, rules.MaxTarget} {
			b.Run(fmt.Sprintf("players-%d/target-%d", players, target), func(b *testing.B) {
				for b.Loop() {
					buildWinTable(players, target)
				}
			})
		}
	}
}

// BenchmarkWinChance measures reading one chance from a built table at
// every seat count: over the whole range of totals, and in the last
// step short of the target.
func BenchmarkWinChance(b *testing.B) {
	const target = 500
	for _, players := range []int{2, 3, 4} {
		k := sidesOf(players)
		tb := buildWinTable(players, target)
		r := rand.New(rand.NewPCG(7, uint64(players)))
		var spread, last [64][4]int
		for i := range spread {
			for s := range k {
				spread[i][s] = r.IntN(target)
				last[i][s] = target - 200 + r.IntN(200)
			}
			last[i][r.IntN(k)] = target - 1 - r.IntN(9)
		}
		for _, c := range []struct {
			name string
			tot  *[64][4]int
		}{{"spread", &spread}, {"last-step", &last}} {
			b.Run(fmt.Sprintf("players-%d/%s", players, c.name), func(b *testing.B) {
				i, sum := 0, 0.0
				for b.Loop() {
					sum += tb.chance(c.tot[i%64], 0, 1%k, target)
					i++
				}
				if sum < 0 {
					b.Fatal(sum)
				}
			})
		}
	}
}
