package kit

import (
	"strconv"
	"strings"

	"github.com/klob/klob/rules"
)

// Glyphs are the characters the screens draw with: Unicode by default,
// plain ASCII with -ascii (suits as letters, boxes of + - |).
type Glyphs struct {
	ASCII    bool // the plain ASCII set
	suits    [4]string
	normal   box // a card that may be played, or any card shown
	selected box // the card the cursor is on
	// selectedDim is the cursor on a card that cannot be played now.
	selectedDim box
	dim         box    // a card that cannot be played now
	slot        box    // an empty place on the table
	Back        string // fills the back of a card face down
	SelMark     string // under the selected card
	PlayMark    string // under a card that may be played
	HRule       string // a horizontal rule, drawn across
	VRule       string // a vertical rule, between columns
	Cursor      string // before the chosen menu item
	BackMini    string // one opponent card in the count line
}

// box is the border of a drawn card: its corners and its sides.
type box struct{ tl, tr, bl, br, h, v string }

// NewGlyphs returns the Unicode glyphs, or with ascii the plain ones.
// Each glyph is written beside its ASCII stand-in.
func NewGlyphs(ascii bool) Glyphs {
	// pick is the Unicode u, or its stand-in a with ascii.
	pick := func(u, a string) string {
		if ascii {
			return a
		}
		return u
	}
	// chars splits a run of glyphs, one a character.
	chars := func(u, a string) []string { return strings.Split(pick(u, a), "") }
	// boxOf is a box written as its six glyphs: tl tr bl br h v.
	boxOf := func(u, a string) box {
		c := chars(u, a)
		return box{c[0], c[1], c[2], c[3], c[4], c[5]}
	}
	return Glyphs{
		ASCII:       ascii,
		suits:       [4]string(chars("♣♦♥♠", "CDHS")),
		normal:      boxOf("┌┐└┘─│", "++++-|"),
		selected:    boxOf("┏┓┗┛━┃", "####=#"),
		selectedDim: boxOf("┏┓┗┛╍╏", "####.:"),
		dim:         boxOf("┌┐└┘╌╎", "..''.:"),
		slot:        boxOf("┌┐└┘  ", "..''  "),
		Back:        pick("░", "#"),
		SelMark:     pick("▲", "^"),
		PlayMark:    pick("•", "*"),
		HRule:       pick("─", "-"),
		VRule:       pick("│", "|"),
		Cursor:      pick("▶", ">"),
		BackMini:    pick("▮", "#"),
	}
}

// Suit returns the suit's glyph, or "-" for NoSuit.
func (g *Glyphs) Suit(s rules.Suit) string {
	if s < 4 {
		return g.suits[s]
	}
	return "-"
}

// CardText is the card as a person writes it: "10♥", "JS" with -ascii.
func (g *Glyphs) CardText(c rules.Card) string {
	if !c.Valid() {
		return "--"
	}
	return c.Rank().Display() + g.Suit(c.Suit())
}

// Arrow points from a trick to its winner.
func (g *Glyphs) Arrow() string {
	if g.ASCII {
		return "->"
	}
	return "→"
}

// CardSize is the outer size of a drawn card.
type CardSize struct{ W, H int }

// SmallCard and LargeCard are the sizes cards are drawn in: small up to
// 80×24 and a little more, large in a big window.
var (
	SmallCard = CardSize{5, 3}
	LargeCard = CardSize{7, 5}
)

// Look is how a card is drawn.
type Look uint8

const (
	LookFace        Look = iota // face up
	LookSelected                // face up, under the cursor
	LookDim                     // face up, cannot be played now
	LookSelectedDim             // under the cursor, but cannot be played now
	LookBack                    // face down
	LookSlot                    // an empty place
)

// cardKey is a drawn card in the painter's cache.
type cardKey struct {
	c    rules.Card
	l    Look
	size CardSize
}

// Painter draws cards with the current styles and glyphs, and remembers
// each drawn card: a table shows the same few cards frame after frame.
type Painter struct {
	st     *Styles
	Glyphs Glyphs
	cache  map[cardKey][]string
}

// newPainter returns a painter drawing with st, in ASCII with ascii.
func newPainter(st *Styles, ascii bool) *Painter {
	return &Painter{st: st, Glyphs: NewGlyphs(ascii), cache: map[cardKey][]string{}}
}

// StyledSuit returns the suit glyph in the suit's colour.
func (p *Painter) StyledSuit(s rules.Suit) string {
	if s.Red() {
		return p.st.Red.Render(p.Glyphs.Suit(s))
	}
	return p.Glyphs.Suit(s)
}

