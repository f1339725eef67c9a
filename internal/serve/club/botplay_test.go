package club

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/serve/rating"
	"github.com/klob/klob/rules"
)

// TestStoodInForfeits: at two, three and four seats, a game bots
// finished for a person is rated exactly as the same people's game
// played to its end with the result the forfeit gives: the side of a
// person who left last, one whose bots made a quarter of the moves
// below those who played their own games, the forfeits alike tied.
// So the rating changes add up as that game's do: to zero when the
// model is zero-sum (people alone, of one spread), and to the same
// sum otherwise. ForfeitWhy says why to each person whose place it
// changed.
func TestStoodInForfeits(t *testing.T) {
	ann, bob, cy, dan := person(peopleKeys[0], "ann"), person(peopleKeys[1], "bob"), person(peopleKeys[2], "cy"), person(peopleKeys[3], "dan")
	cases := []struct {
		name   string
		seats  []seat
		totals []int // by side, as the board ended
		winner int   // side
		stood  []rules.Seat
		left   []rules.Seat
		// The same people's game played to its end with the result the
		// forfeit gives.
		asTotals []int
		asWinner int
		asTie    bool     // the sides tied, as no finished game of two
		why      []string // ForfeitWhy by seat
	}{
		{
			name: "2: dan left, his bot won", seats: []seat{ann, dan}, totals: []int{49, 178}, winner: 1,
			stood: []rules.Seat{1}, left: []rules.Seat{1}, asTotals: []int{178, 49}, asWinner: 0,
			why: []string{"a bot played dan's seat at the end, so the game is rated as dan's loss",
				"a bot played your seat at the end, so the game is rated as your loss"},
		},
		{
			name: "2: dan left, ann won", seats: []seat{ann, dan}, totals: []int{178, 49}, winner: 0,
			stood: []rules.Seat{1}, left: []rules.Seat{1}, asTotals: []int{178, 49}, asWinner: 0,
			why: []string{"", ""},
		},
		{
			name: "2: bots made ann's moves, she won", seats: []seat{ann, dan}, totals: []int{178, 49}, winner: 0,
			stood: []rules.Seat{0}, asTotals: []int{49, 178}, asWinner: 1,
			why: []string{"bots made a quarter of your moves or more, so the game is rated as your loss",
				"bots made a quarter of ann's moves or more, so the game is rated as ann's loss"},
		},
		{
			name: "2: bots made ann's moves, dan left", seats: []seat{ann, dan}, totals: []int{49, 178}, winner: 1,
			stood: []rules.Seat{0, 1}, left: []rules.Seat{1}, asTotals: []int{178, 49}, asWinner: 0,
			why: []string{"a bot played dan's seat at the end, so the game is rated as dan's loss",
				"a bot played your seat at the end, so the game is rated as your loss"},
		},
		{
			name: "2: bots made both's moves", seats: []seat{ann, dan}, totals: []int{178, 49}, winner: 0,
			stood: []rules.Seat{0, 1}, asTotals: []int{178, 49}, asTie: true,
			why: []string{"bots made a quarter of your moves or more, so the game is rated as a tie",
				"bots made a quarter of ann's moves or more, so the game is rated as a tie"},
		},
		{
			name: "3: cy left, his bot won, ann second", seats: []seat{ann, bob, cy}, totals: []int{90, 40, 160}, winner: 2,
			stood: []rules.Seat{2}, left: []rules.Seat{2}, asTotals: []int{160, 90, 40}, asWinner: 0,
			why: []string{"a bot played cy's seat at the end, so the game is rated as cy's loss",
				"a bot played cy's seat at the end, so the game is rated as cy's loss",
				"a bot played your seat at the end, so the game is rated as your loss"},
		},
		{
			name: "3: cy left, ann won, cy's bot second", seats: []seat{ann, bob, cy}, totals: []int{160, 40, 90}, winner: 0,
			stood: []rules.Seat{2}, left: []rules.Seat{2}, asTotals: []int{160, 90, 40}, asWinner: 0,
			why: []string{"", "a bot played cy's seat at the end, so the game is rated as cy's loss",
				"a bot played your seat at the end, so the game is rated as your loss"},
		},
		{
			name: "3: bob and cy left, their bots first and second", seats: []seat{ann, bob, cy}, totals: []int{40, 160, 90}, winner: 1,
			stood: []rules.Seat{1, 2}, left: []rules.Seat{1, 2}, asTotals: []int{160, 40, 40}, asWinner: 0,
			why: []string{"a bot played bob's seat at the end, so the game is rated as bob's loss",
				"a bot played your seat at the end, so the game is rated as your loss",
				"a bot played your seat at the end, so the game is rated as a tie"},
		},
		{
			name: "3: bob left, his bot second, a bot last", seats: []seat{ann, bob, bot("normal")}, totals: []int{90, 160, 40}, winner: 1,
			stood: []rules.Seat{1}, left: []rules.Seat{1}, asTotals: []int{160, 40, 90}, asWinner: 0,
			why: []string{"a bot played bob's seat at the end, so the game is rated as bob's loss",
				"a bot played your seat at the end, so the game is rated as your loss", ""},
		},
		{
			name: "4: bob left, his side won", seats: []seat{ann, bob, cy, dan}, totals: []int{70, 160}, winner: 1,
			stood: []rules.Seat{1}, left: []rules.Seat{1}, asTotals: []int{160, 70}, asWinner: 0,
			why: []string{"a bot played bob's seat at the end, so the game is rated as bob's loss",
				"a bot played your seat at the end, so the game is rated as your loss",
				"a bot played bob's seat at the end, so the game is rated as bob's loss",
				"a bot played bob's seat at the end, so the game is rated as your side's loss"},
		},
		{
			name: "4: bob left, his side lost", seats: []seat{ann, bob, cy, dan}, totals: []int{160, 70}, winner: 0,
			stood: []rules.Seat{1}, left: []rules.Seat{1}, asTotals: []int{160, 70}, asWinner: 0,
			why: []string{"", "", "", ""},
		},
		{
			name: "4: bots made bob's and dan's moves, their side won", seats: []seat{ann, bob, cy, dan}, totals: []int{70, 160}, winner: 1,
			stood: []rules.Seat{1, 3}, asTotals: []int{160, 70}, asWinner: 0,
			why: []string{"bots made a quarter of bob's moves or more, so the game is rated as bob's loss",
				"bots made a quarter of your moves or more, so the game is rated as your loss",
				"bots made a quarter of bob's moves or more, so the game is rated as bob's loss",
				"bots made a quarter of your moves or more, so the game is rated as your loss"},
		},
		{
			name: "4: bob left, his side with a bot won against ann and a bot", seats: []seat{ann, bob, bot("normal"), bot("hard")}, totals: []int{70, 160}, winner: 1,
			stood: []rules.Seat{1}, left: []rules.Seat{1}, asTotals: []int{160, 70}, asWinner: 0,
			why: []string{"a bot played bob's seat at the end, so the game is rated as bob's loss",
				"a bot played your seat at the end, so the game is rated as your loss", "", ""},
		},
	}
	cfg := rating.Default()
	// The people's ratings before: newcomers (one spread: the model is
	// zero-sum between them), and ratings of different spreads.
	spread := map[string]rating.Rating{
		peopleKeys[0]: {Mu: 28, Sigma: 3}, peopleKeys[1]: {Mu: 22, Sigma: 6},
		peopleKeys[2]: {Mu: 25, Sigma: 8}, peopleKeys[3]: {Mu: 31, Sigma: 2},
	}
	for _, tc := range cases {
		for _, newcomers := range []bool{true, false} {
			name := tc.name
			if !newcomers {
				name += ", rated before"
			}
			t.Run(name, func(t *testing.T) {
				n := len(tc.seats)
				game := func(totals []int, winner int) *clubdb.Game {
					g := clubdb.Game{Winner: rules.SideName(n, winner)}
					for i, s := range tc.seats {
						g.Seats = append(g.Seats, clubdb.Seat{Key: s.key, Name: s.name, Level: s.level, Total: totals[rules.SideOfSeat(n, rules.Seat(i))]})
					}
					return &g
				}
				g, finished := game(tc.totals, tc.winner), game(tc.asTotals, tc.asWinner)
				var before []clubdb.Rating
				bots := false
				for _, s := range tc.seats {
					switch {
					case s.key == "":
						bots = true
					case newcomers:
						before = append(before, clubdb.Rating{Key: s.key, Seats: n})
					default:
						r := spread[s.key]
						before = append(before, clubdb.Rating{Key: s.key, Seats: n, Mu: r.Mu, Sigma: r.Sigma, Games: 3, Rated: true})
					}
				}
				got, err := RateStoodIn(cfg, g, before, tc.stood, tc.left)
				require.NoError(t, err)
				want, err := RateStoodIn(cfg, finished, before, nil, nil)
				require.NoError(t, err)
				if tc.asTie {
					sides, placed, err := gameSides(cfg, finished, make([]int, rules.SidesAt(n)), before)
					require.NoError(t, err)
					after, _, err := cfg.Rate(sides)
					require.NoError(t, err)
					for i, b := range before {
						p := placed[b.Key]
						want[i].Mu, want[i].Sigma = after[p.side][p.i].Mu, after[p.side][p.i].Sigma
					}
				}
				require.Len(t, want, len(before), "the finished game rates everyone")
				assert.Equal(t, want, got, "rated as the same people's game played to its end")

				change := func(rs []clubdb.Rating) float64 {
					sum := 0.0
					for i, r := range rs {
						mu := cfg.Mu
						if before[i].Rated {
							mu = before[i].Mu
						}
						sum += r.Mu - mu
					}
					return sum
				}
				require.Len(t, got, len(before))
				assert.InDelta(t, change(want), change(got), 1e-9, "the changes add up as the finished game's")
				if newcomers && !bots {
					assert.InDelta(t, 0, change(got), 1e-9, "people alone, of one spread: zero-sum")
				}
				for i, s := range tc.seats {
					assert.Equal(t, tc.why[i], ForfeitWhy(g, s.key, tc.stood, tc.left), "why %s", s.name)
				}
			})
		}
	}
}

