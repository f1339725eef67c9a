package match

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/platform/progress"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// DefaultDeadline is the per-decision time limit klob match gives a bot
// unless told otherwise.
const DefaultDeadline = 5 * time.Second

// maxGameDeals ends a game that has not reached the target after this
// many deals (bots that never bid); it then counts as won by nobody.
const maxGameDeals = 400

// MaxDecks and MaxGames bound Config.Decks and Config.Games. A match
// keeps two numbers a deck and the decision times (some tens of bytes a
// deal), so these bounds keep it within a few hundred megabytes; at the
// hard bot's pace they are weeks of play already.
const (
	MaxDecks = 1_000_000
	MaxGames = 100_000
)

// Config describes a match.
type Config struct {
	// A and B are the two levels, plain or mixed (ai.NewMixed:
	// "hard:bid=normal"); the report's margins are A's.
	A, B  ai.Level
	Decks int // duplicate decks, each dealt once in every seating
	Games int // games to the target, each played once in every seating
	Seed  uint64
	// Budget is passed to the bots (the hard bot's samples per
	// decision), PlayBudget caps the hard bot's samples in the card
	// play alone.
	Budget, PlayBudget int
	Workers            int // goroutines playing decks and games; 0 means GOMAXPROCS
	// Deadline, when positive, is each decision's time limit, given to
	// the bot as a context deadline; zero sets none.
	Deadline time.Duration
	// Think is passed to the bots (ai.Config.Think): negative, the
	// budgets alone bound a decision, so that the match depends on the
	// seed alone.
	Think time.Duration
	// Options are the rules, the seat count (Players) included; the
	// zero value means the defaults at two players.
	Options rules.Options
	// Progress, when set, is updated every ProgressEvery (default a
	// quarter of a second) and given the final counts at the end.
	Progress      *progress.Line
	ProgressEvery time.Duration
	// Partial, when set, makes a match whose context ends early report
	// the decks and games finished by then (Report.Stopped) instead of
	// returning the context's error.
	Partial bool
	// NewBot makes the bots; nil means ai.New. A mixed level is split by
	// ai.NewMixed and each part made by NewBot.
	NewBot ai.Factory
	// Save, when set, is a directory where every deal and game played is
	// written as a game log (save.go); one that already holds game logs
	// is refused.
	Save string
}

// Side is what one level did over the whole match.
type Side struct {
	Level    string  `json:"level"`
	Deals    int     `json:"deals"`     // deals it sat in
	Takes    int     `json:"takes"`     // deals in which one of its seats became maker
	TakeRate float64 `json:"take_rate"` // Takes / Deals (left out of the JSON without deals)
	Betes    int     `json:"betes"`     // of those, the deals lost
	BeteRate float64 `json:"bete_rate"` // Betes / Takes (left out of the JSON without takes)
	Points   int     `json:"points"`    // points its sides scored in the decks' deals (left out of the JSON without decks)
	// Time per decision, counting only decisions with a real choice
	// (two legal actions or more).
	Time Times `json:"time"`
}

// Report is the result of a match.
type Report struct {
	A        string `json:"a"`
	B        string `json:"b"`
	Players  int    `json:"players"`
	Seed     uint64 `json:"seed"`
	Rules    string `json:"rules"`
	Decks    int    `json:"decks"`
	Games    int    `json:"games"`
	Seatings int    `json:"seatings"` // times each deck and game is played
	Workers  int    `json:"workers"`
	// Margin is A's margin per deal (see the package doc), with its 95%
	// interval over decks. Measured over the decks only: without decks
	// it is the zero Interval, and the JSON leaves "margin" out.
	Margin Interval `json:"margin,omitzero"`
	// PerDeal is each level's mean score per deal (its sides' Scored,
	// averaged over its sides), A then B; Margin is their difference.
	// A score is never negative (every line of rules.Score is a count of
	// points won), so the interval is cut at 0: the t interval meets the
	// scores' possible range, and keeps its coverage.
	// Left out of the JSON without decks, as Margin is.
	PerDeal [2]Interval `json:"per_deal,omitzero"`
	// GamesWon is each level's share of the games played (Games times
	// Seatings) won by a side of that level, A then B: a three-player
	// game won by either of two B seats counts once, for B. Left out
	// of the JSON without games, as "unfinished_games" is.
	GamesWon [2]Share `json:"games_won,omitzero"`
	// Unfinished counts games stopped at maxGameDeals.
	Unfinished int     `json:"unfinished_games"`
	Abandoned  float64 `json:"abandoned_rate"` // share of deals thrown in (left out of the JSON without deals)
	Sides      [2]Side `json:"sides"`          // A then B
	// Stopped reports a match cut short (Config.Partial): Decks and
	// Games count what was finished.
	Stopped bool    `json:"stopped,omitempty"`
	Elapsed float64 `json:"elapsed_s"`
}

