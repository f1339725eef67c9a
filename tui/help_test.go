package tui

import (
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
