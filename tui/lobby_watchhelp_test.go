package tui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/tui/lobby"
)

// TestWatchHelpNamesKeys: a spectator's help (?) lists keys with what
// they do: no "watching" mark as a key, esc back to the lobby, q that
// asks first.
func TestWatchHelpNamesKeys(t *testing.T) {
	c := newClub(t)
	ann, bob := c.pair(t)
	carol := c.person(t, "c", "Carol", lobby.Command{})
	openAndJoin(t, 2, ann, bob)
	ann.key("s")
	ann.until(t, "Deal 1")
	carol.key("w")
	carol.until(t, "Watch a table")
	carol.key("enter")
	require.NotNil(t, carol.watching(), "enter watches the table:\n%s", plain(carol))
	var lines []string
	for _, col := range carol.watching().KeyHelp(&carol.app.ctx.Keys).FullHelp() {
		for _, b := range col {
			assert.NotEmpty(t, b.Help().Desc, "a key that says nothing: %q", b.Help().Key)
			lines = append(lines, b.Help().Key+" "+b.Help().Desc)
		}
	}
	assert.Contains(t, lines, "esc back to the lobby")
	assert.Contains(t, lines, "q leave (asks first)")
}
