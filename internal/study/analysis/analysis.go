package analysis

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sort"
	"strconv"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/platform/workpool"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
)

// Samples per graded decision by phase, when Options.Samples is zero:
// enough that two actions scored on the same samples are told apart to
// a few points, few enough that a whole game is graded in under a
// minute on two cores (BenchmarkGame).
const (
	BidSamples  = 300 // bids and the schmeiss answer: one or two solves per sample
	PrepSamples = 200 // declarations, dix exchange and sequence dialogue
	PlaySamples = 200 // each sample values every legal card
)

// SamplesFor returns the default samples for a decision in phase p.
func SamplesFor(p rules.Phase) int {
	switch p {
	case rules.PhaseBid1, rules.PhaseSchmeiss, rules.PhaseBid2:
		return BidSamples
	case rules.PhaseDix, rules.PhaseSequences, rules.PhaseDeclare:
		return PrepSamples
	}
	return PlaySamples
}

// Options tune an analysis. The zero value grades the seats people
// played, every deal, with the default samples and seed 0, on every
// core.
type Options struct {
	// Samples, when positive, is the samples of every decision; zero
	// uses SamplesFor the decision's phase.
	Samples int
	// Seed fixes the samples: the same log, Samples and Seed give the
	// same report, whatever Workers is.
	Seed uint64
	// Workers caps the decisions evaluated at once (one core each); zero
	// means GOMAXPROCS. For Evaluate, one decision, it caps that
	// evaluation's goroutines.
	Workers int
	// Deals, when not empty, limits the analysis to these deal numbers
	// (1-based); the others are reported with no decisions.
	Deals []int
	// AllSeats grades every seat, bots included. Without it only the
	// seats a person played (level human) are graded, or every seat in a
	// game nobody played (bots only).
	AllSeats bool
	// Progress, when set, is called after each decision is graded, one
	// call at a time, with the count done so far.
	Progress func(Progress)
	// Top is the number of biggest mistakes a summary keeps on each
	// scale, points and the chance to win; zero means DefaultTop.
	Top int
	// Slot, when set, runs the grading of each decision: a server
	// passes its bound on heavy work, so that an analysis takes a core
	// one decision at a time, behind the bots. It returns ctx's error,
	// without running f, when ctx ends first.
	Slot func(ctx context.Context, f func()) error
}

// DefaultTop is the number of biggest mistakes a summary keeps on each
// scale.
const DefaultTop = 3

// Progress says how far an analysis is.
type Progress struct {
	Done, Total int // decisions graded (forced ones included) and to grade
	Deal        int // the deal of the decision just graded
}

// Grade names how costly a decision was.
type Grade uint8

// The grades. NotGraded is the zero value: a step the analysis did not
// grade, because it is chance (a shlomo draw) or a seat it was not
// asked to grade. The others follow the loss in points (see the
// thresholds below).
const (
	NotGraded  Grade = iota // not a decision of a graded seat
	Forced                  // a single legal action: nothing to grade
	Good                    // loss below InaccuracyAt
	Inaccuracy              // loss from InaccuracyAt
	Mistake                 // loss from MistakeAt
	Blunder                 // loss from BlunderAt

	NumGrades = iota // the number of grades, the length of Summary.Counts
)

// Loss thresholds of the grades, in points of score difference: the
// trainer's and the hint's scale (drill), which grades every decision.
const (
	InaccuracyAt = drill.InaccuracyAt
	MistakeAt    = drill.MistakeAt
	BlunderAt    = drill.BlunderAt
)

var gradeNames = [...]string{"not graded", "forced", "good", "inaccuracy", "mistake", "blunder"}

// String returns the grade's name: "not graded", "forced", "good",
// "inaccuracy", "mistake" or "blunder".
func (g Grade) String() string {
	if int(g) < len(gradeNames) {
		return gradeNames[g]
	}
	return "unknown"
}

// LossText writes a loss with one decimal, as the report and the replay
// show it, on its grade's side of every threshold: rounded, unless that
// would reach the next grade (9.96, an inaccuracy, reads "9.9", not
// "10.0", which the legend calls a mistake).
func LossText(loss float64) string {
	s := fmt.Sprintf("%.1f", loss)
	if shown, err := strconv.ParseFloat(s, 64); err == nil && GradeOf(shown) != GradeOf(loss) {
		s = fmt.Sprintf("%.1f", math.Floor(loss*10)/10)
	}
	return s
}

