package dirlock

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// ErrLocked is wrapped by the error of TryLock and Wait when another
// holder has the lock.
var ErrLocked = errors.New("locked by another holder")

// LockedError says which lock is held, and by which process when the
// holder wrote its process id into the lock file.
type LockedError struct {
	Path string
	PID  int // 0 when unknown
}

func (e *LockedError) Error() string {
	if e.PID > 0 {
		return fmt.Sprintf("%s is held by process %d", e.Path, e.PID)
	}
	return fmt.Sprintf("%s is held by another process", e.Path)
}

func (e *LockedError) Unwrap() error { return ErrLocked }

// Lock is a held lock.
type Lock struct {
	f *os.File
}

// TryLock takes the lock on the file at path, creating the file when
// missing (not its directory: a directory another process removed stays
// removed), and writes this process's id into it. It fails at once with
// a *LockedError when the lock is held, by this process or another.
func TryLock(path string) (*Lock, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	ok, err := tryLock(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	if !ok {
		f.Close()
		return nil, &LockedError{Path: path, PID: holder(path)}
	}
	// Best effort: the id only makes the message of the next one
	// clearer.
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return &Lock{f: f}, nil
}

// Wait takes the lock, retrying every few milliseconds while another
// holder has it, until ctx ends; it then returns the *LockedError.
func Wait(ctx context.Context, path string) (*Lock, error) {
	delay := time.Millisecond
	for {
		l, err := TryLock(path)
		if !errors.Is(err, ErrLocked) {
			return l, err
		}
		select {
		case <-ctx.Done():
			return nil, err
		case <-time.After(delay):
		}
		delay = min(2*delay, 50*time.Millisecond)
	}
}

// Unlock releases the lock. The lock file stays: removing it would let a
// third process lock a new file while a second still waits on the old.
func (l *Lock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Close() // closing the descriptor releases the flock
	l.f = nil
	return err
}

// holder reads the process id in the lock file, 0 when there is none.
func holder(path string) int {
	b := make([]byte, 32)
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	n, _ := f.Read(b)
	pid, err := strconv.Atoi(strings.TrimSpace(string(b[:n])))
	if err != nil || pid <= 0 {
		return 0
	}
	return pid
}
