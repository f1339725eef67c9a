package match

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
	"runtime"
	"sync"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/platform/progress"
	"github.com/klob/klob/internal/platform/seedmix"
	"github.com/klob/klob/rules"
)

// DefaultDeadline is the time a bot gets for one decision unless Config
// says otherwise.
const DefaultDeadline = 5 * time.Second

// maxGameDeals ends a game that has not reached the target after this
// many deals (two bots that never bid); it then counts as won by nobody.
const maxGameDeals = 400

// MaxDeals and MaxGames bound Config.Deals and Config.Games. A match
// keeps one number a duplicate deal and the decision times (some tens of
// bytes a deal), so these bounds keep it within a few hundred megabytes;
// at the hard bot's pace they are weeks of play already.
const (
	MaxDeals = 1_000_000
	MaxGames = 100_000
)

// Config describes a match.
type Config struct {
	// A and B are the two bots, plain or mixed levels (ai.NewMixed:
	// "hard:bid=normal"); the report's margins are A's.
	A, B   ai.Level
	Deals  int    // duplicate deals: decks each played twice, seats swapped
	Games  int    // games to the target, each played twice, seats swapped
	Seed   uint64 // everything but decision times follows from it
	Budget int    // passed to the bots (the hard bot's samples per decision)
	// PlayBudget caps the hard bot's samples in the card play alone.
	PlayBudget int
	Workers    int // goroutines playing deals; 0 means GOMAXPROCS
	// Deadline is each decision's time limit, given to the bot as a
	// context deadline; 0 means DefaultDeadline.
	Deadline time.Duration
	Options  rules.Options // the rules; the zero value means the defaults
	// Progress, when set, is updated every ProgressEvery (default a
	// quarter of a second) and given the final counts at the end; it
	// decides itself how a line reaches a terminal or a file.
	Progress      *progress.Line
	ProgressEvery time.Duration
	// Partial, when set, makes a match whose context ends early report
	// the deal pairs and games finished by then (Report.Stopped) instead
	// of returning the context's error.
	Partial bool
	// NewBot makes the bots; nil means ai.New. A tuning run passes bots
	// built with other parameters. A mixed level is split by
	// ai.NewMixed, and each part made by NewBot.
	NewBot ai.Factory
	// Save, when set, is a directory where every game or deal played is
	// written as a game log (save.go).
	Save string
}

// Side is what one bot did over the whole match (every deal played,
// duplicate deals and games).
type Side struct {
	Level    string  `json:"level"`
	Deals    int     `json:"deals"`     // deals it sat in
	Takes    int     `json:"takes"`     // deals in which it became maker
	TakeRate float64 `json:"take_rate"` // Takes / Deals
	Betes    int     `json:"betes"`     // deals it lost as maker
	BeteRate float64 `json:"bete_rate"` // Betes / Takes
	Points   int     `json:"points"`    // points it scored in duplicate deals
	// Time per decision, counting only decisions with a real choice
	// (two legal actions or more).
	Time Times `json:"time"`
}

// Report is the result of a match.
type Report struct {
	A       string `json:"a"`
	B       string `json:"b"`
	Seed    uint64 `json:"seed"`
	Rules   string `json:"rules"`
	Deals   int    `json:"deals"` // duplicate deals (decks), each played twice
	Games   int    `json:"games"` // games, each played twice
	Workers int    `json:"workers"`
	// Margin is A's score minus B's per deal: the mean over duplicate
	// pairs of the two deals' average, with its 95% interval.
	Margin Interval `json:"margin"`
	// GamesWon is the share of games to the target that A won.
	GamesWon Share `json:"games_won"`
	// Unfinished counts games stopped at maxGameDeals.
	Unfinished int     `json:"unfinished_games"`
	Abandoned  float64 `json:"abandoned_rate"` // share of deals thrown in
	Sides      [2]Side `json:"sides"`          // A then B
	// Stopped reports a match cut short (Config.Partial): Deals and
	// Games count what was finished.
	Stopped bool    `json:"stopped,omitempty"`
	Elapsed float64 `json:"elapsed_s"`
	// Players is the number of players (2, 3 or 4); with more than two,
	// Seatings is how many times each deck was played, and PerDeal each
	// level's average score per deal (A then B), intervals over decks.
	Players  int         `json:"players,omitempty"`
	Seatings int         `json:"seatings,omitempty"`
	PerDeal  [2]Interval `json:"per_deal,omitzero"`
	// GamesWonBy is, with more than two players, each level's share of
	// the games played (Games times Seatings) won by a seat or team of
	// that level, A then B (table_game.go); GamesWon is A's.
	GamesWonBy [2]Share `json:"games_won_by,omitzero"`
}

