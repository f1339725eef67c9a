package club

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"
)

// copiesIn lists the names in the backup folder of the state dir.
func copiesIn(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(dir, clubdb.BackupDir))
	if os.IsNotExist(err) {
		return nil
	}
	require.NoError(t, err)
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	slices.Sort(out)
	return out
}

// openClocked opens the club of dir keeping keep copies on clock.
func openClocked(t *testing.T, dir string, keep int, clock *clocktest.Manual, log *testkit.LogLines) *Service {
	t.Helper()
	return openWith(t, dir, Options{Backups: keep, Clock: clock, Logf: log.Logf})
}

// clocked gives a test's club folder, a manual clock at
// clocktest.Start and the log its Service writes.
func clocked(t *testing.T) (string, *clocktest.Manual, *testkit.LogLines) {
	return t.TempDir(), clocktest.New(clocktest.Start()), &testkit.LogLines{}
}

// A new club is copied at the start, off the opener (the clock's
// goroutine), then once a day, keeping the newest few.
func TestCopiesAtTheStartThenDaily(t *testing.T) {
	dir, clock, log := clocked(t)
	s := openClocked(t, dir, 3, clock, log)
	file(t, s, dir, "g1", tableLog(t, 1, person("ka", "ann"), person("kb", "bob")), "")
	assert.Empty(t, copiesIn(t, dir), "not taken by the opener")
	n, _ := clock.Pending()
	require.Equal(t, 1, n, "the start's copy is scheduled")

	clock.Advance(0)
	assert.Equal(t, []string{"club-2026-12-01.db"}, copiesIn(t, dir))
	assert.Len(t, log.With("club: copied the database to "+filepath.Join(dir, "backups", "club-2026-12-01.db")), 1)
	cp, err := clubdb.CheckFile(context.Background(), filepath.Join(dir, "backups", "club-2026-12-01.db"))
	require.NoError(t, err)
	assert.True(t, cp.OK(), "%v", cp.Problems)

	clock.Advance(BackupEvery - time.Minute)
	assert.Len(t, copiesIn(t, dir), 1, "a day has not passed")
	clock.Advance(time.Minute)
	assert.Equal(t, []string{"club-2026-12-01.db", "club-2026-12-02.db"}, copiesIn(t, dir))
	for range 4 {
		clock.Advance(BackupEvery)
	}
	assert.Equal(t, []string{"club-2026-12-04.db", "club-2026-12-05.db", "club-2026-12-06.db"}, copiesIn(t, dir))
	assert.NotEmpty(t, log.With("the newest 3 kept, removed club-2026-12-01.db"))

	require.NoError(t, s.Close())
	n, _ = clock.Pending()
	assert.Zero(t, n, "no copy after the close")
}

// A restart whose newest copy is less than a day old takes none until
// its day is over; one whose newest is older takes one at once.
func TestARestartCopiesWhenADayHasPassed(t *testing.T) {
	dir, clock, log := clocked(t)
	s := openClocked(t, dir, 7, clock, log)
	clock.Advance(0)
	require.NoError(t, s.Close())
	require.Len(t, copiesIn(t, dir), 1)

	clock.Advance(10 * time.Hour)
	s = openClocked(t, dir, 7, clock, log)
	clock.Advance(0)
	assert.Len(t, copiesIn(t, dir), 1, "the newest is 10 hours old")
	clock.Advance(14*time.Hour - time.Minute)
	assert.Len(t, copiesIn(t, dir), 1)
	clock.Advance(time.Minute)
	assert.Equal(t, []string{"club-2026-12-01.db", "club-2026-12-02.db"}, copiesIn(t, dir))
	require.NoError(t, s.Close())

	clock.Advance(3 * BackupEvery)
	openClocked(t, dir, 7, clock, log)
	clock.Advance(0)
	assert.Equal(t, []string{"club-2026-12-01.db", "club-2026-12-02.db", "club-2026-12-05.db"}, copiesIn(t, dir))
}

// A restart judges its newest copy by the day in its name: one put back
// or touched today (cp, touch) but named days ago does not put the
// day's copy off, and a newer one touched long ago is the newest still.
func TestARestartDatesCopiesByTheirNames(t *testing.T) {
	dir, clock, log := clocked(t)
	s := openClocked(t, dir, 7, clock, log)
	clock.Advance(0)
	require.NoError(t, s.Close())
	old := filepath.Join(dir, clubdb.BackupDir, "club-2026-11-20.db")
	require.NoError(t, os.Rename(filepath.Join(dir, clubdb.BackupDir, "club-2026-12-01.db"), old))
	require.NoError(t, os.Chtimes(old, clock.Now(), clock.Now()))

	clock.Advance(time.Hour)
	s = openClocked(t, dir, 7, clock, log)
	clock.Advance(0)
	assert.Equal(t, []string{"club-2026-11-20.db", "club-2026-12-01.db"}, copiesIn(t, dir), "the newest was named 11 days ago")
	require.NoError(t, s.Close())

	long := clock.Now().Add(-30 * BackupEvery)
	require.NoError(t, os.Chtimes(filepath.Join(dir, clubdb.BackupDir, "club-2026-12-01.db"), long, long))
	clock.Advance(time.Hour)
	openClocked(t, dir, 7, clock, log)
	clock.Advance(0)
	assert.Len(t, copiesIn(t, dir), 2)
	assert.Len(t, log.With("club: copied the database to "), 2, "today's copy is there, touched or not: none taken")
}

