package hall

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
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
		code, how := h.Quiet("c")
		require.Equal(t, tb.Code(), code, "the spectator before the restart")
		require.NotEqual(t, QuietSeat, how)
		eventually(t, "the spectator saved", func() bool { return !ann.port().Snapshot().Save.Pending })

		h2, tb2 := restartAfter(t, d, h, tb.Code(), kill)
		quietAt(t, h2, tb2.Code(), "a", "b")
		code, how = h2.Quiet("c")
		require.Equal(t, tb2.Code(), code, "the spectator after the restart")
		require.NotEqual(t, QuietSeat, how)

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
	// They are told as the filed table goes without them.
	eventually(t, "the filed table to go", func() bool { return liveTables(h) == 0 })
	toldOnce(t, h, endedNotice(f.tb.Code()), "a", "b")
	require.Equal(t, 1, f.hist.filedGames(t, "a"), "filed once")
}

// TestEndedGameBackAtRestart: a finished game not yet in every history
// (Bob's disk full) when the server restarts comes back with its table:
// Ann, coming back, finds its end and the offer to play again, and is
// told nothing of a table that ended. Bob, who does not come, reads
// where the game went once it is filed and the table goes. Every
// record of the game, before the restart and after, is the same bytes,
// which the club rates once. At every seat count.
func TestEndedGameBackAtRestart(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		rec := &recorder{}
		f := newFiling(t, n, 9, true, rec.record)
		end := playToUnfiled(t, "the game's end", f.ann, f.bob)
		f.h.Close()

		h := f.hall(t)
		assert.Empty(t, h.Notice("a"), "told the table ended while it is back")
		tb, err := h.Find(f.tb.Code())
		require.NoError(t, err, "the finished game's table is back")
		ann := join(t, tb, "a", "Ann", 3)
		s := await(t, ann.port(), "the game's end", func(s host.Snapshot) bool { return s.Over })
		assert.Equal(t, end.Totals, s.Totals, "the result")
		assert.True(t, s.Can.Again, "the offer to play again")

		f.hist.disks["b"].full.Store(false)
		f.bobFiled(t)
		ann.leave()
		eventually(t, "the filed table to go", func() bool { return liveTables(h) == 0 })
		toldOnce(t, h, endedNotice(f.tb.Code()), "b")
		assert.Empty(t, h.Notice("a"), "Ann saw the game's end")
		assert.Equal(t, 1, f.hist.filedGames(t, "a"))
		assert.Equal(t, 1, f.hist.filedGames(t, "b"))
		rec.mu.Lock()
		defer rec.mu.Unlock()
		require.NotEmpty(t, rec.logs)
		for _, l := range rec.logs[1:] {
			assert.Equal(t, rec.logs[0], l, "the game recorded as two games")
		}
	})
}

// TestStartAfterClose: Hall.Close promises that nothing writes to the
// state directory after it returns. A host pressing start as the server
// stops (its session still unwinding: Shutdown gives up on a session
// after a while and the hall closes anyway) is refused: a game started
// then would run owned by nobody and write the table's log after Close.
func TestStartAfterClose(t *testing.T) {
	dir := t.TempDir()
	clock := clocktest.New(t0)
	h := testHall(t, dir, &memHistory{}, clock)
	tb := annOpens(t, h, 2, smallRules(), 9)
	ann := join(t, tb, "a", "Ann", 1)
	_ = join(t, tb, "b", "Bob", 2)
	h.Close()
	before := dirFiles(t, dir)
	err := ann.conn.Start()
	tb.mu.Lock()
	g := tb.game
	tb.mu.Unlock()
	if g != nil {
		g.Close() // waits for its writer: what it wrote has landed
	}
	assert.ErrorIs(t, err, ErrClosed, "a game started at a table of a closed hall")
	assert.Nil(t, g, "a host runs that the closed hall never stops")
	assert.Equal(t, before, dirFiles(t, dir), "the state directory changed after Close")
}

// TestOptionsWhileSetPrivate: the lobby reads a table's Options from
// every screen of the table while its host makes it private or open
// again; under -race this finds a read outside the table's lock.
func TestOptionsWhileSetPrivate(t *testing.T) {
	h := testHall(t, t.TempDir(), &memHistory{}, clocktest.New(t0))
	tb := annOpens(t, h, 3, smallRules(), 9)
	ann := join(t, tb, "a", "Ann", 1)
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := range 50 {
			assert.NoError(t, ann.conn.SetPrivate(i%2 == 0))
		}
	})
	wg.Go(func() {
		for range 50 {
			_ = tb.Options().Private
		}
	})
	wg.Wait()
	assert.False(t, tb.Options().Private, "the last SetPrivate(false) did not hold")
}

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

// TestNoticesKeptAcrossRestarts: a notice told, the server restarted,
// is read once in the new hall; read, it is gone after the next restart
// too, while another person's, not read, is kept through both.
func TestNoticesKeptAcrossRestarts(t *testing.T) {
	d := newOnDisk(t)
	h := d.hall(t)
	h.Tell("a", "Ann's news.")
	h.tell("b", "Bob's news,\n\"quoted\" and \xff.")
	h.Close()
	data, err := os.ReadFile(filepath.Join(d.dir, noticesFile))
	require.NoError(t, err)
	assert.Equal(t, noticesHeader+"\n"+`"a" "Ann's news."`+"\n"+`"b" "Bob's news,\n\"quoted\" and \xff."`+"\n", string(data))

	h2 := d.hall(t)
	assert.Equal(t, "Ann's news.", h2.Notice("a"))
	assert.Empty(t, h2.Notice("a"), "said once")
	h2.Close()

	h3 := d.hall(t)
	assert.Empty(t, h3.Notice("a"), "read before the restart")
	assert.Equal(t, "Bob's news,\n\"quoted\" and \xff.", h3.Notice("b"))
	h3.Close()
	assert.NoFileExists(t, filepath.Join(d.dir, noticesFile), "no notices, no file")
}

