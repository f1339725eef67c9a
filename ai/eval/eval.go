package eval

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/klob/klob/ai/sampler"
	"github.com/klob/klob/ai/solver"
	"github.com/klob/klob/rules"
)

// Options tunes an evaluation.
type Options struct {
	// Samples is the number of sampled deals; every option is scored on
	// each of them. Zero means DefaultSamples.
	Samples int
	// Seed fixes the samples: the same View, Samples and Seed give the
	// same result, whatever the number of workers.
	Seed uint64
	// Workers caps the goroutines used; zero means GOMAXPROCS.
	Workers int
	// Uniform weighs every sample alike, without the opponent model
	// (opponent.go): the plain average over consistent deals.
	Uniform bool
	// Method is how a deal is valued after a decision before the card
	// play (see Method); the zero value is the one the hard bot, the
	// trainer and the analysis use.
	Method Method
	// Model, when set, is the opponent's card play as the evaluation
	// expects it: a sampled deal in which the opponent's earlier cards
	// were not Model's choice weighs offModel as much (opponent.go).
	Model Policy
}

// DefaultSamples is the sample count when Options.Samples is zero, and
// MaxSamples the most Evaluate takes.
const (
	DefaultSamples = 500
	MaxSamples     = 100000
)

// Result is the evaluation of one legal action.
type Result struct {
	Action rules.Action
	// Mean is the expected score difference for this deal, own score
	// minus the opponent's (what each adds to its game total), and
	// StdErr its standard error over the samples.
	Mean, StdErr float64
	// Bete is the chance that this seat ends as maker and bete.
	Bete float64
	// Win is the chance of winning the game, from the totals after this
	// deal (see Evaluator.WinChanceUnder for the model).
	Win float64
	// Points is, in the card play, the solver's value of the card: the
	// final card-point difference (tricks and last-trick bonus, own minus
	// opponent's, points won so far included) averaged over the samples.
	// Zero before the card play.
	Points float64
	// Makes and Defends are the chances that this seat, or the opponent,
	// ends as maker (the rest: the deal is thrown in). The bias
	// correction (Method) is a function of them.
	Makes, Defends float64
	// Gap is the Best action's Mean minus this one's, measured sample by
	// sample (the weighted mean of the per-sample differences), and
	// GapErr its standard error: the actions share the samples, so the
	// error of their difference is usually far smaller than either
	// StdErr. WinGap and WinGapErr are the same for Win. The Best
	// action's are 0; the errors are 0 with fewer than two samples.
	Gap, GapErr       float64
	WinGap, WinGapErr float64
}

// Evaluation is the result of Evaluate.
type Evaluation struct {
	// Results holds one entry per legal action, in View.Legal order.
	Results []Result
	// Samples is the number of samples scored (fewer than asked when the
	// context ended first).
	Samples int
	// Weight is the total weight of those samples under the opponent
	// model (equal to Samples with Options.Uniform). Pooling several
	// evaluations of one decision should weigh each by its Weight.
	Weight float64
	// Best is the index in Results of the action the hard bot chooses:
	// see Best.
	Best int
	// ByWin reports whether Best was chosen by the chance of winning the
	// game rather than by the score difference (near the end of a game).
	ByWin bool
	// Paired reports that the Results' GapErr and WinGapErr were
	// measured (two samples or more).
	Paired bool
}

// ErrNotYourTurn is returned for a View whose seat is not to act.
var ErrNotYourTurn = errors.New("eval: the view's seat is not to act")

// Evaluator holds the solvers (one per worker) and buffers reused from
// one evaluation to the next. It is safe for concurrent use: calls are
// serialised.
type Evaluator struct {
	mu      sync.Mutex
	solvers []*solver.Solver      // two players, one a worker
	tables  []*solver.TableSolver // three and four players, one a worker
	wins    *WinTables
}

// New returns an Evaluator. It keeps what it builds (the win tables, the
// solvers' tables) for the evaluations after: keep one for many.
func New() *Evaluator { return NewWith(nil) }

// NewWith returns an Evaluator that reads its win tables from wins, and
// builds there those it lacks, shared with every evaluator given wins;
// nil gives it its own, as New does.
func NewWith(wins *WinTables) *Evaluator {
	if wins == nil {
		wins = &WinTables{}
	}
	return &Evaluator{wins: wins}
}

