package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/serve/club"
	"github.com/klob/klob/internal/testing/clocktest"
)

// -backups keeps 7 copies unless told, 0 none; a negative count is
// refused.
func TestServeBackupsFlag(t *testing.T) {
	env := func(string) string { return "" }
	f, err := parseServe([]string{"-state", "/x"}, io.Discard, io.Discard, env)
	require.NoError(t, err)
	assert.Equal(t, 7, f.backups)
	f, err = parseServe([]string{"-state", "/x", "-backups", "0"}, io.Discard, io.Discard, env)
	require.NoError(t, err)
	assert.Zero(t, f.backups)
	_, err = parseServe([]string{"-state", "/x", "-backups", "-1"}, io.Discard, io.Discard, env)
	assert.EqualError(t, err, "-backups: -1 is negative (0 keeps none)")
}

// The club of klob serve copies its database at the start, on the
// server's clock, into STATE/backups, private; the state directory with
// its copies is still the club's, and its copies' folder no state.
func TestServeCopiesTheClub(t *testing.T) {
	state := t.TempDir()
	f, err := parseServe([]string{"-state", state, "-backups", "2"}, io.Discard, io.Discard, func(string) string { return "" })
	require.NoError(t, err)
	clock := clocktest.New(clocktest.Start())
	f.clock = clock
	var log bytes.Buffer
	cl, err := club.Open(context.Background(), state, clubOptions(f, timedLogf(&log)))
	require.NoError(t, err)
	defer cl.Close()
	clock.Advance(0)
	dst := filepath.Join(state, "backups", "club-2026-12-01.db")
	fi, err := os.Stat(dst)
	require.NoError(t, err, log.String())
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	di, err := os.Stat(filepath.Dir(dst))
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o700), di.Mode().Perm())
	assert.Contains(t, log.String(), "club: copied the database to "+dst)
	for range 3 {
		clock.Advance(club.BackupEvery)
	}
	copies := clubdb.Copies(club.Path(state))
	require.Len(t, copies, 2, "-backups 2")
	assert.Equal(t, filepath.Join(state, "backups", "club-2026-12-04.db"), copies[0].Path)

	require.NoError(t, checkStateDir(state))
	require.NoError(t, checkStateFolders(durable.OS(), state))
	require.NoError(t, cl.Close())
	// The copies alone, the rest moved away: still a club's directory.
	for _, n := range []string{"club.db", "club.db-wal", "club.db-shm", "club.db.lock"} {
		_ = os.Remove(filepath.Join(state, n))
	}
	assert.NoError(t, checkStateDir(state))
	require.NoError(t, os.WriteFile(club.Path(state), nil, 0o600))
	err = checkStateDir(filepath.Join(state, "backups"))
	assert.ErrorContains(t, err, "is the backups directory of the klob state "+state+": give -state "+state)
}

// A damaged club database stops klob serve, which lists the copies it
// took and how to put the newest back; -db-check says the same.
func TestServeListsItsCopiesWhenDamaged(t *testing.T) {
	state := t.TempDir()
	newClubDB(t, state)
	db, err := clubdb.Open(club.Path(state), clubdb.Options{})
	require.NoError(t, err)
	_, err = db.Backup(context.Background(), clocktest.Start(), 7)
	require.NoError(t, err)
	require.NoError(t, db.Close())
	path := club.Path(state)
	require.NoError(t, os.WriteFile(path, []byte("SQLite format 3\x00 and then nothing of a database"), 0o600))
	copies := clubdb.Copies(path)
	require.Len(t, copies, 1)
	newest := filepath.Join(state, "backups", "club-2026-12-01.db")
	list := "here, the newest first: " + newest + " (taken " + copies[0].Time.Format("2006-01-02 15:04") + ")"
	put := "cp " + newest + " " + path + "; then start klob serve"

	code, errb := refusedServe(t, "-addr", "127.0.0.1:0", "-state", state)
	assert.Equal(t, 1, code)
	assert.Contains(t, unwrapped(errb), list)
	assert.Contains(t, unwrapped(errb), put)
	code, _, errs := runWith(runServe, "-state", state, "-db-check")
	assert.Equal(t, 1, code)
	assert.Contains(t, unwrapped(errs), list)
	assert.Contains(t, unwrapped(errs), put)
}
