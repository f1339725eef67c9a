package rules_test

import (
	"fmt"

	"github.com/klob/klob/rules"
)

// A short deal: B deals, A takes the upcard's suit, and both take the
// first legal action until the deal is scored: A exchanges the dix, wins
// the sequence right with fifty, and makes.
func Example() {
	deck := rules.NewDeck() // clubs 7 upwards: a fixed, readable deal
	d := rules.NewDeal(rules.DefaultOptions(), rules.SeatB, deck)
	fmt.Println("A holds", d.Hand(rules.SeatA), "upcard", d.Upcard())
	if err := d.Apply(rules.Action{Kind: rules.Take}); err != nil {
		fmt.Println(err)
	}
	for !d.Over() {
		d.Apply(d.Legal()[0])
	}
	for _, st := range d.Steps()[:6] {
		fmt.Println(st)
	}
	sc := d.Score()
	fmt.Println("trump", sc.Trump.Name(), "maker", sc.Maker, sc.Outcome)
	fmt.Println("A", sc.Total[rules.SeatA], "B", sc.Total[rules.SeatB])
	// Output:
	// A holds 7C 8C 9C KC AC 7D upcard JD
	// A: take
	// A: exchange
	// A: announce 50
	// B: good
	// A: play 7C
	// B: play TC
	// trump diamonds maker A made
	// A 139 B 33
}
