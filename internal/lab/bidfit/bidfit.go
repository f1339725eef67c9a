// Package bidfit fits the bid models of package ai/handvalue at two,
// three or four players: for each simulated deck it plays every choice
// of every bidding decision on a copy of the deal, finishes each copy,
// and regresses the deciding side's margin on the bidder's features by
// least squares, one model per decision and speaking position. Playing
// every choice on the same deck makes the comparison between choices
// much less noisy than playing one.
//
// Two ways of finishing a copy (handvalue.Play): Bots plays the rest of
// the deal with a bot in every seat (the normal bot: what its bids are
// worth with its own card play); Solved, at two players, plays the rest
// of the bidding by the evaluation's policy (eval.Quick) and solves the
// card play (eval.SolvedScore), what the hard bot's samples assume.
//
// The product imports none of it: klob-lab fit-bids runs it.
package bidfit

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/ai/handvalue"
	"github.com/klob/klob/ai/solver"
	"github.com/klob/klob/internal/platform/progress"
	"github.com/klob/klob/internal/platform/workpool"
	"github.com/klob/klob/rules"
)

// Config is a fitting run.
type Config struct {
	Options rules.Options // the rules, the seat count included
	Decks   int
	Seed    uint64
	Play    handvalue.Play
	// Bot plays the path and finishes the copies under Bots; nil means
	// ai.New(ai.Normal).
	Bot     ai.Factory
	Workers int // 0: GOMAXPROCS
	// Progress, when set, shows the decks done.
	Progress *progress.Line
}

// Sample is one choice played out: the bidder's features and its side's
// margin.
type Sample struct {
	F handvalue.Vector
	Y float64
}

// Data holds the samples by decision and speaking position.
type Data [handvalue.NDecision][4][]Sample

