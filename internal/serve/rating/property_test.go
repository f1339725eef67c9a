package rating

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// shape is a kind of game: how many sides, how many players a side.
type shape struct {
	name         string
	sides, seats int
}

// shapes are the club's games: two head to head, three each for
// themselves, two teams of two; and four each for themselves, which
// the update takes the same way.
var shapes = []shape{
	{"head to head", 2, 1},
	{"three each for themselves", 3, 1},
	{"two teams of two", 2, 2},
	{"four each for themselves", 4, 1},
}

// cases is how many random games a property test plays a shape.
func cases() int {
	if testing.Short() {
		return 300
	}
	return 3000
}

// forGames runs check on cases() random games of every shape, drawn
// from the seeds (with ties when ties), in a subtest per shape; check
// may draw more from rng.
func forGames(t *testing.T, seed1, seed2 uint64, ties bool, check func(t *testing.T, rng *rand.Rand, sh shape, g []Side)) {
	rng := rand.New(rand.NewPCG(seed1, seed2))
	for _, sh := range shapes {
		t.Run(sh.name, func(t *testing.T) {
			for range cases() {
				check(t, rng, sh, randomGame(rng, sh.sides, sh.seats, ties))
			}
		})
	}
}

// club draws a rating like a club's: Mu within 0..50, Sigma from a
// seasoned 0.5 to a little over a newcomer's.
func club(rng *rand.Rand) Rating {
	return Rating{Mu: 50 * rng.Float64(), Sigma: 0.5 + 9*rng.Float64()}
}

// randomGame draws a game of the shape; distinct ranks when !ties,
// else ranks drawn from 1..sides, so ties come often.
func randomGame(rng *rand.Rand, sides, seats int, ties bool) []Side {
	g := make([]Side, sides)
	order := rng.Perm(sides)
	for i := range g {
		g[i].Rank = order[i] + 1
		if ties {
			g[i].Rank = 1 + rng.IntN(sides)
		}
		for range seats {
			g[i].Players = append(g[i].Players, Player{Rating: club(rng)})
		}
	}
	return g
}

// rate is Rate for a game the test knows to be valid and rated.
func rate(t *testing.T, cfg Config, g []Side) [][]Rating {
	t.Helper()
	after, rated, err := cfg.Rate(g)
	require.NoError(t, err)
	require.True(t, rated)
	return after
}

// TestWinnersRiseLosersFall: in a game without ties, every player of
// the first side gains and every player of the last side loses.
func TestWinnersRiseLosersFall(t *testing.T) {
	forGames(t, 1, 2, false, func(t *testing.T, rng *rand.Rand, sh shape, g []Side) {
		after := rate(t, Default(), g)
		for i, s := range g {
			for j, p := range s.Players {
				switch s.Rank {
				case 1:
					require.Greater(t, after[i][j].Mu, p.Rating.Mu, "winner %+v", g)
				case sh.sides:
					require.Less(t, after[i][j].Mu, p.Rating.Mu, "last %+v", g)
				}
			}
		}
	})
}

// TestSigmaShrinks: without tau a game only narrows a rating, ties or
// not; with tau and LimitSigma it never widens one.
func TestSigmaShrinks(t *testing.T) {
	noTau := Default()
	noTau.Tau = 0
	limit := Default()
	limit.LimitSigma = true
	forGames(t, 3, 4, true, func(t *testing.T, rng *rand.Rand, sh shape, g []Side) {
		after := rate(t, noTau, g)
		limited := rate(t, limit, g)
		for i, s := range g {
			for j, p := range s.Players {
				require.Less(t, after[i][j].Sigma, p.Rating.Sigma, "%+v", g)
				require.LessOrEqual(t, limited[i][j].Sigma, p.Rating.Sigma, "%+v", g)
			}
		}
	})
}

