package solver

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/rules"
)

// randomTablePlay deals k cards to each of n seats from a shuffled deck.
func randomTablePlay(r *rand.Rand, n, k int) rules.Play {
	deck := rules.Shuffle(r)
	p := rules.Play{N: uint8(n), Trump: rules.Suit(r.IntN(5)), Leader: rules.Seat(r.IntN(n)), LastBonus: 10}
	if n < 4 && p.Trump == rules.NoTrumps {
		p.Trump = rules.Hearts
	}
	for i := range n * k {
		p.Hands[i%n] = p.Hands[i%n].With(deck[i])
	}
	return p
}

// naive is plain minimax with no table, no pruning and no merged cards.
func naive(p *rules.Play, side uint8) int {
	legal := p.Legal()
	if legal == 0 {
		return 0
	}
	maxing := side>>p.Turn()&1 == 1
	best := -1 << 30
	if !maxing {
		best = 1 << 30
	}
	for m := legal; m != 0; m &= m - 1 {
		q := *p
		before := pts(&q, side)
		q.Move(rules.Card(bits.TrailingZeros32(uint32(m))))
		v := pts(&q, side) - before + naive(&q, side)
		if maxing == (v > best) && v != best {
			best = v
		}
	}
	return best
}

func pts(p *rules.Play, side uint8) int {
	n := 0
	for i := range 4 {
		if side>>i&1 == 1 {
			n += int(p.Points[i])
		}
	}
	return n
}

func TestTableSolverMatchesMinimax(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	s := NewTable()
	for i := range 300 {
		n := 3 + i%2
		k := 2 + i%3
		p := randomTablePlay(r, n, k)
		// Play a few cards into the first trick sometimes.
		for j := 0; j < i%n; j++ {
			p.Move(p.Pick(r.Uint32()))
		}
		seat := p.Turn()
		want := naive(&p, SideOf(&p, seat))
		got, ok := s.Solve(&p, seat)
		if !ok || got != want {
			t.Fatalf("deal %d (%d players, %d cards, trump %s): Solve = %d, %v; want %d", i, n, k, p.Trump, got, ok, want)
		}
		cv, ok := s.CardValues(&p, nil)
		if !ok {
			t.Fatalf("deal %d: CardValues cut short", i)
		}
		best := -1
		for _, v := range cv {
			q := p
			side := SideOf(&p, seat)
			before := pts(&q, side)
			q.Move(v.Card)
			if w := pts(&q, side) - before + naive(&q, side); w != v.Value {
				t.Fatalf("deal %d card %s: value %d, want %d", i, v.Card, v.Value, w)
			}
			best = max(best, v.Value)
		}
		if best != want {
			t.Fatalf("deal %d: best card value %d, want %d", i, best, want)
		}
	}
}

func TestTableSolverLimit(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	p := randomTablePlay(r, 4, 8)
	s := NewTable()
	s.SetLimit(100)
	if _, ok := s.Solve(&p, p.Turn()); ok {
		t.Fatalf("a full four-handed deal solved in 100 nodes")
	}
	s.SetLimit(0)
	if _, ok := s.Solve(&p, p.Turn()); !ok {
		t.Fatalf("solve without limit cut short")
	}
}
