package hall

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
)

// abandoning is a hall on d's files that closes a table nobody is at
// for an hour, a waiting room too (AbandonWaiting).
func abandoning(t *testing.T, d onDisk) *Hall {
	cfg := testConfig(d.dir, d.hist, d.clock)
	cfg.Abandon = time.Hour
	cfg.AbandonWaiting = time.Hour
	return newHall(t, cfg)
}

// TestAbandonClockSurvivesRestarts: the abandonment's clock runs from
// when the table became empty, across restarts: a server restarted more
// often than Abandon still closes a table nobody comes to, at the time
// it would have; one whose time passed while the server was down closes
// as it starts. A waiting room and a game under way, at every seat
// count.
func TestAbandonClockSurvivesRestarts(t *testing.T) {
	for _, seats := range []int{2, 3, 4} {
		for _, started := range []bool{false, true} {
			t.Run(fmt.Sprintf("%d seats, started %v", seats, started), func(t *testing.T) {
				d := newOnDisk(t)
				open := func() *Hall { return abandoning(t, d) }
				h := open()
				tb := annOpens(t, h, seats, smallRules(), 5)
				ann := join(t, tb, "a", "Ann", 1)
				if started {
					require.NoError(t, ann.conn.Start())
					firstDeal(t, ann.port())
					ann.leave()
				} else {
					ann.conn.Drop() // a cut: the host's going would close it
				}
				code := tb.Code()
				d.clock.Advance(40 * time.Minute)
				h.Close()

				h2 := open()
				_, err := h2.Find(code)
				require.NoError(t, err, "the table is back after the restart")
				d.clock.Advance(10 * time.Minute)
				_, err = h2.Find(code)
				require.NoError(t, err, "50 minutes empty, less than Abandon")
				h2.Close()

				// Down for half an hour: 80 minutes empty at the start.
				d.clock.Advance(30 * time.Minute)
				h3 := open()
				d.clock.Advance(0)
				_, err = h3.Find(code)
				require.ErrorIs(t, err, ErrNoTable, "the table empty for longer than Abandon closes as the server starts")
				assert.Contains(t, h3.Notice("a"), "nobody", "Ann reads why")
			})
		}
	}
}

// TestAbandonClockFromTheLastLeaving: a person who comes back after a
// restart and leaves again starts the clock afresh; the table's
// directory keeps no stale time of it.
func TestAbandonClockFromTheLastLeaving(t *testing.T) {
	d := newOnDisk(t)
	open := func() *Hall { return abandoning(t, d) }
	h := open()
	tb := annOpens(t, h, 2, smallRules(), 5)
	ann := join(t, tb, "a", "Ann", 1)
	require.NoError(t, ann.conn.Start())
	firstDeal(t, ann.port())
	ann.leave()
	code := tb.Code()
	d.clock.Advance(50 * time.Minute)
	h.Close()

	h2 := open()
	tb2, err := h2.Find(code)
	require.NoError(t, err)
	back := join(t, tb2, "a", "Ann", 2)
	d.clock.Advance(30 * time.Minute) // 80 minutes since the first leaving
	_, err = h2.Find(code)
	require.NoError(t, err, "Ann is here: no clock runs")
	eventually(t, "the time kept is forgotten while Ann is here", func() bool {
		_, err := os.Stat(filepath.Join(d.dir, code, emptyFile))
		return os.IsNotExist(err)
	})
	back.leave()
	d.clock.Advance(30 * time.Minute)
	h2.Close()

	h3 := open()
	d.clock.Advance(29 * time.Minute)
	_, err = h3.Find(code)
	require.NoError(t, err, "59 minutes since Ann left")
	d.clock.Advance(time.Minute)
	_, err = h3.Find(code)
	require.ErrorIs(t, err, ErrNoTable, "an hour since Ann left")
}

// TestWaitingRoomLeftClosesSoon: a table opened and left before its
// game starts (its host's connection cut) closes once nobody was at it
// for AbandonWaiting, not Abandon, so that tables opened by throwaway
// keys do not hold the hall's places; the host reads why. Somebody at
// the table holds it, and a game under way waits Abandon.
func TestWaitingRoomLeftClosesSoon(t *testing.T) {
	d := newOnDisk(t)
	cfg := testConfig(d.dir, d.hist, d.clock)
	cfg.Abandon = time.Hour
	cfg.AbandonWaiting = 2 * time.Minute
	h := newHall(t, cfg)

	left := annOpens(t, h, 2, smallRules(), 5)
	join(t, left, "a", "Ann", 1).conn.Drop()
	opens := func(id, name string) *Table {
		tb, err := h.Open(Player{ID: id, Name: name}, Options{Seats: 2, Rules: smallRules(), Level: ai.Random, Seed: 5})
		require.NoError(t, err)
		return tb
	}
	held := opens("c", "Cy")
	cy := join(t, held, "c", "Cy", 2)
	started := opens("e", "Eve")
	eve := join(t, started, "e", "Eve", 3)
	require.NoError(t, eve.conn.Start())
	firstDeal(t, eve.port())
	eve.leave()

	d.clock.Advance(2*time.Minute - time.Second)
	_, err := h.Find(left.Code())
	require.NoError(t, err, "not yet AbandonWaiting")
	d.clock.Advance(time.Second)
	_, err = h.Find(left.Code())
	require.ErrorIs(t, err, ErrNoTable, "the waiting room nobody is at closes after AbandonWaiting")
	assert.Contains(t, h.Notice("a"), "was closed before its game started: nobody came to it for 2 minutes")
	_, err = h.Find(held.Code())
	require.NoError(t, err, "Cy is at the table")
	_, err = h.Find(started.Code())
	require.NoError(t, err, "a game under way waits Abandon")

	cy.conn.Drop()
	d.clock.Advance(2 * time.Minute)
	_, err = h.Find(held.Code())
	require.ErrorIs(t, err, ErrNoTable, "AbandonWaiting runs from the last leaving")
	_, err = h.Find(started.Code())
	require.NoError(t, err, "a game under way waits Abandon")
}
