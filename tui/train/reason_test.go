package train

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// tieEval is a stand-in evaluation near the end of a game in which the
// runner-up wins a little more often than the best, within
// drill.WinLevel, and the best scores more: the hard bot's choice is
// best by the points alone.
func tieEval(ctx context.Context, v *rules.View, p drill.Plan, k int) (eval.Evaluation, error) {
	o := p.Batch(k)
	ev := eval.Evaluation{Samples: o.Samples, ByWin: true}
	for j, a := range v.Legal() {
		mean, win := 20-3*float64(j), 0.95-0.01*float64(j)
		if j == 1 {
			mean, win = 19.5, 0.951
		}
		mean += float64((k+j)%3 - 1)
		ev.Results = append(ev.Results, eval.Result{Action: a, Mean: mean, StdErr: 5, Bete: 0.05, Win: win})
	}
	ev.Best = eval.Best(ev.Results, true)
	return ev, nil
}

// tieSaid is the reason's account of the tie: the chances within 0.5%
// count as the same, and the best scores more.
var tieSaid = regexp.MustCompile(`within 0\.5%.* scores (.+ )?more for this deal`)

// TestTieReasonShows: at 80×24, with a card to give among seven and the
// words said of a shlomo, where a row beside the best shows a higher
// chance to win, the reason says why the best is best all the same
// (the chances are the same within 0.5% and the best scores more), and
// the words said stay with the table.
func TestTieReasonShows(t *testing.T) {
	for _, rs := range giveRules {
		cfg := rulesConfig(t, nil, rs)
		cfg.Only, cfg.Seed, cfg.Evaluate = drill.OnlyDeclare, 2, tieEval
		hs := start(t, cfg, 80, 24)
		gives := 0
		for range 12 {
			tr := hs.s
			keys := itemKeys(tr.legal, tr.order)
			hs.press(keys[0])
			if tr.legal[0].Kind == rules.Give {
				gives++
				scr := hs.screen()
				kittest.CheckSize(t, scr, 80, 24)
				flat := kittest.Flat(scr[strings.Index(scr, "Hard bot:"):])
				if !tieSaid.MatchString(flat) {
					t.Fatalf("%s: the reason leaves out why the best is best:\n%s", rs, scr)
				}
				for _, w := range drill.SaidLines(&tr.view, false) {
					if !strings.Contains(kittest.Flat(scr), kittest.Flat(w)) {
						t.Fatalf("%s: %q is left out:\n%s", rs, w, scr)
					}
				}
			}
			hs.press("enter")
		}
		if gives == 0 {
			t.Fatalf("%s: no card to give", rs)
		}
	}
}
