package match

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
)

// Calibration: is the evaluation's prediction of a bid what the bid
// brings? CalibConfig.Deals decks are dealt (the same decks as the
// duplicate deals of a match with that seed) and played by two hard bots.
// Every decision with a choice before the card play is taken by the hard
// bot's evaluation (eval.BotOptions, the hard bot's samples and seed), and
// its predicted score difference for the deal (own minus opponent's,
// eval.Result.Mean of the option chosen) is compared with what the deal
// then scores when played out to its end, the card play by hard against
// hard. With Counterfactual, every option not chosen is also played out
// from a copy of the deal (its later decisions taken the same way), so
// that each option's prediction is checked, not only the chosen one's,
// which the choice itself biases upward (the best of noisy estimates).

// CalibConfig describes a calibration run.
type CalibConfig struct {
	Deals int
	Seed  uint64
	// Method is the evaluation calibrated.
	Method eval.Method
	// Budget caps the samples of the hard bots' card play; BidBudget
	// caps those of the evaluated decisions (0: the hard bot's own).
	Budget, BidBudget int
	// Workers is the goroutines playing deals, one core each; 0 means
	// GOMAXPROCS.
	Workers int
	// Counterfactual plays out every option of each decision.
	Counterfactual bool
	// Candidates are other methods whose predictions of the same
	// options, on the same decisions, are checked against the same
	// results (their own choices are not played).
	Candidates []eval.Method
	Options    rules.Options
	// Dump, when set, gets one JSON line for every option played out
	// (CalibOption), in deal order, for fitting and checking candidate
	// evaluations offline.
	Dump io.Writer
	// Progress, when set, gets a line every ProgressEvery (default 5s).
	Progress      io.Writer
	ProgressEvery time.Duration
}

// CalibRow is the calibration of one kind of decision: the mean
// prediction, the mean realised score difference and the mean error
// (predicted minus realised) with its 95% interval.
type CalibRow struct {
	Name      string   `json:"name"`
	Predicted float64  `json:"predicted"`
	Realised  float64  `json:"realised"`
	Error     Interval `json:"error"`
}

// Calibration is the result of Calibrate.
type Calibration struct {
	Method         string `json:"method"`
	Seed           uint64 `json:"seed"`
	Rules          string `json:"rules"`
	Deals          int    `json:"deals"`
	Finished       int    `json:"finished"` // deals played out (fewer than Deals when stopped early)
	Budget         int    `json:"budget"`
	BidBudget      int    `json:"bid_budget"`
	Counterfactual bool   `json:"counterfactual"`
	// Chosen is every option chosen; Phases splits it by phase and
	// Options by the option chosen.
	Chosen  CalibRow   `json:"chosen"`
	Phases  []CalibRow `json:"phases"`
	Options []CalibRow `json:"options"`
	// Every is, with Counterfactual, every option of every decision, by
	// option.
	Every []CalibRow `json:"every,omitempty"`
	// MakerBias and DefenderBias are the least-squares fit of the error
	// as MakerBias·Makes + DefenderBias·Defends (eval.Result's chances
	// that the deciding seat, or its opponent, ends as maker) over the
	// options played out: what to add to the method's correction.
	MakerBias    float64 `json:"maker_bias"`
	DefenderBias float64 `json:"defender_bias"`
	// Bias is the same fit phase by phase.
	Bias []PhaseBias `json:"bias"`
	// Candidates holds, for each of CalibConfig.Candidates, its
	// prediction error of the options played, by phase and in all.
	Candidates []CandidateCalib `json:"candidates,omitempty"`
	Elapsed    float64          `json:"elapsed_s"`
}

// PhaseBias is the fitted bias of one phase.
type PhaseBias struct {
	Phase           string `json:"phase"`
	Maker, Defender float64
}

// CandidateCalib is the calibration of a candidate method on the
// decisions of another's run.
type CandidateCalib struct {
	Method string     `json:"method"`
	Phases []CalibRow `json:"phases"`
	// All is every option played out (the chosen ones, and with
	// Counterfactual the others).
	All CalibRow `json:"all"`
}