// Collect plays cfg.Decks decks and returns their samples, in deck
// order whatever the workers, so a seed gives one result. When ctx ends
// it returns ctx's error.
func Collect(ctx context.Context, cfg Config) (*Data, error) {
	players := cfg.Options.NumPlayers()
	if cfg.Play == handvalue.Solved && players != 2 {
		return nil, errors.New("bidfit: the solved card play is the two-player evaluation's")
	}
	f := cfg.Bot
	if f == nil {
		f = ai.New
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	decks := make([][]record, cfg.Decks)
	jobs := make([]int, cfg.Decks)
	for i := range jobs {
		jobs[i] = i
	}
	newWorker := func() func(context.Context, int) ([]record, error) {
		bot, botErr := f(ai.Normal, ai.Config{Seed: cfg.Seed})
		p := &player{cfg: cfg, bot: bot}
		if cfg.Play == handvalue.Solved {
			p.solver = solver.New()
		}
		return func(_ context.Context, i int) ([]record, error) {
			if botErr != nil {
				return nil, botErr
			}
			recs, err := p.deck(uint64(i))
			if err != nil {
				return nil, fmt.Errorf("deck %d: %w", i, err)
			}
			return recs, nil
		}
	}
	done := 0
	if err := workpool.Run(ctx, workers, slices.Values(jobs), newWorker, func(i int, recs []record) {
		decks[i] = recs
		done++
		cfg.Progress.Update(fmt.Sprintf("fit-bids: decks %d/%d", done, cfg.Decks))
	}); err != nil {
		return nil, err
	}
	cfg.Progress.Done(fmt.Sprintf("fit-bids: decks %d/%d", cfg.Decks, cfg.Decks))
	var data Data
	for _, recs := range decks {
		for _, r := range recs {
			data[r.d][r.pos] = append(data[r.d][r.pos], r.Sample)
		}
	}
	return &data, nil
}

type record struct {
	d   handvalue.Decision
	pos int
	Sample
}

// player plays decks for one worker.
type player struct {
	cfg    Config
	bot    ai.Bot
	solver *solver.Solver
}

// deck plays the bidding of deck i along the path the bot (or the
// policy) takes, and every choice of each decision on a copy.
func (p *player) deck(i uint64) ([]record, error) {
	r := rand.New(rand.NewPCG(p.cfg.Seed, i))
	players := p.cfg.Options.NumPlayers()
	d := rules.NewDeal(p.cfg.Options, rules.Seat(r.IntN(players)), rules.Shuffle(r))
	var out []record
	for !d.Over() && (d.Phase() <= rules.PhaseBid2 || d.Phase() == rules.PhaseDeclare) {
		seat := d.Turn()
		if d.Phase() != rules.PhaseDeclare {
			h := handvalue.FromDeal(&d, seat)
			for _, a := range d.Legal() {
				dec, trump, ok := handvalue.DecisionOf(d.Phase(), a, d.OrigUpcard(), p.cfg.Play)
				if !ok {
					continue
				}
				c := d
				if err := c.Apply(a); err != nil {
					return nil, err
				}
				sc, err := p.finish(&c)
				if err != nil {
					return nil, err
				}
				side := d.SideOf(seat)
				out = append(out, record{dec, h.Pos, Sample{h.Features(trump, dec.Maker()), sc.Margin(side)}})
				if dec == handvalue.Make {
					// Every other side defends against this maker.
					for o := rules.Seat(0); o < rules.Seat(players); o++ {
						if d.SideOf(o) != side {
							ho := handvalue.FromDeal(&d, o)
							out = append(out, record{handvalue.Defend, ho.Pos,
								Sample{ho.Features(trump, false), sc.Margin(d.SideOf(o))}})
						}
					}
				}
			}
		}
		a, err := p.choose(&d)
		if err != nil {
			return nil, err
		}
		if err := d.Apply(a); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// choose is the path's choice at d: the bot's, or under Solved the
// evaluation's policy.
func (p *player) choose(d *rules.Deal) (rules.Action, error) {
	v := d.View(d.Turn())
	if p.cfg.Play == handvalue.Solved {
		return eval.Quick(&v), nil
	}
	return p.bot.Choose(context.Background(), &v)
}

// finish plays d to its end and returns its score. With solved play the
// players decide only up to the card play, which the solver scores.
func (p *player) finish(d *rules.Deal) (rules.Score, error) {
	solved := p.cfg.Play == handvalue.Solved
	for !d.Over() && (!solved || d.Phase() < rules.PhasePlay) {
		a, err := p.choose(d)
		if err != nil {
			return rules.Score{}, err
		}
		if err := d.Apply(a); err != nil {
			return rules.Score{}, err
		}
	}
	if !solved {
		return d.Score(), nil
	}
	sc := rules.Score{Players: 2}
	if d.Over() {
		return sc, nil
	}
	s := eval.SolvedScore(p.solver, d)
	sc.Scored[0], sc.Scored[1] = s[0], s[1]
	return sc, nil
}

// MinSamples is the fewest samples a position's own model is fitted
// on; a position with fewer gets the model of every position's samples
// together.
const MinSamples = 1000

// Fit is one fitted model.
type Fit struct {
	W      handvalue.Vector
	N      int     // samples
	R2     float64 // share of the margin's variance explained
	Pooled bool    // fitted on every position's samples
}

// Fit fits every decision and position of data at a table of players.
func (data *Data) Fit(players int) [handvalue.NDecision][4]Fit {
	var fits [handvalue.NDecision][4]Fit
	for d := range handvalue.NDecision {
		var all []Sample
		for pos := range players {
			all = append(all, data[d][pos]...)
		}
		for pos := range players {
			s, pooled := data[d][pos], false
			if len(s) < MinSamples {
				s, pooled = all, true
			}
			w, r2 := LeastSquares(s)
			fits[d][pos] = Fit{W: w, N: len(s), R2: r2, Pooled: pooled}
		}
	}
	return fits
}

// LeastSquares returns the least-squares weights of data with a slight
// ridge on every weight but the constant (which also pins a feature that
// never varies to 0), and the R² of the fit.
func LeastSquares(data []Sample) (handvalue.Vector, float64) {
	const n = handvalue.N
	var w handvalue.Vector
	if len(data) == 0 {
		return w, 0
	}
	var a [n][n + 1]float64
	for _, s := range data {
		for i := range n {
			for j := range n {
				a[i][j] += s.F[i] * s.F[j]
			}
			a[i][n] += s.F[i] * s.Y
		}
	}
	for i := 1; i < n; i++ {
		a[i][i]++
	}
	// Gauss-Jordan elimination with partial pivoting.
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		if a[c][c] == 0 {
			continue
		}
		for r := range n {
			if r == c {
				continue
			}
			k := a[r][c] / a[c][c]
			for j := c; j <= n; j++ {
				a[r][j] -= k * a[c][j]
			}
		}
	}
	for i := range n {
		if a[i][i] != 0 {
			w[i] = a[i][n] / a[i][i]
		}
	}
	mean := 0.0
	for _, s := range data {
		mean += s.Y
	}
	mean /= float64(len(data))
	var ssr, sst float64
	for _, s := range data {
		e := s.Y - s.F.Dot(&w)
		ssr += e * e
		sst += (s.Y - mean) * (s.Y - mean)
	}
	r2 := 0.0
	if sst > 0 {
		r2 = 1 - ssr/sst
	}
	return w, r2
}

// WriteGo writes fits as the entry for players of handvalue's weight
// table, decisions with no sample left out.
func WriteGo(w io.Writer, players int, fits *[handvalue.NDecision][4]Fit) error {
	b := fmt.Appendf(nil, "\t%d: {\n", players)
	for d := range handvalue.NDecision {
		if fits[d][0].N == 0 {
			continue
		}
		b = fmt.Appendf(b, "\t\t%s: {\n", d)
		for pos := range players {
			f := &fits[d][pos]
			b = append(b, "\t\t\t{"...)
			for i, x := range f.W {
				if i > 0 {
					b = append(b, ", "...)
				}
				b = fmt.Appendf(b, "%.3g", x+0) // +0: no "-0"
			}
			b = fmt.Appendf(b, "}, // n=%d R²=%.2f", f.N, f.R2)
			if f.Pooled {
				b = append(b, " (every position)"...)
			}
			b = append(b, '\n')
		}
		b = append(b, "\t\t},\n"...)
	}
	b = append(b, "\t},\n"...)
	_, err := w.Write(b)
	return err
}
