package rules

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestSpectatorViewHidesEveryHand: the view of nobody's seat (NoSeat, a
// spectator's) holds no card of any hand, not even in the masked deal
// its methods read: in random deals at two, three and four players with
// the variants that pass cards face down, at every step, its deck shows
// only the upcard's place and the bottom card once turned, its hands
// and declaration hands are empty, the cleopatra card on its way is
// hidden, and every card drawn or given face down reads NoCard.
func TestSpectatorViewHidesEveryHand(t *testing.T) {
	deals := 400
	if testing.Short() {
		deals = 100
	}
	for players := 2; players <= 4; players++ {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			r := rand.New(rand.NewPCG(uint64(players), 7))
			steps, hidden := 0, 0
			for deal := range deals {
				opts := tableOptions(r, players)
				opts.Shlomo, opts.Cleopatra = players >= 3, players == 4
				d := NewDeal(opts, Seat(r.IntN(players)), Shuffle(r))
				for !d.Over() {
					if err := checkSpectatorView(&d); err != nil {
						t.Fatalf("deal %d step %d (%v): %v", deal, len(d.Steps()), d.Steps(), err)
					}
					for i := range d.Steps() {
						if d.vis[i] != 0 {
							hidden++
						}
					}
					l := d.Legal()
					d.ApplyUnchecked(l[r.IntN(len(l))])
					steps++
				}
				if err := checkSpectatorView(&d); err != nil {
					t.Fatalf("deal %d over: %v", deal, err)
				}
			}
			if players > 2 && hidden == 0 {
				t.Fatal("no card was passed face down: the test tests too little")
			}
			t.Logf("%d steps checked, %d face-down steps seen", steps, hidden)
		})
	}
}

func checkSpectatorView(d *Deal) error {
	v := d.View(NoSeat)
	m := &v.masked
	if v.Hand != 0 || v.Seat != NoSeat {
		return fmt.Errorf("the view holds the hand %v of seat %v", v.Hand, v.Seat)
	}
	for o := range 4 {
		if m.play.Hands[o] != 0 || m.declHands[o] != 0 || m.seqCards[o] != 0 {
			return fmt.Errorf("the masked deal holds seat %d's cards", o)
		}
	}
	if m.pending != NoCard {
		return fmt.Errorf("the masked deal holds the card %v given face down", m.pending)
	}
	for i, c := range m.deck {
		if c == NoCard || i == d.upcardPos() || (i == 31 && d.bottom != NoCard) {
			continue
		}
		return fmt.Errorf("the masked deck shows %v at place %d", c, i)
	}
	for i, st := range m.Steps() {
		if d.vis[i] != 0 && st.Action.Card != NoCard {
			return fmt.Errorf("step %d shows the card %v passed face down", i, st.Action.Card)
		}
	}
	return nil
}
