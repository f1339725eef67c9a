package clubdb

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/testing/clocktest"
)

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
	assert.Equal(t, Copy{Path: dst, Time: now, Size: b.Copy.Size}, b.Copy)
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
	for d := range 5 {
		_, err := db.Backup(ctx, start.Add(time.Duration(d)*24*time.Hour), 3)
		require.NoError(t, err)
	}
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

// A copy that fails leaves no file of its own and removes no older
// copy; one a crash left half-made is removed by the next.
func TestAFailedBackupRemovesNothing(t *testing.T) {
	db, path := openTest(t, nil)
	ctx := context.Background()
	start := clocktest.Start()
	for d := range 2 {
		_, err := db.Backup(ctx, start.Add(time.Duration(d)*24*time.Hour), 2)
		require.NoError(t, err)
	}
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
