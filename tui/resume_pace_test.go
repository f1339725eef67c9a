package tui

import (
	"strings"
	"testing"

	"github.com/klob/klob/internal/record/settings"
)

// TestResumeKeepsPaceFlag: a game resumed under -pace is paced by it,
// and the setup screen of the next game (n at the game's end) says so,
// as it does for a game started under -pace.
func TestResumeKeepsPaceFlag(t *testing.T) {
	st := &memStore{}
	prefs := settings.Default()
	cfg := testConfig(dealSeed, st)
	cfg.Prefs, cfg.PaceFlag = &prefs, true
	cfg.Setup.Options.Target = 1 // one deal ends the game
	hs2 := resumeOffer(t, cfg)
	hs2.press("r")
	for i := 0; i < 300 && !strings.Contains(hs2.screen(), "Game over"); i++ {
		hs2.press("enter")
	}
	if !strings.Contains(hs2.screen(), "Game over") {
		t.Fatalf("the game did not end:\n%s", hs2.screen())
	}
	hs2.press("n")
	if hs2.name() != "setup" {
		t.Fatalf("after n: %s, want setup", hs2.name())
	}
	if scr := hs2.screen(); !strings.Contains(scr, "but -pace 0s now") {
		t.Fatalf("the next game's setup forgot -pace:\n%s", scr)
	}
}

// resumeOffer starts a game with cfg, quits it (saved) and starts klob
// again: the harness is at the offer to resume it.
func resumeOffer(t *testing.T, cfg PlayConfig) *harness {
	t.Helper()
	hs := newHarness(t, cfg, 80, 24)
	hs.press("enter", "q", "y")
	hs = newHarness(t, cfg, 80, 24)
	if hs.name() != "resume" {
		t.Fatalf("first screen %s, want resume", hs.name())
	}
	return hs
}

// TestResumeOverFiledFinished: a game over but not yet filed (a crash
// between its last save and its filing) is offered as over, and n says
// the old game is filed as finished, not as unfinished.
func TestResumeOverFiledFinished(t *testing.T) {
	st := &memStore{}
	cfg := testConfig(dealSeed, st)
	cfg.Setup.Options.Target = 1 // one deal ends the game
	hs := newHarness(t, cfg, 80, 24)
	hs.press("enter")
	for i := 0; i < 300 && !strings.Contains(hs.screen(), "Game over"); i++ {
		hs.press("enter")
	}
	if len(st.archived) == 0 {
		t.Fatalf("the game was not filed:\n%s", hs.screen())
	}
	st.current = st.archived[len(st.archived)-1] // as if current.klob outlived the filing
	hs = newHarness(t, cfg, 80, 24)
	if hs.name() != "resume" {
		t.Fatalf("first screen %s, want resume", hs.name())
	}
	words := strings.Join(strings.Fields(hs.screen()), " ")
	for _, w := range []string{"Your last game is over", "(the old one is filed as finished)"} {
		if !strings.Contains(words, w) {
			t.Errorf("the offer lacks %q:\n%s", w, hs.screen())
		}
	}
	if strings.Contains(words, "unfinished") {
		t.Errorf("a game over offered as filed unfinished:\n%s", hs.screen())
	}
	// n opens the form; q there does not call the game over one in
	// progress.
	hs.press("n")
	hs.press("q")
	words = strings.Join(strings.Fields(hs.screen()), " ")
	if strings.Contains(words, "in progress") || !strings.Contains(words, "over but not yet filed") {
		t.Errorf("the form's quit question on a game over:\n%s", hs.screen())
	}
}
