package clubdb

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/klob/klob/internal/platform/durable"
)

// BackupDir is the folder, beside the database, of the copies klob
// serve takes of it (club-2026-12-07.db).
const BackupDir = "backups"

// The name of a copy: its day, in the server's time zone.
const (
	copyPrefix = "club-"
	copyExt    = ".db"
	copyDay    = "2006-01-02"
)

// Copy is a copy of the database in its backup folder.
type Copy struct {
	Path string
	// Day is the day in its name, at its start in the server's time
	// zone: what orders the copies. A copy put back or touched (cp,
	// touch) keeps its name's day.
	Day time.Time
	// Time is the file's modification time, which Backup sets to its
	// clock's time; a copy put back by cp has the time of the cp.
	Time time.Time
	Size int64
}

// Taken is when the copy was taken: its file's time when that falls on
// its name's day, else the start of that day (the file was touched or
// copied since, its time says nothing of the copy).
func (c Copy) Taken() time.Time {
	if c.Time.In(c.Day.Location()).Format(copyDay) == c.Day.Format(copyDay) {
		return c.Time
	}
	return c.Day
}

// BackupsDir is the backup folder of the database at path.
func BackupsDir(path string) string { return filepath.Join(filepath.Dir(path), BackupDir) }

// copyName is the name of the copy taken at t.
func copyName(t time.Time) string { return copyPrefix + t.Format(copyDay) + copyExt }

// isCopyName reports whether name is a copy's: club-YYYY-MM-DD.db.
func isCopyName(name string) bool {
	_, ok := copyNameDay(name)
	return ok
}

// copyNameDay is the day in a copy's name, club-YYYY-MM-DD.db, at its
// start in the server's time zone; ok is false for another name.
func copyNameDay(name string) (day time.Time, ok bool) {
	s, ok := strings.CutPrefix(name, copyPrefix)
	if !ok {
		return time.Time{}, false
	}
	s, ok = strings.CutSuffix(s, copyExt)
	if !ok {
		return time.Time{}, false
	}
	day, err := time.ParseInLocation(copyDay, s, time.Local)
	return day, err == nil
}

// isHalfDayCopy reports whether name is a copy being made (a copy's
// name and .new) or its SQLite journal.
func isHalfDayCopy(name string) bool {
	rest, ok := strings.CutSuffix(strings.TrimSuffix(name, "-journal"), newSuffix)
	return ok && isCopyName(rest)
}

// Copies lists the copies in the backup folder of the database at path,
// the newest first by the day in their names (a file's time changes
// when it is put back or touched, its name does not); none when the
// folder is missing or unreadable. Only regular files named as Backup
// names them are copies: any other file there is the operator's.
func Copies(path string) []Copy {
	dir := BackupsDir(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []Copy
	for _, e := range entries {
		day, ok := copyNameDay(e.Name())
		if !e.Type().IsRegular() || !ok {
			continue
		}
		fi, err := e.Info()
		if err != nil {
			continue
		}
		out = append(out, Copy{Path: filepath.Join(dir, e.Name()), Day: day, Time: fi.ModTime(), Size: fi.Size()})
	}
	slices.SortFunc(out, func(a, b Copy) int {
		if c := b.Day.Compare(a.Day); c != 0 {
			return c
		}
		return cmp.Compare(b.Path, a.Path)
	})
	return out
}

// Backup is what DB.Backup did.
type Backup struct {
	Copy Copy
	// Removed lists the older copies removed to keep the newest.
	Removed []string
}

// Backup takes a consistent copy of the database into its backup
// folder (made private, 0700, when missing), as club-DAY.db of now's
// day, while the server reads and writes it: SQLite's VACUUM INTO, on
// a read-only connection of its own, so no write waits for it. The copy
// is made as club-DAY.db.new (copies a crash left half-made are removed
// first), private, synced, and renamed to its name once whole: a crash
// leaves no part of a copy under a copy's name, and a copy of the same
// day is replaced only by a whole one. Then the copies beyond the
// newest keep are removed, never the one just made; a copy that fails
// removes none. An error after the copy is in place returns it too.
func (db *DB) Backup(ctx context.Context, now time.Time, keep int) (Backup, error) {
	dir := BackupsDir(db.path)
	dst := filepath.Join(dir, copyName(now))
	tmp := dst + newSuffix
	fail := func(err error) (Backup, error) {
		return Backup{}, fmt.Errorf("the club database %s: copying it to %s (made as %s): %w", db.path, dst, filepath.Base(tmp), err)
	}
	db.mu.RLock()
	closed := db.closed
	db.mu.RUnlock()
	if closed {
		return Backup{}, ErrClosed
	}
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return fail(err)
	}
	if err := removeHalfCopies(dir, isHalfDayCopy); err != nil {
		return fail(err)
	}
	err := runRead(ctx, db.path, func(conn *sql.Conn) error {
		return vacuumInto(ctx, conn, tmp, now)
	})
	if err != nil {
		return fail(err)
	}
	if err := os.Rename(tmp, dst); err != nil {
		removeCopy(tmp)
		return fail(err)
	}
	fi, err := os.Stat(dst)
	if err != nil {
		return fail(err)
	}
	day, _ := copyNameDay(filepath.Base(dst))
	b := Backup{Copy: Copy{Path: dst, Day: day, Time: now, Size: fi.Size()}}
	if err := durable.SyncDir(durable.OS(), dir); err != nil {
		return b, fmt.Errorf("the club database %s: copied to %s, but %w", db.path, dst, err)
	}
	var errs []error
	n := 1 // the copy just made
	for _, c := range Copies(db.path) {
		if c.Path == dst {
			continue
		}
		if n < keep {
			n++
			continue
		}
		if err := os.Remove(c.Path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
			continue
		}
		b.Removed = append(b.Removed, c.Path)
	}
	if err := errors.Join(errs...); err != nil {
		return b, fmt.Errorf("the club database %s: copied to %s, but removing an older copy: %w", db.path, dst, err)
	}
	return b, nil
}
