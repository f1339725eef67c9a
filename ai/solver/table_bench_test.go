package solver

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/klob/klob/rules"
)

// tableDeals deals n full card plays for a table of players seats, with a
// suit trump (a fifth of the four-handed ones with no trumps).
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

// tableBenchDeals is the fixed set of deals the table benchmarks solve.
const tableBenchDeals = 200

// benchTable times op on each of the fixed deals for players seats
// (dealt from seed), each with a cold table, and reports the timings and
// the nodes an op.
func benchTable(b *testing.B, players int, seed uint64, op func(s *TableSolver, p *rules.Play)) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	deals := tableDeals(seed, players, tableBenchDeals)
	var t timings
	var nodes []uint64
	s := NewTable()
	for b.Loop() {
		for i := range deals {
			s.Reset() // a cold table: each deal solved from scratch
			n0 := s.Nodes()
			t.time(func() { op(s, &deals[i]) })
			nodes = append(nodes, s.Nodes()-n0)
		}
	}
	t.report(b)
	reportNodes(b, nodes)
}

func benchTableSolve(b *testing.B, players int) {
	benchTable(b, players, 11, func(s *TableSolver, p *rules.Play) { s.Solve(p, p.Turn()) })
}

// reportNodes reports the mean and median nodes a solve.
func reportNodes(b *testing.B, nodes []uint64) {
	sum := uint64(0)
	for _, n := range nodes {
		sum += n
	}
	slices.Sort(nodes)
	b.ReportMetric(float64(sum)/float64(len(nodes)), "nodes/solve")
	b.ReportMetric(float64(nodes[len(nodes)/2]), "median-nodes")
}

// BenchmarkTableSolveFour solves the whole card play of 200 four-handed
// deals (32 cards, two teams) from the first lead, each with a cold
// table, reporting median and p99 per solve (wall and thread CPU) and
// the nodes a solve. A fifth of the deals have no trumps. Run it with
// -benchtime=1x: one pass over the deals is the measurement.
func BenchmarkTableSolveFour(b *testing.B) { benchTableSolve(b, 4) }

// BenchmarkTableSolveThree solves 200 three-handed deals (27 cards,
// paranoid: the two others against the leader).
func BenchmarkTableSolveThree(b *testing.B) { benchTableSolve(b, 3) }

func benchTableCardValues(b *testing.B, players int) {
	buf := make([]TableCardValue, 0, 12)
	benchTable(b, players, 12, func(s *TableSolver, p *rules.Play) { s.CardValues(p, buf[:0]) })
}

// BenchmarkTableCardValuesFour values every card of the first lead of
// 200 four-handed deals, each with a cold table: what the hard table
// bot asks of each world it draws before the first card.
func BenchmarkTableCardValuesFour(b *testing.B) { benchTableCardValues(b, 4) }

// BenchmarkTableCardValuesThree: the same with three players.
func BenchmarkTableCardValuesThree(b *testing.B) { benchTableCardValues(b, 3) }
