package rating

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// tol is how far a result may be from a published number. The numbers
// are printed to 15-17 digits; the update sums in another order and
// takes its exponentials shifted, so the last digits may differ.
const tol = 1e-9

// game builds the sides of a game from teams of rated players and
// their ranks, in order.
func game(ranks []int, teams ...[]Rating) []Side {
	sides := make([]Side, len(teams))
	for i, t := range teams {
		for _, r := range t {
			sides[i].Players = append(sides[i].Players, Player{Rating: r})
		}
		sides[i].Rank = ranks[i]
	}
	return sides
}

// inOrder is the ranks 1..n: the sides finished in the order given.
func inOrder(n int) []int {
	r := make([]int, n)
	for i := range r {
		r[i] = i + 1
	}
	return r
}

// requireRatings checks got against want to tol, naming the player.
func requireRatings(t *testing.T, want, got [][]Rating) {
	t.Helper()
	require.Len(t, got, len(want))
	for i := range want {
		require.Len(t, got[i], len(want[i]), "side %d", i)
		for j := range want[i] {
			require.InDelta(t, want[i][j].Mu, got[i][j].Mu, tol, "side %d player %d mu", i, j)
			require.InDelta(t, want[i][j].Sigma, got[i][j].Sigma, tol, "side %d player %d sigma", i, j)
		}
	}
}

func one(mu, sigma float64) []Rating { return []Rating{{mu, sigma}} }

