package kit

import (
	"image/color"

	"charm.land/lipgloss/v2"
)

// Styles are the colours and text attributes of every screen, as data.
// They are built for a light or a dark background (the App asks the
// terminal and rebuilds them when it answers). Colour is never the only
// cue: selection, playable cards and trump also have marks, borders or
// words, so a terminal without colour loses nothing.
type Styles struct {
	Title    lipgloss.Style // the app name in the header
	Heading  lipgloss.Style // panel and screen headings
	Text     lipgloss.Style
	Dim      lipgloss.Style // hints, cards that cannot be played now
	Red      lipgloss.Style // hearts and diamonds
	Selected lipgloss.Style // the chosen card's border, the chosen menu item
	Playable lipgloss.Style // the mark under a card that may be played
	Trump    lipgloss.Style // the trump label
	Key      lipgloss.Style // a key letter in a hint: [t]
	Error    lipgloss.Style // a refused move, a failed save
	Good     lipgloss.Style // made, a win
	Bad      lipgloss.Style // bete, a loss
	Rule     lipgloss.Style // separator lines
	Talk     lipgloss.Style // spoken lines of the bidding and dialogue
}

// NewStyles returns the styles for a dark (dark true) or light terminal
// background.
func NewStyles(dark bool) Styles {
	ld := lipgloss.LightDark(dark)
	c := func(light, darkHex string) color.Color { return ld(lipgloss.Color(light), lipgloss.Color(darkHex)) }
	accent := c("#5B3CC4", "#B49CFF")
	red := c("#C0262D", "#FF6B6B")
	green := c("#1B7F3B", "#5FD787")
	dim := c("#8A8A8A", "#6C6C6C")
	sel := c("#005FAF", "#5FD7FF")
	s := lipgloss.NewStyle()
	return Styles{
		Title:    s.Bold(true).Foreground(accent),
		Heading:  s.Bold(true),
		Text:     s,
		Dim:      s.Foreground(dim),
		Red:      s.Foreground(red),
		Selected: s.Bold(true).Foreground(sel),
		Playable: s.Bold(true).Foreground(green),
		Trump:    s.Bold(true).Foreground(accent),
		Key:      s.Bold(true).Foreground(accent),
		Error:    s.Bold(true).Foreground(red),
		Good:     s.Bold(true).Foreground(green),
		Bad:      s.Bold(true).Foreground(red),
		Rule:     s.Foreground(dim),
		Talk:     s.Italic(true),
	}
}