// TestRestartNoticesToldOnce: what a restart tells (a table ended with
// it, a table whose game was damaged, a finished game being filed) is
// kept with what the hall kept before it, and two restarts before the
// person comes tell it once.
func TestRestartNoticesToldOnce(t *testing.T) {
	t.Run("ended", func(t *testing.T) {
		d := newOnDisk(t)
		h := d.hall(t)
		h.Tell("b", "Before.")
		h.Close()
		ended := filepath.Join(d.dir, "EFGH", endedFile)
		require.NoError(t, os.MkdirAll(filepath.Dir(ended), 0o700))
		require.NoError(t, os.WriteFile(ended, []byte("a\nb\n"), 0o600))
		for range 2 {
			d.hall(t).Close()
		}
		h = d.hall(t)
		told := endedNotice("EFGH")
		assert.Equal(t, told, h.Notice("a"))
		assert.Equal(t, "Before.\n"+told, h.Notice("b"), "a paragraph each")
		assert.Empty(t, h.Notice("b"), "said once")
	})
	t.Run("damaged", func(t *testing.T) {
		d, tb := damagedTable(t, cutInFirstDeal(t))
		for range 2 {
			h, _ := d.failedStart(t)
			h.Close()
		}
		h, _ := d.failedStart(t)
		toldOnce(t, h, damagedNotice(tb.Code()), "a", "b")
	})
	t.Run("filing", func(t *testing.T) {
		// The finished game's filing fails at both restarts (Bob's disk
		// is full): the table comes back each time, and tells its
		// people again what they were told already.
		toldOfFilingAfterRestarts(t, 2, 2)
	})
}

// TestDamagedNoticesMovedAside: a notices file that does not read is
// moved aside whole, never written over; the start's error says which
// file, where and why (the line), and the hall starts with no notices
// and keeps the new ones in a new file.
func TestDamagedNoticesMovedAside(t *testing.T) {
	tooBig := []byte(noticesHeader + "\n" + strings.Repeat(`"a" "b"`+"\n", maxNoticesSize/8+1))
	for name, c := range map[string]struct {
		data []byte
		why  string
	}{
		"header":   {[]byte("klob notices 2\n\"a\" \"x\"\n"), `line 1: "klob notices 2" is not the header`},
		"line":     {[]byte(noticesHeader + "\n\"a\" \"x\"\n\"b\" x\n"), "line 3: the text: not a quoted string"},
		"twice":    {[]byte(noticesHeader + "\n\"a\" \"x\"\n\"a\" \"y\"\n"), `line 3: a second notice for "a"`},
		"cut":      {[]byte(noticesHeader + "\n\"a\" \"x\"\n\"b\" \"y"), "its last line is cut"},
		"too big":  {tooBig, "more than the notices file ever holds"},
		"too many": {[]byte(noticesHeader + "\n" + manyNotices(maxNotices+1)), "more than 1000 notices"},
	} {
		t.Run(name, func(t *testing.T) {
			d := newOnDisk(t)
			path := filepath.Join(d.dir, noticesFile)
			require.NoError(t, os.WriteFile(path, c.data, 0o600))

			h, err := d.failedStart(t)
			assert.Contains(t, err.Error(), path)
			assert.Contains(t, err.Error(), c.why)
			asides, _ := filepath.Glob(filepath.Join(d.dir, "notices-damaged-*"))
			require.Len(t, asides, 1)
			assert.Contains(t, err.Error(), "moved to "+asides[0])
			assert.Empty(t, h.Notice("a"), "the hall starts with no notices")

			h.Tell("c", "New.")
			h.Close()
			kept, rerr := os.ReadFile(asides[0])
			require.NoError(t, rerr)
			assert.True(t, bytes.Equal(c.data, kept), "the damaged file is kept as it was")
			h2 := d.hall(t)
			assert.Equal(t, "New.", h2.Notice("c"))
		})
	}
}

// manyNotices is n notices' lines.
func manyNotices(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(`"` + strings.Repeat("k", i%50+1) + string(rune('a'+i/50)) + `" "x"` + "\n")
	}
	return b.String()
}

// TestNoticesFileBound: the most notices the hall keeps, each of the
// longest id and text of bytes strconv.Quote writes longest, make a file
// the reader reads back.
func TestNoticesFileBound(t *testing.T) {
	h := newHall(t, Config{})
	for i := range maxNotices + 10 {
		id := strings.Repeat("\xff", maxNoticeID-4) + string([]byte{byte(i >> 16), byte(i >> 8), byte(i), 0x80})
		h.Tell(id, strings.Repeat("\x01", maxNoticeText+100))
	}
	h.Tell(strings.Repeat("k", maxNoticeID+1), "an id none of the server's")
	h.mu.Lock()
	notices := maps.Clone(h.notices)
	h.mu.Unlock()
	require.Len(t, notices, maxNotices)
	data := formatNotices(notices)
	assert.LessOrEqual(t, len(data), maxNoticesSize)
	back, err := parseNotices(data)
	require.NoError(t, err)
	assert.Equal(t, notices, back)
}