// sideA and sideB index Report.Sides.
const (
	sideA = 0
	sideB = 1
)

// dealOut is what one deal contributes to the statistics. side[seat] is
// which bot sat there.
type dealOut struct {
	scored    [2]int // by side
	maker     int    // side, -1 when abandoned
	bete      bool
	abandoned bool
}

// pairOut is one duplicate pair or one game pair.
type pairOut struct {
	deals  []dealOut
	margin float64 // pairs: mean margin of A per deal
	winner [2]int  // games: side that won each of the two games, -1 for none
	times  [2][]time.Duration
}

type job struct {
	game bool
	i    int
}

// Run plays the match. It stops at the first bot error (an error from
// Choose or an illegal action) and returns it, or when ctx is done.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if cfg.Deals < 0 || cfg.Games < 0 {
		return nil, errors.New("match: deals and games must not be negative")
	}
	if cfg.Deals == 0 && cfg.Games == 0 {
		return nil, errors.New("match: nothing to play: give deals or games")
	}
	if cfg.Deals > MaxDeals || cfg.Games > MaxGames {
		return nil, fmt.Errorf("match: %d deals and %d games: at most %d deals and %d games", cfg.Deals, cfg.Games, MaxDeals, MaxGames)
	}
	if cfg.NewBot == nil {
		cfg.NewBot = ai.New
	}
	if cfg.Options == (rules.Options{}) {
		cfg.Options = rules.DefaultOptions()
	}
	if cfg.Options.NumPlayers() > 2 {
		return runTable(ctx, cfg)
	}
	if cfg.Deadline <= 0 {
		cfg.Deadline = DefaultDeadline
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	total := cfg.Deals + cfg.Games
	workers = max(1, min(workers, total))
	// Check the levels before starting any goroutine.
	for _, l := range []ai.Level{cfg.A, cfg.B} {
		if _, err := ai.NewMixed(cfg.NewBot, l, ai.Config{Seed: 1, Budget: cfg.Budget}); err != nil {
			return nil, fmt.Errorf("match: bot %s: %w", l, err)
		}
	}
	start := time.Now()
	// Results are folded into the tally as they come: only the margin of
	// each duplicate deal (for its interval) and the decision times are
	// kept, never the deals themselves.
	tl := newTally(cfg)
	play := func() func(context.Context, job) (pairOut, error) {
		r := &runner{cfg: cfg, workers: workers}
		return func(ctx context.Context, j job) (pairOut, error) {
			if j.game {
				return r.gamePair(ctx, j.i)
			}
			return r.dealPair(ctx, j.i)
		}
	}
	stopped, err := runPool(ctx, cfg, workers, play, func(j job, out *pairOut) float64 {
		tl.add(j, out)
		return out.margin
	})
	if err != nil {
		return nil, err
	}
	rep := tl.report(stopped)
	rep.Workers = workers
	rep.Elapsed = time.Since(start).Seconds()
	return rep, nil
}

