package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/platform/errwrite"
	"github.com/klob/klob/internal/platform/progress"
	"github.com/klob/klob/rules"
)

// Calibration: is the evaluation's prediction of a decision before the
// card play what the deal then brings? CalibConfig.Deals decks (the
// match's decks of that seed) are dealt at a table of two, three or
// four and played by hard bots. Every decision with a choice before the
// card play is taken by the hard bot's evaluation (ai.EvalOptions with
// the bot's seed), and its prediction for the option chosen
// (eval.Result.Mean: the deciding side's margin, own minus the mean of
// the others) is compared with that side's rules.Score.Margin once the
// deal is played out, the card play by the hard bots. The error of the
// chosen option is biased upward by the choice itself (the best of noisy
// estimates); the lab plays the other options out too.

// CalibConfig describes a calibration run.
type CalibConfig struct {
	Deals int
	Seed  uint64
	// Method is the evaluation calibrated.
	Method eval.Method
	// Budget caps the samples of the hard bots' card play; BidBudget
	// those of the evaluated decisions (0: the hard bot's own).
	Budget, BidBudget int
	// Workers is the goroutines playing deals, one core each; 0 means
	// GOMAXPROCS.
	Workers int
	// Think is passed to the bots (ai.Config.Think).
	Think time.Duration
	// Options are the rules, the seat count included; the zero value
	// means the defaults at two players.
	Options rules.Options
	// Progress, when set, is updated as the deals finish.
	Progress      *progress.Line
	ProgressEvery time.Duration
}

func (cfg *CalibConfig) defaults() {
	if cfg.Options == (rules.Options{}) {
		cfg.Options = rules.DefaultOptions()
	}
}

// CalibRow is the calibration of one kind of decision: the mean
// prediction, the mean realised margin and the mean error (predicted
// minus realised) with its 95% interval.
type CalibRow struct {
	Name      string   `json:"name"`
	Predicted float64  `json:"predicted"`
	Realised  float64  `json:"realised"`
	Error     Interval `json:"error"`
}

// Calibration is the result of Calibrate.
type Calibration struct {
	Method    string `json:"method"`
	Players   int    `json:"players"`
	Seed      uint64 `json:"seed"`
	Rules     string `json:"rules"`
	Deals     int    `json:"deals"`
	Finished  int    `json:"finished"` // deals played out (fewer than Deals when stopped early)
	Budget    int    `json:"budget"`
	BidBudget int    `json:"bid_budget"`
	// Chosen is every option chosen; Phases splits it by phase and
	// Options by the option chosen.
	Chosen  CalibRow   `json:"chosen"`
	Phases  []CalibRow `json:"phases"`
	Options []CalibRow `json:"options"`
	Elapsed float64    `json:"elapsed_s"`
}

// CalibPoint is one prediction and what came of it.
type CalibPoint struct {
	Phase               rules.Phase
	Option              string // OptionName of the action
	Predicted, Realised float64
}

// Decision is one decision with a choice before the card play, taken by
// the evaluation, and what its deal brought.
type Decision struct {
	Deal int        // the deal's index
	Seat rules.Seat // who decided
	Seed uint64     // the deciding bot's seed
	// Before is the deal as it stood at the decision, to play other
	// options out from.
	Before rules.Deal
	Eval   eval.Evaluation
	// Realised is the deciding seat's side's Score.Margin once the deal
	// was played out with the option chosen.
	Realised float64
}

// View is what the deciding seat saw.
func (d *Decision) View() rules.View { return d.Before.View(d.Seat) }

// Point is the decision's chosen option as a CalibPoint.
func (d *Decision) Point() CalibPoint {
	r := d.Eval.Results[d.Eval.Best]
	return CalibPoint{Phase: d.Before.Phase(), Option: OptionName(r.Action), Predicted: r.Mean, Realised: d.Realised}
}

// CalibPhases returns the phases before the card play, in the order
// they happen: the phases a calibration reports.
func CalibPhases() []rules.Phase {
	return []rules.Phase{rules.PhaseDeclare, rules.PhaseBid1, rules.PhaseSchmeiss, rules.PhaseBid2, rules.PhaseDix, rules.PhaseSequences}
}

// PhaseName is the calibration's name of a phase before the card play.
func PhaseName(ph rules.Phase) string {
	switch ph {
	case rules.PhaseDeclare:
		return "declarations"
	case rules.PhaseBid1:
		return "round one"
	case rules.PhaseSchmeiss:
		return "schmeiss answer"
	case rules.PhaseBid2:
		return "round two"
	case rules.PhaseDix:
		return "dix"
	case rules.PhaseSequences:
		return "dialogue"
	}
	return ph.String()
}

