package tui

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
)

// fakeTableEval is the stand-in evaluation of the table trainer's
// goldens: fixed values by kind of action, varying a little from batch
// to batch, so the screens show the layout and stay put when the
// evaluation itself changes. TestTrain34RealEvaluation runs the real one.
func fakeTableEval(ctx context.Context, v *rules.View, p drill.Plan, k int) (eval.Evaluation, error) {
	o := p.Batch(k)
	ev := eval.Evaluation{Samples: o.Samples}
	for j, a := range v.Legal() {
		mean, bete := -20.0+float64(j), 0.3
		switch a.Kind {
		case rules.Take:
			mean, bete = 24, 0.18
		case rules.Pass, rules.NoExchange, rules.Good:
			mean, bete = -4, 0.02
		case rules.Name:
			if a.Suit == rules.NoTrumps {
				mean, bete = 9, 0.25
			}
		case rules.Exchange, rules.Shlomo, rules.Cleopatra, rules.Announce, rules.NotGood:
			mean, bete = 15, 0.05
		}
		mean += float64(k%3-1) * 1.5
		ev.Results = append(ev.Results, eval.Result{Action: a, Mean: mean, StdErr: 7, Bete: bete,
			Win: min(1, max(0, 0.4+mean/150))})
	}
	ev.Best = eval.Best(ev.Results, false)
	return ev, nil
}

// train34Config is a table trainer's configuration for tests: seed 1,
// the fake evaluation, the rules given.
func train34Config(tb testing.TB, rec TrainRecord, ruleText string) TrainConfig {
	tb.Helper()
	opts, err := rules.ParseOptions(ruleText)
	if err != nil {
		tb.Fatal(err)
	}
	cfg := trainConfig(rec)
	cfg.Options = opts
	cfg.Evaluate = fakeTableEval
	return cfg
}

// TestTrain34Goldens: the trainer at three players at 80×24 and at four
// at 100×30 and 120×40, before and after the choice, from seed 1; the
// review; -ascii.
func TestTrain34Goldens(t *testing.T) {
	t.Run("three", func(t *testing.T) {
		rec := &memRecord{}
		hs := newTrainHarness(t, train34Config(t, rec, "players=3"), 80, 24)
		hs.golden("34-three-ask-80x24")
		tr := hs.trainer()
		hs.press(itemKeys(tr.legal)[0])
		hs.golden("34-three-result-80x24")
		hs.press("enter")
		hs.golden("34-three-ask2-80x24")
		hs.press(itemKeys(tr.legal)[len(tr.legal)-1])
		hs.golden("34-three-result2-80x24")
		hs.press("m")
		hs.golden("34-three-review-80x24")
	})
	t.Run("four", func(t *testing.T) {
		for _, size := range [][2]int{{100, 30}, {120, 40}} {
			name := fmt.Sprintf("%dx%d", size[0], size[1])
			cfg := train34Config(t, &memRecord{}, "players=4")
			cfg.Only = drill.OnlyRound2
			hs := newTrainHarness(t, cfg, size[0], size[1])
			hs.golden("34-four-ask-" + name)
			tr := hs.trainer()
			hs.press(itemKeys(tr.legal)[0])
			hs.golden("34-four-result-" + name)
		}
	})
	t.Run("three-tall", func(t *testing.T) {
		hs := newTrainHarness(t, train34Config(t, &memRecord{}, "players=3"), 120, 40)
		tr := hs.trainer()
		hs.press(itemKeys(tr.legal)[0])
		hs.golden("34-three-result-120x40")
	})
	t.Run("four-small", func(t *testing.T) {
		hs := newTrainHarness(t, train34Config(t, nil, "players=4"), 80, 24)
		hs.golden("34-four-small-80x24")
	})
	t.Run("variants", func(t *testing.T) {
		cfg := train34Config(t, nil, "players=3,shlomo=on,dealer_forced=on")
		cfg.Only = drill.OnlyDeclare
		hs := newTrainHarness(t, cfg, 80, 24)
		hs.golden("34-shlomo-80x24")
		cfg = train34Config(t, nil, "players=3")
		cfg.Only = drill.OnlyDix
		hs = newTrainHarness(t, cfg, 80, 24)
		hs.press("n")
		hs.golden("34-dix-result-80x24")
	})
	t.Run("ascii", func(t *testing.T) {
		cfg := train34Config(t, nil, "players=4")
		cfg.ASCII = true
		hs := newTrainHarness(t, cfg, 100, 30)
		hs.press("enter")
		hs.golden("34-ascii-100x30")
		if scr := hs.screen(); strings.ContainsAny(scr, "♠♥♦♣±≈▶←…") {
			t.Errorf("-ascii screen has Unicode:\n%s", scr)
		}
	})
}

