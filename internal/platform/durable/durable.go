package durable

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/klob/klob/internal/platform/untrusted"
)

// FS is the file-system calls a durable write makes, so tests can inject
// a failure at each step. OS returns the real one.
type FS interface {
	MkdirAll(path string, perm fs.FileMode) error
	// CreateTemp creates a new file in dir, as os.CreateTemp.
	CreateTemp(dir, pattern string) (File, error)
	// Open opens a file or directory for reading (a directory to Sync it).
	Open(name string) (File, error)
	ReadFile(name string) ([]byte, error)
	ReadDir(name string) ([]fs.DirEntry, error)
	Rename(oldpath, newpath string) error
	Remove(name string) error
	// Link makes newpath a second name of oldpath and fails if newpath
	// exists: it files a file without replacing another.
	Link(oldpath, newpath string) error
}

// File is an open file of an FS.
type File interface {
	io.Writer
	Sync() error
	Close() error
	Name() string
}

// OS returns the FS of the operating system. Its ReadFile reads only a
// regular file, of at most untrusted.MaxFileSize bytes.
func OS() FS { return osFS{} }

type osFS struct{}

func (osFS) MkdirAll(p string, perm fs.FileMode) error { return os.MkdirAll(p, perm) }
func (osFS) CreateTemp(dir, pattern string) (File, error) {
	return os.CreateTemp(dir, pattern)
}
func (osFS) Open(name string) (File, error)             { return os.Open(name) }
func (osFS) ReadFile(name string) ([]byte, error)       { return untrusted.ReadFile(name) }
func (osFS) ReadDir(name string) ([]fs.DirEntry, error) { return os.ReadDir(name) }
func (osFS) Rename(a, b string) error                   { return os.Rename(a, b) }
func (osFS) Remove(name string) error                   { return os.Remove(name) }
func (osFS) Link(a, b string) error                     { return os.Link(a, b) }

// DamagedError reports a file that could not be read or made no sense.
// The file was moved to Aside (kept, never deleted) and its owner starts
// afresh; Aside is "" when even the move failed, and then the file stays
// where it is and nothing may be written over it.
type DamagedError struct {
	What  string // what the file holds, for the message: "the saved game"
	Path  string // where the file was
	Aside string // where it is now
	Err   error  // why it could not be read
	// MoveErr is why it could not be moved aside (Aside is ""): a file
	// in the way of the folder, permissions; nil when it was, or when
	// no move was tried.
	MoveErr error
}

func (e *DamagedError) Error() string {
	what := e.What
	if what == "" {
		what = "the file"
	}
	if e.Aside == "" {
		return fmt.Sprintf("%s %s cannot be read, and is left as it is: %v", what, e.Path, e.Err)
	}
	return fmt.Sprintf("%s could not be read (kept as %s); starting afresh: %v", what, e.Aside, e.Err)
}

func (e *DamagedError) Unwrap() error { return e.Err }

// Damaged moves the file at path, which could not be read because of
// cause, into dir under a fresh name (see MoveAside) and returns the
// *DamagedError that says so.
func Damaged(fsys FS, what, path, dir, base, ext string, cause error) *DamagedError {
	aside, err := MoveAside(fsys, path, dir, base, ext)
	if err != nil {
		return &DamagedError{What: what, Path: path, Err: fmt.Errorf("%w (and it could not be moved aside: %v)", cause, err), MoveErr: err}
	}
	return &DamagedError{What: what, Path: path, Aside: aside, Err: cause}
}

// Replace writes data over path durably: a temporary file named after
// pattern in path's directory, renamed over path. placed reports whether
// the new content is in place (it is even when only the final directory
// sync failed).
func Replace(fsys FS, path, pattern string, data []byte) (placed bool, err error) {
	return Write(fsys, filepath.Dir(path), pattern, data, func(tmp string) error {
		return fsys.Rename(tmp, path)
	})
}

// ReplaceMkdir is Replace after making path's directory, with perm,
// when it is missing.
func ReplaceMkdir(fsys FS, path, pattern string, data []byte, perm fs.FileMode) error {
	if err := fsys.MkdirAll(filepath.Dir(path), perm); err != nil {
		return err
	}
	_, err := Replace(fsys, path, pattern, data)
	return err
}

// Write writes data to a new temporary file in dir, syncs and closes
// it, hands its name to place (a rename or a link), then syncs dir.
// placed reports whether place succeeded. The temporary file is removed
// whatever happens.
func Write(fsys FS, dir, pattern string, data []byte, place func(tmp string) error) (placed bool, err error) {
	f, err := fsys.CreateTemp(dir, pattern)
	if err != nil {
		return false, fmt.Errorf("create temporary file: %w", err)
	}
	tmp := f.Name()
	defer func() {
		if !placed || err != nil {
			fsys.Remove(tmp) // best effort; after a rename it is gone already
		}
	}()
	n, err := f.Write(data)
	if err == nil && n < len(data) {
		err = io.ErrShortWrite
	}
	if err != nil {
		f.Close()
		return false, fmt.Errorf("write: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return false, fmt.Errorf("sync: %w", err)
	}
	if err := f.Close(); err != nil {
		return false, fmt.Errorf("close: %w", err)
	}
	if err := place(tmp); err != nil {
		return false, err
	}
	if err := SyncDir(fsys, dir); err != nil {
		return true, err
	}
	return true, nil
}

// SyncDir makes a rename or a link in dir durable.
func SyncDir(fsys FS, dir string) error {
	d, err := fsys.Open(dir)
	if err != nil {
		return fmt.Errorf("open directory: %w", err)
	}
	if err := d.Sync(); err != nil {
		d.Close()
		return fmt.Errorf("sync directory: %w", err)
	}
	if err := d.Close(); err != nil {
		return fmt.Errorf("close directory: %w", err)
	}
	return nil
}

// PlaceNew finds a free name dir/base+ext, dir/base-2+ext, ... and
// places a file there with link, which must fail with fs.ErrExist when
// the name is taken. When linking is not possible on the file system,
// it checks the name is free and uses fallback (a rename).
func PlaceNew(fsys FS, dir, base, ext string, link, fallback func(dst string) error) (string, error) {
	for n := 1; n <= 1000; n++ {
		name := base + ext
		if n > 1 {
			name = fmt.Sprintf("%s-%d%s", base, n, ext)
		}
		dst := filepath.Join(dir, name)
		err := link(dst)
		if err == nil {
			return dst, nil
		}
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if _, rerr := fsys.ReadFile(dst); !errors.Is(rerr, fs.ErrNotExist) {
			continue
		}
		if err := fallback(dst); err != nil {
			return "", err
		}
		return dst, nil
	}
	return "", fmt.Errorf("no free name for %s in %s", base, dir)
}

// MoveAside moves the file at path into dir (made if missing) as
// base+ext, or base-2+ext and so on: never over another file. It
// returns the new path.
func MoveAside(fsys FS, path, dir, base, ext string) (string, error) {
	if err := fsys.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	dst, err := PlaceNew(fsys, dir, base, ext,
		func(dst string) error { return fsys.Link(path, dst) },
		func(dst string) error { return fsys.Rename(path, dst) })
	if err != nil {
		return "", err
	}
	if _, err := fsys.ReadFile(path); err == nil || !errors.Is(err, fs.ErrNotExist) {
		// Linked: drop the old name. (Renamed: it is gone already.)
		if err := fsys.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return dst, err
		}
	}
	SyncDir(fsys, dir)
	SyncDir(fsys, filepath.Dir(path))
	return dst, nil
}
