package clubdb

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