// workerCount returns the number of goroutines for opt.
func workerCount(opt Options) int {
	w := runtime.GOMAXPROCS(0)
	if opt.Workers > 0 {
		w = min(w, opt.Workers)
	}
	return max(w, 1)
}

// sampleResult is one option's score on one sample.
type sampleResult struct {
	diff   float64 // own minus opponent's score for the deal
	win    float64
	points float64
	bete   bool
	// makes and defends: this seat, or the opponent, is the maker.
	makes, defends bool
	// own and other are the game totals after the deal (before the
	// card play, less the correction), which win was read from.
	own, other int
}

// Evaluate scores every legal action of v, a decision at a table of
// two, three or four, on sampled deals. With two players the evaluation
// is the tuned one described at evaluateTwo; at three and four it is
// evaluateTable's (table.go). The same v, Samples and Seed give the same
// Evaluation whatever the number of workers; when ctx ends, Evaluate
// returns what the samples finished so far show, with Samples telling
// how many. It returns ErrNotYourTurn when v's seat is not to act.
func (e *Evaluator) Evaluate(ctx context.Context, v *rules.View, opt Options) (Evaluation, error) {
	if v.Players != 2 {
		return e.evaluateTable(ctx, v, opt)
	}
	return e.evaluateTwo(ctx, *v, opt)
}

// evaluateTwo draws Samples deals consistent with v (package sampler) and
// scores every legal action on each: before the card play, the action is
// taken, both players' later decisions up to the first lead follow the
// fixed policy (policy.go), the card play is solved exactly and the deal
// is scored by the rules; in the card play, each card is valued by the
// solver and the deal scored the same way. Every action sees the same
// samples. When ctx ends, Evaluate returns what the samples finished so
// far show, with Samples telling how many (zero values when none
// finished); that is not an error. A sample whose draws found no deal
// that fits v is left out, as at tables (ErrNoWorld when none was).
func (e *Evaluator) evaluateTwo(ctx context.Context, v rules.View, opt Options) (Evaluation, error) {
	legal := v.Legal()
	if len(legal) == 0 {
		return Evaluation{}, ErrNotYourTurn
	}
	if ctx.Err() != nil {
		return summarise(&v, legal, nil, nil, nil), nil
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	n := opt.Samples
	if n <= 0 {
		n = DefaultSamples
	}
	n = min(n, MaxSamples)
	workers := min(workerCount(opt), n)
	for len(e.solvers) < workers {
		e.solvers = append(e.solvers, solver.New())
	}
	k := len(legal)
	res := make([]sampleResult, n*k)
	done := make([]bool, n)
	weights := make([]float64, n)
	smp := sampler.New(&v)
	// Before the card play the opponent has played no card: nothing to
	// read, so the model is asked only in it.
	var memo *modelMemo
	if opt.Model != nil && v.Phase == rules.PhasePlay {
		memo = newModelMemo()
	}
	jb := e.newJob(&v, legal)
	jb.method = opt.Method

	err := forSamples(ctx, n, workers, func(w, i int) error {
		r := rand.New(rand.NewPCG(opt.Seed, uint64(i)))
		d, ok := smp.World(r)
		if !ok {
			return ErrNoWorld
		}
		weights[i] = 1
		if !opt.Uniform {
			weights[i] = weight(&v, &d, r)
			if memo != nil {
				weights[i] *= playWeight(&v, &d, opt.Model, memo)
			}
		}
		jb.score(e.solvers[w], &d, res[i*k:(i+1)*k])
		done[i] = true
		return nil
	})
	if err != nil {
		return Evaluation{}, err
	}
	ev := summarise(&v, legal, res, done, weights)
	if ev.Samples == 0 && ctx.Err() == nil {
		return Evaluation{}, ErrNoWorld
	}
	return ev, nil
}

// forSamples scores samples 0 to n-1 with score(w, i), w the worker
// (0 to workers-1) doing it, until all are done, ctx ends or a score
// fails: it returns the first error but ErrNoWorld, which leaves that
// sample out (its draws found no world). With one worker it runs on the
// caller's goroutine, so that its CPU time is the caller's.
func forSamples(ctx context.Context, n, workers int, score func(w, i int) error) error {
	var next atomic.Int64
	var failed atomic.Value
	work := func(w int) {
		for ctx.Err() == nil {
			i := int(next.Add(1) - 1)
			if i >= n {
				return
			}
			if err := score(w, i); err != nil && !errors.Is(err, ErrNoWorld) {
				failed.Store(err)
				return
			}
		}
	}
	if workers == 1 {
		work(0)
	} else {
		var wg sync.WaitGroup
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				work(w)
			}()
		}
		wg.Wait()
	}
	if err, ok := failed.Load().(error); ok {
		return err
	}
	return nil
}

