package rules

import (
	"math/rand/v2"
	"testing"
)

func TestBellaPair(t *testing.T) {
	cases := []struct {
		hand  string
		trump Suit
		want  string
	}{
		{"KH QH 7C", Hearts, "QH KH"},
		{"KH 7C", Hearts, ""},
		{"KH QH", Spades, ""},
		{"KS QS AS", Spades, "QS KS"},
		{"KH QH", NoSuit, ""},
	}
	for _, c := range cases {
		h, _ := ParseCardSet(c.hand)
		want, _ := ParseCardSet(c.want)
		if got := BellaPair(h, c.trump); got != want {
			t.Errorf("BellaPair(%s, %v) = %v, want %v", c.hand, c.trump, got, want)
		}
	}
}

// HoldsMenage: K, Q and J of trump with menage on, whatever else the
// hand holds (a longer run keeps its menage); not two of them, not in
// another suit, not with the option off, no trumps or no trump yet.
func TestHoldsMenage(t *testing.T) {
	on := DefaultOptions()
	on.Menage = true
	cases := []struct {
		hand  string
		trump Suit
		o     Options
		want  bool
	}{
		{"KH QH JH 7C", Hearts, on, true},
		{"AH 10H KH QH JH", Hearts, on, true},
		{"KH QH JH", Hearts, DefaultOptions(), false},
		{"KH QH 9H", Hearts, on, false},
		{"KH QH JH", Spades, on, false},
		{"KH QH JH", NoTrumps, on.WithPlayers(4), false},
		{"KH QH JH", NoSuit, on, false},
	}
	for _, c := range cases {
		h, err := ParseCardSet(c.hand)
		if err != nil {
			t.Fatal(err)
		}
		if got := HoldsMenage(h, c.trump, c.o); got != c.want {
			t.Errorf("HoldsMenage(%s, %v, menage %v) = %v, want %v", c.hand, c.trump, c.o.Menage, got, c.want)
		}
	}
}

// Announced is what a play's word scores: the menage's 50, bella's 20,
// nothing for a plain card or any other action.
func TestAnnounced(t *testing.T) {
	c := NewCard(Jack, Hearts)
	for a, want := range map[Action]int{
		PlayMenageAction(c): MenagePoints, PlayBellaAction(c): BellaPoints,
		PlayAction(c): 0, AnnounceAction(50): 0, {Kind: Pass}: 0,
	} {
		if got := a.Announced(); got != want {
			t.Errorf("%v: %d, want %d", a, got, want)
		}
	}
}

func TestMenageCards(t *testing.T) {
	for _, c := range []struct {
		trump Suit
		want  string
	}{
		{Clubs, "JC QC KC"}, {Hearts, "JH QH KH"}, {Spades, "KS QS JS"},
		{NoTrumps, ""}, {NoSuit, ""},
	} {
		want, _ := ParseCardSet(c.want)
		if got := MenageCards(c.trump); got != want {
			t.Errorf("MenageCards(%s) = %s, want %s", c.trump, got, want)
		}
	}
}

// TestBellaDueOffersEveryBella: over random deals at every seat count,
// every option drawn at random, whenever the seat to play may play a
// card with bella (not a menage), that card is of the pair its view
// says is due (BellaDue); and the pair is due to nobody once bella or
// a menage is announced.
func TestBellaDueOffersEveryBella(t *testing.T) {
	randomDeals(t, 2000, 400, 7, "bella offered", func(t *testing.T, i int, r *rand.Rand, _ Options, d *Deal) (offered int) {
		for !d.Over() {
			legal := d.Legal()
			if d.Phase() == PhasePlay {
				v := d.View(d.Turn())
				for _, a := range legal {
					if a.Kind == PlayCard && a.Bella && a.Announced() == BellaPoints {
						offered++
						if !v.BellaDue().Has(a.Card) {
							t.Fatalf("deal %d: %s may play %v with bella, but its due pair is %v", i, d.Turn(), a, v.BellaDue())
						}
					}
				}
				if (v.BellaBy != NoSeat || v.MenageBy != NoSeat) && v.BellaDue() != 0 {
					t.Fatalf("deal %d: announced (bella %s, menage %s), still due %v", i, v.BellaBy, v.MenageBy, v.BellaDue())
				}
			}
			if err := d.ApplyAs(d.Turn(), legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		return offered
	})
}