// runPool plays the jobs of jobSeq(cfg) on workers goroutines, the two-
// and the table runners alike. Each worker makes its own play function
// (newPlay: a worker's state, such as its runner, is its own); keep gets
// each finished job's result, under a lock and in no set order, and
// returns the deal's margin for the progress line (ignored for games).
// The first error stops the run and is returned, unless the run was
// stopped by ctx with cfg.Partial: then stopped is set, and only the
// jobs kept count (an error if none was).
func runPool[T any](ctx context.Context, cfg Config, workers int, newPlay func() func(context.Context, job) (T, error), keep func(job, *T) float64) (stopped bool, err error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan job)
	var (
		mu       sync.Mutex
		firstErr error
		done     [2]int
		sumM     float64
	)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			play := newPlay()
			for j := range jobs {
				out, err := play(ctx, j)
				mu.Lock()
				switch {
				case err != nil:
					if firstErr == nil && (ctx.Err() == nil || !cfg.Partial) {
						firstErr = err
					}
					cancel()
				case j.game:
					keep(j, &out)
					done[1]++
				default:
					sumM += keep(j, &out)
					done[0]++
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
			if done[0] > 0 {
				m = sumM / float64(done[0])
			}
			return done[0], done[1], m
		})
	}
feed:
	for j := range jobSeq(cfg) {
		select {
		case jobs <- j:
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
		return false, firstErr
	}
	if err := ctx.Err(); err != nil {
		if !cfg.Partial || done[0]+done[1] == 0 {
			return false, err
		}
		return true, nil
	}
	return false, nil
}

// jobSeq yields the jobs one at a time, game pairs interleaved among the
// deal pairs so that the long games do not all wait for the end.
func jobSeq(cfg Config) iter.Seq[job] {
	return func(yield func(job) bool) {
		g := 0
		for i := range cfg.Deals {
			if !yield(job{i: i}) {
				return
			}
			for g < cfg.Games && (g+1)*cfg.Deals <= (i+1)*cfg.Games {
				if !yield(job{game: true, i: g}) {
					return
				}
				g++
			}
		}
		for ; g < cfg.Games; g++ {
			if !yield(job{game: true, i: g}) {
				return
			}
		}
	}
}

// startProgress starts a goroutine that rewrites the progress line every
// cfg.ProgressEvery; the returned function writes the last line and a
// newline.
func startProgress(cfg Config, state func() (int, int, float64)) func() {
	line := func() string {
		d, g, m := state()
		s := fmt.Sprintf("match %s vs %s:", cfg.A, cfg.B)
		if cfg.Deals > 0 {
			s += fmt.Sprintf(" deals %d/%d margin %+.1f", d, cfg.Deals, m)
		}
		if cfg.Games > 0 {
			s += fmt.Sprintf(" games %d/%d", g, cfg.Games)
		}
		return s
	}
	stop := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		every := cfg.ProgressEvery
		if every <= 0 {
			every = 250 * time.Millisecond
		}
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				cfg.Progress.Update(line())
			case <-stop:
				cfg.Progress.Done(line())
				return
			}
		}
	}()
	return func() {
		close(stop)
		<-finished
	}
}

// Seed streams: each kind of randomness gets its own PCG stream so that,
// say, adding games does not change the deal pairs.
const (
	streamDeck  = 0x6465636b // "deck"
	streamGame  = 0x67616d65 // "game"
	streamBot   = 0x626f7473 // "bots"
	streamGBots = 0x67626f74 // "gbot"
)

// mix derives a 64-bit value from the match seed, a stream and an index
// (SplitMix64's output function), so neighbouring indices get unrelated
// values.
func mix(seed uint64, stream, i uint64) uint64 {
	return seedmix.Finalize(seed ^ stream*seedmix.Gamma ^ (i+1)*0xbf58476d1ce4e5b9)
}

// pairDeck returns duplicate pair i's deck and dealer seat.
func pairDeck(seed uint64, i int) (rules.Deck, rules.Seat) {
	r := rand.New(rand.NewPCG(seed, mix(seed, streamDeck, uint64(i))))
	dealer := rules.Seat(r.IntN(2))
	return rules.Shuffle(r), dealer
}

// runner plays jobs on one goroutine.
type runner struct {
	cfg     Config
	workers int
}

