//go:build unix

package testkit

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// SpecialFile is a path that is not a regular file, and the words a
// refusal names it by.
type SpecialFile struct{ Path, What string }

// SpecialFiles makes, in a fresh directory, the files a reader of
// untrusted paths must refuse at once: a FIFO (read whole, it would
// hang), /dev/zero (endless), a link to /dev/zero and the directory
// itself. It skips the test where no FIFO can be made.
func SpecialFiles(t testing.TB) []SpecialFile {
	t.Helper()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.klob")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	link := filepath.Join(dir, "current.klob")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Fatal(err)
	}
	return []SpecialFile{
		{fifo, "a FIFO"},
		{"/dev/zero", "a character device"},
		{link, "a character device"},
		{dir, "a directory"},
	}
}