// TestTrain34OptionsLegal: the menu holds exactly the legal actions of
// the player's TableView, in order, for generated drills of every kind,
// each key takes the option it names, and the drill is counted in the
// record of its seat count only.
func TestTrain34OptionsLegal(t *testing.T) {
	for _, c := range []struct {
		rules string
		only  drill.Filter
	}{
		{"players=3", drill.OnlyRound1}, {"players=3", drill.OnlyRound2}, {"players=3", drill.OnlyDix},
		{"players=3", drill.OnlyDialogue}, {"players=4", drill.OnlyRound2}, {"players=4", drill.OnlyDialogue},
		{"players=3,shlomo=on", drill.OnlyDeclare}, {"players=4,cleopatra=on,dealer_forced=on", drill.Any},
	} {
		rec := &memRecord{}
		cfg := train34Config(t, rec, c.rules)
		cfg.Only = c.only
		hs := newTrainHarness(t, cfg, 100, 30)
		r := rand.New(rand.NewPCG(1, 2))
		for n := range 5 {
			tr := hs.trainer()
			v, err := tr.sit.View()
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(tr.legal, v.Legal()) {
				t.Fatalf("%s: menu %v, legal %v", c.rules, tr.legal, v.Legal())
			}
			scr := hs.screen()
			keys := itemKeys(tr.legal)
			for _, k := range keys {
				if !strings.Contains(scr, "["+k+"] ") {
					t.Fatalf("%s -only %s: [%s] not offered:\n%s", c.rules, c.only, k, scr)
				}
			}
			i := r.IntN(len(tr.legal))
			hs.press(keys[i])
			if tr.state != trainResult || tr.chose != i || tr.an.Rows[i].Action != tr.legal[i] {
				t.Fatalf("%s: key %s: state %d, chose %d, want %d\n%s", c.rules, keys[i], tr.state, tr.chose, i, hs.screen())
			}
			if got := len(rec.added); got != n+1 || rec.added[n].Situation.Players() != cfg.Options.NumPlayers() {
				t.Fatalf("%s: %d drills recorded, want %d table drills", c.rules, got, n+1)
			}
			hs.press("enter")
		}
		players := cfg.Options.NumPlayers()
		if got := rec.st.Section(players).Drills; got != 5 || rec.st.Section(2).Drills != 0 {
			t.Errorf("%s: %d drills at %d players, %d at two: want 5 and 0", c.rules, got, players, rec.st.Section(2).Drills)
		}
	}
}

// TestTrain34Keys: n is "no exchange" at the dix (not a new drill), a
// letter that is no option says which are, and the record on screen is
// the one of this seat count.
func TestTrain34Keys(t *testing.T) {
	rec := &memRecord{}
	rec.st.Add(drill.Record{Situation: situation(t, strongText), Verdict: drill.Verdict{Kind: drill.Best}})
	cfg := train34Config(t, rec, "players=3")
	cfg.Only = drill.OnlyDix
	hs := newTrainHarness(t, cfg, 80, 24)
	if scr := hs.screen(); !strings.Contains(scr, "no drills yet") {
		t.Errorf("the two-player record shows at three players:\n%s", scr)
	}
	tr := hs.trainer()
	hs.press("z")
	if !strings.Contains(hs.screen(), "z is not an option here: press") {
		t.Errorf("a letter that is no option:\n%s", hs.screen())
	}
	hs.press("n")
	if tr.no != 1 || tr.state != trainResult || tr.legal[tr.chose].Kind != rules.NoExchange {
		t.Fatalf("n at the dix: drill %d, state %d", tr.no, tr.state)
	}
	if !strings.Contains(hs.screen(), "0/1 right") && !strings.Contains(hs.screen(), "1/1 right") {
		t.Errorf("the record of three players is not shown:\n%s", hs.screen())
	}
	hs.press("n")
	if tr.no != 2 || tr.state != trainAsk {
		t.Fatalf("n after the result: drill %d", tr.no)
	}
	before := tr.an
	hs.send(trainBatchMsg{id: 1, k: 0, ev: eval.Evaluation{}})
	if !reflect.DeepEqual(before, tr.an) || tr.state != trainAsk {
		t.Error("a late batch changed the drill")
	}
	if got := hs.app.QuitNote(); !strings.HasPrefix(got, "This session (3 players): ") {
		t.Errorf("quit note %q", got)
	}
}

// TestTrain34Small: the trainer needs 80x24 at every seat count; below
// it a clear message asks for a larger window.
func TestTrain34Small(t *testing.T) {
	for _, c := range []struct {
		rules string
		w, h  int
	}{{"players=3", 79, 24}, {"players=3", 80, 23}, {"players=4", 79, 24}, {"players=4", 80, 23}} {
		hs := newTrainHarness(t, train34Config(t, nil, c.rules), c.w, c.h)
		if scr := hs.screen(); !strings.Contains(scr, "larger") {
			t.Errorf("%s at %dx%d:\n%s", c.rules, c.w, c.h, scr)
		}
	}
}

