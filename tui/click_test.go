package tui

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/tui/kit"
)

// clickOn clicks the first place the screen writes s, on its second
// cell (inside "[y]"); it fails the test when s is not on the screen.
func (hs *harness) clickOn(s string) {
	hs.tb.Helper()
	for y, l := range strings.Split(hs.screen(), "\n") {
		if i := strings.Index(l, s); i >= 0 {
			hs.send(tea.MouseClickMsg{X: kit.WidthOf(l[:i]) + 1, Y: y, Button: tea.MouseLeft})
			return
		}
	}
	hs.tb.Fatalf("no %q to click:\n%s", s, hs.screen())
}

// TestQuitAskClicks: the quit question's [n] stay and [y] quit take
// clicks where they are drawn, as their keys do; a click elsewhere
// neither answers it nor reaches the table under it.
func TestQuitAskClicks(t *testing.T) {
	st := &memStore{}
	hs := newHarness(t, testConfig(dealSeed, st), 80, 24)
	hs.press("enter", "q")
	if !strings.Contains(hs.screen(), "[y] quit   [n] stay") {
		t.Fatalf("q does not ask:\n%s", hs.screen())
	}
	for y := range 24 {
		hs.send(tea.MouseClickMsg{X: 40, Y: y, Button: tea.MouseLeft})
	}
	if hs.quit || hs.app.overlay == nil || len(hs.game().View.History()) != 0 {
		t.Fatalf("a click off the offers answered the question or reached the table (quit %v):\n%s", hs.quit, hs.screen())
	}
	hs.clickOn("[n] stay")
	if hs.quit || strings.Contains(hs.screen(), "Quit Klob?") {
		t.Fatalf("a click on [n] stay did not keep playing:\n%s", hs.screen())
	}
	hs.press("q")
	hs.clickOn("[y] quit")
	if !hs.quit {
		t.Fatalf("a click on [y] quit did not quit:\n%s", hs.screen())
	}
}

// TestResumeOfferClicks: the offer to resume takes clicks on [r] and
// [n] where they are drawn, as their keys do, and a click elsewhere
// does nothing; so does the offer after a damaged save.
func TestResumeOfferClicks(t *testing.T) {
	st := &memStore{}
	hs := newHarness(t, testConfig(dealSeed, st), 80, 24)
	hs.press("enter", "t", "q", "y")
	hs = newHarness(t, testConfig(dealSeed, st), 80, 24)
	for y := range 24 {
		hs.send(tea.MouseClickMsg{X: 79, Y: y, Button: tea.MouseLeft})
	}
	if hs.name() != "resume" {
		t.Fatalf("a click off the offers left the offer for %s", hs.name())
	}
	hs.clickOn("[n] start a new game")
	if hs.name() != "setup" {
		t.Fatalf("a click on [n] opened %s, want the form", hs.name())
	}
	hs.press("esc")
	hs.clickOn("[r] resume it")
	if hs.name() != "table" || len(hs.game().View.History()) == 0 {
		t.Fatalf("a click on [r] opened %s, want the saved game", hs.name())
	}

	// Asked for another game, the new game's offer takes a line of its
	// own, its words wrapping under its key.
	cfg := testConfig(dealSeed, st)
	if err := cfg.Setup.Options.Set("players", "3"); err != nil {
		t.Fatal(err)
	}
	cfg.PlayersFlag, cfg.Setup.Level, cfg.LevelFlag = true, ai.Hard, true
	hs = newHarness(t, cfg, 80, 24)
	if !strings.Contains(hs.screen(), "[n] a new game of three with hard bots") || strings.Contains(hs.screen(), "[r] resume it   [n]") {
		t.Fatalf("the new game's offer is not on a line of its own:\n%s", hs.screen())
	}
	// Narrower than a window the App draws, to be sure of a second
	// line: its words are n too, the cell after them nothing.
	ctx := hs.app.ctx
	ctx.Width = 60
	offer := hs.app.screen
	lines := strings.Split(ansi.Strip(offer.View(&ctx)), "\n")
	y := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "unfinished)") })
	if y < 0 || strings.Contains(lines[y], "[n]") {
		t.Fatalf("the new game's words do not wrap to a second line at 60 columns:\n%s", strings.Join(lines, "\n"))
	}
	end := kit.WidthOf(strings.TrimRight(lines[y], " "))
	if next, _ := offer.Update(&ctx, tea.MouseClickMsg{X: end, Y: y, Button: tea.MouseLeft}); next != offer {
		t.Fatalf("a click after the new game's words opened %s", next.Name())
	}
	if next, _ := offer.Update(&ctx, tea.MouseClickMsg{X: end - 1, Y: y, Button: tea.MouseLeft}); next.Name() != "setup" {
		t.Fatalf("a click on the new game's second line opened %s, want the form", next.Name())
	}

	hs = newHarness(t, testConfig(dealSeed, &memStore{loadErr: damaged()}), 80, 24)
	hs.clickOn("[enter] start a new game")
	if hs.name() != "setup" {
		t.Fatalf("after a damaged save, a click on [enter] opened %s, want the form", hs.name())
	}
}

// TestHelpClosesOnClick: the help, which offers nothing to click and
// closes on any key but its own, closes on a left click too, the table
// under it taking none; a right click leaves it open.
func TestHelpClosesOnClick(t *testing.T) {
	hs := newHarness(t, testConfig(dealSeed, &memStore{}), 80, 24)
	hs.press("enter", "?")
	if _, ok := hs.app.overlay.(*kit.HelpView); !ok {
		t.Fatalf("? did not open the help:\n%s", hs.screen())
	}
	hs.send(tea.MouseClickMsg{X: 40, Y: 20, Button: tea.MouseRight})
	if hs.app.overlay == nil {
		t.Fatal("a right click closed the help")
	}
	before := len(hs.game().View.History())
	hs.send(tea.MouseClickMsg{X: 40, Y: 20, Button: tea.MouseLeft})
	if hs.app.overlay != nil {
		t.Fatalf("a click did not close the help:\n%s", hs.screen())
	}
	if len(hs.game().View.History()) != before {
		t.Fatal("the click that closed the help reached the table")
	}
}
