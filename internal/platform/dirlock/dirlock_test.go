package dirlock_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/klob/klob/internal/platform/dirlock"
)

func TestTryLock(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	path := filepath.Join(dir, "lock")
	if _, err := dirlock.TryLock(path); err == nil {
		t.Fatal("TryLock made the missing directory")
	}
	os.Mkdir(dir, 0o755)
	a, err := dirlock.TryLock(path)
	if err != nil {
		t.Fatal(err)
	}
	// A second holder, even in the same process, is refused at once, and
	// told who holds it.
	_, err = dirlock.TryLock(path)
	var le *dirlock.LockedError
	if !errors.Is(err, dirlock.ErrLocked) || !errors.As(err, &le) || le.PID != os.Getpid() ||
		!strings.Contains(err.Error(), fmt.Sprintf("process %d", os.Getpid())) {
		t.Fatalf("second TryLock: got %v, want a LockedError naming this process", err)
	}
	// The lock file (it holds a process id) is its owner's alone, as
	// everything in a state directory is.
	if fi, err := os.Stat(path); err != nil {
		t.Errorf("the lock file: %v", err)
	} else if fi.Mode().Perm() != 0o600 {
		t.Errorf("the lock file: mode %v, want 0600", fi.Mode().Perm())
	}
	if err := a.Unlock(); err != nil {
		t.Fatal(err)
	}
	b, err := dirlock.TryLock(path)
	if err != nil {
		t.Fatalf("after Unlock: %v", err)
	}
	b.Unlock()
	b.Unlock() // twice is harmless
}

// Wait serialises critical sections: a counter read and written back by
// many goroutines under the lock loses nothing.
func TestWaitSerialises(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lock")
	count := filepath.Join(t.TempDir(), "count")
	os.WriteFile(count, []byte("0"), 0o644)
	var wg sync.WaitGroup
	// Each waiter backs off to 50 ms between tries, so many of them take
	// seconds: the inner loop runs fewer.
	n := 40
	if testing.Short() {
		n = 10
	}
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // a guard: only a lock never given back reaches it
			defer cancel()
			l, err := dirlock.Wait(ctx, path)
			if err != nil {
				t.Error(err)
				return
			}
			defer l.Unlock()
			b, _ := os.ReadFile(count)
			var c int
			fmt.Sscan(string(b), &c)
			time.Sleep(time.Millisecond)
			os.WriteFile(count, []byte(fmt.Sprint(c+1)), 0o644)
		}()
	}
	wg.Wait()
	if b, _ := os.ReadFile(count); string(b) != fmt.Sprint(n) {
		t.Errorf("counter %s after %d locked increments", b, n)
	}
}

func TestWaitGivesUp(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lock")
	l, err := dirlock.TryLock(path)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	if _, err := dirlock.Wait(ctx, path); !errors.Is(err, dirlock.ErrLocked) {
		t.Errorf("Wait on a held lock: got %v, want ErrLocked when ctx ends", err)
	}
}
