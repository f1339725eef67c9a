package club

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/klob/klob/internal/record/clubdb"
)

// Clock is the time of the club's copies: the program's is
// host.SystemClock, whose AfterFunc calls f on a goroutine of its own;
// tests drive a clocktest.Manual.
type Clock interface {
	Now() time.Time
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

// The copies' rhythm: one a day, and after a copy that failed (a full
// disk, a folder the server cannot write) another try an hour later.
const (
	BackupEvery = 24 * time.Hour
	BackupRetry = time.Hour
)

// backups takes the club database's copies (clubdb.DB.Backup) on the
// clock's goroutine, never on a player's: one at the start when the
// newest copy is a day old or there is none, then one a day, keeping
// the newest keep. A copy that fails is logged and the server goes on,
// its older copies kept.
type backups struct {
	db    *clubdb.DB
	keep  int
	clock Clock
	logf  func(string, ...any)

	ctx    context.Context // ended by close: a copy under way stops
	cancel context.CancelFunc

	mu      sync.Mutex
	stopped bool
	stop    func() bool // the next copy's timer
	running sync.WaitGroup
}

// startBackups schedules the copies of db.
func startBackups(db *clubdb.DB, keep int, clock Clock, logf func(string, ...any)) *backups {
	b := &backups{db: db, keep: keep, clock: clock, logf: logf}
	b.ctx, b.cancel = context.WithCancel(context.Background())
	b.schedule(b.firstWait())
	return b
}

// firstWait is the time until the first copy: none when there is no
// copy or the newest (by the day in its name) is a day old, else what
// is left of its day (a day at most, should the clock have gone back).
func (b *backups) firstWait() time.Duration {
	copies := clubdb.Copies(b.db.Path())
	if len(copies) == 0 {
		return 0
	}
	left := copies[0].Taken().Add(BackupEvery).Sub(b.clock.Now())
	return min(max(left, 0), BackupEvery)
}

// schedule sets the next copy d from now, unless closed.
func (b *backups) schedule(d time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.stopped {
		return
	}
	b.stop = b.clock.AfterFunc(d, b.run)
}

// run takes a copy and schedules the next.
func (b *backups) run() {
	b.mu.Lock()
	if b.stopped {
		b.mu.Unlock()
		return
	}
	b.running.Add(1)
	b.mu.Unlock()
	defer b.running.Done()

	start := b.clock.Now()
	res, err := b.db.Backup(b.ctx, start, b.keep)
	if b.ctx.Err() != nil || errors.Is(err, clubdb.ErrClosed) {
		return // the server is stopping
	}
	if res.Copy.Path == "" {
		b.logf("club: the day's copy of the database failed; the older copies in %s are kept, the next try is in %v: %v",
			clubdb.BackupsDir(b.db.Path()), BackupRetry, err)
		b.schedule(BackupRetry)
		return
	}
	removed := ""
	if len(res.Removed) > 0 {
		removed = fmt.Sprintf(", removed %s", baseNames(res.Removed))
	}
	b.logf("club: copied the database to %s (%.1f MiB in %v; the newest %d kept%s)",
		res.Copy.Path, float64(res.Copy.Size)/(1<<20), b.clock.Now().Sub(start).Round(time.Millisecond), b.keep, removed)
	if err != nil {
		b.logf("club: %v", err)
	}
	b.schedule(BackupEvery)
}

// close stops the copies: the next is not taken, one under way is
// stopped and waited for (it leaves no file under a copy's name).
func (b *backups) close() {
	b.mu.Lock()
	b.stopped = true
	if b.stop != nil {
		b.stop()
	}
	b.mu.Unlock()
	b.cancel()
	b.running.Wait()
}

// baseNames joins the names of paths.
func baseNames(paths []string) string {
	s := ""
	for i, p := range paths {
		if i > 0 {
			s += ", "
		}
		s += filepath.Base(p)
	}
	return s
}