// stuckFS is the real file system where a write of the notices hangs
// from when the test holds it until it lets it go: a disk that stopped
// answering.
type stuckFS struct {
	durable.FS
	mu      sync.Mutex
	hold    bool
	entered chan struct{} // a write hangs
	release chan struct{}
}

func (f *stuckFS) CreateTemp(dir, pattern string) (durable.File, error) {
	f.mu.Lock()
	hold := f.hold && pattern == noticesTemp
	f.hold = f.hold && !hold
	f.mu.Unlock()
	if hold {
		close(f.entered)
		<-f.release
	}
	return f.FS.CreateTemp(dir, pattern)
}

// TestNoticesWrittenOffTheLock: while a write of the notices hangs, the
// hall still answers Notice and Tell (a lobby's Update asks for a
// notice under no lock of its own); the writes then land in order, the
// file holding the last notices, not the hung write's.
func TestNoticesWrittenOffTheLock(t *testing.T) {
	d := newOnDisk(t)
	stuck := &stuckFS{FS: durable.OS(), hold: true, entered: make(chan struct{}), release: make(chan struct{})}
	cfg := testConfig(d.dir, d.hist, d.clock)
	cfg.FS = stuck
	h := newHall(t, cfg)
	var once sync.Once
	free := func() { once.Do(func() { close(stuck.release) }) }
	t.Cleanup(free)

	h.Tell("a", "For Ann.")
	select {
	case <-stuck.entered:
	case <-time.After(guard):
		t.Fatal("the notices are not written")
	}
	var got string
	testkit.Returns(t, guard, "Notice while a write hangs", func() {
		got = h.Notice("a")
		h.Tell("b", "For Bob.")
	})
	assert.Equal(t, "For Ann.", got)

	free()
	path := filepath.Join(d.dir, noticesFile)
	want := noticesHeader + "\n" + `"b" "For Bob."` + "\n"
	eventually(t, "the last notices written", func() bool {
		data, _ := os.ReadFile(path)
		return string(data) == want
	})
	h.Close()
	h2 := d.hall(t)
	assert.Empty(t, h2.Notice("a"), "read before the restart")
	assert.Equal(t, "For Bob.", h2.Notice("b"))
}

// fullFS is the real file system on a disk that can be full: while
// full, creating a file fails with ENOSPC.
type fullFS struct {
	durable.FS
	full atomic.Bool
}

func (f *fullFS) CreateTemp(dir, pattern string) (durable.File, error) {
	if f.full.Load() {
		return nil, &fs.PathError{Op: "open", Path: filepath.Join(dir, pattern), Err: syscall.ENOSPC}
	}
	return f.FS.CreateTemp(dir, pattern)
}

// histories are the people's real history stores, each on its own
// disk.
type histories struct {
	dir   string
	disks map[string]*fullFS
}

func (h *histories) of(id string) Archiver {
	return store.New(filepath.Join(h.dir, id), store.Options{FS: h.disks[id]})
}

// newHistories are Ann's ("a") and Bob's ("b") histories in a test
// directory, each on a disk of its own.
func newHistories(t *testing.T) *histories {
	return &histories{dir: t.TempDir(), disks: map[string]*fullFS{"a": {FS: durable.OS()}, "b": {FS: durable.OS()}}}
}

// filing is a filing hall's test directory, histories, clock and
// club's database, kept so that a restart over the same files has them
// all, with the table Ann opened there, she and Bob at it.
type filing struct {
	dir      string
	hist     *histories
	clock    *clocktest.Manual
	record   func(string, *gamelog.Log) error
	h        *Hall
	tb       *Table
	ann, bob *person
}

// newFiling starts a filing hall that records the games with record
// (none when nil), Bob's history's disk full when bobFull; Ann opens a
// table of seats there, its bots random from seed, and starts its game
// with Bob.
func newFiling(t *testing.T, seats int, seed uint64, bobFull bool, record func(string, *gamelog.Log) error) *filing {
	t.Helper()
	f := &filing{dir: t.TempDir(), hist: newHistories(t), clock: clocktest.New(t0), record: record}
	f.hist.disks["b"].full.Store(bobFull)
	f.h = f.hall(t)
	f.tb = annOpens(t, f.h, seats, smallRules(), seed)
	f.ann, f.bob = annAndBob(t, f.tb)
	return f
}

// hall starts a hall over f.dir/tables on f's clock that files the
// people's games in f's histories, trying a failed filing again every
// second, and records them with f.record; after the first, a restart
// (the last one closed).
func (f *filing) hall(t *testing.T) *Hall {
	t.Helper()
	cfg := testConfig(filepath.Join(f.dir, "tables"), nil, f.clock)
	cfg.History, cfg.Refile, cfg.Record = f.hist.of, time.Second, f.record
	return newHall(t, cfg)
}

// bobFiled moves the clock on a second at a time, each a retry of the
// filing, until Bob's history holds the game.
func (f *filing) bobFiled(t *testing.T) {
	t.Helper()
	eventually(t, "Bob's copy filed", func() bool {
		f.clock.Advance(time.Second)
		return f.hist.filedGames(t, "b") == 1
	})
}