// TestOrderInvariance: listing the sides, and the players of a side, in
// another order changes nothing but the order of the results; ties
// included, so the order of sides sharing a rank does not matter.
func TestOrderInvariance(t *testing.T) {
	forGames(t, 5, 6, true, func(t *testing.T, rng *rand.Rand, sh shape, g []Side) {
		after := rate(t, Default(), g)
		sideOrder := rng.Perm(sh.sides)
		seatOrder := make([][]int, sh.sides)
		h := make([]Side, sh.sides)
		for i, from := range sideOrder {
			seatOrder[i] = rng.Perm(sh.seats)
			h[i].Rank = g[from].Rank
			for _, j := range seatOrder[i] {
				h[i].Players = append(h[i].Players, g[from].Players[j])
			}
		}
		got := rate(t, Default(), h)
		for i, from := range sideOrder {
			for k, j := range seatOrder[i] {
				require.InDelta(t, after[from][j].Mu, got[i][k].Mu, 1e-12)
				require.InDelta(t, after[from][j].Sigma, got[i][k].Sigma, 1e-12)
			}
		}
	})
}

// TestTiedTwinsMoveAlike: two sides with the same ratings and the same
// rank get the same update, wherever they are listed; a game that is a
// tie of equal players moves no mean.
func TestTiedTwinsMoveAlike(t *testing.T) {
	forGames(t, 7, 8, true, func(t *testing.T, rng *rand.Rand, sh shape, g []Side) {
		a, b := rng.IntN(sh.sides), rng.IntN(sh.sides-1)
		if b >= a {
			b++
		}
		g[b].Players = slices.Clone(g[a].Players)
		g[b].Rank = g[a].Rank
		after := rate(t, Default(), g)
		for j := range g[a].Players {
			require.InDelta(t, after[a][j].Mu, after[b][j].Mu, 1e-12)
			require.InDelta(t, after[a][j].Sigma, after[b][j].Sigma, 1e-12)
		}

		same := make([]Side, sh.sides)
		for i := range same {
			same[i] = Side{Players: g[0].Players, Rank: 1}
		}
		for i, side := range rate(t, Default(), same) {
			for j, r := range side {
				require.InDelta(t, same[i].Players[j].Rating.Mu, r.Mu, 1e-12)
			}
		}
	})
}

// TestMirroredUpdates: between two sides of equal variance a game is
// zero-sum in means and narrows both sides alike, whatever the means;
// between twins (the same ratings), swapping the result mirrors the
// update. Moving every mean by the same amount moves the results by it
// and changes nothing else.
func TestMirroredUpdates(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, seats := range []int{1, 2} {
		for range cases() {
			g := randomGame(rng, 2, seats, false)
			for j := range g[1].Players {
				g[1].Players[j].Rating.Sigma = g[0].Players[j].Rating.Sigma
			}
			after := rate(t, Default(), g)
			gain := 0.0
			for i := range 2 {
				for j, p := range g[i].Players {
					gain += after[i][j].Mu - p.Rating.Mu
				}
			}
			require.InDelta(t, 0, gain, 1e-12, "zero-sum %+v", g)
			for j := range g[0].Players {
				require.InDelta(t, after[0][j].Sigma, after[1][j].Sigma, 1e-12, "%+v", g)
			}

			twins := []Side{{Players: g[0].Players, Rank: 1}, {Players: g[0].Players, Rank: 2}}
			won := rate(t, Default(), twins)
			twins[0].Rank, twins[1].Rank = 2, 1
			lost := rate(t, Default(), twins)
			for j, p := range g[0].Players {
				d := won[0][j].Mu - p.Rating.Mu
				require.Positive(t, d)
				require.InDelta(t, -d, won[1][j].Mu-p.Rating.Mu, 1e-12, "the loser loses what the winner gains")
				require.InDelta(t, -d, lost[0][j].Mu-p.Rating.Mu, 1e-12, "swapped, the first side loses it")
				require.InDelta(t, d, lost[1][j].Mu-p.Rating.Mu, 1e-12, "swapped, the second side gains it")
				for _, r := range []Rating{won[1][j], lost[0][j], lost[1][j]} {
					require.InDelta(t, won[0][j].Sigma, r.Sigma, 1e-12)
				}
			}

			shift := 100 * (rng.Float64() - 0.5)
			moved := make([]Side, 2)
			for i, s := range g {
				moved[i].Rank = s.Rank
				for _, p := range s.Players {
					p.Rating.Mu += shift
					moved[i].Players = append(moved[i].Players, p)
				}
			}
			for i, side := range rate(t, Default(), moved) {
				for j, r := range side {
					require.InDelta(t, after[i][j].Mu+shift, r.Mu, 1e-9)
					require.InDelta(t, after[i][j].Sigma, r.Sigma, 1e-12)
				}
			}
		}
	}
}

