package tui

import (
	"testing"

	"github.com/klob/klob/rules"
)

func cards(s string) rules.CardSet {
	m, err := rules.ParseCardSet(s)
	if err != nil {
		panic(err)
	}
	return m
}

func TestSortHand(t *testing.T) {
	for _, tc := range []struct {
		hand, dealt string
		trump       rules.Suit
		want        string
	}{
		// Before trump: spades, hearts, clubs, diamonds; strongest first.
		{"7H JC 8C TD 9D 8D", "", rules.NoSuit, "7H JC 8C TD 9D 8D"},
		{"AS 7C TS KH 9H", "", rules.NoSuit, "AS TS KH 9H 7C"},
		// Trump first, in trump order J 9 A 10 K Q 8 7.
		{"9D TD 8D AS 8H 7H QC JC 8C JD", "", rules.Diamonds, "JD 9D TD 8D AS 8H 7H QC JC 8C"},
		// Colours alternate after trump: red trump, then black, red, black.
		{"7H AS AC AD", "", rules.Hearts, "7H AS AD AC"},
		// Black trump: red, black, red.
		{"7C AS AH AD", "", rules.Clubs, "7C AH AS AD"},
		// The order stays as dealt while the hand empties: with the ace
		// of spades the order was D S H C; it stays D H C once it is
		// played, not D C H as the three suits alone would give.
		{"9D QC 8H", "9D QC 8H AS", rules.Diamonds, "9D 8H QC"},
		{"9D QC 8H", "", rules.Diamonds, "9D QC 8H"},
	} {
		var got []string
		for _, c := range sortHand(cards(tc.hand), cards(tc.dealt), tc.trump) {
			got = append(got, c.String())
		}
		want := tc.want
		if g := joinSpace(got); g != want {
			t.Errorf("sortHand(%s, trump %s) = %s, want %s", tc.hand, tc.trump, g, want)
		}
	}
}

func joinSpace(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out
}