// playToUnfiled has ann and bob play their game to its end, until the
// seats read that it could not be filed; it returns Ann's snapshot.
func playToUnfiled(t *testing.T, what string, ann, bob *person) host.Snapshot {
	t.Helper()
	newCrowd(t, ann, bob).run(what, func() bool {
		s := ann.port().Snapshot()
		return s.Over && s.Save.FileErr != ""
	})
	return ann.port().Snapshot()
}

// filedGames counts the games in a person's history.
func (h *histories) filedGames(t *testing.T, id string) int {
	t.Helper()
	es, err := store.New(filepath.Join(h.dir, id), store.Options{}).History()
	require.NoError(t, err)
	return len(es)
}

// TestFullDiskKeepsTheGame: a game that ends while a history's disk is
// full is not lost. The table's log stays until every person's history
// holds the game, the seats read that it is not filed yet (without a
// path), leaving does not lose it, a restart files only what is
// missing, and the filing is tried again until it lands.
func TestFullDiskKeepsTheGame(t *testing.T) {
	f := newFiling(t, 2, 7, true, nil) // Bob's history cannot be written
	dir, hist, clock, tb, ann, bob := f.dir, f.hist, f.clock, f.tb, f.ann, f.bob
	tableDir := filepath.Join(dir, "tables", tb.Code())
	// Play to the end; the ended game says it is not filed.
	s := playToUnfiled(t, "the game's end, its filing tried", ann, bob)
	assert.False(t, s.Save.Filed)
	assert.Contains(t, s.Save.FileErr, "no space left on device")
	assert.Contains(t, s.Save.FileErr, "Bob")
	assert.NotContains(t, s.Save.FileErr, dir)
	assert.NotContains(t, s.Save.FileErr, hist.dir)
	assert.Equal(t, 1, hist.filedGames(t, "a"))
	assert.Equal(t, 0, hist.filedGames(t, "b"))
	_, err := os.Stat(filepath.Join(tableDir, store.CurrentName))
	require.NoError(t, err, "the table's log stays while Bob's history lacks the game")
	// Both leave: the table stays for them, its log too.
	ann.leave()
	bob.leave()
	_, err = os.Stat(filepath.Join(tableDir, store.CurrentName))
	require.NoError(t, err, "leaving does not delete the unfiled game")
	// Retries fail while the disk is full.
	clock.Advance(time.Second)
	clock.Advance(2 * time.Second)
	assert.Equal(t, 0, hist.filedGames(t, "b"))
	f.h.Close()

	// A restart, the disk still full: the table is back for its people,
	// the game not filed twice into Ann's history.
	b, err := os.ReadFile(filepath.Join(tableDir, store.CurrentName))
	require.NoError(t, err)
	assert.Contains(t, string(b), `[Filed "A"]`)
	h2 := f.hall(t)
	tb2, err := h2.Find(tb.Code())
	require.NoError(t, err)
	ann = join(t, tb2, "a", "Ann", 3)
	s = await(t, ann.port(), "the ended game, not filed", func(s host.Snapshot) bool { return s.Over && s.Save.FileErr != "" })
	assert.Contains(t, s.Save.FileErr, "no space left on device")
	ann.leave()

	// Space again: the next try files Bob's copy and removes the table's
	// log.
	hist.disks["b"].full.Store(false)
	eventually(t, "the table's log goes once every history holds the game", func() bool {
		clock.Advance(time.Second)
		_, err := os.Stat(tableDir)
		return os.IsNotExist(err)
	})
	assert.Equal(t, 1, hist.filedGames(t, "a"), "Ann's history holds the game once")
	assert.Equal(t, 1, hist.filedGames(t, "b"))
	es, err := store.New(filepath.Join(hist.dir, "b"), store.Options{}).History()
	require.NoError(t, err)
	assert.True(t, es[0].Over)
	assert.False(t, strings.Contains(es[0].Path, "unfinished"))
	eventually(t, "the filed table leaves the hall", func() bool { return h2.Count() == 0 })
}

