package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"

	"github.com/klob/klob/internal/analysis"
	"github.com/klob/klob/internal/gamelog"
	"github.com/klob/klob/internal/progress"
	"github.com/klob/klob/rules"
)

// runAnalyze grades every decision of a saved game with the hard bot's
// evaluation from the deciding player's information, and prints per deal
// and per player the decisions graded, the expected points lost and the
// biggest mistakes with what would have been better (-json: the same as
// one JSON object). A progress line goes to stderr. Exit 0 when the log
// was analysed, 1 when it cannot be read (the file:line error is
// printed), 2 for usage errors.
//
//	klob analyze FILE [-json] [-samples N] [-seed N]
func runAnalyze(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the report as one JSON object")
	samples := fs.Int("samples", 0, fmt.Sprintf("sampled deals a decision (default by phase: bids %d, dix and dialogue %d, cards %d)",
		analysis.BidSamples, analysis.PrepSamples, analysis.PlaySamples))
	seed := fs.Uint64("seed", 0, "seed of the samples: the same seed gives the same report")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: klob analyze FILE [-json] [-samples N] [-seed N]")
		fmt.Fprintln(fs.Output(), "Grades every decision of a saved game: the points each is expected to lose against the best one.")
		fs.PrintDefaults()
	}
	files, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(stdout)
		fs.Usage()
		return 0
	}
	if err != nil {
		return 2
	}
	switch {
	case len(files) == 0:
		fmt.Fprintln(stderr, "klob analyze: no file given")
		fs.Usage()
		return 2
	case len(files) > 1:
		fmt.Fprintf(stderr, "klob analyze: one file at a time (got %d)\n", len(files))
		fs.Usage()
		return 2
	case *samples < 0 || *samples > maxAnalyzeSamples:
		fmt.Fprintf(stderr, "klob analyze: -samples %d: want 1 to %d, or 0 for the default\n", *samples, maxAnalyzeSamples)
		return 2
	}
	path := files[0]
	r, err := readReplay(path)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	start := time.Now()
	line := progress.New(stderr)
	rep, err := analysis.Analyze(context.Background(), r, analysis.Options{
		Samples: *samples, Seed: *seed, Progress: progressLine(line),
	})
	if err != nil {
		line.Break()
		fmt.Fprintf(stderr, "klob analyze: %v\n", err)
		return 1
	}
	line.Done(fmt.Sprintf("analysed %d deals in %.1fs", len(rep.Deals), time.Since(start).Seconds()))
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(reportJSON(path, r, rep)); err != nil {
			fmt.Fprintf(stderr, "klob analyze: %v\n", err)
			return 1
		}
		return 0
	}
	writeReport(stdout, path, r, rep)
	return 0
}

// maxAnalyzeSamples bounds -samples: past it a game takes hours.
const maxAnalyzeSamples = 20000

// parseInterspersed parses flags that may come before or after the
// positional arguments ("FILE -json" as well as "-json FILE"), which
// package flag alone stops at, and returns the positional ones.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// readReplay reads and replays a log; its errors say file:line:col.
func readReplay(path string) (*gamelog.Replay, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	l, err := gamelog.Parse(path, data)
	if err != nil {
		return nil, err
	}
	return l.Replay()
}

// progressLine returns a progress callback that shows each new
// percentage on line (rewritten in place on a terminal, a plain line
// every few seconds elsewhere).
func progressLine(line *progress.Line) func(analysis.Progress) {
	last := -1
	return func(p analysis.Progress) {
		pct := 100 * p.Done / max(1, p.Total)
		if pct == last && p.Done != p.Total {
			return
		}
		last = pct
		line.Update(fmt.Sprintf("analysing: %d of %d decisions (%d%%), deal %d", p.Done, p.Total, pct, p.Deal))
	}
}

// playerName is "Hard A (A, hard)".
func playerName(h *gamelog.Header, s rules.Seat) string {
	name := h.Players[s]
	if name == "" {
		name = "player " + s.String()
	}
	if h.Levels[s] != "" {
		return fmt.Sprintf("%s (%s, %s)", name, s, h.Levels[s])
	}
	return fmt.Sprintf("%s (%s)", name, s)
}

