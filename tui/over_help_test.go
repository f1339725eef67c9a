package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/tui/kit"
)

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
