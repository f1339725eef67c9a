package tui

import (
	"sort"

	"github.com/klob/klob/rules"
)

// baseSuitOrder alternates colours: spades, hearts, clubs, diamonds.
var baseSuitOrder = [4]rules.Suit{rules.Spades, rules.Hearts, rules.Clubs, rules.Diamonds}

// suitOrder returns the suits of hand in the order they are shown: trump
// first once known, then alternating red and black where the hand allows,
// so that two suits of one colour rarely sit side by side.
func suitOrder(hand rules.CardSet, trump rules.Suit) []rules.Suit {
	var left []rules.Suit
	for _, s := range baseSuitOrder {
		if hand.Suit(s) != 0 && s != trump {
			left = append(left, s)
		}
	}
	var out []rules.Suit
	if trump != rules.NoSuit && hand.Suit(trump) != 0 {
		out = append(out, trump)
	}
	for len(left) > 0 {
		pick := 0
		if len(out) > 0 {
			red := out[len(out)-1].Red()
			for i, s := range left {
				if s.Red() != red {
					pick = i
					break
				}
			}
		}
		out = append(out, left[pick])
		left = append(left[:pick], left[pick+1:]...)
	}
	return out
}

// sortHand returns the cards of hand as a player holds them: suits in
// suitOrder, each from its strongest card down (J 9 A 10 K Q 8 7 in
// trump, A 10 K Q J 9 8 7 in the others). The suit order is worked out
// on dealt, every card the player held this deal, so that it stays put
// while the hand empties.
func sortHand(hand, dealt rules.CardSet, trump rules.Suit) []rules.Card {
	out := make([]rules.Card, 0, hand.Count())
	for _, s := range suitOrder(dealt|hand, trump) {
		if hand.Suit(s) == 0 {
			continue
		}
		cs := hand.Suit(s).Cards()
		sort.Slice(cs, func(i, j int) bool { return rules.Power(cs[i], trump) > rules.Power(cs[j], trump) })
		out = append(out, cs...)
	}
	return out
}

// handGap is the space between two cards of the hand.
const handGap = 1

// handWidth is the width the hand takes with n cards of size.
func handWidth(n int, size cardSize) int {
	if n <= 0 {
		return 0
	}
	return n*size.w + (n-1)*handGap
}

// cardRects returns where each of n cards lies when the hand's top-left
// corner (its label row) is at x, y: the whole column under and over the
// card, so a click on the raised card, its mark or its number all count.
func cardRects(n int, size cardSize, x, y int) []rect {
	out := make([]rect, n)
	for i := range n {
		out[i] = rect{x: x + i*(size.w+handGap), y: y, w: size.w, h: handRows(size)}
	}
	return out
}

// handRows is the height of the hand block: a label row, a row the
// selected card rises into, the cards, a number row, a mark row and the
// row that marks the sequences and the bella pair.
func handRows(size cardSize) int { return size.h + 5 }

// viewHand is the hand of the viewing seat as shown, sorted in order
// o: the suit order is worked out on every card the seat held this
// deal, so it stays put while the hand empties; with no trumps every
// suit is plain. Every table and the lesson show the hand so.
func viewHand(v *rules.View, o handSort) []rules.Card {
	return sortHandBy(v.Hand, v.Hand|v.Played[v.Seat], plainTrump(v.Trump), o)
}

// plainTrump is the trump a hand sorts by: none with no trumps.
func plainTrump(t rules.Suit) rules.Suit {
	if t == rules.NoTrumps {
		return rules.NoSuit
	}
	return t
}

// legalCards returns the cards the viewing seat may play now: none when
// it is not its turn or not the card play.
func legalCards(v *rules.View) rules.CardSet {
	if v.Phase != rules.PhasePlay || v.Turn != v.Seat {
		return 0
	}
	pl := v.Play()
	return pl.Legal()
}
