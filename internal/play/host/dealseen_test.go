package host

import (
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/internal/testing/clocktest"
)

// TestDealSeen: DealSeen says what the seat's snapshot says at
// every point the game waits for its one person: a deal played at
// their decision, none between deals nor once the game is over, before
// anyone sat down, nor once the host has stopped.
func TestDealSeen(t *testing.T) {
	h := newHost(t, config(3, 7, nil, clocktest.New(t0), 0))
	if h.DealSeen() {
		t.Fatal("a deal in play before anyone sat down")
	}
	d := &driver{p: sit(t, h, 0), r: rand.New(rand.NewPCG(1, 2))}
	played, between := 0, 0
	d.seen = func(s Snapshot) {
		switch {
		case s.Over:
		case s.Can.Act && s.HasDeal && !s.Between:
			played++
			if !h.DealSeen() {
				t.Errorf("deal %d gen %d: no deal in play at the person's decision", s.DealNo, s.Gen)
			}
			return
		case s.Can.Ready && s.Between:
			between++
		default:
			return // the bots may be moving on
		}
		if h.DealSeen() {
			t.Errorf("deal %d gen %d: a deal in play between deals or after the game", s.DealNo, s.Gen)
		}
	}
	d.play(t, false)
	if played == 0 || between == 0 {
		t.Fatalf("the game had %d decisions and %d waits between deals", played, between)
	}
	if h.DealSeen() {
		t.Error("a deal in play once the game is over")
	}

	// Stopped in the middle of a deal.
	h = newHost(t, config(3, 7, nil, clocktest.New(t0), 0))
	await(t, sit(t, h, 0), "the person's decision", func(s Snapshot) bool { return s.Can.Act })
	if !h.DealSeen() {
		t.Fatal("no deal in play at the person's decision")
	}
	h.Close()
	if h.DealSeen() {
		t.Error("a deal in play once the host stopped")
	}
}

// TestDealSeenNotWhileAway: a deal dealt while its one person is away
// (gone between deals, so counted ready) has shown nobody a hand:
// DealSeen says no until the person comes back to it, then yes, and
// still yes once they leave again in the middle of it.
func TestDealSeenNotWhileAway(t *testing.T) {
	h := newHost(t, config(3, 7, nil, clocktest.New(t0), 0))
	p := sit(t, h, 0)
	d := &driver{p: p, r: rand.New(rand.NewPCG(1, 2))}
	for {
		s := await(t, p, "a decision or deal 1's end", func(s Snapshot) bool { return s.Can.Act || s.Between || s.Over })
		if s.Between {
			break
		}
		if s.Over {
			t.Fatal("the game ended in its first deal")
		}
		if _, err := d.step(s); err != nil {
			t.Fatal(err)
		}
	}
	w, err := h.Watch()
	if err != nil {
		t.Fatal(err)
	}
	p.Leave()
	away := func(s Snapshot) bool { return len(s.Players) > 0 && s.Players[0].State == SeatAway }
	await(t, w, "deal 2 dealt with the person away", func(s Snapshot) bool {
		return s.DealNo == 2 && s.HasDeal && !s.Between && away(s)
	})
	if h.DealSeen() {
		t.Fatal("a deal dealt with every person away is said to be seen")
	}
	p = sit(t, h, 0)
	await(t, p, "deal 2 shown to the person", func(s Snapshot) bool { return s.DealNo == 2 && s.HasDeal && !s.Between })
	if !h.DealSeen() {
		t.Fatal("the deal the person came back to is not said to be seen")
	}
	p.Leave()
	await(t, w, "the person away again", away)
	if !h.DealSeen() {
		t.Fatal("the deal the person saw and left is no longer said to be seen")
	}
}
