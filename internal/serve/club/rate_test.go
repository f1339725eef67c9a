package club

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/serve/rating"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// rated returns the ratings of the keys at seats players, failing when
// one has none.
func ratingsOf(t *testing.T, s *Service, seats int, keys ...string) map[string]clubdb.Rating {
	t.Helper()
	out := map[string]clubdb.Rating{}
	for _, k := range keys {
		r, err := s.DB().Rating(context.Background(), k, seats)
		require.NoError(t, err)
		out[k] = r
	}
	return out
}

// TestRatedGames: every shape of rated game through the service, from
// the log as filed: the people of every side are rated (the winners up,
// the losers down from the same start), the bots and the guests keep no
// rating, a game against bots alone and a practice game rate nobody,
// and recording a game again changes nothing.
func TestRatedGames(t *testing.T) {
	cases := []struct {
		name  string
		seats []seat
		rated []string // the keys the game rates
	}{
		{"head to head", []seat{person(testkit.KeyAnn, "Ann"), person(testkit.KeyBob, "Bob")}, []string{testkit.KeyAnn, testkit.KeyBob}},
		{"three each for themselves", []seat{person(testkit.KeyAnn, "Ann"), person(testkit.KeyBob, "Bob"), person(testkit.KeyCy, "Cy")}, []string{testkit.KeyAnn, testkit.KeyBob, testkit.KeyCy}},
		{"two teams of two", []seat{person(testkit.KeyAnn, "Ann"), person(testkit.KeyBob, "Bob"), person(testkit.KeyCy, "Cy"), person(testkit.KeyDan, "Dan")},
			[]string{testkit.KeyAnn, testkit.KeyBob, testkit.KeyCy, testkit.KeyDan}},
		{"two people and a bot", []seat{person(testkit.KeyAnn, "Ann"), bot("hard"), person(testkit.KeyBob, "Bob")}, []string{testkit.KeyAnn, testkit.KeyBob}},
		{"a person and a bot against a person and a bot", []seat{person(testkit.KeyAnn, "Ann"), person(testkit.KeyBob, "Bob"), bot("easy"), bot("normal")},
			[]string{testkit.KeyAnn, testkit.KeyBob}},
		{"a person against a bot", []seat{person(testkit.KeyAnn, "Ann"), bot("normal")}, nil},
		{"a person against two bots", []seat{bot("easy"), person(testkit.KeyAnn, "Ann"), bot("hard")}, nil},
		{"partners against two bots", []seat{person(testkit.KeyAnn, "Ann"), bot("normal"), person(testkit.KeyBob, "Bob"), bot("normal")}, nil},
		{"two people and a guest", []seat{person(testkit.KeyAnn, "Ann"), guest("Gus"), person(testkit.KeyBob, "Bob")}, []string{testkit.KeyAnn, testkit.KeyBob}},
		{"a person against a guest", []seat{person(testkit.KeyAnn, "Ann"), guest("Gus")}, nil},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, dir := openService(t)
			ctx := context.Background()
			l := tableLog(t, uint64(100+i), tc.seats...)
			rec := file(t, s, dir, "game", l, "")
			require.True(t, rec.New)
			g, err := s.DB().Game(ctx, rec.ID)
			require.NoError(t, err)
			require.True(t, g.Finished())
			n := len(tc.seats)
			var got []string
			for _, c := range rec.Changes {
				got = append(got, c.After.Key)
			}
			assert.ElementsMatch(t, tc.rated, got, "the players rated")
			win := winner(t, l)
			for _, c := range rec.Changes {
				i := seatOf(g, c.After.Key)
				assert.False(t, c.Before.Rated, "a first game")
				assert.Less(t, c.After.Sigma, rating.Default().Sigma, "%s's uncertainty shrinks", c.After.Key)
				if rules.SideOfSeat(n, rules.Seat(i)) == win {
					assert.Greater(t, c.After.Mu, rating.Default().Mu, "%s won", c.After.Key)
				} else if n == 2 || n == 4 {
					assert.Less(t, c.After.Mu, rating.Default().Mu, "%s lost", c.After.Key)
				}
			}
			// Nobody else holds a rating: no bot, no guest.
			for _, k := range []string{testkit.KeyAnn, testkit.KeyBob, testkit.KeyCy, testkit.KeyDan} {
				r, err := s.DB().Ratings(ctx, k)
				require.NoError(t, err)
				if slicesContains(tc.rated, k) {
					require.Len(t, r, 1, k)
					assert.Equal(t, n, r[0].Seats)
					assert.Equal(t, 1, r[0].Games)
				} else {
					assert.Empty(t, r, "%s is not rated", k)
				}
			}
			c, err := s.DB().Counts(ctx)
			require.NoError(t, err)
			assert.Equal(t, 1, c.Games, "the game is recorded, rated or not")
			people := 0
			for _, st := range tc.seats {
				if st.key != "" {
					people++
				}
			}
			assert.Equal(t, people, c.Players, "the keyed people are the players: no guest, no bot")
			// Again: nothing changes.
			before := ratingsOf(t, s, n, tc.rated...)
			again := file(t, s, dir, "game", l, "")
			assert.False(t, again.New)
			assert.Empty(t, again.Changes)
			assert.Equal(t, before, ratingsOf(t, s, n, tc.rated...))
			verify(t, s)
		})
	}
}