// bots makes fresh bots for the two sides with the given seeds.
func (r *runner) bots(seeds [2]uint64) ([2]ai.Bot, error) {
	var bs [2]ai.Bot
	w := 0
	if r.workers > 1 {
		// The match already keeps the cores busy: one core per bot.
		w = 1
	}
	for side, l := range [2]ai.Level{r.cfg.A, r.cfg.B} {
		b, err := ai.NewMixed(r.cfg.NewBot, l, ai.Config{Seed: seeds[side], Budget: r.cfg.Budget, PlayBudget: r.cfg.PlayBudget, Workers: w})
		if err != nil {
			return bs, err
		}
		bs[side] = b
	}
	return bs, nil
}

// botSeeds returns the seeds of the two bots of pair i in stream.
func (r *runner) botSeeds(stream uint64, i int) [2]uint64 {
	return [2]uint64{mix(r.cfg.Seed, stream, uint64(2*i)), mix(r.cfg.Seed, stream, uint64(2*i+1))}
}

// seating returns, for half 0 or 1 of a pair, the side sitting in each
// seat: A in seat A first, then the seats swapped.
func seating(half int) [2]int {
	if half == 1 {
		return [2]int{sideB, sideA}
	}
	return [2]int{sideA, sideB}
}

// dealPair plays pair i: the deck with A in seat A, then with A in seat B.
func (r *runner) dealPair(ctx context.Context, i int) (pairOut, error) {
	deck, dealer := pairDeck(r.cfg.Seed, i)
	seeds := r.botSeeds(streamBot, i)
	var out pairOut
	for half := range 2 {
		bs, err := r.bots(seeds)
		if err != nil {
			return out, err
		}
		sideAt := seating(half)
		d := rules.NewDeal(r.cfg.Options, dealer, deck)
		if err := r.playDeal(ctx, &d, d.ApplyAs, bs, sideAt, &out.times); err != nil {
			return out, fmt.Errorf("duplicate deal %d (deck %s, dealer %s): %w", i, deck, dealer, err)
		}
		if r.cfg.Save != "" {
			if err := r.saveDeal(i, half, dealer, &d, sideAt); err != nil {
				return out, err
			}
		}
		do := dealResult(d.Score(), sideAt)
		out.deals = append(out.deals, do)
		out.margin += float64(do.scored[sideA]-do.scored[sideB]) / 2
	}
	return out, nil
}

// gamePair plays game j twice, seats swapped, on the same decks.
func (r *runner) gamePair(ctx context.Context, j int) (pairOut, error) {
	out := pairOut{winner: [2]int{-1, -1}}
	seeds := r.botSeeds(streamGBots, j)
	for half := range 2 {
		rng := rand.New(rand.NewPCG(r.cfg.Seed, mix(r.cfg.Seed, streamGame, uint64(j))))
		first := rules.Seat(rng.IntN(2))
		bs, err := r.bots(seeds)
		if err != nil {
			return out, err
		}
		sideAt := seating(half)
		g := rules.NewGame(r.cfg.Options, first)
		for n := 0; !g.Over() && n < maxGameDeals; n++ {
			if err := g.StartDeal(rules.Shuffle(rng)); err != nil {
				return out, err
			}
			if err := r.playDeal(ctx, g.Deal(), g.ApplyAs, bs, sideAt, &out.times); err != nil {
				return out, fmt.Errorf("game %d, deal %d: %w", j, g.DealNo(), err)
			}
			recs := g.Records()
			out.deals = append(out.deals, dealResult(recs[len(recs)-1].Score, sideAt))
		}
		if r.cfg.Save != "" {
			if err := r.saveGame(j, half, g, sideAt); err != nil {
				return out, err
			}
		}
		if w := g.Winner(); w >= 0 {
			out.winner[half] = sideAt[w]
		}
	}
	return out, nil
}

