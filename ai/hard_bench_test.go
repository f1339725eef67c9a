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
	bots := [2]Bot{}
	for i := range bots {
		bot, err := New(Hard, Config{Seed: uint64(i)})
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
	reportMS(b, "all", all)
	reportMS(b, "play", play)
	reportMS(b, "bid", bid)
	reportMS(b, "cpu", cpu)
	reportMS(b, "cpu-play", cpuPlay)
	reportMS(b, "cpu-bid", cpuBid)
	for p, name := range map[rules.Phase]string{rules.PhaseBid1: "cpu-round1", rules.PhaseBid2: "cpu-round2",
		rules.PhaseSchmeiss: "cpu-schmeiss", rules.PhaseDix: "cpu-dix", rules.PhaseSequences: "cpu-dialogue"} {
		reportMS(b, name, cpuPhase[p])
	}
	b.ReportMetric(float64(len(all)), "decisions")
	b.ReportMetric(0, "ns/op")
}

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
	reportMS(b, "wall", wall)
	reportMS(b, "cpu", cpu)
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

// reportMS reports the median, 95th percentile and maximum of d in
// milliseconds, as name-median-ms, name-p95-ms and name-max-ms; nothing
// when d is empty.
func reportMS(b *testing.B, name string, d []time.Duration) {
	if len(d) == 0 {
		return
	}
	slices.Sort(d)
	ms := func(x time.Duration) float64 { return float64(x.Microseconds()) / 1000 }
	b.ReportMetric(ms(d[len(d)/2]), name+"-median-ms")
	b.ReportMetric(ms(d[len(d)*95/100]), name+"-p95-ms")
	b.ReportMetric(ms(d[len(d)-1]), name+"-max-ms")
}
