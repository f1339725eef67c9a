package rules

import (
	"math/rand/v2"
	"testing"
)

func TestCannotHoldFromThePlay(t *testing.T) {
	// Three players, hearts trump. A leads AS; B, void in spades, trumps
	// with JH; C, void too, undertrumps with 9H: C holds no spade and no
	// trump above JH (there is none), B no spade. Then in no trumps a
	// void shows only the suit.
	tb := undertrumpDeal(t)
	tplay(t, &tb, "AS JH 9H")
	v := tb.View(0)
	if got, want := v.CannotHold(1), SuitMask(Spades); got != want {
		t.Errorf("B cannot hold %s, want %s", got, want)
	}
	if got := v.CannotHold(2); got&SuitMask(Spades) != SuitMask(Spades) || got&SuitMask(Hearts) != Above(MustCard("JH"), Hearts) {
		t.Errorf("C cannot hold %s, want the spades and no trump above JH", got)
	}
	// No trumps: a discard shows a void in the led suit, and nothing
	// else.
	tb4 := tableOf(4)
	tdo(t, &tb4, "A: pass", "B: pass", "C: pass", "D: pass", "A: name NT")
	finishDialogue(t, &tb4)
	playLastToEnd(t, &tb4)
	v4 := tb4.View(0)
	var want [4]CardSet
	lead, n := NoCard, 0
	for _, st := range tb4.Steps() {
		if st.Action.Kind != PlayCard {
			continue
		}
		c := st.Action.Card
		if n == 0 {
			lead = c
		} else if c.Suit() != lead.Suit() {
			want[st.Seat] |= SuitMask(lead.Suit())
		}
		n = (n + 1) % 4
	}
	voids := 0
	for s := Seat(0); s < 4; s++ {
		if got := v4.CannotHold(s); got != want[s] {
			t.Errorf("no trumps: seat %s cannot hold %s, want %s", s, got, want[s])
		}
		voids += want[s].Count()
	}
	if voids == 0 {
		t.Errorf("no seat failed to follow: the check is empty")
	}
}

func TestEnding(t *testing.T) {
	tb := tableDeal{players: 3, dealer: 2}.table(t, "")
	tdo(t, &tb, "A: pass", "B: pass", "C: pass", "A: pass", "B: pass", "C: pass")
	if tb.Ending() != AllPassed || !tb.Ending().ThrownIn() {
		t.Errorf("six passes: ending %s", tb.Ending())
	}
	two := NewDeal(DefaultOptions(), 0, NewDeck())
	tdo(t, &two, "B: schmeiss", "A: accept")
	if two.Ending() != SchmeissAccepted {
		t.Errorf("schmeiss accepted: ending %s", two.Ending())
	}
	four := tableOf(4)
	tdo(t, &four, "A: take")
	if four.Ending() != NotEnded || four.LastTrickWinner() != NoSeat {
		t.Errorf("in play: ending %s, last trick %s", four.Ending(), four.LastTrickWinner())
	}
	playLastToEnd(t, &four)
	if four.Ending() != PlayedOut || four.LastTrickWinner() != four.Play().Leader {
		t.Errorf("played out: ending %s", four.Ending())
	}
}

func TestMeldBoundFromTheDialogue(t *testing.T) {
	tb := twentiesDeal.table(t, "")
	tdo(t, &tb, "A: take", "A: announce 20", "B: how-high", "A: top K", "B: same", "C: good")
	v := tb.View(2)
	none := MeldBound{Top: NoRank, MinTop: NoRank}
	for _, c := range []struct {
		seat Seat
		want MeldBound
	}{
		// B's "same" won the right: its meld is in trump, A's is not.
		{0, MeldBound{Value: 20, Claim20: true, Top: King, MinTop: NoRank, Trump: -1}},
		{1, MeldBound{Value: 20, Top: King, MinTop: NoRank, Trump: 1}},
		{2, none},
	} {
		if got := v.MeldBound(c.seat); got != c.want {
			t.Errorf("seat %s: bound %+v, want %+v", c.seat, got, c.want)
		}
	}
	// The bound rules out hands the words contradict: a 20 topped by the
	// queen for A, a 50.
	b := v.MeldBound(0)
	if b.Fits(set(t, "QS JS TS 7C 8D AD 8C AH 7D"), Hearts, tb.Options()) || b.Fits(set(t, "KS QS JS TS 8D AD 8C AH 7D"), Hearts, tb.Options()) {
		t.Error("the bound fits hands the words rule out")
	}
	if !b.Fits(tb.Hand(0)|tb.PlayedBy(0), Hearts, tb.Options()) {
		t.Error("the bound does not fit A's true hand")
	}
	// An opening 20 may stand below a 50: a hand with a 50 beside a 20
	// topped by the king of spades fits.
	if !b.Fits(set(t, "KS QS JS 7C 8C 9C TC AH 7D"), Hearts, tb.Options()) {
		t.Error("the bound rules out a 50 beside the 20 announced")
	}
	// After the first trick B shows its sequences: its bound is exact.
	tplay(t, &tb, tb.Legal()[0].Card.String())
	for tb.Play().Tricks == 0 {
		doFirst(t, &tb)
	}
	v = tb.View(0)
	if b := v.MeldBound(1); !b.Shown || b.ShownCards != set(t, "KH QH JH") {
		t.Errorf("B's bound after showing: %+v", b)
	}
	// A longer 50 claimed by its length.
	tb = fiftiesDeal.table(t, "sequence_rank=length")
	tdo(t, &tb, "A: take", "A: announce 50", "B: how-many", "A: length 4", "B: how-high", "A: top T", "B: same", "C: length 5")
	v = tb.View(0)
	if b := v.MeldBound(2); b.Value != 50 || b.Len != 5 {
		t.Errorf("C's bound %+v, want a 50 of five", b)
	}
	if b := v.MeldBound(1); b.Value != 50 || b.Len != 4 || b.Top != Ten {
		t.Errorf("B's bound %+v, want a 50 of four topped by the ten", b)
	}
}

// TestMeldBoundFitsRandomGames: over random deals at every seat count,
// every option drawn at random and every legal word chosen at random
// (an opening 20 below a 50 among them), each seat's true hand fits the
// bound every other seat reads from the dialogue, once play starts and
// once the melds are shown.
func TestMeldBoundFitsRandomGames(t *testing.T) {
	randomDeals(t, 3000, 600, 1, "opening 20 below a 50", func(t *testing.T, i int, r *rand.Rand, opts Options, d *Deal) (below int) {
		n := opts.NumPlayers()
		checked := -1
		for !d.Over() {
			legal := d.Legal()
			a := legal[r.IntN(len(legal))]
			if belowBest(d, a) {
				below++
			}
			if err := d.ApplyAs(d.Turn(), a); err != nil {
				t.Fatal(err)
			}
			// At the first lead and when the first trick is done.
			if tr := int(d.Play().Tricks); d.Phase() == PhasePlay && tr <= 1 && d.Play().InTrick == 0 && checked < tr {
				checked = tr
				for v := Seat(0); v < Seat(n); v++ {
					view := d.View(v)
					for o := Seat(0); o < Seat(n); o++ {
						b := view.MeldBound(o)
						if o != v && !b.Fits(d.Hand(o)|d.PlayedBy(o), d.Trump(), opts) {
							t.Fatalf("deal %d, trick %d: %s's bound of %s %+v does not fit its hand %s; history %v",
								i, d.Play().Tricks, v, o, b, d.Hand(o)|d.PlayedBy(o), d.Steps())
						}
					}
				}
			}
		}
		return below
	})
}
