package clubdb

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/testing/clocktest"
)

// backupDays has db make a copy a day on the days days from start,
// keeping keep.
func backupDays(t *testing.T, db *DB, start time.Time, days, keep int) {
	t.Helper()
	for d := range days {
		_, err := db.Backup(context.Background(), start.Add(time.Duration(d)*24*time.Hour), keep)
		require.NoError(t, err)
	}
}

// copyDays lists the names in the backup folder of the database at
// path, sorted; none when it is missing.
func copyDays(t *testing.T, path string) []string {
	t.Helper()
	if _, err := os.Stat(BackupsDir(path)); os.IsNotExist(err) {
		return nil
	}
	return namesIn(t, BackupsDir(path))
}

// A copy is a sound database with the games of the database as it was,
// private in a private folder, named after its day, its time the
// clock's; the database goes on as before.
func TestBackupTakesASoundCopy(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	goodFile(t, path)
	db := openAt(t, path, nil)
	want, err := db.Counts(context.Background())
	require.NoError(t, err)
	require.Positive(t, want.Games)

	now := clocktest.Start()
	b, err := db.Backup(context.Background(), now, 7)
	require.NoError(t, err)
	dst := filepath.Join(dir, BackupDir, "club-2026-12-01.db")
	assert.Equal(t, Copy{Path: dst, Day: time.Date(2026, 12, 1, 0, 0, 0, 0, time.Local), Time: now, Size: b.Copy.Size}, b.Copy)
	assert.Empty(t, b.Removed)
	got := Copies(path)
	require.Len(t, got, 1)
	assert.Equal(t, dst, got[0].Path)
	assert.True(t, got[0].Time.Equal(now), "the copy's time is the clock's: %v", got[0].Time)
	assertFileSound(t, dst)
	cp := openAt(t, dst, nil)
	assertCounts(t, cp, want, "the copy holds the database's games")
	require.NoError(t, cp.Close())

	fi, err := os.Stat(dst)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	assert.Equal(t, b.Copy.Size, fi.Size())
	di, err := os.Stat(filepath.Join(dir, BackupDir))
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o700), di.Mode().Perm())

	assertCounts(t, db, want, "the database is as it was")
}

// The copy is consistent while the writer commits: every game recorded
// before it began is in it, and the writes go on while it is made.
func TestBackupWhileWriting(t *testing.T) {
	db, _ := openTest(t, nil)
	ctx := context.Background()
	var p plusOne
	for i := range 50 {
		_, err := db.RecordGame(ctx, testGame(fmt.Sprint("before", i), "a", "b"), p.rate)
		require.NoError(t, err)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			_, err := db.RecordGame(ctx, testGame(fmt.Sprint("during", i), "c", "d"), p.rate)
			assert.NoError(t, err)
		}
	}()
	b, err := db.Backup(ctx, clocktest.Start(), 7)
	close(stop)
	wg.Wait()
	require.NoError(t, err)
	rep := assertFileSound(t, b.Copy.Path)
	assert.Equal(t, Version, rep.Version)
	cp := openAt(t, b.Copy.Path, nil)
	c, err := cp.Counts(ctx)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, c.Games, 50)
}

// The newest keep copies stay, the one just made among them, whatever
// the times of the others; a file that is not a copy is left alone;
// a copy of the same day is replaced by the new one.
func TestBackupKeepsTheNewest(t *testing.T) {
	db, path := openTest(t, nil)
	ctx := context.Background()
	start := clocktest.Start()
	backupDays(t, db, start, 5, 3)
	assert.Equal(t, []string{"club-2026-12-03.db", "club-2026-12-04.db", "club-2026-12-05.db"}, copyDays(t, path))

	other := filepath.Join(BackupsDir(path), "club-mine.db")
	require.NoError(t, os.WriteFile(other, []byte("the operator's"), 0o600))
	// The clock went back: the new copy is kept, the newest others
	// with it.
	b, err := db.Backup(ctx, start, 3)
	require.NoError(t, err)
	assert.Equal(t, []string{filepath.Join(BackupsDir(path), "club-2026-12-03.db")}, b.Removed)
	assert.Equal(t, []string{"club-2026-12-01.db", "club-2026-12-04.db", "club-2026-12-05.db", "club-mine.db"}, copyDays(t, path))

	// The same day again: the copy is replaced, none removed.
	later := start.Add(5 * 24 * time.Hour)
	_, err = db.Backup(ctx, later.Add(-time.Hour), 3)
	require.NoError(t, err)
	b, err = db.Backup(ctx, later, 3)
	require.NoError(t, err)
	got := Copies(path)
	require.Len(t, got, 3)
	assert.Equal(t, b.Copy.Path, got[0].Path)
	assert.True(t, got[0].Time.Equal(later))
	assert.Equal(t, filepath.Join(BackupsDir(path), "club-2026-12-05.db"), got[1].Path)
}

