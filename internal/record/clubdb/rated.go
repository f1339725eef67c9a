package clubdb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/klob/klob/rules"
)

// The queries of this file run a few times a server's life (at its
// start, in a check): the database prepares them when they run.

// unratedSQL selects the finished games (not practice) with no rating
// history: games the import recorded, whose rating the server may still
// have to apply.
const unratedSQL = `SELECT ` + gameCols + ` FROM games g
	WHERE g.winner <> '' AND g.practice = 0
	AND NOT EXISTS (SELECT 1 FROM rating_history h WHERE h.game_id = g.id)
	ORDER BY g.id`

// Unrated returns the finished games between keyed people on two sides
// or more that have no rating yet, in the order the database numbered
// them: the games an import recorded (a crash came between a game's
// filing and its record, or the state directory is older than the
// database). A game against bots alone (one side of people) is not
// listed: the sides are the rules' (rules.SideOfSeat).
func (db *DB) Unrated(ctx context.Context) ([]Game, error) {
	games, err := db.games(ctx, unratedSQL)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(games, func(g Game) bool {
		sides := map[int]bool{}
		for i, s := range g.Seats {
			if s.Key != "" {
				sides[rules.SideOfSeat(len(g.Seats), rules.Seat(i))] = true
			}
		}
		return len(sides) < 2
	}), nil
}

// RatedGames returns the games that changed ratings, in the order
// their ratings were applied (by number: klob serve rates each game as
// it records it, and the games the import records right after the
// import).
func (db *DB) RatedGames(ctx context.Context) ([]Game, error) {
	return db.games(ctx, `SELECT `+gameCols+` FROM games g
		WHERE EXISTS (SELECT 1 FROM rating_history h WHERE h.game_id = g.id) ORDER BY g.id`)
}

// games reads the games a query selects (gameCols), with their seats.
func (db *DB) games(ctx context.Context, query string) ([]Game, error) {
	rows, err := db.rdb.QueryContext(ctx, query)
	return db.withSeats(ctx, rows, err)
}

// withSeats reads the games of a query's rows (gameCols), then fills
// in their seats: after the rows are closed, as the read connections
// are few.
func (db *DB) withSeats(ctx context.Context, rows *sql.Rows, err error) ([]Game, error) {
	out, err := collect(rows, err, scanGame)
	if err != nil {
		return nil, db.openErr(err)
	}
	for i := range out {
		if err := db.seatsOf(ctx, &out[i]); err != nil {
			return nil, db.openErr(err)
		}
	}
	return out, nil
}

// GameRatings returns the rating changes game id made, in seat order:
// each rated player's rating before (Rated false for a first game in
// the pool) and after. Games counts are not kept per change and are
// left zero.
func (db *DB) GameRatings(ctx context.Context, id int64) ([]RatingChange, error) {
	rows, err := db.rdb.QueryContext(ctx, `SELECT h.player_key, h.seats, g.log_sha256, coalesce(g.started, g.recorded),
			h.mu_before, h.sigma_before, h.mu, h.sigma
		FROM rating_history h JOIN games g ON g.id = h.game_id
		JOIN game_seats s ON s.game_id = h.game_id AND s.player_key = h.player_key
		WHERE h.game_id = ? ORDER BY s.seat`, id)
	out, err := collect(rows, err, func(sc scanner) (RatingChange, error) {
		c := RatingChange{GameID: id}
		var key string
		var seats int
		var when int64
		var mu, sigma sql.NullFloat64
		err := sc.Scan(&key, &seats, &c.LogSHA256, &when, &mu, &sigma, &c.After.Mu, &c.After.Sigma)
		c.When = fromMS(when)
		c.Before = Rating{Key: key, Seats: seats, Mu: mu.Float64, Sigma: sigma.Float64, Rated: mu.Valid}
		c.After.Key, c.After.Seats, c.After.Rated = key, seats, true
		return c, err
	})
	return out, db.openErr(err)
}

// LastRated returns the number of the last game that changed ratings,
// 0 when none did. A game numbered before it that Unrated lists was
// rated when it was recorded, and changed nothing.
func (db *DB) LastRated(ctx context.Context) (int64, error) {
	var id int64
	err := db.rdb.QueryRowContext(ctx, `SELECT coalesce(max(game_id), 0) FROM rating_history`).Scan(&id)
	if err != nil {
		return 0, db.openErr(err)
	}
	return id, nil
}

// The meta keys of the rating rule: the name of the rule the club rates
// games by (SetRatingRule), and the number of the first game it may
// have rated.
const (
	metaRule     = "rating_rule"
	metaRuleFrom = "rating_rule_from"
)

// SetRatingRule records that the games rated from now on are rated by
// rule, a name the club gives its rule, and returns the number of the
// first game that rule may have rated. When the database names another
// rule, or none (a klob before rules were named), every game rated so
// far was rated by another: rule's first game is then the one after the
// last rated. Naming the same rule again changes nothing.
func (db *DB) SetRatingRule(ctx context.Context, rule string) (from int64, err error) {
	err = db.write(ctx, func(tx *wtx) error {
		s := tx.s()
		var was, at string
		if err := tx.row(s.meta, metaRule).Scan(&was); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if err := tx.row(s.meta, metaRuleFrom).Scan(&at); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if n, err := strconv.ParseInt(at, 10, 64); was == rule && err == nil && n > 0 {
			from = n
			return nil
		}
		var last int64
		if err := tx.row(s.lastRated).Scan(&last); err != nil {
			return err
		}
		from = last + 1
		if _, err := tx.exec(s.setMeta, metaRule, rule); err != nil {
			return err
		}
		_, err := tx.exec(s.setMeta, metaRuleFrom, strconv.FormatInt(from, 10))
		return err
	})
	return from, err
}

// RatingRule returns the rule the database says its games are rated by
// (SetRatingRule) and the number of the first game it may have rated;
// rule "" when it names none.
func (db *DB) RatingRule(ctx context.Context) (rule string, from int64, err error) {
	var at string
	err = db.rdb.QueryRowContext(ctx, `SELECT coalesce((SELECT value FROM meta WHERE key = ?1), ''),
		coalesce((SELECT value FROM meta WHERE key = ?2), '')`, metaRule, metaRuleFrom).Scan(&rule, &at)
	if err != nil {
		return "", 0, db.openErr(err)
	}
	if rule == "" {
		return "", 0, nil
	}
	if from, err = strconv.ParseInt(at, 10, 64); err != nil || from < 1 {
		return "", 0, fmt.Errorf("the club database's rating rule %q starts at game %q, not a game's number", rule, at)
	}
	return rule, from, nil
}
