package drill

import (
	"context"
	"fmt"
	"math"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/platform/seedmix"
	"github.com/klob/klob/rules"
)

// Options tune an evaluation of a drill.
type Options struct {
	// Samples is the number of sampled deals; every option is scored on
	// each one. Zero means DefaultSamples.
	Samples int
	// Seed fixes the samples: the same View, Samples and Seed give the
	// same Analysis whatever the number of workers.
	Seed uint64
	// Workers caps the goroutines; zero means every core.
	Workers int
}

// DefaultSamples is the sample count the trainer asks for: enough for
// the verdicts on clear decisions to be stable, and graded within about
// a second on two cores (BenchmarkGrade).
const DefaultSamples = 500

// Batches is the number of pieces an evaluation is cut into. Each piece
// is one eval.Evaluator.Evaluate call on its own seed; the pieces give the trainer
// a progress count and a point to stop at, and the spread of the
// per-piece differences between two options measures whether they
// differ by more than the sampling error (the samples are shared
// between options, so their difference is much less noisy than either
// mean: "batch means").
const Batches = 20

// Plan is how one evaluation is cut into batches.
type Plan struct {
	Samples int // in all
	Seed    uint64
	Workers int
	Batches int
}

// NewPlan returns the plan of an evaluation with options o.
func NewPlan(o Options) Plan {
	n := o.Samples
	if n <= 0 {
		n = DefaultSamples
	}
	n = min(n, eval.MaxSamples)
	return Plan{Samples: n, Seed: o.Seed, Workers: o.Workers, Batches: min(Batches, n)}
}

// Batch returns the eval options of batch k (0 <= k < p.Batches): its
// share of the samples and its own seed.
func (p Plan) Batch(k int) eval.Options {
	n := p.Samples / p.Batches
	if k < p.Samples%p.Batches {
		n++
	}
	return eval.Options{Samples: n, Seed: seedmix.Mix(p.Seed, uint64(k)+1), Workers: p.Workers}
}

// Tally gathers the batches of one evaluation as they finish, in any
// order, and summarises what has arrived.
type Tally struct {
	view    rules.View
	plan    Plan
	legal   []rules.Action
	batches []eval.Evaluation
	got     []bool
}

// NewTally starts the tally of an evaluation of v with plan p. It fails
// when v's seat has no decision to make.
func NewTally(v *rules.View, p Plan) (*Tally, error) {
	legal := v.Legal()
	if len(legal) == 0 || v.Turn != v.Seat {
		return nil, eval.ErrNotYourTurn
	}
	if p.Batches <= 0 {
		return nil, fmt.Errorf("drill: a plan of %d batches", p.Batches)
	}
	return &Tally{view: *v, plan: p, legal: legal, batches: make([]eval.Evaluation, p.Batches), got: make([]bool, p.Batches)}, nil
}

// Plan returns the tally's plan.
func (t *Tally) Plan() Plan { return t.plan }

// View returns the View evaluated.
func (t *Tally) View() rules.View { return t.view }

// Add records batch k. A batch whose actions are not the View's legal
// actions in order is refused.
func (t *Tally) Add(k int, ev eval.Evaluation) error {
	if k < 0 || k >= len(t.got) {
		return fmt.Errorf("drill: batch %d of %d", k, len(t.got))
	}
	if len(ev.Results) != len(t.legal) {
		return fmt.Errorf("drill: batch %d has %d results for %d options", k, len(ev.Results), len(t.legal))
	}
	for i, r := range ev.Results {
		if r.Action != t.legal[i] {
			return fmt.Errorf("drill: batch %d result %d is %s, want %s", k, i, r.Action, t.legal[i])
		}
	}
	t.batches[k], t.got[k] = ev, true
	return nil
}

// Next returns the first batch not yet recorded, or -1 when all are.
func (t *Tally) Next() int {
	for k, ok := range t.got {
		if !ok {
			return k
		}
	}
	return -1
}

// Done reports whether every batch is in.
func (t *Tally) Done() bool { return t.Next() < 0 }

// Samples returns the samples scored so far.
func (t *Tally) Samples() int {
	n := 0
	for k, ok := range t.got {
		if ok {
			n += t.batches[k].Samples
		}
	}
	return n
}

