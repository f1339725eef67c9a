package lobby

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/tui/kit/kittest"
)

// A guest who types a line after / is refused the talk, and the keys
// of the line are taken as the line, never as the lobby's keys ("t"
// would open the trainer): enter ends it, saying it was not sent, and
// the lobby's keys work again after it; esc ends it too.
func TestGuestLineRunsNoLobbyKeys(t *testing.T) {
	for _, end := range []string{"enter", "esc"} {
		l, ctx := steadyLobby(t, 0, false, true, 1)
		l.cfg.Player.ID = "" // a guest
		_, _ = l.Update(ctx, kittest.Key("/"))
		require.True(t, Typing(l), "the keys after / are the line's")
		view := ansi.Strip(l.View(ctx))
		assert.Contains(t, view, "Guests read the talk but do not write")
		assert.NotContains(t, view, "Say:")
		for _, k := range strings.Split("guest talk pq?", "") {
			if k == " " {
				k = "space"
			}
			next, cmd := l.Update(ctx, kittest.Key(k))
			require.Same(t, l, next, "%q opened a screen", k)
			require.Nil(t, cmd, "%q ran a command", k)
		}
		require.Equal(t, 0, l.row, "a letter moved the lobby's cursor")
		_, _ = l.Update(ctx, kittest.Key(end))
		require.False(t, Typing(l), end)
		if end == "enter" {
			assert.Contains(t, ansi.Strip(l.View(ctx)), "Not sent: guests read the talk")
		}
		next, _ := l.Update(ctx, kittest.Key("t"))
		require.NotSame(t, l, next, "t opens the trainer again after %s", end)
	}
}
