package tui

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestLobbyGameOverHelp: at a shared game's end, the help names the key
// that goes back to the lobby (q), not enter, which only says to press
// q.
func TestLobbyGameOverHelp(t *testing.T) {
	_, _, ann, _, _ := gameOverAtTwo(t)
	seat := ann.seat()
	for _, col := range seat.Table().KeyHelp(&ann.app.ctx.Keys).FullHelp() {
		for _, b := range col {
			switch b.Help().Desc {
			case "quit", "back to the lobby":
				assert.True(t, slices.Contains(b.Keys(), "q"), "%q is said to %s", b.Help().Key, b.Help().Desc)
				assert.False(t, slices.Contains(b.Keys(), "enter"), "%q is said to %s", b.Help().Key, b.Help().Desc)
			}
		}
	}
	ann.key("enter")
	assert.NotNil(t, ann.seat(), "enter stays at the game's end")
}
