package clubdb

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
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

// bigClub builds, at path, a club database of players players and
// games games of two players each (their seats, ratings and rating
// history), by plain SQL in one transaction.
func bigClub(b *testing.B, path string, players, games int) {
	b.Helper()
	db, err := Open(path, Options{})
	if err != nil {
		b.Fatal(err)
	}
	if err := db.Close(); err != nil {
		b.Fatal(err)
	}
	conn, done := rawConn(b, path)
	defer done()
	for _, q := range []string{
		"BEGIN",
		fmt.Sprintf(`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i+1 FROM n WHERE i+1 < %d)
			INSERT INTO players SELECT printf('SHA256:%%040d', i), printf('player %%d', i), i, i FROM n`, players),
		fmt.Sprintf(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i+1 <= %d)
			INSERT INTO games (id, log_sha256, log_path, table_code, seats, rules, started, recorded, deals, winner)
			SELECT i, printf('%%064x', i), printf('/state/players/x/history/g%%d.klob', i), 'ABCD', 2, '{"players":2}', i, i, 5, 'A' FROM n`, games),
		fmt.Sprintf(`INSERT INTO game_seats SELECT id, s, printf('SHA256:%%040d', (id * 7 + s * 13) %% %d), 'name', 'human', 100 * s
			FROM games, (SELECT 0 AS s UNION ALL SELECT 1)`, players),
		`INSERT INTO rating_history SELECT game_id, player_key, 2, 25, 8, 25, 8 FROM game_seats`,
		`INSERT INTO ratings SELECT player_key, 2, 25, 8, count(*), max(game_id) FROM rating_history GROUP BY player_key`,
		"COMMIT",
	} {
		if _, err := conn.ExecContext(context.Background(), q); err != nil {
			b.Fatal(q, err)
		}
	}
}

// BenchmarkStartCheck measures the checks of an existing database of
// 10,000 players and 100,000 games (200,000 seats and rating steps):
// Open's (integrity_check and foreign keys, on a read-only look),
// SQLite's quick check alone, which Open made before, and the whole
// of klob serve -db-check's:
//
//	go test -run '^$' -bench StartCheck -benchtime 5x ./internal/record/clubdb
func BenchmarkStartCheck(b *testing.B) {
	path := filepath.Join(b.TempDir(), FileName)
	bigClub(b, path, 10_000, 100_000)
	if fi, err := os.Stat(path); err == nil {
		b.Logf("%s: %d bytes", FileName, fi.Size())
	}
	ctx := context.Background()
	b.Run("inspect", func(b *testing.B) {
		for range b.N {
			if _, err := inspect(ctx, path); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, pragma := range []string{"quick_check", "integrity_check", "foreign_key_check"} {
		b.Run(pragma, func(b *testing.B) {
			benchPragma(b, path, "PRAGMA "+pragma)
		})
	}
	b.Run("db-check", func(b *testing.B) {
		for range b.N {
			rep, err := CheckFile(ctx, path)
			if err != nil || !rep.OK() {
				b.Fatal(rep.Problems, err)
			}
		}
	})
}

// benchPragma times a check pragma on a read-only connection to path.
func benchPragma(b *testing.B, path, pragma string) {
	ctx := context.Background()
	{
		rdb, err := sql.Open("sqlite", dsn(path, true))
		if err != nil {
			b.Fatal(err)
		}
		defer rdb.Close()
		conn, err := rdb.Conn(ctx)
		if err != nil {
			b.Fatal(err)
		}
		defer conn.Close()
		b.ResetTimer()
		for range b.N {
			if p, err := pragmaLines(ctx, conn, pragma); err != nil || len(p) > 0 {
				b.Fatal(p, err)
			}
		}
	}
}

// BenchmarkBackup measures a day's copy (Backup) of a club of games
// games of two to four of 200 players, rated, with a tournament-free
// schema, and reports the copy's size in KiB:
//
//	go test -run '^$' -bench Backup -benchtime 20x ./internal/record/clubdb
func BenchmarkBackup(b *testing.B) {
	for _, games := range []int{1000, 10000} {
		b.Run(fmt.Sprint("games=", games), func(b *testing.B) {
			db, _ := openTest(b, nil)
			ctx := context.Background()
			rng := rand.New(rand.NewPCG(2, uint64(games)))
			var p plusOne
			var wg sync.WaitGroup
			work := make(chan Game)
			for range 32 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for g := range work {
						if _, err := db.RecordGame(ctx, g, p.rate); err != nil {
							b.Error(err)
						}
					}
				}()
			}
			for i := range games {
				n := 2 + rng.IntN(3)
				keys := make([]string, n)
				for j, k := range rng.Perm(200)[:n] {
					keys[j] = fmt.Sprintf("%032x", k)
				}
				work <- testGame(fmt.Sprintf("backup-%d", i), keys...)
			}
			close(work)
			wg.Wait()
			day := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
			var size int64
			b.ResetTimer()
			for i := range b.N {
				res, err := db.Backup(ctx, day.AddDate(0, 0, i), 2)
				if err != nil {
					b.Fatal(err)
				}
				size = res.Copy.Size
			}
			b.ReportMetric(float64(size)/1024, "KiB")
		})
	}
}
