package clubdb

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
