package ai

import (
	"context"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/klob/klob/internal/testing/cputime"
	"github.com/klob/klob/rules"
)

// benchTableHard times every card decision (with bids, every bid) of
// the hard bot with a choice, in seat A (and C, its partner, with four)
// against normal bots, over 30 deals, by the wall clock and by the
// thread's CPU time, and reports the median and 95th percentile of
// each. Bids are timed on one worker, so that the thread's CPU time is
// all of it.
func benchTableHard(b *testing.B, players int, bids bool) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	opts := rules.DefaultOptions()
	opts.Players = players
	var wall, cpu []time.Duration
	for b.Loop() {
		r := rand.New(rand.NewPCG(17, uint64(players)))
		for i := range 30 {
			bots := seatBots(b, players, func(s int) (Level, Config) {
				l := Normal
				if s%2 == 0 && (players == 4 || s == 0) {
					l = Hard
				}
				cfg := Config{Seed: uint64(i*4 + s)}
				if bids {
					cfg.Workers = 1
				}
				return l, cfg
			})
			t := rules.NewDeal(opts, rules.Seat(i%players), rules.Shuffle(r))
			for !t.Over() {
				seat := t.Turn()
				v := t.View(seat)
				phase := v.Phase == rules.PhasePlay
				if bids {
					phase = v.Phase == rules.PhaseBid1 || v.Phase == rules.PhaseBid2
				}
				timed := bots[seat].Level() == Hard && phase && len(v.Legal()) > 1
				c0, w0 := cputime.Thread(), time.Now()
				a, err := bots[seat].Choose(context.Background(), &v)
				if timed {
					wall = append(wall, time.Since(w0))
					cpu = append(cpu, cputime.Thread()-c0)
				}
				if err != nil {
					b.Fatal(err)
				}
				if err := t.ApplyAs(seat, a); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	for _, x := range []struct {
		name string
		d    []time.Duration
	}{{"wall", wall}, {"cpu", cpu}} {
		slices.Sort(x.d)
		n := len(x.d)
		b.ReportMetric(float64(x.d[n/2].Microseconds())/1e3, x.name+"-median-ms")
		b.ReportMetric(float64(x.d[n*95/100].Microseconds())/1e3, x.name+"-p95-ms")
		b.ReportMetric(float64(x.d[n-1].Microseconds())/1e3, x.name+"-max-ms")
	}
	b.ReportMetric(float64(len(wall)), "decisions")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkTableHardFour: the hard bot's card decisions at four players.
func BenchmarkTableHardFour(b *testing.B) { benchTableHard(b, 4, false) }

// BenchmarkTableHardThree: the hard bot's card decisions at three.
func BenchmarkTableHardThree(b *testing.B) { benchTableHard(b, 3, false) }

// BenchmarkTableHardBidsFour: the hard bot's bids at four players, by
// eval.Evaluator.Evaluate on one core.
func BenchmarkTableHardBidsFour(b *testing.B) { benchTableHard(b, 4, true) }

// BenchmarkTableHardBidsThree: the hard bot's bids at three.
func BenchmarkTableHardBidsThree(b *testing.B) { benchTableHard(b, 3, true) }
