package setup

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestTabHomeEndMoveAndOtherKeysAnswer: at every seat count tab and
// shift+tab move the cursor as ↓ and ↑ do (wrapping at the ends), home
// to the first line and end to the start line; every other key the form
// does not take (pgdown, pgup, a digit, x) is answered under the form,
// naming the keys it takes, and changes nothing; the next key taken
// clears the answer.
func TestTabHomeEndMoveAndOtherKeysAnswer(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		s, _ := form(players, true)
		d := kittest.New(t, s, 80, 24, false)
		n := len(s.rows()) + 1
		for i := 1; i <= n; i++ {
			d.Press("tab")
			require.Equal(t, i%n, s.row, "%d players: tab %d times", players, i)
		}
		d.Press("shift+tab")
		require.Equal(t, n-1, s.row, "%d players: shift+tab from the first line", players)
		d.Press("shift+tab")
		require.Equal(t, n-2, s.row, "%d players: shift+tab", players)
		d.Press("home")
		require.Equal(t, 0, s.row, "%d players: home", players)
		d.Press("end")
		require.Equal(t, n-1, s.row, "%d players: end", players)
		require.Empty(t, s.refusal, "%d players: a key taken was answered", players)

		before := s.Setup()
		for _, k := range []string{"pgdown", "pgup", "5", "x"} {
			row := s.row
			d.Press(k)
			require.Equal(t, row, s.row, "%d players: %s moved the cursor", players, k)
			require.Equal(t, before, s.Setup(), "%d players: %s changed the form", players, k)
			text := d.Text()
			want := "! " + k + " is not among the choices now: ↑/↓, ←/→, enter"
			require.True(t, strings.Contains(text, want), "%d players: %s is not answered %q:\n%s", players, k, want, text)
			kittest.CheckSize(t, d.Frame(), 80, 24)
			d.Press("home")
			require.NotContains(t, d.Text(), "is not among the choices", "%d players: home left the answer to %s", players, k)
		}
	}
}

// TestAnswerNamesTheKeysTaken: the answer to a key the form does not
// take names every key it takes, tab, shift+tab, home and end too, at
// every seat count, under -ascii too; each key it names that stays on
// the form is taken (pressed, it is not answered); w is named only
// while a warning is cut short, as only then w is taken.
func TestAnswerNamesTheKeysTaken(t *testing.T) {
	arrows := map[string][]string{"↑": {"up"}, "↓": {"down"}, "←": {"left"}, "→": {"right"}}
	leaves := map[string]bool{"enter": true, "space": true, "L": true, "?": true, "q": true, "esc": true}
	for _, ascii := range []bool{false, true} {
		for _, players := range []int{2, 3, 4} {
			s, _ := form(players, true)
			d := kittest.New(t, s, 80, 24, ascii)
			d.Press("pgdown")
			answer, ok := strings.CutPrefix(kittest.Flat(s.refusal), "pgdown is not among the choices now: ")
			require.True(t, ok, "%d players: %q", players, s.refusal)
			answer = strings.TrimSuffix(strings.ReplaceAll(answer, " or ", ", "), ".")
			named := strings.Split(answer, ", ")
			for _, want := range []string{"tab/shift+tab", "home/end"} {
				require.Contains(t, named, want, "%d players, ascii %v: %q", players, ascii, s.refusal)
			}
			require.NotContains(t, named, "w", "%d players: w named with no warning cut", players)
			for _, name := range named {
				for _, k := range strings.Split(name, "/") {
					if leaves[k] {
						continue
					}
					ks := arrows[k]
					if ks == nil {
						ks = []string{k}
					}
					for _, k := range ks {
						s.refusal = ""
						d.Press(k)
						require.Empty(t, s.refusal, "%d players, ascii %v: %s is named in the answer but not taken", players, ascii, k)
					}
				}
			}
		}
	}
	// A warning cut short: w shows it, and the answer names w.
	warning := strings.Repeat("a long warning about the state directory, ", 12)
	s := New(Config{Prefs: true, Warning: warning}, Setup{Level: ai.Normal, Options: rules.DefaultOptions(), Seed: 42})
	d := kittest.New(t, s, 80, 24, false)
	d.Press("pgdown")
	require.Contains(t, s.refusal, ", w,", "a cut warning: %q", s.refusal)
	s = New(Config{Prefs: true, Warning: "a short warning"}, Setup{Level: ai.Normal, Options: rules.DefaultOptions(), Seed: 42})
	d = kittest.New(t, s, 80, 24, false)
	d.Press("w")
	require.NotContains(t, s.refusal, ", w,", "a warning not cut: %q", s.refusal)
	require.Contains(t, s.refusal, "w is not among the choices now", "a warning not cut: w is taken")
}
