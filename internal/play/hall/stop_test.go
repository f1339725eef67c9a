package hall

import (
	"testing"

	"github.com/stretchr/testify/assert"
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
