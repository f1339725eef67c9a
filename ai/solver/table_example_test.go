package solver_test

import (
	"fmt"

	"github.com/klob/klob/ai/solver"
	"github.com/klob/klob/rules"
)

// The last two tricks of a four-handed deal, hearts trump, A to lead:
// how many points A and C make, and what each of A's cards is worth.
// Leading the jass, C adds its ten and D its queen; leading the seven,
// B takes the spades with the ace, C and D must follow with the ten and
// the king, and the jass takes B's menel last with the bonus: 47 either
// way.
func ExampleTableSolver() {
	p := rules.Play{N: 4, Trump: rules.Hearts, Leader: rules.SeatA, LastBonus: 10}
	p.Hands[0] = rules.SetOf(rules.MustCard("JH"), rules.MustCard("7S"))
	p.Hands[1] = rules.SetOf(rules.MustCard("9H"), rules.MustCard("AS"))
	p.Hands[2] = rules.SetOf(rules.MustCard("TS"), rules.MustCard("8C"))
	p.Hands[3] = rules.SetOf(rules.MustCard("KS"), rules.MustCard("QD"))
	s := solver.NewTable()
	v, _ := s.Solve(&p, rules.SeatA)
	fmt.Println("A and C make", v)
	cv, _ := s.CardValues(&p, nil)
	for _, x := range cv {
		fmt.Println(x.Card, x.Value)
	}
	// Output:
	// A and C make 47
	// JH 47
	// 7S 47
}
