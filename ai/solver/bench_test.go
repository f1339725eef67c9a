package solver

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/klob/klob/internal/testing/cputime"
	"github.com/klob/klob/rules"
)

// fullDeals returns n deals' card play at the first lead, dealt from a
// seeded shuffle: the non-dealer takes the upcard's suit, nobody exchanges
// the dix, and the two 9-card hands are as dealt.
func fullDeals(seed uint64, n int) []rules.Duel {
	r := rand.New(rand.NewPCG(seed, 0))
	out := make([]rules.Duel, 0, n)
	for len(out) < n {
		d := rules.NewDeal(rules.DefaultOptions(), rules.Seat(r.IntN(2)), rules.Shuffle(r))
		if err := d.Apply(rules.Action{Kind: rules.Take}); err != nil {
			panic(err)
		}
		for d.Phase() != rules.PhasePlay {
			l := d.Legal()
			d.Apply(l[len(l)-1]) // no-exchange, no-sequence / good
		}
		out = append(out, d.Play().Duel())
	}
	return out
}

// timings collects the time of each operation by the wall clock and by
// the thread's CPU clock, and reports median, 99th percentile and maximum
// of both.
type timings struct{ wall, cpu []time.Duration }

func (t *timings) time(f func()) {
	c0, w0 := cputime.Thread(), time.Now()
	f()
	t.wall = append(t.wall, time.Since(w0))
	t.cpu = append(t.cpu, cputime.Thread()-c0)
}

func (t *timings) report(b *testing.B) {
	for _, x := range []struct {
		name string
		d    []time.Duration
	}{{"wall", t.wall}, {"cpu", t.cpu}} {
		slices.Sort(x.d)
		n := len(x.d)
		b.ReportMetric(float64(x.d[n/2].Nanoseconds())/1e3, x.name+"-median-µs")
		b.ReportMetric(float64(x.d[n*99/100].Nanoseconds())/1e3, x.name+"-p99-µs")
		b.ReportMetric(float64(x.d[n-1].Nanoseconds())/1e3, x.name+"-max-µs")
	}
	b.ReportMetric(0, "ns/op")
}

// BenchmarkSolveDeals solves 1,000 random full deals from the first lead,
// each with a cold table, and reports the median and 99th percentile time
// of one solve on one core.
func BenchmarkSolveDeals(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	deals := fullDeals(7, 1000)
	s := New()
	var t timings
	var nodes uint64
	for b.Loop() {
		for i := range deals {
			s.Reset()
			n0 := s.Nodes()
			t.time(func() { s.Solve(&deals[i]) })
			nodes += s.Nodes() - n0
		}
	}
	t.report(b)
	b.ReportMetric(float64(nodes)/float64(len(t.wall)), "nodes/solve")
}

// BenchmarkCardValues values every card of the first lead of 200 deals.
func BenchmarkCardValues(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	deals := fullDeals(8, 200)
	s := New()
	var buf [9]CardValue
	var t timings
	for b.Loop() {
		for i := range deals {
			s.Reset()
			t.time(func() { s.CardValues(&deals[i], buf[:0]) })
		}
	}
	t.report(b)
}
