package solver_test

import (
	"fmt"

	"github.com/klob/klob/ai/solver"
	"github.com/klob/klob/rules"
)

// The last three tricks with hearts trump: A leads, holding the jack and
// seven of trump and the ace of spades; B holds the nine and ace of trump
// and the ten of spades. A's jack beats everything, and B must follow,
// and overtrump when it can, so every lead gives A the same 62 of the 76
// points at stake (66 in cards and 10 for the last trick).
func Example() {
	p := rules.Duel{
		Hands: [2]rules.CardSet{
			rules.SetOf(rules.MustCard("JH"), rules.MustCard("7H"), rules.MustCard("AS")),
			rules.SetOf(rules.MustCard("9H"), rules.MustCard("AH"), rules.MustCard("TS")),
		},
		Trump:     rules.Hearts,
		Leader:    rules.SeatA,
		Lead:      rules.NoCard,
		LastBonus: 10,
	}
	s := solver.New()
	own, opp := s.Future(&p, rules.SeatA)
	fmt.Println("A wins", own, "B wins", opp)
	for _, cv := range s.CardValues(&p, nil) {
		fmt.Printf("%s %+d\n", cv.Card, cv.Value)
	}
	// Output:
	// A wins 62 B wins 14
	// 7H +48
	// JH +48
	// AS +48
}
