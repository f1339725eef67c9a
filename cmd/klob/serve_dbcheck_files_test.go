package main

import (
	"io"
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/serve/club"
)

// stateFiles lists the paths under state, relative to it.
func stateFiles(t *testing.T, state string) []string {
	t.Helper()
	var out []string
	require.NoError(t, filepath.WalkDir(state, func(p string, _ fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(state, p)
		out = append(out, rel)
		return err
	}))
	return out
}

// TestServeDBCheckLeavesTheFiles: klob serve -db-check of a sound
// database leaves the state directory with exactly the files it had,
// no -wal and -shm beside the database; while the club is open (a
// server running), its -wal and -shm are its own and kept.
func TestServeDBCheckLeavesTheFiles(t *testing.T) {
	state := t.TempDir()
	cl := testClub(t, state, io.Discard)
	open := stateFiles(t, state)
	require.Contains(t, open, "club.db-wal")
	code, out, errs := runWith(runServe, "-state", state, "-db-check")
	assert.Equal(t, 0, code, errs)
	assert.Contains(t, out, club.Path(state)+": ok (schema version")
	assert.Equal(t, open, stateFiles(t, state), "the open club's files")
	require.NoError(t, cl.Close())

	before := stateFiles(t, state)
	require.NotContains(t, before, "club.db-wal")
	for range 2 {
		code, out, errs = runWith(runServe, "-state", state, "-db-check")
		assert.Equal(t, 0, code, errs)
		assert.Contains(t, out, club.Path(state)+": ok (schema version")
		assert.Equal(t, before, stateFiles(t, state))
	}
}
