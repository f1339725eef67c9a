package tourney

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/rules"
)

// BenchmarkTournamentPar: par of a club tournament's boards as the
// server works it out (the par lines kept in par.txt, the pars in the
// database), with the real bots on one worker each, as klob serve's.
// One op is a whole tournament. The target is 20 s of one core for 8
// boards at every seat count; run with -benchtime 1x -cpu 1 and read
// the process's CPU time.
func BenchmarkTournamentPar(b *testing.B) {
	for _, n := range []int{2, 3, 4} {
		for _, boards := range []int{8, 24} {
			b.Run(fmt.Sprintf("players=%d/boards=%d", n, boards), func(b *testing.B) {
				dir := b.TempDir()
				now := func() time.Time { return time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC) }
				db, err := clubdb.Open(filepath.Join(dir, clubdb.FileName), clubdb.Options{Now: now})
				if err != nil {
					b.Fatal(err)
				}
				defer db.Close()
				s, err := New(Config{DB: db, Dir: filepath.Join(dir, "tourneys"), Now: now, NoDaily: true})
				if err != nil {
					b.Fatal(err)
				}
				defer s.Close()
				o := rules.DefaultOptions()
				o.Players = n
				ctx := context.Background()
				for i := 0; i < b.N; i++ {
					code := fmt.Sprintf("BENCH%c", 'A'+i%24)
					if _, err := db.CreateTournament(ctx, clubdb.Tournament{Code: code, Rules: o, Level: string(ai.Normal),
						Boards: boards, Ends: now().Add(time.Hour)}, uint64(1000*n+i)); err != nil {
						b.Fatal(err)
					}
					if err := s.workOutPar(ctx, code); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
