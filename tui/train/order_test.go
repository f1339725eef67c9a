package train

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
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

// TestHelpSaysTheTitlesCount: the help spells out the seat count the
// title writes short ("3p"), at every seat count.
func TestHelpSaysTheTitlesCount(t *testing.T) {
	words := map[int]string{2: "two", 3: "three", 4: "four"}
	for _, n := range []int{2, 3, 4} {
		all := helpText(t, "players="+strconv.Itoa(n))
		want := fmt.Sprintf("%dp %s players at the table (%d players where", n, words[n], n)
		if !strings.Contains(all, want) {
			t.Errorf("%d players: the help lacks %q:\n%s", n, want, all)
		}
	}
}

// TestHelpNamesTheDeclarationKeys: with shlomo (three and four) or
// cleopatra (four) on, the trainer's help lists the keys of a
// declaration's menu, as the table's does: d declares, n declines.
func TestHelpNamesTheDeclarationKeys(t *testing.T) {
	for _, rules := range []string{"players=3,shlomo=on", "players=4,shlomo=on", "players=4,cleopatra=on,shlomo=on"} {
		if all := helpText(t, rules); !strings.Contains(all, "declarations d declare · n no shlomo") {
			t.Errorf("%s: the help lacks the declarations' keys:\n%s", rules, all)
		}
	}
	if all := helpText(t, "players=3"); strings.Contains(all, "declarations") {
		t.Errorf("without shlomo the help lists the declarations:\n%s", all)
	}
}

// TestGradedTableNamesTheDeclinedDeclaration: the graded table names a
// pass that declines a declaration as the menu did, "no shlomo" or "no
// cleopatra", not "pass", in its row and in the hard bot's choice.
func TestGradedTableNamesTheDeclinedDeclaration(t *testing.T) {
	row := regexp.MustCompile(`(?m)^ [▶ ] (\S.*?) {2,}[-+]`)
	for _, k := range []drillKind{
		{"players=3,shlomo=on", drill.OnlyDeclare},
		{"players=4,shlomo=on,cleopatra=on", drill.OnlyDeclare},
	} {
		hs := startOnly(t, nil, k)
		seen := 0
		for i := range 12 {
			tr := hs.s
			keys := itemKeys(tr.legal, tr.order)
			declined := kit.Declined(tr.legal)
			hs.press(keys[i%len(keys)])
			scr := hs.screen()
			if declined == rules.NoAction {
				hs.press("enter")
				continue
			}
			want := "no " + rules.Action{Kind: declined}.Words()
			var labels []string
			for _, m := range row.FindAllStringSubmatch(scr, -1) {
				labels = append(labels, m[1])
			}
			if !slices.Contains(labels, want) || slices.Contains(labels, "pass") {
				t.Fatalf("%s drill %d: the table's options %q, want %q among them and no \"pass\":\n%s", k.rules, tr.no, labels, want, scr)
			}
			seen++
			hs.press("enter")
		}
		if seen == 0 {
			t.Fatalf("%s: no drill offered a declaration", k.rules)
		}
	}
}
