package main

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

// steady runs TestSteadyGrades, the measurement of
// docs/experiments/2026-12-06-steady-grades.md (slow: minutes):
//
//	go test ./cmd/klob-lab -run TestSteadyGrades -steady -v -count=1 -timeout 90m
var steady = flag.Bool("steady", false, "grade every option of the end-game decisions of a corpus with the hint's and the analysis's evaluations, and count the grades by kind (slow)")

// steadyGames is the corpus of TestSteadyGrades: the fixtures of
// testdata/analysis (2, 3 and 4 players to 500), and games of the normal
// bot to 100, where every decision is near the end.
func steadyGames(t *testing.T) map[string]*gamelog.Replay {
	games := map[string]*gamelog.Replay{}
	for _, name := range []string{"hard-vs-hard.klob", "planted-blunder.klob", "hard-3.klob", "planted-blunder-3.klob", "hard-4.klob", "planted-blunder-4.klob"} {
		_, games[name] = testkit.ReadReplay(t, "../../testdata/analysis/"+name)
	}
	for players := 2; players <= 4; players++ {
		bots := make([]ai.Bot, players)
		for s := range bots {
			b, err := ai.New(ai.Normal, ai.Config{Seed: uint64(s)})
			require.NoError(t, err)
			bots[s] = b
		}
		decks := rand.New(rand.NewPCG(uint64(players), 100))
		opts := rules.DefaultOptions()
		opts.Players, opts.Target = players, 100
		g := rules.NewGame(opts, 0)
		for !g.Over() {
			if g.NeedDeal() {
				require.NoError(t, g.StartDeal(rules.Shuffle(decks)))
			}
			d := g.Deal()
			v := d.View(d.Turn())
			a, err := bots[d.Turn()].Choose(context.Background(), &v)
			require.NoError(t, err)
			require.NoError(t, g.Apply(a))
		}
		r, err := gamelog.FromGame(gamelog.Header{}, g).Replay()
		require.NoError(t, err)
		games[fmt.Sprintf("normal-%d-to-100", players)] = r
	}
	return games
}

// TestSteadyGrades grades every option of every decision near the end of
// the games of the corpus (eval.UseWin) four times: as the hint does on
// seeds 1 to 3 (the hard bot's evaluation) and as klob analyze does
// (500 samples in batches). It prints one line per option, to compare
// two versions of the grading, the grades by kind, and for the pairs
// of two hints' grades and of a hint's and the analysis's: how many
// differ in kind; and of the pairs where both measures are beyond their
// errors in both grades, how many differ in kind, by two grades or
// more, or rest on different measures.
func TestSteadyGrades(t *testing.T) {
	if !*steady {
		t.Skip("a measurement: -steady runs it")
	}
	ctx := context.Background()
	ev := eval.New()
	batch := func(ctx context.Context, v *rules.View, p drill.Plan, k int) (eval.Evaluation, error) {
		o := p.Batch(k)
		o.Model = ai.PlayoutPolicy
		return ev.Evaluate(ctx, v, o)
	}
	clear := func(r drill.Row) bool { return r.Gap > 2*r.GapErr && r.WinGap > 2*r.WinGapErr }
	kind := func(v drill.Verdict) drill.VerdictKind { return max(v.Kind, drill.AsGood) }
	name := func(v drill.Verdict) string {
		switch {
		case !v.Kind.Wrong():
			return "good"
		case v.ByWin:
			return v.Kind.String() + "/win"
		}
		return v.Kind.String() + "/pts"
	}
	// The counts of the pairs of grades of one option, two hints' or a
	// hint's and the analysis's.
	type tally struct{ pairs, differ, clear, clearDiffer, twoApart, measures int }
	var hints, withAnalysis tally
	count := func(c *tally, a, b drill.Row) {
		c.pairs++
		if kind(a.Verdict) != kind(b.Verdict) {
			c.differ++
		}
		if !clear(a) || !clear(b) {
			return
		}
		c.clear++
		d := int(kind(a.Verdict)) - int(kind(b.Verdict))
		if d != 0 {
			c.clearDiffer++
		}
		if d >= 2 || d <= -2 {
			c.twoApart++
		}
		if a.Verdict.Kind.Wrong() && b.Verdict.Kind.Wrong() && a.Verdict.ByWin != b.Verdict.ByWin {
			c.measures++
		}
	}
	kinds := map[string]map[string]int{"hint": {}, "analysis": {}}
	rows := 0
	games := steadyGames(t)
	for _, g := range slices.Sorted(maps.Keys(games)) {
		r := games[g]
		for _, rd := range r.Deals {
			d := rd.At(0)
			for j, st := range rd.Steps {
				if st.Seat != rules.ChanceSeat {
					v := d.View(st.Seat)
					if len(v.Legal()) > 1 && eval.UseWin(&v) {
						var ans []drill.Analysis
						for seed := uint64(1); seed <= 3; seed++ {
							res, err := ev.Evaluate(ctx, &v, ai.EvalOptions(ai.Config{Seed: seed}, &v))
							require.NoError(t, err)
							an, err := drill.FromEval(&v, res)
							require.NoError(t, err)
							ans = append(ans, an)
						}
						an, err := drill.EvaluateWith(ctx, batch, &v, drill.Options{Samples: 500, Seed: eval.SeedFor(0, &v), Workers: 1})
						require.NoError(t, err)
						for k := range an.Rows {
							rows++
							a := an.Rows[k]
							line := fmt.Sprintf("row %s deal %d step %d %s %s:", g, rd.No, j+1, st.Seat, a.Action)
							for i, h := range ans {
								line += fmt.Sprintf(" hint%d=%s", i+1, name(h.Rows[k].Verdict))
								kinds["hint"][name(h.Rows[k].Verdict)]++
								count(&withAnalysis, h.Rows[k], a)
								for _, o := range ans[i+1:] {
									count(&hints, h.Rows[k], o.Rows[k])
								}
							}
							line += " analysis=" + name(a.Verdict)
							kinds["analysis"][name(a.Verdict)]++
							t.Log(line)
						}
					}
				}
				d.ApplyUnchecked(st.Action)
			}
		}
	}
	t.Logf("options graded: %d, in %d games", rows, len(games))
	t.Logf("hint grades (3 seeds): %v", kinds["hint"])
	t.Logf("analysis grades: %v", kinds["analysis"])
	for _, c := range []struct {
		what string
		tally
	}{{"two hints", hints}, {"a hint and the analysis", withAnalysis}} {
		t.Logf("pairs of %s: %d, differing in kind %d; both measures beyond their errors in both: %d, differing in kind %d, by two grades or more %d, graded on different measures %d",
			c.what, c.pairs, c.differ, c.clear, c.clearDiffer, c.twoApart, c.measures)
	}
}
