package tui

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/tabletest"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/train"
	"github.com/klob/klob/tui/train/traintest"
)

// The trainer's screen is package tui/train and tested there; these
// tests open it through the App of klob train (NewTrain): its help and
// quit question, the window too small, the monkey. The lobby's tests
// open it through the lobby (lobby_train_test.go).

// trainConfig is a trainer's configuration for the App's tests: seed
// 1, traintest.FakeEval, the drills given first.
func trainConfig(rec train.Record, drills ...string) TrainConfig {
	return TrainConfig{Seed: 1, Samples: 40, Evaluate: traintest.FakeEval, Record: rec,
		Now: traintest.Now, Drills: traintest.Drills(drills...)}
}

// rulesTrainConfig is a trainer's configuration at any seat count:
// seed 1, traintest.FakeVariantEval, the rules given.
func rulesTrainConfig(tb testing.TB, rec train.Record, ruleText string) TrainConfig {
	tb.Helper()
	cfg := trainConfig(rec)
	cfg.Options, cfg.Evaluate = tabletest.Options(tb, ruleText), traintest.FakeVariantEval
	return cfg
}

// newTrainHarness is the harness on the trainer's App.
func newTrainHarness(tb testing.TB, cfg TrainConfig, w, h int) *harness {
	tb.Helper()
	return startHarness(tb, NewTrain(cfg), w, h)
}

// TestTrainHelpAndQuit: in the trainer, ? lists the trainer's keys (not
// the table's), q asks without promising a saved game, and the App's
// note after quitting sums up the session.
func TestTrainHelpAndQuit(t *testing.T) {
	hs := newTrainHarness(t, trainConfig(&traintest.MemRecord{}, traintest.Strong), 80, 24)
	hs.press("?")
	scr := ansi.Strip(hs.app.render())
	if !strings.Contains(scr, "new drill") || !strings.Contains(scr, "your last mistakes") {
		t.Errorf("trainer help lacks the trainer's keys:\n%s", scr)
	}
	if strings.Contains(scr, "announce bella") {
		t.Errorf("trainer help lists the table's keys:\n%s", scr)
	}
	hs.press("esc")
	hs.press("q")
	scr = ansi.Strip(hs.app.render())
	if !strings.Contains(scr, "Quit Klob?") || !strings.Contains(scr, "record is kept") || strings.Contains(scr, "game stays saved") {
		t.Errorf("trainer quit question:\n%s", scr)
	}
	hs.press("n", "t")
	if got := hs.app.QuitNote(); !strings.HasPrefix(got, "This session (2 players): 1 of 1 drill right") {
		t.Errorf("quit note %q", got)
	}
}

// TestTrainSmallWindow: the trainer needs 80x24 at every seat count; below
// it a clear message asks for a larger window.
func TestTrainSmallWindow(t *testing.T) {
	for _, c := range []struct {
		rules string
		w, h  int
	}{{"players=2", 79, 24}, {"players=2", 80, 23}, {"players=3", 79, 24}, {"players=3", 80, 23}, {"players=4", 79, 24}, {"players=4", 80, 23}} {
		hs := newTrainHarness(t, rulesTrainConfig(t, nil, c.rules), c.w, c.h)
		if scr := hs.screen(); !strings.Contains(scr, "larger") {
			t.Errorf("%s at %dx%d:\n%s", c.rules, c.w, c.h, scr)
		}
	}
}

// TestTrainMonkey: random keys, clicks and window sizes never panic,
// and every frame is exactly the window's size, at every seat count,
// with the house variants at three and four.
func TestTrainMonkey(t *testing.T) {
	keys := []string{"p", "t", "s", "a", "r", "c", "d", "e", "n", "m", "enter", "space", "left", "right", "up", "down", "esc", "1", "4", "9", "x", "?", "?", "h", "l"}
	for i, c := range []struct {
		rules string
		ascii bool
	}{
		{"players=2", false},
		{"players=3,shlomo=on,dealer_forced=on", false},
		{"players=4,shlomo=on,cleopatra=on,of_a_kind=on", true},
	} {
		t.Run(c.rules, func(t *testing.T) {
			r := rand.New(rand.NewPCG(5, uint64(i)))
			cfg := rulesTrainConfig(t, &traintest.MemRecord{}, c.rules)
			cfg.ASCII = c.ascii
			hs := newTrainHarness(t, cfg, 100, 30)
			for range kittest.MonkeyEvents(800, 300) { // 300 under -short
				switch n := r.IntN(14); {
				case n == 0:
					hs.send(tea.WindowSizeMsg{Width: r.IntN(160), Height: r.IntN(60)})
				case n == 1:
					hs.send(tea.MouseClickMsg{X: r.IntN(120), Y: r.IntN(40), Button: tea.MouseLeft})
				case n < 8:
					hs.press(keys[r.IntN(len(keys))])
				default:
					hs.send(monkeyKey(r))
				}
				if c := &hs.app.ctx; c.Width > 0 && c.Height > 0 {
					kittest.CheckSize(t, hs.app.render(), c.Width, c.Height)
				}
				if hs.quit {
					break
				}
			}
		})
	}
}

// TestHelpRulesTrainAndReplay: the help of the trainer and of a replay
// tells the rules in short of their own seat count (not the two-player
// game's schmeiss and dix at four) and target.
func TestHelpRulesTrainAndReplay(t *testing.T) {
	want := map[int]string{2: "Two players", 3: "Three players, each for themselves", 4: "Four players in two teams"}
	for n, w := range want {
		hs := newTrainHarness(t, rulesTrainConfig(t, &traintest.MemRecord{}, fmt.Sprintf("players=%d,target=300", n)), 80, 24)
		if text := hs.helpText(); !strings.Contains(text, w) || !strings.Contains(text, "The first to the target (300) wins.") {
			t.Errorf("trainer at %d players: the help lacks %q or the target 300", n, w)
		}
	}
	for n, file := range map[int]string{2: "09-tie.klob", 3: "tables/3-04-three-all-passed.klob", 4: "tables/4-07-four-no-trumps.klob"} {
		_, r, err := gamelog.ReadReplay("../testdata/games/" + file)
		if err != nil {
			t.Fatal(err)
		}
		hs := startHarness(t, NewReplay(r, file, ReplayConfig{}), 80, 24)
		if text := hs.helpText(); !strings.Contains(text, want[n]) {
			t.Errorf("replay of %s: the help lacks %q", file, want[n])
		}
	}
}
