package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/match"
	"github.com/klob/klob/internal/progress"
	"github.com/klob/klob/rules"
)

const matchUsage = `usage: klob match -a LEVEL -b LEVEL [-players 2|3|4] [-deals N] [-games N] [-seed S] [-json] [-save DIR] [-budget N] [-workers N] [-deadline D] [-rules OPTS]

Plays bot A against bot B on duplicate deals (each deck twice, seats
swapped) and whole games to the target (each twice, seats swapped), and
reports A's mean margin per deal with its 95% interval, the share of
games A won, each side's take and bete rates and decision times. Without
-deals or -games it plays 500 duplicate deals; -deals takes at most
1000000 and -games at most 100000. A progress line is
rewritten on stderr while it runs (-quiet turns it off).
With -players 3 or 4 each deck is played with the seats rotated so
that every bot sits in every seat (four: team A in seats A and C, then
B and D; three: one A and two B, then two A and one B, each rotated), and
the report gives each level's average per deal with its 95% interval.
-save DIR writes every deal and game played as a game log.
Levels: random, easy, normal, hard.
`

// runMatch is the match subcommand.
func runMatch(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("match", matchUsage)
	a := fs.String("a", "", "level of bot A")
	b := fs.String("b", "", "level of bot B")
	deals := fs.Int("deals", 500, "duplicate deals (decks, each played twice); 0 by default with -games")
	games := fs.Int("games", 0, "games to the target (each played twice)")
	seed := fs.Uint64("seed", 1, "match seed")
	asJSON := fs.Bool("json", false, "print the report as one JSON object")
	budget := fs.Int("budget", 0, "samples per decision for the hard bot (0: its default)")
	workers := fs.Int("workers", 0, "goroutines playing deals (0: GOMAXPROCS)")
	deadline := fs.Duration("deadline", match.DefaultDeadline, "time limit of one decision")
	rulesOpt := fs.String("rules", "", "rule options, key=value,... (default: RULES.md defaults)")
	quiet := fs.Bool("quiet", false, "no progress line")
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
	if *a == "" || *b == "" {
		return usageErr("both -a and -b are needed")
	}
	la, err := ai.ParseLevel(*a)
	if err != nil {
		return usageErr("-a: %v", err)
	}
	lb, err := ai.ParseLevel(*b)
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
		Workers: *workers, Deadline: *deadline, Options: opts, Save: *save}
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