// Row is the evaluation of one option.
type Row struct {
	// Action, Mean (expected score difference for the deal: the
	// player's side's minus the mean of the others') and StdErr, Bete
	// (chance of ending as maker and bete) and Win (chance of winning
	// the game from the score after the deal), as eval defines them.
	eval.Result
	// Gap is the best option's Mean minus this one's, and GapErr its
	// standard error (paired over the shared samples); WinGap and
	// WinGapErr the same for Win.
	Gap, GapErr       float64
	WinGap, WinGapErr float64
	// Verdict grades choosing this option.
	Verdict Verdict
	// Shown is how the screens write Mean and Win (MeanText, WinText).
	Shown Shown
}

// Analysis is the evaluation of every legal option of a decision.
type Analysis struct {
	Rows []Row // in View.Legal order
	// Best is the index of the option the hard bot chooses (eval.Best:
	// the highest Mean, or near the end of a game the highest Win).
	Best int
	// ByWin reports whether Best was chosen by Win.
	ByWin bool
	// Samples is the number of samples scored, Asked the number planned.
	Samples, Asked int
	// Players is the seat count of the decision, Target the score that
	// wins its game (0 where not known).
	Players, Target int
	// Paired reports that the rows' GapErr and WinGapErr were measured
	// (MinPairedBatches batches or more, or one batch that eval measured
	// them in: eval.Evaluation.Paired); without, they are 0 and no
	// gap is excused as within the error.
	Paired bool
}

// MinPairedBatches is the fewest batches whose spread measures the error
// of a difference between two options.
const MinPairedBatches = 5

// Analysis summarises the batches recorded so far (all of them once
// Done), and grades every option against the best: the one grading of
// the hint, the trainer and the game analysis. The means pool every
// sample; the error of a difference comes from the spread of the
// per-batch differences (paired: the options share the samples). With
// one batch it is eval's own, measured over that batch's samples
// (eval.Result.GapErr). With two to MinPairedBatches-1 batches it is not
// known: each option's error alone, taken as independent, overstates a
// difference's error many times over (an option that gives away points
// in every sample read "as good"). The gap is then graded on the scale
// alone.
func (t *Tally) Analysis() Analysis {
	k := len(t.legal)
	an := Analysis{Rows: make([]Row, k), Asked: t.plan.Samples, Players: t.view.Players, Target: t.view.Options.Target}
	se2 := make([]float64, k)
	var done []eval.Evaluation
	for b, ok := range t.got {
		if ok && t.batches[b].Samples > 0 {
			done = append(done, t.batches[b])
		}
	}
	// Batches are pooled by their weight: eval may weight each sample by
	// how likely the others' words were with its cards, so a batch
	// counts for its total weight, not its sample count. The pooled
	// error is that of a weighted mean of independent batch means.
	var total float64
	for _, ev := range done {
		total += batchWeight(ev)
		// eval says whether the options are ranked by the chance to win
		// the game (every batch of one View agrees).
		an.ByWin = an.ByWin || ev.ByWin
	}
	// The chances are pooled as weighted sums over the total weight, not
	// as sums of shares: the shares, each rounded, may add up to a hair
	// over or under one, and a chance must stay in [0, 1], a certain one
	// exactly 1.
	chances := make([][4]float64, k) // win, bete, makes, defends
	for _, ev := range done {
		w := batchWeight(ev)
		f := w / total
		an.Samples += ev.Samples
		for j, r := range ev.Results {
			x := &an.Rows[j].Result
			x.Mean += f * r.Mean
			se2[j] += f * f * r.StdErr * r.StdErr
			x.Points += f * r.Points
			for i, c := range [4]float64{r.Win, r.Bete, r.Makes, r.Defends} {
				chances[j][i] += w * c
			}
		}
	}
	if total > 0 {
		for j := range an.Rows {
			x := &an.Rows[j].Result
			c := chances[j]
			x.Win, x.Bete, x.Makes, x.Defends = c[0]/total, c[1]/total, c[2]/total, c[3]/total
		}
	}
	for j, a := range t.legal {
		an.Rows[j].Action = a
	}
	if an.Samples == 0 {
		return an
	}
	results := make([]eval.Result, k)
	for j := range an.Rows {
		r := &an.Rows[j].Result
		r.StdErr = math.Sqrt(se2[j])
		results[j] = *r
	}
	an.Best = eval.Best(results, an.ByWin)
	an.Paired = len(done) >= MinPairedBatches
	// One batch measures the error of each gap itself, sample by sample
	// (eval's GapErr, against its own Best, which is this one).
	single := len(done) == 1 && done[0].Paired && done[0].Best == an.Best
	an.Paired = an.Paired || single
	best := an.Rows[an.Best]
	top := math.Inf(-1)
	for _, r := range an.Rows {
		top = max(top, r.Win)
	}
	for j := range an.Rows {
		row := &an.Rows[j]
		row.Gap, row.WinGap = best.Mean-row.Mean, best.Win-row.Win
		if j == an.Best {
			row.Verdict = Verdict{Kind: Best, ByWin: an.ByWin, Chance: best.Win, BestChance: best.Win}
			continue
		}
		switch {
		case single:
			row.GapErr, row.WinGapErr = done[0].Results[j].GapErr, done[0].Results[j].WinGapErr
		case an.Paired:
			row.GapErr = batchErr(done, an.Best, j, func(r eval.Result) float64 { return r.Mean })
			row.WinGapErr = batchErr(done, an.Best, j, func(r eval.Result) float64 { return r.Win })
			if best.StdErr == 0 && row.StdErr > 0 {
				// A best that scores the same on every sample (a deal
				// thrown in) makes the gap's error this row's own, which
				// pools every sample: the batches' spread only estimates
				// it, and the table would show two errors for one figure.
				row.GapErr = row.StdErr
			}
		}
		// eval.Best ranked the row by the points when its chance to win
		// is as good as the top one.
		row.Verdict = grade(row, an.ByWin, an.ByWin && row.Win >= top-WinLevel)
		row.Verdict.Measured = an.Paired
	}
	an.showFigures()
	return an
}

