package drill_test

import (
	"fmt"

	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
)

// A table drill is made from a seed, shown from the player's View, and
// kept in a text form that reads back to the same drill.
func ExampleTableGenerator() {
	opts, _ := rules.ParseOptions("players=4")
	g, _ := drill.NewTableGenerator(1, drill.OnlyRound1, opts)
	s, n := g.Next()
	v, _ := s.View()
	fmt.Println("drill", n, "is a", s.Kind(), "decision")
	fmt.Println(s.Role())
	fmt.Println(s.Question(&v))
	back, _ := drill.ParseTable(s.String())
	fmt.Println(back.String() == s.String())
	// Output:
	// drill 1 is a round one decision
	// East deals: you are eldest, the first to speak and to lead. North, across, is your partner; West and East play against you.
	// Round one: take clubs as trump, or pass?
	// true
}