// A copy's day is the one in its name, whatever its file's time: copies
// put back or touched since (cp, touch) are listed and kept by their
// days, and the time one was taken is not the touch's.
func TestCopiesAreDatedByTheirNames(t *testing.T) {
	db, path := openTest(t, nil)
	start := clocktest.Start()
	backupDays(t, db, start, 3, 3)
	dir := BackupsDir(path)
	touched := start.Add(10 * 24 * time.Hour)
	// The oldest touched last, the newest touched first.
	require.NoError(t, os.Chtimes(filepath.Join(dir, "club-2026-12-01.db"), touched, touched))
	require.NoError(t, os.Chtimes(filepath.Join(dir, "club-2026-12-03.db"), start, start))
	// Not a copy's name: left alone, whatever its time.
	other := filepath.Join(dir, "club-2026-12-9.db")
	require.NoError(t, os.WriteFile(other, []byte("the operator's"), 0o600))
	require.NoError(t, os.Chtimes(other, touched, touched))

	got := Copies(path)
	var names []string
	for _, c := range got {
		names = append(names, filepath.Base(c.Path))
	}
	assert.Equal(t, []string{"club-2026-12-03.db", "club-2026-12-02.db", "club-2026-12-01.db"}, names)
	assert.True(t, got[1].Taken().Equal(start.Add(24*time.Hour)), "untouched: the clock's time, %v", got[1].Taken())
	assert.True(t, got[0].Taken().Equal(time.Date(2026, 12, 3, 0, 0, 0, 0, time.Local)), "touched: its day, %v", got[0].Taken())

	b, err := db.Backup(context.Background(), start.Add(3*24*time.Hour), 3)
	require.NoError(t, err)
	assert.Equal(t, []string{filepath.Join(dir, "club-2026-12-01.db")}, b.Removed, "the oldest by its name")
	assert.Equal(t, []string{"club-2026-12-02.db", "club-2026-12-03.db", "club-2026-12-04.db", "club-2026-12-9.db"}, copyDays(t, path))
}

// A copy that fails leaves no file of its own and removes no older
// copy; one a crash left half-made is removed by the next.
func TestAFailedBackupRemovesNothing(t *testing.T) {
	db, path := openTest(t, nil)
	ctx := context.Background()
	start := clocktest.Start()
	backupDays(t, db, start, 2, 2)
	before := copyDays(t, path)
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err := db.Backup(cctx, start.Add(2*24*time.Hour), 2)
	require.ErrorIs(t, err, context.Canceled)
	assert.ErrorContains(t, err, "copying it to "+filepath.Join(BackupsDir(path), "club-2026-12-03.db"))
	assert.Equal(t, before, copyDays(t, path))

	half := filepath.Join(BackupsDir(path), "club-2026-12-03.db.new")
	require.NoError(t, os.WriteFile(half, []byte("SQLite format 3\x00 and no more"), 0o600))
	require.NoError(t, os.WriteFile(half+"-journal", []byte("a journal"), 0o600))
	_, err = db.Backup(ctx, start.Add(3*24*time.Hour), 2)
	require.NoError(t, err)
	assert.Equal(t, []string{"club-2026-12-02.db", "club-2026-12-04.db"}, copyDays(t, path))
}

// A closed database takes no copy.
func TestBackupOfAClosedDatabase(t *testing.T) {
	db, path := openTest(t, nil)
	require.NoError(t, db.Close())
	_, err := db.Backup(context.Background(), clocktest.Start(), 7)
	require.ErrorIs(t, err, ErrClosed)
	assert.Empty(t, copyDays(t, path))
}

func TestCopyNames(t *testing.T) {
	for name, want := range map[string][2]bool{ // a copy's, a half copy's
		"club-2026-12-07.db":                 {true, false},
		"club-2026-12-07.db.new":             {false, true},
		"club-2026-12-07.db.new-journal":     {false, true},
		"club-2026-13-07.db":                 {false, false},
		"club-2026-12-07.db.new-wal":         {false, false},
		"club-mine.db":                       {false, false},
		"club-2026-12-07.sqlite":             {false, false},
		"xclub-2026-12-07.db":                {false, false},
		"club-2026-12-07.db.new-journal.txt": {false, false},
	} {
		assert.Equal(t, want[0], isCopyName(name), name)
		assert.Equal(t, want[1], isHalfDayCopy(name), name)
	}
}

