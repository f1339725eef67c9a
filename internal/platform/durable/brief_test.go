package durable

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestBrief: the cause of a failed write, without the server's paths.
func TestBrief(t *testing.T) {
	full := fmt.Errorf("save /srv/klob/players/ab12/current.klob: %w",
		fmt.Errorf("create temporary file: %w", &fs.PathError{Op: "open", Path: "/srv/klob/players/ab12/.current-1.tmp", Err: syscall.ENOSPC}))
	assert.Equal(t, "no space left on device", Brief(full))
	sentinel := errors.New("a saved game this session did not write is in the way")
	assert.Equal(t, sentinel.Error(), Brief(fmt.Errorf("save /x/y/current.klob: %w", sentinel)))
	assert.Equal(t, "permission denied", Brief(errors.Join(fmt.Errorf("filing: %w", &os.LinkError{Op: "link", Old: "/a/b", New: "/a/c", Err: syscall.EACCES}), errors.New("other"))))
	// A cause that names a path itself.
	assert.Equal(t, "no free name for g in …", Brief(errors.New("no free name for g in /srv/klob/players/x/history")))
	assert.Equal(t, "", Brief(nil))
	p := Public(full)
	assert.Equal(t, "no space left on device", p.Error())
	assert.ErrorIs(t, p, syscall.ENOSPC)
	assert.Nil(t, Public(nil))
}

// TestWhy: the cause of a failed write in klob's words, without the
// call, the path or the temporary file.
func TestWhy(t *testing.T) {
	tmp := func(errno syscall.Errno) error {
		return fmt.Errorf("write: %w", &fs.PathError{Op: "write", Path: "/s/klob/.current-3130414938.tmp", Err: errno})
	}
	for errno, want := range map[syscall.Errno]string{
		syscall.ENOSPC:  "no space left on device",
		syscall.EACCES:  "permission denied",
		syscall.EPERM:   "permission denied",
		syscall.EROFS:   "its file system is read-only",
		syscall.ENOTDIR: "a file is in its way",
	} {
		assert.Equal(t, want, Why(tmp(errno)), "%v", errno)
	}
	assert.Equal(t, "short write", Why(fmt.Errorf("write: %w", errors.New("short write"))))
}

// briefed is an error with a Brief of its own, as a log's parse error.
type briefed struct{}

func (briefed) Error() string {
	return "/srv/klob/players/ab/current.klob:22:1: deal 1: expected a hand"
}
func (briefed) Brief() string { return "line 22, column 1: deal 1: expected a hand" }
func (briefed) Unwrap() error { return errors.New("syntax error") }

// An error on the way with a Brief of its own says that, not only the
// innermost cause: a damaged save read over ssh says where it is wrong.
func TestBriefKeepsAnErrorsOwnBrief(t *testing.T) {
	err := fmt.Errorf("the saved game: %w", briefed{})
	if got := Brief(err); got != "line 22, column 1: deal 1: expected a hand" {
		t.Errorf("Brief = %q", got)
	}
}
