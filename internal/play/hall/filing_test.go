package hall

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/platform/durable"
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

// filedGames counts the games in a person's history.
func (h *histories) filedGames(t *testing.T, id string) int {
	t.Helper()
	es, err := store.New(filepath.Join(h.dir, id), store.Options{}).History()
	require.NoError(t, err)
	return len(es)
}

// TestFullDiskKeepsTheGame: a game that ends while the disks are full
// is not lost. The table's log stays until every person's history holds
// the game, the seats read that it is not filed yet (without a path), a
// restart files only what is missing, and the filing is tried again
// until it lands.
func TestFullDiskKeepsTheGame(t *testing.T) {
	dir := t.TempDir()
	hist := &histories{dir: t.TempDir(), disks: map[string]*fullFS{"a": {FS: durable.OS()}, "b": {FS: durable.OS()}}}
	hist.disks["b"].full.Store(true) // Bob's history cannot be written
	newHall := func() *Hall {
		h, err := New(Config{Dir: filepath.Join(dir, "tables"), Grace: time.Minute, History: hist.of, Think: 50 * time.Millisecond,
			Refile: 10 * time.Millisecond, NewBot: func(l ai.Level, cfg ai.Config) (ai.Bot, error) { return ai.New(ai.Random, cfg) }})
		require.NoError(t, err)
		t.Cleanup(h.Close)
		return h
	}
	h := newHall()
	tb, err := h.Open(Player{ID: "a", Name: "Ann"}, Options{Seats: 2, Rules: smallRules(), Level: ai.Random, Seed: 7})
	require.NoError(t, err)
	tableDir := filepath.Join(dir, "tables", tb.Code())
	pa, pb := newPlayer(t, 1), newPlayer(t, 2)
	pa.conn, err = tb.Join(Player{ID: "a", Name: "Ann"}, pa.notify)
	require.NoError(t, err)
	pb.conn, err = tb.Join(Player{ID: "b", Name: "Bob"}, pb.notify)
	require.NoError(t, err)
	require.NoError(t, pa.conn.Start())
	// Play to the end; the first update of the ended game says it is
	// not filed.
	var last Update
	deadline := time.After(20 * time.Second)
	for overA, overB := false, false; !overA || !overB; {
		select {
		case u := <-pa.updates:
			if pa.step(u) {
				overA, last = true, u
			}
		case u := <-pb.updates:
			overB = overB || pb.step(u)
		case <-deadline:
			t.Fatal("the game did not finish in 20s")
		}
	}
	require.True(t, last.Archived)
	assert.Equal(t, "no space left on device", last.Unfiled)
	assert.NotContains(t, last.Unfiled, dir)
	assert.Equal(t, 1, hist.filedGames(t, "a"))
	assert.Equal(t, 0, hist.filedGames(t, "b"))
	_, err = os.Stat(filepath.Join(tableDir, store.CurrentName))
	require.NoError(t, err, "the table's log stays while Bob's history lacks the game")
	// Both leave: the table closes, its log stays.
	pa.conn.Leave()
	pb.conn.Leave()
	_, err = os.Stat(filepath.Join(tableDir, store.CurrentName))
	require.NoError(t, err, "leaving does not delete the unfiled game")
	// Retries fail while the disk is full.
	time.Sleep(50 * time.Millisecond)
	assert.Equal(t, 0, hist.filedGames(t, "b"))
	h.Close()

	// A restart, the disk still full: the table is back for its people,
	// the game not filed twice into Ann's history.
	b, err := os.ReadFile(filepath.Join(tableDir, store.CurrentName))
	require.NoError(t, err)
	assert.Contains(t, string(b), `[Filed "A"]`)
	h2 := newHall()
	tb2, err := h2.Find(tb.Code())
	require.NoError(t, err)
	pa2 := newPlayer(t, 3)
	pa2.conn, err = tb2.Join(Player{ID: "a", Name: "Ann"}, pa2.notify)
	require.NoError(t, err)
	u := pa2.conn.Snapshot()
	assert.True(t, u.Over)
	assert.Equal(t, "no space left on device", u.Unfiled)
	pa2.conn.Leave()

	// Space again: the next try files Bob's copy and removes the table's
	// log.
	hist.disks["b"].full.Store(false)
	require.Eventually(t, func() bool {
		_, err := os.Stat(tableDir)
		return os.IsNotExist(err)
	}, 10*time.Second, 10*time.Millisecond, "the table's log goes once every history holds the game")
	assert.Equal(t, 1, hist.filedGames(t, "a"), "Ann's history holds the game once")
	assert.Equal(t, 1, hist.filedGames(t, "b"))
	es, err := store.New(filepath.Join(hist.dir, "b"), store.Options{}).History()
	require.NoError(t, err)
	assert.True(t, es[0].Over)
	assert.False(t, strings.Contains(es[0].Path, "unfinished"))
}

