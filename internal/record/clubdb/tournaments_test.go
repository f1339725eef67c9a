package clubdb

import (
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// The seat count of a tournament is its rules'.
func TestTournamentSeats(t *testing.T) {
	db, c := openSeen(t)
	ctx := context.Background()
	_, err := db.CreateTournament(ctx, Tournament{Code: "T", Rules: rulesFor(4), Level: "easy", Boards: 8, Ends: c.Now().Add(time.Hour)}, 7)
	require.NoError(t, err)
	tt, err := db.Tournament(ctx, "T")
	require.NoError(t, err)
	assert.Equal(t, 4, tt.Rules.NumPlayers())
	assert.Equal(t, "", tt.Creator, "the server's own tournament")
	_, err = db.CreateTournament(ctx, Tournament{Code: "U", Rules: rules.DefaultOptions(), Level: "easy", Boards: 0, Ends: c.Now().Add(time.Hour)}, 7)
	require.Error(t, err)
}

// TestTournament: a tournament's course at every seat count: made,
// entered, its boards started and finished once each, its results
// hidden until it ends.
func TestTournament(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		db, c := openSeen(t, "host", "Host", "ann", "Ann", "bob", "Bob")
		ctx := context.Background()
		ends := c.Now().Add(24 * time.Hour)
		tt, err := db.CreateTournament(ctx, Tournament{Code: "WXYZ", Creator: "host", Rules: rulesFor(n), Level: "hard", Boards: 4, Ends: ends}, math.MaxUint64-5)
		require.NoError(t, err)
		assert.Equal(t, Tournament{ID: tt.ID, Code: "WXYZ", Creator: "host", Rules: rulesFor(n), Level: "hard", Boards: 4,
			Created: c.Now().Local(), Ends: ends.Local()}, tt)
		_, err = db.CreateTournament(ctx, Tournament{Code: "WXYZ", Rules: rulesFor(n), Level: "hard", Boards: 4, Ends: ends}, 1)
		require.ErrorContains(t, err, "exists already")
		_, err = db.CreateTournament(ctx, Tournament{Code: "NOPE", Creator: "ghost", Rules: rulesFor(n), Level: "hard", Boards: 4, Ends: ends}, 1)
		require.ErrorIs(t, err, ErrNotFound)
		_, err = db.CreateTournament(ctx, Tournament{Code: "PAST", Rules: rulesFor(n), Level: "hard", Boards: 4, Ends: c.Now()}, 1)
		require.Error(t, err)
		seed, err := db.BoardSeed(ctx, "WXYZ")
		require.NoError(t, err)
		assert.Equal(t, uint64(math.MaxUint64-5), seed)

		require.NoError(t, db.SetPars(ctx, "WXYZ", []float64{10, -20, 0, 33.5}))
		require.NoError(t, db.SetPars(ctx, "WXYZ", []float64{10, -20, 0, 33.5}), "the same pars again")
		require.Error(t, db.SetPars(ctx, "WXYZ", []float64{1, 2, 3, 4}), "pars are set once")
		pars, err := db.Pars(ctx, "WXYZ")
		require.NoError(t, err)
		assert.Equal(t, []float64{10, -20, 0, 33.5}, pars)

		require.ErrorIs(t, db.StartBoard(ctx, "WXYZ", "ann", 1, "/b1"), ErrNotEntered)
		require.NoError(t, db.Enter(ctx, "WXYZ", "ann"))
		require.NoError(t, db.Enter(ctx, "WXYZ", "ann"))
		require.NoError(t, db.Enter(ctx, "WXYZ", "bob"))
		require.ErrorIs(t, db.Enter(ctx, "WXYZ", "ghost"), ErrNotFound)
		require.ErrorIs(t, db.Enter(ctx, "NONE", "ann"), ErrNotFound)
		es, err := db.Entrants(ctx, "WXYZ")
		require.NoError(t, err)
		require.Len(t, es, 2)
		assert.Equal(t, "Ann", es[0].Name)

		require.NoError(t, db.StartBoard(ctx, "WXYZ", "ann", 1, "/ann/b1"))
		require.ErrorIs(t, db.StartBoard(ctx, "WXYZ", "ann", 1, "/ann/b1"), ErrBoardStarted)
		require.Error(t, db.StartBoard(ctx, "WXYZ", "ann", 5, "/ann/b5"))
		require.ErrorIs(t, db.FinishBoard(ctx, "WXYZ", "ann", 2, 3, "/x", fakeSum("x")), ErrBoardNotStarted)
		require.NoError(t, db.FinishBoard(ctx, "WXYZ", "ann", 1, 42.5, "/ann/b1.klob", fakeSum("b1")))
		require.NoError(t, db.FinishBoard(ctx, "WXYZ", "ann", 1, 42.5, "/ann/b1.klob", fakeSum("b1")), "the same result again")
		require.ErrorIs(t, db.FinishBoard(ctx, "WXYZ", "ann", 1, 0, "/ann/b1.klob", fakeSum("other")), ErrBoardFinished)
		require.NoError(t, db.StartBoard(ctx, "WXYZ", "ann", 2, "/ann/b2"))
		require.NoError(t, db.StartBoard(ctx, "WXYZ", "bob", 1, "/bob/b1"))
		require.NoError(t, db.FinishBoard(ctx, "WXYZ", "bob", 1, -7, "/bob/b1.klob", fakeSum("bob1")))

		mine, err := db.BoardsOf(ctx, "WXYZ", "ann")
		require.NoError(t, err)
		require.Len(t, mine, 2)
		assert.True(t, mine[0].Finished)
		assert.Equal(t, 42.5, mine[0].Result)
		assert.Equal(t, "/ann/b1.klob", mine[0].Log)
		assert.False(t, mine[1].Finished, "board 2 is in play: it resumes from its log")
		assert.Equal(t, "/ann/b2", mine[1].Log)
		_, err = db.Results(ctx, "WXYZ")
		require.ErrorIs(t, err, ErrNotOver)
		open, err := db.Tournaments(ctx)
		require.NoError(t, err)
		require.Len(t, open, 1)
		assert.Equal(t, 2, open[0].Entries)

		c.Add(24 * time.Hour)
		require.ErrorIs(t, db.FinishBoard(ctx, "WXYZ", "ann", 2, 1, "/ann/b2.klob", fakeSum("b2")), ErrTournamentOver)
		require.ErrorIs(t, db.StartBoard(ctx, "WXYZ", "bob", 2, "/bob/b2"), ErrTournamentOver)
		require.ErrorIs(t, db.Enter(ctx, "WXYZ", "host"), ErrTournamentOver)
		all, err := db.Results(ctx, "WXYZ")
		require.NoError(t, err)
		var lines []string
		for _, b := range all {
			lines = append(lines, fmt.Sprintf("%d %s %v %v", b.Board, b.Key, b.Finished, b.Result))
		}
		assert.Equal(t, []string{"1 ann true 42.5", "1 bob true -7", "2 ann false 0"}, lines)
		open, err = db.Tournaments(ctx)
		require.NoError(t, err)
		assert.Empty(t, open)
		assertSound(t, db)
	})
}

