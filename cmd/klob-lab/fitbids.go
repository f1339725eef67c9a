package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/klob/klob/ai/handvalue"
	"github.com/klob/klob/internal/lab/bidfit"
	"github.com/klob/klob/internal/platform/progress"
	"github.com/klob/klob/rules"
)

// runFitBids fits the bid models of package handvalue for one seat count
// (package bidfit) and prints them as the entry of its weight table.
func runFitBids(args []string, stdout, stderr io.Writer) int {
	fs := newCommand("fit-bids", stderr)
	players := fs.Int("players", 2, "players at the table, 2, 3 or 4")
	decks := fs.Int("decks", 20000, "decks played")
	seed := fs.Uint64("seed", 1, "seed of the decks")
	play := fs.String("play", "bots", "how a copy is finished: bots (the normal bot in every seat) or solved (two players: the evaluation's policy, the card play solved)")
	workers := fs.Int("workers", 0, "goroutines (0: GOMAXPROCS)")
	rulesOpt := fs.String("rules", "", "rule options, key=value,... (default: the defaults)")
	outcomes := fs.String("outcomes", "", "also write eval's deal outcome table for -players to this file (two players: with -play solved, outcomes.go; three and four: the table rule, outcomes_three.go and outcomes_four.go), from -decks fresh deals")
	quiet := fs.Bool("quiet", false, "no progress line")
	if code, ok := fs.parse(args); !ok {
		return code
	}
	opts, err := rules.ParseOptions(*rulesOpt)
	if err != nil {
		return fs.fail("-rules: %v", err)
	}
	opts.Players = *players
	cfg := bidfit.Config{Options: opts, Decks: *decks, Seed: *seed, Workers: *workers}
	switch *play {
	case "bots":
	case "solved":
		cfg.Play = handvalue.Solved
	default:
		return fs.fail("-play must be bots or solved, got %q", *play)
	}
	switch {
	case fs.NArg() > 0:
		return fs.fail("unexpected argument %q", fs.Arg(0))
	case !rules.ValidPlayers(*players):
		return fs.fail("-players must be 2, 3 or 4, got %d", *players)
	case cfg.Play == handvalue.Solved && *players != 2:
		return fs.fail("-play solved is the two-player evaluation's: -players must be 2")
	case *outcomes != "" && *players == 2 && cfg.Play != handvalue.Solved:
		return fs.fail("-outcomes with two players needs -play solved")
	case *decks <= 0:
		return fs.fail("-decks must be positive, got %d", *decks)
	}
	if !*quiet {
		cfg.Progress = progress.New(stderr)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	data, err := bidfit.Collect(ctx, cfg)
	if err != nil {
		return fs.failed(err)
	}
	fits := data.Fit(*players)
	fmt.Fprintf(stdout, "// features: %q\n", handvalue.FeatureNames)
	if err := bidfit.WriteGo(stdout, *players, &fits); err != nil {
		return fs.failed(err)
	}
	if *outcomes != "" {
		f, err := os.Create(*outcomes)
		if err == nil {
			err = bidfit.WriteOutcomes(ctx, f, *players, *decks, *seed)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			return fs.failed(err)
		}
	}
	return 0
}
