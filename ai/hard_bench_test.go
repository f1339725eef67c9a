package ai_test

import (
	"context"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/testing/cputime"
	"github.com/klob/klob/rules"
)

// BenchmarkHardDecisions plays whole deals between two hard bots at the
// default budget and reports the time of every decision that had a
// choice: median, 95th percentile and maximum, overall, for the card
// play and the bidding, and (CPU time) for each phase before the card
// play. A bid should stay within cpu-bid-p95-ms <= 100 with -cpu 1, so
// that a game never waits on the bot. Each decision is timed by the wall
// clock and by the CPU time the process used (all threads) divided by
// the cores it can use: on a machine shared with other work the second
// is what the decision would take on an idle one.
func BenchmarkHardDecisions(b *testing.B) {
	deals := 20
	r := rand.New(rand.NewPCG(31, 1))
	bots := [2]ai.Bot{}
	for i := range bots {
		bot, err := ai.New(ai.Hard, ai.Config{Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		bots[i] = bot
	}
	var all, play, bid, cpu, cpuPlay, cpuBid []time.Duration
	cpuPhase := map[rules.Phase][]time.Duration{}
	cores := time.Duration(runtime.GOMAXPROCS(0))
	for b.Loop() {
		for range deals {
			d := rules.NewDeal(rules.DefaultOptions(), rules.Seat(r.IntN(2)), rules.Shuffle(r))
			for !d.Over() {
				v := d.View(d.Turn())
				c0, t0 := cputime.Process(), time.Now()
				a, err := bots[d.Turn()].Choose(context.Background(), &v)
				el := time.Since(t0)
				ce := (cputime.Process() - c0) / cores
				if err != nil {
					b.Fatal(err)
				}
				if len(v.Legal()) > 1 {
					all = append(all, el)
					cpu = append(cpu, ce)
					switch v.Phase {
					case rules.PhasePlay:
						play = append(play, el)
						cpuPlay = append(cpuPlay, ce)
					case rules.PhaseBid1, rules.PhaseBid2, rules.PhaseSchmeiss:
						bid = append(bid, el)
						cpuBid = append(cpuBid, ce)
					}
					cpuPhase[v.Phase] = append(cpuPhase[v.Phase], ce)
				}
				if err := d.Apply(a); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	report := func(name string, d []time.Duration) {
		if len(d) == 0 {
			return
		}
		slices.Sort(d)
		ms := func(x time.Duration) float64 { return float64(x.Microseconds()) / 1000 }
		b.ReportMetric(ms(d[len(d)/2]), name+"-median-ms")
		b.ReportMetric(ms(d[len(d)*95/100]), name+"-p95-ms")
		b.ReportMetric(ms(d[len(d)-1]), name+"-max-ms")
	}
	report("all", all)
	report("play", play)
	report("bid", bid)
	report("cpu", cpu)
	report("cpu-play", cpuPlay)
	report("cpu-bid", cpuBid)
	for p, name := range map[rules.Phase]string{rules.PhaseBid1: "cpu-round1", rules.PhaseBid2: "cpu-round2",
		rules.PhaseSchmeiss: "cpu-schmeiss", rules.PhaseDix: "cpu-dix", rules.PhaseSequences: "cpu-dialogue"} {
		report(name, cpuPhase[p])
	}
	b.ReportMetric(float64(len(all)), "decisions")
	b.ReportMetric(0, "ns/op")
}
