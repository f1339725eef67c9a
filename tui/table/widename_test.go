package table

import (
	"strings"
	"testing"

	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// wideName is a name of 24 wide letters, two cells each in Unicode and
// one '?' each under -ascii.
const wideName = "漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字"

// dividerCols is the column of the table's divider ('|' under -ascii,
// the last one of the left column's width) on each line of text between
// the header's rule and the rule over the screen's own lines.
func dividerCols(text string) []int {
	var cols []int
	lines := strings.Split(text, "\n")
	for _, l := range lines[2:] {
		if strings.HasPrefix(l, "-----") {
			break
		}
		cols = append(cols, strings.LastIndex(l, "|"))
	}
	return cols
}

// TestWideNameKeepsColumnsASCII: under -ascii, where each wide letter of
// a name is one '?', a player's and a spectator's table at 80×24 keep
// the divider between the table and the score pad in one column on
// every line, with a name of 24 wide letters at every seat count.
func TestWideNameKeepsColumnsASCII(t *testing.T) {
	eachTableWith(t, named(wideName), func(t *testing.T, n int, f *fixture) {
		f.drawASCII(true)
		w := newWatcher(t, f, nil)
		w.d = kittest.New(t, w.d.Screen, 80, 24, true)
		f.until("a card", myCard, true)
		w.catchUp()
		leftW, _ := columns(80, kit.SmallCard)
		for who, text := range map[string]string{"player": f.text(), "spectator": w.text()} {
			cols := dividerCols(text)
			if len(cols) < 15 || !strings.Contains(text, "???") {
				t.Fatalf("%d players, the %s's screen: no table, or no name in ASCII:\n%s", n, who, text)
			}
			for i, c := range cols {
				if c != leftW {
					t.Errorf("%d players, the %s's screen: the divider is in column %d on line %d, not %d:\n%s",
						n, who, c, i+3, leftW, text)
					break
				}
			}
		}
	})
}