// MarshalJSON writes the report with the field names above, leaving out
// the figures nothing measured, where a zero would read as a measured
// tie while the text report says nothing: "margin" and "per_deal" (the
// zero Interval, omitzero) and the sides' "points" without decks,
// "games_won" (omitzero) and "unfinished_games" without games,
// "abandoned_rate" and a side's "take_rate" without deals, and a side's
// "bete_rate" without takes.
func (r Report) MarshalJSON() ([]byte, error) {
	type plain Report // the same fields without this method
	type plainSide Side
	type side struct {
		plainSide
		Points   *int     `json:"points,omitempty"`
		TakeRate *float64 `json:"take_rate,omitempty"`
		BeteRate *float64 `json:"bete_rate,omitempty"`
	}
	out := struct {
		plain
		// Shallower than plain's fields of the same names, these are
		// the ones written; nil pointers are left out.
		Sides      [2]side  `json:"sides"`
		Unfinished *int     `json:"unfinished_games,omitempty"`
		Abandoned  *float64 `json:"abandoned_rate,omitempty"`
	}{plain: plain(r)}
	if r.dealt() {
		out.Abandoned = &r.Abandoned
	}
	for l := range r.Sides {
		out.Sides[l].plainSide = plainSide(r.Sides[l])
		if r.Decks > 0 {
			out.Sides[l].Points = &r.Sides[l].Points
		}
		if r.Sides[l].Deals > 0 {
			out.Sides[l].TakeRate = &r.Sides[l].TakeRate
		}
		if r.Sides[l].Takes > 0 {
			out.Sides[l].BeteRate = &r.Sides[l].BeteRate
		}
	}
	if r.Games > 0 {
		out.Unfinished = &r.Unfinished
	}
	return json.Marshal(out)
}

// dealt reports whether the match dealt any deal: every deal seats both
// levels, so a side's Deals counts the match's deals.
func (r *Report) dealt() bool { return r.Sides[levelA].Deals > 0 }

// The two levels, as indices of Report.Sides and seating entries.
const (
	levelA = 0
	levelB = 1
)

// seating is the level sitting in each seat.
type seating [4]int

// seatings returns the seatings of a table of players, so that each
// level sits in every seat: at two and four the levels swap, at three
// A sits alone in each seat, then B does.
func seatings(players int) []seating {
	switch players {
	case 2:
		return []seating{{levelA, levelB}, {levelB, levelA}}
	case 4:
		return []seating{{levelA, levelB, levelA, levelB}, {levelB, levelA, levelB, levelA}}
	}
	return []seating{
		{levelA, levelB, levelB}, {levelB, levelA, levelB}, {levelB, levelB, levelA},
		{levelB, levelA, levelA}, {levelA, levelB, levelA}, {levelA, levelA, levelB},
	}
}

