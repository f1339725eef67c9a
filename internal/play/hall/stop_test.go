package hall

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/klob/klob/internal/play/host"
)

// TestStopKeepsWaitingRoom: a stopping server (Stopping) cuts its
// connections before the hall closes; a table not started keeps its
// host and its seats, and comes back with them at the next start.
func TestStopKeepsWaitingRoom(t *testing.T) {
	d := newOnDisk(t)
	h := d.hall(t)
	tb := annOpens(t, h, 3, smallRules(), 5)
	ann := join(t, tb, "a", "Ann", 1)
	bob := join(t, tb, "b", "Bob", 2)
	h.Stopping()
	bob.conn.Leave()
	ann.conn.Leave()
	h.Close()
	h2, tb2 := d.restart(t, tb.Code())
	assert.Equal(t, []string{"Ann", "Bob", ""}, tb2.info("a").Names, "the seats are kept")
	assert.Equal(t, tb2, h2.SeatOf("a"), "Ann's table is hers after the restart")
}

// TestToldOfWaitingRoomClosedWhileAway: a table back after a restart
// whose host does not come within Grace closes; each person who held
// a seat reads why once, when they come (Notice).
func TestToldOfWaitingRoomClosedWhileAway(t *testing.T) {
	clock := host.NewManualClock(t0)
	h2, tb2 := reserveThenRestart(t, clock)
	clock.Advance(time.Minute)
	assert.Nil(t, h2.SeatOf("a"), "the table closed")
	assert.Contains(t, h2.Notice("a"), "Your table "+tb2.Code()+" was closed before its game started")
	assert.Contains(t, h2.Notice("b"), "Table "+tb2.Code()+" was closed before its game started: its host did not come back")
	assert.Empty(t, h2.Notice("a"), "said once")
}