// summarise aggregates the finished samples in sample order, so the
// result does not depend on which worker scored which sample. Samples
// count by their weight; the standard error is that of a weighted mean
// (the deviations weighted by w², over the square of the total weight).
func summarise(v *rules.View, legal []rules.Action, res []sampleResult, done []bool, weights []float64) Evaluation {
	ev := aggregate(legal, res, done, weights)
	ev.ByWin = UseWin(v)
	ev.Best = Best(ev.Results, ev.ByWin)
	pairGaps(&ev, res, done, weights)
	return ev
}

// pairGaps sets every result's Gap, GapErr, WinGap and WinGapErr from
// the per-sample differences between ev.Best's values and its own, in
// sample order, with the weighted standard error of StdErr.
func pairGaps(ev *Evaluation, res []sampleResult, done []bool, weights []float64) {
	k := len(ev.Results)
	if ev.Weight <= 0 || k == 0 {
		return
	}
	b := ev.Best
	n := float64(ev.Samples)
	for j := range ev.Results {
		if j == b {
			continue
		}
		r := &ev.Results[j]
		var gap, win float64
		for i, ok := range done {
			if ok {
				w := weights[i]
				gap += w * (res[i*k+b].diff - res[i*k+j].diff)
				win += w * (res[i*k+b].win - res[i*k+j].win)
			}
		}
		r.Gap, r.WinGap = gap/ev.Weight, win/ev.Weight
		if ev.Samples < 2 {
			continue
		}
		var dev, wdev float64
		for i, ok := range done {
			if ok {
				w := weights[i]
				x := res[i*k+b].diff - res[i*k+j].diff - r.Gap
				y := res[i*k+b].win - res[i*k+j].win - r.WinGap
				dev += w * w * x * x
				wdev += w * w * y * y
			}
		}
		r.GapErr = math.Sqrt(dev*n/(n-1)) / ev.Weight
		r.WinGapErr = math.Sqrt(wdev*n/(n-1)) / ev.Weight
	}
	ev.Paired = ev.Samples >= 2
}

// aggregate sums the finished samples' results in sample order.
func aggregate(legal []rules.Action, res []sampleResult, done []bool, weights []float64) Evaluation {
	k := len(legal)
	ev := Evaluation{Results: make([]Result, k)}
	for j, a := range legal {
		ev.Results[j].Action = a
	}
	total := 0.0
	sum, win, pts, bete := make([]float64, k), make([]float64, k), make([]float64, k), make([]float64, k)
	makes, defends := make([]float64, k), make([]float64, k)
	for i, ok := range done {
		if !ok {
			continue
		}
		ev.Samples++
		w := weights[i]
		total += w
		for j := 0; j < k; j++ {
			r := res[i*k+j]
			sum[j] += w * r.diff
			win[j] += w * r.win
			pts[j] += w * r.points
			if r.bete {
				bete[j] += w
			}
			if r.makes {
				makes[j] += w
			}
			if r.defends {
				defends[j] += w
			}
		}
	}
	ev.Weight = total
	if total > 0 {
		for j := range ev.Results {
			r := &ev.Results[j]
			r.Mean = sum[j] / total
			r.Win, r.Points, r.Bete = win[j]/total, pts[j]/total, bete[j]/total
			r.Makes, r.Defends = makes[j]/total, defends[j]/total
			dev := 0.0
			for i, ok := range done {
				if ok {
					x := res[i*k+j].diff - r.Mean
					dev += weights[i] * weights[i] * x * x
				}
			}
			if ev.Samples > 1 {
				n := float64(ev.Samples)
				r.StdErr = math.Sqrt(dev*n/(n-1)) / total
			}
		}
	}
	return ev
}

// EndgameMargin: within this many points of the target (either player),
// the hard bot chooses by the chance of winning the game.
const EndgameMargin = 200

