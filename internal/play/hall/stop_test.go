package hall

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
// waits for its people while nobody is at it (nothing happens there);
// once Bob comes, a host who does not come within Grace closes it, and
// the host reads why once, when they come (Notice).
func TestToldOfWaitingRoomClosedWhileAway(t *testing.T) {
	clock := clocktest.New(t0)
	h2, tb2 := reserveThenRestart(t, clock)
	clock.Advance(5 * time.Minute)
	require.Equal(t, tb2, h2.SeatOf("a"), "no grace runs while nobody is at the table")
	bob := join(t, tb2, "b", "Bob", 3)
	clock.Advance(time.Minute - time.Second)
	assert.Empty(t, bob.conn.Waiting().Closed, "Ann's grace starts when Bob comes")
	clock.Advance(time.Second)
	assert.Nil(t, h2.SeatOf("a"), "the table closed")
	assert.Equal(t, "the host did not come back before the game started", bob.conn.Waiting().Closed)
	assert.Contains(t, h2.Notice("a"), "Your table "+tb2.Code()+" was closed before its game started: "+
		"you did not come back within 1 minute after the server restarted")
	assert.Empty(t, h2.Notice("a"), "said once")
}

// TestToldOfWaitingRoomNobodyCameTo: a table back after a restart that
// nobody comes to closes once Abandon is over, each person who held a
// seat told why.
func TestToldOfWaitingRoomNobodyCameTo(t *testing.T) {
	clock := clocktest.New(t0)
	h2, tb2 := reserveThenRestart(t, clock)
	clock.Advance(30 * time.Minute)
	assert.Nil(t, h2.SeatOf("a"), "the table closed")
	assert.Contains(t, h2.Notice("a"), "Your table "+tb2.Code()+" was closed before its game started: nobody came to it for 30 minutes")
	assert.Contains(t, h2.Notice("b"), "Table "+tb2.Code()+" was closed before its game started: nobody came to it for 30 minutes")
}

// TestDroppedHostKeepsWaitingRoom: the host's connection cut before
// the start (Drop, not Leave) keeps the table and the seat for Grace:
// the guest reads the host away, and the host connecting again sits
// there; a host who never comes back closes it, the guest told why.
func TestDroppedHostKeepsWaitingRoom(t *testing.T) {
	clock, h, tb, ann, bob := annAndBobWaiting(t, 3)
	ann.conn.Drop()
	assert.Equal(t, tb, h.SeatOf("a"), "the seat waits for Ann")
	w := bob.conn.Waiting()
	assert.Empty(t, w.Closed)
	assert.False(t, w.Seats[0].Here, "Bob reads Ann away")
	back := join(t, tb, "a", "Ann", 3)
	assert.True(t, bob.conn.Waiting().Seats[0].Here, "Ann is back")
	clock.Advance(time.Hour)
	assert.Empty(t, bob.conn.Waiting().Closed, "Ann came back within the wait")

	back.conn.Drop()
	clock.Advance(time.Hour)
	assert.Nil(t, h.SeatOf("a"), "the table closed")
	assert.Equal(t, "the host did not come back before the game started", bob.conn.Waiting().Closed)
	assert.Contains(t, h.Notice("a"), "Your table "+tb.Code()+" was closed before its game started: you did not come back within")
}

// TestStartWaitsForAwayPlayer: the host may not start while a person
// who holds a seat is away (a bot would play their whole game in their
// name, and a rated game rate them for it); once they are back, or once
// their seat is freed after Grace, the game starts, a bot in a free
// seat.
func TestStartWaitsForAwayPlayer(t *testing.T) {
	for _, comesBack := range []bool{true, false} {
		clock, _, tb, ann, bob := annAndBobWaiting(t, 2)
		bob.conn.Drop()
		require.ErrorIs(t, ann.conn.Start(), ErrSeatAway)
		assert.False(t, ann.conn.Waiting().Started)
		if comesBack {
			join(t, tb, "b", "Bob", 3)
		} else {
			clock.Advance(time.Hour)
			require.Empty(t, ann.conn.Waiting().Seats[1].Name, "Bob's seat is free once his wait is over")
		}
		require.NoError(t, ann.conn.Start())
		assert.True(t, ann.conn.Waiting().Started)
	}
}

// annAndBobWaiting is a table of seats Ann opened, on a hall with a
// manual clock, Ann and Bob seated in its waiting room.
func annAndBobWaiting(t *testing.T, seats int) (*clocktest.Manual, *Hall, *Table, *person, *person) {
	t.Helper()
	clock := clocktest.New(t0)
	h := testHall(t, t.TempDir(), &memHistory{}, clock)
	tb := annOpens(t, h, seats, smallRules(), 5)
	return clock, h, tb, join(t, tb, "a", "Ann", 1), join(t, tb, "b", "Bob", 2)
}

