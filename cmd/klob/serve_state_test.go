package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/platform/durable"
)

// checkStateDir takes a new, empty or klob state directory, and refuses
// one that holds other files only, or a directory of a klob state.
func TestCheckStateDir(t *testing.T) {
	root := t.TempDir()
	mk := func(name string, files ...string) string {
		dir := filepath.Join(root, name)
		require.NoError(t, os.MkdirAll(dir, 0o755))
		for _, f := range files {
			require.NoError(t, os.WriteFile(filepath.Join(dir, f), nil, 0o600))
		}
		return dir
	}
	for _, dir := range []string{
		filepath.Join(root, "missing"),
		mk("empty"),
		mk("fresh-fs", "lost+found"),
		mk("club", "club.db", "notes.txt"),
		mk("locked", "serve.lock"),
		mk("key-only", "host_ed25519"),
	} {
		assert.NoError(t, checkStateDir(dir), dir)
	}
	other := mk("photos", "a.jpg", "b.jpg")
	err := checkStateDir(other)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the state directory "+other+" holds 2 files or directories but no klob state")
	assert.Contains(t, err.Error(), "give -state a new directory")

	// A club's tables directory, empty or not, is no state of its own.
	s1 := mk("s1", "club.db")
	for _, tables := range []string{mk("s1/tables"), mk("s1/tables") + "/"} {
		err = checkStateDir(tables)
		require.Error(t, err, tables)
		assert.Contains(t, err.Error(), "is the tables directory of the klob state "+s1+": give -state "+s1)
	}
}

// serveRefuses runs klob serve on state and returns what it said on
// stderr, unwrapped, once it has refused to start (a nonzero exit); one
// that starts serving instead is stopped as an operator would, and the
// test fails.
func serveRefuses(t *testing.T, state string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- runServe([]string{"-addr", "127.0.0.1:0", "-state", state}, &stdout, &stderr) }()
	select {
	case code := <-done:
		assert.NotEqual(t, 0, code, "klob serve's exit code")
	case <-time.After(patience):
		_ = syscall.Kill(os.Getpid(), syscall.SIGINT)
		<-done
		t.Fatalf("klob serve started on %s", state)
	}
	return unwrapped(stderr.String())
}

// klob serve refuses a -state that holds no klob state, and leaves it
// as it was: no lock, no database, no host key.
func TestServeRefusesAForeignStateDir(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "report.txt"), []byte("mine"), 0o644))
	assert.Contains(t, serveRefuses(t, dir), "holds a file or directory but no klob state")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "nothing was added to the directory")
}

// In a state directory the operator made readable by all, what klob
// serve creates is the server's user's alone: the club's database, the
// players', the tables' and the tournaments' directories.
func TestServeStateIsPrivate(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no mode bits")
	}
	state := t.TempDir()
	require.NoError(t, os.Chmod(state, 0o755))
	startServe(t, state, time.Minute)
	for name, want := range map[string]os.FileMode{"club.db": 0o600, "players": 0o700, "tables": 0o700, "tourneys": 0o700} {
		fi, err := os.Stat(filepath.Join(state, name))
		require.NoError(t, err, name)
		assert.Equal(t, want, fi.Mode().Perm(), name)
	}
}

// A table log that cannot be read is logged with the log's time, not
// written bare on stderr.
func TestServeLogsAnUnreadableTable(t *testing.T) {
	state := t.TempDir()
	bad := filepath.Join(state, "tables", "ABCD")
	require.NoError(t, os.MkdirAll(bad, 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(bad, "current.klob"), []byte("not a game"), 0o600))
	r := startServe(t, state, time.Minute)
	assert.Regexp(t, regexp.MustCompile(`(?m)^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d table ABCD: `), r.log.String())
}

// A club database an older klob made readable by all is named at the
// start, with its write-ahead log, and left as it is; a private one is
// not named.
func TestOpenToOthers(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no mode bits")
	}
	state := t.TempDir()
	db := filepath.Join(state, "club.db")
	require.NoError(t, os.WriteFile(db, []byte("x"), 0o600))
	assert.Empty(t, openToOthers(state))
	require.NoError(t, os.Chmod(db, 0o644))
	require.NoError(t, os.WriteFile(db+"-wal", nil, 0o640))
	got := openToOthers(state)
	assert.Contains(t, got, "club.db (-rw-r--r--), club.db-wal (-rw-r-----) in "+state)
	assert.Contains(t, got, "chmod 600")
	fi, err := os.Stat(db)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o644), fi.Mode().Perm(), "left as it is")
}

// denyFS is the system's file system with the folders in noRead not
// listed and those in noWrite not written in, as permission denied:
// the check's words, whatever the user the tests run as.
type denyFS struct {
	durable.FS
	noRead, noWrite []string
}

func (d denyFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if slices.Contains(d.noRead, name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	return d.FS.ReadDir(name)
}

func (d denyFS) CreateTemp(dir, pattern string) (durable.File, error) {
	if slices.Contains(d.noWrite, dir) {
		return nil, &fs.PathError{Op: "open", Path: filepath.Join(dir, pattern), Err: fs.ErrPermission}
	}
	return d.FS.CreateTemp(dir, pattern)
}

// treeOf lists every file and folder under root with its size and
// contents, for comparing a tree before and after.
func treeOf(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	require.NoError(t, filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			out[path] = "dir"
			return nil
		}
		b, err := os.ReadFile(path)
		out[path] = string(b)
		return err
	}))
	return out
}

// checkStateFolders passes a state whose every folder can be read and
// written, and one whose folders are not made yet; it names each folder
// it cannot list or write in, below players, tables and tourneys too,
// with the fix, and leaves no file behind.
func TestCheckStateFolders(t *testing.T) {
	state := t.TempDir()
	assert.NoError(t, checkStateFolders(durable.OS(), state), "a new state")
	history := filepath.Join(state, "players", "SHA256_k1", "history")
	table := filepath.Join(state, "tables", "ABCD")
	for _, d := range []string{history, table, filepath.Join(state, "tourneys")} {
		require.NoError(t, os.MkdirAll(d, 0o700))
	}
	require.NoError(t, os.WriteFile(filepath.Join(history, "game.klob"), []byte("a game"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(state, "players", "SHA256_k1", "current.klob"), []byte("a save"), 0o600))
	before := treeOf(t, state)
	assert.NoError(t, checkStateFolders(durable.OS(), state))
	assert.Equal(t, before, treeOf(t, state), "the probes are removed")

	players := filepath.Join(state, "players")
	err := checkStateFolders(denyFS{FS: durable.OS(), noRead: []string{players}}, state)
	require.Error(t, err)
	assert.Equal(t, "a folder of the state directory "+state+": "+players+" cannot be read (permission denied). "+
		"klob serve reads and writes every folder of its state: give the server's user read and write access to it "+
		"(chmod -R u+rwX "+players+", or chown it to that user) or give another -state. Every file is left as it is", err.Error())

	err = checkStateFolders(denyFS{FS: durable.OS(), noRead: []string{table}, noWrite: []string{history, filepath.Join(state, "tourneys")}}, state)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "3 folders of the state directory "+state+": "+history+" cannot be written (permission denied); "+
		table+" cannot be read (permission denied); "+filepath.Join(state, "tourneys")+" cannot be written (permission denied).")
	assert.Contains(t, err.Error(), "(chmod -R u+rwX "+players+" "+filepath.Join(state, "tables")+" "+filepath.Join(state, "tourneys")+", or chown")
	assert.Equal(t, before, treeOf(t, state), "the check changes no file")
}