// A copy that fails is logged, removes no older copy and leaves the
// club working; the next try comes an hour later.
func TestAFailedCopyKeepsTheOlderOnes(t *testing.T) {
	dir, clock, log := clocked(t)
	s := openClocked(t, dir, 1, clock, log)
	clock.Advance(0)
	require.Equal(t, []string{"club-2026-12-01.db"}, copiesIn(t, dir))
	good, err := os.ReadFile(filepath.Join(dir, "backups", "club-2026-12-01.db"))
	require.NoError(t, err)

	// The next day's name is taken by a folder: the copy cannot be put
	// there.
	blocker := filepath.Join(dir, "backups", "club-2026-12-02.db")
	require.NoError(t, os.MkdirAll(filepath.Join(blocker, "x"), 0o700))
	clock.Advance(BackupEvery)
	failed := log.With("club: the day's copy of the database failed; the older copies in " + filepath.Join(dir, "backups") + " are kept, the next try is in 1h0m0s: ")
	require.Len(t, failed, 1)
	assert.Contains(t, failed[0], "copying it to "+blocker)
	assert.Equal(t, []string{"club-2026-12-01.db", "club-2026-12-02.db"}, copiesIn(t, dir), "no half copy left")
	kept, err := os.ReadFile(filepath.Join(dir, "backups", "club-2026-12-01.db"))
	require.NoError(t, err)
	assert.Equal(t, good, kept, "the older copy is kept, with one to keep")
	file(t, s, dir, "g1", tableLog(t, 1, person("ka", "ann"), person("kb", "bob")), "")

	require.NoError(t, os.RemoveAll(blocker))
	clock.Advance(BackupRetry)
	assert.Equal(t, []string{"club-2026-12-02.db"}, copiesIn(t, dir), "the try an hour later")
	c, err := clubdb.CheckFile(context.Background(), filepath.Join(dir, "backups", "club-2026-12-02.db"))
	require.NoError(t, err)
	assert.True(t, c.OK())
}

// The backup folder that cannot be made (a file in its way) is logged
// at every try; the server goes on.
func TestCopiesWithoutAFolder(t *testing.T) {
	dir, clock, log := clocked(t)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "backups"), []byte("in the way"), 0o600))
	openClocked(t, dir, 7, clock, log)
	clock.Advance(0)
	clock.Advance(BackupRetry)
	assert.Len(t, log.With("the day's copy of the database failed"), 2)
}

// No copies are taken with Backups 0.
func TestNoCopies(t *testing.T) {
	dir, clock, log := clocked(t)
	openClocked(t, dir, 0, clock, log)
	n, _ := clock.Pending()
	assert.Zero(t, n)
	clock.Advance(3 * BackupEvery)
	assert.Nil(t, copiesIn(t, dir))
}

// goClock is a manual clock that calls its functions on goroutines of
// their own, as the system's does.
type goClock struct{ *clocktest.Manual }

func (c goClock) AfterFunc(d time.Duration, f func()) func() bool {
	return c.Manual.AfterFunc(d, func() { go f() })
}

// A close while a copy is under way waits for it: the copy is stopped
// or whole, never half under a copy's name, and no failure is logged.
func TestCloseDuringACopy(t *testing.T) {
	for range 5 {
		dir := t.TempDir()
		clock := goClock{clocktest.New(clocktest.Start())}
		var log testkit.LogLines
		s := openWith(t, dir, Options{Backups: 7, Clock: clock, Logf: log.Logf})
		file(t, s, dir, "g1", tableLog(t, 1, person("ka", "ann"), person("kb", "bob")), "")
		clock.Advance(0)
		require.NoError(t, s.Close())
		names := copiesIn(t, dir)
		assert.Subset(t, []string{"club-2026-12-01.db"}, names, "stopped or whole")
		if len(names) == 1 {
			c, err := clubdb.CheckFile(context.Background(), filepath.Join(dir, "backups", names[0]))
			require.NoError(t, err)
			assert.True(t, c.OK())
		}
		assert.Empty(t, log.With("failed"))
	}
}