// TestAbandonedTablesClose: a table nobody is connected to for
// Config.Abandon is closed and its unfinished game filed into every
// person's history, so people who open tables and leave no longer hold
// the hall's places; after a restart the clock runs on from when they
// left.
func TestAbandonedTablesClose(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tables")
	hist := &memHistory{}
	clock := clocktest.New(t0)
	newHall := func(abandon time.Duration) *Hall {
		cfg := testConfig(dir, hist, clock)
		cfg.MaxTables, cfg.Abandon = 2, abandon
		return newHall(t, cfg)
	}
	h := newHall(time.Hour)
	open := func(h *Hall, id string) *Table {
		tb, err := h.Open(Player{ID: id, Name: id}, Options{Seats: 2, Rules: smallRules(), Level: ai.Random, Seed: 5})
		require.NoError(t, err)
		p := join(t, tb, id, id, 1)
		require.NoError(t, p.conn.Start())
		firstDeal(t, p.port())
		p.leave()
		return tb
	}
	open(h, "a")
	open(h, "b")
	_, err := h.Open(Player{ID: "c", Name: "c"}, Options{Seats: 2, Rules: smallRules(), Level: ai.Random, Seed: 5})
	require.ErrorAs(t, err, new(*TooManyTablesError), "two abandoned tables fill a hall of two")
	h.Close()

	// After a restart the tables come back; nobody comes: they close.
	h2 := newHall(time.Minute)
	require.Equal(t, 2, h2.Count())
	clock.Advance(time.Minute)
	require.Equal(t, 0, h2.Count())
	eventually(t, "the tables' logs go once filed", func() bool {
		// The notices of the closed tables' people stay, in a file of
		// their own.
		ents, err := os.ReadDir(dir)
		return err == nil && len(ents) == 1 && ents[0].Name() == noticesFile
	})
	for _, id := range []string{"a", "b"} {
		require.Equal(t, 1, hist.count(id), id)
		g, err := hist.log(id, 0).Game()
		require.NoError(t, err)
		assert.False(t, g.Over(), "the unfinished game is filed")
		// Marked abandoned before its checksum is taken, as every
		// history files it: the sum is the filed bytes'.
		assert.True(t, hist.log(id, 0).Header.Abandoned(), "the unfinished game is filed marked abandoned")
		assert.Regexp(t, `^Table [A-Z]{4} was closed: nobody was at it for 1 minute\. Its game is filed in your history\.$`,
			h2.Notice(id), "%s reads where the game went", id)
	}
	// The places are free.
	tb := open(h2, "c")
	clock.Advance(time.Minute)
	_, err = h2.Find(tb.Code())
	require.Error(t, err, "a table left at once closes after Abandon")
}

// TestSeatTakenBeforeStartIsSaved: a seat taken at a table not started
// is in its log, so a restart keeps it.
func TestSeatTakenBeforeStartIsSaved(t *testing.T) {
	h2, tb2 := reserveThenRestart(t, clocktest.New(t0))
	assert.Equal(t, []string{"Ann", "Bob", ""}, tb2.info("b").Names)
	assert.Equal(t, tb2, h2.SeatOf("b"), "Bob's seat is his after the restart")
}

// TestLoggedOnlyInMemory: a game that ends while the tables' disk is
// full as well as a history's is held in memory alone until the next
// try files it: the server's log says so, once, for the operator to
// free space before the server stops; and says when the table's log
// holds the game again.
func TestLoggedOnlyInMemory(t *testing.T) {
	dir := t.TempDir()
	hist := newHistories(t)
	clock := clocktest.New(t0)
	tables := &fullFS{FS: durable.OS()}
	var mu sync.Mutex
	var lines []string
	cfg := testConfig(filepath.Join(dir, "tables"), nil, clock)
	cfg.History, cfg.Refile, cfg.FS = hist.of, time.Second, tables
	cfg.Logf = func(f string, a ...any) {
		mu.Lock()
		defer mu.Unlock()
		lines = append(lines, fmt.Sprintf(f, a...))
	}
	count := func(s string) int {
		mu.Lock()
		defer mu.Unlock()
		n := 0
		for _, l := range lines {
			if strings.Contains(l, s) {
				n++
			}
		}
		return n
	}
	h := newHall(t, cfg)
	tb := annOpens(t, h, 2, smallRules(), 7)
	ann, bob := annAndBob(t, tb)
	tables.full.Store(true)
	hist.disks["b"].full.Store(true)
	playToUnfiled(t, "the game's end, its filing tried", ann, bob)
	inMemory := "table " + tb.Code() + ": the finished game is only in memory until it can be filed: free disk space"
	eventually(t, "the log says the game is only in memory", func() bool { return count(inMemory) == 1 })
	eventually(t, "two more tries", func() bool {
		clock.Advance(time.Second)
		return count("filing the game for Bob") >= 3
	})
	assert.Equal(t, 1, count(inMemory), "said once")

	tables.full.Store(false)
	eventually(t, "the log says the table's log holds the game again", func() bool {
		clock.Advance(4 * time.Second)
		return count("table "+tb.Code()+": the finished game is kept in the table's log again") == 1
	})
}

// recorder is a club's database for the tests: what Record was given,
// failing while fail is set.
type recorder struct {
	mu    sync.Mutex
	fail  bool
	calls int
	paths []string
	logs  [][]byte
}

func (r *recorder) record(path string, l *gamelog.Log) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls++
	if r.fail {
		return errors.New("disk I/O error (club.db)")
	}
	data, err := l.MarshalText()
	if err != nil {
		return err
	}
	r.paths = append(r.paths, path)
	r.logs = append(r.logs, data)
	return nil
}

func (r *recorder) recorded() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.logs)
}

func (r *recorder) setFail(v bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.fail = v
}

// historyBytes returns the bytes of every game in a person's history:
// the games the store lists, never a temporary file of a filing still
// under way (a copy is linked into place before its temporary name
// goes).
func historyBytes(t *testing.T, dir, id string) [][]byte {
	t.Helper()
	es, err := store.New(filepath.Join(dir, id), store.Options{}).History()
	require.NoError(t, err)
	var out [][]byte
	for _, e := range es {
		b, err := os.ReadFile(e.Path)
		require.NoError(t, err)
		out = append(out, b)
	}
	return out
}

