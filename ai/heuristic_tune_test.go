package ai_test

import (
	"context"
	"flag"
	"os"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/study/match"
)

// Tuning runs, off by default. For example
//
//	go test ./ai -run TestTune -tune 'TakeND=5' -tunedeals 4000
//
// plays normal with TakeND=5 (side A) against normal with the defaults
// (side B, or -tunebase) on duplicate deals and prints the report.
var (
	tuneA     = flag.String("tune", "", "parameters of the tuned variant (side A), Name=value,...")
	tuneB     = flag.String("tunebase", "", "parameters of the base (side B)")
	tuneLevel = flag.String("tunelevel", "normal", "level of both variants")
	tuneOpp   = flag.String("tuneopp", "", "play side A against this level instead of the base variant")
	tuneDeals = flag.Int("tunedeals", 2000, "duplicate deals of a tuning run")
	tuneGames = flag.Int("tunegames", 0, "games of a tuning run")
	tuneSeed  = flag.Uint64("tuneseed", 1, "seed of a tuning run")
)

func TestTune(t *testing.T) {
	if *tuneA == "" && *tuneB == "" && *tuneOpp == "" {
		t.Skip("tuning run: give -tune, -tunebase or -tuneopp")
	}
	level, err := ai.ParseLevel(*tuneLevel)
	if err != nil {
		t.Fatal(err)
	}
	factory := func(l ai.Level, cfg ai.Config) (ai.Bot, error) {
		switch l {
		case "A":
			return ai.NewHeuristicVariant(level, cfg, *tuneA)
		case "B":
			if *tuneOpp != "" {
				return ai.New(ai.Level(*tuneOpp), cfg)
			}
			return ai.NewHeuristicVariant(level, cfg, *tuneB)
		}
		return ai.New(l, cfg)
	}
	rep, err := match.Run(context.Background(), match.Config{A: "A", B: "B", Deals: *tuneDeals,
		Games: *tuneGames, Seed: *tuneSeed, NewBot: factory})
	if err != nil {
		t.Fatal(err)
	}
	rep.WriteText(os.Stdout)
}
