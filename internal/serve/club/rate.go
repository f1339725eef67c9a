package club

import (
	"fmt"
	"slices"
	"strings"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/serve/rating"
	"github.com/klob/klob/rules"
)

// ratingRule names the rule the club rates games by: RateStoodIn, the
// bots' ratings (Bot) and the update. A change that would rate a game
// recorded before otherwise takes a new name, so that the database
// knows which games this rule rated (clubdb.DB.SetRatingRule) and
// Verify rates only those again.
const ratingRule = "forfeit-1"

// ruleName is the rule's name with the update's settings cfg, which
// rate a game otherwise too.
func ruleName(cfg rating.Config) string { return fmt.Sprintf("%s %+v", ratingRule, cfg) }

// BotSigma is the spread of every bot's published rating: small, so
// that a person who beats a bot takes the update and the bot hardly
// counts as uncertain (a bot's rating is fixed, never updated).
const BotSigma = 1.0

// botMu is each level's published mean in each pool (by seat count),
// in the model's units (a newcomer is 25, shown 1500). Normal is put at
// the newcomer's 25 in every pool; the other levels sit from it by the
// share of games a level won against the one below it in that pool
// (klob match -games): the gap that gives that share under the model
// between fixed ratings of sigma BotSigma. A game of four is luckier
// for a player than a game of two (a partner's hand, a team's total),
// so the same bots sit closer together there. The shares and gaps are
// in docs/experiments/2026-12-04-bot-ratings.md.
var botMu = map[int]map[ai.Level]float64{
	2: {ai.Random: -2.5, ai.Easy: 17.6, ai.Normal: 25, ai.Hard: 28.8},
	3: {ai.Random: 1.5, ai.Easy: 17.4, ai.Normal: 25, ai.Hard: 28.8},
	4: {ai.Random: 16.8, ai.Easy: 22.9, ai.Normal: 25, ai.Hard: 26.1},
}

// Bot returns the published rating of a bot of level in the pool of
// seats players (a phase hybrid, "hard:bid=normal", counts as its first
// level); ok is false for a level or pool the club does not know.
func Bot(level string, seats int) (r rating.Rating, ok bool) {
	base, _, _ := strings.Cut(level, ":")
	mu, ok := botMu[seats][ai.Level(base)]
	return rating.Rating{Mu: mu, Sigma: BotSigma}, ok
}

// UnratedWhy says, from the seats at a game's end, why RateStoodIn
// rates nobody by it, in the words of a seat's game-over screen: the
// people all sat on one side, or every person had left and bots
// finished it. "" when neither holds: the reason, if any, is not one
// the seats show. Beside RateStoodIn, so that the two say one rule.
func UnratedWhy(players []host.SeatInfo) string {
	n := len(players)
	sides := map[int]bool{}
	left, people := 0, 0
	for i, p := range players {
		if !p.Human {
			continue
		}
		people++
		sides[rules.SideOfSeat(n, rules.Seat(i))] = true
		if p.State == host.SeatTakeover || p.State == host.SeatBack {
			left++
		}
	}
	switch {
	case people == 0:
		return ""
	case len(sides) == 1:
		return "your side played against bots only"
	case left == people:
		return "every person had left it, and bots finished it"
	}
	return ""
}

