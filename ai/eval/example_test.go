package eval_test

import (
	"context"
	"fmt"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
)

// The evaluation of a round-one bid: the non-dealer holds the jack, nine
// and ace of the upcard's suit.
func Example() {
	// A (non-dealer) is dealt deck places 0-2 and 6-8, B 3-5 and 9-11;
	// place 12 is the upcard. The sampler only uses what A sees.
	deck, err := rules.ParseDeck("JS 9S AS 7C 8C 9C KH QH 7D TC JC QC 8S " +
		"KC AC 8D 9D TD JD QD KD AD 7H 8H 9H TH JH AH 7S TS QS KS")
	if err != nil {
		fmt.Println(err)
		return
	}
	d := rules.NewDeal(rules.DefaultOptions(), rules.SeatB, deck)
	v := d.View(rules.SeatA)
	ev, err := eval.New().Evaluate(context.Background(), &v, eval.Options{Samples: 200, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("hand", v.Hand, "upcard", v.OrigUpcard)
	for _, r := range ev.Results {
		fmt.Printf("%-9s %+4.0f ± %.0f points  bete %2.0f%%  win %2.0f%%\n", r.Action, r.Mean, r.StdErr, 100*r.Bete, 100*r.Win)
	}
	fmt.Println("best:", ev.Results[ev.Best].Action)
	// Output:
	// hand 7D QH KH 9S JS AS upcard 8S
	// pass       -11 ± 5 points  bete  0%  win 47%
	// take       +44 ± 4 points  bete  4%  win 58%
	// schmeiss   +25 ± 3 points  bete  2%  win 54%
	// best: take
}

// The evaluation of a round-one bid at a table of three: eldest holds
// the jack, nine, ace and eight of the upcard's suit and a side ace. Each sampled deal is
// finished by the normal bot's rule for every seat.
func ExampleEvaluator_Evaluate_threePlayers() {
	opts, err := rules.ParseOptions("players=3")
	if err != nil {
		fmt.Println(err)
		return
	}
	// Dealer C: A, eldest, is dealt deck places 0-2 and 9-11; place 18
	// is the upcard.
	deck, err := rules.ParseDeck("JS 9S AS 7C 8C 9C KH QH 7D 7H AD 8S TC JC QC KC AC 8D " +
		"TS 9D TD JD QD KD 8H 9H TH JH AH 7S QS KS")
	if err != nil {
		fmt.Println(err)
		return
	}
	t := rules.NewDeal(opts, rules.Seat(2), deck)
	v := t.View(t.Turn())
	ev, err := eval.New().Evaluate(context.Background(), &v, eval.Options{Samples: 200, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("seat", v.Seat, "hand", v.Hand, "upcard", v.Upcard)
	for _, r := range ev.Results {
		fmt.Printf("%-5s %+4.0f ± %.0f points  makes %3.0f%%  bete %2.0f%%\n", r.Action, r.Mean, r.StdErr, 100*r.Makes, 100*r.Bete)
	}
	fmt.Println("best:", ev.Results[ev.Best].Action)
	// Output:
	// seat A hand AD 7H 8S 9S JS AS upcard TS
	// pass   -17 ± 3 points  makes   0%  bete  0%
	// take   +90 ± 4 points  makes 100%  bete  4%
	// best: take
}
