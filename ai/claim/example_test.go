package claim_test

import (
	"fmt"

	"github.com/klob/klob/ai/claim"
	"github.com/klob/klob/rules"
)

// With every hand known, TakesAll says whether a seat's side takes
// every remaining trick; Next names the card that keeps it so.
func ExampleTakesAll() {
	p := rules.Play{N: 2, Trump: rules.Hearts, Leader: rules.SeatA}
	p.Hands[0] = rules.SetOf(rules.MustCard("JH"), rules.MustCard("AS"))
	p.Hands[1] = rules.SetOf(rules.MustCard("9H"), rules.MustCard("KS"))
	fmt.Println(claim.TakesAll(p, rules.SeatA))
	c, _ := claim.Next(p, rules.SeatA)
	fmt.Println(c)
	// Leading the ace of spades first lets B trump it with the 9.
	p.Hands[0] = rules.SetOf(rules.MustCard("AS"), rules.MustCard("7C"))
	fmt.Println(claim.TakesAll(p, rules.SeatA))
	// Output:
	// true
	// JH
	// false
}