// LossWords says what a decision gave up against the best, with its
// standard error when measured and its unit as the trainer and the
// table's hint write it: "24.7 ± 6.0 pts", or graded by the chance to
// win, "23% ± 4.2% of the chance to win". With ascii, ± is written +-.
func (d *Decision) LossWords(ascii bool) string {
	pm := " ± "
	if ascii {
		pm = " +- "
	}
	if d.ByWin {
		s := drill.WinLossText(d.WinLoss)
		if d.WinLossErr > 0 {
			s += pm + drill.Percent(d.WinLossErr)
		}
		return s + " of the chance to win"
	}
	s := LossText(d.Loss)
	if d.LossErr > 0 {
		s += pm + fmt.Sprintf("%.1f", d.LossErr)
	}
	return s + " pts"
}

// Word is the decision's grade as the trainer and the table's hint word
// it: "best" for the best choice, "≈ best" for a good one behind it
// within the error (with ascii "~ best"), else the grade's name
// ("forced", "mistake").
func (d *Decision) Word(ascii bool) string {
	if d.Grade == Good {
		switch {
		case d.Loss == 0 && d.WinLoss == 0:
			return "best"
		case ascii:
			return "~ best"
		}
		return "≈ best"
	}
	return d.Grade.String()
}

// GradeOf returns the grade of a decision with a choice that lost loss
// points, on drill's scale.
func GradeOf(loss float64) Grade { return gradeOfVerdict(drill.GradeLoss(loss, false)) }

// Decision is the grade of one step of a deal.
type Decision struct {
	Deal   int        // 1-based deal number
	Step   int        // 1-based step within the deal, as the log counts them
	Seat   rules.Seat // who acted (rules.ChanceSeat for a draw)
	Phase  rules.Phase
	Trick  int          // in the card play, the trick the card went to (from 1); else 0
	Action rules.Action // what was played
	Grade  Grade
	// ByBot says a bot made the move for the person at the seat (at a
	// shared table, when they had dropped or their move clock ran out:
	// the log's gamelog.BotMovesTag); it is not graded, not theirs.
	ByBot bool
	// ByClaim says the card was played for the seat's side after its
	// claim of the rest of the deal (gamelog.ReplayDeal.ClaimedAt): no
	// one chose it, so it is not graded.
	ByClaim bool
	// Best is the action the hard bot chooses (eval.Best; Action itself
	// when it is the best); Loss is Best's score minus Action's, never
	// negative, and LossErr its standard error, paired over the shared
	// samples. All are zero values for a step without a choice.
	Best    rules.Action
	Loss    float64
	LossErr float64
	// ByWin reports that the decision was graded by the chance to win
	// the game (near its end), as the hint and the trainer grade it;
	// false near the end too for a choice whose loss in points is the
	// worse of the two (drill's grade: the worse of the two losses
	// beyond their errors), graded by those.
	// WinLoss is the chance to win Action gave up against Best (0 to 1,
	// never negative), and WinLossErr its standard error.
	ByWin               bool
	WinLoss, WinLossErr float64
	// Mean and BestMean are the expected score differences of Action and
	// Best for the deciding seat's side (eval.Result.Mean), and StdErr
	// the standard error of Mean over the samples.
	Mean, BestMean, StdErr float64
	// Points, in the card play, are the solver's card-point difference
	// of Action and of Best (eval.Result.Points).
	Points, BestPoints float64
	// Samples is the number of sampled deals the grade rests on.
	Samples int
	// Results holds every legal action's evaluation, in legal order
	// (nil for a step without a choice).
	Results []eval.Result
}

// Graded reports whether the decision had a choice and was graded.
func (d *Decision) Graded() bool { return d.Grade >= Good }

// PointsLost is what the decision counts for in a total of points
// lost: its Loss when graded an inaccuracy or worse on the points; 0
// when it was good (a loss within the error, or below InaccuracyAt, is
// no loss) or graded by the chance to win (see WinLost).
func (d *Decision) PointsLost() float64 {
	if d.Grade < Inaccuracy || d.ByWin {
		return 0
	}
	return d.Loss
}

// WinLost is the chance to win the decision counts for in a total
// (Summary.WinLost): its WinLoss when graded an inaccuracy or worse by
// that chance, else 0.
func (d *Decision) WinLost() float64 {
	if d.Grade < Inaccuracy || !d.ByWin {
		return 0
	}
	return d.WinLoss
}

