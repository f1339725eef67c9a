package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/platform/progress"
	"github.com/klob/klob/internal/platform/textwrap"
	"github.com/klob/klob/internal/study/match"
	"github.com/klob/klob/rules"
)

// The lab's calibration is klob match -calibrate (match.Calibrator plays
// the deals the same way) with what fitting an evaluation needs on top:
// every option not chosen played out from a copy of the deal
// (-counterfactual), since the chosen option's error is biased upward by
// the choice itself; other methods' predictions of the same options on
// the same decisions (-candidates); the least-squares split of the error
// into a maker and a defender bias; and a JSON line for every option
// played out (-dump), to fit a candidate evaluation on.

// calibConfig is a lab calibration run.
type calibConfig struct {
	match.CalibConfig
	Counterfactual bool
	Candidates     []eval.Method
	// Dump, when set, gets one JSON line for every option played out
	// (dumpLine), in deal order.
	Dump io.Writer
}

// labCalibration is the result of a lab run: the product's calibration
// of the chosen options, and the lab's rows.
type labCalibration struct {
	*match.Calibration
	Counterfactual bool `json:"counterfactual"`
	// Every is, with Counterfactual, every option of every decision, by
	// option.
	Every []match.CalibRow `json:"every,omitempty"`
	// MakerBias and DefenderBias are the least-squares fit of the error
	// as MakerBias·Makes + DefenderBias·Defends (eval.Result's chances
	// that the deciding side, or another, ends as maker) over the
	// options played out: what to add to the method's correction.
	MakerBias    float64     `json:"maker_bias"`
	DefenderBias float64     `json:"defender_bias"`
	Bias         []phaseBias `json:"bias"` // the same fit phase by phase
	// Candidates holds, for each candidate method, its prediction error
	// of the options played, by phase and in all.
	Candidates []candidateCalib `json:"candidates,omitempty"`
}

type phaseBias struct {
	Phase           string `json:"phase"`
	Maker, Defender float64
}

type candidateCalib struct {
	Method string           `json:"method"`
	Phases []match.CalibRow `json:"phases"`
	// All is every option played out (the chosen ones, and with
	// Counterfactual the others).
	All match.CalibRow `json:"all"`
}

// dumpLine is one option of a calibrated decision as the dump writes
// it: the view it was chosen at, the evaluation's figures for it, the
// normal bot's choice at that view and what the deal brought when the
// option was played out.
type dumpLine struct {
	Deal     int     `json:"deal"`
	Players  int     `json:"players"`
	Seat     string  `json:"seat"`
	Dealer   bool    `json:"dealer"`
	Phase    string  `json:"phase"`
	Hand     string  `json:"hand"`
	Upcard   string  `json:"upcard"`
	Trump    string  `json:"trump,omitempty"`
	History  string  `json:"history"`
	Option   string  `json:"option"`
	Chosen   bool    `json:"chosen"`
	Normal   bool    `json:"normal"` // the normal bot's choice
	Mean     float64 `json:"mean"`
	StdErr   float64 `json:"stderr"`
	Makes    float64 `json:"makes"`
	Defends  float64 `json:"defends"`
	Bete     float64 `json:"bete"`
	Realised float64 `json:"realised"`
}

// point is one option played out.
type point struct {
	match.CalibPoint
	chosen         bool
	makes, defends float64
	cand           []float64 // the candidates' predictions
	dump           *dumpLine
}

// calibrator is one goroutine's state.
type calibrator struct {
	cfg    calibConfig
	c      *match.Calibrator
	ev     *eval.Evaluator
	normal ai.Bot
}

