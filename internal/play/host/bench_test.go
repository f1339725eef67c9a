package host

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/testing/cputime"
	"github.com/klob/klob/rules"
)

// BenchmarkAct measures a person's action through a Port at every seat
// count with people in every seat: the call, the move, every seat's
// snapshot built and ticked, the answer. It is what a screen's Update
// waits for. With spectators (who never read), their one shared
// snapshot is built and each is ticked too.
func BenchmarkAct(b *testing.B) {
	for _, n := range []int{2, 3, 4} {
		for _, watchers := range []int{0, 50} {
			b.Run(fmt.Sprintf("seats=%d/watchers=%d", n, watchers), func(b *testing.B) { benchAct(b, n, watchers) })
		}
	}
}

func benchAct(b *testing.B, n, watchers int) {
	people := []rules.Seat{0, 1, 2, 3}[:n]
	r := rand.New(rand.NewPCG(1, 2))
	var h *Host
	var ports []Port
	game := uint64(0)
	newGame := func() {
		if h != nil {
			h.Close()
		}
		game++
		cfg := config(n, game, nil, nil, people...)
		var err error
		if h, err = New(cfg); err != nil {
			b.Fatal(err)
		}
		ports = ports[:0]
		for _, s := range people {
			p, err := h.Seat(s)
			if err != nil {
				b.Fatal(err)
			}
			ports = append(ports, p)
		}
		for range watchers {
			if _, err := h.Watch(); err != nil {
				b.Fatal(err)
			}
		}
	}
	newGame()
	b.ResetTimer()
	for range b.N {
		acted := false
		for !acted {
			for _, p := range ports {
				s := p.Snapshot()
				if s.Over {
					b.StopTimer()
					newGame()
					b.StartTimer()
					break
				}
				switch {
				case s.Can.Act:
					l := s.View.Legal()
					if err := p.Act(s.Gen, l[r.IntN(len(l))]); err != nil {
						b.Fatal(err)
					}
					acted = true
				case s.Can.Ready:
					if err := p.Ready(s.Gen); err != nil {
						b.Fatal(err)
					}
					acted = true
				}
				if acted {
					break
				}
			}
		}
	}
	b.StopTimer()
	h.Close()
}

// BenchmarkHint measures one hint at every seat count, at the first bid
// and the first card with a choice of a recorded game: the default hint
// (the analysis's evaluation) on every core and on one (a server's
// slot), against the hard bot's own evaluation of the decision, what
// the hint was before it asked the analysis. One op is one hint, with an
// evaluator of its own as each hint has; cpu-ms/op is the process's CPU
// time, which a loaded machine does not inflate as it does the wall time.
func BenchmarkHint(b *testing.B) {
	bot := func(ctx context.Context, v *rules.View, seed uint64) (eval.Evaluation, error) {
		return eval.New().Evaluate(ctx, v, ai.EvalOptions(ai.Config{Seed: 1, Workers: 0}, v))
	}
	for _, n := range []int{2, 3, 4} {
		_, r := hintGame(b, n)
		for _, pos := range hintPositions(b, r) {
			st := r.Deals[pos.deal].Steps[pos.step]
			d := r.Deals[pos.deal].At(pos.step)
			v := d.View(st.Seat)
			for _, c := range []struct {
				name string
				hint HintFunc
			}{{"analysis/cores=all", analysisHint(0)}, {"analysis/cores=1", analysisHint(1)}, {"bot/cores=all", bot}} {
				b.Run(fmt.Sprintf("seats=%d/%s/%s", n, strings.ReplaceAll(pos.what, " ", "-"), c.name), func(b *testing.B) {
					samples, ops := 0, 0
					cpu := cputime.Process()
					for b.Loop() {
						ev, err := c.hint(context.Background(), &v, analysisSeed)
						if err != nil {
							b.Fatal(err)
						}
						samples, ops = ev.Samples, ops+1
					}
					b.ReportMetric(float64((cputime.Process()-cpu).Milliseconds())/float64(ops), "cpu-ms/op")
					b.ReportMetric(float64(samples), "samples")
				})
			}
		}
	}
}
