package ai_test

import (
	"context"
	"flag"
	"fmt"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/study/match"
)

// Where does the hard bot's edge come from? TestHardHybrid plays a phase
// hybrid (ai.NewMixed) against the normal bot, on duplicate deals:
//
//	go test ./ai -run TestHardHybrid -hardexp play -hardexp-deals 300 -v
//
// "play": normal's bidding, hard's card play; "bids": hard's bidding,
// normal's card play. The margin is the hybrid's, per deal, against the
// normal bot. klob match takes the same hybrids: -a hard:bid=normal.
var (
	hardExp      = flag.String("hardexp", "", "hybrid experiment: play or bids")
	hardExpDeals = flag.Int("hardexp-deals", 150, "duplicate deals for -hardexp")
)

func TestHardHybrid(t *testing.T) {
	if *hardExp == "" {
		t.Skip("an experiment: run with -hardexp play or -hardexp bids")
	}
	a := ai.Level("hard:bid=normal")
	if *hardExp == "bids" {
		a = "normal:bid=hard"
	}
	rep, err := match.Run(context.Background(), match.Config{A: a, B: ai.Normal,
		Deals: *hardExpDeals, Seed: 8, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("%s: margin %+.1f [%+.1f, %+.1f]; take rate %.2f / %.2f; bete rate %.2f / %.2f\n",
		*hardExp, rep.Margin.Mean, rep.Margin.Lo, rep.Margin.Hi,
		rep.Sides[0].TakeRate, rep.Sides[1].TakeRate, rep.Sides[0].BeteRate, rep.Sides[1].BeteRate)
}
