package setup

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/settings"
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

// TestNoRowWraps: every row, at every seat count, walks its values one
// way to an end and stops there, as Players does: no value comes round
// again (instant to slow, on to off by →), each end shows no arrow past
// it, and the rows offer more than one value.
func TestNoRowWraps(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		o := rules.DefaultOptions().WithPlayers(n)
		o.DealerForced = true // bimah's row shows
		s := New(Config{Prefs: true}, Setup{Level: ai.Normal, Options: o, Prefs: settings.Default()})
		start := s.setup
		for _, key := range rowKeys(s) {
			s.setup = start // the seat count walked, the rows are back
			// To the right end, then to the left end and back: each
			// walk from an end passes every value once.
			for i, d := range []int{1, -1, 1} {
				seen := map[string]bool{}
				for range 20 {
					r := rowOf(t, s, key)
					v := r.Value(&s.setup)
					require.False(t, seen[v], "%d players, %s: %q comes round again stepping by %d", n, key, v, d)
					seen[v] = true
					if !r.steps(&s.setup, d) {
						break
					}
					r.Step(&s.setup, d)
				}
				r := rowOf(t, s, key)
				require.False(t, r.steps(&s.setup, d), "%d players, %s: no end stepping by %d", n, key, d)
				if i > 0 {
					require.Greater(t, len(seen), 1, "%d players, %s: one value only", n, key)
				}
			}
		}
	}
}

// TestLastTrickSteps: the last trick bonus offers more than 0 and 10,
// and a bonus given by flag (-rules last_trick=35) is shown and kept
// among them.
func TestLastTrickSteps(t *testing.T) {
	o := rules.DefaultOptions()
	o.LastTrick = 35
	s := New(Config{}, Setup{Level: ai.Normal, Options: o})
	d := kittest.New(t, s, 80, 24, false)
	to(t, d, "last_trick")
	require.Contains(t, d.Text(), "‹ 35 ›")
	var got []int
	for range 8 {
		d.Press("right")
		got = append(got, s.Setup().Options.LastTrick)
	}
	require.Equal(t, []int{50, 100, 100, 100, 100, 100, 100, 100}, got)
	got = nil
	for range 8 {
		d.Press("left")
		got = append(got, s.Setup().Options.LastTrick)
	}
	require.Equal(t, []int{50, 35, 20, 10, 0, 0, 0, 0}, got)
}

// rowKeys are the keys of s's rows.
func rowKeys(s *Screen) []string {
	var keys []string
	for _, r := range s.rows() {
		keys = append(keys, r.Key)
	}
	return keys
}

// rowOf is s's row keyed key.
func rowOf(t *testing.T, s *Screen, key string) Row {
	t.Helper()
	for _, r := range s.rows() {
		if r.Key == key {
			return r
		}
	}
	t.Fatalf("no row %s", key)
	return Row{}
}

// TestGivenValuesStayChoices: a target and a last trick bonus given on
// the command line (klob play -target 250 -rules last_trick=25) stay
// among their rows' choices, in order, once stepped away from.
func TestGivenValuesStayChoices(t *testing.T) {
	o := rules.DefaultOptions()
	o.Players, o.Target, o.LastTrick = 3, 250, 25
	s := New(Config{}, Setup{Level: ai.Normal, Options: o})
	d := kittest.New(t, s, 80, 24, false)
	to(t, d, "target")
	for _, c := range []struct {
		key  string
		want int
	}{{"right", 300}, {"left", 250}, {"left", 200}, {"right", 250}, {"right", 300}} {
		d.Press(c.key)
		require.Equal(t, c.want, s.Setup().Options.Target, "Game to, after %s", c.key)
	}
	to(t, d, "last_trick")
	for _, c := range []struct {
		key  string
		want int
	}{{"right", 50}, {"left", 25}, {"left", 20}, {"right", 25}, {"left", 20}, {"left", 10}, {"left", 0}, {"left", 0}, {"right", 10}, {"right", 20}, {"right", 25}, {"right", 50}, {"right", 100}, {"right", 100}} {
		d.Press(c.key)
		require.Equal(t, c.want, s.Setup().Options.LastTrick, "Last trick bonus, after %s", c.key)
	}
}
