package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/platform/progress"
	"github.com/klob/klob/internal/study/match"
	"github.com/klob/klob/rules"
)

const matchUsage = `usage: klob match -a LEVEL -b LEVEL [-players 2|3|4] [-deals N] [-games N] [-seed S] [-json] [-save DIR] [-budget N] [-play-budget N] [-workers N] [-deadline D] [-rules OPTS]
       klob match -calibrate [-eval METHOD] [-deals N] [-seed S] [-json] [-budget N] [-bid-budget N] [-counterfactual] [-dump FILE] [-workers N] [-rules OPTS]

Plays bot A against bot B on duplicate deals (each deck twice, seats
swapped) and whole games to the target (each twice, seats swapped), and
reports A's mean margin per deal with its 95% interval, the share of
games A won, each side's take and bete rates and decision times. Without
-deals or -games it plays 500 duplicate deals; -deals takes at most
1000000 and -games at most 100000. A progress line is rewritten on
stderr while it runs (-quiet turns it off); an interrupt (Ctrl-C)
reports the deals and games finished so far.
Levels: random, easy, normal, hard, or a phase hybrid LEVEL:key=value,...
with bid=LEVEL (the decisions before the card play), play=LEVEL (the
card play), eval=corrected|solved|playout|fitted (the hard bot's
evaluation) and read=on|off (whether the hard bot reads the other
seats' card play into their hands), e.g. -a hard -b hard:bid=normal.
With -players 3 or 4 each deck and each game is played with the seats
rotated so that every bot sits in every seat (four: team A in seats A
and C, then B and D; three: one A and two B, then two A and one B, each
rotated), and the report gives each level's average per deal and its
share of the games won, with 95% intervals; with three players a game
won by either of two B bots counts once, as won by B. At a table a
hybrid may only set read (e.g. -b hard:read=off).
-save DIR writes every deal and game played as a game log.

With -calibrate it checks the hard bot's evaluation of the decisions
before the card play instead: N decks are played by two hard bots, and
each bid's predicted score difference is compared with what the deal
brings when played out, by phase and by option (-counterfactual also
plays out every option not chosen, and -dump FILE writes every option
played out as a JSON line, what the fitted evaluation's weights are
fitted on). An interrupt (Ctrl-C) reports the deals finished so far.
`

// runMatch is the match subcommand.
func runMatch(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("match", matchUsage)
	a := fs.String("a", "", "level of bot A")
	b := fs.String("b", "", "level of bot B")
	deals := fs.Int("deals", 500, "duplicate deals (decks, each played twice); 0 by default with -games")
	games := fs.Int("games", 0, "games to the target (each played twice, or in every seating with -players 3 or 4)")
	seed := fs.Uint64("seed", 1, "match seed")
	asJSON := fs.Bool("json", false, "print the report as one JSON object")
	budget := fs.Int("budget", 0, "samples per decision for the hard bot (0: its default); with -calibrate, per card of the card play")
	playBudget := fs.Int("play-budget", 0, "samples per card-play decision for the hard bot (0: -budget)")
	workers := fs.Int("workers", 0, "goroutines playing deals (0: GOMAXPROCS)")
	deadline := fs.Duration("deadline", match.DefaultDeadline, "time limit of one decision")
	rulesOpt := fs.String("rules", "", "rule options, key=value,... (default: the defaults of klob rules)")
	quiet := fs.Bool("quiet", false, "no progress line")
	calibrate := fs.Bool("calibrate", false, "calibrate the hard bot's bid evaluation instead of playing a match")
	method := fs.String("eval", "corrected", "with -calibrate: the evaluation method: corrected, solved, playout or fitted")
	bidBudget := fs.Int("bid-budget", 0, "with -calibrate: samples per evaluated bid (0: the hard bot's)")
	counterfactual := fs.Bool("counterfactual", false, "with -calibrate: also play out every option not chosen")
	dump := fs.String("dump", "", "with -calibrate: write every option played out to this file, one JSON object a line")
	candidates := fs.String("candidates", "", "with -calibrate: other methods, comma-separated, whose predictions of the same options are checked too")
	players := fs.Int("players", 0, "players at the table, 2, 3 or 4 (0: as -rules says, else 2)")
	save := fs.String("save", "", "directory to write every game played as a game log")
	usageErr := func(format string, args ...any) int { return fs.fail(stderr, format, args...) }
	pos, err := fs.parse(args, stdout, stderr)
	if err != nil {
		return parseExit(err)
	}
	if !fs.set()["deals"] && *games > 0 {
		*deals = 0 // -games alone plays only games
	}
	if len(pos) > 0 {
		return usageErr("unexpected argument %q", pos[0])
	}
	if *calibrate {
		return runCalibrate(calibArgs{deals: *deals, seed: *seed, budget: *budget, bidBudget: *bidBudget,
			workers: *workers, method: *method, rules: *rulesOpt, counterfactual: *counterfactual,
			candidates: *candidates, dump: *dump, json: *asJSON, quiet: *quiet, set: fs.set()}, stdout, stderr, usageErr)
	}
	if *a == "" || *b == "" {
		return usageErr("both -a and -b are needed")
	}
	la, err := ai.ParseMixed(*a)
	if err != nil {
		return usageErr("-a: %v", err)
	}
	lb, err := ai.ParseMixed(*b)
	if err != nil {
		return usageErr("-b: %v", err)
	}
	switch {
	case *deals < 0:
		return usageErr("-deals must not be negative, got %d", *deals)
	case *games < 0:
		return usageErr("-games must not be negative, got %d", *games)
	case *deals > match.MaxDeals:
		return usageErr("-deals %d: at most %d", *deals, match.MaxDeals)
	case *games > match.MaxGames:
		return usageErr("-games %d: at most %d", *games, match.MaxGames)
	case *deals == 0 && *games == 0:
		return usageErr("nothing to play: -deals and -games are both 0")
	case *budget < 0:
		return usageErr("-budget must not be negative, got %d", *budget)
	case *playBudget < 0:
		return usageErr("-play-budget must not be negative, got %d", *playBudget)
	case *workers < 0:
		return usageErr("-workers must not be negative, got %d", *workers)
	case *deadline <= 0:
		return usageErr("-deadline must be positive, got %v", *deadline)
	}
	opts, err := rules.ParseOptions(*rulesOpt)
	if err != nil {
		return usageErr("-rules: %v", err)
	}
	switch *players {
	case 0:
	case 2, 3, 4:
		opts.Players = *players
		if *players == 2 {
			opts.Players = 0 // the default, as ParseOptions leaves it
		}
	default:
		return usageErr("-players must be 2, 3 or 4, got %d", *players)
	}
	cfg := match.Config{A: la, B: lb, Deals: *deals, Games: *games, Seed: *seed, Budget: *budget,
		PlayBudget: *playBudget, Workers: *workers, Deadline: *deadline, Options: opts, Partial: true, Save: *save}
	if !*quiet {
		// On a terminal the line is rewritten in place; in a pipe or a
		// file it is a plain line every few seconds.
		cfg.Progress = progress.New(stderr)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rep, err := match.Run(ctx, cfg)
	if err != nil {
		fmt.Fprintf(stderr, "klob match: %v\n", err)
		return 1
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintf(stderr, "klob match: %v\n", err)
			return 1
		}
		return 0
	}
	if err := rep.WriteText(stdout); err != nil {
		fmt.Fprintf(stderr, "klob match: %v\n", err)
		return 1
	}
	return 0
}