// batchErr returns the standard error of the difference f(best) -
// f(other) from the spread of its per-batch values, weighted by each
// batch's weight.
func batchErr(done []eval.Evaluation, best, other int, f func(eval.Result) float64) float64 {
	var n, sd, sd2 float64
	for _, ev := range done {
		w := batchWeight(ev)
		d := f(ev.Results[best]) - f(ev.Results[other])
		n += w
		sd += w * d
		sd2 += w * d * d
	}
	mean := sd / n
	b := float64(len(done))
	// The weighted variance of the batch differences, with Bessel's
	// correction for b batches, over b for the error of their mean.
	variance := (sd2/n - mean*mean) * b / (b - 1)
	return math.Sqrt(max(variance, 0) / b)
}

// batchWeight is what one batch counts for when batches are pooled:
// its total sample weight, or its sample count when eval gave none.
func batchWeight(ev eval.Evaluation) float64 {
	if ev.Weight > 0 {
		return ev.Weight
	}
	return float64(ev.Samples)
}

// grade compares a row that is not the best with the best. Ranked by
// the points (not byWin) it is as good when the gap is within z errors,
// else graded by the gap on the scale. Near the end of a game (byWin)
// both measures count and the verdict is the worse of two: by the
// chance to win when that gap is beyond z errors, by the points when
// theirs is; as good when neither is wrong. So a choice clearly behind
// on both gets one grade whichever gap a sampling happens to measure
// more sharply, and the hint, the trainer and the analysis, which
// sample alike but not as much, agree on it. A tie goes to the chance
// to win, the measure that decides there. The points do not count
// against a choice that wins clearly more often than the best (beyond z
// errors): the best scores more, but is only chosen for it because
// eval.Best lets the points decide between chances within WinLevel.
// When they did decide, the row's chance within WinLevel of the top
// (level), a row as good on both measures and not ahead on the chance
// beyond the error is written by its gap in points, the measure that
// ranked it below the best, as the reason says.
func grade(row *Row, byWin, level bool) Verdict {
	kind := AsGood
	if row.Gap > z*row.GapErr && !(byWin && row.WinGap < -z*row.WinGapErr) {
		kind = GradeLoss(row.Gap, false)
	}
	onWin := false
	if byWin {
		win := AsGood
		if row.WinGap > z*row.WinGapErr {
			win = GradeLoss(row.WinGap, true)
		}
		kind, onWin = max(kind, win), win >= kind
		if kind == AsGood && level && row.WinGap >= -z*row.WinGapErr {
			onWin = false
		}
	}
	v := Verdict{Kind: kind, ByWin: onWin, Chance: row.Win, BestChance: row.Win + row.WinGap, Gap: row.Gap, Err: row.GapErr,
		EndGame: byWin, WinGap: row.WinGap, WinErr: row.WinGapErr, PointsGap: row.Gap, PointsErr: row.GapErr}
	if onWin {
		v.Gap, v.Err = row.WinGap, row.WinGapErr
	}
	if kind.Wrong() {
		v.Points, v.Win = max(0, row.Gap), max(0, row.WinGap)
	}
	return v
}