func slicesContains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func seatOf(g clubdb.Game, key string) int {
	for i, s := range g.Seats {
		if s.Key == key {
			return i
		}
	}
	return -1
}

// TestRateMatchesTheModel: the service's update is the rating model's
// on the game's sides: the winner first, the others by their totals,
// bots with their published ratings, partners on one side.
func TestRateMatchesTheModel(t *testing.T) {
	cfg := rating.Default()
	hard, ok := Bot(string(ai.Hard), 3)
	require.True(t, ok)
	ann := rating.Rating{Mu: 27, Sigma: 5}
	bob := rating.Rating{Mu: 22, Sigma: 3}
	g := clubdb.Game{Rules: rules.DefaultOptions(), Winner: "B", Seats: []clubdb.Seat{
		{Key: testkit.KeyAnn, Level: "human", Total: 120},
		{Level: "hard", Total: 210},
		{Key: testkit.KeyBob, Level: "human", Total: 150},
	}}
	g.Rules.Players = 3
	before := []clubdb.Rating{{Key: testkit.KeyAnn, Seats: 3, Mu: ann.Mu, Sigma: ann.Sigma, Rated: true}, {Key: testkit.KeyBob, Seats: 3, Mu: bob.Mu, Sigma: bob.Sigma, Rated: true}}
	got, err := RateStoodIn(cfg, &g, before, nil, nil)
	require.NoError(t, err)
	want, rated, err := cfg.Rate([]rating.Side{
		{Players: []rating.Player{{Rating: ann}}, Rank: 3},
		{Players: []rating.Player{{Rating: hard, Fixed: true}}, Rank: 1},
		{Players: []rating.Player{{Rating: bob}}, Rank: 2},
	})
	require.NoError(t, err)
	require.True(t, rated)
	require.Equal(t, []clubdb.Rating{
		{Key: testkit.KeyAnn, Seats: 3, Mu: want[0][0].Mu, Sigma: want[0][0].Sigma},
		{Key: testkit.KeyBob, Seats: 3, Mu: want[2][0].Mu, Sigma: want[2][0].Sigma},
	}, got)

	// A team game: Ann and Bob partners (A and C) against a newcomer
	// and a bot; a tie of the losers' totals does not matter with two
	// sides.
	g4 := clubdb.Game{Rules: rules.DefaultOptions(), Winner: "BD", Seats: []clubdb.Seat{
		{Key: testkit.KeyAnn, Level: "human", Total: 300},
		{Key: testkit.KeyCy, Level: "human", Total: 520},
		{Key: testkit.KeyBob, Level: "human", Total: 300},
		{Level: "easy", Total: 520},
	}}
	g4.Rules.Players = 4
	easy, _ := Bot("easy", 4)
	got, err = RateStoodIn(cfg, &g4, []clubdb.Rating{before[0], {Key: testkit.KeyCy, Seats: 4}, before[1]}, nil, nil)
	require.NoError(t, err)
	want, _, err = cfg.Rate([]rating.Side{
		{Players: []rating.Player{{Rating: ann}, {Rating: bob}}, Rank: 2},
		{Players: []rating.Player{{Rating: cfg.Newcomer()}, {Rating: easy, Fixed: true}}, Rank: 1},
	})
	require.NoError(t, err)
	require.Equal(t, []clubdb.Rating{
		{Key: testkit.KeyAnn, Seats: 4, Mu: want[0][0].Mu, Sigma: want[0][0].Sigma},
		{Key: testkit.KeyCy, Seats: 4, Mu: want[1][0].Mu, Sigma: want[1][0].Sigma},
		{Key: testkit.KeyBob, Seats: 4, Mu: want[0][1].Mu, Sigma: want[0][1].Sigma},
	}, got)
}

