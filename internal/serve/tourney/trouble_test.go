package tourney

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klob/klob/internal/record/clubdb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// failingDB is a club database whose lists and writes fail as SQLite's
// do, naming the server's file.
type failingDB struct{ DB }

var errDisk = errors.New("the club database /srv/klob/state/club.db: commit: disk I/O error")

func (failingDB) Tournaments(context.Context) ([]clubdb.Tournament, error) { return nil, errDisk }
func (failingDB) SeePlayer(context.Context, string, string) error          { return errDisk }

// A failing database is the server's trouble: the player reads that the
// server's database failed, never the server's file names, which go to
// the server's log with the database's own words.
func TestDatabaseTroubleStaysInTheLog(t *testing.T) {
	f := newFixture(t, false)
	f.s.cfg.DB = failingDB{f.db}
	ctx := context.Background()
	_, listErr := f.s.List(ctx, ann.Key)
	_, createErr := f.s.Create(ctx, ann, f.spec(2, 4))
	for _, err := range []error{listErr, createErr} {
		require.ErrorIs(t, err, ErrTrouble)
		assert.NotContains(t, err.Error(), "/srv/klob")
		assert.NotContains(t, err.Error(), "disk I/O")
	}
	logged := f.log.String()
	assert.Equal(t, 2, strings.Count(logged, "/srv/klob/state/club.db: commit: disk I/O error"), logged)

	// What the player should read still passes: no such tournament.
	f.s.cfg.DB = f.db
	_, err := f.s.Find(ctx, "NONE")
	assert.ErrorIs(t, err, ErrNotFound)
}

// TestDamagedBoardDealtAgainIsSaid: a board whose saved play no longer
// reads is moved aside and dealt again from its start, and the seat says
// so (DealtAgain), so the screen can tell the person; a board resumed as
// saved does not say it.
func TestDamagedBoardDealtAgainIsSaid(t *testing.T) {
	f := newFixture(t, false)
	code, seat := f.annAtTheSecondDecision()
	require.False(t, seat.DealtAgain, "a board dealt for the first time")
	f.restart(false)

	again, err := f.s.Play(context.Background(), ann, code)
	require.NoError(t, err)
	require.True(t, again.Resumed)
	require.False(t, again.DealtAgain, "a board resumed as saved")
	again.Leave()
	f.restart(false)

	path, _ := f.cutLog(code)
	third, err := f.s.Play(context.Background(), ann, code)
	require.NoError(t, err)
	assert.Equal(t, 1, third.Board)
	assert.True(t, third.DealtAgain, "the damaged board dealt again is said")
	// Dealt again from its start: at Ann's first decision (the bots
	// before her may have moved already, the board being live), no step
	// of hers is in the history, where the play resumed held one.
	playOut(t, third, middle, func(decisions int) bool { return true })
	me := third.Port.Snapshot().View.Seat
	for _, st := range history(third) {
		assert.NotEqual(t, me, st.Seat, "dealt again from its start, yet Ann has played: %v", history(third))
	}
	kept, err := os.ReadDir(filepath.Join(filepath.Dir(path), "damaged"))
	require.NoError(t, err)
	assert.Len(t, kept, 1, "the damaged play is kept")
	third.Leave()
}

// cutLog cuts the saved log of Ann's board 1 of code in half, so that
// it no longer reads; it returns the log's path and what it holds now.
func (f *fixture) cutLog(code string) (string, []byte) {
	f.t.Helper()
	path := filepath.Join(f.dir, "tourneys", boardPath(code, ann.Key, 1))
	data, err := os.ReadFile(path)
	require.NoError(f.t, err)
	cut := data[:len(data)/2]
	require.NoError(f.t, os.WriteFile(path, cut, 0o600))
	return path, cut
}

// TestUnknownBoardLogSetAside: a log already where a board the database
// never saw begun is to be kept (a database rebuilt, which keeps no
// tournaments, from the players' histories) is set aside whole, never
// written over by the new board.
func TestUnknownBoardLogSetAside(t *testing.T) {
	f := newFixture(t, false)
	code := f.create(2, 4, ann)
	path := filepath.Join(f.dir, "tourneys", boardPath(code, ann.Key, 1))
	old := []byte("[Klob \"1\"]\n(a board of the old database)\n")
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o700))
	require.NoError(t, os.WriteFile(path, old, 0o600))

	seat, err := f.s.Play(context.Background(), ann, code)
	require.NoError(t, err)
	defer seat.Leave()
	assert.Equal(t, 1, seat.Board)
	kept, err := os.ReadDir(filepath.Join(filepath.Dir(path), "superseded"))
	require.NoError(t, err)
	require.Len(t, kept, 1, "the old log is kept")
	data, err := os.ReadFile(filepath.Join(filepath.Dir(path), "superseded", kept[0].Name()))
	require.NoError(t, err)
	assert.Equal(t, old, data, "kept whole")
	assert.Contains(t, f.log.String(), "has no record of")
}

// TestDamagedBoardLeftInPlaceKeepsItsLog: a board whose saved play no
// longer reads and cannot be moved aside (damaged/ is a plain file) is
// not dealt again over its log, as a log the database has no record of
// is not: the board does not start, and the log stays as it is.
func TestDamagedBoardLeftInPlaceKeepsItsLog(t *testing.T) {
	f := newFixture(t, false)
	code, seat := f.annAtTheSecondDecision()
	seat.Leave()
	f.restart(false)

	path, cut := f.cutLog(code)
	require.NoError(t, os.WriteFile(filepath.Join(filepath.Dir(path), "damaged"), nil, 0o600))

	again, err := f.s.Play(context.Background(), ann, code)
	if err == nil {
		again.Leave()
	}
	require.Error(t, err, "the board dealt again over its damaged log")
	assert.NotContains(t, err.Error(), f.dir, "the player reads the server's paths")
	now, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, cut, now, "the damaged log is written over")
	assert.Contains(t, f.log.String(), "could not be moved aside")
}
