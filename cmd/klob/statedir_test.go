package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/tui"
)

// fileInTheWay writes a file named state in a new temporary folder,
// where a test then points the state folder, and returns its path.
func fileInTheWay(t *testing.T) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "state")
	require.NoError(t, os.WriteFile(file, []byte("not a directory\n"), 0o600))
	return file
}

// saysFolderOnce checks that a state folder's error names dir once,
// says what sets it, and leaks no call of the system's.
func saysFolderOnce(t *testing.T, what, errs, dir, want, setBy string) {
	t.Helper()
	flat := strings.Join(strings.Fields(errs), " ")
	assert.Contains(t, flat, want, what)
	assert.Contains(t, flat, setBy, what)
	assert.Equal(t, 1, strings.Count(flat, dir), "%s: the folder once: %q", what, errs)
	for _, call := range []string{"open ", "stat ", "mkdir "} {
		assert.NotContains(t, errs, call, what)
	}
}

// TestServeStateFolderErrors: a state directory of klob serve that
// cannot be made or read says so once, with what sets it, for the
// server and for -db-check.
func TestServeStateFolderErrors(t *testing.T) {
	file := fileInTheWay(t)
	t.Setenv("KLOB_STATE_DIR", file)
	dir := filepath.Join(file, "serve")
	setBy := "(-state, else KLOB_STATE_DIR or XDG_STATE_HOME, sets it)"
	code, _, errs := runArgs("serve", "-addr", "127.0.0.1:0")
	assert.Equal(t, 1, code)
	saysFolderOnce(t, "serve", errs, dir, "klob serve: the state directory "+dir+" cannot be made, a file is in its way", setBy)
	code, _, errs = runArgs("serve", "-db-check")
	assert.Equal(t, 1, code)
	saysFolderOnce(t, "-db-check", errs, dir, "klob serve -db-check: the state directory "+dir+" cannot be read, a file is in its way", setBy)
	// -state given is what sets it.
	code, _, errs = runArgs("serve", "-addr", "127.0.0.1:0", "-state", dir)
	assert.Equal(t, 1, code)
	saysFolderOnce(t, "serve -state", errs, dir, "cannot be made, a file is in its way (-state sets it)", "-state")
}

// TestDailyStateFolderErrors: a state folder where no folder can be
// made (/proc) stops the daily and its -import with the folder, the
// cause and what sets it, not "mkdir".
func TestDailyStateFolderErrors(t *testing.T) {
	if _, err := os.Stat("/proc/self"); err != nil {
		t.Skip("no /proc")
	}
	dir := "/proc/klobqa"
	friend := friendFile(t)
	for _, tc := range []struct {
		args []string
		then string
	}{
		{nil, "the daily cannot be played"},
		{[]string{"-import", friend}, "a friend's results cannot be imported"},
	} {
		code, _, errs := runDailyTest(t, dir, tc.args...)
		assert.Equal(t, 1, code, "%v", tc.args)
		saysFolderOnce(t, strings.Join(tc.args, " "), errs, dir,
			"klob daily: the state folder "+dir+" cannot be made there, no folder can be made in the one above it (KLOB_STATE_DIR or XDG_STATE_HOME sets it): "+tc.then, "KLOB_STATE_DIR")
	}
}

// TestUseStateFolderErrors: a state folder play cannot lock is said as
// the folder's in its warning, once, with what sets it.
func TestUseStateFolderErrors(t *testing.T) {
	if _, err := os.Stat("/proc/self"); err != nil {
		t.Skip("no /proc")
	}
	st := store.New("/proc/klobqa", store.Options{})
	var cfg tui.PlayConfig
	w := useState(&cfg, st, st.Lock())
	saysFolderOnce(t, "play", w, st.Dir(), "the state folder /proc/klobqa cannot be made there, no folder can be made in the one above it (KLOB_STATE_DIR or XDG_STATE_HOME sets it): the game will not be saved", "KLOB_STATE_DIR")
}

// TestFolderWhy: the errors of a folder (its own, one above it, a file
// in it) are said by their cause; others, and a path elsewhere, are not.
func TestFolderWhy(t *testing.T) {
	dir := "/s/klob"
	for _, tc := range []struct {
		err     error
		reading bool
		want    string
	}{
		{&fs.PathError{Op: "mkdir", Path: "/s/klob/daily", Err: syscall.EACCES}, false, "cannot be written, permission denied"},
		{&fs.PathError{Op: "open", Path: "/s/klob/klob.lock", Err: syscall.EROFS}, false, "cannot be written, its file system is read-only"},
		{&fs.PathError{Op: "stat", Path: "/s", Err: syscall.ENOTDIR}, true, "cannot be read, a file is in its way"},
		{&fs.PathError{Op: "mkdir", Path: "/s/klob", Err: syscall.ENOENT}, false, "cannot be made there, no folder can be made in the one above it"},
		{&fs.PathError{Op: "open", Path: "/s/klob/x", Err: syscall.ENOENT}, false, ""},
		{&fs.PathError{Op: "open", Path: "/elsewhere", Err: syscall.EACCES}, false, ""},
		{&fs.PathError{Op: "open", Path: "/s/klobber", Err: syscall.EACCES}, false, ""},
		{os.ErrClosed, false, ""},
	} {
		got, ok := folderWhy(dir, tc.err, tc.reading)
		assert.Equal(t, tc.want, got, "%v", tc.err)
		assert.Equal(t, tc.want != "", ok, "%v", tc.err)
	}
}