// TestTrain34Monkey: random keys, clicks and window sizes never panic,
// and every frame is exactly the window's size, at three and four
// players with the house variants.
func TestTrain34Monkey(t *testing.T) {
	for i, rs := range []string{"players=3,shlomo=on,dealer_forced=on", "players=4,shlomo=on,cleopatra=on,of_a_kind=on"} {
		r := rand.New(rand.NewPCG(5, uint64(i)))
		cfg := train34Config(t, &memRecord{}, rs)
		cfg.ASCII = i == 1
		hs := newTrainHarness(t, cfg, 100, 30)
		for step := range 800 {
			var msg tea.Msg
			switch r.IntN(14) {
			case 0:
				msg = tea.WindowSizeMsg{Width: r.IntN(160), Height: r.IntN(60)}
			case 1:
				msg = tea.MouseClickMsg{X: r.IntN(120), Y: r.IntN(40), Button: tea.MouseLeft}
			default:
				msg = monkeyKey(r)
			}
			hs.send(msg)
			out := hs.app.render()
			c := &hs.app.ctx
			if c.Width > 0 && c.Height > 0 {
				lines := strings.Split(out, "\n")
				if len(lines) != c.Height {
					t.Fatalf("%s step %d: %d lines for a height of %d", rs, step, len(lines), c.Height)
				}
				for _, l := range lines {
					if w := ansi.StringWidth(l); w != c.Width {
						t.Fatalf("%s step %d: a line of %d cells for a width of %d: %q", rs, step, w, c.Width, ansi.Strip(l))
					}
				}
			}
			if hs.quit {
				break
			}
		}
	}
}

// TestTrain34Click: a click on a menu item takes it.
func TestTrain34Click(t *testing.T) {
	hs := newTrainHarness(t, train34Config(t, nil, "players=4"), 100, 30)
	tr := hs.trainer()
	want := "[" + itemKeys(tr.legal)[1] + "]"
	for y, l := range strings.Split(hs.screen(), "\n") {
		if x := strings.Index(l, want); x >= 0 && (strings.Contains(l, "Your choice") || strings.HasPrefix(l, "    ")) {
			hs.send(tea.MouseClickMsg{X: len([]rune(l[:x])) + 1, Y: y, Button: tea.MouseLeft})
			break
		}
	}
	if tr.state != trainResult || tr.chose != 1 {
		t.Fatalf("click on %s: state %d, chose %d\n%s", want, tr.state, tr.chose, hs.screen())
	}
}

// TestTrain34RealEvaluation: with the real evaluation the screen grades
// a drill at three and at four players, without a win column.
func TestTrain34RealEvaluation(t *testing.T) {
	for _, rs := range []string{"players=3", "players=4"} {
		cfg := train34Config(t, nil, rs)
		cfg.Evaluate = nil
		cfg.Samples = 40
		hs := newTrainHarness(t, cfg, 100, 30)
		hs.press("enter")
		scr := hs.screen()
		if !strings.Contains(scr, "You chose ") || !strings.Contains(scr, "best · hard bot") || strings.Contains(scr, "win game") {
			t.Errorf("%s:\n%s", rs, scr)
		}
	}
}

// TestTrain34Fits: at the smallest window of each seat count, with the
// house variants that make the words said longest, every result shows
// the verdict, a row per option and the whole reason, and the menu.
func TestTrain34Fits(t *testing.T) {
	for _, c := range []struct {
		rules string
		w, h  int
	}{
		{"players=3,shlomo=on,dealer_forced=on", 80, 24},
		{"players=4,shlomo=on,cleopatra=on,dealer_forced=on", 100, 30},
	} {
		cfg := train34Config(t, nil, c.rules)
		cfg.Seed = 9
		hs := newTrainHarness(t, cfg, c.w, c.h)
		for range 25 {
			tr := hs.trainer()
			hs.press(itemKeys(tr.legal)[len(tr.legal)-1])
			scr := hs.screen()
			flat := strings.Join(strings.Fields(scr), " ")
			if !strings.Contains(flat, "You chose ") || !strings.Contains(flat, strings.Join(strings.Fields(strings.Join(tr.an.Reason(false), " ")), " ")) {
				t.Fatalf("%s at %dx%d: the verdict or the reason is cut:\n%s", c.rules, c.w, c.h, scr)
			}
			if n := strings.Count(scr, " ± "); n != len(tr.an.Rows) {
				t.Fatalf("%s at %dx%d: %d rows for %d options:\n%s", c.rules, c.w, c.h, n, len(tr.an.Rows), scr)
			}
			hs.press("enter")
		}
	}
}

// TestTrain34Unsampled: a drill whose evaluation finds no deal that fits
// the view is replaced before the person chooses, with a note; after a
// choice the failure is said and n goes on.
func TestTrain34Unsampled(t *testing.T) {
	calls := 0
	cfg := train34Config(t, &memRecord{}, "players=3")
	cfg.Evaluate = func(ctx context.Context, v *rules.View, p drill.Plan, k int) (eval.Evaluation, error) {
		calls++
		if calls == 1 {
			return eval.Evaluation{}, eval.ErrNoWorld
		}
		return fakeTableEval(ctx, v, p, k)
	}
	hs := newTrainHarness(t, cfg, 80, 24)
	tr := hs.trainer()
	if tr.no != 2 || tr.state != trainAsk || !strings.Contains(hs.screen(), "Drill 1 could not be evaluated") {
		t.Fatalf("drill %d, state %d:\n%s", tr.no, tr.state, hs.screen())
	}
	hs.press("enter")
	if tr.state != trainResult {
		t.Fatalf("the replacement drill is not graded: state %d", tr.state)
	}
}