// FromEval turns one eval.Evaluation of v into an Analysis (a hint's,
// which carries an analysis as Analysis.Evaluation writes it). The
// evaluation measures the error of each gap over its samples
// (eval.Result.GapErr), so the gaps are graded by the rule of the
// trainer and the analysis (see Tally.Analysis).
func FromEval(v *rules.View, ev eval.Evaluation) (Analysis, error) {
	t, err := NewTally(v, Plan{Samples: max(ev.Samples, 1), Batches: 1})
	if err != nil {
		return Analysis{}, err
	}
	if err := t.Add(0, ev); err != nil {
		return Analysis{}, err
	}
	return t.Analysis(), nil
}

// Evaluation is an as one eval.Evaluation that FromEval reads back as
// an, its grades and figures unchanged (Asked becomes Samples): how an
// Analysis travels where an eval.Evaluation is expected (a hint). It is
// one batch of weight one whose gaps and errors are the rows', measured
// when an's were (Paired).
func (an *Analysis) Evaluation() eval.Evaluation {
	ev := eval.Evaluation{Results: make([]eval.Result, len(an.Rows)), Samples: an.Samples, Best: an.Best, ByWin: an.ByWin, Paired: an.Paired}
	if an.Samples > 0 {
		// A weight of one keeps the pooled figures exact: FromEval
		// divides each by the total weight.
		ev.Weight = 1
	}
	for j, r := range an.Rows {
		x := r.Result
		x.Gap, x.GapErr, x.WinGap, x.WinGapErr = r.Gap, r.GapErr, r.WinGap, r.WinGapErr
		ev.Results[j] = x
	}
	return ev
}

// BatchFunc evaluates batch k of plan p at v: Evaluator.Batch, or a fake
// that keeps a test's screens stable.
type BatchFunc func(ctx context.Context, v *rules.View, p Plan, k int) (eval.Evaluation, error)

// Evaluator runs evaluations, reusing eval's solvers from one to the
// next. It is safe for concurrent use (eval serialises the calls).
type Evaluator struct{ ev *eval.Evaluator }

// NewEvaluator returns an Evaluator.
func NewEvaluator() *Evaluator { return &Evaluator{ev: eval.New()} }

// Batch evaluates batch k of plan p at v: the hard bot's evaluation at
// every seat count.
func (e *Evaluator) Batch(ctx context.Context, v *rules.View, p Plan, k int) (eval.Evaluation, error) {
	return e.ev.Evaluate(ctx, v, p.Batch(k))
}

// EvaluateWith evaluates every legal option of v (see Tally.Analysis)
// batch by batch with batch (Evaluator.Batch, or a test's fake). When
// ctx ends it returns what the batches finished so far show.
func EvaluateWith(ctx context.Context, batch BatchFunc, v *rules.View, o Options) (Analysis, error) {
	p := NewPlan(o)
	t, err := NewTally(v, p)
	if err != nil {
		return Analysis{}, err
	}
	for k := 0; k < p.Batches && ctx.Err() == nil; k++ {
		ev, err := batch(ctx, v, p, k)
		if err != nil {
			return Analysis{}, err
		}
		if err := t.Add(k, ev); err != nil {
			return Analysis{}, err
		}
	}
	return t.Analysis(), nil
}
