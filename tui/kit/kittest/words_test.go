package kittest

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestFindWordsAsTheRegexps: FindThirdYou and FindCardCode find what
// ThirdYou and CardCode find, on the cases each pattern is about and on
// random text made of their pieces.
func TestFindWordsAsTheRegexps(t *testing.T) {
	cases := []string{"", "You", "You deals", "You dealsx", "xYou deals", "You's", "Your turn", "You won it",
		"You won", "You you deals", "YouYou deals", "Bot 0 · You 0", "é You's", "You passes…", "You\ndeals",
		"9C", "TH", "10S", "10SS", "x9C", "9C.", "AS you know", "KD", "ACE", "1C", "0C", "♥10H", "Q♠",
		"a 10H b", "team AC", "x TS\ny", "Daily challenge", "QH9", "10♥ J♣", "ADCS"}
	pieces := []string{"You", " ", "'s", "deals", "won it", "passes", "x", "é", "\n", "9", "10", "T", "C", "H", "S", "A", "·", "r"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		cases = append(cases, b.String())
	}
	for _, c := range cases {
		if got, want := FindThirdYou(c), ThirdYou.FindString(c); got != want {
			t.Errorf("FindThirdYou(%q) = %q, ThirdYou finds %q", c, got, want)
		}
		if got, want := FindCardCode(c), CardCode.FindString(c); got != want {
			t.Errorf("FindCardCode(%q) = %q, CardCode finds %q", c, got, want)
		}
	}
}
