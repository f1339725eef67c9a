package match

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
)

// Three and four players (rules.Deal). Each deck is played once for
// every seating in tableSeatings, so every bot sits in every seat of
// every deck: with four players team A in seats A and C, then in B and
// D; with three players A alone against two B, and two A against one B,
// each in the three rotations (A holds each seat three times of six).
// The deck's dealer is the same in every seating. A level's average per
// deal is what its side scored in a deal (its team's total with four, a
// seat's own with three), averaged over the deals of the deck; the
// margin is A's average minus B's, and the intervals are over decks.

// tableSeatings returns, for each seating of a deck, the level (sideA or
// sideB) sitting in each seat.
func tableSeatings(players int) [][4]int {
	if players == 4 {
		return [][4]int{{sideA, sideB, sideA, sideB}, {sideB, sideA, sideB, sideA}}
	}
	return [][4]int{
		{sideA, sideB, sideB}, {sideB, sideA, sideB}, {sideB, sideB, sideA},
		{sideB, sideA, sideA}, {sideA, sideB, sideA}, {sideA, sideA, sideB},
	}
}

// tableDeck is one deck's result.
type tableDeck struct {
	avg    [2]float64 // each level's average per deal
	deals  []tableDealOut
	times  [2][]time.Duration
	margin float64
}

type tableDealOut struct {
	maker     int // level, -1 when abandoned
	bete      bool
	abandoned bool
}

// streamChance draws the chance steps (the card a shlomo declarer takes).
const streamChance = 0x6368616e // "chan"

// runTable plays a three- or four-handed match (Run with
// Options.Players 3 or 4): the decks and the games of jobSeq on a pool
// of workers, each result kept by its index so that the report does not
// depend on the workers.
func runTable(ctx context.Context, cfg Config) (*Report, error) {
	players := cfg.Options.NumPlayers()
	if cfg.NewBot == nil {
		cfg.NewBot = ai.New
	}
	if cfg.Deadline <= 0 {
		cfg.Deadline = DefaultDeadline
	}
	for _, l := range []ai.Level{cfg.A, cfg.B} {
		if _, err := cfg.NewBot(l, ai.Config{Seed: 1, Budget: cfg.Budget}); err != nil {
			return nil, fmt.Errorf("match: bot %s: %w", l, err)
		}
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, cfg.Deals+cfg.Games))
	start := time.Now()
	decks := make([]tableDeck, cfg.Deals)
	games := make([]tableGames, cfg.Games)
	deckDone, gameDone := make([]bool, cfg.Deals), make([]bool, cfg.Games)
	play := func() func(context.Context, job) (tableOut, error) {
		return func(ctx context.Context, j job) (o tableOut, err error) {
			if j.game {
				o.games, err = playTableGames(ctx, cfg, players, j.i)
			} else {
				o.deck, err = playTableDeck(ctx, cfg, players, j.i)
			}
			return o, err
		}
	}
	stopped, err := runPool(ctx, cfg, workers, play, func(j job, o *tableOut) float64 {
		if j.game {
			games[j.i], gameDone[j.i] = o.games, true
			return 0
		}
		decks[j.i], deckDone[j.i] = o.deck, true
		return o.deck.margin
	})
	if err != nil {
		return nil, err
	}
	if stopped {
		// Count only what was finished (Config.Partial).
		decks, games = finished(decks, deckDone), finished(games, gameDone)
	}
	rep := summariseTable(cfg, players, decks, games)
	if stopped {
		rep.Stopped, rep.Deals, rep.Games = true, len(decks), len(games)
	}
	rep.Workers = workers
	rep.Elapsed = time.Since(start).Seconds()
	return rep, nil
}

// tableOut is one job's result at a table: a deck in every seating, or a
// game in every seating.
type tableOut struct {
	deck  tableDeck
	games tableGames
}

// finished returns the xs whose done is set, in order.
func finished[T any](xs []T, done []bool) []T {
	var out []T
	for i, ok := range done {
		if ok {
			out = append(out, xs[i])
		}
	}
	return out
}

// tableBots makes fresh bots for the seats of a table, levelAt[s] the
// level in seat s. A seat's seed follows the deck or game i and the
// seat, not who sits there, so that the seatings of a deck or game
// differ only in who sits.
func tableBots(cfg Config, players int, levelAt [4]int, stream uint64, i int) ([]ai.Bot, error) {
	bots := make([]ai.Bot, players)
	levels := [2]ai.Level{cfg.A, cfg.B}
	for s := range players {
		b, err := cfg.NewBot(levels[levelAt[s]], ai.Config{Seed: mix(cfg.Seed, stream, uint64(i*8+s)), Budget: cfg.Budget, PlayBudget: cfg.PlayBudget, Workers: 1})
		if err != nil {
			return nil, err
		}
		bots[s] = b
	}
	return bots, nil
}

