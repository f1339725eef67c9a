package host

import (
	"fmt"
	"math/rand/v2"
	"testing"

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
