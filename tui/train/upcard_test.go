package train

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// TestReviewNamesTheUpcardShown: at every seat count, a mistake in the
// review names the upcard the drill showed, the card lying there now;
// where the dix was exchanged for it, the card turned up at the deal
// follows, said to be that.
func TestReviewNamesTheUpcardShown(t *testing.T) {
	for _, players := range []string{"players=2", "players=3", "players=4"} {
		cfg := rulesConfig(t, nil, players)
		cfg.Only, cfg.Seed = drill.OnlyDialogue, 7
		hs := start(t, cfg, 80, 24)
		exchanged := 0
		for range 30 {
			tr := hs.s
			v := &tr.view
			desc, _, err := tr.missed(&hs.ctx, tr.sit.String())
			if err != nil {
				t.Fatal(err)
			}
			desc = ansi.Strip(desc)
			shown := v.Upcard
			if shown == rules.NoCard {
				shown = v.OrigUpcard
			}
			if !strings.Contains(desc, "upcard "+shown.Pretty(false)) {
				t.Fatalf("%s drill %d: the drill shows the upcard %s, the review says %q", players, tr.no, shown.Pretty(false), desc)
			}
			if v.Upcard != rules.NoCard && v.Upcard != v.OrigUpcard {
				exchanged++
				if want := "(turned up " + v.OrigUpcard.Pretty(false) + ", exchanged for the dix)"; !strings.Contains(desc, want) {
					t.Fatalf("%s drill %d: the review %q does not say %q", players, tr.no, desc, want)
				}
			}
			hs.press(itemKeys(tr.legal, tr.order)[0], "enter")
		}
		if exchanged == 0 && players != "players=4" {
			t.Errorf("%s: no drill after the dix was exchanged", players)
		}
	}
}

// TestHelpListsEveryMenuKey: at every seat count, every key a drill's
// menu shows is one the help lists, and a number given to an option
// with a letter of its own, whose letter an option before it took
// ("[a] fifty [2] twenty"), is one the numbers' line says it covers.
func TestHelpListsEveryMenuKey(t *testing.T) {
	for _, players := range []string{"players=2", "players=3", "players=4"} {
		cfg := rulesConfig(t, nil, players)
		cfg.Only, cfg.Seed = drill.OnlyDialogue, 3
		hs := start(t, cfg, 80, 24)
		km := kit.DefaultKeys()
		taken := 0
		for range 30 {
			tr := hs.s
			var bs []key.Binding
			for _, group := range tr.KeyHelp(&km).FullHelp() {
				bs = append(bs, group...)
			}
			keys := itemKeys(tr.legal, tr.order)
			for i, k := range keys {
				var line *key.Binding
				for j := range bs {
					if slices.Contains(bs[j].Keys(), k) {
						line = &bs[j]
						break
					}
				}
				if line == nil {
					t.Fatalf("%s drill %d: the help lists no %q (%v)", players, tr.no, k, tr.legal[i])
				}
				if _, err := strconv.Atoi(k); err == nil && kit.ActionKey(tr.legal[i]) != "" {
					taken++
					if !strings.Contains(line.Help().Desc, "whose letter") {
						t.Fatalf("%s drill %d: %q is %v, whose letter is taken, but the help says %q", players, tr.no, k, tr.legal[i], line.Help().Desc)
					}
				}
			}
			hs.press(keys[0], "enter")
		}
		if taken == 0 && players == "players=4" {
			t.Errorf("%s: no drill numbered an option whose letter was taken", players)
		}
	}
}
