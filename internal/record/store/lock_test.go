package store

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/klob/klob/internal/record/gamelog"
)

// Two stores saving their first game into one empty state directory at
// the same moment: never both succeed, and what is on disk is the save
// that succeeded: one save must never silently replace the other's
// first save.
func TestConcurrentFirstSaves(t *testing.T) {
	logs := [2]*gamelog.Log{readLog(t, "saves/in-dix.klob"), readLog(t, "saves/in-trick.klob")}
	trials := 300
	if testing.Short() {
		trials = 100
	}
	for trial := range trials {
		dir := filepath.Join(t.TempDir(), "state")
		stores := [2]*Store{New(dir, Options{Now: fixedNow}), New(dir, Options{Now: fixedNow})}
		var errs [2]error
		var start, done sync.WaitGroup
		start.Add(1)
		for i := range 2 {
			done.Add(1)
			go func() {
				defer done.Done()
				start.Wait()
				errs[i] = stores[i].SaveCurrent(logs[i])
			}()
		}
		start.Done()
		done.Wait()
		if errs[0] == nil && errs[1] == nil {
			t.Fatalf("trial %d: both stores saved their first game, one over the other", trial)
		}
		if errs[0] != nil && errs[1] != nil {
			t.Fatalf("trial %d: neither saved: %v; %v", trial, errs[0], errs[1])
		}
		won := 0
		if errs[0] != nil {
			won = 1
		}
		if lost := errs[1-won]; !errors.Is(lost, ErrConflict) && !errors.Is(lost, ErrBusy) {
			t.Fatalf("trial %d: the second save failed with %v, want ErrConflict or ErrBusy", trial, lost)
		}
		if got, _ := os.ReadFile(stores[won].CurrentPath()); !bytes.Equal(got, text(t, logs[won])) {
			t.Fatalf("trial %d: current.klob is not the save that succeeded", trial)
		}
	}
}

// A Store holding the lock for its game keeps every other Store out: its
// Lock says another Klob plays there, its saves and archives fail with
// ErrBusy and touch nothing, its LoadCurrent reads but moves nothing.
func TestLockKeepsOthersOut(t *testing.T) {
	dir := t.TempDir()
	a := New(dir, Options{Now: fixedNow})
	if err := a.Lock(); err != nil {
		t.Fatal(err)
	}
	// b's Lock below is refused: a still holds the lock after this.
	if err := a.Lock(); err != nil {
		t.Fatalf("a second Lock of the same store: %v", err)
	}
	if err := a.SaveCurrent(readLog(t, "saves/in-dix.klob")); err != nil {
		t.Fatal(err)
	}
	const wait = 20 * time.Millisecond
	b := New(dir, Options{Now: fixedNow, LockWait: wait})
	err := b.Lock()
	var be *BusyError
	if !errors.As(err, &be) || !errors.Is(err, ErrBusy) || be.PID != os.Getpid() ||
		err.Error() != fmt.Sprintf("another Klob (process %d) is playing in %s", os.Getpid(), dir) {
		t.Fatalf("Lock of a second store: got %v, want a BusyError naming this process", err)
	}
	l, err := b.LoadCurrent()
	if err != nil || l == nil {
		t.Fatalf("LoadCurrent while another plays: %v", err)
	}
	t0 := time.Now()
	if err := b.SaveCurrent(l); !errors.Is(err, ErrBusy) {
		t.Fatalf("SaveCurrent while another plays: got %v, want ErrBusy", err)
	}
	// The save waits for the lock, then gives up: the bound only
	// catches one that waits indefinitely (a loaded machine may wake it
	// late, so it is no measure of the wait).
	if w := time.Since(t0); w > wait+time.Minute {
		t.Errorf("the refused save took %v", w)
	}
	// A damaged save is reported but not moved while the other plays.
	os.WriteFile(a.CurrentPath(), []byte("garbage"), 0o644)
	_, err = b.LoadCurrent()
	var de *DamagedError
	if !errors.As(err, &de) || de.Aside != "" {
		t.Fatalf("damaged save while another plays: got %v, want a DamagedError left in place", err)
	}
	if got, _ := os.ReadFile(a.CurrentPath()); string(got) != "garbage" {
		t.Fatal("the save was moved while another Klob played")
	}
	if err := a.Unlock(); err != nil {
		t.Fatal(err)
	}
	if err := b.Lock(); err != nil {
		t.Fatalf("after the first store let go: %v", err)
	}
	b.Unlock()
}

// TestLockDirError: a state directory that cannot be made (a file is in
// its way, or in the way of a folder above it) is said once, with the
// system's cause and not its call, and still matches that cause.
func TestLockDirError(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{file, filepath.Join(file, "below")} {
		err := New(dir, Options{}).Lock()
		want := "the state directory " + dir + " cannot be locked: not a directory"
		var de *DirError
		if err == nil || err.Error() != want || !errors.Is(err, syscall.ENOTDIR) || !errors.As(err, &de) || de.Dir != dir {
			t.Errorf("%s: got %v, want %q", dir, err, want)
		}
	}
}

// A game saved in a second state directory moves into the first once
// it is free: the first offers it, the second holds it no more, and a
// game saved in the first is never replaced.
func TestTakeCurrent(t *testing.T) {
	root := t.TempDir()
	main := New(filepath.Join(root, "klob"), Options{Now: fixedNow})
	second := New(filepath.Join(root, "klob-2"), Options{Now: fixedNow})
	l := readLog(t, "saves/in-trick.klob")
	if err := second.SaveCurrent(l); err != nil {
		t.Fatal(err)
	}
	if _, err := main.TakeCurrent(second); err == nil {
		t.Fatal("TakeCurrent without the lock of the first directory succeeded")
	}
	if err := main.Lock(); err != nil {
		t.Fatal(err)
	}
	defer main.Unlock()

	// Another Klob plays in the second directory: its game stays.
	other := New(second.Dir(), Options{})
	if err := other.Lock(); err != nil {
		t.Fatal(err)
	}
	if took, err := main.TakeCurrent(second); took || !errors.Is(err, ErrBusy) {
		t.Fatalf("TakeCurrent from a busy directory = %v, %v; want false, ErrBusy", took, err)
	}
	other.Unlock()

	took, err := main.TakeCurrent(second)
	if !took || err != nil {
		t.Fatalf("TakeCurrent = %v, %v; want true, nil", took, err)
	}
	got, err := main.LoadCurrent()
	if err != nil || !bytes.Equal(text(t, got), text(t, l)) {
		t.Fatalf("the first directory's save after the move: %v", err)
	}
	if second.HasCurrent() {
		t.Fatal("the second directory still holds the saved game")
	}
	if took, err := main.TakeCurrent(second); took || err != nil {
		t.Fatalf("TakeCurrent with nothing to take = %v, %v; want false, nil", took, err)
	}

	// A game in each: neither moves nor is replaced.
	l2 := readLog(t, "saves/in-dix.klob")
	if err := second.SaveCurrent(l2); err != nil {
		t.Fatal(err)
	}
	if took, err := main.TakeCurrent(second); took || !errors.Is(err, ErrConflict) {
		t.Fatalf("TakeCurrent over a saved game = %v, %v; want false, ErrConflict", took, err)
	}
	if b, _ := os.ReadFile(main.CurrentPath()); !bytes.Equal(b, text(t, l)) {
		t.Fatal("the first directory's saved game was replaced")
	}
	if b, _ := os.ReadFile(second.CurrentPath()); !bytes.Equal(b, text(t, l2)) {
		t.Fatal("the second directory's saved game was lost")
	}
}
