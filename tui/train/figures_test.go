package train

import (
	"context"
	"math"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/train/traintest"
)

// randomEval is a stand-in evaluation with values drawn from the plan's
// seed: each option's mean and chance to win a step behind the top one,
// often a hair from a line of the scale or from a half tenth, and each
// batch strays from them by its own noise.
func randomEval(ctx context.Context, v *rules.View, p drill.Plan, k int) (eval.Evaluation, error) {
	rng := rand.New(rand.NewPCG(p.Seed, 0))
	noise := rand.New(rand.NewPCG(p.Seed, uint64(k)+1))
	o := p.Batch(k)
	ev := eval.Evaluation{Samples: o.Samples, Weight: float64(o.Samples), ByWin: rng.IntN(3) == 0}
	top := (rng.Float64()*2 - 1) * 120
	topWin := []float64{rng.Float64(), rng.Float64() * 0.002, 1 - rng.Float64()*0.002}[rng.IntN(3)]
	spread := []float64{0, 0, 0.02, 1, 6}[rng.IntN(5)]
	ev.Results = testkit.NearScale(rng, noise, v.Legal(), top, topWin, spread,
		[]float64{0, drill.InaccuracyAt, drill.MistakeAt, drill.BlunderAt}, []float64{0, drill.WinInaccuracyAt, drill.WinMistakeAt, drill.WinBlunderAt})
	return ev, nil
}

var (
	// A row of the result's table: its mean, its chance to win and its
	// verdict, and the mark of the row chosen.
	figureRow = regexp.MustCompile(`([+-]?\d+\.\d) ± +\d+\.\d +\S+ +(\S+)   (.+?)(  ← you)?$`)
	// A verdict's gap: "≈ best: -9.4 ± 5.1 pts", "blunder: -12.7% win".
	figureGap = regexp.MustCompile(`: ([+-]?\d+(?:\.\d)?)%?(?: ± (\d+\.\d)%?)? (pts|win)$`)
	// The verdict in words above the table.
	saysCosts  = regexp.MustCompile(`You chose .+?: an? \w+ that costs (\d+\.\d)(?: ± \d+\.\d)? points`)
	saysLowers = regexp.MustCompile(`You chose .+?: an? \w+ that lowers your chance to win the game from (\S+?%) to (\S+?%)(?:, by (\d+\.\d)%)?`)
	saysBy     = regexp.MustCompile(`You chose .+?: as good as the best[^:]*: (behind|ahead of) it by (\d+\.\d)%? ± \d+\.\d%?( of the chance to win| points)`)
)