// onScale is the loss of a decision graded an inaccuracy or worse
// as a multiple of its grade's threshold on the scale it was graded by:
// points, or near the end the chance to win. Two losses of one grade
// compare by it whatever their units (the scale puts 20 points and 2%
// of the chance to win at one blunder).
func (d *Decision) onScale() float64 {
	loss, at := d.Loss, drill.GradeLines(d.ByWin)
	if d.ByWin {
		loss = d.WinLoss
	}
	if d.Grade < Inaccuracy {
		return loss / at[0]
	}
	return loss / at[min(d.Grade, Blunder)-Inaccuracy]
}

// Summary adds up one player's decisions (in one deal or a whole game).
type Summary struct {
	Graded int // decisions with a choice
	// ByPoints counts those of the Graded decisions graded by points
	// (not by the chance to win): the decisions Lost is summed over.
	ByPoints int
	Forced   int // steps with a single legal action
	ByBot    int // moves a bot made for the person, not graded
	// Lost is the expected points lost over the decisions graded an
	// inaccuracy or worse on the points (Decision.PointsLost), WinLost
	// the chance to win lost (a fraction: 1 is a whole game), summed over
	// those graded by that chance (Decision.WinLost): good decisions
	// lose nothing.
	Lost    float64
	WinLost float64
	// Counts of the decisions by grade, indexed by Grade (NotGraded is
	// always zero: such steps are nobody's to sum); WinCounts those of
	// them graded by the chance to win.
	Counts    [NumGrades]int
	WinCounts [NumGrades]int
	// Mistakes are the costliest graded decisions, biggest first: by
	// grade, then by the loss the report shows, in points or in the
	// chance to win (only those graded Inaccuracy or worse, at most
	// Options.Top of those graded by points and as many of those graded
	// by the chance to win).
	Mistakes []Decision
}

// ChanceOnly reports whether s graded decisions and none of them by
// points, all by the chance to win: no figure of points says what they
// gave up, so the reports write none (a "no points lost" beside a
// blunder would be false).
func (s *Summary) ChanceOnly() bool { return s.Graded > 0 && s.ByPoints == 0 }

// ByChance counts the graded decisions graded by the chance to win, not
// by points: the decisions WinLost is summed over.
func (s *Summary) ByChance() int { return s.Graded - s.ByPoints }

// WinPerDecision is the chance to win lost on average over the decisions
// graded by that chance, the figure the reports say (a sum over many
// decisions can pass a whole game); 0 without such decisions.
func (s *Summary) WinPerDecision() float64 {
	if n := s.ByChance(); n > 0 {
		return s.WinLost / float64(n)
	}
	return 0
}

// DealReport is the analysis of one deal.
type DealReport struct {
	No       int
	Dealer   rules.Seat
	Done     bool // the deal was played out
	Analysed bool // false when Options.Deals left it out
	// Decisions holds every step in order: those of the seats not graded
	// and chance steps with grade NotGraded.
	Decisions []Decision
	// Players holds each seat's summary (empty for a seat not graded and
	// past the seat count).
	Players [4]Summary
}

// Report is the analysis of a game log.
type Report struct {
	Header  gamelog.Header
	Seed    uint64
	Samples int // Options.Samples (0: by phase)
	// Graded says which seats were graded (see Options.AllSeats).
	Graded  [4]bool
	Deals   []DealReport
	Players [4]Summary // the whole game, by seat
}

// Seats returns the number of seats of the game analysed.
func (r *Report) Seats() int { return r.Header.Seats() }

// GradedSeats returns which seats of a game with header h an analysis
// grades: with all, every seat; else the seats a person played, or
// every seat when none did.
func GradedSeats(h *gamelog.Header, all bool) [4]bool {
	var g [4]bool
	n := h.Seats()
	people := false
	for s := range n {
		if h.Level(rules.Seat(s)) == gamelog.Human {
			g[s], people = true, true
		}
	}
	if all || !people {
		for s := range n {
			g[s] = true
		}
	}
	return g
}

// job is one step to grade: the view of the seat that took it.
type job struct {
	deal, step int // 0-based indexes into Replay.Deals and the steps
	view       *rules.View
}

