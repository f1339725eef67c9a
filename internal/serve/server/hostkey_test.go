package server

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/testing/testkit"
)

// names lists the files in dir.
func names(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

// A write that fails halfway, and whose temporary cannot be removed
// either (as after a crash), leaves no file under the key's name; the
// next start makes a whole key and removes the temporary.
func TestHostKeyPartialWriteLeavesNoKey(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "host_ed25519")
	ffs := testkit.NewFaultFS("write")
	ffs.Short = true
	ffs.NoRemove = true
	created, err := ensureHostKey(ffs, path)
	require.ErrorIs(t, err, testkit.ErrInjected)
	assert.False(t, created)
	_, err = os.Stat(path)
	assert.ErrorIs(t, err, os.ErrNotExist, "a partial key is under the key's name")
	require.Len(t, names(t, dir), 1, "the half-written temporary is left, as after a crash")

	created, err = ensureHostKey(durable.OS(), path)
	require.NoError(t, err)
	assert.True(t, created)
	_, err = readHostKey(path)
	require.NoError(t, err)
	assert.Equal(t, []string{"host_ed25519"}, names(t, dir), "the leftover temporary is removed")
	fi, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
}

// A failure at any step of the write leaves the name absent or holding
// a whole key, never a part of one.
func TestHostKeyAbsentOrWholeAfterAnyFailure(t *testing.T) {
	for _, st := range testkit.SaveFaults() {
		t.Run(st.Fail, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "host_ed25519")
			ffs := testkit.NewFaultFS(st.Fail)
			ffs.Short = st.Short
			ffs.NoRemove = true
			_, err := ensureHostKey(ffs, path)
			if st.Fail == "rename" {
				// The key is placed with a link: no rename to fail.
				require.NoError(t, err)
			}
			if _, serr := os.Stat(path); serr == nil {
				_, rerr := readHostKey(path)
				assert.NoError(t, rerr, "the key's name holds a damaged key")
			} else {
				assert.ErrorIs(t, serr, os.ErrNotExist)
				assert.Error(t, err)
			}
		})
	}
}

// linkRace is durable.OS with another server's key put at the name just
// before the link, as when two servers start at once.
type linkRace struct {
	durable.FS
	other []byte
}

func (l linkRace) Link(a, b string) error {
	if err := os.WriteFile(b, l.other, 0o600); err != nil {
		return err
	}
	return l.FS.Link(a, b)
}

// An existing key is never replaced: neither one there at the start nor
// one another server places while this one writes its own. Both servers
// then read the same key, and no temporary is left.
func TestHostKeyNeverReplaced(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "host_ed25519")
	created, err := ensureHostKey(durable.OS(), path)
	require.NoError(t, err)
	require.True(t, created)
	first, err := os.ReadFile(path)
	require.NoError(t, err)

	created, err = ensureHostKey(durable.OS(), path)
	require.NoError(t, err)
	assert.False(t, created)
	again, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, first, again, "the key was replaced")

	path2 := filepath.Join(dir, "other_ed25519")
	created, err = ensureHostKey(linkRace{FS: durable.OS(), other: first}, path2)
	require.NoError(t, err)
	assert.False(t, created, "the key made meanwhile is reported as made here")
	got, err := os.ReadFile(path2)
	require.NoError(t, err)
	assert.Equal(t, first, got, "the key made meanwhile was replaced")
	assert.ElementsMatch(t, []string{"host_ed25519", "other_ed25519"}, names(t, dir))
}
