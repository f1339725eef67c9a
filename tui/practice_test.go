package tui

import (
	"strings"
	"testing"

	"github.com/klob/klob/tui/kit/kittest"
)

// After a practice game (-seed), n opens the setup of the next game of
// the sitting, whose seed is drawn from the one the player chose: the
// screen says so in the log's words, "seed chosen by the player", and
// never calls the new seed the one given.
func TestPracticeNextGameWording(t *testing.T) {
	cfg := testConfig(dealSeed, &memStore{})
	cfg.Setup.Practice = true
	cfg.Setup.Options.Target = 100
	hs := newHarness(t, cfg, 80, 24)
	if scr := kittest.Flat(hs.screen()); !strings.Contains(scr, "Practice game: seed 69, the seed chosen by the player") {
		t.Fatalf("the first practice game's setup:\n%s", hs.screen())
	}
	hs.press("enter")
	hs.toGameOver(false)
	hs.press("n")
	scr := kittest.Flat(hs.screen())
	if hs.name() != "setup" || !strings.Contains(scr, "drawn from the seed chosen by the player") ||
		strings.Contains(scr, "seed 69,") || strings.Contains(scr, "you gave") || strings.Contains(scr, "chosen by you") {
		t.Fatalf("n after a practice game: %s\n%s", hs.name(), hs.screen())
	}
}

// n at the game's end closes the game (which waits for its last writes)
// in a tea.Cmd: until the commands run, the screen says it is saving.
func TestNewGameClosesOffTheUI(t *testing.T) {
	cfg := testConfig(dealSeed, &memStore{})
	cfg.Setup.Options.Target = 100
	hs := newHarness(t, cfg, 80, 24)
	hs.press("enter")
	hs.toGameOver(false)
	m := seatedOf(hs.app.screen)
	hs.Hold = true
	hs.send(kittest.Key("n"))
	if hs.name() != "opening" || !strings.Contains(hs.screen(), "Saving") {
		t.Fatalf("n closed the game in Update: screen %s\n%s", hs.name(), hs.screen())
	}
	hs.release()
	if hs.name() != "setup" || m == nil {
		t.Fatalf("after the save: %s", hs.name())
	}
}