type calibArgs struct {
	deals, budget, bidBudget, workers int
	seed                              uint64
	method, rules, candidates, dump   string
	counterfactual, json, quiet       bool
	set                               map[string]bool
}

// runCalibrate is klob match -calibrate.
func runCalibrate(c calibArgs, stdout, stderr io.Writer, usageErr func(string, ...any) int) int {
	for _, f := range []string{"a", "b", "games", "deadline", "play-budget"} {
		if c.set[f] {
			return usageErr("-%s does not go with -calibrate", f)
		}
	}
	switch {
	case c.deals <= 0:
		return usageErr("-deals must be positive, got %d", c.deals)
	case c.deals > match.MaxDeals:
		return usageErr("-deals %d: at most %d", c.deals, match.MaxDeals)
	case c.budget < 0:
		return usageErr("-budget must not be negative, got %d", c.budget)
	case c.bidBudget < 0:
		return usageErr("-bid-budget must not be negative, got %d", c.bidBudget)
	case c.workers < 0:
		return usageErr("-workers must not be negative, got %d", c.workers)
	}
	m, err := eval.ParseMethod(c.method)
	if err != nil {
		return usageErr("-eval: %v", err)
	}
	var cands []eval.Method
	if c.candidates != "" {
		for _, s := range strings.Split(c.candidates, ",") {
			cm, err := eval.ParseMethod(s)
			if err != nil {
				return usageErr("-candidates: %v", err)
			}
			cands = append(cands, cm)
		}
	}
	opts, err := rules.ParseOptions(c.rules)
	if err != nil {
		return usageErr("-rules: %v", err)
	}
	cfg := match.CalibConfig{Candidates: cands, Deals: c.deals, Seed: c.seed, Method: m, Budget: c.budget, BidBudget: c.bidBudget,
		Workers: c.workers, Counterfactual: c.counterfactual, Options: opts}
	if !c.quiet {
		cfg.Progress = stderr
	}
	if c.dump != "" {
		f, err := os.Create(c.dump)
		if err != nil {
			fmt.Fprintf(stderr, "klob match: %v\n", err)
			return 1
		}
		defer f.Close()
		bw := bufio.NewWriter(f)
		defer bw.Flush()
		cfg.Dump = bw
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cal, err := match.Calibrate(ctx, cfg)
	if err != nil {
		fmt.Fprintf(stderr, "klob match: %v\n", err)
		return 1
	}
	if c.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(cal)
	} else {
		err = cal.WriteText(stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "klob match: %v\n", err)
		return 1
	}
	return 0
}
