package lobby

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/names"
)

// The welcome line of a name at its longest wraps at 80 columns into
// lines as even as they can be: no word is left alone on the last, the
// name stays whole on the first, and the key's tag with "your SSH key"
// on the next.
func TestWelcomeWrapsEvenly(t *testing.T) {
	l, ctx := steadyLobby(t, 0, false, false, 0)
	l.cfg.Player.Name = strings.Repeat("x", names.Max-1) + "z"
	l.cfg.Player.ID = strings.Repeat("3b94", 16) // a key's, its tag at its longest
	rows := screenLines(l, ctx)
	at := -1
	for i, r := range rows {
		if strings.HasPrefix(r, " Welcome, ") {
			at = i
		}
	}
	require.GreaterOrEqual(t, at, 0, strings.Join(rows, "\n"))
	first, second := strings.TrimSpace(rows[at]), strings.TrimSpace(rows[at+1])
	require.Contains(t, first, l.cfg.Player.Name)
	require.NotEmpty(t, second, strings.Join(rows, "\n"))
	require.Contains(t, second, "Your SSH key (#3b943b943b94) is who you are")
	require.True(t, strings.HasSuffix(strings.TrimSpace(first), l.cfg.Player.Name+"."), "the welcome is a sentence: %q", first)
	require.GreaterOrEqual(t, len(strings.Fields(second)), 3, "a word alone: %q over %q", first, second)
	require.LessOrEqual(t, len(first)-len(second), 20, "uneven: %q over %q", first, second)
}