// TestFiledGamesAreRecorded: a table's finished game is recorded in
// the club's database once, with a history's copy, whose bytes every
// history holds; while the database fails the table's log stays, the
// people read that the records could not be written (no path), and the
// filing is tried again until the record lands.
func TestFiledGamesAreRecorded(t *testing.T) {
	rec := &recorder{}
	rec.setFail(true)
	f := newFiling(t, 2, 7, false, rec.record)
	hist, clock := f.hist, f.clock
	tableDir := filepath.Join(f.dir, "tables", f.tb.Code())
	s := playToUnfiled(t, "the game's end, its record tried", f.ann, f.bob)
	assert.Contains(t, s.Save.FileErr, "club's records")
	assert.NotContains(t, s.Save.FileErr, "club.db", "no file of the server's")
	assert.Equal(t, 1, hist.filedGames(t, "a"))
	assert.Equal(t, 1, hist.filedGames(t, "b"))
	_, err := os.Stat(filepath.Join(tableDir, "current.klob"))
	require.NoError(t, err, "the table's log stays until the database has the game")

	rec.setFail(false)
	// (Ann and Bob are still at the table, which keeps its directory
	// for a restart to tell them where it went: only the log goes.)
	eventually(t, "the record lands and the table's log goes", func() bool {
		clock.Advance(time.Second)
		_, err := os.Stat(filepath.Join(tableDir, "current.klob"))
		return os.IsNotExist(err)
	})
	require.Equal(t, 1, rec.recorded(), "recorded once")
	assert.Equal(t, 1, hist.filedGames(t, "a"), "the histories are not filed again")
	a, b := historyBytes(t, hist.dir, "a"), historyBytes(t, hist.dir, "b")
	require.Len(t, a, 1)
	require.Len(t, b, 1)
	assert.Equal(t, a[0], b[0], "every history holds the same bytes")
	assert.Equal(t, a[0], rec.logs[0], "the database records those bytes")
	assert.NotContains(t, string(a[0]), `[Filed `, "a history's copy does not say whose history holds it")
	assert.Contains(t, string(a[0]), `[KeyA "a"]`)
	assert.Equal(t, filepath.Join(hist.dir, "a"), filepath.Dir(filepath.Dir(rec.paths[0])), "the path is a history's copy")
}

// TestRecordAfterPartialFiling: a game one history could not take at
// first is recorded at once, and the copy filed later is the same bytes
// (the Filed tag stays in the table's log).
func TestRecordAfterPartialFiling(t *testing.T) {
	rec := &recorder{}
	f := newFiling(t, 3, 9, true, rec.record)
	hist := f.hist
	playToUnfiled(t, "the game's end", f.ann, f.bob)
	require.Equal(t, 1, rec.recorded(), "recorded while Bob's history waits")
	hist.disks["b"].full.Store(false)
	f.bobFiled(t)
	assert.Equal(t, historyBytes(t, hist.dir, "a"), historyBytes(t, hist.dir, "b"))
	assert.Equal(t, rec.logs[0], historyBytes(t, hist.dir, "b")[0])
	assert.Equal(t, 1, rec.recorded())
}

// TestEmptyTableDirectoryGoes: a table killed before its first write
// left its directory with nothing but the store's lock: the next start
// removes it, without an error.
func TestEmptyTableDirectoryGoes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tables")
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "ABCD"), 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "ABCD", "klob.lock"), nil, 0o600))
	h, err := New(testConfig(dir, &memHistory{}, clocktest.New(t0)))
	require.NoError(t, err)
	t.Cleanup(h.Close)
	_, err = os.Stat(filepath.Join(dir, "ABCD"))
	assert.True(t, os.IsNotExist(err), "the empty table's directory is gone")
	assert.Zero(t, h.Count())
}

// TestRecordNamesTheSeatABotPlayedToTheEnd: Bob drops and a bot plays
// his seat to the game's end: the game the club records names his seat
// as one a bot played for at the end (host.StoodIn), so that the bot's
// play wins him no rating; Ann's is her own.
func TestRecordNamesTheSeatABotPlayedToTheEnd(t *testing.T) {
	clock := clocktest.New(t0)
	rec := &recorder{}
	cfg := testConfig(t.TempDir(), &memHistory{}, clock)
	cfg.Record = rec.record
	h := newHall(t, cfg)
	tb := annOpens(t, h, 2, smallRules(), 9)
	_, play := dropBob(t, tb, clock)
	play.toFiled() // Ann's crowd: Bob's seat is the bot's
	require.Equal(t, 1, rec.recorded())
	rec.mu.Lock()
	data := rec.logs[0]
	rec.mu.Unlock()
	l, err := gamelog.Parse("filed", data)
	require.NoError(t, err)
	require.Equal(t, []rules.Seat{rules.SeatB}, host.StoodIn(l))
}

