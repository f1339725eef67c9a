//go:build unix

package untrusted_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/klob/klob/internal/platform/untrusted"
)

// Endless and special files are refused at once, with what they are
// (read whole, /dev/zero would fill the memory and a FIFO would hang
// the screen).
func TestReadFileRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	link := filepath.Join(dir, "current.klob")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, what string }{
		{fifo, "a FIFO"}, {"/dev/zero", "a character device"}, {link, "a character device"}, {dir, "a directory"},
	} {
		done := make(chan error, 1)
		go func() {
			_, err := untrusted.ReadFile(c.path)
			done <- err
		}()
		select {
		case err := <-done:
			if !errors.Is(err, untrusted.ErrNotRegular) || !strings.Contains(err.Error(), c.what) || !strings.Contains(err.Error(), c.path) {
				t.Errorf("%s: got %v, want ErrNotRegular saying %s", c.path, err, c.what)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: ReadFile still blocked after 5 s", c.path)
		}
	}
}