// TestEndTournament: the creator ends a tournament at once: it is over
// (no entry, no board started or finished after it, the results open);
// nobody else may end it, nor may anyone end it twice or the daily.
func TestEndTournament(t *testing.T) {
	db, c := openSeen(t, "host", "host", "ann", "ann")
	ctx := context.Background()
	ends := c.Now().Add(24 * time.Hour)
	_, err := db.CreateTournament(ctx, Tournament{Code: "WXYZ", Creator: "host", Rules: rulesFor(3), Level: "hard", Boards: 4, Ends: ends}, math.MaxUint64)
	require.NoError(t, err)
	_, err = db.CreateTournament(ctx, Tournament{Code: "DAILY", Rules: rulesFor(3), Level: "hard", Boards: 4, Ends: ends}, 1)
	require.NoError(t, err)
	require.NoError(t, db.Enter(ctx, "WXYZ", "ann"))
	require.NoError(t, db.StartBoard(ctx, "WXYZ", "ann", 1, "/ann/b1"))

	require.ErrorIs(t, db.EndTournament(ctx, "WXYZ", "ann"), ErrNotCreator)
	require.ErrorIs(t, db.EndTournament(ctx, "DAILY", "host"), ErrNotCreator, "the server's own tournament has no creator")
	require.ErrorIs(t, db.EndTournament(ctx, "NONE", "host"), ErrNotFound)
	c.Add(time.Minute)
	require.NoError(t, db.EndTournament(ctx, "WXYZ", "host"))
	tt, err := db.Tournament(ctx, "WXYZ")
	require.NoError(t, err)
	assert.Equal(t, c.Now().Local(), tt.Ends)
	require.ErrorIs(t, db.EndTournament(ctx, "WXYZ", "host"), ErrTournamentOver)
	require.ErrorIs(t, db.FinishBoard(ctx, "WXYZ", "ann", 1, 3, "/ann/b1.klob", fakeSum("b1")), ErrTournamentOver)
	require.ErrorIs(t, db.Enter(ctx, "WXYZ", "host"), ErrTournamentOver)
	res, err := db.Results(ctx, "WXYZ")
	require.NoError(t, err)
	require.Len(t, res, 1)
	assert.False(t, res[0].Finished, "the board in play at the end does not count")
	open, err := db.Tournaments(ctx)
	require.NoError(t, err)
	require.Len(t, open, 1)
	assert.Equal(t, "DAILY", open[0].Code)
	assertSound(t, db)
}

// TestEnteredTournaments: a player's ended tournaments, the last to end
// first; none they did not enter, none still running.
func TestEnteredTournaments(t *testing.T) {
	db, c := openSeen(t, "ann", "Ann", "bob", "Bob")
	ctx := context.Background()
	for i, code := range []string{"ONE", "TWO", "THREE", "BOBS"} {
		_, err := db.CreateTournament(ctx, Tournament{Code: code, Rules: rulesFor(3), Level: "normal", Boards: 4,
			Ends: c.Now().Add(time.Duration(i+1) * time.Hour)}, uint64(i))
		require.NoError(t, err)
	}
	for _, code := range []string{"ONE", "TWO", "THREE"} {
		require.NoError(t, db.Enter(ctx, code, "ann"))
	}
	require.NoError(t, db.Enter(ctx, "BOBS", "bob"))
	codes := func(key string, limit int) []string {
		ts, err := db.EnteredTournaments(ctx, key, limit)
		require.NoError(t, err)
		var out []string
		for _, t := range ts {
			out = append(out, t.Code)
		}
		return out
	}
	assert.Empty(t, codes("ann", 10), "nothing has ended")
	c.Add(2 * time.Hour)
	assert.Equal(t, []string{"TWO", "ONE"}, codes("ann", 10))
	assert.Equal(t, []string{"TWO"}, codes("ann", 1))
	c.Add(5 * time.Hour)
	assert.Equal(t, []string{"THREE", "TWO", "ONE"}, codes("ann", 10))
	assert.Equal(t, []string{"BOBS"}, codes("bob", 10))
	assert.Empty(t, codes("carl", 10))
	_, err := db.EnteredTournaments(ctx, "ann", 0)
	require.Error(t, err)
}
