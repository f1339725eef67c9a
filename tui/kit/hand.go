package kit

import (
	"fmt"
	"strings"

	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
)

// SuitOrder returns the suits of hand in the order they are shown
// (drill.SuitOrder: trump first, then alternating red and black), one
// order for the screens and the trainer's reports.
func SuitOrder(hand rules.CardSet, trump rules.Suit) []rules.Suit {
	return drill.SuitOrder(hand, trump)
}

// SortHand returns the cards of hand as a player holds them: suits in
// SuitOrder, each from its strongest card down (J 9 A 10 K Q 8 7 in
// trump, A 10 K Q J 9 8 7 in the others). The suit order is worked out
// on dealt, every card the player held this deal, so that it stays put
// while the hand empties.
func SortHand(hand, dealt rules.CardSet, trump rules.Suit) []rules.Card {
	return sortHandBy(hand, dealt, trump, ByStrength)
}

// SortHandIn is SortHand in order o: by suit in sequence order, where
// sequences are the subject, as much as by strength.
func SortHandIn(hand, dealt rules.CardSet, trump rules.Suit, o HandSort) []rules.Card {
	return sortHandBy(hand, dealt, trump, o)
}

// HandGap is the space between two cards of the hand.
const HandGap = 1

// HandWidth is the width the hand takes with n cards of size.
func HandWidth(n int, size CardSize) int {
	if n <= 0 {
		return 0
	}
	return n*size.W + (n-1)*HandGap
}

// CardRects returns where each of n cards lies when the hand's top-left
// corner (its label row) is at x, y: the whole column under and over the
// card, so a click on the raised card, its mark or its number all count.
func CardRects(n int, size CardSize, x, y int) []Rect {
	out := make([]Rect, n)
	for i := range n {
		out[i] = Rect{X: x + i*(size.W+HandGap), Y: y, W: size.W, H: HandRows(size)}
	}
	return out
}

// HandRows is the height of the hand block: a label row, a row the
// selected card rises into, the cards, the row that marks the
// sequences and the bella pair, a number row and a mark row.
func HandRows(size CardSize) int { return size.H + 5 }

// ViewHand is the hand of the viewing seat as shown, sorted in order
// o: the suit order is worked out on every card the seat held this
// deal, so it stays put while the hand empties; with no trumps every
// suit is plain. Every table and the lesson show the hand so.
func ViewHand(v *rules.View, o HandSort) []rules.Card {
	return sortHandBy(v.Hand, v.Hand|v.Played[v.Seat], PlainTrump(v.Trump), o)
}

// PlainTrump is the trump a hand sorts by: none with no trumps.
func PlainTrump(t rules.Suit) rules.Suit {
	if t == rules.NoTrumps {
		return rules.NoSuit
	}
	return t
}

// LegalCards returns the cards the viewing seat may play now: none when
// it is not its turn or not the card play.
func LegalCards(v *rules.View) rules.CardSet {
	if v.Phase != rules.PhasePlay || v.Turn != v.Seat {
		return 0
	}
	pl := v.Play()
	return pl.Legal()
}

// HandLook is how a card of the hand is drawn: while playing, marked
// when selected and dimmed when it may not be played now.
func HandLook(selected, legal, playing bool) Look {
	switch {
	case !playing:
		return LookFace
	case selected && !legal:
		return LookSelectedDim
	case selected:
		return LookSelected
	case !legal:
		return LookDim
	}
	return LookFace
}

// CardRows draws the hand's cards into rows, one text line each: the
// cards (the selected one raised a line), then while playing the card
// numbers and the selected/playable marks (sel is the selected card,
// -1 for none; a selected card that may be played has both marks).
// Every table draws its hand so.
func CardRows(ctx *Context, rows []string, hand []rules.Card, legal rules.CardSet, sel int, playing bool, size CardSize, pad string) {
	st := &ctx.Styles
	p := ctx.Paint
	gap := strings.Repeat(" ", HandGap)
	blank := strings.Repeat(" ", size.W)
	for k := range rows {
		r := k + 1
		var sb strings.Builder
		sb.WriteString(pad)
		for i, c := range hand {
			if i > 0 {
				sb.WriteString(gap)
			}
			lines := p.Card(c, HandLook(i == sel, legal.Has(c), playing), size)
			top := 2
			if i == sel {
				top = 1
			}
			switch {
			case r >= top && r < top+size.H:
				sb.WriteString(lines[r-top])
			case r == size.H+2 && playing:
				num := fmt.Sprint(i + 1)
				if legal.Has(c) || i == sel {
					sb.WriteString(Center(num, size.W))
				} else {
					sb.WriteString(st.Dim.Render(Center(num, size.W)))
				}
			case r == size.H+3 && playing:
				sb.WriteString(HandMark(ctx, i == sel, legal.Has(c), size))
			default:
				sb.WriteString(blank)
			}
		}
		rows[k] = sb.String()
	}
}

// HandMark is the mark under a card of the hand in the card play,
// size.W wide: ▲ under the selected card, • under one that may be
// played, and both side by side under a selected card that may be
// played, as the legend names them (the ▲ where it always is, the dot
// just right of it); blank under any other.
func HandMark(ctx *Context, selected, playable bool, size CardSize) string {
	st, g := &ctx.Styles, &ctx.Paint.Glyphs
	switch {
	case selected && playable:
		left := (size.W - 1) / 2
		return strings.Repeat(" ", left) + st.Selected.Render(g.SelMark) + st.Playable.Render(g.PlayMark) +
			strings.Repeat(" ", max(0, size.W-left-2))
	case selected:
		return st.Selected.Render(Center(g.SelMark, size.W))
	case playable:
		return st.Playable.Render(Center(g.PlayMark, size.W))
	}
	return strings.Repeat(" ", size.W)
}