// calibrate runs the lab calibration. When ctx ends first, it summarises
// the deals finished by then, or returns ctx's error if none was.
func calibrate(ctx context.Context, cfg calibConfig) (*labCalibration, error) {
	if cfg.Deals <= 0 {
		return nil, errors.New("calibration needs deals")
	}
	if cfg.Options == (rules.Options{}) {
		cfg.Options = rules.DefaultOptions()
	}
	workers := match.Workers(cfg.Workers, cfg.Deals)
	start := time.Now()
	label := "calibrate " + cfg.Method.String()
	points, finished, err := match.EachDeal(ctx, cfg.Deals, workers, cfg.Progress, cfg.ProgressEvery, label,
		func() func(context.Context, int) ([]point, error) {
			normal, _ := ai.New(ai.Normal, ai.Config{})
			w := &calibrator{cfg: cfg, c: match.NewCalibrator(cfg.CalibConfig), ev: eval.New(), normal: normal}
			return w.deal
		})
	if err != nil {
		return nil, err
	}
	all := slices.Concat(points...)
	if cfg.Dump != nil {
		enc := json.NewEncoder(cfg.Dump)
		for _, p := range all {
			if err := enc.Encode(p.dump); err != nil {
				return nil, fmt.Errorf("calibration dump: %w", err)
			}
		}
	}
	cal := summarise(cfg, all)
	cal.Finished = finished
	cal.Elapsed = time.Since(start).Seconds()
	return cal, nil
}

// deal plays deck i and returns its options played out: each decision's
// chosen option, and with Counterfactual the others.
func (w *calibrator) deal(ctx context.Context, i int) ([]point, error) {
	ds, err := w.c.Deal(ctx, i)
	if err != nil {
		return nil, err
	}
	var ps []point
	for _, d := range ds {
		v := d.View()
		cands := make([][]float64, len(d.Eval.Results))
		for _, m := range w.cfg.Candidates {
			ce, err := w.ev.Evaluate(ctx, &v, w.c.EvalOptions(d.Seed, &v, m))
			if err != nil {
				return nil, err
			}
			for j, r := range ce.Results {
				cands[j] = append(cands[j], r.Mean)
			}
		}
		var normal rules.Action
		if w.cfg.Dump != nil {
			if normal, err = w.normal.Choose(ctx, &v); err != nil {
				return nil, err
			}
		}
		for j, r := range d.Eval.Results {
			chosen := j == d.Eval.Best
			if !chosen && !w.cfg.Counterfactual {
				continue
			}
			realised := d.Realised
			if !chosen {
				dd := d.Before
				if err := dd.Apply(r.Action); err != nil {
					return nil, err
				}
				sc, err := w.c.Finish(ctx, i, &dd)
				if err != nil {
					return nil, err
				}
				realised = sc.Margin(dd.SideOf(d.Seat))
			}
			p := point{CalibPoint: match.CalibPoint{Phase: v.Phase, Option: match.OptionName(r.Action), Predicted: r.Mean, Realised: realised},
				chosen: chosen, makes: r.Makes, defends: r.Defends, cand: cands[j]}
			if w.cfg.Dump != nil {
				p.dump = dumpOption(i, &v, r, chosen, normal == r.Action, realised)
			}
			ps = append(ps, p)
		}
	}
	return ps, nil
}

// dumpOption is the dump's line of option r at v.
func dumpOption(deal int, v *rules.View, r eval.Result, chosen, normal bool, realised float64) *dumpLine {
	var hist []string
	for _, st := range v.History() {
		hist = append(hist, st.String())
	}
	o := &dumpLine{Deal: deal, Players: v.Players, Seat: v.Seat.String(), Dealer: v.Dealer == v.Seat, Phase: match.PhaseName(v.Phase),
		Hand: v.Hand.String(), Upcard: v.Upcard.String(), History: strings.Join(hist, "; "),
		Option: r.Action.String(), Chosen: chosen, Normal: normal,
		Mean: r.Mean, StdErr: r.StdErr, Makes: r.Makes, Defends: r.Defends, Bete: r.Bete, Realised: realised}
	if v.Trump != rules.NoSuit {
		o.Trump = v.Trump.String()
	}
	return o
}

