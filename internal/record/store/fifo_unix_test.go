//go:build unix

package store

import (
	"errors"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/klob/klob/internal/platform/untrusted"
)

// A FIFO or a link to /dev/zero in place of the save is refused at once,
// left in place, and never replaced (read whole, a FIFO would hang the screen and a
// link to /dev/zero would fill the memory).
func TestSpecialFileAsSave(t *testing.T) {
	for name, mk := range map[string]func(path string) error{
		"fifo":      func(p string) error { return syscall.Mkfifo(p, 0o644) },
		"/dev/zero": func(p string) error { return os.Symlink("/dev/zero", p) },
	} {
		t.Run(name, func(t *testing.T) {
			s := newStore(t, nil)
			if err := mk(s.CurrentPath()); err != nil {
				t.Skip(err)
			}
			done := make(chan error, 1)
			go func() {
				_, err := s.LoadCurrent()
				done <- err
			}()
			var err error
			select {
			case err = <-done:
			case <-time.After(time.Minute): // a guard against a hang, not a measure
				t.Fatal("LoadCurrent still blocked after a minute")
			}
			var ue *UnreadableError
			if !errors.As(err, &ue) || !errors.Is(err, untrusted.ErrNotRegular) {
				t.Fatalf("got %v, want an UnreadableError: not a regular file", err)
			}
			if _, err := os.Lstat(s.CurrentPath()); err != nil {
				t.Fatalf("the special file was moved: %v", err)
			}
			if err := s.SaveCurrent(readLog(t, "saves/in-dix.klob")); !errors.Is(err, ErrConflict) {
				t.Fatalf("save over it: got %v, want ErrConflict", err)
			}
		})
	}
}
