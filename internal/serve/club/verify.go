package club

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/klob/klob/internal/record/clubdb"
)

// Verify recomputes every rating from the game logs and compares them
// with the database, bit for bit: the games that changed ratings, in
// the order they were applied, each rated from the ratings its people
// had before it, as read back from the previous games, must give
// exactly the ratings the database keeps for it; and every player's
// rating must be where their last game left it, after as many games as
// they played. A rating applied twice, lost, or written out of its
// order shows here. A game rated before the club's rule was this one
// (clubdb.DB.RatingRule: an older klob's rule, which this one does not
// know) is not rated again: only what holds under any rule is checked,
// that its rated people sat at it with a key and started from where
// their games before left them, and the games after it start from the
// ratings the database keeps for it. read returns the log of a game
// (its bytes, whose checksum must be the game's). It returns the
// problems found, one line each.
func (s *Service) Verify(ctx context.Context, read func(g clubdb.Game) ([]byte, error)) ([]string, error) {
	type pool struct {
		key   string
		seats int
	}
	now := map[pool]clubdb.Rating{} // the ratings as the logs leave them
	var problems []string
	bad := func(format string, a ...any) { problems = append(problems, fmt.Sprintf(format, a...)) }
	rule, from, err := s.db.RatingRule(ctx)
	if err != nil {
		return nil, err
	}
	if rule != ruleName(s.cfg) {
		from = math.MaxInt64 // no game is known to be this rule's
	}
	games, err := s.db.RatedGames(ctx)
	if err != nil {
		return nil, err
	}
	for _, g := range games {
		data, err := read(g)
		if err != nil {
			bad("game %d (%s): its log: %v", g.ID, g.LogSHA256, err)
			continue
		}
		if sum := clubdb.SumLog(data); sum != g.LogSHA256 {
			bad("game %d: its log %s has the checksum %s, not %s", g.ID, g.LogPath, sum, g.LogSHA256)
			continue
		}
		lg, err := clubdb.FromLog(g.LogPath, data, "")
		if err != nil {
			bad("game %d: its log: %v", g.ID, err)
			continue
		}
		for i := range lg.Seats {
			if i >= len(g.Seats) || lg.Seats[i].Key != g.Seats[i].Key {
				bad("game %d: its log's seats are not the database's", g.ID)
				break
			}
		}
		stored, err := s.db.GameRatings(ctx, g.ID)
		if err != nil {
			return nil, err
		}
		var before []clubdb.Rating
		for _, st := range lg.Seats {
			if st.Key == "" {
				continue
			}
			b, ok := now[pool{st.Key, len(lg.Seats)}]
			if !ok {
				b = clubdb.Rating{Key: st.Key, Seats: len(lg.Seats)}
			}
			before = append(before, b)
		}
		var after []clubdb.Rating
		if g.ID >= from {
			stood, left := stoodIn(g.LogPath, data)
			after, err = RateStoodIn(s.cfg, &lg, before, stood, left)
			if err != nil {
				bad("game %d: rating it again: %v", g.ID, err)
				continue
			}
			if len(after) != len(stored) {
				bad("game %d: its log rates %d players, the database %d", g.ID, len(after), len(stored))
				continue
			}
		} else {
			// Another rule's: the ratings the database keeps, of people
			// who sat at the game with a key, in its pool.
			for _, c := range stored {
				if !slices.ContainsFunc(lg.Seats, func(st clubdb.Seat) bool { return st.Key == c.After.Key }) || c.After.Seats != len(lg.Seats) {
					bad("game %d: the database rates %s at %d players, not a person with a key at its %d seats", g.ID, c.After.Key, c.After.Seats, len(lg.Seats))
					continue
				}
				after = append(after, c.After)
			}
			if len(after) != len(stored) {
				continue
			}
		}
		for i, a := range after {
			c := stored[i]
			var b clubdb.Rating
			for _, x := range before {
				if x.Key == a.Key {
					b = x
				}
			}
			switch {
			case c.After.Key != a.Key:
				bad("game %d: the database rates %s where the log rates %s", g.ID, c.After.Key, a.Key)
			case c.Before.Rated != b.Rated || c.Before.Rated && (c.Before.Mu != b.Mu || c.Before.Sigma != b.Sigma):
				bad("game %d: %s had %v/%v before it in the database, %v/%v (rated %v) from the games before", g.ID, a.Key,
					c.Before.Mu, c.Before.Sigma, b.Mu, b.Sigma, b.Rated)
			case c.After.Mu != a.Mu || c.After.Sigma != a.Sigma:
				bad("game %d: %s has %v/%v after it in the database, %v/%v from its log", g.ID, a.Key, c.After.Mu, c.After.Sigma, a.Mu, a.Sigma)
			}
			k := pool{a.Key, a.Seats}
			now[k] = clubdb.Rating{Key: a.Key, Seats: a.Seats, Mu: a.Mu, Sigma: a.Sigma, Games: now[k].Games + 1, Rated: true}
		}
	}
	// Every rating where its history leaves it, and no other.
	for _, n := range Pools() {
		all, err := s.db.Leaderboard(ctx, clubdb.LeaderboardQuery{Seats: n, Limit: -1})
		if err != nil {
			return nil, err
		}
		seen := 0
		for _, r := range all {
			p, ok := now[pool{r.Key, n}]
			switch {
			case !ok:
				bad("%s has a rating at %d players and no rated game there", r.Key, n)
				continue
			case r.Mu != p.Mu || r.Sigma != p.Sigma || r.Games != p.Games:
				bad("%s at %d players: %v/%v after %d games in the database, %v/%v after %d from the logs", r.Key, n,
					r.Mu, r.Sigma, r.Games, p.Mu, p.Sigma, p.Games)
			}
			seen++
		}
		want := 0
		for k := range now {
			if k.seats == n {
				want++
			}
		}
		if seen != want {
			bad("at %d players the database rates %d players, the logs %d", n, seen, want)
		}
	}
	return problems, nil
}