// playDeal drives d to its end through apply (the deal's or the game's
// ApplyAs), asking
// the bot of the seat to move with a per-decision deadline.
func (r *runner) playDeal(ctx context.Context, d *rules.Deal, apply func(rules.Seat, rules.Action) error, bs [2]ai.Bot, sideAt [2]int, times *[2][]time.Duration) error {
	for !d.Over() {
		if err := ctx.Err(); err != nil {
			return err
		}
		seat := d.Turn()
		side := sideAt[seat]
		v := d.View(seat)
		choice := len(v.Legal()) > 1
		dctx, cancel := context.WithTimeout(ctx, r.cfg.Deadline)
		t0 := time.Now()
		a, err := bs[side].Choose(dctx, &v)
		el := time.Since(t0)
		cancel()
		if err != nil {
			return fmt.Errorf("bot %s in seat %s: %w", bs[side].Level(), seat, err)
		}
		if choice {
			times[side] = append(times[side], el)
		}
		if err := apply(seat, a); err != nil {
			return fmt.Errorf("bot %s in seat %s chose %q: %w", bs[side].Level(), seat, a, err)
		}
	}
	return nil
}

// dealResult converts a score by seat to one by side.
func dealResult(sc rules.Score, sideAt [2]int) dealOut {
	var o dealOut
	for seat := range 2 {
		o.scored[sideAt[seat]] = sc.Scored[seat]
	}
	o.maker = -1
	if sc.Outcome == rules.Abandoned {
		o.abandoned = true
		return o
	}
	o.maker = sideAt[sc.Maker]
	o.bete = sc.Outcome == rules.Bete
	return o
}

// tally folds pair results into the report's counts as they arrive, in
// any order; the margins are kept by pair index so that the report does
// not depend on the order.
type tally struct {
	cfg       Config
	rep       *Report
	margins   []float64
	have      []bool // the duplicate pairs counted in margins
	times     [2][]time.Duration
	deals     int
	abandoned int
	wins      int
	played    int
}

func newTally(cfg Config) *tally {
	return &tally{cfg: cfg,
		rep: &Report{A: string(cfg.A), B: string(cfg.B), Seed: cfg.Seed, Rules: cfg.Options.String(),
			Deals: cfg.Deals, Games: cfg.Games}}
}

// add counts the result of job j.
func (t *tally) add(j job, p *pairOut) {
	rep := t.rep
	dup := !j.game
	for _, d := range p.deals {
		t.deals++
		for side := range 2 {
			rep.Sides[side].Deals++
			if dup {
				rep.Sides[side].Points += d.scored[side]
			}
		}
		if d.abandoned {
			t.abandoned++
			continue
		}
		rep.Sides[d.maker].Takes++
		if d.bete {
			rep.Sides[d.maker].Betes++
		}
	}
	for side := range 2 {
		t.times[side] = append(t.times[side], p.times[side]...)
	}
	if dup {
		if j.i >= len(t.margins) {
			// Grown as the deals come, not for all of them up front.
			t.margins = append(t.margins, make([]float64, j.i+1-len(t.margins))...)
			t.have = append(t.have, make([]bool, j.i+1-len(t.have))...)
		}
		t.margins[j.i], t.have[j.i] = p.margin, true
		return
	}
	for _, w := range p.winner {
		t.played++
		if w == sideA {
			t.wins++
		}
		if w < 0 {
			rep.Unfinished++
		}
	}
}

// report finishes the report. A stopped match counts only the pairs
// and games finished.
func (t *tally) report(stopped bool) *Report {
	rep := t.rep
	if stopped {
		var ms []float64
		for i, ok := range t.have {
			if ok {
				ms = append(ms, t.margins[i])
			}
		}
		t.margins = ms
		rep.Stopped = true
		rep.Deals, rep.Games = len(ms), t.played/2
	}
	rep.Margin = MeanCI(t.margins)
	rep.GamesWon = WilsonShare(t.wins, t.played)
	if t.deals > 0 {
		rep.Abandoned = float64(t.abandoned) / float64(t.deals)
	}
	for side, l := range [2]ai.Level{t.cfg.A, t.cfg.B} {
		s := &rep.Sides[side]
		s.Level = string(l)
		if s.Deals > 0 {
			s.TakeRate = float64(s.Takes) / float64(s.Deals)
		}
		if s.Takes > 0 {
			s.BeteRate = float64(s.Betes) / float64(s.Takes)
		}
		s.Time = TimeStats(t.times[side])
	}
	return rep
}
