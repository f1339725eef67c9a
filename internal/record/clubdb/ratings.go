package clubdb

import (
	"context"
	"database/sql"
	"errors"
)

// Rating returns the player's rating in the pool of seats players;
// Rated is false when they have none there yet.
func (db *DB) Rating(ctx context.Context, key string, seats int) (Rating, error) {
	r, err := scanRating(db.rs.rating.QueryRowContext(ctx, key, seats), key, seats)
	return r, db.openErr(err)
}

// scanRating reads the rating row of key in the pool of seats players:
// no row is no rating yet (Rated false).
func scanRating(row *sql.Row, key string, seats int) (Rating, error) {
	r := Rating{Key: key, Seats: seats}
	switch err := row.Scan(&r.Mu, &r.Sigma, &r.Games); {
	case errors.Is(err, sql.ErrNoRows):
		return r, nil
	case err != nil:
		return Rating{}, err
	}
	r.Rated = true
	return r, nil
}

// Ratings returns the player's ratings in every pool they have one, by
// seat count.
func (db *DB) Ratings(ctx context.Context, key string) ([]Rating, error) {
	return readAll(ctx, db, db.rs.ratingsOf, func(sc scanner) (Rating, error) {
		r := Rating{Key: key, Rated: true}
		err := sc.Scan(&r.Seats, &r.Mu, &r.Sigma, &r.Games)
		return r, err
	}, key)
}

// RatingHistory returns the player's last limit rating changes in the
// pool of seats players, newest first.
func (db *DB) RatingHistory(ctx context.Context, key string, seats, limit int) ([]RatingChange, error) {
	return readAll(ctx, db, db.rs.history, func(sc scanner) (RatingChange, error) {
		c := RatingChange{Before: Rating{Key: key, Seats: seats}, After: Rating{Key: key, Seats: seats, Rated: true}}
		var when int64
		var mu, sigma sql.NullFloat64
		err := sc.Scan(&c.GameID, &c.LogSHA256, &when, &mu, &sigma, &c.After.Mu, &c.After.Sigma, &c.After.Games)
		c.When = fromMS(when)
		c.Before.Mu, c.Before.Sigma, c.Before.Rated = mu.Float64, sigma.Float64, mu.Valid
		c.Before.Games = c.After.Games - 1
		return c, err
	}, key, seats, limit)
}

// LeaderboardQuery selects a leaderboard.
type LeaderboardQuery struct {
	Seats    int     // the pool
	MinGames int     // the fewest rated games to be listed
	Z        float64 // players are ranked by Mu - Z*Sigma (the rating system says which Z)
	Limit    int
}

// Standing is a line of a leaderboard.
type Standing struct {
	Rank int // from 1
	Name string
	Rating
}

// Leaderboard returns the players of the pool with enough games, best
// first.
func (db *DB) Leaderboard(ctx context.Context, q LeaderboardQuery) ([]Standing, error) {
	rank := 0
	return readAll(ctx, db, db.rs.board, func(sc scanner) (Standing, error) {
		rank++
		s := Standing{Rank: rank, Rating: Rating{Seats: q.Seats, Rated: true}}
		err := sc.Scan(&s.Key, &s.Name, &s.Mu, &s.Sigma, &s.Games)
		return s, err
	}, q.Seats, q.MinGames, q.Z, q.Limit)
}