// dealResult is "made by A, A 90 B 54" or "thrown in".
func dealResult(d *gamelog.ReplayDeal) string {
	sc := d.Score
	switch {
	case !d.Done:
		return "unfinished"
	case sc.Outcome == rules.Abandoned:
		return "thrown in"
	}
	return fmt.Sprintf("%s by %s in %s, scored A %d B %d", sc.Outcome, sc.Maker, sc.Trump.Name(), sc.Scored[0], sc.Scored[1])
}

// where names a decision: "deal 3 step 8 (trick 1)".
func where(d *analysis.Decision, withDeal bool) string {
	s := fmt.Sprintf("step %d", d.Step)
	if withDeal {
		s = fmt.Sprintf("deal %d %s", d.Deal, s)
	}
	if d.Trick > 0 {
		return fmt.Sprintf("%s (trick %d)", s, d.Trick)
	}
	return fmt.Sprintf("%s (%s)", s, d.Phase)
}

// summaryLine is "9 graded, 3 forced, 1.2 points lost: 1 blunder".
func summaryLine(s *analysis.Summary) string {
	line := fmt.Sprintf("%d graded, %d forced, %.1f points lost", s.Graded, s.Forced, s.Lost)
	if s.Graded > 0 {
		line += fmt.Sprintf(" (%.2f a decision)", s.Lost/float64(s.Graded))
	}
	var bad []string
	for g := analysis.Blunder; g >= analysis.Inaccuracy; g-- {
		if n := s.Counts[g]; n > 0 {
			name := g.String()
			if n > 1 {
				name += "s"
				if g == analysis.Inaccuracy {
					name = "inaccuracies"
				}
			}
			bad = append(bad, fmt.Sprintf("%d %s", n, name))
		}
	}
	if len(bad) > 0 {
		line += ": " + strings.Join(bad, ", ")
	}
	return line
}

// writeReport prints the report as text.
func writeReport(w io.Writer, path string, r *gamelog.Replay, rep *analysis.Report) {
	h := &r.Header
	fmt.Fprintf(w, "%s: %s vs %s\n", path, playerName(h, rules.SeatA), playerName(h, rules.SeatB))
	if rep.Samples > 0 {
		fmt.Fprintf(w, "%d samples a decision, seed %d.\n", rep.Samples, rep.Seed)
	} else {
		fmt.Fprintf(w, "Samples a decision: bids %d, dix and dialogue %d, cards %d; seed %d.\n",
			analysis.BidSamples, analysis.PrepSamples, analysis.PlaySamples, rep.Seed)
	}
	fmt.Fprintln(w, "Points lost: the expected score difference (own points minus the opponent's) given up against the best action.")
	mistakes := func(s *analysis.Summary, withDeal bool) {
		for i := range s.Mistakes {
			m := &s.Mistakes[i]
			fmt.Fprintf(w, "       %s: %s, %s %s, loses %.1f; better %s\n", where(m, withDeal), m.Action, m.Grade, m.Grade.Mark(), m.Loss, m.Best)
		}
	}
	for i := range rep.Deals {
		dr := &rep.Deals[i]
		fmt.Fprintf(w, "\ndeal %d, dealer %s: %s\n", dr.No, dr.Dealer, dealResult(&r.Deals[i]))
		for s := rules.SeatA; s <= rules.SeatB; s++ {
			fmt.Fprintf(w, "  %s  %s\n", s, summaryLine(&dr.Players[s]))
			mistakes(&dr.Players[s], false)
		}
	}
	fmt.Fprintf(w, "\ngame: ")
	if r.Over {
		fmt.Fprintf(w, "%s wins %d to %d\n", r.Winner, r.Totals[r.Winner], r.Totals[r.Winner.Other()])
	} else {
		fmt.Fprintf(w, "unfinished, A %d B %d\n", r.Totals[0], r.Totals[1])
	}
	for s := rules.SeatA; s <= rules.SeatB; s++ {
		fmt.Fprintf(w, "  %s  %s\n", s, summaryLine(&rep.Players[s]))
		mistakes(&rep.Players[s], true)
	}
}

