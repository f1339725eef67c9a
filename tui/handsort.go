package tui

import (
	"sort"
	"strconv"
	"strings"

	"github.com/klob/klob/rules"
)

// handSort is how the person's hand is sorted: by trick strength (as
// it plays) or by suit in sequence order (as sequences are counted).
type handSort uint8

const (
	byStrength handSort = iota // J 9 A 10 K Q 8 7 in trump, A 10 K Q J 9 8 7 elsewhere
	bySuit                     // A K Q J 10 9 8 7 in every suit: runs sit side by side
)

// sortHandBy is sortHand in the given order; the suits are in the same
// order either way.
func sortHandBy(hand, dealt rules.CardSet, trump rules.Suit, o handSort) []rules.Card {
	if o != bySuit {
		return sortHand(hand, dealt, trump)
	}
	out := make([]rules.Card, 0, hand.Count())
	for _, s := range suitOrder(dealt|hand, trump) {
		cs := hand.Suit(s).Cards()
		sort.Slice(cs, func(i, j int) bool { return cs[i].Rank() > cs[j].Rank() })
		out = append(out, cs...)
	}
	return out
}

// meld is a mark under the hand: the cards of one sequence held, or the
// bella pair, as a span of the shown hand when its cards sit side by
// side.
type meld struct {
	cards rules.CardSet
	label string // "50", "20", "bella"
	// from and to are the first and last index of the cards in the shown
	// hand; together reports whether every card between is in the meld.
	from, to int
	together bool
}

// handMelds returns the sequences and the bella pair among the shown
// cards, in the order of their first card. When the bella pair lies in
// a sequence (K Q J of trump), the sequence's label says so ("20+bella")
// and the pair has no mark of its own.
func handMelds(shown []rules.Card, trump rules.Suit) []meld {
	var hand rules.CardSet
	for _, c := range shown {
		hand = hand.With(c)
	}
	var out []meld
	add := func(cards rules.CardSet, label string) {
		m := meld{cards: cards, label: label, from: -1}
		for i, c := range shown {
			if cards.Has(c) {
				if m.from < 0 {
					m.from = i
				}
				m.to = i
			}
		}
		m.together = m.to-m.from+1 == cards.Count()
		out = append(out, m)
	}
	pair := rules.BellaPair(hand, trump)
	for _, q := range rules.Sequences(hand) {
		label := strconv.Itoa(q.Value())
		if pair != 0 && q.Cards()&pair == pair {
			label += "+bella"
			pair = 0
		}
		add(q.Cards(), label)
	}
	if pair != 0 {
		add(pair, "bella")
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].from < out[j].from })
	return out
}

// meldRow draws the melds as one row under the cards of the shown hand
// (each card size.w wide, gap between): a bracket "╰─50──╯" under a
// sequence whose cards sit together, the label under each card of one
// that does not, "bella" under the pair.
func meldRow(g *glyphs, shown []rules.Card, melds []meld, w, gap int) string {
	n := len(shown)
	if n == 0 {
		return ""
	}
	width := n*w + (n-1)*gap
	row := []rune(repeat(" ", width))
	put := func(x int, s string) {
		for i, r := range []rune(s) {
			if x+i >= 0 && x+i < len(row) {
				row[x+i] = r
			}
		}
	}
	for _, m := range melds {
		if m.from < 0 {
			continue
		}
		if m.together {
			x0, x1 := m.from*(w+gap), m.to*(w+gap)+w-1
			span := x1 - x0 + 1
			label := m.label
			if span < len([]rune(label))+2 {
				put(x0, center(label, span))
			} else {
				line := []rune(g.normal.bl + repeat(g.normal.h, span-2) + g.normal.br)
				mid := (span - len([]rune(label))) / 2
				for i, r := range []rune(label) {
					line[mid+i] = r
				}
				put(x0, string(line))
			}
			continue
		}
		// Spread out: the label under each card, shortened to fit.
		label := m.label
		if len([]rune(label)) > w {
			label = strings.Replace(label, "+bella", "+b", 1)
		}
		for i, c := range shown {
			if m.cards.Has(c) {
				put(i*(w+gap), center(label, w))
			}
		}
	}
	return string(row)
}
