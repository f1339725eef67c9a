package table

import (
	"math"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// decisionViews are up to count views of decisions with two options or
// more at a table of n, from the bidding to the last tricks of deals
// played with random choices.
func decisionViews(t *testing.T, n, count int) []rules.View {
	t.Helper()
	var out []rules.View
	for seed := uint64(1); len(out) < count && seed < 1000; seed++ {
		rng := rand.New(rand.NewPCG(seed, uint64(n)))
		g := rules.NewGame(options(n), rules.SeatA)
		if err := g.StartDeal(rules.Shuffle(rng)); err != nil {
			t.Fatal(err)
		}
		for !g.NeedDeal() && len(out) < count {
			d := g.Deal()
			turn := d.Turn()
			if turn == rules.ChanceSeat {
				break
			}
			v := d.View(turn)
			legal := v.Legal()
			if len(legal) >= 2 && rng.IntN(3) == 0 {
				out = append(out, v)
			}
			if err := g.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// randomEval is an evaluation of the options legal with values drawn
// from rng, each option's gap behind the top one often a hair from a
// line of the scale and its figures a hair from a half tenth.
func randomEval(rng *rand.Rand, legal []rules.Action) eval.Evaluation {
	ev := eval.Evaluation{Samples: 100, Weight: 100, ByWin: rng.IntN(3) == 0}
	top := (rng.Float64()*2 - 1) * 120
	topWin := []float64{rng.Float64(), rng.Float64() * 0.002, 1 - rng.Float64()*0.002}[rng.IntN(3)]
	ev.Results = testkit.NearScale(rng, nil, legal, top, topWin, 1,
		[]float64{0, drill.InaccuracyAt, drill.MistakeAt, drill.BlunderAt}, []float64{0, drill.WinInaccuracyAt, drill.WinMistakeAt, drill.WinBlunderAt})
	return ev
}

var (
	// A row of the hint's table: its mean, its chance to win and its
	// verdict.
	hintRow = regexp.MustCompile(`([+-]?\d+\.\d) ± +\d+\.\d +\S+ +(\S+)   (.+)$`)
	// A verdict's loss: "mistake: -10.1 pts", "blunder: -12.7% win".
	hintLoss = regexp.MustCompile(`^(inaccuracy|mistake|blunder): -(\d+(?:\.\d)?)%? (pts|win)$`)
	// The reason's points between the best and the runner-up.
	hintMore = regexp.MustCompile(`scores (\d+\.\d) points more than`)
)

// TestHintGapsAgree: over many decisions at 2, 3 and 4 players, each
// with a random evaluation as the hard bot's, every loss the hint's
// table writes is the difference of the figures it writes beside it,
// the best's less the option's (the means in points, the chances to
// win in percent), on its grade's side of the scale; the points the
// reason says one option scores more than the other are the difference
// of their figures too; and every figure is within a tenth of its value.
func TestHintGapsAgree(t *testing.T) {
	ctx := kit.NewContext(false)
	tenths := func(s string) int {
		x, err := strconv.ParseFloat(strings.TrimLeft(strings.TrimSuffix(s, "%"), "<>+"), 64)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		return int(math.Round(x * 10))
	}
	losses := 0
	for _, n := range []int{2, 3, 4} {
		for i, v := range decisionViews(t, n, 80) {
			ev := randomEval(rand.New(rand.NewPCG(uint64(i), uint64(n))), v.Legal())
			an, err := drill.FromEval(&v, ev)
			if err != nil {
				t.Fatal(err)
			}
			ranked, _ := an.InRankOrder(-1)
			lines, _ := hintWindow(&ctx, &v, ev, rules.NoCard, 80, -1, 0)
			screen := ansi.Strip(strings.Join(lines, "\n"))
			var rows [][]string
			for _, l := range strings.Split(screen, "\n") {
				if m := hintRow.FindStringSubmatch(l); m != nil {
					rows = append(rows, m)
				}
			}
			if len(rows) != len(ranked.Rows) {
				t.Fatalf("%d players: %d rows of %d options:\n%s", n, len(rows), len(ranked.Rows), screen)
			}
			for j, m := range rows {
				r := ranked.Rows[j]
				if d := math.Abs(float64(tenths(m[1])) - r.Mean*10); d >= 1 {
					t.Fatalf("%d players: a mean of %v written %s:\n%s", n, r.Mean, m[1], screen)
				}
				if m[2] != "<0.1%" && m[2] != ">99.9%" && math.Abs(float64(tenths(m[2]))-r.Win*1000) >= 1 {
					t.Fatalf("%d players: a chance of %v written %s:\n%s", n, r.Win, m[2], screen)
				}
				loss := hintLoss.FindStringSubmatch(m[3])
				if loss == nil {
					continue
				}
				losses++
				col, scale := 1, 10.0
				if loss[3] == "win" {
					col, scale = 2, 1000
				}
				want := tenths(rows[0][col]) - tenths(m[col])
				if got := tenths(loss[2]); got != want {
					t.Fatalf("%d players: %q beside %s and %s, %d tenths apart:\n%s", n, m[3], rows[0][col], m[col], want, screen)
				}
				if g := drill.GradeLoss(float64(want)/scale, loss[3] == "win").String(); g != loss[1] {
					t.Fatalf("%d players: %q reads as a %s:\n%s", n, m[3], g, screen)
				}
			}
			why := strings.Join(strings.Fields(screen), " ")
			if m := hintMore.FindStringSubmatch(why); m != nil && len(rows) > 1 {
				if got, want := tenths(m[1]), tenths(rows[0][1])-tenths(rows[1][1]); got != want {
					t.Fatalf("%d players: %q beside %s and %s:\n%s", n, m[0], rows[0][1], rows[1][1], screen)
				}
			}
		}
	}
	if losses == 0 {
		t.Fatal("no loss checked")
	}
	t.Logf("%d losses checked", losses)
}
