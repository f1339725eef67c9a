package club

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/serve/rating"
	"github.com/klob/klob/rules"
)

// TestBotPlayWinsAndCostsNothing: at two, three and four seats, a
// bot's play neither wins nor costs a person rating. A person bots
// stood in for falls by a loss as anyone and is never raised; a person
// who played their own seat is not lowered by a side above theirs that
// won with a bot for one of its people, nor by one that beat theirs
// while a bot played their partner's seat, and is rated by the sides
// they beat all the same. HeldWhy says why to each person it kept.
func TestBotPlayWinsAndCostsNothing(t *testing.T) {
	const (
		kept  = "kept"  // the rating before the game, mu and sigma
		plain = "plain" // as if no bot had stood in
		rise  = "rise"  // up, by the sides that count alone
		fall  = "fall"  // down, by the sides that count alone: less than plain
	)
	cases := []struct {
		name   string
		seats  []seat
		totals []int // by side
		winner int   // side
		stood  []rules.Seat
		left   []rules.Seat
		want   []string // by seat, "" for a bot
		why    []string // HeldWhy by seat
	}{
		{
			name:  "2: dan left, his bot won",
			seats: []seat{person(peopleKeys[0], "ann"), person(peopleKeys[3], "dan")}, totals: []int{49, 178}, winner: 1,
			stood: []rules.Seat{1}, left: []rules.Seat{1},
			want: []string{kept, kept},
			why: []string{"a bot played dan's seat at the end, and a bot's win costs nobody rating",
				"a bot played your seat at the end, and a bot's win raises no rating"},
		},
		{
			name:  "2: dan left, ann won",
			seats: []seat{person(peopleKeys[0], "ann"), person(peopleKeys[3], "dan")}, totals: []int{178, 49}, winner: 0,
			stood: []rules.Seat{1}, left: []rules.Seat{1},
			want: []string{plain, plain},
			why:  []string{"", "a bot played your seat at the end, and a bot's win raises no rating"},
		},
		{
			name:  "2: bots made ann's moves, she won",
			seats: []seat{person(peopleKeys[0], "ann"), person(peopleKeys[3], "dan")}, totals: []int{178, 49}, winner: 0,
			stood: []rules.Seat{0},
			want:  []string{kept, kept},
			why: []string{"bots made a quarter of your moves or more, and a bot's win raises no rating",
				"bots made a quarter of ann's moves or more, and a bot's win costs nobody rating"},
		},
		{
			name:  "3: cy left, his bot won, ann second",
			seats: []seat{person(peopleKeys[0], "ann"), person(peopleKeys[1], "bob"), person(peopleKeys[2], "cy")}, totals: []int{90, 40, 160}, winner: 2,
			stood: []rules.Seat{2}, left: []rules.Seat{2},
			want: []string{rise, fall, kept},
			why:  []string{"a bot played cy's seat at the end, and a bot's win costs nobody rating", "a bot played cy's seat at the end, and a bot's win costs nobody rating", "a bot played your seat at the end, and a bot's win raises no rating"},
		},
		{
			name:  "3: cy left, ann won, cy's bot second",
			seats: []seat{person(peopleKeys[0], "ann"), person(peopleKeys[1], "bob"), person(peopleKeys[2], "cy")}, totals: []int{160, 40, 90}, winner: 0,
			stood: []rules.Seat{2}, left: []rules.Seat{2},
			want: []string{plain, fall, kept},
			why:  []string{"", "a bot played cy's seat at the end, and a bot's win costs nobody rating", "a bot played your seat at the end, and a bot's win raises no rating"},
		},
		{
			name:  "3: bob left, his bot last",
			seats: []seat{person(peopleKeys[0], "ann"), person(peopleKeys[1], "bob"), person(peopleKeys[2], "cy")}, totals: []int{160, 40, 90}, winner: 0,
			stood: []rules.Seat{1}, left: []rules.Seat{1},
			want: []string{plain, plain, plain},
			why:  []string{"", "a bot played your seat at the end, and a bot's win raises no rating", ""},
		},
		{
			name:  "3: bob left, his bot second, a bot last",
			seats: []seat{person(peopleKeys[0], "ann"), person(peopleKeys[1], "bob"), bot("normal")}, totals: []int{90, 160, 40}, winner: 1,
			stood: []rules.Seat{1}, left: []rules.Seat{1},
			want: []string{rise, kept, ""},
			why:  []string{"a bot played bob's seat at the end, and a bot's win costs nobody rating", "a bot played your seat at the end, and a bot's win raises no rating", ""},
		},
		{
			name:  "4: bob left, his side won",
			seats: []seat{person(peopleKeys[0], "ann"), person(peopleKeys[1], "bob"), person(peopleKeys[2], "cy"), person(peopleKeys[3], "dan")}, totals: []int{70, 160}, winner: 1,
			stood: []rules.Seat{1}, left: []rules.Seat{1},
			want: []string{kept, kept, kept, plain},
			why: []string{"a bot played bob's seat at the end, and a bot's win costs nobody rating", "a bot played your seat at the end, and a bot's win raises no rating",
				"a bot played bob's seat at the end, and a bot's win costs nobody rating", ""},
		},
		{
			name:  "4: bob left, his side lost",
			seats: []seat{person(peopleKeys[0], "ann"), person(peopleKeys[1], "bob"), person(peopleKeys[2], "cy"), person(peopleKeys[3], "dan")}, totals: []int{160, 70}, winner: 0,
			stood: []rules.Seat{1}, left: []rules.Seat{1},
			want: []string{plain, plain, plain, kept},
			why:  []string{"", "a bot played your seat at the end, and a bot's win raises no rating", "", "a bot played bob's seat at the end, and a bot's play costs nobody rating"},
		},
		{
			name:  "4: bots made bob's and dan's moves, their side lost",
			seats: []seat{person(peopleKeys[0], "ann"), person(peopleKeys[1], "bob"), person(peopleKeys[2], "cy"), person(peopleKeys[3], "dan")}, totals: []int{160, 70}, winner: 0,
			stood: []rules.Seat{1, 3},
			want:  []string{plain, plain, plain, plain},
			why:   []string{"", "bots made a quarter of your moves or more, and a bot's win raises no rating", "", "bots made a quarter of your moves or more, and a bot's win raises no rating"},
		},
		{
			name:  "4: bob left, his side with a bot won against ann and a bot",
			seats: []seat{person(peopleKeys[0], "ann"), person(peopleKeys[1], "bob"), bot("normal"), bot("hard")}, totals: []int{70, 160}, winner: 1,
			stood: []rules.Seat{1}, left: []rules.Seat{1},
			want: []string{kept, kept, "", ""},
			why:  []string{"a bot played bob's seat at the end, and a bot's win costs nobody rating", "a bot played your seat at the end, and a bot's win raises no rating", "", ""},
		},
	}
	cfg := rating.Default()
	newcomer := cfg.Newcomer()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			n := len(tc.seats)
			g := clubdb.Game{Winner: rules.SideName(n, tc.winner)}
			var before []clubdb.Rating
			for i, s := range tc.seats {
				g.Seats = append(g.Seats, clubdb.Seat{Key: s.key, Name: s.name, Level: s.level, Total: tc.totals[rules.SideOfSeat(n, rules.Seat(i))]})
				if s.key != "" {
					before = append(before, clubdb.Rating{Key: s.key, Seats: n})
				}
			}
			plainAfter, err := RateStoodIn(cfg, &g, before, nil, nil)
			require.NoError(t, err)
			got, err := RateStoodIn(cfg, &g, before, tc.stood, tc.left)
			require.NoError(t, err)
			require.Len(t, got, len(plainAfter))
			by := func(rs []clubdb.Rating, key string) clubdb.Rating {
				for _, r := range rs {
					if r.Key == key {
						return r
					}
				}
				t.Fatalf("%s is not rated", key)
				return clubdb.Rating{}
			}
			for i, s := range tc.seats {
				if s.key == "" {
					continue
				}
				r, p := by(got, s.key), by(plainAfter, s.key)
				switch tc.want[i] {
				case kept:
					assert.Equal(t, newcomer, rating.Rating{Mu: r.Mu, Sigma: r.Sigma}, "%s keeps their rating", s.name)
				case plain:
					assert.Equal(t, p, r, "%s is rated as if no bot had stood in", s.name)
				case rise:
					assert.Greater(t, r.Mu, newcomer.Mu, "%s rises", s.name)
					assert.NotEqual(t, p.Mu, r.Mu, "%s is rated by the sides that count", s.name)
				case fall:
					assert.Less(t, r.Mu, newcomer.Mu, "%s falls", s.name)
					assert.Greater(t, r.Mu, p.Mu, "%s falls by the sides that count alone", s.name)
				default:
					t.Fatalf("no want for %s", s.name)
				}
				assert.Equal(t, tc.why[i], HeldWhy(&g, s.key, tc.stood, tc.left), "why %s", s.name)
			}
		})
	}
}

// A guest's seat or a bot's is no person's: HeldWhy has nothing for it,
// nor for a game not finished.
func TestHeldWhyNobody(t *testing.T) {
	g := clubdb.Game{Seats: []clubdb.Seat{{Key: peopleKeys[0], Name: "ann", Level: gamelog.Human}, {Name: "Gus", Level: gamelog.Human}}}
	assert.Empty(t, HeldWhy(&g, peopleKeys[0], []rules.Seat{1}, []rules.Seat{1}), "not finished")
	g.Winner = "B"
	assert.Empty(t, HeldWhy(&g, "", []rules.Seat{1}, []rules.Seat{1}), "a guest")
	assert.Empty(t, HeldWhy(&g, peopleKeys[0], []rules.Seat{1}, []rules.Seat{1}), "a guest's seat is no person's")
}
