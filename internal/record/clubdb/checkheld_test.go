package clubdb

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A check of a sound database nobody has open leaves its folder with
// the files it had: not the empty -wal and -shm SQLite makes to read a
// database in WAL mode, nor a lock file of its own; while a DB has the
// database open, its -wal and -shm are kept.
func TestCheckLeavesTheFolderAsFound(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	goodFile(t, path)
	before := namesIn(t, dir)
	require.Equal(t, []string{FileName, FileName + LockSuffix}, before)
	assertFileSound(t, path)
	assert.Equal(t, before, namesIn(t, dir))

	// Without its lock file (a copy moved on its own).
	require.NoError(t, os.Remove(path+LockSuffix))
	assertFileSound(t, path)
	assert.Equal(t, []string{FileName}, namesIn(t, dir))

	db := openAt(t, path, nil)
	open := namesIn(t, dir)
	require.Contains(t, open, FileName+WALSuffix)
	assertFileSound(t, path)
	assert.Equal(t, open, namesIn(t, dir), "the open database's files are kept")
	require.NoError(t, db.Close())
}
