package rules_test

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/klob/klob/rules"
)

// A short deal: B deals, A takes the upcard's suit, and both take the
// first legal action until the deal is scored: A exchanges the dix, wins
// the sequence right with fifty and scores its twenty too (the winner
// scores every sequence held), and makes. The first legal action never
// announces bella: Legal lists a card's plain play before its bella one.
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
	fmt.Printf("A: cards %d, last trick %d, sequences %d, bella %d\n",
		sc.Cards[rules.SeatA], sc.LastTrick[rules.SeatA], sc.Seqs[rules.SeatA], sc.Bella[rules.SeatA])
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
	// A: cards 59, last trick 10, sequences 70, bella 0
}

// Apply refuses an illegal action with a reason a player understands and
// leaves the deal as it was; errors.Is tells the kinds apart.
func ExampleDeal_Apply() {
	d := rules.NewDeal(rules.DefaultOptions(), rules.SeatB, rules.NewDeck())
	for _, s := range []string{"take", "exchange", "announce 50", "good", "play 7C"} {
		a, _ := rules.ParseAction(s)
		if err := d.Apply(a); err != nil {
			fmt.Println(err)
		}
	}
	// B holds 10, J and Q of clubs and must follow.
	err := d.Apply(rules.PlayAction(rules.MustCard("8D")))
	fmt.Println(err)
	fmt.Println(errors.Is(err, rules.ErrMustFollow))
	fmt.Println(d.Legal())
	// Output:
	// you must follow clubs
	// true
	// [play TC play JC play QC]
}

// Duel is the allocation-free card play a search copies and advances;
// Playout finishes a deal at random for Monte Carlo search.
func ExampleDuel_Playout() {
	d := rules.NewDeal(rules.DefaultOptions(), rules.SeatB, rules.NewDeck())
	for _, s := range []string{"take", "exchange", "announce 50", "good"} {
		a, _ := rules.ParseAction(s)
		d.Apply(a)
	}
	pl := d.Play()
	p := pl.Duel()
	fmt.Println("A may lead", p.Legal())
	p.Playout(rand.NewPCG(1, 2))
	// The total is the 18 cards' 92 points and 10 for the last trick.
	fmt.Println("tricks", p.Won, "points", p.Points, "total", p.Points[0]+p.Points[1])
	// Output:
	// A may lead 7C 8C 9C KC AC JD QD KD AD
	// tricks [6 3] points [73 29] total 102
}
