package club

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/serve/rating"
	"github.com/klob/klob/rules"
)

// TestVerifyKeepsAnOlderRulesRatings: a database an older klob wrote,
// before a person who left a game lost it, is not damaged: at two
// seats it rated the game whose winner left, and a bot won for them, as
// a game nobody won (both stayed newcomers), then a game played out.
// This klob rates the first otherwise, yet Verify finds nothing wrong,
// and still rates again the games this klob rates, and follows every
// rating's history: a change by hand to either shows.
func TestVerifyKeepsAnOlderRulesRatings(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	l, g, newcomers := peopleGame(t, 2, 12)
	won := rules.Seat(winner(t, l))
	lost := 1 - won
	l.Comment = []string{
		fmt.Sprintf("deal 1: %s dropped; a normal bot took seat %s", peopleNames[lost], lost),
		fmt.Sprintf("deal 2: %s took seat %s back", peopleNames[lost], lost),
		fmt.Sprintf("deal 2: %s dropped; a normal bot took seat %s", peopleNames[won], won),
	}
	now, err := RateStoodIn(rating.Default(), &g, newcomers, []rules.Seat{won}, []rules.Seat{won})
	require.NoError(t, err)
	require.NotEqual(t, rating.Default().Newcomer().Mu, now[won].Mu, "this klob rates the game")

	// The older klob: its database names no rule.
	db, err := clubdb.Open(Path(dir), clubdb.Options{})
	require.NoError(t, err)
	record := func(name string, data []byte, rate clubdb.RateFunc) {
		path := filepath.Join(dir, name+".klob")
		require.NoError(t, os.WriteFile(path, data, 0o600))
		g, err := clubdb.FromLog(path, data, "")
		require.NoError(t, err)
		rec, err := db.RecordGame(ctx, g, rate)
		require.NoError(t, err)
		require.Len(t, rec.Changes, 2, name)
	}
	record("left", mustText(t, l), func(before []clubdb.Rating) ([]clubdb.Rating, error) {
		var out []clubdb.Rating
		for _, b := range before {
			n := rating.Default().Newcomer()
			out = append(out, clubdb.Rating{Key: b.Key, Seats: b.Seats, Mu: n.Mu, Sigma: n.Sigma})
		}
		return out, nil
	})
	later, lg, _ := peopleGame(t, 2, 13)
	laterData := mustText(t, later)
	record("later", laterData, func(before []clubdb.Rating) ([]clubdb.Rating, error) {
		return RateStoodIn(rating.Default(), &lg, before, nil, nil)
	})
	require.NoError(t, db.Close())

	// This klob: the older games stand, a new one is rated by its rule.
	s := openAt(t, dir)
	verify(t, s)
	third, _, _ := peopleGame(t, 2, 14)
	require.Len(t, file(t, s, dir, "third", third, "").Changes, 2)
	verify(t, s)
	require.NoError(t, s.Close())

	path := Path(dir)
	rawExec(t, path, `UPDATE rating_history SET mu = mu + 1 WHERE game_id = 3 AND player_key = ?`, peopleKeys[0])
	rawExec(t, path, `UPDATE rating_history SET mu_before = mu_before + 1 WHERE game_id = 2 AND player_key = ?`, peopleKeys[1])
	s = openAt(t, dir)
	problems, err := s.Verify(ctx, readPath)
	require.NoError(t, err)
	joined := strings.Join(problems, "\n")
	assert.Contains(t, joined, "game 3: "+peopleKeys[0]+" has", "this klob's game is rated again")
	assert.Contains(t, joined, "game 2: "+peopleKeys[1]+" had", "an older game starts where the one before left")
	assert.NotContains(t, joined, "game 1:", "the older game stands")
}
