package clubdb

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/testing/clocktest"
)

// copyFile copies the file src to dst, mode 0600.
func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(dst, b, 0o600))
}

// malformed makes a closed database with random-looking bytes over its
// middle pages: too damaged for SQLite to check (a *DamagedError).
func malformed(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), FileName)
	goodFile(t, path)
	fi, err := os.Stat(path)
	require.NoError(t, err)
	patch(t, path, fi.Size()/2, bytes.Repeat([]byte{0xa5, 0x3c, 0xee, 0x01}, 2048))
	return path
}

// damagedRows makes a closed database whose check finds a rating of no
// player: a report of damaged rows, not a file too damaged to check.
func damagedRows(t *testing.T) string {
	t.Helper()
	return rowDamaged(t, "INSERT INTO players VALUES ('zz-rating-key', 'Zed', 1, 1); INSERT INTO ratings VALUES ('zz-rating-key', 3, 25, 8, 0, 1)",
		"zz-rating-key\x03", 2, 0x01)
}

// The refusal of a damaged database advises a backup first, names the
// copies klob serve made before its schema moves when there are any,
// and says plainly that a new database loses every tournament and
// today's daily; the check's report on damaged rows says the same.
func TestDamageAdvisesABackupFirst(t *testing.T) {
	path := malformed(t)
	err := openRefused(t, path)
	msg := err.Error()
	assert.Contains(t, msg, "It is left as it is. Put back your latest backup of the database, after moving the damaged one away with its -wal and -shm files")
	assert.Contains(t, msg, "klob serve keeps a copy of the database a day in "+filepath.Join(filepath.Dir(path), "backups")+" (the newest -backups of them), and there is none there; nor a copy before a schema move (club.db.vK.bak).")
	assert.Contains(t, msg, "Only if there is no backup: move it away with its -wal and -shm files")
	assert.Contains(t, msg, "loses every tournament, today's daily too (its entrants and results; its boards are drawn again).")
	assert.Less(t, bytes.Index([]byte(msg), []byte("Put back")), bytes.Index([]byte(msg), []byte("move it away")), "the backup comes first")

	copyFile(t, path, path+".v3.bak")
	copyFile(t, path, path+".v3-2.bak")
	require.NoError(t, os.WriteFile(path+".v4.bak.new", nil, 0o600))
	want := "The copy it makes before each schema move holds the club as it was then: here " + path + ".v3-2.bak, " + path + ".v3.bak."
	assert.Contains(t, openRefused(t, path).Error(), want)
	_, err = CheckFile(context.Background(), path)
	assert.ErrorContains(t, err, want)

	row := damagedRows(t)
	copyFile(t, row, row+".v2.bak")
	rep, err := CheckFile(context.Background(), row)
	require.NoError(t, err)
	require.True(t, rep.Damaged)
	var out bytes.Buffer
	rep.Write(&out)
	assert.Contains(t, out.String(), "It is left as it is. Put back your latest backup")
	assert.Contains(t, out.String(), "here "+row+".v2.bak.")

	// A day's copy beside it: the report names it and how to put it back.
	require.NoError(t, os.Mkdir(filepath.Join(filepath.Dir(row), BackupDir), 0o700))
	day := filepath.Join(filepath.Dir(row), BackupDir, "club-2026-12-01.db")
	copyFile(t, row, day)
	rep, err = CheckFile(context.Background(), row)
	require.NoError(t, err)
	out.Reset()
	rep.Write(&out)
	assert.Contains(t, out.String(), "here, the newest first: "+day+" (taken ")
	assert.Contains(t, out.String(), "; cp "+day+" "+row+"; then start klob serve")
}

// Refusing or checking a damaged database leaves nothing beside it:
// not the -wal and -shm files SQLite makes when it reads one in WAL
// mode, nor a copy of a read-only file's mode that a later start would
// be refused for. Files that were there stay.
func TestDamageLeavesNoFilesBeside(t *testing.T) {
	row := damagedRows(t)
	for _, path := range []string{malformed(t), row} {
		dir := filepath.Dir(path)
		before := namesIn(t, dir)
		openRefused(t, path)
		assert.Equal(t, before, namesIn(t, dir), "after Open")
		_, _ = CheckFile(context.Background(), path)
		assert.Equal(t, before, namesIn(t, dir), "after the check")

		require.NoError(t, os.Chmod(path, 0o444))
		_, _ = CheckFile(context.Background(), path)
		assert.Equal(t, before, namesIn(t, dir), "after the check of a read-only file")
		require.NoError(t, os.Chmod(path, 0o600))

		// An empty log and a -shm there before are SQLite's, not the
		// check's: they stay.
		require.NoError(t, os.WriteFile(path+WALSuffix, nil, 0o600))
		_, _ = CheckFile(context.Background(), path)
		openRefused(t, path)
		assert.FileExists(t, path+WALSuffix)
	}
}

