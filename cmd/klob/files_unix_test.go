//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/testing/testkit"
)

// Endless and special files given to verify, analyze and replay are
// refused at once with what they are: read whole, /dev/zero would fill
// the memory and a FIFO would hang.
func TestReadersRefuseSpecialAndHugeFiles(t *testing.T) {
	type file struct{ path, want string }
	var files []file
	for _, s := range testkit.SpecialFiles(t) {
		files = append(files, file{s.Path, "not a regular file (" + s.What + ")"})
	}
	huge := filepath.Join(t.TempDir(), "huge.klob")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(untrusted.MaxFileSize + 1) // sparse: nothing written
	f.Close()
	files = append(files, file{huge, "file too large: over 16 MiB"})
	for _, c := range files {
		for name, run := range map[string]func([]string) (int, string){
			"verify": func(a []string) (int, string) { c, _, e := verify(a...); return c, e },
			"analyze": func(a []string) (int, string) {
				var o, e strings.Builder
				return runAnalyze(a, &o, &e), e.String()
			},
		} {
			var code int
			var errs string
			testkit.Returns(t, patience, name+" "+c.path, func() { code, errs = run([]string{c.path}) })
			if code != 1 || !strings.Contains(unwrapped(errs), c.want) || !strings.Contains(unwrapped(errs), c.path) {
				t.Errorf("%s %s: exit %d, %q; want 1 and %q", name, c.path, code, errs, c.want)
			}
		}
	}
}

// klob serve does not start on a state whose folders it cannot read or
// write (players unreadable, tables read-only; for root, who reads and
// writes any mode, tables immutable): it names them and the fix, and
// makes no club database or host key and changes no file.
func TestServeRefusesStateFoldersItCannotUse(t *testing.T) {
	state := t.TempDir()
	players := filepath.Join(state, "players")
	tables := filepath.Join(state, "tables")
	history := filepath.Join(players, "SHA256_k1", "history")
	require.NoError(t, os.MkdirAll(history, 0o700))
	require.NoError(t, os.MkdirAll(filepath.Join(tables, "ABCD"), 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(history, "game.klob"), []byte("a game"), 0o600))
	before := treeOf(t, state)
	var says []string
	if os.Geteuid() == 0 {
		if err := exec.Command("chattr", "+i", tables).Run(); err != nil {
			t.Skipf("root, and no immutable flag here: %v", err)
		}
		t.Cleanup(func() { _ = exec.Command("chattr", "-i", tables).Run() })
		says = []string{"a folder of the state directory " + state + ": " + tables + " cannot be written (operation not permitted)"}
	} else {
		require.NoError(t, os.Chmod(players, 0o000))
		require.NoError(t, os.Chmod(tables, 0o500))
		t.Cleanup(func() {
			_ = os.Chmod(players, 0o700)
			_ = os.Chmod(tables, 0o700)
		})
		says = []string{"2 folders of the state directory " + state + ": " + players + " cannot be read (permission denied); " +
			tables + " cannot be written (permission denied)", "chmod -R u+rwX " + players + " " + tables}
	}
	msg := serveRefuses(t, state)
	for _, s := range says {
		assert.Contains(t, msg, s)
	}
	assert.Contains(t, msg, "Every file is left as it is")
	require.NoError(t, os.Chmod(players, 0o700))
	_ = exec.Command("chattr", "-i", tables).Run()
	require.NoError(t, os.Chmod(tables, 0o700))
	after := treeOf(t, state)
	delete(after, filepath.Join(state, stateLock)) // held while it started
	assert.Equal(t, before, after, "no club database, no host key, no file changed")
}

// TestClosedStdoutEndsQuietly: a command whose stdout is a pipe its
// reader has closed (klob help | head -1) ends with exit 0 and says
// nothing, rather than dying of SIGPIPE (exit 141) or calling the
// closed pipe a failure. The read end is closed before klob starts, so
// its every write meets a closed pipe.
func TestClosedStdoutEndsQuietly(t *testing.T) {
	bin := buildKlob(t)
	state := t.TempDir()
	for _, args := range [][]string{
		{"verify", filepath.Join("..", "..", "testdata", "games", "09-tie.klob")},
		{"help"},
		{"match", "-h"},
		{"rules"},
		{"daily", "-history"},
		{"train", "-review"},
		{"version"},
	} {
		r, w, err := os.Pipe()
		require.NoError(t, err)
		require.NoError(t, r.Close())
		var errs strings.Builder
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "KLOB_STATE_DIR="+state)
		cmd.Stdout, cmd.Stderr = w, &errs
		err = cmd.Run()
		w.Close()
		assert.NoError(t, err, "%v: stderr %q", args, errs.String())
		assert.Empty(t, errs.String(), "%v", args)
	}
}

// TestStdoutErrorsStillFail: only EPIPE on stdout ends a command
// quietly; a full disk under stdout, or EPIPE on another file, is a
// failure said on stderr.
func TestStdoutErrorsStillFail(t *testing.T) {
	for _, err := range []error{
		&os.PathError{Op: "write", Path: os.Stdout.Name(), Err: syscall.ENOSPC},
		&os.PathError{Op: "write", Path: "report.txt", Err: syscall.EPIPE},
	} {
		var errs strings.Builder
		assert.Equal(t, 1, failed(&errs, "verify", err), "%v", err)
		assert.Contains(t, errs.String(), "klob verify: "+err.Error())
	}
	var errs strings.Builder
	assert.Equal(t, 0, failed(&errs, "verify", &os.PathError{Op: "write", Path: os.Stdout.Name(), Err: syscall.EPIPE}))
	assert.Empty(t, errs.String())
}