// Run plays the match. It stops at the first bot error (an error from
// Choose or an illegal action) and returns it, or when ctx is done.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if cfg.Decks < 0 || cfg.Games < 0 {
		return nil, errors.New("match: decks and games must not be negative")
	}
	if cfg.Decks == 0 && cfg.Games == 0 {
		return nil, errors.New("match: nothing to play: give decks or games")
	}
	if cfg.Decks > MaxDecks || cfg.Games > MaxGames {
		return nil, fmt.Errorf("match: %d decks and %d games: at most %d decks and %d games", cfg.Decks, cfg.Games, MaxDecks, MaxGames)
	}
	if cfg.NewBot == nil {
		cfg.NewBot = ai.New
	}
	// The run's bots build each win table once between them.
	cfg.NewBot = ai.WithWinTables(cfg.NewBot, &eval.WinTables{})
	if cfg.Options == (rules.Options{}) {
		cfg.Options = rules.DefaultOptions()
	}
	players := cfg.Options.NumPlayers()
	if !rules.ValidPlayers(players) {
		return nil, fmt.Errorf("match: %d players: want 2, 3 or 4", players)
	}
	if cfg.Save != "" {
		if err := checkSaveDir(cfg.Save); err != nil {
			return nil, err
		}
	}
	// Check the levels before starting any goroutine.
	for _, l := range cfg.levels() {
		if _, err := ai.NewMixed(cfg.NewBot, l, ai.Config{Seed: 1, Budget: cfg.Budget}); err != nil {
			return nil, fmt.Errorf("match: bot %s: %w", l, err)
		}
	}
	workers := Workers(cfg.Workers, cfg.Decks+cfg.Games)
	start := time.Now()
	tl := newTally(cfg, players)
	p := pool{workers: workers, jobs: jobSeq(cfg.Decks, cfg.Games), partial: cfg.Partial,
		progress: cfg.Progress, every: cfg.ProgressEvery, line: cfg.progressLine}
	newPlay := func() func(context.Context, job) (jobOut, error) {
		r := &runner{cfg: cfg, players: players, layouts: layouts(cfg.Options)}
		if workers > 1 {
			// The match already keeps the cores busy: one core per bot.
			r.botWorkers = 1
		}
		return func(ctx context.Context, j job) (jobOut, error) {
			if j.game {
				return r.game(ctx, j.i)
			}
			return r.deck(ctx, j.i)
		}
	}
	stopped, err := runPool(ctx, p, newPlay, func(j job, out *jobOut) float64 {
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

// levels returns A and B, by level index.
func (cfg Config) levels() [2]ai.Level { return [2]ai.Level{cfg.A, cfg.B} }

// progressLine is the progress text of a match.
func (cfg Config) progressLine(decks, games int, margin float64) string {
	s := fmt.Sprintf("match %s vs %s:", cfg.A, cfg.B)
	if cfg.Decks > 0 {
		s += fmt.Sprintf(" decks %d/%d margin %+.1f", decks, cfg.Decks, margin)
	}
	if cfg.Games > 0 {
		s += fmt.Sprintf(" games %d/%d", games, cfg.Games)
	}
	return s
}

// dealOut is what one deal contributes to the counts.
type dealOut struct {
	maker  int // the maker's level, -1 when thrown in
	bete   bool
	points [2]int // what each level's sides scored
}

// jobOut is a deck or a game played in every seating.
type jobOut struct {
	deals []dealOut
	times [2][]time.Duration
	// A deck's mean over its seatings of A's margin and of each level's
	// score per deal.
	margin  float64
	perDeal [2]float64
	// A game's winning level in each seating, -1 when unfinished.
	winners []int
}

// runner plays jobs on one goroutine.
type runner struct {
	cfg        Config
	players    int
	layouts    []layout
	botWorkers int
}

// bots makes fresh bots for the seats, level at[s] in seat s, for deck
// or game i of stream.
func (r *runner) bots(at seating, stream uint64, i int) ([]ai.Bot, error) {
	bots := make([]ai.Bot, r.players)
	for s := range bots {
		cfg := ai.Config{Seed: botSeed(r.cfg.Seed, stream, i, rules.Seat(s)), Budget: r.cfg.Budget,
			PlayBudget: r.cfg.PlayBudget, Workers: r.botWorkers, Think: r.cfg.Think}
		b, err := ai.NewMixed(r.cfg.NewBot, r.cfg.levels()[at[s]], cfg)
		if err != nil {
			return nil, err
		}
		bots[s] = b
	}
	return bots, nil
}

// deck plays deck i in every seating.
func (r *runner) deck(ctx context.Context, i int) (jobOut, error) {
	deck, dealer := Deck(r.cfg.Seed, i, r.players)
	var out jobOut
	for k, t := range r.layouts {
		bots, err := r.bots(t.at, streamBot, i)
		if err != nil {
			return out, err
		}
		d := rules.NewDeal(r.cfg.Options, dealer, deck)
		if err := r.play(ctx, &d, bots, t.at, newRand(r.cfg.Seed, streamChance, i), &out.times); err != nil {
			return out, fmt.Errorf("deck %d (%s, dealer %s), seating %d: %w", i, deck, dealer, k+1, err)
		}
		if r.cfg.Save != "" {
			l := &gamelog.Log{Header: gamelog.Header{Options: r.cfg.Options, FirstDealer: d.Dealer()},
				Deals: []gamelog.Deal{{Deck: d.Deck(), Steps: slices.Clone(d.Steps())}}}
			if err := r.save("deck", i, k, t.at, l); err != nil {
				return out, err
			}
		}
		sc := d.Score()
		o := t.result(&sc)
		out.deals = append(out.deals, o)
		out.margin += t.margin(&sc)
		for l := range 2 {
			out.perDeal[l] += float64(o.points[l]) / float64(t.held[l])
		}
	}
	n := float64(len(r.layouts))
	out.margin /= n
	for l := range 2 {
		out.perDeal[l] /= n
	}
	return out, nil
}

// game plays game j in every seating.
func (r *runner) game(ctx context.Context, j int) (jobOut, error) {
	var out jobOut
	for k, t := range r.layouts {
		decks := newRand(r.cfg.Seed, streamGame, j)
		draws := newRand(r.cfg.Seed, streamGChance, j)
		first := rules.Seat(decks.IntN(r.players))
		bots, err := r.bots(t.at, streamGBots, j)
		if err != nil {
			return out, err
		}
		g := rules.NewGame(r.cfg.Options, first)
		for n := 0; !g.Over() && n < maxGameDeals; n++ {
			if err := g.StartDeal(rules.Shuffle(decks)); err != nil {
				return out, err
			}
			if err := r.play(ctx, g, bots, t.at, draws, &out.times); err != nil {
				return out, fmt.Errorf("game %d, seating %d, deal %d: %w", j, k+1, g.DealNo(), err)
			}
			sc := g.Deal().Score()
			out.deals = append(out.deals, t.result(&sc))
		}
		if r.cfg.Save != "" {
			if err := r.save("game", j, k, t.at, gamelog.FromGame(gamelog.Header{}, g)); err != nil {
				return out, err
			}
		}
		out.winners = append(out.winners, t.winner(g))
	}
	return out, nil
}

// mover is what play drives: a rules.Deal, or a rules.Game's current
// deal.
type mover interface {
	Turn() rules.Seat
	Legal() []rules.Action
	View(rules.Seat) rules.View
	ApplyAs(rules.Seat, rules.Action) error
}

// play drives m's deal to its end, asking the bot of the seat to move;
// a chance step (the card a shlomo declarer draws) is drawn uniformly
// with draws. The time of each decision with a choice is added to the
// times of the level that took it.
func (r *runner) play(ctx context.Context, m mover, bots []ai.Bot, at seating, draws *rand.Rand, times *[2][]time.Duration) error {
	for seat := m.Turn(); seat != rules.NoSeat; seat = m.Turn() {
		if err := ctx.Err(); err != nil {
			return err
		}
		if seat == rules.ChanceSeat {
			l := m.Legal()
			if err := m.ApplyAs(seat, l[draws.IntN(len(l))]); err != nil {
				return err
			}
			continue
		}
		v := m.View(seat)
		choice := len(v.Legal()) > 1
		dctx, cancel := ctx, context.CancelFunc(func() {})
		if r.cfg.Deadline > 0 {
			dctx, cancel = context.WithTimeout(ctx, r.cfg.Deadline)
		}
		t0 := time.Now()
		a, err := bots[seat].Choose(dctx, &v)
		el := time.Since(t0)
		cancel()
		if err != nil {
			return fmt.Errorf("bot %s in seat %s: %w", bots[seat].Level(), seat, err)
		}
		if choice {
			times[at[seat]] = append(times[at[seat]], el)
		}
		if err := m.ApplyAs(seat, a); err != nil {
			// The engine's reason speaks to the player to move ("you do
			// not hold"): the report names the seat.
			return &refusedError{fmt.Sprintf("bot %s in seat %s chose %q: %s", bots[seat].Level(), seat, a,
				gamelog.Refusal(seat, a, err)), err}
		}
	}
	return nil
}

// refusedError is a bot's action the rules refused: msg says so in the
// third person, err is the engine's *rules.IllegalError.
type refusedError struct {
	msg string
	err error
}

func (e *refusedError) Error() string { return e.msg }
func (e *refusedError) Unwrap() error { return e.err }

// layout is a seating with what the counts need of it: the level of
// each side (the seat, or with four players the team) and how many
// sides each level holds.
type layout struct {
	at    seating
	sides int
	level [4]int // by side
	held  [2]int // by level
}

// layouts returns the seatings of opts's table with their sides, as
// rules.Game.SideOf says.
func layouts(opts rules.Options) []layout {
	g := rules.NewGame(opts, 0)
	var ls []layout
	for _, at := range seatings(g.Players()) {
		t := layout{at: at, sides: g.Sides()}
		for s := range g.Players() {
			t.level[g.SideOf(rules.Seat(s))] = at[s]
		}
		for s := range t.sides {
			t.held[t.level[s]]++
		}
		ls = append(ls, t)
	}
	return ls
}

// margin is A's margin in a deal scored sc: Score.Margin of the side a
// level holds alone (at two and four players both do, at three one
// level holds one seat), counted for A. It equals A's mean score per
// side less B's.
func (t *layout) margin(sc *rules.Score) float64 {
	for l, sign := range [2]float64{1, -1} {
		if t.held[l] != 1 {
			continue
		}
		for s := range t.sides {
			if t.level[s] == l {
				return sign * sc.Margin(s)
			}
		}
	}
	panic("match: a seating in which neither level holds a single side")
}

// result is what a deal scored sc contributes to the counts.
func (t *layout) result(sc *rules.Score) dealOut {
	o := dealOut{maker: -1}
	for s := range t.sides {
		o.points[t.level[s]] += sc.Scored[s]
	}
	if sc.Outcome != rules.Abandoned {
		o.maker, o.bete = t.at[sc.Maker], sc.Outcome == rules.Bete
	}
	return o
}

// winner returns the level of the side that won g, -1 while it goes on.
func (t *layout) winner(g *rules.Game) int {
	if w := g.Winner(); w >= 0 {
		return t.level[w]
	}
	return -1
}

// tally folds job results into the report's counts as they arrive, in
// any order; the decks' figures are kept by index so that the report
// does not depend on the order.
type tally struct {
	rep       *Report
	decks     []deckFigures // by deck index
	times     [2][]time.Duration
	deals     int
	abandoned int
	won       [2]int
	played    int
	games     int // games finished
}

// deckFigures are a deck's margin and score per deal of each level; ok
// once the deck is counted.
type deckFigures struct {
	margin  float64
	perDeal [2]float64
	ok      bool
}

func newTally(cfg Config, players int) *tally {
	rep := &Report{A: string(cfg.A), B: string(cfg.B), Players: players, Seed: cfg.Seed,
		Rules: cfg.Options.Played(), Decks: cfg.Decks, Games: cfg.Games, Seatings: len(seatings(players))}
	rep.Sides[levelA].Level, rep.Sides[levelB].Level = rep.A, rep.B
	return &tally{rep: rep}
}

// add counts the result of job j.
func (t *tally) add(j job, p *jobOut) {
	rep := t.rep
	for _, d := range p.deals {
		t.deals++
		for l := range 2 {
			rep.Sides[l].Deals++
			if !j.game {
				rep.Sides[l].Points += d.points[l]
			}
		}
		if d.maker < 0 {
			t.abandoned++
			continue
		}
		rep.Sides[d.maker].Takes++
		if d.bete {
			rep.Sides[d.maker].Betes++
		}
	}
	for l := range 2 {
		t.times[l] = append(t.times[l], p.times[l]...)
	}
	if j.game {
		t.games++
		for _, w := range p.winners {
			t.played++
			if w < 0 {
				rep.Unfinished++
				continue
			}
			t.won[w]++
		}
		return
	}
	if j.i >= len(t.decks) {
		// Grown as the decks come, not for all of them up front.
		t.decks = append(t.decks, make([]deckFigures, j.i+1-len(t.decks))...)
	}
	t.decks[j.i] = deckFigures{margin: p.margin, perDeal: p.perDeal, ok: true}
}

// report finishes the report. A stopped match counts only the decks and
// games finished.
func (t *tally) report(stopped bool) *Report {
	rep := t.rep
	var ms []float64
	var pd [2][]float64
	for _, d := range t.decks {
		if d.ok {
			ms = append(ms, d.margin)
			pd[0], pd[1] = append(pd[0], d.perDeal[0]), append(pd[1], d.perDeal[1])
		}
	}
	if stopped {
		rep.Stopped = true
		rep.Decks, rep.Games = len(ms), t.games
	}
	if t.deals > 0 {
		rep.Abandoned = float64(t.abandoned) / float64(t.deals)
	}
	// Without decks or games, MeanCI and WilsonShare give zero values.
	rep.Margin = MeanCI(ms)
	for l := range rep.Sides {
		rep.PerDeal[l] = MeanCI(pd[l]).AtLeast(0)
		rep.GamesWon[l] = WilsonShare(t.won[l], t.played)
		s := &rep.Sides[l]
		if s.Deals > 0 {
			s.TakeRate = float64(s.Takes) / float64(s.Deals)
		}
		if s.Takes > 0 {
			s.BeteRate = float64(s.Betes) / float64(s.Takes)
		}
		s.Time = TimeStats(t.times[l])
	}
	return rep
}