// RateStoodIn computes the ratings game g gives its keyed people, from
// their ratings before it (in seat order, as clubdb.RateFunc gets
// them). It returns nothing when the game rates nobody: not finished,
// practice, or its people all on one side (against bots alone). A bot
// plays with its level's published rating (Bot), a guest (a person
// without a key) as a fixed newcomer; neither is rated.
//
// The sides are ranked by the result (the winner first, then the
// others by their totals, equal totals tie), except that a side one of
// whose keyed people bots stood in for forfeits (ratedRanks): bots
// played the seats stoodIn for their people (host.StoodIn), left among
// them those who had dropped and not come back at the end
// (host.LeftAtEnd). A side with a person who left ranks below every
// other; one with a person for whom bots made a quarter of the moves
// or more, but who was there at the end, ranks below the sides whose
// people played their own games and above those who left; sides that
// forfeit alike tie. Everyone is then rated on that result by the one
// update, as if the same people had played it to the end: the one who
// left loses the game they abandoned, the others win it from them, and
// the changes balance as any game's do (neither leaving nor idling
// escapes a loss, and a bot's play wins nobody anything).
//
// A game whose every keyed person had left, played to its end by bots
// alone, rates nobody, as a game abandoned: whether bots finish it (for
// a spectator) or it closes must not decide a rating. A person still at
// the table at the end keeps it rated, whatever share of their moves
// bots made.
func RateStoodIn(cfg rating.Config, g *clubdb.Game, before []clubdb.Rating, stoodIn, left []rules.Seat) ([]clubdb.Rating, error) {
	if !g.Finished() || g.Practice {
		return nil, nil
	}
	rank, err := ratedRanks(g, stoodIn, left)
	if err != nil {
		return nil, err
	}
	n := len(g.Seats)
	sides, placed, err := gameSides(cfg, g, rank, before)
	if err != nil {
		return nil, err
	}
	gone := 0
	for _, p := range placed {
		if slices.Contains(left, p.seat) {
			gone++
		}
	}
	if gone > 0 && gone == len(placed) {
		return nil, nil
	}
	after, rated, err := cfg.Rate(sides)
	if err != nil || !rated {
		return nil, err
	}
	var out []clubdb.Rating
	for _, b := range before {
		w, ok := placed[b.Key]
		if !ok {
			continue
		}
		r := after[w.side][w.i]
		out = append(out, clubdb.Rating{Key: b.Key, Seats: n, Mu: r.Mu, Sigma: r.Sigma})
	}
	return out, nil
}

// seated is where a keyed person sat in a game's sides (gameSides):
// their seat, their side and their place on it.
type seated struct {
	seat    rules.Seat
	side, i int
}

// gameSides are the sides of game g as the update takes them, ranked
// by rank, from the ratings of its keyed people before it (before, as
// RateStoodIn gets them): a keyed person with theirs (a newcomer's
// before a first game), a guest as a fixed newcomer, a bot with its
// level's published rating (Bot). It says where each keyed person sat.
func gameSides(cfg rating.Config, g *clubdb.Game, rank []int, before []clubdb.Rating) ([]rating.Side, map[string]seated, error) {
	n := len(g.Seats)
	sides := make([]rating.Side, len(rank))
	for side := range sides {
		sides[side].Rank = rank[side]
	}
	where := map[string]seated{}
	for i, st := range g.Seats {
		side := rules.SideOfSeat(n, rules.Seat(i))
		var p rating.Player
		switch {
		case st.Key != "":
			j := slices.IndexFunc(before, func(b clubdb.Rating) bool { return b.Key == st.Key })
			if j < 0 {
				return nil, nil, fmt.Errorf("seat %s (%s) has no rating before the game", rules.Seat(i), st.Key)
			}
			p.Rating = cfg.Newcomer()
			if b := before[j]; b.Rated {
				p.Rating = rating.Rating{Mu: b.Mu, Sigma: b.Sigma}
			}
			where[st.Key] = seated{rules.Seat(i), side, len(sides[side].Players)}
		case st.Level == gamelog.Human:
			p = rating.Player{Rating: cfg.Newcomer(), Fixed: true}
		default:
			r, ok := Bot(st.Level, n)
			if !ok {
				return nil, nil, fmt.Errorf("seat %s: no published rating for a bot of level %q", rules.Seat(i), st.Level)
			}
			p = rating.Player{Rating: r, Fixed: true}
		}
		sides[side].Players = append(sides[side].Players, p)
	}
	return sides, where, nil
}

// ranks ranks the sides of finished game g by its result: the winner
// 1, then the others by their totals from 2 (equal totals tie).
func ranks(g *clubdb.Game) ([]int, error) {
	n := len(g.Seats)
	if !rules.ValidPlayers(n) {
		return nil, fmt.Errorf("a game of %d seats", n)
	}
	k := rules.SidesAt(n)
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
	for i, st := range g.Seats {
		totals[rules.SideOfSeat(n, rules.Seat(i))] = st.Total
	}
	rank := make([]int, k)
	for side := range k {
		rank[side] = 1
		if side == win {
			continue
		}
		rank[side] = 2
		for o := range k {
			if o != win && o != side && totals[o] > totals[side] {
				rank[side]++
			}
		}
	}
	return rank, nil
}