// TestToldOfTableAtAgainAfterRestart: a finished table, its game filed,
// whose people are at "again" (Ann said it, Bob not yet) when the server
// stops does not come back: each of them reads once, when they next
// come, that it ended with the restart and where the game went; the
// table's directory goes. A stop (SIGTERM: their connections cut
// first) and a crash (kill -9: nothing more happens) tell the same.
func TestToldOfTableAtAgainAfterRestart(t *testing.T) {
	for _, stop := range []bool{true, false} {
		for _, n := range []int{2, 3, 4} {
			t.Run(fmt.Sprintf("stop=%v/%d", stop, n), func(t *testing.T) {
				toldOfTableAtAgain(t, n, stop)
			})
		}
	}
}

func toldOfTableAtAgain(t *testing.T, n int, stop bool) {
	d := newOnDisk(t)
	h := d.hall(t)
	tb := annOpens(t, h, n, smallRules(), 7)
	ann, bob := annAndBob(t, tb)
	newCrowd(t, ann, bob).toFiled()
	s := ann.port().Snapshot()
	require.NoError(t, ann.port().Again(s.Gen))
	if stop {
		h.Stopping()
		ann.leave()
		bob.leave()
	}
	h.Close()

	h2 := d.hall(t)
	_, err := h2.Find(tb.Code())
	require.ErrorIs(t, err, ErrNoTable, "the offer to play again does not come back")
	toldOnce(t, h2, endedNotice(tb.Code()), "a", "b")
	assert.Equal(t, 1, d.hist.count("a"), "the game is filed once")
	assert.NoDirExists(t, filepath.Join(d.dir, tb.Code()))
}

// TestFinishedTableGoneTellsNobody: a finished table its people left
// goes with its directory: a restart then has nothing to tell them.
func TestFinishedTableGoneTellsNobody(t *testing.T) {
	d := newOnDisk(t)
	h := d.hall(t)
	tb := annOpens(t, h, 2, smallRules(), 7)
	ann, bob := annAndBob(t, tb)
	newCrowd(t, ann, bob).toFiled()
	ann.leave()
	bob.leave()
	eventually(t, "the hall to let the table go", func() bool { return liveTables(h) == 0 })
	assert.NoDirExists(t, filepath.Join(d.dir, tb.Code()))
	h.Close()
	h2 := d.hall(t)
	assert.Empty(t, h2.Notice("a"))
	assert.Empty(t, h2.Notice("b"))
}

// TestBadEndedFileKept: a finished table's list of its people that does
// not read is left where it is, the hall's error saying which file and
// line; a good one next to it still tells its people.
func TestBadEndedFileKept(t *testing.T) {
	d := newOnDisk(t)
	bad := filepath.Join(d.dir, "ABCD", endedFile)
	require.NoError(t, os.MkdirAll(filepath.Dir(bad), 0o700))
	require.NoError(t, os.WriteFile(bad, []byte("a\nnot a key\n"), 0o600))
	good := filepath.Join(d.dir, "EFGH", endedFile)
	require.NoError(t, os.MkdirAll(filepath.Dir(good), 0o700))
	require.NoError(t, os.WriteFile(good, []byte("a\nb\n"), 0o600))

	h, err := d.failedStart(t)
	assert.Contains(t, err.Error(), "table ABCD: ")
	assert.Contains(t, err.Error(), bad+`, line 2: not a key: "not a key"`)
	assert.FileExists(t, bad, "never removed")
	assert.NoDirExists(t, filepath.Dir(good))
	assert.Equal(t, endedNotice("EFGH"), h.Notice("b"))
}

// restartAfter brings back table code from d's files once the hall h
// over them stops: closed (kill false, as at Ctrl-C), or killed (the
// files copied as they stand into a new directory, which the new hall
// reads while h runs on). The saves asked before are written: the
// caller waited for them.
func restartAfter(t *testing.T, d onDisk, h *Hall, code string, kill bool) (*Hall, *Table) {
	t.Helper()
	if !kill {
		h.Close()
		return d.restart(t, code)
	}
	crashed := onDisk{dir: t.TempDir(), hist: d.hist, clock: d.clock}
	copyTree(t, d.dir, crashed.dir)
	return crashed.restart(t, code)
}

