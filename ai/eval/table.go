package eval

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/klob/klob/ai/sampler"
	"github.com/klob/klob/ai/solver"
	"github.com/klob/klob/ai/tablerule"
	"github.com/klob/klob/rules"
)

// DefaultTableSamples is the sample count of evaluateTable when
// Options.Samples is zero.
const DefaultTableSamples = 200

// tableNodeLimit cuts each solve of a world's card play: a world whose
// solve is cut is played out by the normal table bot's rule instead.
// It lies far above what whole four-handed deals from the first lead
// take (solver.BenchmarkTableSolveFour), so it cuts only the rarest.
const tableNodeLimit = 4000000

// ErrNoWorld is returned when no deal consistent with a view was
// found (which a view of a real deal does not cause).
var ErrNoWorld = fmt.Errorf("eval: %w", sampler.ErrNoSample)

// evaluateTable evaluates every legal action of v, a decision at a table
// of two, three or four players, on Samples deals drawn consistent with
// v (sampler.Sampler.World). On each deal every action is applied
// in turn and the deal is finished: the decisions before the card play
// by the normal table bot's rule (package tablerule), each seat seeing
// only its own view, and the card play either solved (package solver:
// every seat plays the card best for its side with all cards known;
// when the decision is a card, from the first trick on) or, after a
// decision before the card play, played out by the same rule. A shlomo
// draw is drawn at random, alike for every action of a sample. The
// finished deal is scored by the rules (rules.Score.Scored) and the
// action gets the score difference of the deciding seat's side (see the
// package doc for three and four players), whether that side made the
// contract or went bete.
//
// The same v, Samples and Seed give the same Evaluation whatever the
// number of workers. When ctx ends, Evaluate returns what the
// samples finished show; Samples says how many. A sample whose draws
// found no deal that fits v (rare: after shlomo and cleopatra in one
// deal) is left out, and Samples counts only those scored;
// ErrNoWorld is returned when none was. Result.Win is the side's chance
// to win the game from the totals the finished deal leaves
// (Evaluator.WinChanceUnder the game's rules); near the end of a game
// (UseWin) Best chooses by it, as with two players. Options.Uniform and Model do
// not apply: every sample weighs alike and the card play is valued as
// above. Method Corrected takes the phase's tableBias off every margin
// before the card play, and off the side's total the win chance reads;
// Solved leaves it.
func (e *Evaluator) evaluateTable(ctx context.Context, v *rules.View, opt Options) (Evaluation, error) {
	legal := v.Legal()
	if v.Turn != v.Seat || len(legal) == 0 {
		return Evaluation{}, ErrNotYourTurn
	}
	n := opt.Samples
	if n <= 0 {
		n = DefaultTableSamples
	}
	n = min(n, MaxSamples)
	k := len(legal)
	res := make([]sampleResult, n*k)
	done := make([]bool, n)
	weights := make([]float64, n)
	if ctx.Err() != nil {
		return summarise(v, legal, res, done, weights), nil
	}
	workers := min(workerCount(opt), n)
	tj := &tableJob{v: v, legal: legal, smp: sampler.New(v), seed: opt.Seed,
		bias: opt.Method.tableCorrection(v.Players, v.Phase)}
	tj.solve = v.Phase == rules.PhasePlay
	if v.Options.Target > 0 {
		tj.wins = e.wins.get(v.Options)
	}

	e.mu.Lock()
	defer e.mu.Unlock()
	if tj.solve {
		for len(e.tables) < workers {
			e.tables = append(e.tables, solver.NewTable())
		}
		for _, ts := range e.tables[:workers] {
			// Cold, as a new solver: an evaluation's values must not
			// depend on what the ones before it left in the table.
			ts.Reset()
			ts.SetLimit(tableNodeLimit)
		}
	}
	err := forSamples(ctx, n, workers, func(w, i int) error {
		var ts *solver.TableSolver
		if tj.solve {
			ts = e.tables[w]
		}
		if err := tj.score(ts, i, res[i*k:(i+1)*k]); err != nil {
			return err
		}
		weights[i] = 1
		done[i] = true
		return nil
	})
	if err != nil {
		return Evaluation{}, err
	}
	ev := summarise(v, legal, res, done, weights)
	if ev.Samples == 0 && ctx.Err() == nil {
		return Evaluation{}, ErrNoWorld
	}
	return ev, nil
}

// tableJob is what every sample of one table evaluation shares.
type tableJob struct {
	v     *rules.View
	legal []rules.Action
	smp   *sampler.Sampler
	seed  uint64
	solve bool      // value the card play with the solver
	bias  float64   // taken off every margin (Method.tableCorrection)
	wins  *winTable // nil for a target of 0 or less
}

// Streams of a sample's generators: the world drawn, and the chance
// steps after the action (the same for every action of the sample).
const chanceStream = 0x63686e63 << 32

