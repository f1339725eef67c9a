package club

import (
	"context"
	"slices"
	"time"

	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/serve/rating"
	"github.com/klob/klob/rules"
)

// Pools returns the seat counts the club rates, each a pool of its
// own.
func Pools() []int { return rules.SeatCounts() }

// Standing is a player's rating in one pool as the lobby shows it.
type Standing struct {
	Seats int
	// Rated is false before the player's first rated game in the pool:
	// Shown is then the newcomer's rating.
	Rated bool
	Shown rating.Shown
	Games int
	// Last is the player's last rated game in the pool, when Rated.
	Last Change
}

// Change is what one game did to a player's rating.
type Change struct {
	GameID int64
	Table  string // the game's table code, "" for a game against bots
	// RematchOf is the checksum of the game whose "again" started this
	// one, "" when none: with Table, it tells an "again" game from the
	// one before it at the same table.
	RematchOf string
	When      time.Time // the game's start
	Before    rating.Shown
	After     rating.Shown
	// Points is the change in shown points ("+12"): the difference of
	// the rounded ratings, so that it adds up with what was shown before.
	Points int
	// Why says how bots standing in for people changed the result the
	// game was rated by (ForfeitWhy): the person, their partner or a
	// side ahead of theirs forfeited it; "" otherwise.
	Why string
	// Place is where the player's side finished as the game was rated
	// (a side that forfeited below the others, RateStoodIn): 1 won, the
	// others from 2 (Tied: level with another side). Chance is
	// the chance the model gave that side of winning before the game,
	// from the ratings then at the table (rating.Config.WinChances):
	// the update moves a rating by how far the result was from it, and
	// the more the wider the rating's ±. Both 0 when unknown.
	Place  int
	Tied   bool
	Chance float64
}

// Card returns the player's standing in every pool, by seat count. A
// failure is logged with the database's words: the lobby shows only
// that the rating cannot be read now.
func (s *Service) Card(ctx context.Context, key string) ([]Standing, error) {
	card, err := s.card(ctx, key)
	if err != nil {
		s.logf("club: a player's rating could not be read: %v", err)
	}
	return card, err
}

func (s *Service) card(ctx context.Context, key string) ([]Standing, error) {
	pools := Pools()
	out := make([]Standing, 0, len(pools))
	for _, n := range pools {
		st := Standing{Seats: n, Shown: s.scale.Show(s.cfg.Newcomer())}
		if key != "" {
			r, err := s.db.Rating(ctx, key, n)
			if err != nil {
				return nil, err
			}
			if r.Rated {
				st.Rated, st.Games = true, r.Games
				st.Shown = s.scale.Show(rating.Rating{Mu: r.Mu, Sigma: r.Sigma})
				if c, ok, err := s.lastChange(ctx, key, n); err != nil {
					return nil, err
				} else if ok {
					st.Last = c
				}
			}
		}
		out = append(out, st)
	}
	return out, nil
}

// lastChange is the player's last rating change in the pool of seats.
func (s *Service) lastChange(ctx context.Context, key string, seats int) (Change, bool, error) {
	hist, err := s.db.RatingHistory(ctx, key, seats, 1)
	if err != nil || len(hist) == 0 {
		return Change{}, false, err
	}
	h := hist[0]
	before := s.cfg.Newcomer()
	if h.Before.Rated {
		before = rating.Rating{Mu: h.Before.Mu, Sigma: h.Before.Sigma}
	}
	after := rating.Rating{Mu: h.After.Mu, Sigma: h.After.Sigma}
	c := Change{GameID: h.GameID, When: h.When, Before: s.scale.Show(before), After: s.scale.Show(after),
		Points: s.scale.Change(before, after)}
	g, err := s.db.Game(ctx, h.GameID)
	if err != nil {
		return Change{}, false, err
	}
	c.Table, c.RematchOf = g.Table, g.RematchOf
	// Who bots stood in for decides the result the game was rated by.
	// Only a regular file is read, and only the log the club recorded:
	// a FIFO in its place would hang the read.
	var stood, left []rules.Seat
	if data, _ := untrusted.ReadFile(g.LogPath); data != nil && clubdb.SumLog(data) == g.LogSHA256 {
		stood, left = stoodIn(g.LogPath, data)
	}
	if c.Place, c.Tied, c.Chance, err = s.outlook(ctx, &g, key, stood, left); err != nil {
		return Change{}, false, err
	}
	c.Why = ForfeitWhy(&g, key, stood, left)
	return c, true, nil
}

// outlook is where the player with key placed in rated game g, as it
// was rated (ratedRanks, from the seats bots stood in for, stood, and
// those whose people had left, left), and the chance the model gave
// their side of winning, from the ratings before
// it of the people at the table (clubdb.GameRatings) and the bots'
// published ratings (Bot). The chance is 0 when the game cannot give
// it (a bot of a level the club no longer publishes); the place too
// when the player holds no seat in it.
func (s *Service) outlook(ctx context.Context, g *clubdb.Game, key string, stood, left []rules.Seat) (place int, tied bool, chance float64, err error) {
	me := slices.IndexFunc(g.Seats, func(st clubdb.Seat) bool { return st.Key == key })
	rank, rerr := ratedRanks(g, stood, left)
	if me < 0 || rerr != nil {
		return 0, false, 0, nil
	}
	side := rules.SideOfSeat(len(g.Seats), rules.Seat(me))
	place = rank[side]
	for o, r := range rank {
		tied = tied || (o != side && r == place)
	}
	changes, err := s.db.GameRatings(ctx, g.ID)
	if err != nil {
		return 0, false, 0, err
	}
	before := make([]clubdb.Rating, 0, len(changes))
	for _, c := range changes {
		before = append(before, c.Before)
	}
	sides, _, serr := gameSides(s.cfg, g, rank, before)
	if serr != nil {
		return place, tied, 0, nil
	}
	chances, serr := s.cfg.WinChances(sides)
	if serr != nil {
		return place, tied, 0, nil
	}
	return place, tied, chances[side], nil
}

// Line is one line of a leaderboard.
type Line struct {
	Rank  int
	Key   string
	Name  string
	Shown rating.Shown
	Games int
}

// Leaderboard returns the best limit players of the pool of seats
// among those with enough rated games (Options.MinGames), ranked by
// the conservative Mu - 3 Sigma (rating.Rating.Ordinal). A failure is
// logged, as Card's is.
func (s *Service) Leaderboard(ctx context.Context, seats, limit int) ([]Line, error) {
	rows, err := s.db.Leaderboard(ctx, clubdb.LeaderboardQuery{Seats: seats, MinGames: s.minGames, Z: 3, Limit: limit})
	if err != nil {
		s.logf("club: the leaderboard of %d players could not be read: %v", seats, err)
		return nil, err
	}
	out := make([]Line, 0, len(rows))
	for _, r := range rows {
		out = append(out, Line{Rank: r.Rank, Key: r.Key, Name: r.Name, Games: r.Games,
			Shown: s.scale.Show(rating.Rating{Mu: r.Mu, Sigma: r.Sigma})})
	}
	return out, nil
}

// MinGames is the rated games a player needs to be on a leaderboard.
func (s *Service) MinGames() int { return s.minGames }
