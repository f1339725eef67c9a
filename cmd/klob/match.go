package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/platform/progress"
	"github.com/klob/klob/internal/study/match"
	"github.com/klob/klob/rules"
)

const matchUsage = `usage: klob match -a LEVEL -b LEVEL [-players 2|3|4] [-decks N] [-games N]
                  [-seed S] [-json] [-save DIR] [-budget N] [-play-budget N]
                  [-workers N] [-deadline D] [-think D] [-rules OPTS] [-quiet]
       klob match -calibrate [-players 2|3|4] [-eval METHOD] [-decks N]
                  [-seed S] [-json] [-budget N] [-bid-budget N] [-workers N]
                  [-rules OPTS]

Plays bot level A against bot level B on duplicate decks and whole games
to the target, at a table of two, three or four. Each deck and each game
is played once in every seating, so that every level sits in every
seat: at two and four players the levels swap seats (four: team A in
seats A and C, then B and D); at three A sits alone in each seat, then B
does. The report gives each level's score per deal and A's margin per
deal (the score of the side a level holds alone less the mean of the
others, for A) with 95% intervals over decks (a score's cut at 0: a
score is never negative), each level's share of the games won (a
three-player game won by either of two B seats counts once, for B), the
take and bete rates and the decision times. Without -decks
or -games it plays 500 decks; -decks takes at most 1000000 (-deals is
the same flag) and -games at most 100000. A progress line is rewritten
on stderr while it runs (-quiet turns it off); an interrupt (Ctrl-C)
reports the decks and games finished so far, and exits 130.
Levels: random, easy, normal, hard, or a phase hybrid LEVEL:key=value,...
with bid=LEVEL (the decisions before the card play), play=LEVEL (the
card play), eval=corrected|solved (the hard bot's evaluation) and
read=on|off (whether the hard bot reads the other seats' card play into
their hands), e.g. -a hard -b hard:bid=normal.
-save DIR writes every deal and game played as a game log, in a
directory that holds no game logs yet (the names are only the seed,
deck or game, and seating: another match would write over them), made
if missing in a folder that exists. The
hard bot keeps its own time guard a decision besides its budget; -think
changes it, and a negative -think turns it off, with the match's own
-deadline unless it is given, so that the match is a function of its
seed and budgets alone, however loaded the machine.

With -calibrate it checks the hard bot's evaluation of the decisions
before the card play instead: N decks are dealt and played out by hard
bots, and each decision's predicted margin for the option chosen is
compared with the deciding side's margin when the deal is over, by
phase and by option, each with its mean error and 95% interval. An
interrupt (Ctrl-C) reports the deals finished so far, and exits 130.
`

