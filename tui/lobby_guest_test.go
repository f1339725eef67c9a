package tui

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"

	"github.com/klob/klob/tui/kit/kittest"
)

// TestLobbyGuestMenu: a guest's lobby says beside each choice a guest
// is refused that it takes an SSH key, leaves those keys out of the
// keys line, and does not tell the guest to open a table; the keys
// pressed anyway still say why.
func TestLobbyGuestMenu(t *testing.T) {
	h := testHall(t)
	zoe := newLobbyPerson(h, "", "zoe", 80, 24)
	defer close(zoe.done)
	scr := kittest.TrimRight(ansi.Strip(zoe.screen()))
	kittest.CheckSize(t, zoe.screen(), 80, 24)
	for _, line := range []string{"[o] Open a table for friends (with an SSH key)", "[j] Join a table by its code (with an SSH key)",
		"[w] Watch a table (with an SSH key)", "[h] Your games: history and replay (with an SSH key)"} {
		assert.Contains(t, scr, line)
	}
	assert.NotContains(t, scr, "[p] Play alone against bots (with", "a guest plays alone")
	assert.NotContains(t, scr, "open one and give its code", "a guest cannot open a table")
	assert.Contains(t, scr, "enter take · p t d r l · ? help")
	zoe.key("o")
	assert.Contains(t, ansi.Strip(zoe.screen()), "Guests (no SSH key) play against bots only")
	// The help says so too, as the menu does.
	zoe.key("?")
	help := ansi.Strip(zoe.screen())
	assert.Contains(t, help, "open a table for friends (with an SSH key)")
	assert.Contains(t, help, "watch a table (with an SSH key)")
	assert.NotContains(t, help, "play alone against bots (with")
}
