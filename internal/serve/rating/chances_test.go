package rating

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestWinChances: sides rated alike have even chances, a side rated
// higher a better one; the chances add up to 1 and do not read the
// ranks; a bad game is refused as Rate refuses it.
func TestWinChances(t *testing.T) {
	cfg := Default()
	for k := 2; k <= 4; k++ {
		sides := make([]Side, k)
		for i := range sides {
			sides[i] = Side{Players: []Player{{Rating: cfg.Newcomer()}}, Rank: i + 1}
		}
		got, err := cfg.WinChances(sides)
		require.NoError(t, err)
		for _, p := range got {
			require.InDelta(t, 1/float64(k), p, 1e-12, "%d sides alike", k)
		}
	}
	forGames(t, 5, 6, true, func(t *testing.T, rng *rand.Rand, sh shape, g []Side) {
		got, err := cfg.WinChances(g)
		require.NoError(t, err)
		sum := 0.0
		for i := range g {
			sum += got[i]
			for j := range g {
				var a, b float64
				for _, p := range g[i].Players {
					a += p.Rating.Mu
				}
				for _, p := range g[j].Players {
					b += p.Rating.Mu
				}
				if a > b {
					require.Greater(t, got[i], got[j], "%+v", g)
				}
			}
		}
		require.InDelta(t, 1, sum, 1e-9)
		for i := range g {
			g[i].Rank = len(g) - i
		}
		again, err := cfg.WinChances(g)
		require.NoError(t, err)
		require.Equal(t, got, again, "the ranks changed the chances")
	})
	_, err := cfg.WinChances([]Side{{Players: []Player{{Rating: cfg.Newcomer()}}}})
	require.ErrorContains(t, err, "a game needs two sides or more, got 1")
	_, err = Config{}.WinChances([]Side{{Players: []Player{{Rating: cfg.Newcomer()}}}, {Players: []Player{{Rating: cfg.Newcomer()}}}})
	require.ErrorContains(t, err, "rating config")
}

// TestWinChanceIsWhatTheUpdateExpects: in a game of two sides, each
// rated player's mean moves by their widened variance over c times the
// side's result (1 won, 0 lost) less its WinChances: the chances are
// the expectation the update measures a result against.
func TestWinChanceIsWhatTheUpdateExpects(t *testing.T) {
	cfg := Default()
	forGames(t, 7, 8, false, func(t *testing.T, rng *rand.Rand, sh shape, g []Side) {
		if sh.sides != 2 {
			return
		}
		chance, err := cfg.WinChances(g)
		require.NoError(t, err)
		after := rate(t, cfg, g)
		prior, _, _, c2 := cfg.prior(g)
		for i, s := range g {
			won := 0.0
			if s.Rank == 1 {
				won = 1
			}
			for j := range s.Players {
				want := prior[i][j].Sigma * prior[i][j].Sigma / math.Sqrt(c2) * (won - chance[i])
				require.InDelta(t, want, after[i][j].Mu-s.Players[j].Rating.Mu, 1e-9, "%+v", g)
			}
		}
	})
}
