//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
