package claim

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/klob/klob/ai/sampler"
	"github.com/klob/klob/rules"
)

// playPosition deals from r, bids and talks at random until the card
// play, then plays random cards until cardsLeft remain in the hand of
// the seat to move. It returns false when the deal never reached that.
func playPosition(r *rand.Rand, cardsLeft int) (rules.Deal, bool) {
	d := rules.NewDeal(rules.DefaultOptions(), rules.Seat(r.IntN(2)), rules.Shuffle(r))
	for !d.Over() {
		if d.Phase() == rules.PhasePlay && d.Hand(d.Turn()).Count() <= cardsLeft {
			return d, true
		}
		l := d.Legal()
		a := l[r.IntN(len(l))]
		if d.Phase() == rules.PhaseBid1 && r.IntN(2) == 0 {
			a = rules.Action{Kind: rules.Take}
		}
		if err := d.Apply(a); err != nil {
			panic(err)
		}
	}
	return d, false
}

// otherTricks is the fewest tricks the claimer can hold the other side
// to, by plain minimax over every card (no memo, no pruning): the
// reference the claim search is checked against.
func otherTricks(p rules.Duel, seat rules.Seat) int {
	if p.Done() {
		return 0
	}
	best := -1
	mine := p.Turn() == seat
	for m := p.Legal(); m != 0; m &= m - 1 {
		q := p
		n := 0
		if done, w := q.Move(m.First()); done && w != seat {
			n = 1
		}
		n += otherTricks(q, seat)
		if best < 0 || (mine && n < best) || (!mine && n > best) {
			best = n
		}
	}
	return best
}

// TestCheckAgreesWithMinimax: on random positions with up to four cards
// left, a claim is allowed exactly when, for every hand the sampler
// says the other side may hold, plain minimax gives it no trick.
func TestCheckAgreesWithMinimax(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var ok, refused int
	for n := 0; n < 1500; {
		d, found := playPosition(r, 1+r.IntN(4))
		if !found {
			continue
		}
		n++
		seat := rules.Seat(r.IntN(2))
		v := d.View(seat)
		got := Check(v)
		want := true
		sampler.New(v).Hands(func(opp rules.CardSet) bool {
			p := v.Play().Duel()
			p.Hands[seat.Other()] = opp
			if otherTricks(p, seat) > 0 {
				want = false
				return false
			}
			return true
		})
		if got.OK != want || got.Err != nil {
			t.Fatalf("view:\n%v\nCheck says %v (%v), minimax over every hand says %v", v, got.OK, got.Err, want)
		}
		if got.OK {
			ok++
		} else {
			refused++
			p := v.Play().Duel()
			p.Hands[seat.Other()] = got.Counter
			if otherTricks(p, seat) == 0 {
				t.Fatalf("counter-hand %v gives the other side no trick", got.Counter)
			}
		}
		// On the real deal, one claimer's card at a time.
		if real := d.Play().Duel(); TakesAll(real, seat) != (otherTricks(real, seat) == 0) {
			t.Fatalf("TakesAll disagrees with minimax on the real deal")
		}
	}
	if ok < 50 || refused < 50 {
		t.Errorf("%d claims allowed, %d refused: the positions test too little", ok, refused)
	}
}

// TestNextPlaysOutAClaim: after a good claim, the claimer's cards from
// Next against random legal cards of the other side take every trick,
// and every card is legal for the deal.
func TestNextPlaysOutAClaim(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for n := 0; n < 300; {
		d, found := playPosition(r, 1+r.IntN(6))
		if !found {
			continue
		}
		seat := d.Turn()
		if !Check(d.View(seat)).OK {
			continue
		}
		n++
		before := d.Play().Duel().Won[seat]
		tricksLeft := 9 - int(d.Play().Duel().Tricks)
		for !d.Over() {
			var a rules.Action
			if d.Turn() == seat {
				c, ok := Next(d.Play().Duel(), seat)
				if !ok {
					t.Fatalf("no card keeps the claim:\n%v", d.View(seat))
				}
				a = rules.PlayAction(c)
				if !d.IsLegal(a) {
					a = rules.PlayBellaAction(c)
				}
			} else {
				l := d.Legal()
				a = l[r.IntN(len(l))]
			}
			if err := d.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		if won := int(d.Score().Tricks[seat]) - int(before); won != tricksLeft {
			t.Fatalf("the claimer took %d of the %d tricks left", won, tricksLeft)
		}
	}
}

func TestNoClaimOutsideThePlay(t *testing.T) {
	d := rules.NewDeal(rules.DefaultOptions(), rules.SeatA, rules.NewDeck())
	v := Check(d.View(rules.SeatB))
	if v.OK || !errors.Is(v.Err, ErrNotPlaying) || v.Reason(false) != ErrNotPlaying.Error() {
		t.Errorf("claim during the bidding: got %+v, want ErrNotPlaying", v)
	}
}

// TestReasonNamesAHand: a refused claim names a hand the other side may
// hold, with suit symbols or letters.
func TestReasonNamesAHand(t *testing.T) {
	v := Verdict{Counter: rules.SetOf(rules.MustCard("AH"), rules.MustCard("7S"))}
	if got := v.Reason(false); !strings.Contains(got, "A♥ 7♠") || !strings.Contains(got, "can take a trick") {
		t.Errorf("reason %q", got)
	}
	if got := v.Reason(true); !strings.Contains(got, "AH 7S") {
		t.Errorf("ascii reason %q", got)
	}
}
