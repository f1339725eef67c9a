package stats_test

import (
	"fmt"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/stats"
)

func ExampleStats_Add() {
	l, err := gamelog.ReadFile("../../../testdata/games/09-tie.klob")
	if err != nil {
		panic(err)
	}
	// The corpus games are bot against bot: say a person played A.
	l.Header.Levels = [2]string{gamelog.Human, "hard"}
	r, err := l.Replay()
	if err != nil {
		panic(err)
	}
	var s stats.Stats
	s.Add(r)
	fmt.Printf("games %d, won %d, deals %d\n", s.Games, s.Won, s.Deals)
	fmt.Printf("average %.1f a deal, take rate %.0f%%, bete rate %.0f%%\n", s.AvgPerDeal(), 100*s.TakeRate(), 100*s.BeteRate())
	// Output:
	// games 1, won 1, deals 13
	// average 42.5 a deal, take rate 23%, bete rate 33%
}
