package rules_test

import (
	"fmt"

	"github.com/klob/klob/rules"
)

// A four-handed deal: D deals, everyone passes the upcard's suit, and A,
// eldest, names no trumps in round two. The maker takes the upcard as
// one of its two extra cards.
func ExampleTable() {
	opts, _ := rules.ParseOptions("players=4")
	t := rules.NewTable(opts, 3, rules.NewDeck())
	fmt.Println("upcard", t.Upcard(), "eldest", t.Eldest())
	for _, s := range []string{"pass", "pass", "pass", "pass"} {
		a, _ := rules.ParseAction(s)
		if err := t.Apply(a); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(t.Turn(), "may say", t.Legal())
	if err := t.Apply(rules.NameAction(rules.NoTrumps)); err != nil {
		fmt.Println(err)
	}
	fmt.Println("trump", t.Trump(), "maker", t.Maker(), "holds", t.Hand(0))
	// Output:
	// upcard AS eldest A
	// A may say [pass name C name D name H name NT]
	// trump NT maker A holds 7C 8C 9C JD QD KD 7S AS
}
