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
)

// firstLosesTheGame is a stand-in evaluation graded by the chance to
// win, in which the first option wins the game 76% of the time and
// every other always: a wrong answer reads as the real evaluation's
// longest verdict does, two lines, with a reason of two lines.
func firstLosesTheGame(ctx context.Context, v *rules.View, p drill.Plan, k int) (eval.Evaluation, error) {
	ev := eval.Evaluation{Samples: p.Batch(k).Samples, ByWin: true}
	for j, a := range v.Legal() {
		r := eval.Result{Action: a, Mean: 166.6, StdErr: 4.3, Win: 1}
		if j == 0 {
			r = eval.Result{Action: a, Mean: 56.2, StdErr: 7.4, Bete: 0.05, Win: 0.76, Gap: 110.4, GapErr: 7.6, WinGap: 0.24, WinGapErr: 0.076}
		}
		ev.Results = append(ev.Results, r)
	}
	ev.Best = eval.Best(ev.Results, true)
	return ev, nil
}

// TestGradedKeepsTheWordsSaid: at every seat count, after a right or
// a wrong answer with the longest verdict, the graded screen at 80×24
// keeps the question and every sentence said before the drill, however
// many: the cards drawn, the score's "needs" and the seats' sentence
// give way first, who deals sharing a line with the score's totals.
func TestGradedKeepsTheWordsSaid(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprintf("%dp", n), func(t *testing.T) {
			cfg := rulesConfig(t, nil, fmt.Sprintf("players=%d,shlomo=on,menage=on,dealer_forced=on,of_a_kind=on", n))
			cfg.Seed, cfg.Evaluate = 1193299604452397242, firstLosesTheGame
			hs := start(t, cfg, 80, 24)
			answered := map[bool]int{} // by right
			for range 16 {
				tr := hs.s
				said := drill.SaidLines(&tr.view, false)
				if len(said) < 3 {
					hs.press("N")
					continue
				}
				// The first option is the wrong one, the others right.
				right := answered[false] > answered[true]
				keys := itemKeys(tr.legal, tr.order)
				key := keys[0]
				if right {
					key = keys[1]
				}
				question, deals := drill.Question(&tr.view, false), drill.Deals(&tr.view)
				hs.press(key)
				scr := hs.screen()
				kittest.CheckSize(t, scr, 80, 24)
				flat := kittest.Flat(scr)
				for _, w := range []string{"You chose", question, deals} {
					if !strings.Contains(flat, kittest.Flat(w)) {
						t.Fatalf("right %v: %q is left out:\n%s", right, w, scr)
					}
				}
				for _, s := range said {
					if !strings.Contains(flat, kittest.Flat(s)) {
						t.Fatalf("right %v: %q is left out:\n%s", right, s, scr)
					}
				}
				answered[right]++
				hs.press("enter")
			}
			if answered[true] == 0 || answered[false] == 0 {
				t.Fatalf("drills with several lines said: %d answered right, %d wrong; want both", answered[true], answered[false])
			}
		})
	}
}
