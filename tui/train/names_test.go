package train

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestGradedNamesSuitsAsTheMenu: at every seat count, with suit
// symbols or letters, the graded table of a round-two drill and the
// hard bot's choice name a suit by the word the menu gives it,
// "hearts" for "♥ hearts", "no trumps": never "name hearts", and never
// one way in one drill and another in the next.
func TestGradedNamesSuitsAsTheMenu(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		for _, ascii := range []bool{false, true} {
			t.Run(fmt.Sprintf("%dp ascii %v", n, ascii), func(t *testing.T) {
				cfg := rulesConfig(t, nil, fmt.Sprintf("players=%d", n))
				cfg.Only, cfg.Evaluate, cfg.ASCII = drill.OnlyRound2, firstLosesTheGame, ascii
				hs := start(t, cfg, 80, 24)
				named := 0
				for range 6 {
					tr := hs.s
					hs.press(itemKeys(tr.legal, tr.order)[0])
					scr := hs.screen()
					kittest.CheckSize(t, scr, 80, 24)
					at, end := strings.Index(scr, "score diff"), strings.Index(scr, "Hard bot:")
					if at < 0 || end < at {
						t.Fatalf("no table and hard bot's choice:\n%s", scr)
					}
					rows := strings.Split(scr[at:end], "\n")[1:]
					for _, a := range tr.legal {
						if a.Kind != rules.Name {
							continue
						}
						named++
						found := false
						for _, r := range rows {
							r = strings.TrimLeft(strings.TrimSpace(r), "▶> ")
							found = found || strings.HasPrefix(r, a.Suit.Name()+"  ")
						}
						if !found {
							t.Fatalf("no row named %q:\n%s", a.Suit.Name(), scr)
						}
					}
					if best := tr.an.Rows[tr.an.Best].Action; best.Kind == rules.Name && !strings.Contains(scr, "Hard bot: "+best.Suit.Name()+".") {
						t.Fatalf("the hard bot's choice does not say %q as the table does:\n%s", best.Suit.Name(), scr)
					}
					hs.press("enter")
				}
				if named == 0 {
					t.Fatal("no suit named in six round-two drills")
				}
			})
		}
	}
}

// inaccurateFirst is a stand-in evaluation graded by the points, in
// which the first option costs 6.6 points, an inaccuracy: its verdict
// is among the widest of a table.
func inaccurateFirst(ctx context.Context, v *rules.View, p drill.Plan, k int) (eval.Evaluation, error) {
	ev := eval.Evaluation{Samples: p.Batch(k).Samples}
	for j, a := range v.Legal() {
		r := eval.Result{Action: a, Mean: 120.2, StdErr: 4.7, Bete: 0.013, Win: 0.683}
		if j == 0 {
			r = eval.Result{Action: a, Mean: 113.6, StdErr: 4.5, Bete: 0.013, Win: 0.668, Gap: 6.6, GapErr: 0.5}
		}
		ev.Results = append(ev.Results, r)
	}
	ev.Best = eval.Best(ev.Results, false)
	return ev, nil
}

// TestGradedDixLabelsWhole: at 80×24 the dix's table names both options
// whole beside the widest verdict, "exchange" and "no exchange", as
// the hard bot's line does, and the inaccuracy's verdict keeps its
// error.
func TestGradedDixLabelsWhole(t *testing.T) {
	for _, n := range []int{2, 3} {
		t.Run(fmt.Sprintf("%dp", n), func(t *testing.T) {
			cfg := rulesConfig(t, nil, fmt.Sprintf("players=%d", n))
			cfg.Only, cfg.Evaluate = drill.OnlyDix, inaccurateFirst
			hs := start(t, cfg, 80, 24)
			for k := range 4 {
				tr := hs.s
				hs.press(itemKeys(tr.legal, tr.order)[k%2]) // wrong, then right
				scr := hs.screen()
				kittest.CheckSize(t, scr, 80, 24)
				at, end := strings.Index(scr, "score diff"), strings.Index(scr, "Hard bot:")
				if at < 0 || end < at {
					t.Fatalf("no table and hard bot's choice:\n%s", scr)
				}
				table := scr[at:end]
				if strings.Contains(table, "…") || !strings.Contains(table, "exchange ") || !strings.Contains(table, "no exchange") {
					t.Fatalf("the dix's options are not named whole:\n%s", scr)
				}
				if !strings.Contains(table, "inaccuracy: -6.6 ± ") {
					t.Fatalf("the inaccuracy's verdict lost its error:\n%s", scr)
				}
				hs.press("enter")
			}
		})
	}
}

// TestWrongKeyListsTheMenuKeys: at every seat count a key that answers
// nothing is told the keys in the order the menu shows them, a card to
// give's in the order of the hand: "1, 2, 3, 4, 5, 6 or 7".
func TestWrongKeyListsTheMenuKeys(t *testing.T) {
	for _, k := range []drillKind{{"players=2", drill.Any}, {giveRules[0], drill.OnlyDeclare}, {giveRules[1], drill.OnlyDeclare}} {
		t.Run(k.rules, func(t *testing.T) {
			hs := startOnly(t, nil, k)
			reordered := 0
			for range 12 {
				tr := hs.s
				keys := itemKeys(tr.legal, tr.order)
				var shown []string
				for _, i := range tr.order {
					shown = append(shown, keys[i])
				}
				if !slices.IsSorted(tr.order) {
					reordered++
				}
				hs.press("z")
				want := "Key z is not among the choices: " + kit.JoinOr(shown) + "."
				if scr := hs.screen(); !strings.Contains(kittest.Flat(scr), want) {
					t.Fatalf("want %q:\n%s", want, scr)
				}
				hs.press("N")
			}
			if k.only == drill.OnlyDeclare && reordered == 0 {
				t.Fatal("no menu of cards in the hand's order")
			}
		})
	}
}
