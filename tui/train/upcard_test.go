package train

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
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
