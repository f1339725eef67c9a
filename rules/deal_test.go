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

// TestDealLayout: at every seat count and dealer, Place counts the turns
// from eldest, DealtTo names the seat each of the first cards goes to,
// and UpcardPlace the upcard, as NewDeal deals them.
func TestDealLayout(t *testing.T) {
	for players := 2; players <= 4; players++ {
		opts := DefaultOptions()
		opts.Players = players
		for seed := range uint64(40) {
			deck := Shuffle(rand.New(rand.NewPCG(seed, 7)))
			dealer := Seat(seed % uint64(players))
			d := NewDeal(opts, dealer, deck)
			if got := Place(d.Turn(), dealer, players); got != 0 {
				t.Fatalf("%d players, dealer %s: eldest %s has place %d", players, dealer, d.Turn(), got)
			}
			if got := Place(dealer, dealer, players); got != players-1 {
				t.Fatalf("%d players: the dealer has place %d", players, got)
			}
			if deck[UpcardPlace(players)] != d.Upcard() {
				t.Fatalf("%d players: upcard %s, deck place %d holds %s", players, d.Upcard(), UpcardPlace(players), deck[UpcardPlace(players)])
			}
			var dealt [4]CardSet
			for i, c := range deck {
				if s := DealtTo(players, dealer, i); s != NoSeat {
					dealt[s] = dealt[s].With(c)
				}
			}
			for s := range Seat(players) {
				if dealt[s] != d.Hand(s) {
					t.Fatalf("%d players, dealer %s: seat %s holds %s, DealtTo gives it %s", players, dealer, s, d.Hand(s), dealt[s])
				}
			}
		}
	}
}

// SeatAfter counts seats to the left, round the table, at every count.
func TestSeatAfter(t *testing.T) {
	for _, c := range []struct {
		s    Seat
		k, n int
		want Seat
	}{
		{SeatA, 0, 2, SeatA}, {SeatB, 1, 2, SeatA}, {SeatA, 4, 2, SeatA},
		{2, 1, 3, SeatA}, {SeatB, 2, 3, SeatA}, {SeatA, 5, 3, 2},
		{3, 1, 4, SeatA}, {3, 3, 4, 2}, {SeatB, 6, 4, 3},
	} {
		if got := SeatAfter(c.s, c.k, c.n); got != c.want {
			t.Errorf("SeatAfter(%v, %d, %d) = %v, want %v", c.s, c.k, c.n, got, c.want)
		}
	}
}
