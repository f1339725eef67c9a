package rules

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestDuelPlayoutMatchesPick: from positions of random two-player deals,
// Duel.Playout plays what Pick and Move play with the same random
// numbers, and the points of a playout add up to the cards in play.
func TestDuelPlayoutMatchesPick(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	checked := 0
	for i := range 300 {
		d := NewDeal(DefaultOptions(), Seat(i%2), Shuffle(r))
		for !d.Over() {
			if d.Phase() == PhasePlay {
				if err := checkPlayout(&d, r); err != nil {
					t.Fatalf("deal %d: %v", i, err)
				}
				checked++
			}
			doRandom(t, &d, r)
		}
	}
	if checked < 1000 {
		t.Errorf("only %d positions checked", checked)
	}
}

func checkPlayout(d *Deal, r *rand.Rand) error {
	seed := r.Uint64()
	pl := d.Play()
	p, q := pl.Duel(), pl.Duel()
	p.Playout(rand.NewPCG(seed, 7))
	src := rand.NewPCG(seed, 7)
	var x uint64
	if q.Lead != NoCard {
		x = src.Uint64()
	}
	for !q.Done() {
		if q.Lead == NoCard {
			x = src.Uint64()
			c := q.Pick(uint32(x))
			if !q.Legal().Has(c) {
				return fmt.Errorf("Pick gave %s, not legal", c)
			}
			q.Move(c)
			continue
		}
		c := q.Pick(uint32(x >> 32))
		if !q.Legal().Has(c) {
			return fmt.Errorf("Pick gave %s, not legal", c)
		}
		q.Move(c)
	}
	if p != q {
		return fmt.Errorf("Playout ends in %+v, Pick and Move in %+v", p, q)
	}
	inPlay := pl.Hands[0] | pl.Hands[1] | SetOf(pl.Trick[:pl.InTrick]...)
	if int(p.Points[0]+p.Points[1]) != SetPoints(inPlay, d.Trump())+int(pl.Points[0]+pl.Points[1])+d.Options().LastTrick {
		return fmt.Errorf("playout points %v do not add up", p.Points)
	}
	return nil
}