// OptionName groups actions for the calibration: the suits named in
// round two as one, each dialogue word as one.
func OptionName(a rules.Action) string {
	switch a.Kind {
	case rules.Name:
		return "name a suit"
	case rules.Announce:
		return "announce"
	case rules.Top:
		return "top"
	case rules.Length:
		return "length"
	}
	return a.String()
}

// Calibrate runs the calibration. When ctx ends first, it summarises
// the deals finished by then (Calibration.Finished says how many), or
// returns ctx's error if none was.
func Calibrate(ctx context.Context, cfg CalibConfig) (*Calibration, error) {
	if cfg.Deals <= 0 {
		return nil, errors.New("match: calibration needs deals")
	}
	if cfg.Deals > MaxDecks {
		return nil, fmt.Errorf("match: calibration of %d deals: at most %d", cfg.Deals, MaxDecks)
	}
	cfg.defaults()
	workers := Workers(cfg.Workers, cfg.Deals)
	start := time.Now()
	label := "calibrate " + cfg.Method.String()
	points, finished, err := EachDeal(ctx, cfg.Deals, workers, cfg.Progress, cfg.ProgressEvery, label,
		func() func(context.Context, int) ([]CalibPoint, error) {
			c := NewCalibrator(cfg)
			return func(ctx context.Context, i int) ([]CalibPoint, error) {
				ds, err := c.Deal(ctx, i)
				ps := make([]CalibPoint, len(ds))
				for k := range ds {
					ps[k] = ds[k].Point()
				}
				return ps, err
			}
		})
	if err != nil {
		return nil, err
	}
	cal := SummariseCalib(cfg, slices.Concat(points...))
	cal.Finished = finished
	cal.Elapsed = time.Since(start).Seconds()
	return cal, nil
}

// Calibrator plays calibration deals on one goroutine.
type Calibrator struct {
	cfg  CalibConfig
	ev   *eval.Evaluator
	wins *eval.WinTables // the win tables of ev and of the bots
}

// NewCalibrator returns a Calibrator for cfg, for one goroutine.
func NewCalibrator(cfg CalibConfig) *Calibrator {
	cfg.defaults()
	wins := &eval.WinTables{}
	return &Calibrator{cfg: cfg, ev: eval.NewWith(wins), wins: wins}
}

// EvalOptions are the options the calibration evaluates v with, for the
// bot with seed and method m.
func (c *Calibrator) EvalOptions(seed uint64, v *rules.View, m eval.Method) eval.Options {
	return ai.EvalOptions(ai.Config{Seed: seed, Budget: c.cfg.BidBudget, Workers: 1, Method: m}, v)
}

// Deal plays deck i out and returns its decisions.
func (c *Calibrator) Deal(ctx context.Context, i int) ([]Decision, error) {
	deck, dealer := Deck(c.cfg.Seed, i, c.cfg.Options.NumPlayers())
	d := rules.NewDeal(c.cfg.Options, dealer, deck)
	ds, _, err := c.playOut(ctx, i, &d, true)
	if err != nil {
		return nil, fmt.Errorf("calibration deal %d (deck %s, dealer %s): %w", i, deck, dealer, err)
	}
	return ds, nil
}

// Finish plays d, a position of deal i, to its end as Deal plays it (the
// same bots, evaluation and chance draws), for playing out an option not
// chosen, and returns its score.
func (c *Calibrator) Finish(ctx context.Context, i int, d *rules.Deal) (rules.Score, error) {
	_, sc, err := c.playOut(ctx, i, d, false)
	return sc, err
}

// playOut plays d to its end and returns its score and, when record is
// set, its decisions with a choice before the card play.
func (c *Calibrator) playOut(ctx context.Context, i int, d *rules.Deal, record bool) ([]Decision, rules.Score, error) {
	n := d.Players()
	bots := make([]ai.Bot, n)
	seeds := make([]uint64, n)
	for s := range bots {
		seeds[s] = botSeed(c.cfg.Seed, streamBot, i, rules.Seat(s))
		// The bots take only the card play: Budget caps all of it (the
		// first tricks at three and four players are capped by Budget,
		// not PlayBudget).
		b, err := ai.New(ai.Hard, ai.Config{Seed: seeds[s], Budget: c.cfg.Budget, PlayBudget: c.cfg.Budget, Workers: 1,
			Method: c.cfg.Method, Think: c.cfg.Think, WinTables: c.wins})
		if err != nil {
			return nil, rules.Score{}, err
		}
		bots[s] = b
	}
	draws := newRand(c.cfg.Seed, streamChance, i)
	var ds []Decision
	for seat := d.Turn(); seat != rules.NoSeat; seat = d.Turn() {
		if err := ctx.Err(); err != nil {
			return nil, rules.Score{}, err
		}
		legal := d.Legal()
		var a rules.Action
		switch {
		case seat == rules.ChanceSeat:
			a = legal[draws.IntN(len(legal))]
		case len(legal) == 1:
			a = legal[0]
		case d.Phase() == rules.PhasePlay:
			v := d.View(seat)
			var err error
			if a, err = bots[seat].Choose(ctx, &v); err != nil {
				return nil, rules.Score{}, err
			}
		default:
			v := d.View(seat)
			ev, err := c.ev.Evaluate(ctx, &v, c.EvalOptions(seeds[seat], &v, c.cfg.Method))
			if err != nil {
				return nil, rules.Score{}, err
			}
			if ev.Samples == 0 {
				return nil, rules.Score{}, fmt.Errorf("no sample evaluated at %s's %s decision", seat, d.Phase())
			}
			a = ev.Results[ev.Best].Action
			if record {
				ds = append(ds, Decision{Deal: i, Seat: seat, Seed: seeds[seat], Before: *d, Eval: ev})
			}
		}
		if err := d.ApplyAs(seat, a); err != nil {
			return nil, rules.Score{}, err
		}
	}
	sc := d.Score()
	for k := range ds {
		ds[k].Realised = sc.Margin(d.SideOf(ds[k].Seat))
	}
	return ds, sc, nil
}