// TestLogNamesKeys: the server's log says who did what by name and key
// tag, as the lobby shows the tag, not by a name alone that anyone may
// take: Carl renaming himself Ann, then opening a table, is logged as
// Carl's key; so are who took which seat, moved, left, and who watches.
// So does the game: bob dropping from it and coming back is logged as
// a coming back to the waiting room is. No line holds the table's seed.
func TestLogNamesKeys(t *testing.T) {
	const carl, bob, di, eve = "c0ffee0123456789abcdef0123456789", "b0b0b0b0b0b0ffffffffffffffffffff", "d1d1d1d1d1d1eeeeeeeeeeeeeeeeeeee", "e5e5e5e5e5e5dddddddddddddddddddd"
	logs := &testkit.LogLines{}
	cfg := testConfig(t.TempDir(), &memHistory{}, clocktest.New(t0))
	cfg.Logf = logs.Logf
	h := newHall(t, cfg)
	v := h.Visit(Player{ID: carl, Name: "carl"}, func() {})
	defer v.Leave()
	v.Rename("ann")
	const seed = 987654321
	tb, err := h.Open(Player{ID: carl, Name: "ann"}, Options{Seats: 4, Rules: smallRules(), Level: ai.Random, Seed: seed})
	require.NoError(t, err)
	ann := join(t, tb, carl, "ann", 1)
	b := join(t, tb, bob, "bob", 2)
	require.NoError(t, b.conn.Move())
	d := join(t, tb, di, "di", 3)
	d.leave()
	require.NoError(t, ann.conn.Start())
	w, err := tb.Watch(Player{ID: eve, Name: "eve"})
	require.NoError(t, err)
	defer w.Leave()
	b.leave() // the game's host logs it before Leave returns
	join(t, tb, bob, "bob", 4)

	got := logs.String()
	code := tb.Code()
	for _, want := range []string{
		`"carl" #c0ffee012345 renamed themselves "ann"`,
		`table ` + code + ` opened by "ann" #c0ffee012345 (4 seats, random bots)`,
		`table ` + code + `: "bob" #b0b0b0b0b0b0 took seat B`,
		`table ` + code + `: "bob" #b0b0b0b0b0b0 moved to seat C`,
		`table ` + code + `: "di" #d1d1d1d1d1d1 took seat B`,
		`table ` + code + `: "di" #d1d1d1d1d1d1 left seat B`,
		`table ` + code + `: game started: A "ann" #c0ffee012345, B bot (random), C "bob" #b0b0b0b0b0b0, D bot (random)`,
		`table ` + code + `: "eve" #e5e5e5e5e5e5 watches`,
		`table ` + code + `: "bob" #b0b0b0b0b0b0 dropped from seat C`,
		`table ` + code + `: "bob" #b0b0b0b0b0b0 is back at seat C`,
	} {
		assert.Contains(t, got, want)
	}
	assert.NotContains(t, got, fmt.Sprint(seed), "no line tells the seed")
	assert.NotContains(t, got, "is back at seat A", "the host sitting down at the table they opened is no coming back")
}

// copyTree copies the files under src to dst: what a crash at that
// instant leaves on the disk.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	require.NoError(t, filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		if info.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	}))
}

// TestCrashBetweenCopiesFilesTheSameGame: the server stops (killed)
// after Ann's history got the ended game and before Bob's did. The
// restart files the game from the table's log; every copy it writes is
// Ann's byte for byte, so the club's database, which knows a game by
// its checksum, holds it once. Two, three and four seats, the others
// bots.
func TestCrashBetweenCopiesFilesTheSameGame(t *testing.T) {
	seeds := 4
	if testing.Short() {
		seeds = 1
	}
	for seats := 2; seats <= 4; seats++ {
		for seed := range uint64(seeds) {
			t.Run(fmt.Sprintf("%d seats seed %d", seats, seed), func(t *testing.T) {
				dir, crashed := t.TempDir(), t.TempDir()
				var mu sync.Mutex
				var annCopy []byte
				taken := false
				clock := clocktest.New(t0)
				cfg := testConfig(filepath.Join(dir, "tables"), nil, clock)
				cfg.History = func(id string) Archiver {
					return archiveFunc(func(l *gamelog.Log) {
						mu.Lock()
						defer mu.Unlock()
						switch {
						case id == "a" && annCopy == nil:
							b, err := l.MarshalText()
							require.NoError(t, err)
							annCopy = b
						case id == "b" && annCopy != nil && !taken:
							// The crash: Ann's copy is filed, Bob's not.
							copyTree(t, filepath.Join(dir, "tables"), filepath.Join(crashed, "tables"))
							taken = true
						}
					})
				}
				h := newHall(t, cfg)
				tb := annOpens(t, h, seats, smallRules(), seed)
				ann, bob := annAndBob(t, tb)
				newCrowd(t, ann, bob).run("the game's end, filed", func() bool {
					s := ann.port().Snapshot()
					return s.Over && s.Save.Filed
				})
				ann.leave()
				bob.leave()
				h.Close()

				hist := &memHistory{}
				h2 := newHall(t, testConfig(filepath.Join(crashed, "tables"), hist, clock))
				eventually(t, "the restart files the game for both", func() bool { return hist.count("a") == 1 && hist.count("b") == 1 })
				for _, id := range []string{"a", "b"} {
					b, err := hist.log(id, 0).MarshalText()
					require.NoError(t, err)
					assert.True(t, bytes.Equal(annCopy, b), "%s's copy after the restart is the one Ann got before:\n%s\n---\n%s", id, annCopy, b)
				}
				eventually(t, "the table leaves once filed", func() bool { return h2.Count() == 0 })
			})
		}
	}
}

// crashFS takes a copy of the tables' files (what a kill -9 at that
// instant leaves) before each step of a finished game's leaving: the
// write of its people's keys (endedFile), their placing, and the
// removal of the table's log; failEnded makes the keys' write fail.
type crashFS struct {
	durable.FS
	t         *testing.T
	tables    string
	failEnded bool
	mu        sync.Mutex
	crashes   []string // the copies, in order
}

func (f *crashFS) crash(step string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	dst := filepath.Join(f.t.TempDir(), "tables")
	copyTree(f.t, f.tables, dst)
	f.crashes = append(f.crashes, step+" "+dst)
}

