package durable_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReplace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.txt")
	require.NoError(t, os.WriteFile(path, []byte("old"), 0o644))
	placed, err := durable.Replace(durable.OS(), path, ".f-*.tmp", []byte("new"))
	require.NoError(t, err)
	assert.True(t, placed)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "new", string(data))
}

// TestReplaceMkdir: the file's missing directories are made first, with
// the permissions asked.
func TestReplaceMkdir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b")
	path := filepath.Join(dir, "f.txt")
	require.NoError(t, durable.ReplaceMkdir(durable.OS(), path, ".f-*.tmp", []byte("new"), 0o700))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "new", string(data))
	fi, err := os.Stat(dir)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o700), fi.Mode().Perm())
}

// TestReplaceFailure: a failure before the rename leaves the old file
// and no temporary file; one after it leaves the new file in place.
func TestReplaceFailure(t *testing.T) {
	for _, st := range testkit.SaveFaults() {
		t.Run(fmt.Sprintf("%s short=%v", st.Fail, st.Short), func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "f.txt")
			require.NoError(t, os.WriteFile(path, []byte("old"), 0o644))
			ffs := testkit.NewFaultFS(st.Fail)
			ffs.Short = st.Short
			placed, err := durable.Replace(ffs, path, ".f-*.tmp", []byte("new"))
			require.ErrorIs(t, err, testkit.ErrInjected)
			assert.Equal(t, st.AfterMove, placed)
			want := "old"
			if st.AfterMove {
				want = "new"
			}
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, want, string(data))
			ents, err := os.ReadDir(dir)
			require.NoError(t, err)
			assert.Len(t, ents, 1, "a temporary file is left behind")
		})
	}
}

// TestDamaged: a damaged file moves aside under a fresh name each time,
// never over an earlier one, and the error says where it went.
func TestDamaged(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "rec.json")
	aside := filepath.Join(dir, "damaged")
	cause := errors.New("bad json")
	for i, want := range []string{"rec-1.json", "rec-1-2.json", "rec-1-3.json"} {
		content := []byte{'0' + byte(i)}
		require.NoError(t, os.WriteFile(path, content, 0o644))
		de := durable.Damaged(durable.OS(), "the record", path, aside, "rec-1", ".json", cause)
		require.ErrorIs(t, de, cause)
		assert.Equal(t, filepath.Join(aside, want), de.Aside)
		kept, err := os.ReadFile(de.Aside)
		require.NoError(t, err)
		assert.Equal(t, content, kept)
		_, err = os.Stat(path)
		assert.ErrorIs(t, err, os.ErrNotExist, "the damaged file is still in place")
		assert.Equal(t, "the record could not be read (kept as "+de.Aside+"); starting afresh: bad json", de.Error())
	}
	// When the folder for damaged files cannot be made, the file stays.
	require.NoError(t, os.WriteFile(path, []byte("x"), 0o644))
	de := durable.Damaged(durable.OS(), "the record", path, filepath.Join(path, "sub"), "rec", ".json", cause)
	assert.Empty(t, de.Aside)
	assert.ErrorIs(t, de, cause)
	assert.Contains(t, de.Error(), "the record "+path+" cannot be read, and is left as it is: bad json")
	_, err := os.Stat(path)
	assert.NoError(t, err)
}
