package train

import (
	"strconv"
	"strings"
	"testing"

	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/train/traintest"
)

// TestSequenceDrillsShowRuns: at two, three and four players, a drill of
// the sequence dialogue draws the hand in sequence order, each suit from
// its ace down to its 7 (a run such as K♥ Q♥ J♥ 10♥ side by side), and
// the hand in words reads the same; a drill of any other kind draws it
// by trick strength, as the table does.
func TestSequenceDrillsShowRuns(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		for _, only := range []drill.Filter{drill.OnlyDialogue, drill.Any} {
			cfg := rulesConfig(t, &traintest.MemRecord{}, "players="+strconv.Itoa(n))
			cfg.Only = only
			hs := start(t, cfg, 80, 24)
			dialogue := 0
			for range 12 {
				v := &hs.s.view
				hand := hs.s.hand()
				runs := v.Phase == rules.PhaseSequences
				if runs {
					dialogue++
				}
				trump := drill.HandTrump(v)
				for i := 1; i < len(hand); i++ {
					a, b := hand[i-1], hand[i]
					if a.Suit() != b.Suit() {
						continue
					}
					if runs && a.Rank() < b.Rank() || !runs && rules.Power(a, trump) < rules.Power(b, trump) {
						t.Fatalf("%d players, phase %v: %v after %v in %v", n, v.Phase, b, a, hand)
					}
				}
				var w []string
				for _, c := range hand {
					w = append(w, c.Pretty(false))
				}
				if got, want := drill.Hold(v, false), "You hold "+strings.Join(w, " ")+"."; !strings.HasPrefix(got, want) {
					t.Fatalf("%d players: %q, the screen draws %q", n, got, want)
				}
				hs.press(itemKeys(hs.s.legal, hs.s.order)[0], "enter")
			}
			if only == drill.OnlyDialogue && dialogue == 0 {
				t.Fatalf("%d players: no drill of the dialogue", n)
			}
		}
	}
}
