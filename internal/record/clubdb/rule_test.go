package clubdb

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/testing/testkit"
)

// TestRatingRule: the rating rule's first game is the one after the
// last rated when the database names no rule (an older klob's) or
// another one, and stays put while the same rule is named again, across
// a restart; games recorded and left unrated do not move it.
func TestRatingRule(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), FileName)
	db := openAt(t, path, testkit.StoppedClock())
	rule, from, err := db.RatingRule(ctx)
	require.NoError(t, err)
	require.Equal(t, "", rule, "a new database names no rule")
	require.Zero(t, from)

	// Rated by a klob that named no rule: games 1 and 2; game 3 is
	// recorded unrated.
	var p plusOne
	for _, name := range []string{"g1", "g2"} {
		_, err := db.RecordGame(ctx, testGame(name, testkit.KeyAnn, testkit.KeyBob), p.rate)
		require.NoError(t, err)
	}
	_, err = db.RecordGame(ctx, testGame("g3", testkit.KeyAnn, testkit.KeyBob), nil)
	require.NoError(t, err)

	from, err = db.SetRatingRule(ctx, "one")
	require.NoError(t, err)
	require.EqualValues(t, 3, from, "the game after the last rated")
	_, err = db.RecordGame(ctx, testGame("g4", testkit.KeyAnn, testkit.KeyBob), p.rate)
	require.NoError(t, err)
	from, err = db.SetRatingRule(ctx, "one")
	require.NoError(t, err)
	require.EqualValues(t, 3, from, "the same rule again")

	require.NoError(t, db.Close())
	db = openAt(t, path, testkit.StoppedClock())
	rule, from, err = db.RatingRule(ctx)
	require.NoError(t, err)
	require.Equal(t, "one", rule)
	require.EqualValues(t, 3, from, "kept across a restart")

	from, err = db.SetRatingRule(ctx, "two")
	require.NoError(t, err)
	require.EqualValues(t, 5, from, "another rule starts after game 4, the last rated")
	rule, from, err = db.RatingRule(ctx)
	require.NoError(t, err)
	require.Equal(t, "two", rule)
	require.EqualValues(t, 5, from)
	assertSound(t, db)
}