func (f *crashFS) CreateTemp(dir, pattern string) (durable.File, error) {
	if pattern == ".ended-*.tmp" {
		f.crash("before the keys are written")
		if f.failEnded {
			return nil, &fs.PathError{Op: "open", Path: filepath.Join(dir, pattern), Err: syscall.ENOSPC}
		}
	}
	return f.FS.CreateTemp(dir, pattern)
}

func (f *crashFS) Rename(a, b string) error {
	if filepath.Base(b) == endedFile {
		f.crash("before the keys are placed")
	}
	return f.FS.Rename(a, b)
}

func (f *crashFS) Remove(name string) error {
	if filepath.Base(name) == store.CurrentName {
		f.crash("before the log goes")
	}
	return f.FS.Remove(name)
}

// TestCrashWhileFinishedTableGoesTellsOnce: a finished game filed in
// every history leaves its table's log, its people's keys kept in its
// place so that a restart tells them where it went. A server killed at
// any step of that either brings the table back (its log: the restart
// files the game again, which the histories hold once, and tells those
// who do not come as the table goes) or finds the keys: each of Ann and
// Bob is told once, never not at all. When the keys cannot be written
// the log stays. At every seat count.
func TestCrashWhileFinishedTableGoesTellsOnce(t *testing.T) {
	for _, failEnded := range []bool{false, true} {
		t.Run(fmt.Sprintf("failEnded=%v", failEnded), func(t *testing.T) {
			testkit.EachSeatCount(t, func(t *testing.T, n int) {
				crashWhileFinishedTableGoes(t, n, failEnded)
			})
		})
	}
}

func crashWhileFinishedTableGoes(t *testing.T, n int, failEnded bool) {
	tables := filepath.Join(t.TempDir(), "tables")
	clock := clocktest.New(t0)
	cfs := &crashFS{FS: durable.OS(), t: t, tables: tables, failEnded: failEnded}
	cfg := testConfig(tables, &memHistory{}, clock)
	cfg.FS = cfs
	h := newHall(t, cfg)
	tb := annOpens(t, h, n, smallRules(), 7)
	ann, bob := annAndBob(t, tb)
	newCrowd(t, ann, bob).toFiled()
	cfs.crash("after all") // Ann and Bob still at the finished table
	h.Close()

	cfs.mu.Lock()
	crashes := slices.Clone(cfs.crashes)
	cfs.mu.Unlock()
	want := 4
	if failEnded {
		want = 2
	}
	assert.Len(t, crashes, want, "%q", crashes)
	_, err := os.Stat(filepath.Join(tables, tb.Code(), store.CurrentName))
	assert.Equal(t, failEnded, err == nil, "the log stays only when the keys could not be written")
	for i, c := range crashes {
		dir := c[strings.LastIndex(c, " ")+1:]
		hist := &memHistory{}
		h2 := newHall(t, testConfig(dir, hist, clock))
		eventually(t, c+": the table goes", func() bool { return liveTables(h2) == 0 })
		toldOnce(t, h2, endedNotice(tb.Code()), "a", "b")
		logThere := failEnded || i < 3 // the last copy is the only one without it
		assert.Equal(t, logThere, hist.count("a") == 1, "%s: filed again from the log (the histories hold it once)", c)
		assert.LessOrEqual(t, hist.count("a"), 1, c)
		assert.NoDirExists(t, filepath.Join(dir, tb.Code()), c)
	}
}

// noticesFS fails the writes of the hall's notices while fail is set.
type noticesFS struct {
	durable.FS
	fail atomic.Bool
}

func (f *noticesFS) CreateTemp(dir, pattern string) (durable.File, error) {
	if pattern == noticesTemp && f.fail.Load() {
		return nil, &fs.PathError{Op: "open", Path: filepath.Join(dir, pattern), Err: syscall.EIO}
	}
	return f.FS.CreateTemp(dir, pattern)
}

// TestFinishedTableKeptUntilItsNoticesAre: a finished game back at a
// restart (Bob's history was full) is filed while neither of its people
// comes, and its table goes; the notices telling them where it went
// cannot be written. The table's directory, whose keys tell a restart,
// stays, so that a kill then tells each of them once at the next start
// rather than nobody. At every seat count.
func TestFinishedTableKeptUntilItsNoticesAre(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFiling(t, n, 9, true, nil)
		playToUnfiled(t, "the game's end", f.ann, f.bob)
		f.h.Close()

		tables := filepath.Join(f.dir, "tables")
		nfs := &noticesFS{FS: durable.OS()}
		nfs.fail.Store(true)
		cfg := testConfig(tables, nil, f.clock)
		cfg.History, cfg.Refile, cfg.FS = f.hist.of, time.Second, nfs
		h := newHall(t, cfg)
		f.hist.disks["b"].full.Store(false)
		f.bobFiled(t)
		eventually(t, "the filed table to go", func() bool { return liveTables(h) == 0 })
		assert.DirExists(t, filepath.Join(tables, f.tb.Code()), "kept while the notices are not written")

		crashed := filepath.Join(t.TempDir(), "tables") // a kill now
		copyTree(t, tables, crashed)
		h2 := newHall(t, testConfig(crashed, &memHistory{}, f.clock))
		toldOnce(t, h2, endedNotice(f.tb.Code()), "a", "b")
		assert.NoDirExists(t, filepath.Join(crashed, f.tb.Code()))
	})
}
