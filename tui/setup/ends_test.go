package setup

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestArrowsOnlyWhereAStepChanges: a row at its limit shows no arrow
// on that side (a blank of its width keeps the value in place), and
// every arrow shown changes the value when pressed.
func TestArrowsOnlyWhereAStepChanges(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		back, fwd := "‹", "›"
		if ascii {
			back, fwd = "<", ">"
		}
		o := rules.DefaultOptions()
		o.Players, o.Target = 2, 100
		s := New(Config{Prefs: true}, Setup{Level: ai.Normal, Options: o})
		d := kittest.New(t, s, 80, 24, ascii)
		lineWith := func(label string) string {
			lines := strings.Split(d.Text(), "\n")
			l := lines[lineOf(lines, label)]
			return l[strings.Index(l, label)+len(label):] // past the ASCII mark "> "
		}
		require.Contains(t, lineWith("Players"), "  2: you against a bot "+fwd)
		require.Contains(t, lineWith("Game to"), "  100 "+fwd)
		for _, row := range s.rows() {
			to(t, d, row.Key)
			for _, c := range []struct {
				arrow, key string
			}{{back, "left"}, {fwd, "right"}} {
				line := lineWith(row.Label)
				before := row.Value(&s.setup)
				shown := strings.Contains(line, c.arrow)
				d.Press(c.key)
				changed := row.Value(&s.setup) != before
				require.Equal(t, shown, changed, "%s: %s shown %v, %s changed it %v:\n%s", row.Label, c.arrow, shown, c.key, changed, line)
				if changed {
					d.Press(map[string]string{"left": "right", "right": "left"}[c.key])
				}
			}
		}
		to(t, d, "players")
		d.Press("right")
		d.Press("right")
		require.Contains(t, lineWith("Players"), back+" 4: you and a bot partner against two bots  ")
		require.NotContains(t, lineWith("Players"), fwd)
	}
}
