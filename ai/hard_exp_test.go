package ai_test

import (
	"context"
	"flag"
	"fmt"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/match"
	"github.com/klob/klob/rules"
)

// Where does the hard bot's edge come from? TestHardHybrid plays a bot
// that bids like one level and plays its cards like another against the
// normal bot, on duplicate deals:
//
//	go test ./ai -run TestHardHybrid -hardexp play -hardexp-deals 300 -v
//
// "play": normal's bidding, hard's card play; "bids": hard's bidding,
// normal's card play. The margin is the hybrid's, per deal, against the
// normal bot.
var (
	hardExp      = flag.String("hardexp", "", "hybrid experiment: play or bids")
	hardExpDeals = flag.Int("hardexp-deals", 150, "duplicate deals for -hardexp")
)

// hybrid bids with one bot and plays cards with another.
type hybrid struct{ bid, play ai.Bot }

func (h hybrid) Level() ai.Level { return "hybrid" }

func (h hybrid) Choose(ctx context.Context, v rules.View) (rules.Action, error) {
	if v.Phase == rules.PhasePlay {
		return h.play.Choose(ctx, v)
	}
	return h.bid.Choose(ctx, v)
}

func TestHardHybrid(t *testing.T) {
	if *hardExp == "" {
		t.Skip("an experiment: run with -hardexp play or -hardexp bids")
	}
	factory := func(level ai.Level, cfg ai.Config) (ai.Bot, error) {
		normal, err := ai.New(ai.Normal, cfg)
		if err != nil || level == ai.Normal {
			return normal, err
		}
		hard, err := ai.New(ai.Hard, cfg)
		if err != nil {
			return nil, err
		}
		if *hardExp == "bids" {
			return hybrid{bid: hard, play: normal}, nil
		}
		return hybrid{bid: normal, play: hard}, nil
	}
	rep, err := match.Run(context.Background(), match.Config{A: ai.Hard, B: ai.Normal,
		Deals: *hardExpDeals, Seed: 8, Workers: 1, NewBot: factory})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("%s: margin %+.1f [%+.1f, %+.1f]; take rate %.2f / %.2f; bete rate %.2f / %.2f\n",
		*hardExp, rep.Margin.Mean, rep.Margin.Lo, rep.Margin.Hi,
		rep.Sides[0].TakeRate, rep.Sides[1].TakeRate, rep.Sides[0].BeteRate, rep.Sides[1].BeteRate)
}
