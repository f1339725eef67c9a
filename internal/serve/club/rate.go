package club

import (
	"fmt"
	"strings"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/serve/rating"
	"github.com/klob/klob/rules"
)

// BotSigma is the spread of every bot's published rating: small, so
// that a person who beats a bot takes the update and the bot hardly
// counts as uncertain (a bot's rating is fixed, never updated).
const BotSigma = 1.0

// botMu is each level's published mean in the model's units (a newcomer
// is 25 = 1500 shown), the same in every pool. Normal is put at the
// newcomer's 25; the others sit from it by their share of games won
// against the level next to them at two players (klob match -games,
// docs/experiments/2026-12-01-bot-ratings.md): a win share p between two
// fixed ratings of sigma BotSigma is a difference of
// c*ln(p/(1-p)), c = sqrt(2*BotSigma² + 2*beta²) = 6.06 (beta 25/6).
var botMu = map[ai.Level]float64{
	ai.Random: -2.5,  // easy beats random in 96.5% of games: 20.1 below easy
	ai.Easy:   17.6,  // normal beats easy in 77.1%: 7.4 below normal
	ai.Normal: 25,    // the anchor: a newcomer's mean
	ai.Hard:   28.75, // hard beats normal in 65%: 3.75 above normal
}

// Bot returns the published rating of a bot of level (a phase hybrid,
// "hard:bid=normal", counts as its first level); ok is false for a
// level the club does not know.
func Bot(level string) (r rating.Rating, ok bool) {
	base, _, _ := strings.Cut(level, ":")
	mu, ok := botMu[ai.Level(base)]
	return rating.Rating{Mu: mu, Sigma: BotSigma}, ok
}

// sidesOf is the number of sides of a game of n seats.
func sidesOf(n int) int {
	if n == 4 {
		return 2
	}
	return n
}

// sideOf is the side seat i plays for: partners two seats apart at
// four, each for themselves otherwise.
func sideOf(n, i int) int {
	if n == 4 {
		return i % 2
	}
	return i
}

// Rate computes the ratings game g gives its keyed people, from their
// ratings before it (in seat order, as clubdb.RateFunc gets them). It
// returns nothing when the game rates nobody: not finished, practice,
// or its people all on one side (against bots alone). The sides are
// ranked by the result: the winner first, then the others by their
// totals (equal totals tie). A bot plays with its level's published
// rating (Bot), a guest (a person without a key) as a fixed newcomer;
// neither is rated.
func Rate(cfg rating.Config, g *clubdb.Game, before []clubdb.Rating) ([]clubdb.Rating, error) {
	if !g.Finished() || g.Practice {
		return nil, nil
	}
	n := len(g.Seats)
	if n < 2 || n > 4 {
		return nil, fmt.Errorf("a game of %d seats", n)
	}
	k := sidesOf(n)
	win := -1
	for side := range k {
		if rules.SideName(n, side) == g.Winner {
			win = side
		}
	}
	if win < 0 {
		return nil, fmt.Errorf("the winner %q is not a side of a game of %d", g.Winner, n)
	}
	totals := make([]int, k)
	sides := make([]rating.Side, k)
	type at struct{ side, i int }
	where := map[string]at{}
	for i, st := range g.Seats {
		side := sideOf(n, i)
		totals[side] = st.Total
		var p rating.Player
		switch {
		case st.Key != "":
			p.Rating = cfg.Newcomer()
			found := false
			for _, b := range before {
				if b.Key == st.Key {
					found = true
					if b.Rated {
						p.Rating = rating.Rating{Mu: b.Mu, Sigma: b.Sigma}
					}
				}
			}
			if !found {
				return nil, fmt.Errorf("seat %s (%s) has no rating before the game", rules.Seat(i), st.Key)
			}
			where[st.Key] = at{side, len(sides[side].Players)}
		case st.Level == gamelog.Human:
			p = rating.Player{Rating: cfg.Newcomer(), Fixed: true}
		default:
			r, ok := Bot(st.Level)
			if !ok {
				return nil, fmt.Errorf("seat %s: no published rating for a bot of level %q", rules.Seat(i), st.Level)
			}
			p = rating.Player{Rating: r, Fixed: true}
		}
		sides[side].Players = append(sides[side].Players, p)
	}
	for side := range k {
		sides[side].Rank = 1
		if side == win {
			continue
		}
		sides[side].Rank = 2
		for o := range k {
			if o != win && o != side && totals[o] > totals[side] {
				sides[side].Rank++
			}
		}
	}
	after, rated, err := cfg.Rate(sides)
	if err != nil || !rated {
		return nil, err
	}
	var out []clubdb.Rating
	for _, b := range before {
		w, ok := where[b.Key]
		if !ok {
			continue
		}
		r := after[w.side][w.i]
		out = append(out, clubdb.Rating{Key: b.Key, Seats: n, Mu: r.Mu, Sigma: r.Sigma})
	}
	return out, nil
}
