package analysis_test

import (
	"context"
	"fmt"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/analysis"
)

// Grading one deal of a recorded game: the hard bot against itself,
// except that A threw the jack of trump on the first trick where the
// queen would do.
func ExampleAnalyze() {
	l, err := gamelog.ReadFile("../../../testdata/analysis/planted-blunder.klob")
	if err != nil {
		panic(err)
	}
	r, err := l.Replay()
	if err != nil {
		panic(err)
	}
	rep, err := analysis.Analyze(context.Background(), r, analysis.Options{Seed: 1, Deals: []int{3}})
	if err != nil {
		panic(err)
	}
	d := rep.Decision(3, 8)
	fmt.Printf("deal %d step %d, trick %d: %s %s is a %s; better %s\n", d.Deal, d.Step, d.Trick, d.Seat, d.Action, d.Grade, d.Best)
	fmt.Println("A's biggest mistake of the deal is step", rep.Deals[2].Players[0].Mistakes[0].Step)
	// Output:
	// deal 3 step 8, trick 1: A play JH is a blunder; better play QH
	// A's biggest mistake of the deal is step 8
}
