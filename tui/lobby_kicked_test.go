package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/tui/kit/kittest"
)

// TestLobbySeatTakenByAnotherConnection: Bob connects again with the
// same key while his game runs; the new connection's lobby says where
// his seat is open, and enter takes it over; the old one says so, offers no key of the game (none would reach the
// table), keeps no card typed ahead, and leaving it does not promise a
// seat it no longer holds.
func TestLobbySeatTakenByAnotherConnection(t *testing.T) {
	h, _, bob := sharedTable(t, 3, 80, 24)
	bob2 := newLobbyPerson(h, "b", "Bob", 80, 24)
	t.Cleanup(func() { close(bob2.done) })
	bob2.until(t, "open in another connection")
	bob2.key("enter")
	bob2.until(t, "Deal 1")
	bob.until(t, "from another connection")
	scr := ansi.Strip(bob.screen())
	assert.Contains(t, scr, "! Your seat was taken over from another connection of yours.")
	assert.NotContains(t, scr, "Waiting for", "nothing is waited for at a seat left")
	lines := strings.Split(strings.TrimRight(scr, "\n"), "\n")
	hints := lines[len(lines)-1]
	for _, gone := range []string{"sort", "choose ahead", "talk"} {
		assert.NotContains(t, hints, gone, "the keys offered once the seat is gone:\n%s", scr)
	}
	bob.key("1")
	assert.NotContains(t, ansi.Strip(bob.screen()), "Kept for your card", "a card typed at a seat left")
	require.NotNil(t, bob.seat())
	assert.NotContains(t, bob.seat().QuitQuestion(), "waits for you", "the seat is the other connection's")
	bob.key("enter")
	assert.Nil(t, bob.seat(), "enter goes back to the lobby:\n%s", ansi.Strip(bob.screen()))
}

// TestLobbySeatTakenAtDealEnd: the seat taken by another connection
// while the deal's result shows: the old connection says why, rather
// than waiting for the others to go on.
func TestLobbySeatTakenAtDealEnd(t *testing.T) {
	h, ann, bob := sharedTable(t, 2, 80, 24)
	between := func() bool { sn, ok := bob.snap(); return ok && sn.Between }
	playUntil(t, h, 80, 24, "the first deal's end", between, ann, bob)
	bob2 := newLobbyPerson(h, "b", "Bob", 80, 24)
	t.Cleanup(func() { close(bob2.done) })
	bob2.until(t, "open in another connection")
	bob2.key("enter")
	bob2.until(t, "Deal ") // the next may have begun
	bob.until(t, "from another connection")
	scr := ansi.Strip(bob.screen())
	kittest.CheckSize(t, bob.screen(), 80, 24)
	assert.NotContains(t, scr, "Waiting for", "nothing is waited for at a seat left:\n%s", scr)
}
