package sampler_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/klob/klob/ai/sampler"
	"github.com/klob/klob/rules"
)

// A takes hearts; B exchanges the dix and announces fifty; A leads a club
// and B trumps it. From A's side, B holds no club (it could not follow),
// its nine cards hold a run of four or more, and it holds the upcard it
// took for the 7. Only a few hands fit all that.
func Example() {
	deck := rules.Shuffle(rand.New(rand.NewPCG(28, 0)))
	d := rules.NewDeal(rules.DefaultOptions(), rules.SeatB, deck)
	for _, a := range []string{"take", "no-exchange", "exchange", "no-sequence", "announce 50", "play 7C", "play 8H"} {
		act, _ := rules.ParseAction(a)
		if err := d.Apply(act); err != nil {
			fmt.Println(a, err)
			return
		}
	}
	v := d.View(rules.SeatA)
	fmt.Println("trump", v.Trump, "A holds", v.Hand)
	fmt.Println("B cannot hold", v.CannotHold(rules.SeatB)&v.Unseen())
	fmt.Println("B's best sequence is worth", v.MeldBound(rules.SeatB).Value)
	s := sampler.New(&v)
	deal, ok := s.World(rand.New(rand.NewPCG(1, 2)))
	fmt.Println("sampled deal looks the same to A:", ok && deal.View(rules.SeatA) == v)
	// Output:
	// trump H A holds 9C JC 7D 9D QD KD TH QH
	// B cannot hold TC QC KC AC
	// B's best sequence is worth 50
	// sampled deal looks the same to A: true
}
