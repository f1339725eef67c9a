package tui

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLobbyClosedWaitingRoomQuit: the host leaves before the start and
// the table closes under Bob; q there asks about the closed table, not
// about a seat "freed" that no longer is, and enter goes back.
func TestLobbyClosedWaitingRoomQuit(t *testing.T) {
	ann, bob := annAndBob(t, testHall(t), 80, 24)
	openAndJoin(t, 3, ann, bob)
	ann.key("esc")
	bob.until(t, "The table is closed")
	require.NotNil(t, bob.seat())
	assert.Equal(t, "Back to the lobby: the table is closed.", bob.seat().QuitQuestion())
	bob.key("q")
	scr := ansi.Strip(bob.screen())
	assert.Contains(t, scr, "the table is closed")
	assert.NotContains(t, scr, "freed")
	bob.key("y")
	bob.wait(t, "the lobby", func() bool { return bob.seat() == nil })
}