// The model is zero-sum between sides of one spread: a check of the
// test's premise, at each seat count, whatever the result.
func TestNewcomersAddUpToZero(t *testing.T) {
	cfg := rating.Default()
	for _, n := range rules.SeatCounts() {
		k := rules.SidesAt(n)
		sides := make([]rating.Side, k)
		for i := range n {
			side := rules.SideOfSeat(n, rules.Seat(i))
			sides[side].Players = append(sides[side].Players, rating.Player{Rating: cfg.Newcomer()})
		}
		for i := range sides {
			sides[i].Rank = k - i
		}
		after, rated, err := cfg.Rate(sides)
		require.NoError(t, err)
		require.True(t, rated)
		sum := 0.0
		for _, s := range after {
			for _, r := range s {
				sum += r.Mu - cfg.Mu
			}
		}
		assert.LessOrEqual(t, math.Abs(sum), 1e-9, "%d seats", n)
	}
}

// A guest's seat or a bot's is no person's: ForfeitWhy has nothing for
// it, nor for a game not finished.
func TestForfeitWhyNobody(t *testing.T) {
	g := clubdb.Game{Seats: []clubdb.Seat{{Key: peopleKeys[0], Name: "ann", Level: gamelog.Human}, {Name: "Gus", Level: gamelog.Human}}}
	assert.Empty(t, ForfeitWhy(&g, peopleKeys[0], []rules.Seat{1}, []rules.Seat{1}), "not finished")
	g.Winner = "B"
	assert.Empty(t, ForfeitWhy(&g, "", []rules.Seat{1}, []rules.Seat{1}), "a guest")
	assert.Empty(t, ForfeitWhy(&g, peopleKeys[0], []rules.Seat{1}, []rules.Seat{1}), "a guest's seat is no person's")
}
