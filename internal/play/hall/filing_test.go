package hall

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/klob/klob/internal/testing/clocktest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
)

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
