package rules

import (
	"math/rand/v2"
	"testing"
)

// TestShuffleMatchesIntN: Shuffle deals exactly what the plain
// Fisher-Yates shuffle with r.IntN deals, so a seed recorded anywhere
// keeps its deck.
func TestShuffleMatchesIntN(t *testing.T) {
	for seed := uint64(0); seed < 3000; seed++ {
		got := Shuffle(rand.New(rand.NewPCG(seed, 99)))
		r := rand.New(rand.NewPCG(seed, 99))
		want := NewDeck()
		for i := 31; i > 0; i-- {
			j := r.IntN(i + 1)
			want[i], want[j] = want[j], want[i]
		}
		if got != want {
			t.Fatalf("seed %d: Shuffle %s, IntN shuffle %s", seed, got, want)
		}
	}
	// intN's rejection step, with a source that returns low products.
	r := rand.New(&fixedSource{vals: []uint64{0, 1, 5, 1 << 62}})
	s := rand.New(&fixedSource{vals: []uint64{0, 1, 5, 1 << 62}})
	for i := 0; i < 8; i++ {
		if a, b := intN(r, 31), s.IntN(31); a != b {
			t.Fatalf("draw %d: intN %d, IntN %d", i, a, b)
		}
	}
}

type fixedSource struct {
	vals []uint64
	i    int
}

func (f *fixedSource) Uint64() uint64 {
	v := f.vals[f.i%len(f.vals)]
	f.i++
	return v
}

func TestDealIsAValue(t *testing.T) {
	d := newDeal(t, SeatB, bidHands)
	c := d
	do(t, &c, "take", "no-exchange")
	if d.Phase() != PhaseBid1 || len(d.Steps()) != 0 || d.Hand(SeatA).Count() != 6 {
		t.Errorf("changing a copy changed the original: phase %s steps %v", d.Phase(), d.Steps())
	}
	steps := c.Steps()
	e := c
	do(t, &e, "no-exchange")
	if len(steps) != 2 || len(c.Steps()) != 2 || len(e.Steps()) != 3 {
		t.Errorf("Steps of a copy share storage: %v %v %v", steps, c.Steps(), e.Steps())
	}
}
