package duplicate

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/ai"
)

// BenchmarkMatchpoints scores a club tournament's worth of entrants on
// 24 boards, a tenth of the results missing.
func BenchmarkMatchpoints(b *testing.B) {
	for _, n := range []int{20, 500} {
		b.Run(fmt.Sprintf("entrants=%d", n), func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			es := make([]Entry, n)
			for i := range es {
				es[i] = Entry{Name: fmt.Sprint(i), Results: map[int]float64{}}
				for bd := 1; bd <= 24; bd++ {
					if r.IntN(10) != 0 {
						es[i].Results[bd] = float64(r.IntN(400) - 200)
					}
				}
			}
			for b.Loop() {
				if _, err := Matchpoints(24, es); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDaily deals a day's boards at three players.
func BenchmarkDaily(b *testing.B) {
	d, _ := ParseDate("2026-12-01")
	for b.Loop() {
		if _, err := Daily(d, 3); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseResultFile reads a file of 8 boards with every action.
func BenchmarkParseResultFile(b *testing.B) {
	s := testSet(b, 4, 1, 8)
	f := playedFile(b, s, rand.New(rand.NewPCG(1, 1)))
	text, err := f.MarshalText()
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := ParseResultFile(text); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDailyPar: par of a day's eight boards with the real bots, one
// worker each (one op is a whole set). The target is 20 s of one core at
// every seat count; run with -benchtime 1x -cpu 1.
func BenchmarkDailyPar(b *testing.B) {
	for _, n := range []int{2, 3, 4} {
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) {
			set, err := Daily(Date{Year: 2026, Month: 12, Day: 1}, n)
			if err != nil {
				b.Fatal(err)
			}
			oneCore := func(level ai.Level, cfg ai.Config) (ai.Bot, error) {
				cfg.Workers = 1
				return ai.New(level, cfg)
			}
			for i := 0; i < b.N; i++ {
				if _, err := set.Pars(context.Background(), oneCore); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
