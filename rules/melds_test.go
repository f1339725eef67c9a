package rules

import "testing"

// TestMeldCardsIn: a meld's cards in the hand it was found in are the
// run's cards, or the cards of the set's rank held; together they are
// the hand's cards that score, and each is in the hand.
func TestMeldCardsIn(t *testing.T) {
	o := DefaultOptions()
	o.OfAKind = true
	for _, tc := range []struct {
		hand string
		want []string // each meld's cards, as Melds orders them
	}{
		{"AS KS QS JS 9H", []string{"AS KS QS JS"}},
		{"QH QD QC QS 8H", []string{"QH QD QC QS"}},
		{"KH QH JH JD JC JS", nil}, // a run and a set sharing JH: as Melds finds them
	} {
		hand, err := ParseCardSet(tc.hand)
		if err != nil {
			t.Fatal(err)
		}
		melds := Melds(hand, Hearts, o)
		var union CardSet
		for i, m := range melds {
			cs := m.CardsIn(hand)
			if cs&^hand != 0 || cs.Count() != int(m.Len) {
				t.Errorf("%s: meld %v has cards %v", tc.hand, m, cs)
			}
			if i < len(tc.want) {
				want, _ := ParseCardSet(tc.want[i])
				if cs != want {
					t.Errorf("%s: meld %v has cards %v, want %v", tc.hand, m, cs, want)
				}
			}
			union |= cs
		}
		if len(melds) == 0 || union == 0 {
			t.Errorf("%s: no meld found", tc.hand)
		}
	}
}
