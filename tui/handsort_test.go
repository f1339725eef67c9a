package tui

import (
	"testing"

	"github.com/klob/klob/rules"
)

func cardsOf(s string) rules.CardSet {
	m, err := rules.ParseCardSet(s)
	if err != nil {
		panic(err)
	}
	return m
}

func handText(cs []rules.Card) string {
	out := ""
	for i, c := range cs {
		if i > 0 {
			out += " "
		}
		out += c.String()
	}
	return out
}

// TestSortHandBySuit: the hand J♠ 9♠ 10♠ K♠ Q♠ by strength
// hides a five-card run; by suit it reads K Q J 10 9.
func TestSortHandBySuit(t *testing.T) {
	h := cardsOf("JS 9S TS KS QS 7H AH")
	if got, want := handText(sortHandBy(h, h, rules.Clubs, byStrength)), "TS KS QS JS 9S AH 7H"; got != want {
		t.Errorf("by strength: %s, want %s", got, want)
	}
	if got, want := handText(sortHandBy(h, h, rules.Clubs, bySuit)), "KS QS JS TS 9S AH 7H"; got != want {
		t.Errorf("by suit: %s, want %s", got, want)
	}
	// Trump first either way; in sequence order the jack sits by rank.
	h = cardsOf("JH 9H KH QH AS")
	if got, want := handText(sortHandBy(h, h, rules.Hearts, bySuit)), "KH QH JH 9H AS"; got != want {
		t.Errorf("trump by suit: %s, want %s", got, want)
	}
}

// TestMeldRow: a run side by side gets a bracket with its value, a run
// spread out its value under each card, the bella pair "bella".
func TestMeldRow(t *testing.T) {
	g := newGlyphs(false)
	w, gap := 5, 1
	cases := []struct {
		hand  string
		trump rules.Suit
		o     handSort
		want  string
	}{
		// K Q J 10 9 of spades: one fifty.
		{"JS 9S TS KS QS 7H AH", rules.Clubs, bySuit, "└────────────50─────────────┘            "},
		// K Q of trump: bella.
		{"KH QH 7C", rules.Hearts, bySuit, "└──bella──┘      "},
		// K Q J of trump: a twenty that holds the bella pair.
		{"KH QH JH 7C", rules.Hearts, bySuit, "└───20+bella────┘      "},
		// By strength the trump run is split by the 9: its value under each card.
		{"KH QH JH 9H 7C", rules.Hearts, byStrength, "20+b        20+b  20+b       "},
		// Two runs and the pair apart: ♥ K Q (bella), ♠ A K Q.
		{"KH QH AS KS QS", rules.Hearts, bySuit, "└──bella──┘ └──────20───────┘"},
	}
	for _, c := range cases {
		h := cardsOf(c.hand)
		shown := sortHandBy(h, h, c.trump, c.o)
		got := meldRow(&g, shown, handMelds(shown, c.trump), w, gap)
		if got != c.want {
			t.Errorf("%s (%v, order %d):\n got %q\nwant %q", c.hand, c.trump, c.o, got, c.want)
		}
	}
	if meldRow(&g, nil, nil, w, gap) != "" {
		t.Error("an empty hand has marks")
	}
}
