package host

import (
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/internal/testing/clocktest"
)

// TestDealInPlay: DealInPlay says what the seat's snapshot says at
// every point the game waits for its one person: a deal played at
// their decision, none between deals nor once the game is over, before
// anyone sat down, nor once the host has stopped.
func TestDealInPlay(t *testing.T) {
	h := newHost(t, config(3, 7, nil, clocktest.New(t0), 0))
	if h.DealInPlay() {
		t.Fatal("a deal in play before anyone sat down")
	}
	d := &driver{p: sit(t, h, 0), r: rand.New(rand.NewPCG(1, 2))}
	played, between := 0, 0
	d.seen = func(s Snapshot) {
		switch {
		case s.Over:
		case s.Can.Act && s.HasDeal && !s.Between:
			played++
			if !h.DealInPlay() {
				t.Errorf("deal %d gen %d: no deal in play at the person's decision", s.DealNo, s.Gen)
			}
			return
		case s.Can.Ready && s.Between:
			between++
		default:
			return // the bots may be moving on
		}
		if h.DealInPlay() {
			t.Errorf("deal %d gen %d: a deal in play between deals or after the game", s.DealNo, s.Gen)
		}
	}
	d.play(t, false)
	if played == 0 || between == 0 {
		t.Fatalf("the game had %d decisions and %d waits between deals", played, between)
	}
	if h.DealInPlay() {
		t.Error("a deal in play once the game is over")
	}

	// Stopped in the middle of a deal.
	h = newHost(t, config(3, 7, nil, clocktest.New(t0), 0))
	await(t, sit(t, h, 0), "the person's decision", func(s Snapshot) bool { return s.Can.Act })
	if !h.DealInPlay() {
		t.Fatal("no deal in play at the person's decision")
	}
	h.Close()
	if h.DealInPlay() {
		t.Error("a deal in play once the host stopped")
	}
}
