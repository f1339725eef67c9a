package sampler

import (
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/klob/klob/ai/tablerule"
	"github.com/klob/klob/internal/testing/cputime"
	"github.com/klob/klob/internal/testing/tabletest"
	"github.com/klob/klob/rules"
)

// benchViews returns the views of every decision of 20 deals of rs,
// played by the normal rule from a fixed seed.
func benchViews(b *testing.B, rs string) []rules.View {
	opts := tabletest.Options(b, rs)
	r := rand.New(rand.NewPCG(31, 32))
	var views []rules.View
	for d := range 20 {
		tabletest.Play(b, opts, rules.Shuffle(r), rules.Seat(d%opts.NumPlayers()), r, func(_ *rules.Deal, v *rules.View) rules.Action {
			views = append(views, *v)
			return tablerule.Choose(v, v.Legal())
		})
	}
	return views
}

// benchHands times New and ten draws of Hands at every decision of
// benchViews; one op is all of them, so that every op does the same
// work. cpu-ms/op is the thread's CPU time, which other processes on
// the cores change less than the wall clock.
func benchHands(b *testing.B, rs string) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	views := benchViews(b, rs)
	r := rand.New(rand.NewPCG(33, 34))
	var cpu time.Duration
	ops := 0
	for b.Loop() {
		c0 := cputime.Thread()
		for i := range views {
			s := New(&views[i])
			for range 10 {
				s.Hands(r)
			}
		}
		cpu += cputime.Thread() - c0
		ops++
	}
	b.ReportMetric(float64(cpu.Microseconds())/1e3/float64(ops), "cpu-ms/op")
	b.ReportMetric(float64(len(views)), "views")
}

func BenchmarkHandsTwo(b *testing.B)   { benchHands(b, "players=2") }
func BenchmarkHandsThree(b *testing.B) { benchHands(b, "players=3") }
func BenchmarkHandsFour(b *testing.B)  { benchHands(b, "players=4") }