// The ways a side forfeits (absence): a keyed person of it played
// their own game, or bots made a quarter of their moves or more, or
// they had left at the end.
const (
	ownGame = iota
	idled
	leftGame
)

// absence says, by side of game g, how its keyed people were absent:
// the worst of them (ownGame, idled, leftGame), from the seats bots
// stood in for (stoodIn) and, among them, those whose people had left
// at the end (left).
func absence(g *clubdb.Game, stoodIn, left []rules.Seat) []int {
	n := len(g.Seats)
	out := make([]int, rules.SidesAt(n))
	for _, s := range stoodIn {
		if int(s) >= n || g.Seats[s].Key == "" {
			continue
		}
		a := idled
		if slices.Contains(left, s) {
			a = leftGame
		}
		side := rules.SideOfSeat(n, s)
		out[side] = max(out[side], a)
	}
	return out
}

// ratedRanks ranks the sides of finished game g as RateStoodIn rates
// it: the sides whose people played their own games by the result
// (ranks), then those with a person who idled, tied, then those with a
// person who left, tied (absence).
func ratedRanks(g *clubdb.Game, stoodIn, left []rules.Seat) ([]int, error) {
	rank, err := ranks(g)
	if err != nil {
		return nil, err
	}
	away := absence(g, stoodIn, left)
	out := make([]int, len(rank))
	for side := range rank {
		// 1 + the sides ahead of it: absent less, or as little and
		// ahead by the result when both played.
		out[side] = 1
		for o := range rank {
			if away[o] < away[side] || away[o] == ownGame && away[side] == ownGame && rank[o] < rank[side] {
				out[side]++
			}
		}
	}
	return out, nil
}

// ForfeitWhy says, in the words of the game-over screen of the person
// with key, how bots standing in for people changed the place game g
// rated them at (RateStoodIn, whose stoodIn and left it takes): they
// forfeited it, or their partner did (a loss, or a tie with another
// side that forfeited as much), or a side ahead of theirs on the board
// did. "" when their place is the board's.
func ForfeitWhy(g *clubdb.Game, key string, stoodIn, left []rules.Seat) string {
	me := slices.IndexFunc(g.Seats, func(s clubdb.Seat) bool { return s.Key == key })
	board, err := ranks(g)
	if key == "" || me < 0 || err != nil {
		return ""
	}
	rated, _ := ratedRanks(g, stoodIn, left)
	n := len(g.Seats)
	side := rules.SideOfSeat(n, rules.Seat(me))
	if rated[side] == board[side] && tiedAt(rated, side) == tiedAt(board, side) {
		return ""
	}
	away := absence(g, stoodIn, left)
	// The person bots stood in for that explains it: the player, else
	// their partner, else one of a side ahead on the board that
	// forfeited more than theirs, or as much.
	mine, ahead := rules.NoSeat, rules.NoSeat
	for _, s := range stoodIn {
		if int(s) >= n || g.Seats[s].Key == "" {
			continue
		}
		switch o := rules.SideOfSeat(n, s); {
		case o == side && (mine == rules.NoSeat || s == rules.Seat(me)):
			mine = s
		case o != side && ahead == rules.NoSeat && board[o] < board[side] && away[o] >= max(away[side], idled):
			ahead = s
		}
	}
	played := func(s rules.Seat) string {
		whose := g.Seats[s].Name + "'s"
		if s == rules.Seat(me) {
			whose = "your"
		}
		if slices.Contains(left, s) {
			return "a bot played " + whose + " seat at the end, so the game is rated as "
		}
		return "bots made a quarter of " + whose + " moves or more, so the game is rated as "
	}
	switch {
	case rated[side] < board[side] && ahead != rules.NoSeat:
		if o := rules.SideOfSeat(n, ahead); rated[o] > rated[side] {
			return played(ahead) + g.Seats[ahead].Name + "'s loss"
		}
		return played(ahead) + "a tie"
	case mine != rules.NoSeat && rated[side] > board[side]:
		if mine == rules.Seat(me) {
			return played(mine) + "your loss"
		}
		return played(mine) + "your side's loss"
	case mine != rules.NoSeat:
		return played(mine) + "a tie"
	}
	return ""
}

// tiedAt reports whether a side other than side has its rank.
func tiedAt(rank []int, side int) bool {
	for o, r := range rank {
		if o != side && r == rank[side] {
			return true
		}
	}
	return false
}
