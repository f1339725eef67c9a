package host

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/internal/testing/clocktest"
)

// TestPlace: Host.Place says where the game stands as the person's
// snapshot does, at every point the game waits for its one person (a
// decision, between deals, the game's end): the table's talk marks its
// lines with it, and the screen places them among the deal's words by
// the snapshot's. At every seat count.
func TestPlace(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
			h := newHost(t, config(n, 7, nil, clocktest.New(t0), 0))
			if got := h.Place(); got != (Place{Game: 1, Step: AfterDeal}) {
				t.Fatalf("before the first deal: %+v", got)
			}
			d := &driver{p: sit(t, h, 0), r: rand.New(rand.NewPCG(1, 2))}
			checked, between := 0, 0
			d.seen = func(s Snapshot) {
				if !s.Can.Act && !s.Can.Ready && !s.Over {
					return // the bots may be moving on
				}
				if s.Between {
					between++
				}
				checked++
				if got, want := h.Place(), s.Place(); got != want {
					t.Errorf("deal %d gen %d: Place %+v, the snapshot's %+v", s.DealNo, s.Gen, got, want)
				}
			}
			last := d.play(t, false)
			if checked == 0 || between == 0 {
				t.Fatalf("%d points checked, %d between deals", checked, between)
			}
			if got := h.Place(); got != (Place{Game: 1, Deal: last.DealNo, Step: AfterDeal}) {
				t.Errorf("the game over: %+v", got)
			}
		})
	}
}
