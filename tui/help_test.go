package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/tui/kit"
)

// countScreen is a screen that counts its draws.
type countScreen struct{ views int }

func (c *countScreen) Name() string                                       { return "count" }
func (c *countScreen) Update(*kit.Context, tea.Msg) (kit.Screen, tea.Cmd) { return c, nil }
func (c *countScreen) View(*kit.Context) string {
	c.views++
	return "the screen"
}

// TestHelpCoversScreen: while the help is open the screen under it is
// not drawn (every message draws the window again, and the help hides
// it all); closing the help draws it again.
func TestHelpCoversScreen(t *testing.T) {
	sc := &countScreen{}
	hs := startHarness(t, newApp(sc, appOptions{}), 100, 30)
	_ = hs.app.View()
	before := sc.views
	hs.press("?")
	for range 3 {
		hs.send(struct{}{}) // a message for the screen: a bot's move, a save
		_ = hs.app.View()
	}
	if sc.views != before {
		t.Fatalf("the screen was drawn %d times under the help, want 0", sc.views-before)
	}
	hs.press("x")
	if scr := hs.screen(); sc.views == before || scr == "" {
		t.Fatalf("the screen is not drawn again once the help closes:\n%s", scr)
	}
}

// TestHelpScrollKeepsLines: scrolling the help down and back up shows
// the same lines as before (the lines are kept between draws, so a
// scrolled draw must not change them).
func TestHelpScrollKeepsLines(t *testing.T) {
	hs := newHarness(t, testConfig(dealSeed, &memStore{}), 80, 24)
	hs.press("enter", "?")
	first := hs.screen()
	for range 5 {
		hs.press("down")
		_ = hs.screen()
	}
	if hs.screen() == first {
		t.Fatal("the help did not scroll")
	}
	for range 5 {
		hs.press("up")
		_ = hs.screen()
	}
	if got := hs.screen(); got != first {
		t.Fatalf("after scrolling down and up the help shows\n%s\nwant\n%s", got, first)
	}
}

// TestResumeHelpIsTheSavedGames: the help on the offer to resume a game
// of four lists the offer's own keys (r resume, n new game) and the
// keys of a game of four (no trumps; no schmeiss, no dix), not those of
// the default game of two.
func TestResumeHelpIsTheSavedGames(t *testing.T) {
	cfg := testConfig(dealSeed, &memStore{})
	cfg.Setup.Options.Players = 4
	hs := resumeOffer(t, cfg)
	help := hs.helpText()
	keys := help[:strings.Index(help, "Rules in short")]
	for _, w := range []string{"r resume the saved game", "n start a new game", "n no trumps"} {
		if !strings.Contains(keys, w) {
			t.Errorf("the resume help's keys lack %q:\n%s", w, keys)
		}
	}
	for _, w := range []string{"schmeiss", "accept", "exchange"} {
		if strings.Contains(keys, w) {
			t.Errorf("the resume help's keys tell %q:\n%s", w, keys)
		}
	}
	if strings.Contains(help, "Numbers and marks") {
		t.Errorf("the resume help explains marks it does not show")
	}
}

// TestSetupAndLessonHelpHaveNoHintLegend: the setup form and the lesson
// show no hint: their help tells no hints' legend, and the rules in
// short come first after the keys.
func TestSetupAndLessonHelpHaveNoHintLegend(t *testing.T) {
	hs := newHarness(t, testConfig(dealSeed, &memStore{}), 80, 24)
	if hs.name() != "setup" {
		t.Fatalf("first screen %s, want setup", hs.name())
	}
	if help := hs.helpText(); strings.Contains(help, "standard error") || strings.Contains(help, "Numbers and marks") {
		t.Errorf("the setup help tells the marks:\n%s", help)
	}
	hs.press("esc")
	app, err := NewLearn(LearnConfig{})
	if err != nil {
		t.Fatal(err)
	}
	ls := startHarness(t, app, 80, 24)
	help := ls.helpText()
	if strings.Contains(help, "standard error") || !strings.Contains(help, "under a card: selected") {
		t.Errorf("the lesson's help: hints' legend %v, hand's marks %v", strings.Contains(help, "standard error"), strings.Contains(help, "under a card"))
	}
}

// TestGameOverHelp: at the game's end of klob play, at every seat
// count, the offers name ? help, and ? opens the help there, as does a
// click on [?]; any key closes it, back to the game's end.
func TestGameOverHelp(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		cfg := testConfig(uint64(40+n), &memStore{})
		cfg.Setup.Options.Players = n
		cfg.Setup.Options.Target = 100
		hs := newHarness(t, cfg, 80, 24)
		hs.press("enter")
		hs.toGameOver(true)
		x, y := -1, -1
		for i, l := range strings.Split(hs.screen(), "\n") {
			if at := strings.Index(l, "[?] help"); at >= 0 {
				x, y = kit.WidthOf(l[:at])+1, i
			}
		}
		if y < 0 {
			t.Fatalf("%d players: the game's end does not offer ? help:\n%s", n, hs.screen())
		}
		if help := hs.helpText(); !strings.Contains(help, "scroll the score pad") {
			t.Fatalf("%d players: ? at the end opens another help: %s", n, help)
		}
		hs.press("x")
		if _, open := hs.app.overlay.(*kit.HelpView); open || !strings.Contains(hs.screen(), "Game over") {
			t.Fatalf("%d players: a key does not close the help back to the end:\n%s", n, hs.screen())
		}
		hs.send(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
		if _, open := hs.app.overlay.(*kit.HelpView); !open {
			t.Fatalf("%d players: a click on [?] opens no help:\n%s", n, hs.screen())
		}
	}
}