// CalibOption is one option of a calibrated decision as the dump
// writes it: the view it was chosen at, the evaluation's figures for
// it, the normal bot's choice at that view and what the deal brought
// when the option was played out.
type CalibOption struct {
	Deal     int     `json:"deal"`
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

// calibPoint is one option played out.
type calibPoint struct {
	dump           *CalibOption
	phase          rules.Phase
	option         string
	chosen         bool
	predicted      float64
	realised       float64
	makes, defends float64
	cand           []float64 // the candidates' predictions
}

// phaseNames are the calibration's names of the phases before the card
// play.
var phaseNames = map[rules.Phase]string{
	rules.PhaseBid1: "round one", rules.PhaseSchmeiss: "schmeiss answer", rules.PhaseBid2: "round two",
	rules.PhaseDix: "dix", rules.PhaseSequences: "dialogue",
}

// optionName groups actions for the calibration: the suits named in
// round two as one, each dialogue word as one.
func optionName(a rules.Action) string {
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
	if cfg.Options == (rules.Options{}) {
		cfg.Options = rules.DefaultOptions()
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, cfg.Deals))
	start := time.Now()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	points := make([][]calibPoint, cfg.Deals)
	finished := make([]bool, cfg.Deals)
	var (
		mu       sync.Mutex
		firstErr error
		done     int
		next     int
	)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := &calibrator{cfg: cfg, ev: eval.New()}
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= cfg.Deals || ctx.Err() != nil {
					return
				}
				ps, err := c.deal(ctx, i)
				mu.Lock()
				switch {
				case err != nil && ctx.Err() != nil:
					// Stopped: the deal is left out.
				case err != nil:
					if firstErr == nil {
						firstErr = err
					}
					cancel()
				default:
					points[i] = ps
					finished[i] = true
					done++
				}
				mu.Unlock()
			}
		}()
	}
	var stop chan struct{}
	if cfg.Progress != nil {
		stop = make(chan struct{})
		every := cfg.ProgressEvery
		if every <= 0 {
			every = 5 * time.Second
		}
		go func() {
			t := time.NewTicker(every)
			defer t.Stop()
			for {
				select {
				case <-t.C:
					mu.Lock()
					fmt.Fprintf(cfg.Progress, "calibrate %s: deals %d/%d\n", cfg.Method, done, cfg.Deals)
					mu.Unlock()
				case <-stop:
					return
				}
			}
		}()
	}
	wg.Wait()
	if stop != nil {
		close(stop)
	}
	if firstErr != nil {
		return nil, firstErr
	}
	if done == 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	var all []calibPoint
	for _, ps := range points {
		all = append(all, ps...)
	}
	if cfg.Dump != nil {
		enc := json.NewEncoder(cfg.Dump)
		for i := range all {
			if all[i].dump != nil {
				if err := enc.Encode(all[i].dump); err != nil {
					return nil, fmt.Errorf("calibration dump: %w", err)
				}
			}
		}
	}
	cal := summariseCalib(cfg, all)
	cal.Finished = done
	cal.Elapsed = time.Since(start).Seconds()
	return cal, nil
}

// calibrator plays calibration deals on one goroutine.
type calibrator struct {
	cfg    CalibConfig
	ev     *eval.Evaluator
	dealNo int // the deal being played, for the dump
}

// deal plays deck i and returns its options played out.
func (c *calibrator) deal(ctx context.Context, i int) ([]calibPoint, error) {
	c.dealNo = i
	deck, dealer := pairDeck(c.cfg.Seed, i)
	var seeds [2]uint64
	var bots [2]ai.Bot
	for s := range bots {
		seeds[s] = mix(c.cfg.Seed, streamBot, uint64(2*i+s))
		b, err := ai.New(ai.Hard, ai.Config{Seed: seeds[s], PlayBudget: c.cfg.Budget, Workers: 1, Method: c.cfg.Method})
		if err != nil {
			return nil, err
		}
		bots[s] = b
	}
	d := rules.NewDeal(c.cfg.Options, dealer, deck)
	var ps []calibPoint
	if _, err := c.playOut(ctx, &d, bots, seeds, &ps, true); err != nil {
		return nil, fmt.Errorf("calibration deal %d (deck %s, dealer %s): %w", i, deck, dealer, err)
	}
	return ps, nil
}

