package tui

import (
	"errors"
	"strings"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/tui/kit/kittest"
)

// flatWords is the screen's text with its wrapping undone.
func flatWords(scr string) string {
	return strings.Join(strings.Fields(kittest.Flat(scr)), " ")
}

// TestQuitWordsGameOverNotFiled: of a saved game over but not yet
// filed, the offer's quit question, the quit question of the form n
// opens and the line printed at exit say the same sentence.
func TestQuitWordsGameOverNotFiled(t *testing.T) {
	l, err := gamelog.ReadFile("../testdata/games/09-tie.klob")
	if err != nil {
		t.Fatal(err)
	}
	const want = "Your last game, over but not yet filed, stays as it is: klob offers it again when it starts."
	hs := newHarness(t, testConfig(dealSeed, &memStore{current: l}), 80, 24)
	if hs.name() != "resume" {
		t.Fatalf("first screen %s, want resume", hs.name())
	}
	hs.press("q")
	if words := flatWords(hs.screen()); !strings.Contains(words, want) {
		t.Errorf("the offer's quit question lacks %q:\n%s", want, hs.screen())
	}
	hs.press("esc", "n", "q")
	if words := flatWords(hs.screen()); !strings.Contains(words, want) {
		t.Errorf("the form's quit question lacks %q:\n%s", want, hs.screen())
	}
	if note := hs.app.QuitNote(); note != want {
		t.Errorf("the exit line: %q, want %q", note, want)
	}
}

// TestQuitWordsOldGameFiledNewFailed: when n's new game files the saved
// one and then fails to start, the line printed at exit does not say
// the filed game stays saved.
func TestQuitWordsOldGameFiledNewFailed(t *testing.T) {
	st := &memStore{}
	hs := newHarness(t, testConfig(dealSeed, st), 80, 24)
	hs.press("enter", "q", "y") // a game in progress, saved
	if st.current == nil {
		t.Fatal("no game was saved")
	}
	cfg := testConfig(dealSeed, st)
	broken := false // the bots of the new game cannot be made
	cfg.NewBot = func(l ai.Level, c ai.Config) (ai.Bot, error) {
		if broken {
			return nil, errors.New("no bot today")
		}
		return randomBots(l, c)
	}
	hs = newHarness(t, cfg, 80, 24)
	if hs.name() != "resume" {
		t.Fatalf("first screen %s, want resume", hs.name())
	}
	if note := hs.app.QuitNote(); note != gameStaysSaved {
		t.Errorf("the exit line before n: %q, want %q", note, gameStaysSaved)
	}
	broken = true
	hs.press("n", "enter")
	if len(st.archived) != 1 {
		t.Fatalf("the old game was not filed: %d archived\n%s", len(st.archived), hs.screen())
	}
	if hs.name() != "setup" || !strings.Contains(hs.screen(), "no bot today") {
		t.Fatalf("the new game's failure is not on the form:\n%s", hs.screen())
	}
	if note := hs.app.QuitNote(); strings.Contains(note, "stays") {
		t.Errorf("the exit line says the filed game stays saved: %q", note)
	}
}