// SuitName is the suit with its symbol and name, "♥ hearts"; no trumps
// is its name alone, and so is every suit with the ASCII glyphs, whose
// letter only repeats the name ("clubs", not "C clubs").
func (g *Glyphs) SuitName(s rules.Suit) string {
	if !g.namesWithSymbol(s) {
		return s.Name()
	}
	return g.Suit(s) + " " + s.Name()
}

// namesWithSymbol reports whether SuitName writes s's symbol before its
// name.
func (g *Glyphs) namesWithSymbol(s rules.Suit) bool { return s != rules.NoTrumps && !g.ASCII }

// SuitName is Glyphs.SuitName with the symbol in the suit's colour.
func (p *Painter) SuitName(s rules.Suit) string {
	if !p.Glyphs.namesWithSymbol(s) {
		return s.Name()
	}
	return p.StyledSuit(s) + " " + s.Name()
}

// StyledCard returns the card's text in the suit's colour: "10♥".
func (p *Painter) StyledCard(c rules.Card) string {
	t := p.Glyphs.CardText(c) // "--" for no card
	if c.Valid() && c.Suit().Red() {
		return p.st.Red.Render(t)
	}
	return t
}

// Card returns the lines of a drawn card, size.H lines of size.W cells.
func (p *Painter) Card(c rules.Card, l Look, size CardSize) []string {
	if l == LookBack || l == LookSlot {
		c = rules.NoCard
	}
	k := cardKey{c, l, size}
	if lines, ok := p.cache[k]; ok {
		return lines
	}
	lines := p.draw(c, l, size)
	p.cache[k] = lines
	return lines
}

// draw draws what Card caches.
func (p *Painter) draw(c rules.Card, l Look, size CardSize) []string {
	inner := size.W - 2
	var bx box
	border, face := p.st.Text, p.st.Text
	if c.Valid() && c.Suit().Red() {
		face = p.st.Red
	}
	switch l {
	case LookFace:
		bx = p.Glyphs.normal
	case LookSelected:
		bx, border, face = p.Glyphs.selected, p.st.Selected, face.Bold(true)
	case LookDim:
		bx, border, face = p.Glyphs.dim, p.st.Dim, p.st.Dim
	case LookSelectedDim:
		bx, border, face = p.Glyphs.selectedDim, p.st.Selected, p.st.Dim
	case LookBack:
		bx, border = p.Glyphs.normal, p.st.Dim
	case LookSlot:
		bx, border = p.Glyphs.slot, p.st.Dim
	}
	top := border.Render(bx.tl + strings.Repeat(bx.h, inner) + bx.tr)
	bottom := border.Render(bx.bl + strings.Repeat(bx.h, inner) + bx.br)
	v := border.Render(bx.v)
	// The rows inside the box.
	rows := make([]string, size.H-2)
	switch l {
	case LookBack:
		for i := range rows {
			rows[i] = p.st.Dim.Render(strings.Repeat(p.Glyphs.Back, inner))
		}
	case LookSlot:
		for i := range rows {
			rows[i] = strings.Repeat(" ", inner)
		}
	default:
		rank := c.Rank().Display()
		suit := p.Glyphs.Suit(c.Suit())
		if size.H < 5 {
			rows[0] = face.Render(Right(rank+suit, inner))
		} else {
			rows[0] = face.Render(Fit(rank, inner))
			for i := 1; i < len(rows)-1; i++ {
				rows[i] = strings.Repeat(" ", inner)
			}
			rows[len(rows)/2] = face.Render(Center(suit, inner))
			rows[len(rows)-1] = face.Render(Right(rank, inner))
		}
	}
	out := make([]string, 0, size.H)
	out = append(out, top)
	for _, r := range rows {
		out = append(out, v+r+v)
	}
	return append(out, bottom)
}

// HiddenCards draws n cards held face down in at most w cells, the one
// drawing of another's hand at every table and in the lessons: a dim
// back per card and their count, "▮▮▮▮▮▮ 6 cards". So that the form
// stays the same from one count to the next, the word goes when the
// drawing of most cards (the most the hand may hold) would not fit,
// "▮▮▮▮▮▮ 6"; only where even the backs alone do not fit is the count
// said in words, "6 cards". None are "no cards".
func HiddenCards(ctx *Context, n, most, w int) string {
	words := Plural(n, "card")
	if n == 0 {
		return "no cards"
	}
	most = max(most, n)
	backs := ctx.Styles.Dim.Render(Repeat(ctx.Paint.Glyphs.BackMini, n))
	switch {
	case most+1+WidthOf(Plural(most, "card")) <= w:
		return backs + " " + words
	case n+1+len(strconv.Itoa(n)) <= w:
		return backs + " " + strconv.Itoa(n)
	}
	return words
}