// UseWin reports whether decisions at v are made by the chance of
// winning the game instead of the expected score difference: when any
// side is within EndgameMargin points of the target, where the score
// changes what is right (a player near the target wins by defending).
// Earlier, the win chance moves almost in proportion to the score
// difference, and the difference is the less noisy measure.
func UseWin(v *rules.View) bool {
	t := v.Options.Target
	for _, x := range v.Totals[:sidesOf(v.Players)] {
		if x >= t-EndgameMargin {
			return true
		}
	}
	return false
}

// winEpsilon: win chances closer than this count as equal, and the
// score difference decides (when the game is all but won or lost, the
// chances differ by noise while the points still count).
const winEpsilon = 0.005

// Best returns the index of the best result. Without byWin it is the
// highest Mean. With byWin it is the highest Mean among the results whose
// Win is within winEpsilon of the highest Win. Ties go to the first in
// order.
func Best(rs []Result, byWin bool) int {
	top := math.Inf(-1)
	for _, r := range rs {
		top = max(top, r.Win)
	}
	best := -1
	for j, r := range rs {
		if byWin && r.Win < top-winEpsilon {
			continue
		}
		if best < 0 || r.Mean > rs[best].Mean {
			best = j
		}
	}
	return max(best, 0)
}

// job is what every sample of one evaluation shares.
type job struct {
	v      *rules.View
	legal  []rules.Action
	seat   rules.Seat
	target int
	// The totals before the deal, and whether this seat deals next.
	totals    [2]int
	dealsNext bool
	play      bool      // the decision is in the card play
	wins      *winTable // nil for a target of 0 or less
	method    Method
}

func (e *Evaluator) newJob(v *rules.View, legal []rules.Action) *job {
	j := &job{v: v, legal: legal, seat: v.Seat, target: v.Options.Target, totals: [2]int{v.Totals[0], v.Totals[1]},
		dealsNext: rules.NextDealer(v.Dealer, v.Players) == v.Seat, play: v.Phase == rules.PhasePlay}
	if j.target > 0 {
		j.wins = e.wins.get(v.Options)
	}
	return j
}

// record fills one sample result from a deal outcome.
func (j *job) record(o outcome, maker rules.Seat, r *sampleResult) {
	me, opp := j.seat, j.seat.Other()
	r.diff = float64(o.scored[me] - o.scored[opp])
	r.bete = o.outcome == rules.Bete && maker == me
	r.makes, r.defends = maker == me, maker == opp
	own, other := j.totals[me]+o.scored[me], j.totals[opp]+o.scored[opp]
	if !j.play {
		// The correction is a shift of the deal's score difference;
		// the game totals move by it too, own points first.
		c := j.method.correction(j.v.Phase, r.makes, r.defends)
		r.diff -= c
		own -= int(math.Round(c))
	}
	r.own, r.other = own, other
	r.win = j.winAt(own, other)
}

// winAt is the chance of winning the game from these totals after the
// deal.
func (j *job) winAt(own, other int) float64 {
	next := 1
	if j.dealsNext {
		next = 0
	}
	if j.wins != nil {
		return j.wins.chance([4]int{own, other}, 0, next, j.target)
	}
	p, _ := settledChance(2, j.target, [4]int{own, other}, 0)
	return p
}

// score scores every legal action on the sampled deal d.
func (j *job) score(s *solver.Solver, d *rules.Deal, out []sampleResult) {
	if j.play {
		j.scorePlay(s, d, out)
		return
	}
	// Several actions often reach the same card play (take, and a
	// refused schmeiss): solve each distinct one once.
	type solved struct {
		trump rules.Suit
		hands [2]rules.CardSet
		cards [2]int
	}
	var cache [4]solved
	nc := 0
	for i, a := range j.legal {
		dd := *d
		dd.ApplyUnchecked(a)
		rollout(&dd)
		if dd.Over() { // abandoned: nobody scores
			j.record(outcome{outcome: rules.Abandoned}, rules.NoSeat, &out[i])
			continue
		}
		p := dd.Play().Duel()
		var cards [2]int
		found := false
		for c := 0; c < nc; c++ {
			if cache[c].trump == p.Trump && cache[c].hands == p.Hands {
				cards, found = cache[c].cards, true
				break
			}
		}
		if !found {
			a, b := s.Future(&p, rules.SeatA)
			cards = [2]int{a, b}
			if nc < len(cache) {
				cache[nc] = solved{p.Trump, p.Hands, cards}
				nc++
			}
		}
		f := readFacts(&dd, [4]rules.CardSet{}, [4]int{})
		j.record(f.final(cards), dd.Maker(), &out[i])
	}
}