// score draws sample i's world and scores every legal action on it.
func (j *tableJob) score(ts *solver.TableSolver, i int, out []sampleResult) error {
	r := rand.New(rand.NewPCG(j.seed, uint64(i)))
	world, ok := j.smp.World(r)
	if !ok {
		return ErrNoWorld
	}
	finished := make([]rules.Deal, len(j.legal))
	solved := j.solve
	if solved {
		// A cold table for each sample: which line of best play the
		// solver finds (and whether a solve reaches the node limit) must
		// not depend on which samples a worker solved before.
		ts.Reset()
	}
	for a, act := range j.legal {
		t := world
		if err := t.ApplyAs(j.v.Seat, act); err != nil {
			return fmt.Errorf("eval: %s on a sampled deal: %w", act, err)
		}
		if solved && !finishSolved(ts, &t, j.v.Seat) {
			solved = false // cut: play every action of this world out alike
		}
		finished[a] = t
	}
	for a, act := range j.legal {
		t := &finished[a]
		if !solved {
			*t = world
			_ = t.ApplyAs(j.v.Seat, act)
			FinishByRule(t, rand.New(rand.NewPCG(j.seed, chanceStream|uint64(i))))
		}
		j.record(t, &out[a])
	}
	return nil
}

// FinishByRule plays t to its end with the normal table bot's rule for
// every seat, each seeing its own view; chance steps are drawn with r
// (none come up in the card play, where r may be nil).
func FinishByRule(t *rules.Deal, r *rand.Rand) {
	buf := make([]rules.Action, 0, 16)
	for !t.Over() {
		s := t.Turn()
		if s == rules.ChanceSeat {
			l := t.AppendLegal(buf[:0])
			t.ApplyUnchecked(l[r.IntN(len(l))])
			continue
		}
		v := t.View(s)
		l := v.AppendLegal(buf[:0])
		t.ApplyUnchecked(tablerule.Choose(&v, l))
	}
}

// finishSolved plays t's card play to its end with every card known:
// the side of seat (its team with four players, itself alone with three,
// the others playing against it as one, as the hard bot searches) plays
// the cards that win it the most card points from there on, the other
// seats those that leave it the fewest: a line of best play
// (solver.TableSolver.Line). Bella and the menage are announced when
// they may be. Every solve is for the same side, so the solver's table
// stays valid from one action of a sample to the next. It returns false
// when the solve was cut at the node limit, or the deal left the card
// play.
func finishSolved(ts *solver.TableSolver, t *rules.Deal, seat rules.Seat) bool {
	if t.Over() {
		return true
	}
	if t.Phase() != rules.PhasePlay {
		return false
	}
	p := t.Play()
	var lbuf [32]rules.Card
	line, _, ok := ts.Line(&p, solver.SideOf(&p, seat), lbuf[:0])
	if !ok {
		return false
	}
	buf := make([]rules.Action, 0, 16)
	for _, c := range line {
		if t.Phase() != rules.PhasePlay {
			return false
		}
		t.ApplyUnchecked(tablerule.WithAnnounce(t.AppendLegal(buf[:0]), c))
	}
	return t.Over()
}

// record fills one sample result from a finished deal.
func (j *tableJob) record(t *rules.Deal, r *sampleResult) {
	sc := t.Score()
	side := t.SideOf(j.v.Seat)
	r.diff = sideMargin(sc.Scored, side, sc.Sides()) - j.bias
	var cards [4]int
	for s := range sc.Players {
		cards[t.SideOf(rules.Seat(s))] += sc.Cards[s] + sc.LastTrick[s]
	}
	r.points = sideMargin(cards, side, sc.Sides())
	// The chance to win the game from the totals the deal leaves, the
	// next deal dealt from the dealer's left.
	totals := j.v.Totals
	for s := range sc.Sides() {
		totals[s] += sc.Scored[s]
	}
	// The correction is a shift of the margin: the side's total moves
	// by it too, as with two players.
	totals[side] -= int(math.Round(j.bias))
	next := t.SideOf(rules.NextDealer(j.v.Dealer, j.v.Players))
	if j.wins != nil {
		r.win = j.wins.chance(totals, side, next, j.v.Options.Target)
	} else {
		r.win, _ = settledChance(j.v.Players, j.v.Options.Target, totals, side)
	}
	if t.Maker() != rules.NoSeat {
		mine := t.SideOf(t.Maker()) == side
		r.makes, r.defends = mine, !mine
		r.bete = mine && sc.Outcome == rules.Bete
	}
}

// sideMargin is side's amount minus the mean of the other sides'.
func sideMargin(x [4]int, side, sides int) float64 {
	others := 0
	for s := range sides {
		if s != side {
			others += x[s]
		}
	}
	return float64(x[side]) - float64(others)/float64(sides-1)
}
