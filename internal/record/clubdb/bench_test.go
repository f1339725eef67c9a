package clubdb

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkRecordGame measures the latency of RecordGame (a game of
// two to four seats, its seats and its ratings, synced to disk) with
// writers goroutines recording games at once, back to back, over 200
// players. It reports the median, the 99th percentile and the worst in
// milliseconds. The target is p99 <= 20 ms:
//
//	go test -run '^$' -bench RecordGame -benchtime 3000x ./internal/record/clubdb
func BenchmarkRecordGame(b *testing.B) {
	for _, writers := range []int{1, 8, 32, 100} {
		b.Run(fmt.Sprint("writers=", writers), func(b *testing.B) {
			db, _ := openTest(b, nil)
			ctx := context.Background()
			players := make([]string, 200)
			for i := range players {
				players[i] = fmt.Sprintf("%032x", i)
			}
			games := make([]Game, b.N)
			rng := rand.New(rand.NewPCG(1, uint64(writers)))
			for i := range games {
				n := 2 + rng.IntN(3)
				keys := make([]string, n)
				for j, k := range rng.Perm(len(players))[:n] {
					keys[j] = players[k]
				}
				games[i] = testGame(fmt.Sprintf("bench-%d-%d", writers, i), keys...)
			}
			lat := make([]time.Duration, b.N)
			var next atomic.Int64
			var p plusOne
			var wg sync.WaitGroup
			b.ResetTimer()
			for range writers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for {
						i := int(next.Add(1) - 1)
						if i >= b.N {
							return
						}
						start := time.Now()
						if _, err := db.RecordGame(ctx, games[i], p.rate); err != nil {
							b.Error(err)
							return
						}
						lat[i] = time.Since(start)
					}
				}()
			}
			wg.Wait()
			b.StopTimer()
			slices.Sort(lat)
			at := func(q float64) float64 {
				return float64(lat[min(len(lat)-1, int(q*float64(len(lat))))].Microseconds()) / 1000
			}
			b.ReportMetric(at(0.5), "p50-ms")
			b.ReportMetric(at(0.99), "p99-ms")
			b.ReportMetric(at(1), "max-ms")
		})
	}
}

// BenchmarkLeaderboard measures a leaderboard of 20 over 2000 rated
// players, while nothing writes.
func BenchmarkLeaderboard(b *testing.B) {
	db, _ := openTest(b, nil)
	ctx := context.Background()
	var wg sync.WaitGroup
	rate := func(before []Rating) ([]Rating, error) {
		out := slices.Clone(before)
		for i := range out {
			out[i].Mu, out[i].Sigma = float64(len(out[i].Key)%97), 3
		}
		return out, nil
	}
	for w := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < 2000; i += 20 {
				k := fmt.Sprintf("%032x", i)
				if _, err := db.RecordGame(ctx, testGame(fmt.Sprint("lb", i), k, ""), rate); err != nil {
					b.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	b.ResetTimer()
	for range b.N {
		s, err := db.Leaderboard(ctx, LeaderboardQuery{Seats: 2, MinGames: 1, Z: 3, Limit: 20})
		if err != nil || len(s) != 20 {
			b.Fatal(err, len(s))
		}
	}
}