// playOut plays d to its end and returns its score. When record is
// set, each decision with a choice before the card play adds its options
// to ps: the chosen one with the deal's own result, with Counterfactual
// the others played out from a copy.
func (c *calibrator) playOut(ctx context.Context, d *rules.Deal, bots [2]ai.Bot, seeds [2]uint64, ps *[]calibPoint, record bool) (rules.Score, error) {
	type pending struct {
		seat  rules.Seat
		start int // index in ps of the decision's chosen option
	}
	var mine []pending
	for !d.Over() {
		if err := ctx.Err(); err != nil {
			return rules.Score{}, err
		}
		seat := d.Turn()
		v := d.View(seat)
		legal := v.Legal()
		var a rules.Action
		switch {
		case len(legal) == 1:
			a = legal[0]
		case v.Phase == rules.PhasePlay:
			var err error
			if a, err = bots[seat].Choose(ctx, &v); err != nil {
				return rules.Score{}, err
			}
		default:
			ev, err := c.ev.Evaluate(ctx, &v, c.evalOptions(seeds[seat], &v, c.cfg.Method))
			if err != nil {
				return rules.Score{}, err
			}
			best := ev.Results[ev.Best]
			a = best.Action
			if record {
				cands := make([][]float64, len(ev.Results))
				for _, m := range c.cfg.Candidates {
					ce, err := c.ev.Evaluate(ctx, &v, c.evalOptions(seeds[seat], &v, m))
					if err != nil {
						return rules.Score{}, err
					}
					for j, r := range ce.Results {
						cands[j] = append(cands[j], r.Mean)
					}
				}
				dump := func(r eval.Result, chosen bool) *CalibOption {
					if c.cfg.Dump == nil {
						return nil
					}
					return c.dumpOption(&v, r, chosen)
				}
				mine = append(mine, pending{seat: seat, start: len(*ps)})
				*ps = append(*ps, calibPoint{phase: v.Phase, option: optionName(a), chosen: true,
					predicted: best.Mean, makes: best.Makes, defends: best.Defends, cand: cands[ev.Best], dump: dump(best, true)})
				if c.cfg.Counterfactual {
					for j, r := range ev.Results {
						if j == ev.Best {
							continue
						}
						dd := *d
						if err := dd.Apply(r.Action); err != nil {
							return rules.Score{}, err
						}
						sc, err := c.playOut(ctx, &dd, bots, seeds, nil, false)
						if err != nil {
							return rules.Score{}, err
						}
						*ps = append(*ps, calibPoint{phase: v.Phase, option: optionName(r.Action),
							predicted: r.Mean, realised: float64(sc.Scored[seat] - sc.Scored[seat.Other()]),
							makes: r.Makes, defends: r.Defends, cand: cands[j], dump: dump(r, false)})
					}
				}
			}
		}
		if err := d.Apply(a); err != nil {
			return rules.Score{}, err
		}
	}
	sc := d.Score()
	for _, p := range mine {
		(*ps)[p.start].realised = float64(sc.Scored[p.seat] - sc.Scored[p.seat.Other()])
	}
	if ps == nil {
		return sc, nil
	}
	for i := range *ps {
		if p := &(*ps)[i]; p.dump != nil {
			p.dump.Realised = p.realised
		}
	}
	return sc, nil
}

// dumpOption is the dump's line of option r at v, all but its result.
func (c *calibrator) dumpOption(v *rules.View, r eval.Result, chosen bool) *CalibOption {
	var hist []string
	for _, st := range v.History() {
		hist = append(hist, st.String())
	}
	o := &CalibOption{Deal: c.dealNo, Seat: v.Seat.String(), Dealer: v.Dealer == v.Seat, Phase: phaseNames[v.Phase],
		Hand: v.Hand.String(), Upcard: v.Upcard.String(), History: strings.Join(hist, "; "),
		Option: r.Action.String(), Chosen: chosen, Normal: ai.PlayoutPolicy(v) == r.Action,
		Mean: r.Mean, StdErr: r.StdErr, Makes: r.Makes, Defends: r.Defends, Bete: r.Bete}
	if v.Trump != rules.NoSuit {
		o.Trump = v.Trump.String()
	}
	return o
}

// evalOptions are the hard bot's options at v for the calibrated
// decisions.
func (c *calibrator) evalOptions(seed uint64, v *rules.View, m eval.Method) eval.Options {
	return ai.EvalOptions(ai.Config{Seed: seed, Budget: c.cfg.BidBudget, Workers: 1, Method: m}, v)
}