// runMatch is the match subcommand.
func runMatch(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("match", matchUsage)
	a := fs.String("a", "", "level of bot A")
	b := fs.String("b", "", "level of bot B")
	decks := fs.Int("decks", 500, "duplicate decks, each dealt once in every seating; 0 by default with -games")
	fs.IntVar(decks, "deals", 500, "the same as -decks")
	games := fs.Int("games", 0, "games to the target, each played once in every seating")
	seed := fs.Uint64("seed", 1, "match seed")
	asJSON := fs.Bool("json", false, "print the report as one JSON object")
	budget := fs.Int("budget", 0, "samples per decision for the hard bot (0: its default); with -calibrate, per card of the card play")
	playBudget := fs.Int("play-budget", 0, "samples per card-play decision for the hard bot (0: -budget)")
	workers := fs.Int("workers", 0, "goroutines playing decks (0: GOMAXPROCS)")
	deadline := fs.Duration("deadline", match.DefaultDeadline, "time limit of one decision")
	think := fs.Duration("think", 0, "the hard bot's own time guard a decision (0: its default; negative, such as -1s: none, so that the match depends on the seed alone)")
	rulesOpt := fs.optionList("rules", "rule options, key=value,... (may be given more than once; default: the defaults of klob rules); a house variant the table does not play is left out, with a line on stderr, so one list serves every -players; one no table plays (bimah without dealer_forced) is refused")
	quiet := fs.Bool("quiet", false, "no progress line")
	calibrate := fs.Bool("calibrate", false, "calibrate the hard bot's evaluation of the decisions before the card play instead of playing a match")
	method := fs.String("eval", "corrected", "with -calibrate: the evaluation method: corrected or solved")
	bidBudget := fs.Int("bid-budget", 0, "with -calibrate: samples per evaluated decision (0: the hard bot's)")
	players := fs.Int("players", 0, "players at the table, 2, 3 or 4, over -rules players= (0: as -rules says, else 2)")
	fs.saysRange("players", playersRange)
	save := fs.String("save", "", "directory to write every deal and game played as a game log")
	usageErr := func(format string, args ...any) int { return fs.fail(stderr, format, args...) }
	pos, err := fs.parse(args, stdout, stderr)
	if err != nil {
		return parseExit(err)
	}
	set := fs.set()
	if set["decks"] && set["deals"] {
		return usageErr("-decks and -deals are the same flag: give one")
	}
	// The decks' flag is named as the user typed it: -deals is its
	// other name.
	decksFlag := "-decks"
	if set["deals"] {
		decksFlag = "-deals"
	}
	if !set["decks"] && !set["deals"] && set["games"] {
		*decks = 0 // -games alone plays only games, -games 0 none
	}
	if len(pos) > 0 {
		return fs.misused(stderr, "unexpected argument %q", pos[0])
	}
	if set["save"] && *save == "" {
		return usageErr("-save needs a directory: -save DIR")
	}
	opts, err := rulesOpt.options()
	if err != nil {
		return usageErr("-rules: %v", err)
	}
	switch {
	case *players == 0:
	case rules.ValidPlayers(*players):
		opts = opts.WithPlayers(*players)
	default:
		return usageErr("%s", playersRange(fmt.Sprint(*players)))
	}
	// An option no table plays is a mistake in the list, refused as
	// play refuses it. A variant this table does not play is left out,
	// as the setup form does, so that the report and the logs name only
	// the rules played.
	if why := opts.NeverPlayed(); len(why) > 0 {
		return usageErr("-rules: not played: %s", strings.Join(why, ", "))
	}
	if why := notPlayed(opts); len(why) > 0 {
		printError(stderr, "match", "left out, not played: "+strings.Join(why, ", "))
		opts = opts.Applicable()
	}
	if *calibrate {
		return runCalibrate(calibArgs{deals: *decks, decksFlag: decksFlag, seed: *seed, budget: *budget, bidBudget: *bidBudget,
			workers: *workers, method: *method, opts: opts, json: *asJSON, quiet: *quiet, set: set}, stdout, stderr, usageErr)
	}
	if set["eval"] {
		return usageErr("-eval goes with -calibrate only (a level takes eval=: -a hard:eval=solved)")
	}
	if set["bid-budget"] {
		return usageErr("-bid-budget goes with -calibrate only (a match's budget is -budget)")
	}
	if *a == "" || *b == "" {
		return fs.misused(stderr, "both -a and -b are needed")
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
	case *decks < 0:
		return usageErr("%s must not be negative, got %d", decksFlag, *decks)
	case *games < 0:
		return usageErr("-games must not be negative, got %d", *games)
	case *decks > match.MaxDecks:
		return usageErr("%s %d: at most %d", decksFlag, *decks, match.MaxDecks)
	case *games > match.MaxGames:
		return usageErr("-games %d: at most %d", *games, match.MaxGames)
	case *decks == 0 && *games == 0 && !set["decks"] && !set["deals"]:
		return usageErr("nothing to play: -games is 0 (with -games alone no decks are played)")
	case *decks == 0 && *games == 0:
		return usageErr("nothing to play: %s and -games are both 0", decksFlag)
	case *budget < 0:
		return usageErr("-budget must not be negative, got %d", *budget)
	case *playBudget < 0:
		return usageErr("-play-budget must not be negative, got %d", *playBudget)
	case *workers < 0:
		return usageErr("-workers must not be negative, got %d", *workers)
	case *deadline <= 0:
		return usageErr("-deadline must be positive, got %v", *deadline)
	}
	cfg := match.Config{A: la, B: lb, Decks: *decks, Games: *games, Seed: *seed, Budget: *budget,
		PlayBudget: *playBudget, Workers: *workers, Deadline: matchDeadline(*think, *deadline, set["deadline"]), Think: *think,
		Options: opts, Partial: true, Save: *save}
	if !*quiet {
		// On a terminal the line is rewritten in place; in a pipe or a
		// file it is a plain line every few seconds.
		cfg.Progress = progress.New(stderr)
	}
	run := func(ctx context.Context) (*match.Report, error) {
		rep, err := match.Run(ctx, cfg)
		return rep, flagFileError("-save", *save, err)
	}
	return runReport(run, *asJSON, stdout, stderr)
}

