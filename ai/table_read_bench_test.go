package ai

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/ai/sampler"
	"github.com/klob/klob/rules"
)

// benchReadWorlds times readWorlds (drawing tableCandidates times
// tableSamples whole worlds and weighing each by the bids and cards) at
// every card decision with a choice, in deals played by normal bots:
// the cost reading adds to a hard card decision.
func benchReadWorlds(b *testing.B, players int) {
	opts := rules.DefaultOptions()
	opts.Players = players
	r := rand.New(rand.NewPCG(5, uint64(players)))
	var views []rules.View
	for i := range 20 {
		bots := make([]Bot, players)
		for s := range players {
			bots[s], _ = New(Normal, Config{Seed: uint64(s)})
		}
		t := rules.NewDeal(opts, rules.Seat(i%players), rules.Shuffle(r))
		for !t.Over() {
			seat := t.Turn()
			if seat == rules.ChanceSeat {
				l := t.Legal()
				_ = t.Apply(l[r.IntN(len(l))])
				continue
			}
			v := t.View(seat)
			if v.Phase == rules.PhasePlay && distinctCards(v.Legal()) > 1 {
				views = append(views, v)
			}
			a, _ := bots[seat].Choose(context.Background(), &v)
			if err := t.ApplyAs(seat, a); err != nil {
				b.Fatal(err)
			}
		}
	}
	h := newTableHard(Config{Seed: 1})
	b.ResetTimer()
	read, distinct := 0, 0
	for b.Loop() {
		for i := range views {
			w, picks := h.readWorlds(context.Background(), &views[i], sampler.New(&views[i]), tableSamples)
			if w != nil {
				read++
				for _, p := range picks {
					if p > 0 {
						distinct++
					}
				}
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1e3/float64(b.N*len(views)), "ms/decision")
	b.ReportMetric(float64(read)/float64(b.N*len(views)), "read/decision")
	b.ReportMetric(float64(distinct)/float64(max(read, 1)), "worlds/decision")
}

// BenchmarkTableReadWorldsThree: readWorlds at three players.
func BenchmarkTableReadWorldsThree(b *testing.B) { benchReadWorlds(b, 3) }

// BenchmarkTableReadWorldsFour: readWorlds at four players.
func BenchmarkTableReadWorldsFour(b *testing.B) { benchReadWorlds(b, 4) }