// TestResultGapsAgree: over drills at 2, 3 and 4 players with random
// evaluations, the result screen writes every gap (each verdict of the
// table, the verdict in words above it) as the difference of the
// figures it writes beside it: the best's less the option's, the means
// in points, the chances to win in percent. Some figures must be
// written on the far side of their tenth (drill keeps a gap on its
// grade's side of a line so), so that the table is seen to write them
// as drill chose them.
func TestResultGapsAgree(t *testing.T) {
	tenths := func(s string) int {
		x, err := strconv.ParseFloat(strings.TrimLeft(strings.TrimSuffix(s, "%"), "<>+"), 64)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		return int(math.Round(x * 10))
	}
	checked := map[string]int{}
	for _, n := range []int{2, 3, 4} {
		cfg := rulesConfig(t, &traintest.MemRecord{}, "players="+strconv.Itoa(n))
		cfg.Evaluate, cfg.Samples = randomEval, 100
		hs := start(t, cfg, 120, 60)
		rng := rand.New(rand.NewPCG(uint64(n), 1))
		for range 40 {
			keys := itemKeys(hs.s.legal, hs.s.order)
			hs.press(keys[rng.IntN(len(keys))])
			scr := hs.screen()
			// Figures written on the far side of their tenth, where the
			// nearest would put a gap across a line of the scale.
			for _, r := range hs.s.an.Rows {
				if float64(r.Shown.Mean) != math.Round(r.Mean*10) || r.Shown.Win != 1 && r.Shown.Win != 999 && float64(r.Shown.Win) != math.Round(r.Win*1000) {
					checked["far"]++
				}
			}
			var rows [][]string
			chosen := -1
			for _, l := range strings.Split(scr, "\n") {
				if m := figureRow.FindStringSubmatch(strings.TrimRight(l, " ")); m != nil {
					if m[4] != "" {
						chosen = len(rows)
					}
					rows = append(rows, m)
				}
			}
			if len(rows) != len(hs.s.legal) || chosen < 0 {
				t.Fatalf("%d players: %d rows of %d options, yours %d:\n%s", n, len(rows), len(hs.s.legal), chosen, scr)
			}
			gap := func(j, col int) int { return tenths(rows[0][col]) - tenths(rows[j][col]) }
			for j, m := range rows[1:] {
				g := figureGap.FindStringSubmatch(m[3])
				if g == nil {
					continue
				}
				checked["table"]++
				col := 1
				if g[3] == "win" {
					col = 2
				}
				if got, want := -tenths(g[1]), gap(j+1, col); got != want {
					t.Fatalf("%d players: %q beside %s and %s, %d tenths apart:\n%s", n, m[3], rows[0][col], m[col], want, scr)
				}
			}
			said := strings.Join(strings.Fields(scr), " ")
			if m := saysCosts.FindStringSubmatch(said); m != nil {
				checked["words"]++
				if got, want := tenths(m[1]), gap(chosen, 1); got != want {
					t.Fatalf("%d players: %q beside %s and %s:\n%s", n, m[0], rows[0][1], rows[chosen][1], scr)
				}
			}
			if m := saysLowers.FindStringSubmatch(said); m != nil {
				checked["words"]++
				if [2]string{m[1], m[2]} != [2]string{rows[0][2], rows[chosen][2]} || m[3] != "" && tenths(m[3]) != gap(chosen, 2) {
					t.Fatalf("%d players: %q beside %s and %s:\n%s", n, m[0], rows[0][2], rows[chosen][2], scr)
				}
			}
			if m := saysBy.FindStringSubmatch(said); m != nil {
				checked["words"]++
				col := 1
				if m[3] != " points" {
					col = 2
				}
				got := tenths(m[2])
				if m[1] == "ahead of" {
					got = -got
				}
				if got != gap(chosen, col) {
					t.Fatalf("%d players: %q beside %s and %s:\n%s", n, m[0], rows[0][col], rows[chosen][col], scr)
				}
			}
			hs.press("enter")
		}
	}
	t.Logf("checked %v", checked)
	if checked["table"] == 0 || checked["words"] == 0 || checked["far"] == 0 {
		t.Fatalf("too little checked: %v", checked)
	}
}

// TestYourRowKeepsItsError: at 80 columns, at 2, 3 and 4 players, in
// Unicode and ASCII, your row of the result's table writes its verdict's
// gap with its error as the other rows do (the other rows' longer labels
// cut to make room), else, where its own label is the widest, its short
// verdict (the line above says the error): the table's columns never
// narrow for it. It stays marked as yours by the cursor and the whole
// "← you".
func TestYourRowKeepsItsError(t *testing.T) {
	checked := 0
	for _, ascii := range []bool{false, true} {
		for _, n := range []int{2, 3, 4} {
			cfg := rulesConfig(t, &traintest.MemRecord{}, "players="+strconv.Itoa(n))
			cfg.Evaluate, cfg.Samples, cfg.ASCII = randomEval, 100, ascii
			hs := start(t, cfg, 80, 24)
			row := regexp.MustCompile(`^ ▶ .+ ← you *$`)
			repl := strings.NewReplacer("≈", "≈", "±", "±")
			if ascii {
				row = regexp.MustCompile(`^ > .+ <- you *$`)
				repl = strings.NewReplacer("≈", "~", "±", "+-")
			}
			rng := rand.New(rand.NewPCG(uint64(n), 7))
			for range 60 {
				keys := itemKeys(hs.s.legal, hs.s.order)
				hs.press(keys[rng.IntN(len(keys))])
				scr := hs.screen()
				var mine []string
				for _, l := range strings.Split(scr, "\n") {
					if row.MatchString(l) {
						mine = append(mine, l)
					}
				}
				if len(mine) != 1 {
					t.Fatalf("%d players, ascii %v: %d rows marked yours:\n%s", n, ascii, len(mine), scr)
				}
				if v := hs.s.an.Rows[hs.s.chose].Verdict; v.Kind != drill.Best && strings.Contains(v.Column(), "±") {
					checked++
					// The gap and its error, its word where there is room.
					_, want, _ := strings.Cut(repl.Replace(v.Column()), ": ")
					short := repl.Replace(v.Short())
					if !strings.Contains(mine[0], want) && !strings.Contains(mine[0], short+"  ") {
						t.Fatalf("%d players, ascii %v: your row lacks %q:\n%s", n, ascii, want, scr)
					}
				}
				hs.press("enter")
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d rows with an error checked", checked)
	}
}
