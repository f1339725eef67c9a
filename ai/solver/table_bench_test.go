package solver

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/klob/klob/rules"
)

// tableDeals deals n full card plays for a table of players seats, with a
// suit trump (a few four-handed ones with no trumps).
func tableDeals(seed uint64, players, n int) []rules.Play {
	r := rand.New(rand.NewPCG(seed, 0))
	k := 8
	if players == 3 {
		k = 9
	}
	ps := make([]rules.Play, n)
	for i := range ps {
		ps[i] = randomTablePlay(r, players, k)
	}
	return ps
}

func benchTableSolve(b *testing.B, players int) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	deals := tableDeals(11, players, 100)
	var t timings
	var nodes uint64
	for b.Loop() {
		for i := range deals {
			s := NewTableSize(18) // a cold table: each deal solved from scratch
			t.time(func() { s.Solve(&deals[i], deals[i].Turn()) })
			nodes += s.Nodes()
		}
	}
	t.report(b)
	b.ReportMetric(float64(nodes)/float64(len(t.wall)), "nodes/solve")
}

// BenchmarkTableSolveFour solves the whole card play of 100 four-handed
// deals (32 cards, two teams) from the first lead, each with a cold table
// of 2^18 entries, reporting median and p99 per solve (wall and thread
// CPU). A fifth of the deals have no trumps.
func BenchmarkTableSolveFour(b *testing.B) { benchTableSolve(b, 4) }

// BenchmarkTableSolveThree solves 100 three-handed deals (27 cards,
// paranoid: the two others against the leader).
func BenchmarkTableSolveThree(b *testing.B) { benchTableSolve(b, 3) }
