package match

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
)

// Three and four players (rules.Table). Each deck is played once for
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
// Options.Players 3 or 4).
func runTable(ctx context.Context, cfg Config) (*Report, error) {
	players := cfg.Options.NumPlayers()
	if cfg.Games > 0 {
		return nil, errors.New("match: games to the target are played with two players only; give deals")
	}
	if cfg.Deals <= 0 {
		return nil, errors.New("match: nothing to play: give deals")
	}
	if cfg.NewTableBot == nil {
		cfg.NewTableBot = ai.NewTableBot
	}
	if cfg.Deadline <= 0 {
		cfg.Deadline = DefaultDeadline
	}
	for _, l := range []ai.Level{cfg.A, cfg.B} {
		if _, err := cfg.NewTableBot(l, ai.Config{Seed: 1, Budget: cfg.Budget}); err != nil {
			return nil, fmt.Errorf("match: bot %s: %w", l, err)
		}
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, cfg.Deals))
	start := time.Now()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	decks := make([]tableDeck, cfg.Deals)
	jobs := make(chan int)
	var (
		mu       sync.Mutex
		firstErr error
		done     int
		sumM     float64
	)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				out, err := playTableDeck(ctx, cfg, players, i)
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
					cancel()
				} else {
					decks[i] = out
					done++
					sumM += out.margin
				}
				mu.Unlock()
			}
		}()
	}
	var stopProgress func()
	if cfg.Progress != nil {
		stopProgress = startProgress(cfg, func() (int, int, float64) {
			mu.Lock()
			defer mu.Unlock()
			m := 0.0
			if done > 0 {
				m = sumM / float64(done)
			}
			return done, 0, m
		})
	}
feed:
	for i := range cfg.Deals {
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if stopProgress != nil {
		stopProgress()
	}
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	rep := summariseTable(cfg, players, decks)
	rep.Workers = workers
	rep.Elapsed = time.Since(start).Seconds()
	return rep, nil
}

// playTableDeck plays deck i in every seating.
func playTableDeck(ctx context.Context, cfg Config, players, i int) (tableDeck, error) {
	deck, dealer := pairDeck(cfg.Seed, i)
	dealer %= rules.Seat(players)
	var out tableDeck
	seatings := tableSeatings(players)
	var sum, cnt [2]float64
	for k, levelAt := range seatings {
		bots := make([]ai.TableBot, players)
		for s := range players {
			l := cfg.A
			if levelAt[s] == sideB {
				l = cfg.B
			}
			// A seat's seed follows the deck and the seat's level and
			// rotation, so that duplicate seatings differ only in who sits.
			b, err := cfg.NewTableBot(l, ai.Config{Seed: mix(cfg.Seed, streamBot, uint64(i*8+s)), Budget: cfg.Budget, PlayBudget: cfg.PlayBudget, Workers: 1})
			if err != nil {
				return out, err
			}
			bots[s] = b
		}
		chance := rand.New(rand.NewPCG(cfg.Seed, mix(cfg.Seed, streamChance, uint64(i))))
		t := rules.NewTable(cfg.Options, dealer, deck)
		if err := playTable(ctx, cfg, &t, bots, levelAt, chance, &out.times); err != nil {
			return out, fmt.Errorf("deck %d (%s, dealer %s), seating %d: %w", i, deck, dealer, k, err)
		}
		if cfg.Save != "" {
			if err := saveTable(cfg, i, k, dealer, deck, &t, levelAt); err != nil {
				return out, err
			}
		}
		sc := t.Score()
		d := tableDealOut{maker: -1}
		if sc.Outcome == rules.Abandoned {
			d.abandoned = true
		} else {
			d.maker = levelAt[sc.Maker]
			d.bete = sc.Outcome == rules.Bete
		}
		out.deals = append(out.deals, d)
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

// playTable drives t to its end, asking the bot of the seat to move; a
// chance step (the card a shlomo declarer draws) is drawn uniformly.
func playTable(ctx context.Context, cfg Config, t *rules.Table, bots []ai.TableBot, levelAt [4]int, chance *rand.Rand, times *[2][]time.Duration) error {
	for !t.Over() {
		if err := ctx.Err(); err != nil {
			return err
		}
		seat := t.Turn()
		if seat == rules.ChanceSeat {
			l := t.Legal()
			if err := t.Apply(l[chance.IntN(len(l))]); err != nil {
				return err
			}
			continue
		}
		v := t.View(seat)
		choice := len(v.Legal()) > 1
		dctx, cancel := context.WithTimeout(ctx, cfg.Deadline)
		t0 := time.Now()
		a, err := bots[seat].ChooseTable(dctx, &v)
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

// summariseTable turns the decks, in index order, into the report.
func summariseTable(cfg Config, players int, decks []tableDeck) *Report {
	rep := &Report{A: string(cfg.A), B: string(cfg.B), Seed: cfg.Seed, Rules: cfg.Options.String(),
		Deals: cfg.Deals, Players: players, Seatings: len(tableSeatings(players))}
	margins := make([]float64, len(decks))
	var avgs [2][]float64
	var times [2][]time.Duration
	deals, abandoned := 0, 0
	for i := range decks {
		d := &decks[i]
		margins[i] = d.margin
		for l := range 2 {
			avgs[l] = append(avgs[l], d.avg[l])
			times[l] = append(times[l], d.times[l]...)
		}
		for _, o := range d.deals {
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
	rep.Margin = MeanCI(margins)
	rep.PerDeal = [2]Interval{MeanCI(avgs[sideA]), MeanCI(avgs[sideB])}
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