// namesIn lists the names in dir, sorted.
func namesIn(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	slices.Sort(names)
	return names
}

// copyNames lists the names in dir of copies made before a schema move
// (FileName.v...), made or half-made.
func copyNames(t *testing.T, dir string) []string {
	t.Helper()
	return slices.DeleteFunc(namesIn(t, dir), func(n string) bool {
		return !strings.HasPrefix(n, FileName+".v")
	})
}

// olderFile builds, in a test directory, a database of the version
// before the last, with its fixtures: the next Open copies it aside
// before it moves it on. It returns the directory, the file's path and
// the file's version.
func olderFile(t *testing.T) (dir, path string, k int) {
	t.Helper()
	dir = t.TempDir()
	path = filepath.Join(dir, FileName)
	k = Version - 1
	buildAt(t, path, k)
	return dir, path, k
}

// A copy a crash left half-made, with its journal, does not take the
// copy's name at the next start: it is removed, and the copy is made
// under path.vK.bak.
func TestAHalfMadeCopyIsRemoved(t *testing.T) {
	dir, path, k := olderFile(t)
	half := fmt.Sprintf("%s.v%d.bak.new", path, k)
	require.NoError(t, os.WriteFile(half, []byte("SQLite format 3\x00 and no more"), 0o600))
	require.NoError(t, os.WriteFile(half+"-journal", []byte("a journal"), 0o600))
	// Another version's, left by an older start.
	other := fmt.Sprintf("%s.v%d.bak.new", path, k+7)
	require.NoError(t, os.WriteFile(other, nil, 0o600))
	// Not a copy's name: left alone.
	keep := []string{FileName + ".vx.bak.new", FileName + ".v3.bak.new.txt", "other.db.v3.bak.new"}
	for _, n := range keep {
		require.NoError(t, os.WriteFile(filepath.Join(dir, n), []byte("keep"), 0o600))
	}

	openAt(t, path, nil)
	bak := fmt.Sprintf("%s.v%d.bak", path, k)
	assert.Equal(t, k, assertFileSound(t, bak).Version)
	got := copyNames(t, dir)
	assert.Equal(t, []string{filepath.Base(bak), FileName + ".v3.bak.new.txt", FileName + ".vx.bak.new"}, got)
	for _, n := range keep {
		data, err := os.ReadFile(filepath.Join(dir, n))
		require.NoError(t, err)
		assert.Equal(t, "keep", string(data))
	}
}

// A file under the copy's name is never written over: the copy takes
// the next free name.
func TestACopyTakesAFreeName(t *testing.T) {
	dir, path, k := olderFile(t)
	bak := fmt.Sprintf("%s.v%d.bak", path, k)
	require.NoError(t, os.WriteFile(bak, []byte("an older copy"), 0o600))

	openAt(t, path, nil)
	data, err := os.ReadFile(bak)
	require.NoError(t, err)
	assert.Equal(t, "an older copy", string(data))
	assert.Equal(t, k, assertFileSound(t, fmt.Sprintf("%s.v%d-2.bak", path, k)).Version)
	assert.Len(t, copyNames(t, dir), 2)
}

// A copy that fails before SQLite writes (the context ended) leaves no
// file: neither the copy nor its empty start.
func TestACancelledCopyLeavesNoFile(t *testing.T) {
	dir, path, k := olderFile(t)
	conn, done := rawConn(t, path)
	defer done()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := backup(ctx, conn, path, k, Version)
	require.ErrorIs(t, err, context.Canceled)
	assert.Empty(t, copyNames(t, dir))
}

func TestIsHalfCopy(t *testing.T) {
	for name, want := range map[string]bool{
		"club.db.v3.bak.new":          true,
		"club.db.v12.bak.new-journal": true,
		"club.db.v3.bak":              false,
		"club.db.v.bak.new":           false,
		"club.db.v3-2.bak.new":        false,
		"club.db.v3.bak.new-wal":      false,
		"club.db.new":                 false,
		"xclub.db.v3.bak.new":         false,
		"club.db.v3.bak.new-journal~": false,
	} {
		assert.Equal(t, want, isHalfCopy(name, "club.db"), name)
	}
}
