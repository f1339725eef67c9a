package main

import (
	"context"
	"errors"
	"flag"
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
	fs := flag.NewFlagSet("klob-lab fit-bids", flag.ContinueOnError)
	fs.SetOutput(stderr)
	players := fs.Int("players", 2, "players at the table, 2, 3 or 4")
	decks := fs.Int("decks", 20000, "decks played")
	seed := fs.Uint64("seed", 1, "seed of the decks")
	play := fs.String("play", "bots", "how a copy is finished: bots (the normal bot in every seat) or solved (two players: the evaluation's policy, the card play solved)")
	workers := fs.Int("workers", 0, "goroutines (0: GOMAXPROCS)")
	rulesOpt := fs.String("rules", "", "rule options, key=value,... (default: the defaults)")
	outcomes := fs.String("outcomes", "", "with -play solved: also write eval's deal outcome table (outcomes.go) to this file, from -decks fresh deals")
	quiet := fs.Bool("quiet", false, "no progress line")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "klob-lab fit-bids: %s\n", fmt.Sprintf(format, a...))
		return 2
	}
	opts, err := rules.ParseOptions(*rulesOpt)
	if err != nil {
		return fail("-rules: %v", err)
	}
	opts.Players = *players
	cfg := bidfit.Config{Options: opts, Decks: *decks, Seed: *seed, Workers: *workers}
	switch *play {
	case "bots":
	case "solved":
		cfg.Play = handvalue.Solved
	default:
		return fail("-play must be bots or solved, got %q", *play)
	}
	switch {
	case fs.NArg() > 0:
		return fail("unexpected argument %q", fs.Arg(0))
	case *players < 2 || *players > 4:
		return fail("-players must be 2, 3 or 4, got %d", *players)
	case cfg.Play == handvalue.Solved && *players != 2:
		return fail("-play solved is the two-player evaluation's: -players must be 2")
	case *outcomes != "" && cfg.Play != handvalue.Solved:
		return fail("-outcomes needs -play solved")
	case *decks <= 0:
		return fail("-decks must be positive, got %d", *decks)
	}
	if !*quiet {
		cfg.Progress = progress.New(stderr)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	data, err := bidfit.Collect(ctx, cfg)
	if err != nil {
		fmt.Fprintf(stderr, "klob-lab fit-bids: %v\n", err)
		return 1
	}
	fits := data.Fit(*players)
	fmt.Fprintf(stdout, "// features: %q\n", handvalue.FeatureNames)
	if err := bidfit.WriteGo(stdout, *players, &fits); err != nil {
		fmt.Fprintf(stderr, "klob-lab fit-bids: %v\n", err)
		return 1
	}
	if *outcomes != "" {
		f, err := os.Create(*outcomes)
		if err == nil {
			err = bidfit.WriteOutcomes(ctx, f, *decks, *seed)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "klob-lab fit-bids: %v\n", err)
			return 1
		}
	}
	return 0
}
