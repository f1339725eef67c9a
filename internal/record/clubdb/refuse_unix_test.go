//go:build unix

package clubdb

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/testing/testkit"
)

// A club database that cannot be written (mode 0444 in a 0555
// directory, or immutable for root, who may write any mode) is refused
// at Open with a message that says so and where, before the import's
// first write; the file is left as it was.
func TestOpenRefusesAReadOnlyFile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	path := filepath.Join(dir, FileName)
	goodFile(t, path)
	before := fileSum(t, path)
	if os.Geteuid() == 0 {
		if err := exec.Command("chattr", "+i", path).Run(); err != nil {
			t.Skipf("root, and no immutable flag here: %v", err)
		}
		t.Cleanup(func() { _ = exec.Command("chattr", "-i", path).Run() })
	} else {
		require.NoError(t, os.Chmod(path, 0o444))
		require.NoError(t, os.Chmod(dir, 0o555))
		t.Cleanup(func() { _ = os.Chmod(dir, 0o755) })
	}
	err := openRefused(t, path)
	assert.Contains(t, err.Error(), "the club database "+path+" cannot be written (read-only")
	assert.Contains(t, err.Error(), "It is left as it is")
	assert.Equal(t, before, fileSum(t, path), "the file changed")
}

// A club database its user cannot read (mode 0200 or 0000) is refused
// at Open as one that cannot be read, with the advice of read
// permission, not as read-only, and by the check as unreadable; the
// file is left as it was. Root reads any mode: TestAccessErrorSaysWhatFails
// checks the words there.
func TestOpenRefusesAnUnreadableFile(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads and writes any mode")
	}
	for _, c := range []struct {
		mode os.FileMode
		says string
	}{
		{0o200, "cannot be read (permission denied); klob serve reads it: give the server's user read permission (chmod u+r)"},
		{0o000, "cannot be read or written (permission denied); klob serve reads and writes it: give the server's user read and write permission (chmod u+rw"},
	} {
		t.Run(c.mode.String(), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), FileName)
			goodFile(t, path)
			before := fileSum(t, path)
			require.NoError(t, os.Chmod(path, c.mode))
			t.Cleanup(func() { _ = os.Chmod(path, 0o600) })
			err := openRefused(t, path)
			assert.Contains(t, err.Error(), "the club database "+path+" "+c.says)
			assert.NotContains(t, err.Error(), "read-only")
			assert.Contains(t, err.Error(), "It is left as it is")
			_, err = CheckFile(context.Background(), path)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "the club database "+path+" cannot be read (permission denied)")
			require.NoError(t, os.Chmod(path, 0o600))
			assert.Equal(t, before, fileSum(t, path), "the file changed")
		})
	}
}

// A directory, a FIFO or a device where the club database should be is
// refused in words ("a directory"), not the mode's bits, by Open and by
// the check, without a read that could hang.
func TestSpecialFilesAreRefused(t *testing.T) {
	for _, s := range testkit.SpecialFiles(t) {
		t.Run(s.What, func(t *testing.T) {
			err := openRefused(t, s.Path)
			assert.Contains(t, err.Error(), s.Path+" is not a regular file ("+s.What+"): it is left as it is")
			_, err = CheckFile(context.Background(), s.Path)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "("+s.What+")")
		})
	}
}