// summarise groups the points.
func summarise(cfg calibConfig, ps []point) *labCalibration {
	filter := func(keep func(p *point) bool, pred func(p *point) float64) []match.CalibPoint {
		var out []match.CalibPoint
		for i := range ps {
			if p := &ps[i]; keep(p) {
				cp := p.CalibPoint
				cp.Predicted = pred(p)
				out = append(out, cp)
			}
		}
		return out
	}
	own := func(p *point) float64 { return p.Predicted }
	cal := &labCalibration{Counterfactual: cfg.Counterfactual,
		Calibration: match.SummariseCalib(cfg.CalibConfig, filter(func(p *point) bool { return p.chosen }, own))}
	if cfg.Counterfactual {
		cal.Every = match.CalibByOption(filter(func(*point) bool { return true }, own))
	}
	for k, m := range cfg.Candidates {
		pred := func(p *point) float64 { return p.cand[k] }
		cc := candidateCalib{Method: m.String()}
		for _, ph := range match.CalibPhases() {
			if r, ok := match.NewCalibRow(match.PhaseName(ph), filter(func(p *point) bool { return p.chosen && p.Phase == ph }, pred)); ok {
				cc.Phases = append(cc.Phases, r)
			}
		}
		cc.All, _ = match.NewCalibRow("every option played", filter(func(*point) bool { return true }, pred))
		cal.Candidates = append(cal.Candidates, cc)
	}
	cal.MakerBias, cal.DefenderBias = fitBias(ps, func(*point) bool { return true })
	for _, ph := range match.CalibPhases() {
		m, d := fitBias(ps, func(p *point) bool { return p.Phase == ph })
		cal.Bias = append(cal.Bias, phaseBias{Phase: match.PhaseName(ph), Maker: m, Defender: d})
	}
	return cal
}

// fitBias fits the error of the points kept as maker·makes +
// defender·defends by least squares (no constant: a deal thrown in is
// predicted exactly).
func fitBias(ps []point, keep func(p *point) bool) (maker, defender float64) {
	var smm, smd, sdd, sme, sde float64
	for i := range ps {
		p := &ps[i]
		if !keep(p) {
			continue
		}
		e := p.Predicted - p.Realised
		smm += p.makes * p.makes
		smd += p.makes * p.defends
		sdd += p.defends * p.defends
		sme += p.makes * e
		sde += p.defends * e
	}
	det := smm*sdd - smd*smd
	switch {
	case det > 1e-9*max(1, smm*sdd):
		return (sme*sdd - sde*smd) / det, (sde*smm - sme*smd) / det
	case smm > 0 && sdd == 0:
		return sme / smm, 0
	case sdd > 0 && smm == 0:
		return 0, sde / sdd
	}
	return 0, 0
}

