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