// Analyze grades the decisions of r: every step of each seat
// Options.AllSeats selects, from that seat's view, whatever the seat
// count. It stops and returns ctx's error when ctx ends.
func Analyze(ctx context.Context, r *gamelog.Replay, opt Options) (*Report, error) {
	if r == nil {
		return nil, errors.New("analysis: no replay")
	}
	top := opt.Top
	if top <= 0 {
		top = DefaultTop
	}
	want := map[int]bool{}
	for _, n := range opt.Deals {
		if n < 1 || n > len(r.Deals) {
			return nil, fmt.Errorf("analysis: no deal %d (the log has %d)", n, len(r.Deals))
		}
		want[n] = true
	}
	n := r.Players()
	byBot := r.Header.BotMoves()
	rep := &Report{Header: r.Header, Seed: opt.Seed, Samples: opt.Samples, Graded: GradedSeats(&r.Header, opt.AllSeats),
		Deals: make([]DealReport, len(r.Deals))}
	var jobs []job
	for i := range r.Deals {
		rd := &r.Deals[i]
		dr := &rep.Deals[i]
		dr.No, dr.Dealer, dr.Done = rd.No, rd.Dealer, rd.Done
		if len(want) > 0 && !want[rd.No] {
			continue
		}
		dr.Analysed = true
		dr.Decisions = make([]Decision, len(rd.Steps))
		d := rd.At(0)
		for j, st := range rd.Steps {
			dec := &dr.Decisions[j]
			*dec = Decision{Deal: rd.No, Step: j + 1, Seat: st.Seat, Phase: d.Phase(), Action: st.Action}
			if d.Phase() == rules.PhasePlay {
				dec.Trick = int(d.Play().Tricks) + 1
			}
			dec.ByBot, dec.ByClaim = byBot.Has(rd.No, j), rd.ClaimedAt(j)
			if int(st.Seat) < n && rep.Graded[st.Seat] && !dec.ByBot && !dec.ByClaim {
				v := d.View(st.Seat)
				jobs = append(jobs, job{deal: i, step: j, view: &v})
			}
			d.ApplyUnchecked(st.Action)
		}
	}
	if err := grade(ctx, rep, jobs, opt); err != nil {
		return nil, err
	}
	var all []Decision
	for i := range rep.Deals {
		dr := &rep.Deals[i]
		for s := range n {
			if rep.Graded[s] {
				dr.Players[s] = summarise(dr.Decisions, rules.Seat(s), top)
			}
		}
		all = append(all, dr.Decisions...)
	}
	for s := range n {
		if rep.Graded[s] {
			rep.Players[s] = summarise(all, rules.Seat(s), top)
		}
	}
	return rep, nil
}

// grade evaluates the jobs on opt.Workers goroutines (workpool.Run),
// each with its own evaluator working on one core, and fills in the
// decisions. Each decision's samples follow from its view and the seed
// alone, so the report does not depend on which worker took it.
func grade(ctx context.Context, rep *Report, jobs []job, opt Options) error {
	workers := runtime.GOMAXPROCS(0)
	if opt.Workers > 0 {
		workers = min(workers, opt.Workers)
	}
	wins := &eval.WinTables{} // the workers build each win table once
	newWorker := func() func(context.Context, job) (Decision, error) {
		ev := eval.NewWith(wins)
		return func(ctx context.Context, jb job) (Decision, error) {
			dec := rep.Deals[jb.deal].Decisions[jb.step]
			if opt.Slot == nil {
				return dec, gradeOne(ctx, ev, jb.view, &dec, opt)
			}
			var err error
			if serr := opt.Slot(ctx, func() { err = gradeOne(ctx, ev, jb.view, &dec, opt) }); serr != nil {
				return dec, serr
			}
			return dec, err
		}
	}
	done := 0
	return workpool.Run(ctx, min(workers, len(jobs)), slices.Values(jobs), newWorker, func(jb job, dec Decision) {
		rep.Deals[jb.deal].Decisions[jb.step] = dec
		done++
		if opt.Progress != nil {
			opt.Progress(Progress{Done: done, Total: len(jobs), Deal: dec.Deal})
		}
	})
}

// Evaluate evaluates every option of the decision at v, the view of the
// seat to act, as Analyze grades it: opt.Samples samples (zero:
// SamplesFor the phase) on a seed drawn from opt.Seed and the view alone
// (eval.SeedFor), in drill's batches, the opponents' earlier cards read
// as the hard bot reads them (by the normal bot's play). The figures,
// ranking and grades depend on v, opt.Samples and opt.Seed only, never
// on opt.Workers, the goroutines of this one evaluation (zero: every
// core). The hint during a game asks it with the analysis's seed, so the
// hint and the game's analysis later give a decision one answer. When
// ctx ends it returns what the batches finished so far show.
func Evaluate(ctx context.Context, ev *eval.Evaluator, v *rules.View, opt Options) (drill.Analysis, error) {
	n := opt.Samples
	if n <= 0 {
		n = SamplesFor(v.Phase)
	}
	batch := func(ctx context.Context, v *rules.View, p drill.Plan, k int) (eval.Evaluation, error) {
		o := p.Batch(k)
		o.Model = ai.PlayoutPolicy
		return ev.Evaluate(ctx, v, o)
	}
	return drill.EvaluateWith(ctx, batch, v, drill.Options{Samples: n, Seed: eval.SeedFor(opt.Seed, v), Workers: opt.Workers})
}