// WriteText writes the product's calibration and the lab's rows.
func (c *labCalibration) WriteText(w io.Writer) error {
	if err := c.Calibration.WriteText(w); err != nil {
		return err
	}
	if c.Counterfactual {
		if err := match.WriteCalibRows(w, "every option (the others played out from a copy), by option:", c.Every); err != nil {
			return err
		}
	}
	for _, cc := range c.Candidates {
		title := fmt.Sprintf("candidate %s, predicting the same options (chosen by %s), by phase:", cc.Method, c.Method)
		if err := match.WriteCalibRows(w, title, append(cc.Phases, cc.All)); err != nil {
			return err
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "fitted bias left (add to the correction): maker %+.1f, defender %+.1f; by phase:", c.MakerBias, c.DefenderBias)
	for _, pb := range c.Bias {
		fmt.Fprintf(&b, " %s %+.1f/%+.1f;", pb.Phase, pb.Maker, pb.Defender)
	}
	_, err := fmt.Fprintln(w, b.String())
	return err
}

const calibrateUsage = `usage: klob-lab calibrate [-players 2|3|4] [-eval METHOD] [-decks N] [-seed S]
         [-budget N] [-bid-budget N] [-counterfactual] [-candidates M,...]
         [-dump FILE] [-workers N] [-rules OPTS] [-json] [-quiet]

klob match -calibrate with every option of each decision played out
(-counterfactual), other methods' predictions of the same options
(-candidates), the fitted maker and defender bias, and a JSON line for
every option played out (-dump FILE). An interrupt (Ctrl-C) reports the
deals finished so far.
`

// runCalibrate is klob-lab calibrate.
func runCalibrate(args []string, stdout, stderr io.Writer) int {
	fs := newCommand("calibrate", stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), calibrateUsage)
		textwrap.FlagDefaults(fs.Output(), fs.FlagSet, 80)
	}
	players := fs.Int("players", 2, "players at the table, 2, 3 or 4")
	method := fs.String("eval", "corrected", "the evaluation method: corrected or solved")
	decks := fs.Int("decks", 500, "decks dealt and played out")
	seed := fs.Uint64("seed", 1, "seed")
	budget := fs.Int("budget", 0, "samples per card of the card play (0: the hard bot's)")
	bidBudget := fs.Int("bid-budget", 0, "samples per evaluated decision (0: the hard bot's)")
	counterfactual := fs.Bool("counterfactual", false, "also play out every option not chosen")
	candidates := fs.String("candidates", "", "other methods, comma-separated, whose predictions of the same options are checked too")
	dump := fs.String("dump", "", "write every option played out to this file, one JSON object a line")
	workers := fs.Int("workers", 0, "goroutines playing deals (0: GOMAXPROCS)")
	rulesOpt := fs.String("rules", "", "rule options, key=value,...")
	asJSON := fs.Bool("json", false, "print the result as one JSON object")
	quiet := fs.Bool("quiet", false, "no progress line")
	if code, ok := fs.parse(args); !ok {
		return code
	}
	switch {
	case fs.NArg() > 0:
		return fs.fail("unexpected argument %q", fs.Arg(0))
	case !rules.ValidPlayers(*players):
		return fs.fail("-players must be 2, 3 or 4, got %d", *players)
	case *decks <= 0 || *decks > match.MaxDecks:
		return fs.fail("-decks must be from 1 to %d, got %d", match.MaxDecks, *decks)
	case *budget < 0 || *bidBudget < 0 || *workers < 0:
		return fs.fail("-budget, -bid-budget and -workers must not be negative")
	}
	m, err := eval.ParseMethod(*method)
	if err != nil {
		return fs.fail("-eval: %v", err)
	}
	opts, err := rules.ParseOptions(*rulesOpt)
	if err != nil {
		return fs.fail("-rules: %v", err)
	}
	if *players != 2 {
		opts.Players = *players
	}
	cfg := calibConfig{CalibConfig: match.CalibConfig{Deals: *decks, Seed: *seed, Method: m, Budget: *budget, BidBudget: *bidBudget,
		Workers: *workers, Options: opts}, Counterfactual: *counterfactual}
	if *candidates != "" {
		for _, s := range strings.Split(*candidates, ",") {
			cm, err := eval.ParseMethod(s)
			if err != nil {
				return fs.fail("-candidates: %v", err)
			}
			cfg.Candidates = append(cfg.Candidates, cm)
		}
	}
	if !*quiet {
		cfg.Progress = progress.New(stderr)
	}
	if *dump != "" {
		f, err := os.Create(*dump)
		if err != nil {
			return fs.failed(err)
		}
		defer f.Close()
		bw := bufio.NewWriter(f)
		defer bw.Flush()
		cfg.Dump = bw
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cal, err := calibrate(ctx, cfg)
	if err != nil {
		return fs.failed(err)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(cal)
	} else {
		err = cal.WriteText(stdout)
	}
	if err != nil {
		return fs.failed(err)
	}
	return 0
}