// TestPublishedUpdates checks the update against the update examples
// that the OpenSkill implementations of the paper's Algorithm 4 publish
// in their documentation and tests. Each case names its source.
func TestPublishedUpdates(t *testing.T) {
	const s0 = 25.0 / 3
	noTau := Default()
	noTau.Tau = 0
	withTau := func(tau float64, limit bool) Config {
		c := Default()
		c.Tau, c.LimitSigma = tau, limit
		return c
	}
	newcomer := one(25, s0)
	// The ratings of openskill.js's rate tests.
	a1, b1, c1 := Rating{29.182, 4.782}, Rating{27.174, 4.922}, Rating{16.672, 6.217}
	d1 := Rating{25, s0}
	w1, x1, y1, z1 := one(15, s0), one(20, s0), one(25, s0), one(30, s0)

	// Sources:
	const (
		// openskill.js, the Plackett-Luce model without the rate
		// wrapper, so without tau:
		// https://github.com/philihp/openskill.js/blob/main/src/models/__tests__/plackett-luce.test.ts
		jsModel = "openskill.js src/models/__tests__/plackett-luce.test.ts"
		// openskill.js's rate, which applies tau (25/300 unless given):
		// https://github.com/philihp/openskill.js/blob/main/src/__tests__/rate.test.ts
		jsRate = "openskill.js src/__tests__/rate.test.ts"
		// openskill.py's README as published on PyPI for versions 1.0.0
		// to 3.3.0 (Plackett-Luce by default, before tau was applied):
		// https://pypi.org/project/openskill/1.0.0/ and /3.3.0/
		pyReadme = "openskill.py README (pypi.org/project/openskill/1.0.0)"
	)
	cases := []struct {
		name   string
		source string
		cfg    Config
		sides  []Side
		want   [][]Rating
	}{
		{"2p FFA", jsModel, noTau,
			game(inOrder(2), newcomer, newcomer),
			[][]Rating{one(27.63523138347365, 8.065506316323548), one(22.36476861652635, 8.065506316323548)}},
		{"3p FFA", jsModel, noTau,
			game(inOrder(3), newcomer, newcomer, newcomer),
			[][]Rating{
				one(27.868876552746237, 8.204837030780652),
				one(25.717219138186557, 8.057829747583874),
				one(21.413904309067206, 8.057829747583874),
			}},
		{"4p FFA", jsModel, noTau,
			game(inOrder(4), newcomer, newcomer, newcomer, newcomer),
			[][]Rating{
				one(27.795084971874736, 8.263160757613477),
				one(26.552824984374855, 8.179213704945203),
				one(24.68943500312503, 8.083731307186588),
				one(20.96265504062538, 8.083731307186588),
			}},
		{"5p FFA", jsModel, noTau,
			game(inOrder(5), newcomer, newcomer, newcomer, newcomer, newcomer),
			[][]Rating{
				one(27.666666666666668, 8.290556877154474),
				one(26.833333333333332, 8.240145629781066),
				one(25.72222222222222, 8.179996679645559),
				one(24.055555555555557, 8.111796013701358),
				one(20.72222222222222, 8.111796013701358),
			}},
		{"3 teams different sized players", jsModel, noTau,
			game(inOrder(3), []Rating{d1, d1, d1}, []Rating{d1}, []Rating{d1, d1}),
			[][]Rating{
				{{25.939870821784513, 8.247641552260456}, {25.939870821784513, 8.247641552260456}, {25.939870821784513, 8.247641552260456}},
				one(27.21366020491262, 8.274321317985242),
				{{21.84646897330287, 8.213058173195341}, {21.84646897330287, 8.213058173195341}},
			}},

		{"two teams of two", pyReadme, noTau,
			game(inOrder(2), []Rating{{25, s0}, {32.444, 5.123}}, []Rating{{43.381, 2.421}, {25.188, 6.211}}),
			[][]Rating{
				{{28.669648436582808, 8.071520788025197}, {33.83086971107981, 5.062772998705765}},
				{{43.071274808241974, 2.4166900452721256}, {23.149503312339064, 6.1378606973362135}},
			}},
		{"ranks 4 1 3 2", pyReadme, noTau,
			game([]int{4, 1, 3, 2}, newcomer, newcomer, newcomer, newcomer),
			[][]Rating{
				one(20.96265504062538, 8.083731307186588),
				one(27.795084971874736, 8.263160757613477),
				one(24.68943500312503, 8.083731307186588),
				one(26.552824984374855, 8.179213704945203),
			}},
		// The README gives scores 37, 19, 37, 42 (higher is better): the
		// ranks 2, 3, 2, 1, a tie for second.
		{"scores 37 19 37 42", pyReadme, noTau,
			game([]int{2, 3, 2, 1}, newcomer, newcomer, newcomer, newcomer),
			[][]Rating{
				one(24.68943500312503, 8.179213704945203),
				one(22.826045021875203, 8.179213704945203),
				one(24.68943500312503, 8.179213704945203),
				one(27.795084971874736, 8.263160757613477),
			}},

		{"4p default", jsRate, Default(),
			game(inOrder(4), []Rating{a1}, []Rating{b1}, []Rating{c1}, []Rating{d1}),
			[][]Rating{
				one(30.210227447000438, 4.765617924939384),
				one(27.644725221915632, 4.883479590134575),
				one(17.4036218889969, 6.101259408259549),
				one(19.21460876538932, 7.854669920480409),
			}},
		{"4p tau 0.01", jsRate, withTau(0.01, false),
			game(inOrder(4), []Rating{a1}, []Rating{b1}, []Rating{c1}, []Rating{d1}),
			[][]Rating{
				one(30.20997558824299, 4.764909330988368),
				one(27.64461002009721, 4.882799245921361),
				one(17.403587237635527, 6.100731158882956),
				one(19.21478808745494, 7.854267281042293),
			}},
		{"2p tau 0.01 limit sigma", jsRate, withTau(0.01, true),
			game(inOrder(2), one(6.672, 0.0001), one(29.182, 4.782)),
			[][]Rating{one(6.672012533190158, 0.0001), one(26.316243774876106, 4.7540633621019)}},
		{"teams default", jsRate, Default(),
			game(inOrder(2), []Rating{a1, b1}, []Rating{c1, d1}),
			[][]Rating{
				{{29.607340941337068, 4.755311788972862}, {27.624602782532037, 4.892807828777459}},
				{{15.953170429143093, 6.125902065139878}, {23.70858117648013, 8.111707446126035}},
			}},
		{"teams tau 0.01", jsRate, withTau(0.01, false),
			game(inOrder(2), []Rating{a1, b1}, []Rating{c1, d1}),
			[][]Rating{
				{{29.60722003260825, 4.754607604502581}, {27.624482251695827, 4.892124276331747}},
				{{15.953286947567106, 6.1253654293947335}, {23.708689129525133, 8.111303923213725}},
			}},
		{"teams tau 0.01 limit sigma", jsRate, withTau(0.01, true),
			game(inOrder(2), []Rating{{9.182, 0.0001}, b1}, []Rating{c1, d1}),
			[][]Rating{
				{{9.182004653636957, 0.0001}, {28.301285923165363, 4.889318394468611}},
				{{14.87349383521136, 6.076727029758966}, {21.768626152890867, 7.992333183226455}},
			}},
		{"reverses rank", jsRate, Default(),
			game([]int{2, 1}, newcomer, newcomer),
			[][]Rating{one(22.364610506859503, 8.06590141354368), one(27.635389493140497, 8.06590141354368)}},
		{"misordered ranks", jsRate, Default(),
			game([]int{2, 1, 4, 3}, newcomer, newcomer, newcomer, newcomer),
			[][]Rating{
				one(26.55291815138952, 8.17961798837266),
				one(27.795252672501135, 8.263571791259416),
				one(20.962412806387245, 8.084127880168786),
				one(24.689416369722096, 8.084127880168786),
			}},
		{"rate ordering", jsRate, Default(),
			game([]int{1, 3, 4, 2}, w1, x1, y1, z1),
			[][]Rating{
				one(18.131120980297805, 8.283536573151807),
				one(20.405169039419135, 8.107860440531121),
				one(20.65583040714804, 8.082574596348321),
				one(30.80787957313502, 8.155100416275928),
			}},
		{"three teams of two, ranks 3 1 2", jsRate, Default(),
			game([]int{3, 1, 2}, []Rating{a1, d1}, []Rating{b1, d1}, []Rating{c1, d1}),
			[][]Rating{
				{{27.857622571955794, 4.744504197327133}, {20.97892943330433, 8.129851804000902}},
				{{27.990904891666695, 4.901705733959291}, {27.341233554297506, 8.2314516336455}},
				{{17.607030910762578, 6.141282638892306}, {26.67983701239816, 8.149157818911323}},
			}},
		{"ties 1 2 2", jsRate, Default(),
			game([]int{1, 2, 2}, one(10, 8), one(5, 10), one(0, 12)),
			[][]Rating{
				one(11.942996666741225, 7.926888197620324),
				one(2.9381178546315034, 9.653804487570165),
				one(-1.4024317012198733, 11.323641575516767),
			}},
		{"four-way tie of newcomers", jsRate, Default(),
			game([]int{1, 1, 1, 1}, newcomer, newcomer, newcomer, newcomer),
			[][]Rating{
				one(25, 8.263571791259416), one(25, 8.263571791259416),
				one(25, 8.263571791259416), one(25, 8.263571791259416),
			}},
		{"ties 2 4 2 1", jsRate, Default(),
			game([]int{2, 4, 2, 1}, w1, x1, y1, z1),
			[][]Rating{
				one(15.340043358359136, 8.213141619804967),
				one(18.007678675484204, 8.189033933813437),
				one(24.25801928251219, 8.166918055585525),
				one(32.39425868364447, 8.247687230833794),
			}},
		// The test gives scores 1, 1, 1: a three-way tie.
		{"three-way tie of newcomers", jsRate, Default(),
			game([]int{1, 1, 1}, newcomer, newcomer, newcomer),
			[][]Rating{one(25, 8.205243377397993), one(25, 8.205243377397993), one(25, 8.205243377397993)}},
		{"tau 0.3", jsRate, withTau(0.3, false),
			game(inOrder(2), one(25, 3), one(25, 3)),
			[][]Rating{one(25.624880438870754, 2.9879993738476953), one(24.375119561129246, 2.9879993738476953)}},
		{"tau 0.3 limit sigma", jsRate, withTau(0.3, true),
			game(inOrder(2), one(40, 3), one(-20, 3)),
			[][]Rating{one(40.00032667136128, 3), one(-20.000326671361275, 3)}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, rated, err := tc.cfg.Rate(tc.sides)
			require.NoError(t, err)
			require.True(t, rated)
			t.Logf("expected numbers from %s", tc.source)
			requireRatings(t, tc.want, got)
		})
	}
}

