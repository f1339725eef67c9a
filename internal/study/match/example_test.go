package match_test

import (
	"context"
	"fmt"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/study/match"
	"github.com/klob/klob/rules"
)

// Two hundred duplicate decks of normal against random at two players:
// the margin per deal and its interval are far above zero.
func ExampleRun() {
	rep, err := match.Run(context.Background(), match.Config{A: ai.Normal, B: ai.Random, Decks: 200, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("decks:", rep.Margin.N)
	fmt.Println("normal ahead by more than 30 a deal:", rep.Margin.Lo > 30)
	// Output:
	// decks: 200
	// normal ahead by more than 30 a deal: true
}

// At three players each deck is dealt six times: A alone in each seat,
// then B alone.
func ExampleRun_threePlayers() {
	opts := rules.DefaultOptions()
	opts.Players = 3
	rep, err := match.Run(context.Background(), match.Config{A: ai.Normal, B: ai.Random, Decks: 50, Seed: 1, Options: opts})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("seatings:", rep.Seatings, "deals each:", rep.Sides[0].Deals)
	fmt.Println("normal ahead:", rep.Margin.Lo > 0)
	// Output:
	// seatings: 6 deals each: 300
	// normal ahead: true
}

// Eight wins in ten games: the Wilson interval is wide and lopsided.
func ExampleWilsonShare() {
	s := match.WilsonShare(8, 10)
	fmt.Printf("%.0f%% [%.1f%%, %.1f%%]\n", 100*s.Share, 100*s.Lo, 100*s.Hi)
	// Output: 80% [49.0%, 94.3%]
}

func ExampleMeanCI() {
	iv := match.MeanCI([]float64{1, 2, 3, 4, 5})
	fmt.Printf("%.2f [%.2f, %.2f]\n", iv.Mean, iv.Lo, iv.Hi)
	// Output: 3.00 [1.04, 4.96]
}
