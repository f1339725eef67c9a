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
// practice, or its people all on one side (against bots alone). The
// sides are ranked by the result: the winner first, then the others by
// their totals (equal totals tie). A bot plays with its level's
// published rating (Bot), a guest (a person without a key) as a fixed
// newcomer; neither is rated.
//
// Bots played the seats stoodIn for their people (host.StoodIn): at the
// game's end, after they dropped, or a quarter of their moves or more.
// A bot's play neither wins nor costs a person rating:
//   - A person bots stood in for is rated by the game's result, so that
//     neither leaving nor idling escapes a loss, but a rating the update
//     would raise is kept as it was.
//   - A person who played their own seat is rated as if a side ranked
//     above theirs had not played when bots stood in on either of the
//     two (uncounted): a side that won with a bot for one of its people,
//     or one that beat theirs while a bot played their partner's seat.
//     With no other side left, their rating is kept as it was. The sides
//     they beat count, whoever played them: a leaver's loss is their win.
//
// The seats left are those of the people who had dropped and not come
// back at the end (host.LeftAtEnd, a part of stoodIn): a game whose
// every keyed person had left, played to its end by bots alone, rates
// nobody, as a game abandoned: whether bots finish it (for a spectator)
// or it closes must not decide a rating. A person still at the table at
// the end keeps it rated, whatever share of their moves bots made.
func RateStoodIn(cfg rating.Config, g *clubdb.Game, before []clubdb.Rating, stoodIn, left []rules.Seat) ([]clubdb.Rating, error) {
	if !g.Finished() || g.Practice {
		return nil, nil
	}
	rank, err := ranks(g)
	if err != nil {
		return nil, err
	}
	n := len(g.Seats)
	sides, placed, err := gameSides(cfg, g, rank, before)
	if err != nil {
		return nil, err
	}
	type at struct {
		seated
		stood bool // bots played for the person (stoodIn)
		left  bool // the person had left at the end (left)
	}
	where := map[string]at{}
	for key, p := range placed {
		where[key] = at{p, slices.Contains(stoodIn, p.seat), slices.Contains(left, p.seat)}
	}
	gone := 0
	for _, w := range where {
		if w.left {
			gone++
		}
	}
	if gone > 0 && gone == len(where) {
		return nil, nil
	}
	after, rated, err := cfg.Rate(sides)
	if err != nil || !rated {
		return nil, err
	}
	stood := botSides(g, stoodIn)
	var out []clubdb.Rating
	for _, b := range before {
		w, ok := where[b.Key]
		if !ok {
			continue
		}
		r := after[w.side][w.i]
		switch {
		case w.stood:
			if r.Mu > w.prior.Mu {
				r = w.prior
			}
		case len(uncounted(rank, stood, w.side)) > 0:
			if r, err = rateWithout(cfg, sides, uncounted(rank, stood, w.side), w.side, w.i); err != nil {
				return nil, err
			}
		}
		out = append(out, clubdb.Rating{Key: b.Key, Seats: n, Mu: r.Mu, Sigma: r.Sigma})
	}
	return out, nil
}

// seated is where a keyed person sat in a game's sides (gameSides):
// their seat, their side and their place on it, and their rating
// before the game.
type seated struct {
	seat    rules.Seat
	side, i int
	prior   rating.Rating
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
			where[st.Key] = seated{rules.Seat(i), side, len(sides[side].Players), p.Rating}
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

// botSides says, by side of game g, whether bots stood in for one of
// its keyed people (their seats among stoodIn).
func botSides(g *clubdb.Game, stoodIn []rules.Seat) []bool {
	n := len(g.Seats)
	out := make([]bool, rules.SidesAt(n))
	for _, s := range stoodIn {
		if int(s) < n && g.Seats[s].Key != "" {
			out[rules.SideOfSeat(n, s)] = true
		}
	}
	return out
}

// uncounted returns the sides that do not count for a person who
// played their own seat on side (RateStoodIn): those ranked above it
// when bots stood in on either of the two.
func uncounted(rank []int, stood []bool, side int) []int {
	var out []int
	for o := range rank {
		if rank[o] < rank[side] && (stood[o] || stood[side]) {
			out = append(out, o)
		}
	}
	return out
}

// rateWithout is the rating after the game of player i of side, rated
// over the sides but those out; the rating before it when no other
// side is left. The game was rated, so it is rated without them even
// when only bots are left to play against.
func rateWithout(cfg rating.Config, sides []rating.Side, out []int, side, i int) (rating.Rating, error) {
	var some []rating.Side
	self := -1
	for o, s := range sides {
		if slices.Contains(out, o) {
			continue
		}
		if o == side {
			self = len(some)
		}
		some = append(some, s)
	}
	if len(some) < 2 {
		return sides[side].Players[i].Rating, nil
	}
	cfg.RateBotOnly = true
	after, _, err := cfg.Rate(some)
	if err != nil {
		return rating.Rating{}, err
	}
	return after[self][i], nil
}

// HeldWhy says, in the words of the game-over screen of the person with
// key, why game g (whose seats stoodIn bots played for, left among them
// those whose people had left at the end) may have left their rating as
// it was (RateStoodIn): "" when no such reason holds for them.
func HeldWhy(g *clubdb.Game, key string, stoodIn, left []rules.Seat) string {
	me := slices.IndexFunc(g.Seats, func(s clubdb.Seat) bool { return s.Key == key })
	rank, err := ranks(g)
	if key == "" || me < 0 || err != nil {
		return ""
	}
	n := len(g.Seats)
	played := func(s rules.Seat, whose string) string {
		if slices.Contains(left, s) {
			return "a bot played " + whose + " seat at the end"
		}
		return "bots made a quarter of " + whose + " moves or more"
	}
	if slices.Contains(stoodIn, rules.Seat(me)) {
		return played(rules.Seat(me), "your") + ", and a bot's win raises no rating"
	}
	side := rules.SideOfSeat(n, rules.Seat(me))
	out := uncounted(rank, botSides(g, stoodIn), side)
	if len(out) == 0 {
		return ""
	}
	// The person a bot stood in for, on a side above first: it is that
	// side's win that did not count.
	var partner rules.Seat = rules.NoSeat
	for _, s := range stoodIn {
		if int(s) >= n || g.Seats[s].Key == "" {
			continue
		}
		switch o := rules.SideOfSeat(n, s); {
		case slices.Contains(out, o):
			return played(s, g.Seats[s].Name+"'s") + ", and a bot's win costs nobody rating"
		case o == side && partner == rules.NoSeat:
			partner = s
		}
	}
	if partner == rules.NoSeat {
		return ""
	}
	return played(partner, g.Seats[partner].Name+"'s") + ", and a bot's play costs nobody rating"
}
