//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/klob/klob/internal/platform/untrusted"
)

// Endless and special files given to verify, analyze and replay are
// refused at once with what they are: read whole, /dev/zero would fill
// the memory and a FIFO would hang.
func TestReadersRefuseSpecialAndHugeFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.klob")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	huge := filepath.Join(dir, "huge.klob")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(untrusted.MaxFileSize + 1) // sparse: nothing written
	f.Close()
	for _, c := range []struct{ path, want string }{
		{"/dev/zero", "not a regular file (a character device)"},
		{fifo, "not a regular file (a FIFO)"},
		{huge, "file too large: over 16 MiB"},
	} {
		for name, run := range map[string]func([]string) (int, string){
			"verify": func(a []string) (int, string) { c, _, e := verify(a...); return c, e },
			"analyze": func(a []string) (int, string) {
				var o, e strings.Builder
				return runAnalyze(a, &o, &e), e.String()
			},
		} {
			done := make(chan struct{})
			var code int
			var errs string
			go func() {
				code, errs = run([]string{c.path})
				close(done)
			}()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatalf("%s %s: still running after 10 s", name, c.path)
			}
			if code != 1 || !strings.Contains(errs, c.want) || !strings.Contains(errs, c.path) {
				t.Errorf("%s %s: exit %d, %q; want 1 and %q", name, c.path, code, errs, c.want)
			}
		}
	}
}