// TestHeadToHeadClosedForm checks two players against the update
// worked out by hand for k = 2 (no tie), independent of the general
// loop: with c² = sigma_w² + sigma_l² + 2 beta² and p the winner's
// Plackett-Luce probability e^(mu_w/c) / (e^(mu_w/c) + e^(mu_l/c)), the
// winner gains sigma_w²/c (1-p), the loser loses sigma_l²/c (1-p), and
// each variance shrinks by gamma sigma²/c² p(1-p), gamma = sigma/c.
func TestHeadToHeadClosedForm(t *testing.T) {
	cfg := Default()
	cfg.Tau = 0
	for _, g := range []struct{ w, l Rating }{
		{Rating{25, 25.0 / 3}, Rating{25, 25.0 / 3}},
		{Rating{31.5, 2.1}, Rating{18, 6.4}},
		{Rating{12, 7}, Rating{40, 1.5}},
	} {
		c2 := g.w.Sigma*g.w.Sigma + g.l.Sigma*g.l.Sigma + 2*cfg.Beta*cfg.Beta
		c := math.Sqrt(c2)
		p := 1 / (1 + math.Exp((g.l.Mu-g.w.Mu)/c))
		next := func(r Rating, sign float64) Rating {
			v := r.Sigma * r.Sigma
			return Rating{
				Mu:    r.Mu + sign*v/c*(1-p),
				Sigma: r.Sigma * math.Sqrt(1-r.Sigma/c*v/c2*p*(1-p)),
			}
		}
		got, _, err := cfg.Rate(game(inOrder(2), []Rating{g.w}, []Rating{g.l}))
		require.NoError(t, err)
		requireRatings(t, [][]Rating{{next(g.w, 1)}, {next(g.l, -1)}}, got)
	}
}
