package train

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/train/traintest"
)

// firstCosts is a stand-in evaluation in which the first option scores
// 41.2 points less than every other, the same in every batch.
func firstCosts(ctx context.Context, v *rules.View, p drill.Plan, k int) (eval.Evaluation, error) {
	ev := eval.Evaluation{Samples: p.Batch(k).Samples}
	for j, a := range v.Legal() {
		mean := 41.2
		if j == 0 {
			mean = 0
		}
		ev.Results = append(ev.Results, eval.Result{Action: a, Mean: mean, StdErr: 1, Win: 0.5})
	}
	ev.ByWin = eval.UseWin(v)
	ev.Best = eval.Best(ev.Results, ev.ByWin)
	return ev, nil
}

// TestLostSaidForTheDrillCount: at every seat count, the review's
// record and the quit note say the points lost with the average a
// drill only over several drills: over one the average is the total
// again, so it is said once ("41.2 points lost on the one drill").
func TestLostSaidForTheDrillCount(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		rs := fmt.Sprintf("players=%d", n)
		// The first drill of this seat count at 0 all, far from the
		// target, so that a wrong answer costs points, not a chance.
		sit := start(t, rulesConfig(t, nil, rs), 80, 24).s.sit.Clone()
		sit.Totals = [4]int{}
		for _, c := range []struct {
			wrong        int
			quit, review string
		}{
			{0, "", fmt.Sprintf("No drills at %d players yet.", n)},
			{1, fmt.Sprintf("This session (%d players): 0 of 1 drill right, 41.2 points lost on the one drill.", n),
				fmt.Sprintf("Record at %d players: 1 drill, 0 right (0%%), 41.2 points lost on the one drill.", n)},
			{3, fmt.Sprintf("This session (%d players): 0 of 3 drills right, 123.6 points lost, 41.2 a drill.", n),
				fmt.Sprintf("Record at %d players: 3 drills, 0 right (0%%), 123.6 points lost, 41.2 a drill.", n)},
		} {
			cfg := rulesConfig(t, &traintest.MemRecord{}, rs)
			cfg.Evaluate = firstCosts
			for range c.wrong + 1 {
				cfg.Drills = append(cfg.Drills, sit.Clone())
			}
			hs := start(t, cfg, 80, 24)
			for i := range c.wrong {
				if i > 0 {
					hs.press("enter")
				}
				hs.press("1")
			}
			if got := hs.s.session.Drills; got != c.wrong {
				t.Fatalf("%s: %d drills answered, want %d", rs, got, c.wrong)
			}
			if got := hs.s.QuitNote(); got != c.quit {
				t.Errorf("%s, %d wrong: quit note %q, want %q", rs, c.wrong, got, c.quit)
			}
			hs.press("M")
			if scr := hs.screen(); !strings.Contains(kittest.Flat(scr), c.review) {
				t.Errorf("%s, %d wrong: the review does not say %q:\n%s", rs, c.wrong, c.review, scr)
			}
		}
	}
}