// TestAbandonedTablesClose: a table nobody is connected to for
// Config.Abandon is closed and its unfinished game filed into every
// person's history, so six people who open tables and leave no longer
// hold the hall's places; a restart starts the clock again.
func TestAbandonedTablesClose(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tables")
	hist := &memHistory{}
	newHall := func(abandon time.Duration) *Hall {
		h, err := New(Config{Dir: dir, MaxTables: 2, Grace: time.Minute, Abandon: abandon, History: hist.of,
			NewBot: func(l ai.Level, cfg ai.Config) (ai.Bot, error) { return ai.New(ai.Random, cfg) }})
		require.NoError(t, err)
		t.Cleanup(h.Close)
		return h
	}
	h := newHall(time.Hour)
	open := func(h *Hall, id string) *Table {
		tb, err := h.Open(Player{ID: id, Name: id}, Options{Seats: 2, Rules: smallRules(), Level: ai.Random, Seed: 5})
		require.NoError(t, err)
		p := newPlayer(t, 1)
		p.conn, err = tb.Join(Player{ID: id, Name: id}, p.notify)
		require.NoError(t, err)
		require.NoError(t, p.conn.Start())
		p.conn.Leave()
		return tb
	}
	open(h, "a")
	open(h, "b")
	_, err := h.Open(Player{ID: "c", Name: "c"}, Options{Seats: 2, Rules: smallRules(), Level: ai.Random, Seed: 5})
	require.ErrorAs(t, err, new(*TooManyTablesError), "two abandoned tables fill a hall of two")
	h.Close()

	// After a restart the tables come back; nobody comes: they close.
	h2 := newHall(50 * time.Millisecond)
	require.Eventually(t, func() bool { return h2.Count() == 0 }, 10*time.Second, 10*time.Millisecond)
	require.Eventually(t, func() bool {
		ents, err := os.ReadDir(dir)
		return err == nil && len(ents) == 0
	}, 10*time.Second, 10*time.Millisecond, "the tables' logs go once filed")
	hist.mu.Lock()
	for _, id := range []string{"a", "b"} {
		require.Len(t, hist.logs[id], 1, id)
		g, err := hist.logs[id][0].Game()
		require.NoError(t, err)
		assert.False(t, g.Over(), "the unfinished game is filed")
	}
	hist.mu.Unlock()
	// The places are free.
	tb := open(h2, "c")
	require.Eventually(t, func() bool {
		_, err := h2.Find(tb.Code())
		return err != nil
	}, 10*time.Second, 10*time.Millisecond, "a table left at once closes after Abandon")
}

// TestSeatTakenBeforeStartIsSaved: a seat taken at a table not started
// is in its log, so a restart keeps it.
func TestSeatTakenBeforeStartIsSaved(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tables")
	h := testHall(t, dir, &memHistory{}, time.Minute)
	tb, err := h.Open(Player{ID: "a", Name: "Ann"}, Options{Seats: 3, Rules: smallRules(), Level: ai.Random, Seed: 5})
	require.NoError(t, err)
	_, err = tb.Join(Player{ID: "a", Name: "Ann"}, func(Update) {})
	require.NoError(t, err)
	_, err = tb.Join(Player{ID: "b", Name: "Bob"}, func(Update) {})
	require.NoError(t, err)
	h.Close()
	h2 := testHall(t, dir, &memHistory{}, time.Minute)
	tb2, err := h2.Find(tb.Code())
	require.NoError(t, err)
	assert.Equal(t, []string{"Ann", "Bob", ""}, tb2.info("b").Names)
	assert.Equal(t, tb2, h2.SeatOf("b"), "Bob's seat is his after the restart")
}