// matchDeadline is the match's limit a decision: -deadline, but none
// when a negative -think turns the clocks off and -deadline was not
// given (the limit would cut the slowest decisions on a loaded machine
// just as the bot's own guard would).
func matchDeadline(think, deadline time.Duration, given bool) time.Duration {
	if think < 0 && !given {
		return 0
	}
	return deadline
}

// runReport runs run until it is done or an interrupt (Ctrl-C) ends its
// context, writes its report as indented JSON or as text, and returns
// the exit code.
func runReport[R interface{ WriteText(io.Writer) error }](run func(context.Context) (R, error), asJSON bool,
	stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rep, err := run(ctx)
	if err == nil && asJSON {
		var data []byte
		if data, err = json.MarshalIndent(rep, "", "  "); err == nil {
			_, err = stdout.Write(append(roundJSONFloats(data, jsonDigits), '\n'))
		}
	} else if err == nil {
		err = rep.WriteText(stdout)
	}
	if err != nil {
		return failed(stderr, "match", err)
	}
	return interrupted(ctx)
}

// jsonDigits is the significant digits a figure of the JSON report
// keeps: means and bounds of points, rates, microseconds, more than the
// statistics can tell apart.
const jsonDigits = 6

// roundJSONFloats rewrites each number with a fraction or an exponent in
// the JSON data to digits significant digits, written as short as it
// reads back (-116.50099999999999 is -116.501). Whole numbers (counts,
// a 64-bit seed) and the text of strings are left as they are.
func roundJSONFloats(data []byte, digits int) []byte {
	out := make([]byte, 0, len(data))
	for i := 0; i < len(data); {
		c := data[i]
		switch {
		case c == '"':
			// A string, to its closing quote (a \" inside does not end it).
			j := i + 1
			for j < len(data) && data[j] != '"' {
				if data[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(data))
			out, i = append(out, data[i:j]...), j
		case c == '-' || c >= '0' && c <= '9':
			j := i + 1
			for j < len(data) && strings.IndexByte("0123456789.eE+-", data[j]) >= 0 {
				j++
			}
			num := string(data[i:j])
			if v, err := strconv.ParseFloat(num, 64); err == nil && strings.ContainsAny(num, ".eE") {
				v, _ = strconv.ParseFloat(strconv.FormatFloat(v, 'g', digits, 64), 64)
				num = strconv.FormatFloat(v, 'f', -1, 64)
			}
			out, i = append(out, num...), j
		default:
			out, i = append(out, c), i+1
		}
	}
	return out
}

// interrupted is the exit code of a report that ran to its end, 0, or
// was cut short by an interrupt, 130 as a shell gives a command Ctrl-C
// stopped: a script tells a partial report from a whole one.
func interrupted(ctx context.Context) int {
	if ctx.Err() != nil {
		return 130
	}
	return 0
}

type calibArgs struct {
	deals, budget, bidBudget, workers int
	decksFlag                         string // "-decks" or "-deals", as typed
	seed                              uint64
	method                            string
	opts                              rules.Options
	json, quiet                       bool
	set                               map[string]bool
}

// runCalibrate is klob match -calibrate.
func runCalibrate(c calibArgs, stdout, stderr io.Writer, usageErr func(string, ...any) int) int {
	for _, f := range []string{"a", "b", "games", "deadline", "think", "play-budget", "save"} {
		if c.set[f] {
			return usageErr("-%s does not go with -calibrate", f)
		}
	}
	switch {
	case c.deals <= 0:
		return usageErr("%s must be positive, got %d", c.decksFlag, c.deals)
	case c.deals > match.MaxDecks:
		return usageErr("%s %d: at most %d", c.decksFlag, c.deals, match.MaxDecks)
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
	cfg := match.CalibConfig{Deals: c.deals, Seed: c.seed, Method: m, Budget: c.budget, BidBudget: c.bidBudget,
		Workers: c.workers, Options: c.opts}
	if !c.quiet {
		cfg.Progress = progress.New(stderr)
	}
	run := func(ctx context.Context) (*match.Calibration, error) { return match.Calibrate(ctx, cfg) }
	return runReport(run, c.json, stdout, stderr)
}