// scorePlay values each legal card of the card play on d.
func (j *job) scorePlay(s *solver.Solver, d *rules.Deal, out []sampleResult) {
	p := d.Play().Duel()
	me := j.seat
	var buf [9]solver.CardValue
	vals := s.CardValues(&p, buf[:0])
	// The points still to win, to turn a difference into each side's
	// points.
	rest := p.Hands[0] | p.Hands[1]
	if p.Lead != rules.NoCard {
		rest = rest.With(p.Lead)
	}
	total := int(p.Points[0]) + int(p.Points[1]) + rules.SetPoints(rest, p.Trump) + int(p.LastBonus)
	f := readFacts(d, j.v.Played, j.v.Tricks)
	for i, a := range j.legal {
		diff := 0
		for _, cv := range vals {
			if cv.Card == a.Card {
				diff = cv.Value
			}
		}
		var cards [2]int
		cards[me] = (total + diff) / 2
		cards[me.Other()] = total - cards[me]
		ff := f
		if pts := a.Announced(); pts > 0 {
			ff.announcedBy, ff.announcedPts, ff.openBy = me, pts, rules.NoSeat
		} else if ff.openBy == me && rules.Announceable(d.Hand(me).Without(a.Card), j.v.Played[me].With(a.Card), p.Trump, f.opts) == 0 {
			// The last card that could carry the word, played without
			// it: the announcement is lost.
			ff.openBy = rules.NoSeat
		}
		out[i].points = float64(diff)
		j.record(ff.final(cards), d.Maker(), &out[i])
	}
}

// Sample budgets of the hard bot per decision, by phase, chosen so that
// a decision takes about the same time (BenchmarkHardDecisions in package
// ai) and a bid is quick enough that a game never waits on the bot. In the card play a sample gets
// cheaper with every trick, so later tricks afford more samples. The
// timings behind them are in docs/experiments/2026-12-01-hard-bot-bids.md.
const (
	Bid1Samples = 160 // round one and the schmeiss answer
	Bid2Samples = 90
	PrepSamples = 150 // dix exchange and sequence dialogue
	PlaySamples = 100 // at the first trick; see playSamples
)

// playSamples is the card-play budget by the cards in hand.
var playSamples = [10]int{9: PlaySamples, 8: 400, 7: 600, 6: 800, 5: 800, 4: 800, 3: 800, 2: 800, 1: 800}

// SamplesFor returns the samples the hard bot uses at v, capped by
// budget when budget is positive.
func SamplesFor(v *rules.View, budget int) int {
	var n int
	switch v.Phase {
	case rules.PhaseBid1, rules.PhaseSchmeiss:
		n = Bid1Samples
	case rules.PhaseBid2:
		n = Bid2Samples
	case rules.PhaseDix, rules.PhaseSequences:
		n = PrepSamples
	default:
		n = playSamples[min(v.Hand.Count(), 9)]
	}
	if budget > 0 {
		n = min(n, budget)
	}
	return n
}

// BotOptions returns the options the hard bot with seed evaluates v
// with: SamplesFor(v, budget) samples, SeedFor(seed, v), at most workers
// goroutines (0: GOMAXPROCS) and method.
func BotOptions(seed uint64, v *rules.View, budget, workers int, method Method) Options {
	return Options{Samples: SamplesFor(v, budget), Seed: SeedFor(seed, v), Workers: workers, Method: method}
}

// SeedFor returns the evaluation seed the hard bot with seed uses at v:
// a hash of the seed and of everything the View shows, so the bot's
// choice is a function of its seed and the View alone.
func SeedFor(seed uint64, v *rules.View) uint64 {
	h := fnv.New64a()
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], seed)
	h.Write(b[:])
	fmt.Fprintf(h, "%s|%v|%v|%s|%d", v.String(), v.Totals, v.Options, v.Played, v.Seat)
	return h.Sum64()
}
