package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

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
