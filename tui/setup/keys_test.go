package setup

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

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
