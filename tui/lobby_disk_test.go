package tui

import (
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
)

// stuckFS is the real file system, where writes into one directory
// (Block, a part of the path) hang until Release: a disk that stopped
// answering.
type stuckFS struct {
	durable.FS
	block   atomic.Value // string: the part of the path that hangs
	entered chan struct{}
	release chan struct{}
	once    sync.Once
	freed   sync.Once
	stuck   atomic.Int32 // writes hanging now
}

// free lets the hanging writes go, once.
func (f *stuckFS) free() { f.freed.Do(func() { close(f.release) }) }

func newStuckFS() *stuckFS {
	f := &stuckFS{FS: durable.OS(), entered: make(chan struct{}), release: make(chan struct{})}
	f.block.Store("")
	return f
}

func (f *stuckFS) CreateTemp(dir, pattern string) (durable.File, error) {
	if b := f.block.Load().(string); b != "" && strings.Contains(dir, b) {
		f.stuck.Add(1)
		f.once.Do(func() { close(f.entered) })
		<-f.release
		f.stuck.Add(-1)
	}
	return f.FS.CreateTemp(dir, pattern)
}

// TestSlowDiskOtherSeatsKeepGoing: one table's disk hangs on its saves.
// The people at that table keep getting frames and playing (their
// screens say a save is pending), and another table of the same server
// plays a whole deal meanwhile; once the disk answers, the stuck
// table's newest state is written. Nothing a screen does waits for a
// disk.
func TestSlowDiskOtherSeatsKeepGoing(t *testing.T) {
	disk := newStuckFS()
	dir := t.TempDir()
	h := testHallWith(t, func(c *hall.Config) { c.Dir, c.FS = dir, disk })
	ann := newLobbyPerson(h, "a", "Ann", 80, 24)
	bob := newLobbyPerson(h, "b", "Bob", 80, 24)
	cy := newLobbyPerson(h, "c", "Cy", 80, 24)
	di := newLobbyPerson(h, "d", "Di", 80, 24)
	t.Cleanup(func() {
		disk.free()
		for _, p := range []*lobbyPerson{ann, bob, cy, di} {
			close(p.done)
		}
	})
	code := openAndJoin(t, 2, ann)
	disk.block.Store(code) // table 1's disk stops answering
	bob.key("j")
	for _, c := range strings.ToLower(code) {
		bob.key(string(c))
	}
	bob.key("enter")
	ann.until(t, "Seat B  Bob")
	ann.key("s")
	ann.until(t, "Deal 1")
	bob.until(t, "Deal 1")
	<-disk.entered

	// Table 1 plays on, its disk stuck: ten moves, every screen drawn.
	moves := 0
	playUntil(t, h, 80, 24, "ten moves at the stuck table", func() bool {
		sn, _ := ann.snap()
		moves = sn.Gen
		return sn.Gen >= 10 || sn.Between
	}, ann, bob)
	sn, _ := ann.snap()
	require.True(t, sn.Save.Pending, "the screen says the save is pending")
	require.Positive(t, disk.stuck.Load(), "the disk still hangs")

	// Table 2 plays a whole deal meanwhile, on the same server.
	openAndJoin(t, 2, cy, di)
	cy.key("s")
	cy.until(t, "Deal 1")
	playUntil(t, h, 80, 24, "a deal at the other table", func() bool {
		sn, _ := cy.snap()
		return sn.Between || sn.Over
	}, cy, di)
	require.Positive(t, disk.stuck.Load(), "the stuck table's disk hung all along")

	// Leaving the stuck table and coming back wait for no disk either.
	bob.key("q")
	bob.key("y")
	bob.wait(t, "the lobby", func() bool { return bob.seat() == nil })
	bob.key("j")
	for _, c := range strings.ToLower(code) {
		bob.key(string(c))
	}
	bob.key("enter")
	require.NotNil(t, bob.seat(), "Bob is back at the stuck table:\n%s", bob.screen())
	bob.until(t, "Deal 1")
	require.Positive(t, disk.stuck.Load(), "the stuck table's disk hung all along")

	// The disk answers: the stuck table's newest state is written.
	disk.block.Store("")
	disk.free()
	ann.wait(t, "the save", func() bool {
		sn, _ := ann.snap()
		return !sn.Save.Pending && sn.Gen >= moves
	})
	require.Empty(t, func() string { sn, _ := ann.snap(); return sn.Save.Err }())
	l := tableLogIn(t, dir, code)
	require.NotEmpty(t, l.Deals, "the game's newest state is on disk")
}

// tableLogIn reads the log of table code in dir.
func tableLogIn(t *testing.T, dir, code string) *gamelog.Log {
	t.Helper()
	l, err := gamelog.ReadFile(filepath.Join(dir, code, store.CurrentName))
	require.NoError(t, err)
	return l
}