// The JSON report: the same content as the text, one object.
type (
	jsonReport struct {
		File    string       `json:"file"`
		Players []jsonPlayer `json:"players"`
		Seed    uint64       `json:"seed"`
		// Samples is the samples a decision by phase.
		Samples jsonSamples `json:"samples"`
		Deals   []jsonDeal  `json:"deals"`
		Game    jsonGame    `json:"game"`
	}
	jsonPlayer struct {
		Seat  string `json:"seat"`
		Name  string `json:"name"`
		Level string `json:"level"`
	}
	jsonSamples struct {
		Bids     int `json:"bids"`
		Dialogue int `json:"dix_and_dialogue"`
		Cards    int `json:"cards"`
	}
	jsonDeal struct {
		Deal    int                    `json:"deal"`
		Dealer  string                 `json:"dealer"`
		Result  string                 `json:"result"`
		Players map[string]jsonSummary `json:"players"`
	}
	jsonGame struct {
		Over    bool                   `json:"over"`
		Winner  string                 `json:"winner,omitempty"`
		Totals  map[string]int         `json:"totals"`
		Players map[string]jsonSummary `json:"players"`
	}
	jsonSummary struct {
		Graded   int            `json:"graded"`
		Forced   int            `json:"forced"`
		Lost     float64        `json:"points_lost"`
		Grades   map[string]int `json:"grades"`
		Mistakes []jsonDecision `json:"mistakes"`
	}
	jsonDecision struct {
		Deal    int     `json:"deal"`
		Step    int     `json:"step"`
		Trick   int     `json:"trick,omitempty"`
		Phase   string  `json:"phase"`
		Seat    string  `json:"seat"`
		Action  string  `json:"action"`
		Grade   string  `json:"grade"`
		Loss    float64 `json:"loss"`
		Better  string  `json:"better"`
		Samples int     `json:"samples"`
	}
)

func round2(x float64) float64 { return math.Round(x*100) / 100 }

func summaryJSON(s *analysis.Summary) jsonSummary {
	js := jsonSummary{Graded: s.Graded, Forced: s.Forced, Lost: round2(s.Lost), Grades: map[string]int{}, Mistakes: []jsonDecision{}}
	for g := analysis.Good; g <= analysis.Blunder; g++ {
		js.Grades[g.String()] = s.Counts[g]
	}
	for i := range s.Mistakes {
		m := &s.Mistakes[i]
		js.Mistakes = append(js.Mistakes, jsonDecision{Deal: m.Deal, Step: m.Step, Trick: m.Trick, Phase: m.Phase.String(),
			Seat: m.Seat.String(), Action: m.Action.String(), Grade: m.Grade.String(), Loss: round2(m.Loss),
			Better: m.Best.String(), Samples: m.Samples})
	}
	return js
}

func reportJSON(path string, r *gamelog.Replay, rep *analysis.Report) jsonReport {
	h := &r.Header
	out := jsonReport{File: path, Seed: rep.Seed, Deals: []jsonDeal{}}
	for s := rules.SeatA; s <= rules.SeatB; s++ {
		out.Players = append(out.Players, jsonPlayer{Seat: s.String(), Name: h.Players[s], Level: h.Levels[s]})
	}
	out.Samples = jsonSamples{analysis.BidSamples, analysis.PrepSamples, analysis.PlaySamples}
	if rep.Samples > 0 {
		out.Samples = jsonSamples{rep.Samples, rep.Samples, rep.Samples}
	}
	for i := range rep.Deals {
		dr := &rep.Deals[i]
		out.Deals = append(out.Deals, jsonDeal{Deal: dr.No, Dealer: dr.Dealer.String(), Result: dealResult(&r.Deals[i]),
			Players: map[string]jsonSummary{"A": summaryJSON(&dr.Players[0]), "B": summaryJSON(&dr.Players[1])}})
	}
	out.Game = jsonGame{Over: r.Over, Totals: map[string]int{"A": r.Totals[0], "B": r.Totals[1]},
		Players: map[string]jsonSummary{"A": summaryJSON(&rep.Players[0]), "B": summaryJSON(&rep.Players[1])}}
	if r.Over {
		out.Game.Winner = r.Winner.String()
	}
	return out
}