// NewCalibRow is the row name of the predictions and realised margins
// of ps, and false when ps is empty.
func NewCalibRow(name string, ps []CalibPoint) (CalibRow, bool) {
	r := CalibRow{Name: name}
	if len(ps) == 0 {
		return r, false
	}
	errs := make([]float64, len(ps))
	for k, p := range ps {
		errs[k] = p.Predicted - p.Realised
		r.Predicted += p.Predicted
		r.Realised += p.Realised
	}
	r.Predicted /= float64(len(ps))
	r.Realised /= float64(len(ps))
	r.Error = MeanCI(errs)
	return r, true
}

// SummariseCalib groups the chosen options' points ps: all of them, by
// phase and by option.
func SummariseCalib(cfg CalibConfig, ps []CalibPoint) *Calibration {
	cfg.defaults()
	cal := &Calibration{Method: cfg.Method.String(), Players: cfg.Options.NumPlayers(), Seed: cfg.Seed,
		Rules: cfg.Options.Played(), Deals: cfg.Deals, Budget: cfg.Budget, BidBudget: cfg.BidBudget}
	cal.Chosen, _ = NewCalibRow("every chosen option", ps)
	for _, ph := range CalibPhases() {
		same := slices.DeleteFunc(slices.Clone(ps), func(p CalibPoint) bool { return p.Phase != ph })
		if r, ok := NewCalibRow(PhaseName(ph), same); ok {
			cal.Phases = append(cal.Phases, r)
		}
	}
	cal.Options = CalibByOption(ps)
	return cal
}

// CalibByOption is a row for each option of ps, in the order they
// first come.
func CalibByOption(ps []CalibPoint) []CalibRow {
	var rows []CalibRow
	seen := map[string]bool{}
	for _, p := range ps {
		if seen[p.Option] {
			continue
		}
		seen[p.Option] = true
		same := slices.DeleteFunc(slices.Clone(ps), func(q CalibPoint) bool { return q.Option != p.Option })
		r, _ := NewCalibRow(p.Option, same)
		rows = append(rows, r)
	}
	return rows
}

// WriteText writes the calibration for people.
func (c *Calibration) WriteText(w io.Writer) error {
	ew := &errWriter{errwrite.Writer{W: w}}
	ew.printf("calibration of the %s evaluation, %d players, seed %d\n", c.Method, c.Players, c.Seed)
	ew.printf("rules: %s\n", strings.ReplaceAll(c.Rules, ",", ", "))
	ew.printf("%d deals of %d played out by hard bots (card-play budget %s, bid budget %s)\n",
		c.Finished, c.Deals, budgetName(c.Budget), budgetName(c.BidBudget))
	ew.printf("error = predicted minus realised margin of the deciding side (own minus the mean of the others), points a deal, 95%% interval\n")
	WriteCalibRows(ew, "the option chosen, by phase:", append(c.Phases, c.Chosen))
	WriteCalibRows(ew, "the option chosen, by option:", c.Options)
	ew.printf("elapsed %.1fs\n", c.Elapsed)
	return ew.Err
}

// WriteCalibRows writes rows as a table under title.
func WriteCalibRows(w io.Writer, title string, rows []CalibRow) error {
	ew := &errWriter{errwrite.Writer{W: w}}
	ew.printf("%s\n", title)
	tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "\tdecisions\tpredicted\trealised\terror\tinterval\t\n")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%d\t%+.1f\t%+.1f\t%+.1f\t%s\t\n", r.Name, r.Error.N,
			r.Predicted, r.Realised, r.Error.Mean, r.Error.Bracket("%+.1f"))
	}
	tw.Flush()
	return ew.Err
}

func budgetName(n int) string {
	if n == 0 {
		return "default"
	}
	return fmt.Sprint(n)
}
