package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/klob/klob/tui/setup"
)

// TestResumeTitleNamesSavedGame: the offer of a saved game is titled
// after the saved game ("your saved game of three"), never "Klaberjass
// for" a count, which read as the game asked for, whatever count klob
// -players asks for. At every seat count.
func TestResumeTitleNamesSavedGame(t *testing.T) {
	for saved, asked := range map[int]int{2: 3, 3: 4, 4: 2} {
		cfg := testConfig(dealSeed, &memStore{})
		if err := cfg.Setup.Options.Set("players", fmt.Sprint(saved)); err != nil {
			t.Fatal(err)
		}
		hs := newHarness(t, cfg, 80, 24)
		hs.press("enter", "q", "y")
		for _, ask := range []int{saved, asked} {
			if err := cfg.Setup.Options.Set("players", fmt.Sprint(ask)); err != nil {
				t.Fatal(err)
			}
			cfg.PlayersFlag = true
			hs2 := newHarness(t, cfg, 80, 24)
			scr := hs2.screen()
			title := strings.SplitN(scr, "\n", 2)[0]
			if hs2.name() != "resume" || !strings.Contains(title, "Klaberjass: your saved game of "+setup.CountWord(saved)) || strings.Contains(scr, "Klaberjass for") {
				t.Errorf("saved %d, asked %d: the title: %q\n%s", saved, ask, title, scr)
			}
		}
	}
}
