package clubdb

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
