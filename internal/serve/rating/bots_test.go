package rating

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// bot is a bot's published rating in a game.
func bot(mu, sigma float64) Player { return Player{Rating: Rating{mu, sigma}, Fixed: true} }

// person is a rated player.
func person(mu, sigma float64) Player { return Player{Rating: Rating{mu, sigma}} }

func TestBotsKeepTheirRating(t *testing.T) {
	cfg := Default()
	hard := bot(30, 1)
	cases := []struct {
		name  string
		sides []Side
	}{
		{"two people and a bot, each for themselves", []Side{
			{Players: []Player{person(25, 25.0/3)}, Rank: 2},
			{Players: []Player{hard}, Rank: 1},
			{Players: []Player{person(28, 4)}, Rank: 3},
		}},
		{"a person and a bot against a person and a bot", []Side{
			{Players: []Player{person(25, 25.0/3), hard}, Rank: 1},
			{Players: []Player{hard, person(22, 3)}, Rank: 2},
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, rated, err := cfg.Rate(tc.sides)
			require.NoError(t, err)
			require.True(t, rated)
			for i, s := range tc.sides {
				for j, p := range s.Players {
					if p.Fixed {
						require.Equal(t, p.Rating, got[i][j], "the bot at side %d player %d", i, j)
					} else {
						require.NotEqual(t, p.Rating, got[i][j], "the person at side %d player %d", i, j)
					}
				}
			}
		})
	}
}

// TestBotEntersTheUpdate checks that a bot counts with its published
// rating and is not widened by tau: a person beating a bot moves as in
// the head-to-head update in which only the person's sigma takes tau.
// (One person against a bot is a game against bots alone: RateBotOnly
// lets it be rated.)
func TestBotEntersTheUpdate(t *testing.T) {
	cfg := Default()
	cfg.RateBotOnly = true
	me, b := Rating{25, 25.0 / 3}, Rating{30, 1}
	got, rated, err := cfg.Rate([]Side{{Players: []Player{{Rating: me}}, Rank: 1}, {Players: []Player{{Rating: b, Fixed: true}}, Rank: 2}})
	require.NoError(t, err)
	require.True(t, rated)

	wide := Rating{me.Mu, math.Sqrt(me.Sigma*me.Sigma + cfg.Tau*cfg.Tau)}
	plain := cfg
	plain.Tau = 0
	want, _, err := plain.Rate(game(inOrder(2), []Rating{wide}, []Rating{b}))
	require.NoError(t, err)
	requireRatings(t, [][]Rating{want[0], {b}}, got)
	require.Greater(t, got[0][0].Mu, me.Mu)
}

func TestGamesAgainstBotsAlone(t *testing.T) {
	me := person(25, 25.0/3)
	friend := person(27, 5)
	cases := []struct {
		name  string
		sides []Side
	}{
		{"a person against a bot", []Side{{Players: []Player{me}, Rank: 1}, {Players: []Player{bot(20, 1)}, Rank: 2}}},
		{"a person against two bots", []Side{
			{Players: []Player{bot(20, 1)}, Rank: 1},
			{Players: []Player{me}, Rank: 2},
			{Players: []Player{bot(30, 1)}, Rank: 3},
		}},
		{"a person and a bot against two bots", []Side{
			{Players: []Player{me, bot(25, 1)}, Rank: 2},
			{Players: []Player{bot(20, 1), bot(30, 1)}, Rank: 1},
		}},
		{"partners against two bots", []Side{
			{Players: []Player{me, friend}, Rank: 1},
			{Players: []Player{bot(20, 1), bot(30, 1)}, Rank: 2},
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := make([][]Rating, len(tc.sides))
			for i, s := range tc.sides {
				for _, p := range s.Players {
					before[i] = append(before[i], p.Rating)
				}
			}
			got, rated, err := Default().Rate(tc.sides)
			require.NoError(t, err)
			require.False(t, rated, "by default a game against bots alone is not rated")
			require.Equal(t, before, got)

			on := Default()
			on.RateBotOnly = true
			got, rated, err = on.Rate(tc.sides)
			require.NoError(t, err)
			require.True(t, rated, "RateBotOnly rates it")
			for i, s := range tc.sides {
				for j, p := range s.Players {
					if p.Fixed {
						require.Equal(t, p.Rating, got[i][j])
					} else {
						require.NotEqual(t, p.Rating, got[i][j])
					}
				}
			}
		})
	}
}

func TestOnlyBots(t *testing.T) {
	on := Default()
	on.RateBotOnly = true
	sides := []Side{{Players: []Player{bot(20, 1)}, Rank: 1}, {Players: []Player{bot(30, 1)}, Rank: 2}}
	got, rated, err := on.Rate(sides)
	require.NoError(t, err)
	require.False(t, rated)
	require.Equal(t, [][]Rating{{{20, 1}}, {{30, 1}}}, got)
}

func TestBadGames(t *testing.T) {
	ok := []Player{person(25, 25.0/3)}
	cases := []struct {
		name  string
		cfg   Config
		sides []Side
		msg   string
	}{
		{"one side", Default(), []Side{{Players: ok, Rank: 1}}, "a game needs two sides or more, got 1"},
		{"no sides", Default(), nil, "a game needs two sides or more, got 0"},
		{"empty side", Default(), []Side{{Players: ok}, {Rank: 2}}, "sides[1] has no player"},
		{"NaN mu", Default(), []Side{{Players: ok}, {Players: []Player{person(math.NaN(), 1)}}}, "sides[1].Players[0]: mu NaN is not in"},
		{"infinite mu", Default(), []Side{{Players: []Player{person(math.Inf(1), 1)}}, {Players: ok}}, "sides[0].Players[0]: mu +Inf is not in"},
		{"zero sigma", Default(), []Side{{Players: ok}, {Players: []Player{person(1, 1), person(1, 0)}}}, "sides[1].Players[1]: sigma 0 is not in"},
		{"negative sigma of a bot", Default(), []Side{{Players: ok}, {Players: []Player{bot(1, -2)}}}, "sides[1].Players[0]: sigma -2 is not in"},
		{"zero config", Config{}, []Side{{Players: ok}, {Players: ok}}, "rating config: newcomer sigma 0 is not in"},
		{"no beta", func() Config { c := Default(); c.Beta = 0; return c }(), []Side{{Players: ok}, {Players: ok}}, "rating config: beta 0 is not in (0, 1e+06]"},
		{"kappa over one", func() Config { c := Default(); c.Kappa = 2; return c }(), []Side{{Players: ok}, {Players: ok}}, "rating config: kappa 2 is not in (0, 1]"},
		{"negative tau", func() Config { c := Default(); c.Tau = -1; return c }(), []Side{{Players: ok}, {Players: ok}}, "rating config: tau -1 is not in [0, 1e+06]"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, rated, err := tc.cfg.Rate(tc.sides)
			require.ErrorContains(t, err, tc.msg)
			require.Nil(t, got)
			require.False(t, rated)
		})
	}
}