// eachRestart runs test for each value of a flag named flag and each
// way the hall stops (closed, or killed: see restartAfter), in subtests
// named by both, each with a new hall on its own directory.
func eachRestart(t *testing.T, flag string, test func(t *testing.T, d onDisk, h *Hall, on, kill bool)) {
	for _, on := range []bool{true, false} {
		for _, kill := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s=%v kill=%v", flag, on, kill), func(t *testing.T) {
				d := newOnDisk(t)
				test(t, d, d.hall(t), on, kill)
			})
		}
	}
}

// TestPrivacyChangedInGameKeptAtRestart: the host makes the table
// private during the game, or open to spectators again (it was opened
// private). The change is on the disk at once, with no move after it
// (the two people of the table wait to play), so that a restart, a kill
// too, brings the table back as its host last set it.
func TestPrivacyChangedInGameKeptAtRestart(t *testing.T) {
	eachRestart(t, "private", func(t *testing.T, d onDisk, h *Hall, private, kill bool) {
		tb, err := h.Open(Player{ID: "a", Name: "Ann"}, Options{Seats: 2, Rules: smallRules(), Level: ai.Random, Seed: 5, Private: !private})
		require.NoError(t, err)
		ann, _ := annAndBob(t, tb)
		firstDeal(t, ann.port())
		eventually(t, "the first deal saved", func() bool { return !ann.port().Snapshot().Save.Pending })

		require.NoError(t, ann.conn.SetPrivate(private))
		eventually(t, "the change saved", func() bool { return !ann.port().Snapshot().Save.Pending })
		_, tb2 := restartAfter(t, d, h, tb.Code(), kill)
		require.Equal(t, private, tb2.Private(), "the table's privacy after the restart")
		_, err = tb2.Watch(Player{ID: "z", Name: "Zed"})
		if private {
			require.ErrorIs(t, err, ErrPrivate)
		} else {
			require.NoError(t, err)
		}
	})
}

// TestQuietAfterWatchingKeptAtRestart: a spectator of a rated table of
// three who saw a deal being played, and left it or was still watching
// when the server stopped (closed, or killed), stays quiet after the
// restart, as the table's players do, until that deal ends; then they
// all talk again.
func TestQuietAfterWatchingKeptAtRestart(t *testing.T) {
	eachRestart(t, "left", func(t *testing.T, d onDisk, h *Hall, left, kill bool) {
		tb, ann, _ := ratedDealPlayed(t, h, 3)
		cid, err := tb.Watch(Player{ID: "c", Name: "cid"})
		require.NoError(t, err)
		if left {
			cid.Leave()
		}
		code, watching := h.Quiet("c")
		require.Equal(t, tb.Code(), code, "the spectator before the restart")
		require.True(t, watching)
		eventually(t, "the spectator saved", func() bool { return !ann.port().Snapshot().Save.Pending })

		h2, tb2 := restartAfter(t, d, h, tb.Code(), kill)
		quietAt(t, h2, tb2.Code(), "a", "b")
		code, watching = h2.Quiet("c")
		require.Equal(t, tb2.Code(), code, "the spectator after the restart")
		require.True(t, watching)

		ann, bob := join(t, tb2, "a", "Ann", 3), join(t, tb2, "b", "Bob", 4)
		code, _ = h2.Quiet("c")
		require.Equal(t, tb2.Code(), code, "the spectator with the players back")
		newCrowd(t, ann, bob).run("the deal's end", func() bool { return !QuietDeal(ann.port().Snapshot()) })
		quietAt(t, h2, "", "a", "b", "c")
	})
}

// A table whose game ended but was not yet in every history when the
// server stopped (a crash during its filing) comes back to be filed:
// its people, who do not come back to it, read once where the game went
// when they next come, as after a filing finished before the stop.
func TestToldOfEndedGameFiledAfterRestart(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) { toldOfFilingAfterRestarts(t, n, 1) })
}

// toldOfFilingAfterRestarts has Ann and Bob play a table of n to its
// end while Bob's history's disk is full, so that its filing is not
// over, and restarts the hall restarts times, the disk freed before the
// last: that one files Bob's copy, Ann and Bob each read once where the
// game went, and Ann's history holds it once.
func toldOfFilingAfterRestarts(t *testing.T, n, restarts int) {
	f := newFiling(t, n, 9, true, nil)
	playToUnfiled(t, "the game's end", f.ann, f.bob)
	f.h.Close()
	for range restarts - 1 {
		f.hall(t).Close()
	}

	f.hist.disks["b"].full.Store(false)
	h := f.hall(t)
	f.bobFiled(t)
	toldOnce(t, h, endedNotice(f.tb.Code()), "a", "b")
	require.Equal(t, 1, f.hist.filedGames(t, "a"), "filed once")
}
