package rules

import "testing"

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
