package replay

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestHandInTheSettingsOrder: the replay shows the hand in the order of
// the player's setting (Config.Sort), as the table does, so that a
// sequence's mark under it spans its cards: in every game of
// testdata/games, at the first step of the first deal, the cards of the
// hand on the screen read in the setting's order, by suit and by
// strength.
func TestHandInTheSettingsOrder(t *testing.T) {
	files, err := os.ReadDir(games)
	if err != nil {
		t.Fatal(err)
	}
	differ := 0
	for _, f := range files {
		if !strings.HasSuffix(f.Name(), ".klob") {
			continue
		}
		r := readGame(t, f.Name())
		if len(r.Deals) == 0 {
			continue
		}
		orders := map[kit.HandSort]string{}
		for _, o := range []kit.HandSort{kit.ByStrength, kit.BySuit} {
			hs := kittest.New(t, New(r, f.Name(), Config{Analyze: fakeAnalyze, Sort: o}, nil), 80, 24, false)
			hs.Press("right")
			s := replayOf(hs)
			sc, _ := s.scene(&hs.Ctx)
			var want []string
			for _, c := range kit.ViewHand(&sc.V, o) {
				want = append(want, regexp.QuoteMeta(c.Pretty(false)))
			}
			if len(want) == 0 {
				continue
			}
			// The cards of one row of the screen, in this order, with
			// only the cards' frames and spaces between them.
			line := regexp.MustCompile(`(^|[\s│])` + strings.Join(want, `[│\s]+`) + `([\s│]|$)`)
			if !line.MatchString(hs.Text()) {
				t.Errorf("%s, sorted %v: the hand is not shown as %v:\n%s", f.Name(), o, want, hs.Text())
			}
			orders[o] = strings.Join(want, " ")
		}
		if orders[kit.ByStrength] != orders[kit.BySuit] {
			differ++
		}
	}
	if differ == 0 {
		t.Fatal("no game's first hand differs by the order: nothing was checked")
	}
}