// The check of a missing database whose log is left says so, as Open
// does, not only that there is no database.
func TestCheckNamesALogLeftWithoutItsDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	_, err := CheckFile(context.Background(), path)
	assert.EqualError(t, err, "no club database at "+path)
	require.NoError(t, os.WriteFile(path+WALSuffix, []byte("frames of a database moved away"), 0o600))
	_, err = CheckFile(context.Background(), path)
	var de *DamagedError
	require.ErrorAs(t, err, &de)
	want := "the club database " + path + " is missing, and the write-ahead log of the database that was there (" + path + "-wal, 31 bytes) is left: it was moved without it."
	assert.Contains(t, err.Error(), want)
	assert.Contains(t, openRefused(t, path).Error(), want)
	assert.NoFileExists(t, path)
}

// The refusal of a damaged database lists the copies klob serve took,
// the newest first with their times, and the commands that put the
// newest back; run as they are said, they bring the club back as the
// copy has it. The check says the same.
func TestDamageListsTheDaysCopies(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	goodFile(t, path)
	db, err := Open(path, Options{})
	require.NoError(t, err)
	ctx := context.Background()
	day := clocktest.Start()
	_, err = db.Backup(ctx, day.Add(-24*time.Hour), 7)
	require.NoError(t, err)
	_, err = db.Backup(ctx, day, 7)
	require.NoError(t, err)
	want, err := db.Counts(ctx)
	require.NoError(t, err)
	var p plusOne
	_, err = db.RecordGame(ctx, testGame("after the copy", "a", "b"), p.rate)
	require.NoError(t, err)
	require.NoError(t, db.Close())
	copyFile(t, path, path+".v3.bak")
	fi, err := os.Stat(path)
	require.NoError(t, err)
	patch(t, path, fi.Size()/2, bytes.Repeat([]byte{0xa5, 0x3c, 0xee, 0x01}, 2048))

	copies := Copies(path)
	require.Len(t, copies, 2)
	newest := filepath.Join(dir, "backups", "club-2026-12-01.db")
	require.Equal(t, newest, copies[0].Path)
	list := fmt.Sprintf("klob serve keeps a copy of the database a day; here, the newest first: %s (taken %s), %s (taken %s).",
		newest, copies[0].Time.Format("2006-01-02 15:04"), filepath.Join(dir, "backups", "club-2026-11-30.db"), copies[1].Time.Format("2006-01-02 15:04"))
	msg := openRefused(t, path).Error()
	assert.Contains(t, msg, list)
	assert.Contains(t, msg, "The copy it makes before each schema move holds the club as it was then: here "+path+".v3.bak.")
	_, err = CheckFile(ctx, path)
	assert.ErrorContains(t, err, list)

	const from, to = "To put the newest back, stop klob serve, then run (the mv naming only the files there): ", "; then start klob serve"
	i, j := strings.Index(msg, from), strings.Index(msg, to)
	require.True(t, i >= 0 && j > i, msg)
	cmds := strings.Split(msg[i+len(from):j], "; ")
	require.Len(t, cmds, 3, "mkdir, mv, cp")
	aside := filepath.Join(dir, "damaged")
	assert.Equal(t, []string{
		"mkdir " + aside,
		"mv " + path + " " + path + "-wal " + path + "-shm " + aside + "/",
		"cp " + newest + " " + path,
	}, cmds)
	for _, c := range cmds {
		args := strings.Fields(c)
		if args[0] == "mv" {
			// The operator leaves out the files that are not there.
			args = slices.DeleteFunc(args, func(a string) bool {
				_, err := os.Stat(a)
				return a != "mv" && err != nil
			})
		}
		out, err := exec.Command(args[0], args[1:]...).CombinedOutput()
		require.NoError(t, err, "%s: %s", c, out)
	}
	assert.FileExists(t, filepath.Join(aside, FileName))
	db = openAt(t, path, nil)
	assertCounts(t, db, want, "the club as the copy has it")
	assertSound(t, db)
}

// A path the shell would read is quoted.
func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{
		"/srv/klob/club.db":   "/srv/klob/club.db",
		"/srv/my klob/x.db":   "'/srv/my klob/x.db'",
		"/srv/ann's/club.db":  `'/srv/ann'\''s/club.db'`,
		"/srv/$HOME/club.db":  "'/srv/$HOME/club.db'",
		"":                    "''",
		"C:/klob-state_2/a.b": "C:/klob-state_2/a.b",
	} {
		assert.Equal(t, want, shellQuote(in), in)
	}
}
