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
	// Time is when it was taken: the file's modification time, which
	// Backup sets to its clock's time.
	Time time.Time
	Size int64
}

// BackupsDir is the backup folder of the database at path.
func BackupsDir(path string) string { return filepath.Join(filepath.Dir(path), BackupDir) }

// copyName is the name of the copy taken at t.
func copyName(t time.Time) string { return copyPrefix + t.Format(copyDay) + copyExt }

// isCopyName reports whether name is a copy's: club-YYYY-MM-DD.db.
func isCopyName(name string) bool {
	day, ok := strings.CutPrefix(name, copyPrefix)
	if !ok {
		return false
	}
	day, ok = strings.CutSuffix(day, copyExt)
	if !ok {
		return false
	}
	_, err := time.Parse(copyDay, day)
	return err == nil
}

// isHalfDayCopy reports whether name is a copy being made (a copy's
// name and .new) or its SQLite journal.
func isHalfDayCopy(name string) bool {
	rest, ok := strings.CutSuffix(strings.TrimSuffix(name, "-journal"), newSuffix)
	return ok && isCopyName(rest)
}

// Copies lists the copies in the backup folder of the database at path,
// the newest first; none when the folder is missing or unreadable. Only
// regular files named as Backup names them are copies: any other file
// there is the operator's.
func Copies(path string) []Copy {
	dir := BackupsDir(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []Copy
	for _, e := range entries {
		if !e.Type().IsRegular() || !isCopyName(e.Name()) {
			continue
		}
		fi, err := e.Info()
		if err != nil {
			continue
		}
		out = append(out, Copy{Path: filepath.Join(dir, e.Name()), Time: fi.ModTime(), Size: fi.Size()})
	}
	slices.SortFunc(out, func(a, b Copy) int {
		if c := b.Time.Compare(a.Time); c != 0 {
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
	b := Backup{Copy: Copy{Path: dst, Time: now, Size: fi.Size()}}
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
