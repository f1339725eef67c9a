package stats_test

import (
	"fmt"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/stats"
)

func ExampleStats_Add() {
	var s stats.Stats
	for _, g := range []struct {
		path   string
		levels [4]string
	}{
		// The corpus games are bots against bots: say a person played A.
		{"../../../testdata/games/09-tie.klob", [4]string{gamelog.Human, "hard"}},
		{"../../../testdata/games/tables/4-05-four-tie.klob", [4]string{gamelog.Human, "normal", "normal", "normal"}},
	} {
		l, err := gamelog.ReadFile(g.path)
		if err != nil {
			panic(err)
		}
		l.Header.Levels = g.levels
		r, err := l.Replay()
		if err != nil {
			panic(err)
		}
		s.Add(r)
	}
	fmt.Printf("games %d, won %d, lost %d, deals %d\n", s.Games, s.Won, s.Lost(), s.Deals)
	for _, n := range s.BySeats {
		fmt.Printf("%d players: %d won of %d\n", n.Players, n.Won, n.Games)
	}
	fmt.Printf("average %.1f a deal, take rate %.0f%%, bete rate %.0f%%\n", s.AvgPerDeal(), 100*s.TakeRate(), 100*s.BeteRate())
	// Output:
	// games 2, won 2, lost 0, deals 17
	// 2 players: 1 won of 1
	// 4 players: 1 won of 1
	// average 62.2 a deal, take rate 24%, bete rate 25%
}
