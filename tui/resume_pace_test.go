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