// TestRateTiesAndPlaces: at three, the two sides behind the winner are
// placed by their totals, equal totals tying.
func TestRateTiesAndPlaces(t *testing.T) {
	cfg := rating.Default()
	newcomers := []clubdb.Rating{{Key: testkit.KeyAnn, Seats: 3}, {Key: testkit.KeyBob, Seats: 3}, {Key: testkit.KeyCy, Seats: 3}}
	// rate rates newcomers in a game of three that C won, with the
	// seats' totals.
	rate := func(totals ...int) []clubdb.Rating {
		t.Helper()
		g := clubdb.Game{Rules: rules.DefaultOptions(), Winner: "C"}
		g.Rules.Players = 3
		for i, tot := range totals {
			g.Seats = append(g.Seats, clubdb.Seat{Key: []string{testkit.KeyAnn, testkit.KeyBob, testkit.KeyCy}[i], Level: "human", Total: tot})
		}
		got, err := RateStoodIn(cfg, &g, newcomers, nil, nil)
		require.NoError(t, err)
		return got
	}
	got := rate(100, 100, 510)
	assert.Equal(t, got[0].Mu, got[1].Mu, "a tie for second moves both alike")
	assert.Greater(t, got[2].Mu, got[0].Mu)
	got = rate(90, 300, 510)
	assert.Less(t, got[0].Mu, got[1].Mu, "third is below second")
	assert.Less(t, got[1].Mu, got[2].Mu)
	// The winner is the side the rules name, even behind on totals (a
	// side past the target can lose to one that reached it first).
	got = rate(600, 100, 550)
	assert.Greater(t, got[2].Mu, got[0].Mu)
}

// TestRateRefuses: what the service cannot rate says why.
func TestRateRefuses(t *testing.T) {
	cfg := rating.Default()
	g := clubdb.Game{Rules: rules.DefaultOptions(), Winner: "A", Seats: []clubdb.Seat{{Key: testkit.KeyAnn, Level: "human"}, {Level: "genius"}}}
	_, err := RateStoodIn(cfg, &g, []clubdb.Rating{{Key: testkit.KeyAnn, Seats: 2}}, nil, nil)
	require.ErrorContains(t, err, `level "genius"`)
	g.Winner = "AC"
	_, err = RateStoodIn(cfg, &g, []clubdb.Rating{{Key: testkit.KeyAnn, Seats: 2}}, nil, nil)
	require.ErrorContains(t, err, "not a side")
	g.Winner = ""
	got, err := RateStoodIn(cfg, &g, nil, nil, nil)
	require.NoError(t, err)
	assert.Nil(t, got, "an unfinished game rates nobody")
}

// TestBotsArePublished: every level the server plays has a rating in
// every pool, in the order of the levels' strength, with the small
// sigma that lets the people take the update; normal is the newcomer's
// anchor.
func TestBotsArePublished(t *testing.T) {
	for _, n := range Pools() {
		var last float64
		for i, l := range []ai.Level{ai.Random, ai.Easy, ai.Normal, ai.Hard} {
			r, ok := Bot(string(l), n)
			require.True(t, ok, "%s at %d", l, n)
			require.NoError(t, r.Check())
			assert.Equal(t, BotSigma, r.Sigma)
			if i > 0 {
				assert.Greater(t, r.Mu, last, "%s is above the level below it at %d", l, n)
			}
			last = r.Mu
		}
		normal, _ := Bot("normal", n)
		assert.Equal(t, rating.Default().Mu, normal.Mu, "normal is the newcomer's anchor at %d", n)
		h, ok := Bot("hard:bid=normal", n)
		require.True(t, ok, "a hybrid counts as its first level")
		hard, _ := Bot("hard", n)
		assert.Equal(t, hard, h)
	}
	_, ok := Bot("normal", 5)
	assert.False(t, ok)
}
