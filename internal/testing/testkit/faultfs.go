package testkit

import (
	"errors"

	"github.com/klob/klob/internal/platform/durable"
)

// ErrInjected is the error a FaultFS call fails with.
var ErrInjected = errors.New("injected failure")

// FaultFS is a durable.FS with one call failing: the call named Fail
// ("create", "write", "sync", "close", "rename", "opendir", "syncdir",
// "closedir", "remove"), after the first Skip such calls. Short makes the
// failing write write half its bytes first. NoRemove makes Remove fail
// too, as if the process had died before cleaning up. Calls records
// every call by that name, in order.
type FaultFS struct {
	durable.FS
	Fail     string
	Skip     int
	Short    bool
	NoRemove bool
	Calls    []string
}

// NewFaultFS returns a FaultFS over the real file system that fails fail.
func NewFaultFS(fail string) *FaultFS { return &FaultFS{FS: durable.OS(), Fail: fail} }

func (f *FaultFS) hit(op string) bool {
	f.Calls = append(f.Calls, op)
	if op != f.Fail {
		return false
	}
	if f.Skip > 0 {
		f.Skip--
		return false
	}
	return true
}

func (f *FaultFS) CreateTemp(dir, pattern string) (durable.File, error) {
	if f.hit("create") {
		return nil, ErrInjected
	}
	file, err := f.FS.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	return &faultFile{File: file, fs: f}, nil
}

func (f *FaultFS) Open(name string) (durable.File, error) {
	if f.hit("opendir") {
		return nil, ErrInjected
	}
	file, err := f.FS.Open(name)
	if err != nil {
		return nil, err
	}
	return &faultFile{File: file, fs: f, kind: "dir"}, nil
}

func (f *FaultFS) Rename(a, b string) error {
	if f.hit("rename") {
		return ErrInjected
	}
	return f.FS.Rename(a, b)
}

func (f *FaultFS) Remove(name string) error {
	if f.NoRemove || f.hit("remove") {
		return ErrInjected
	}
	return f.FS.Remove(name)
}

type faultFile struct {
	durable.File
	fs   *FaultFS
	kind string
}

func (f *faultFile) Write(b []byte) (int, error) {
	if f.fs.hit("write") {
		if f.fs.Short {
			n, _ := f.File.Write(b[:len(b)/2])
			return n, ErrInjected
		}
		return 0, ErrInjected
	}
	return f.File.Write(b)
}

func (f *faultFile) Sync() error {
	if f.fs.hit("sync" + f.kind) {
		return ErrInjected
	}
	return f.File.Sync()
}

func (f *faultFile) Close() error {
	if f.fs.hit("close" + f.kind) {
		f.File.Close()
		return ErrInjected
	}
	return f.File.Close()
}

// SaveFault is one failure to inject into a durable save: the call that
// fails (see FaultFS), whether the failing write is short, and whether
// the new content is in place despite the error (the rename was done).
type SaveFault struct {
	Fail      string
	Short     bool
	AfterMove bool
}

// SaveFaults lists a failure at each step of durable.Replace, in order.
func SaveFaults() []SaveFault {
	return []SaveFault{
		{Fail: "create"},
		{Fail: "write"},
		{Fail: "write", Short: true},
		{Fail: "sync"},
		{Fail: "close"},
		{Fail: "rename"},
		{Fail: "opendir", AfterMove: true},
		{Fail: "syncdir", AfterMove: true},
		{Fail: "closedir", AfterMove: true},
	}
}

// SaveCalls is the order of the calls of a durable.Replace, as FaultFS
// records them: the file is synced and closed before the rename, and the
// directory synced after it.
func SaveCalls() []string {
	return []string{"create", "write", "sync", "close", "rename", "opendir", "syncdir", "closedir"}
}