// summariseCalib groups the points.
func summariseCalib(cfg CalibConfig, ps []calibPoint) *Calibration {
	cal := &Calibration{Method: cfg.Method.String(), Seed: cfg.Seed, Rules: cfg.Options.String(), Deals: cfg.Deals,
		Budget: cfg.Budget, BidBudget: cfg.BidBudget, Counterfactual: cfg.Counterfactual}
	pred := func(p *calibPoint) float64 { return p.predicted }
	row := func(name string, keep func(p *calibPoint) bool) (CalibRow, bool) {
		var errs []float64
		r := CalibRow{Name: name}
		for i := range ps {
			p := &ps[i]
			if keep(p) {
				errs = append(errs, pred(p)-p.realised)
				r.Predicted += pred(p)
				r.Realised += p.realised
			}
		}
		if len(errs) == 0 {
			return r, false
		}
		r.Predicted /= float64(len(errs))
		r.Realised /= float64(len(errs))
		r.Error = MeanCI(errs)
		return r, true
	}
	cal.Chosen, _ = row("every chosen option", func(p *calibPoint) bool { return p.chosen })
	for ph := rules.PhaseBid1; ph < rules.PhasePlay; ph++ {
		if r, ok := row(phaseNames[ph], func(p *calibPoint) bool { return p.chosen && p.phase == ph }); ok {
			cal.Phases = append(cal.Phases, r)
		}
	}
	var names []string
	seen := map[string]bool{}
	for _, p := range ps {
		if !seen[p.option] {
			seen[p.option] = true
			names = append(names, p.option)
		}
	}
	for _, n := range names {
		if r, ok := row(n, func(p *calibPoint) bool { return p.chosen && p.option == n }); ok {
			cal.Options = append(cal.Options, r)
		}
		if cfg.Counterfactual {
			if r, ok := row(n, func(p *calibPoint) bool { return p.option == n }); ok {
				cal.Every = append(cal.Every, r)
			}
		}
	}
	for k, m := range cfg.Candidates {
		pred = func(p *calibPoint) float64 { return p.cand[k] }
		cc := CandidateCalib{Method: m.String()}
		for ph := rules.PhaseBid1; ph < rules.PhasePlay; ph++ {
			if r, ok := row(phaseNames[ph], func(p *calibPoint) bool { return p.chosen && p.phase == ph }); ok {
				cc.Phases = append(cc.Phases, r)
			}
		}
		cc.All, _ = row("every option played", func(p *calibPoint) bool { return true })
		cal.Candidates = append(cal.Candidates, cc)
	}
	cal.MakerBias, cal.DefenderBias = fitBias(ps, func(p *calibPoint) bool { return true })
	for ph := rules.PhaseBid1; ph < rules.PhasePlay; ph++ {
		m, d := fitBias(ps, func(p *calibPoint) bool { return p.phase == ph })
		cal.Bias = append(cal.Bias, PhaseBias{Phase: phaseNames[ph], Maker: m, Defender: d})
	}
	return cal
}

// fitBias fits the error of the points kept as maker·makes +
// defender·defends by least squares (no constant: a deal thrown in is
// predicted exactly).
func fitBias(ps []calibPoint, keep func(p *calibPoint) bool) (maker, defender float64) {
	var smm, smd, sdd, sme, sde float64
	for i := range ps {
		p := &ps[i]
		if !keep(p) {
			continue
		}
		e := p.predicted - p.realised
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

// WriteText writes the calibration for people.
func (c *Calibration) WriteText(w io.Writer) error {
	ew := &errWriter{w: w}
	ew.printf("calibration of the %s evaluation, seed %d, rules %s\n", c.Method, c.Seed, c.Rules)
	ew.printf("%d deals of %d played out by hard against hard (card-play budget %s, bid budget %s)\n",
		c.Finished, c.Deals, budgetName(c.Budget), budgetName(c.BidBudget))
	ew.printf("error = predicted minus realised score difference of the deciding seat, points a deal, 95%% interval\n")
	table := func(title string, rows []CalibRow) {
		ew.printf("%s\n", title)
		tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintf(tw, "\tdecisions\tpredicted\trealised\terror\tinterval\t\n")
		for _, r := range rows {
			fmt.Fprintf(tw, "%s\t%d\t%+.1f\t%+.1f\t%+.1f\t[%+.1f, %+.1f]\t\n", r.Name, r.Error.N,
				r.Predicted, r.Realised, r.Error.Mean, r.Error.Lo, r.Error.Hi)
		}
		tw.Flush()
	}
	table("the option chosen, by phase:", append(c.Phases, c.Chosen))
	table("the option chosen, by option:", c.Options)
	if c.Counterfactual {
		table("every option (the others played out from a copy), by option:", c.Every)
	}
	for _, cc := range c.Candidates {
		table(fmt.Sprintf("candidate %s, predicting the same options (chosen by %s), by phase:", cc.Method, c.Method),
			append(cc.Phases, cc.All))
	}
	ew.printf("fitted bias left (add to the correction): maker %+.1f, defender %+.1f; by phase:", c.MakerBias, c.DefenderBias)
	for _, b := range c.Bias {
		ew.printf(" %s %+.1f/%+.1f;", b.Phase, b.Maker, b.Defender)
	}
	ew.printf("\n")
	ew.printf("elapsed %.1fs\n", c.Elapsed)
	return ew.err
}

func budgetName(n int) string {
	if n == 0 {
		return "default"
	}
	return fmt.Sprint(n)
}