// TestShareByVariance: partners split their side's update by variance:
// each one's change of mean over its variance (tau included) is the
// same for the whole side, and the one the rating knows least moves
// most.
func TestShareByVariance(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	cfg := Default()
	for range cases() {
		g := randomGame(rng, 2, 2, false)
		after := rate(t, cfg, g)
		for i, s := range g {
			var per []float64
			for j, p := range s.Players {
				v := p.Rating.Sigma*p.Rating.Sigma + cfg.Tau*cfg.Tau
				per = append(per, (after[i][j].Mu-p.Rating.Mu)/v)
			}
			require.InDelta(t, per[0], per[1], 1e-12, "%+v", g)
		}
	}
}

// wild draws a rating anywhere in the accepted range: Mu uniform or
// near a bound, Sigma log-uniform over its range.
func wild(rng *rand.Rand) Rating {
	mu := MaxAbsMu * (2*rng.Float64() - 1)
	switch rng.IntN(4) {
	case 0:
		mu = math.Copysign(MaxAbsMu, mu)
	case 1:
		mu = 50 * rng.Float64()
	}
	sigma := math.Exp(math.Log(MinSigma) + rng.Float64()*(math.Log(MaxSigma)-math.Log(MinSigma)))
	if rng.IntN(8) == 0 {
		sigma = []float64{MinSigma, MaxSigma}[rng.IntN(2)]
	}
	return Rating{Mu: mu, Sigma: sigma}
}

// checkResult checks what every rated game must give: ratings a next
// game accepts (finite, in range), and the Fixed players' unchanged.
func checkResult(t *testing.T, g []Side, after [][]Rating) {
	t.Helper()
	for i, s := range g {
		for j, p := range s.Players {
			r := after[i][j]
			require.NoError(t, r.Check(), "side %d player %d of %+v", i, j, g)
			require.False(t, math.IsInf(r.Mu, 0) || math.IsInf(r.Sigma, 0))
			if p.Fixed {
				require.Equal(t, p.Rating, r)
			}
		}
	}
}

// TestWildInputs plays games over the whole accepted range, with any
// parameters, Fixed players and ties: every result is a valid rating.
func TestWildInputs(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for range 10 * cases() {
		sh := shapes[rng.IntN(len(shapes))]
		g := randomGame(rng, sh.sides, sh.seats, true)
		for i := range g {
			for j := range g[i].Players {
				g[i].Players[j] = Player{Rating: wild(rng), Fixed: rng.IntN(3) == 0}
			}
		}
		cfg := Config{
			Mu: 25, Sigma: 25.0 / 3,
			Beta:        math.Exp(math.Log(1e-6) + 18*rng.Float64()),
			Kappa:       math.Max(1e-12, rng.Float64()),
			Tau:         []float64{0, 25.0 / 300, MaxSigma * rng.Float64()}[rng.IntN(3)],
			LimitSigma:  rng.IntN(2) == 0,
			RateBotOnly: rng.IntN(2) == 0,
		}
		require.NoError(t, cfg.Check())
		after, _, err := cfg.Rate(g)
		require.NoError(t, err)
		checkResult(t, g, after)
	}
}