// playTableDeck plays deck i in every seating.
func playTableDeck(ctx context.Context, cfg Config, players, i int) (tableDeck, error) {
	deck, dealer := pairDeck(cfg.Seed, i)
	dealer %= rules.Seat(players)
	var out tableDeck
	seatings := tableSeatings(players)
	var sum, cnt [2]float64
	for k, levelAt := range seatings {
		bots, err := tableBots(cfg, players, levelAt, streamBot, i)
		if err != nil {
			return out, err
		}
		chance := rand.New(rand.NewPCG(cfg.Seed, mix(cfg.Seed, streamChance, uint64(i))))
		t := rules.NewDeal(cfg.Options, dealer, deck)
		if err := playTable(ctx, cfg, &t, bots, levelAt, chance, &out.times); err != nil {
			return out, fmt.Errorf("deck %d (%s, dealer %s), seating %d: %w", i, deck, dealer, k, err)
		}
		if cfg.Save != "" {
			if err := saveTable(cfg, i, k, dealer, deck, &t, levelAt); err != nil {
				return out, err
			}
		}
		sc := t.Score()
		out.deals = append(out.deals, tableDealResult(sc, levelAt))
		if players == 4 {
			for s := range 2 {
				sum[levelAt[s]] += float64(sc.Scored[s])
				cnt[levelAt[s]]++
			}
		} else {
			for s := range players {
				sum[levelAt[s]] += float64(sc.Scored[s])
				cnt[levelAt[s]]++
			}
		}
	}
	for l := range 2 {
		out.avg[l] = sum[l] / cnt[l]
	}
	out.margin = out.avg[sideA] - out.avg[sideB]
	return out, nil
}

// tableDealResult is what a deal scored sc contributes to the counts.
func tableDealResult(sc rules.Score, levelAt [4]int) tableDealOut {
	d := tableDealOut{maker: -1}
	if sc.Outcome == rules.Abandoned {
		d.abandoned = true
	} else {
		d.maker = levelAt[sc.Maker]
		d.bete = sc.Outcome == rules.Bete
	}
	return d
}

// tableMover is what playTable drives: a rules.Deal (one deal) or a
// rules.Game at a table (its current deal).
type tableMover interface {
	Turn() rules.Seat
	Legal() []rules.Action
	View(rules.Seat) rules.View
	ApplyAs(rules.Seat, rules.Action) error
}

// playTable drives t's deal to its end (Turn NoSeat), asking the bot of
// the seat to move; a chance step (the card a shlomo declarer draws) is
// drawn uniformly.
func playTable(ctx context.Context, cfg Config, t tableMover, bots []ai.Bot, levelAt [4]int, chance *rand.Rand, times *[2][]time.Duration) error {
	for seat := t.Turn(); seat != rules.NoSeat; seat = t.Turn() {
		if err := ctx.Err(); err != nil {
			return err
		}
		if seat == rules.ChanceSeat {
			l := t.Legal()
			if err := t.ApplyAs(seat, l[chance.IntN(len(l))]); err != nil {
				return err
			}
			continue
		}
		v := t.View(seat)
		choice := len(v.Legal()) > 1
		dctx, cancel := context.WithTimeout(ctx, cfg.Deadline)
		t0 := time.Now()
		a, err := bots[seat].Choose(dctx, &v)
		el := time.Since(t0)
		cancel()
		if err != nil {
			return fmt.Errorf("bot %s in seat %s: %w", bots[seat].Level(), seat, err)
		}
		if choice {
			times[levelAt[seat]] = append(times[levelAt[seat]], el)
		}
		if err := t.ApplyAs(seat, a); err != nil {
			return fmt.Errorf("bot %s in seat %s chose %q: %w", bots[seat].Level(), seat, a, err)
		}
	}
	return nil
}

// summariseTable turns the decks and the games, in index order, into
// the report.
func summariseTable(cfg Config, players int, decks []tableDeck, games []tableGames) *Report {
	rep := &Report{A: string(cfg.A), B: string(cfg.B), Seed: cfg.Seed, Rules: cfg.Options.String(),
		Deals: cfg.Deals, Games: cfg.Games, Players: players, Seatings: len(tableSeatings(players))}
	margins := make([]float64, len(decks))
	var avgs [2][]float64
	var times [2][]time.Duration
	deals, abandoned := 0, 0
	count := func(ds []tableDealOut, ts *[2][]time.Duration) {
		for l := range 2 {
			times[l] = append(times[l], ts[l]...)
		}
		for _, o := range ds {
			deals++
			for l := range 2 {
				rep.Sides[l].Deals++
			}
			if o.abandoned {
				abandoned++
				continue
			}
			rep.Sides[o.maker].Takes++
			if o.bete {
				rep.Sides[o.maker].Betes++
			}
		}
	}
	for i := range decks {
		d := &decks[i]
		margins[i] = d.margin
		for l := range 2 {
			avgs[l] = append(avgs[l], d.avg[l])
		}
		count(d.deals, &d.times)
	}
	var won [2]int
	played := 0
	for i := range games {
		g := &games[i]
		count(g.deals, &g.times)
		for _, w := range g.winner {
			played++
			if w < 0 {
				rep.Unfinished++
				continue
			}
			won[w]++
		}
	}
	if len(decks) > 0 {
		rep.Margin = MeanCI(margins)
		rep.PerDeal = [2]Interval{MeanCI(avgs[sideA]), MeanCI(avgs[sideB])}
	}
	if len(games) > 0 {
		rep.GamesWonBy = [2]Share{WilsonShare(won[sideA], played), WilsonShare(won[sideB], played)}
		rep.GamesWon = rep.GamesWonBy[sideA]
	}
	if deals > 0 {
		rep.Abandoned = float64(abandoned) / float64(deals)
	}
	for l, lv := range [2]ai.Level{cfg.A, cfg.B} {
		s := &rep.Sides[l]
		s.Level = string(lv)
		if s.Deals > 0 {
			s.TakeRate = float64(s.Takes) / float64(s.Deals)
		}
		if s.Takes > 0 {
			s.BeteRate = float64(s.Betes) / float64(s.Takes)
		}
		s.Time = TimeStats(times[l])
	}
	return rep
}