// gradeOne evaluates one step, from v, the view of the seat that took
// it. The opponents' earlier cards are read as the hard bot reads them
// (by the normal bot's play) where the evaluation models them.
func gradeOne(ctx context.Context, ev *eval.Evaluator, v *rules.View, dec *Decision, opt Options) error {
	if len(v.Legal()) <= 1 {
		dec.Grade = Forced
		return nil
	}
	an, err := Evaluate(ctx, ev, v, Options{Samples: opt.Samples, Seed: opt.Seed, Workers: 1})
	if err != nil {
		return fmt.Errorf("analysis: deal %d step %d: %w", dec.Deal, dec.Step, err)
	}
	if ctx.Err() != nil {
		// The batches stopped early: a grade on part of them is no grade.
		return ctx.Err()
	}
	chosen := slices.IndexFunc(an.Rows, func(r drill.Row) bool { return r.Action == dec.Action })
	if chosen < 0 {
		return fmt.Errorf("analysis: deal %d step %d: %s is not among the legal actions", dec.Deal, dec.Step, dec.Action)
	}
	c, b := an.Rows[chosen], an.Rows[an.Best]
	dec.Best = b.Action
	dec.Loss, dec.LossErr = max(0, c.Gap), c.GapErr
	// Near the end graded by the worse of the points and the chance to
	// win (drill's grade): the verdict says which, and the decision
	// counts in that one's total (PointsLost, WinLost).
	dec.ByWin, dec.WinLoss, dec.WinLossErr = c.Verdict.ByWin, max(0, c.WinGap), c.WinGapErr
	dec.Mean, dec.BestMean, dec.StdErr = c.Mean, b.Mean, c.StdErr
	dec.Points, dec.BestPoints = c.Points, b.Points
	dec.Samples = an.Samples
	dec.Results = make([]eval.Result, len(an.Rows))
	for i, r := range an.Rows {
		dec.Results[i] = r.Result
	}
	dec.Grade = gradeOfVerdict(c.Verdict.Kind)
	return nil
}

// gradeOfVerdict is the analysis's grade of a drill verdict: the best
// and those as good within the error are good.
func gradeOfVerdict(k drill.VerdictKind) Grade {
	switch k {
	case drill.Inaccuracy:
		return Inaccuracy
	case drill.Mistake:
		return Mistake
	case drill.Blunder:
		return Blunder
	}
	return Good
}

// summarise adds up seat's decisions among decs.
func summarise(decs []Decision, seat rules.Seat, top int) Summary {
	var s Summary
	var bad []Decision
	for _, d := range decs {
		if d.Seat == seat && d.ByBot {
			s.ByBot++
		}
		if d.Seat != seat || d.Grade == NotGraded {
			continue
		}
		s.Counts[d.Grade]++
		if !d.Graded() {
			s.Forced++
			continue
		}
		s.Graded++
		if d.ByWin {
			s.WinCounts[d.Grade]++
		} else {
			s.ByPoints++
		}
		s.Lost += d.PointsLost()
		s.WinLost += d.WinLost()
		if d.Grade >= Inaccuracy {
			bad = append(bad, d)
		}
	}
	// Worst grade first, then the biggest loss on the scale it was
	// graded by (one graded by the chance to win may cost no points).
	sort.SliceStable(bad, func(i, j int) bool {
		if bad[i].Grade != bad[j].Grade {
			return bad[i].Grade > bad[j].Grade
		}
		return bad[i].onScale() > bad[j].onScale()
	})
	// Each scale keeps its own biggest: a loss in points and one in the
	// chance to win are not one of them smaller than the other, so
	// neither hides the other's.
	var kept [2]int
	s.Mistakes = slices.DeleteFunc(bad, func(d Decision) bool {
		k := &kept[boolIndex(d.ByWin)]
		*k++
		return *k > top
	})
	return s
}

// boolIndex is 1 for true, 0 for false.
func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Decision returns the grade of step (1-based) of deal (1-based), or nil
// when the report has none (out of range, or the deal was left out).
func (r *Report) Decision(deal, step int) *Decision {
	if deal < 1 || deal > len(r.Deals) {
		return nil
	}
	d := &r.Deals[deal-1]
	if step < 1 || step > len(d.Decisions) {
		return nil
	}
	return &d.Decisions[step-1]
}
