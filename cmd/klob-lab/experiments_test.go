package main

import (
	"context"
	"flag"
	"os"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/platform/progress"
	"github.com/klob/klob/internal/study/match"
	"github.com/klob/klob/rules"
)

// Matches between bots, off by default: a match of two levels or phase
// hybrids at any seat count, with the report on stdout. Where the hard
// bot's edge comes from (its card play, or its bidding):
//
//	go test ./cmd/klob-lab -run TestMatch -timeout 0 -v -args -match-a hard:bid=normal -match-b normal -match-decks 300 -match-seed 8
//	go test ./cmd/klob-lab -run TestMatch -timeout 0 -v -args -match-a normal:bid=hard -match-b normal -match-decks 300 -match-seed 8
//
// and a variant against a base (-match-a hard:read=off -match-b hard), or
// the normal bot against its bids of before the fitted models
// (-match-a normal -match-b engine-normal -match-players 3).
// klob match plays the same; this runs where cmd/klob does not build.
var (
	matchA          = flag.String("match-a", "", "level of side A (a match experiment runs when set)")
	matchB          = flag.String("match-b", "normal", "level of side B")
	matchPlayers    = flag.Int("match-players", 2, "players at the table")
	matchDecks      = flag.Int("match-decks", 300, "duplicate decks")
	matchGames      = flag.Int("match-games", 0, "games to the target")
	matchSeed       = flag.Uint64("match-seed", 1, "match seed")
	matchBudget     = flag.Int("match-budget", 0, "the hard bot's samples per decision (0: its default)")
	matchPlayBudget = flag.Int("match-play-budget", 0, "the hard bot's samples per card (0: -match-budget)")
	matchWorkers    = flag.Int("match-workers", 0, "goroutines (0: GOMAXPROCS)")
	matchRules      = flag.String("match-rules", "", "rule options, key=value,... (default: the defaults)")
)

func TestMatch(t *testing.T) {
	if *matchA == "" {
		t.Skip("an experiment: run with -match-a LEVEL (see the comment)")
	}
	level := func(s string) ai.Level {
		if ai.Level(s) == engineNormal {
			return engineNormal
		}
		l, err := ai.ParseMixed(s)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	a, b := level(*matchA), level(*matchB)
	opts, err := rules.ParseOptions(*matchRules)
	if err != nil {
		t.Fatal(err)
	}
	if *matchPlayers != 2 {
		opts.Players = *matchPlayers
	}
	rep, err := match.Run(context.Background(), match.Config{A: a, B: b, Decks: *matchDecks, Games: *matchGames,
		Seed: *matchSeed, Budget: *matchBudget, PlayBudget: *matchPlayBudget, Workers: *matchWorkers, Options: opts,
		NewBot: labFactory, Progress: progress.New(os.Stderr)})
	if err != nil {
		t.Fatal(err)
	}
	if err := rep.WriteText(os.Stdout); err != nil {
		t.Fatal(err)
	}
}
