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

// TestReasonComparesYourChoice: at every seat count, with an option
// chosen that is neither the best nor the runner-up, the reason under
// the table compares the best with yours, whose cost the verdict says,
// and not with the runner-up.
func TestReasonComparesYourChoice(t *testing.T) {
	for _, players := range []string{"players=2", "players=3", "players=4"} {
		cfg := rulesConfig(t, nil, players)
		cfg.Seed = 5
		hs := start(t, cfg, 100, 40)
		compared := 0
		for range 12 {
			tr := hs.s
			keys := itemKeys(tr.legal, tr.order)
			// The option ranked last, where the evaluation is in.
			pick := len(keys) - 1
			if tr.tally.Done() {
				an := tr.tally.Analysis()
				r := an.Ranked()
				pick = r[len(r)-1]
			}
			hs.press(keys[pick])
			ranked := tr.an.Ranked()
			if len(ranked) >= 3 && tr.chose != ranked[0] && tr.chose != ranked[1] {
				compared++
				scr := hs.screen()
				flat := kittest.Flat(scr[strings.Index(scr, "Hard bot:"):])
				yours := drill.Gerund(tr.an.Rows[tr.chose].Action, false)
				second := drill.Gerund(tr.an.Rows[ranked[1]].Action, false)
				if !strings.Contains(strings.ToLower(flat), yours) || strings.Contains(strings.ToLower(flat), second+" ") {
					t.Fatalf("%s drill %d: the reason does not compare with %q:\n%s", players, tr.no, yours, scr)
				}
			}
			hs.press("enter")
		}
		if compared == 0 {
			t.Fatalf("%s: no drill chose an option below the runner-up", players)
		}
	}
}
