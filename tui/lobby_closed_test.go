package tui

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/hall"
)

// TestLobbyClosedWaitingRoomQuit: the host leaves before the start and
// the table closes under Bob; q there asks about the closed table, not
// about a seat "freed" that no longer is, and enter goes back.
func TestLobbyClosedWaitingRoomQuit(t *testing.T) {
	ann, bob := annAndBob(t, testHall(t), 80, 24)
	openAndJoin(t, 3, ann, bob)
	ann.key("q")
	ann.key("y")
	ann.wait(t, "the lobby", func() bool { return ann.seat() == nil })
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

// TestLobbyHostEscAsksWithGuests: esc in the waiting room closes the
// host's table for everyone seated there, so with a guest it asks first
// as q does; n keeps the table open, y closes it. Alone, esc leaves at
// once.
func TestLobbyHostEscAsksWithGuests(t *testing.T) {
	ann, bob := annAndBob(t, testHall(t), 80, 24)
	openAndJoin(t, 2, ann, bob)
	ann.key("esc")
	require.NotNil(t, ann.seat(), "esc left at once:\n%s", ansi.Strip(ann.screen()))
	ann.until(t, "the table closes (you opened it)")
	ann.key("n")
	require.NotNil(t, ann.seat())
	assert.NotContains(t, ansi.Strip(bob.screen()), "The table is closed")
	ann.key("esc")
	ann.until(t, "the table closes (you opened it)")
	ann.key("y")
	ann.wait(t, "the lobby", func() bool { return ann.seat() == nil })
	bob.until(t, "The table is closed")

	ann.key("o")
	ann.key("enter")
	require.NotNil(t, ann.seat(), "a table opened:\n%s", ansi.Strip(ann.screen()))
	ann.key("esc")
	assert.Nil(t, ann.seat(), "alone, esc leaves at once:\n%s", ansi.Strip(ann.screen()))
}

// TestLobbyHostCutKeepsWaitingRoom: the host's connection cut in the
// waiting room leaves the table open for the guest, who reads the host
// away; connecting again, the host is back at the seat.
func TestLobbyHostCutKeepsWaitingRoom(t *testing.T) {
	h, ann, bob, code := waitingRoomOfTwo(t)
	t.Cleanup(func() { close(bob.done) })
	close(ann.done)
	bob.until(t, "away: the seat waits ") // a countdown (the hall runs on the system clock)
	assert.NotContains(t, ansi.Strip(bob.screen()), "The table is closed")
	ann2 := newLobbyPerson(h, "a", "Ann", 80, 24)
	t.Cleanup(func() { close(ann2.done) })
	ann2.join(code)
	require.NotNil(t, ann2.seat(), "Ann is back at her table:\n%s", ansi.Strip(ann2.screen()))
	bob.until(t, "Seat A  Ann                  here, host")
}

// TestLobbyHostWaitsForAwayGuest: with a guest's connection cut in the
// waiting room, the host reads that the game starts once they are back,
// and s does not start it; once they are back, s starts it.
func TestLobbyHostWaitsForAwayGuest(t *testing.T) {
	h, ann, bob, code := waitingRoomOfTwo(t)
	t.Cleanup(func() { close(ann.done) })
	close(bob.done)
	ann.until(t, "Bob is away: s starts the game once they are back")
	ann.key("s")
	ann.until(t, "a player is away")
	require.NotContains(t, ansi.Strip(ann.screen()), "Deal 1", "the game started without Bob")
	bob2 := newLobbyPerson(h, "b", "Bob", 80, 24)
	t.Cleanup(func() { close(bob2.done) })
	bob2.join(code)
	ann.until(t, "[s] start: every seat is taken")
	require.NotContains(t, ansi.Strip(ann.screen()), "a player is away", "the refusal outlives its cause")
	ann.key("s")
	ann.until(t, "Deal 1")
}

// waitingRoomOfTwo is Ann's table of two with Bob seated, both in its
// waiting room at 80×24; the caller ends their connections.
func waitingRoomOfTwo(t *testing.T) (*hall.Hall, *lobbyPerson, *lobbyPerson, string) {
	t.Helper()
	h := testHall(t)
	ann := newLobbyPerson(h, "a", "Ann", 80, 24)
	bob := newLobbyPerson(h, "b", "Bob", 80, 24)
	return h, ann, bob, openAndJoin(t, 2, ann, bob)
}
