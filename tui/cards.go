package tui

import (
	"strings"

	"github.com/klob/klob/rules"
)

// glyphs are the characters the screens draw with: Unicode by default,
// plain ASCII with -ascii (suits as letters, boxes of + - |).
type glyphs struct {
	ascii    bool
	suits    [4]string
	normal   box // a card that may be played, or any card shown
	selected box // the card the cursor is on
	// selectedDim is the cursor on a card that cannot be played now.
	selectedDim box
	dim         box // a card that cannot be played now
	slot        box // an empty place on the table
	back        string
	selMark     string // under the selected card
	playMark    string // under a card that may be played
	hrule       string
	vrule       string
	cursor      string // before the chosen menu item
	backMini    string // one opponent card in the count line
}

type box struct{ tl, tr, bl, br, h, v string }

func newGlyphs(ascii bool) glyphs {
	if ascii {
		return glyphs{
			ascii:       true,
			suits:       [4]string{"C", "D", "H", "S"},
			normal:      box{"+", "+", "+", "+", "-", "|"},
			selected:    box{"#", "#", "#", "#", "=", "#"},
			selectedDim: box{"#", "#", "#", "#", ".", ":"},
			dim:         box{".", ".", "'", "'", ".", ":"},
			slot:        box{".", ".", "'", "'", " ", " "},
			back:        "#",
			selMark:     "^",
			playMark:    "*",
			hrule:       "-",
			vrule:       "|",
			cursor:      ">",
			backMini:    "#",
		}
	}
	return glyphs{
		suits:       [4]string{"♣", "♦", "♥", "♠"},
		normal:      box{"┌", "┐", "└", "┘", "─", "│"},
		selected:    box{"┏", "┓", "┗", "┛", "━", "┃"},
		selectedDim: box{"┏", "┓", "┗", "┛", "╍", "╏"},
		dim:         box{"┌", "┐", "└", "┘", "╌", "╎"},
		slot:        box{"┌", "┐", "└", "┘", " ", " "},
		back:        "░",
		selMark:     "▲",
		playMark:    "•",
		hrule:       "─",
		vrule:       "│",
		cursor:      "▶",
		backMini:    "▮",
	}
}

// suit returns the suit's glyph, or "-" for NoSuit.
func (g *glyphs) suit(s rules.Suit) string {
	if s < 4 {
		return g.suits[s]
	}
	return "-"
}

// cardText is the card as a person writes it: "10♥", "JS" with -ascii.
func (g *glyphs) cardText(c rules.Card) string {
	if !c.Valid() {
		return "--"
	}
	return c.Rank().Display() + g.suit(c.Suit())
}

// cardSize is the outer size of a drawn card.
type cardSize struct{ w, h int }

var (
	smallCard = cardSize{5, 3}
	largeCard = cardSize{7, 5}
)

// look is how a card is drawn.
type look uint8

const (
	lookFace        look = iota // face up
	lookSelected                // face up, under the cursor
	lookDim                     // face up, cannot be played now
	lookSelectedDim             // under the cursor, but cannot be played now
	lookBack                    // face down
	lookSlot                    // an empty place
)

type cardKey struct {
	c    rules.Card
	l    look
	size cardSize
}

// painter draws cards with the current styles and glyphs, and remembers
// each drawn card: a table shows the same few cards frame after frame.
type painter struct {
	st    *styles
	g     glyphs
	cache map[cardKey][]string
}

func newPainter(st *styles, ascii bool) *painter {
	return &painter{st: st, g: newGlyphs(ascii), cache: map[cardKey][]string{}}
}

// styledSuit returns the suit glyph in the suit's colour.
func (p *painter) styledSuit(s rules.Suit) string {
	if s.Red() {
		return p.st.Red.Render(p.g.suit(s))
	}
	return p.g.suit(s)
}

// suitName is the suit in its colour with its name, "♥ hearts"; no
// trumps is its name alone.
func (p *painter) suitName(s rules.Suit) string {
	if s == rules.NoTrumps {
		return s.Name()
	}
	return p.styledSuit(s) + " " + s.Name()
}

// styledCard returns the card's text in the suit's colour: "10♥".
func (p *painter) styledCard(c rules.Card) string {
	if !c.Valid() {
		return "--"
	}
	t := p.g.cardText(c)
	if c.Suit().Red() {
		return p.st.Red.Render(t)
	}
	return t
}

// card returns the lines of a drawn card, size.h lines of size.w cells.
func (p *painter) card(c rules.Card, l look, size cardSize) []string {
	if l == lookBack || l == lookSlot {
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

func (p *painter) draw(c rules.Card, l look, size cardSize) []string {
	inner := size.w - 2
	var bx box
	border := p.st.Text
	face := p.st.Text
	switch l {
	case lookFace:
		bx = p.g.normal
		if c.Valid() && c.Suit().Red() {
			face = p.st.Red
		}
	case lookSelected:
		bx = p.g.selected
		border = p.st.Selected
		if c.Valid() && c.Suit().Red() {
			face = p.st.Red.Bold(true)
		} else {
			face = p.st.Text.Bold(true)
		}
	case lookDim:
		bx = p.g.dim
		border, face = p.st.Dim, p.st.Dim
	case lookSelectedDim:
		bx = p.g.selectedDim
		border, face = p.st.Selected, p.st.Dim
	case lookBack:
		bx = p.g.normal
		border = p.st.Dim
	case lookSlot:
		bx = p.g.slot
		border = p.st.Dim
	}
	top := border.Render(bx.tl + strings.Repeat(bx.h, inner) + bx.tr)
	bottom := border.Render(bx.bl + strings.Repeat(bx.h, inner) + bx.br)
	v := border.Render(bx.v)
	// The rows inside the box.
	rows := make([]string, size.h-2)
	switch l {
	case lookBack:
		for i := range rows {
			rows[i] = p.st.Dim.Render(strings.Repeat(p.g.back, inner))
		}
	case lookSlot:
		for i := range rows {
			rows[i] = strings.Repeat(" ", inner)
		}
	default:
		rank := c.Rank().Display()
		suit := p.g.suit(c.Suit())
		if size.h < 5 {
			rows[0] = face.Render(right(rank+suit, inner))
		} else {
			rows[0] = face.Render(fit(rank, inner))
			for i := 1; i < len(rows)-1; i++ {
				rows[i] = strings.Repeat(" ", inner)
			}
			rows[len(rows)/2] = face.Render(center(suit, inner))
			rows[len(rows)-1] = face.Render(right(rank, inner))
		}
	}
	out := make([]string, 0, size.h)
	out = append(out, top)
	for _, r := range rows {
		out = append(out, v+r+v)
	}
	return append(out, bottom)
}
