package clubdb

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
	assert.Contains(t, msg, "klob serve keeps no backups but the copy it makes before a schema move (club.db.vK.bak), and there is none here.")
	assert.Contains(t, msg, "Only if there is no backup: move it away with its -wal and -shm files")
	assert.Contains(t, msg, "loses every tournament, today's daily too (its entrants and results; its boards are drawn again).")
	assert.Less(t, bytes.Index([]byte(msg), []byte("Put back")), bytes.Index([]byte(msg), []byte("move it away")), "the backup comes first")

	copyFile(t, path, path+".v3.bak")
	copyFile(t, path, path+".v3-2.bak")
	require.NoError(t, os.WriteFile(path+".v4.bak.new", nil, 0o600))
	want := "here " + path + ".v3-2.bak, " + path + ".v3.bak."
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
