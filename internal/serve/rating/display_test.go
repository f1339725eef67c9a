package rating

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestOrdinal(t *testing.T) {
	require.InDelta(t, 0, Default().Newcomer().Ordinal(), 1e-12)
	require.InDelta(t, 35.81, Rating{43.07, 2.42}.Ordinal(), 1e-12) // openskill.py README: ordinal(43.07, 2.42) = 35.81
}

func TestShow(t *testing.T) {
	s := DefaultScale()
	for _, tc := range []struct {
		r    Rating
		want string
	}{
		{Default().Newcomer(), "1500 ±350"},
		{Rating{30, 5}, "1710 ±210"},
		{Rating{20.5, 2.25}, "1311 ±95"},
		{Rating{-10, 1}, "30 ±42"},
	} {
		require.Equal(t, tc.want, s.Show(tc.r).String(), "%+v", tc.r)
	}
}

// TestChangeAddsUp checks that the changes shown after each game add up
// to the difference of the ratings shown, over a run of games.
func TestChangeAddsUp(t *testing.T) {
	cfg, s := Default(), DefaultScale()
	me, you := cfg.Newcomer(), cfg.Newcomer()
	first, sum := me, 0
	for g := range 20 {
		ranks := []int{1, 2}
		if g%3 == 2 {
			ranks = []int{2, 1}
		}
		after, _, err := cfg.Rate(game(ranks, []Rating{me}, []Rating{you}))
		require.NoError(t, err)
		d := s.Change(me, after[0][0])
		if ranks[0] == 1 {
			require.Positive(t, d, "game %d: a win shows a gain", g)
		} else {
			require.Negative(t, d, "game %d: a loss shows a loss", g)
		}
		sum += d
		me, you = after[0][0], after[1][0]
	}
	require.Equal(t, s.Show(me).Points-s.Show(first).Points, sum)
}
