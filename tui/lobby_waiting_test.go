package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
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

// TestLobbyMoveSeat: at a table of four, Bob, who joined into seat B
// (an opponent of Ann's), presses m in the waiting room and sits in C,
// opposite Ann: both rooms show it, and the game that starts makes them
// partners. At a table of two m is not offered and does nothing.
func TestLobbyMoveSeat(t *testing.T) {
	h := testHall(t)
	ann, bob := annAndBob(t, h, 80, 24)
	openAndJoin(t, 4, ann, bob)
	bob.until(t, "m move")
	bob.key("m")
	ann.until(t, "Seat C  Bob")
	bob.until(t, "Seat C  Bob (you)")
	kittest.CheckSize(t, bob.screen(), 80, 24)
	golden(t, "waiting4-80x24-moved", noCode(bob))
	ann.key("s")
	bob.wait(t, "the game", func() bool { _, ok := bob.snap(); return ok })
	sn, _ := bob.snap()
	if sn.View.Seat != rules.Seat(2) || rules.SideOfSeat(4, sn.View.Seat) != rules.SideOfSeat(4, 0) {
		t.Fatalf("Bob plays seat %s, not Ann's partner in C", sn.View.Seat)
	}

	h = testHall(t)
	ann, bob = annAndBob(t, h, 80, 24)
	openAndJoin(t, 2, ann)
	if strings.Contains(ann.screen(), "m move") {
		t.Fatalf("m offered at a table of two:\n%s", ann.screen())
	}
	ann.key("m")
	bob.join(ann.seat().Code())
	ann.until(t, "Seat B  Bob")
}

// TestLobbyWaitingRoomGolden: the waiting room of a table of two, three
// and four at 80x24, as Bob sees it once he has joined Ann's table into
// seat B (the table's code blanked: it is drawn at random).
func TestLobbyWaitingRoomGolden(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, seats int) {
		h := testHall(t)
		ann, bob := annAndBob(t, h, 80, 24)
		openAndJoin(t, seats, ann, bob)
		bob.until(t, "Seat B  Bob (you)")
		kittest.CheckSize(t, bob.screen(), 80, 24)
		golden(t, fmt.Sprintf("waiting%d-80x24", seats), noCode(bob))
	})
}

// TestWaitingRoomWideName: in a table's waiting room a name of wide
// letters (two cells each) keeps its seat's state apart from it, in the
// same column as the other seats', and no line is cut at the edge.
func TestWaitingRoomWideName(t *testing.T) {
	h := testHall(t)
	ann := newLobbyPerson(h, "a", "日本語の名前日本語の名前", 80, 24)
	bob := newLobbyPerson(h, "b", "Bob", 80, 24)
	t.Cleanup(func() { close(ann.done); close(bob.done) })
	openAndJoin(t, 3, ann, bob)
	bob.until(t, "Seat B  Bob (you)")
	scr := kittest.TrimRight(ansi.Strip(bob.screen()))
	kittest.CheckSize(t, bob.screen(), 80, 24)
	at := map[string]int{}
	for _, l := range strings.Split(scr, "\n") {
		for _, st := range []string{"here, host", "here", "a bot plays it"} {
			if i := strings.Index(l, st); i >= 0 && strings.HasPrefix(l, " Seat ") {
				at[l[:7]] = kit.WidthOf(l[:i])
				break
			}
		}
	}
	assert.Len(t, at, 3, scr)
	assert.Equal(t, at[" Seat A"], at[" Seat B"], "the states line up:\n%s", scr)
	assert.Equal(t, at[" Seat A"], at[" Seat C"], "the states line up:\n%s", scr)
	assert.Contains(t, scr, "日本語の名前日本語の名前  here, host")
}

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
