package hall

import (
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/klob/klob/internal/testing/clocktest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
)

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
