package tui

import (
	"fmt"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// trickListLines is the list of this deal's tricks for the person at
// seat me: who led, the two cards, who won and the points, a running
// count of tricks, and the trick on the table if any. name says a seat
// ("You", "Bot").
func trickListLines(ctx *kit.Context, v *rules.View, name func(rules.Seat) string, w int) []string {
	st := &ctx.Styles
	p := ctx.Paint
	out := []string{" " + st.Heading.Render(fmt.Sprintf("This deal's tricks (trump %s %s)", p.Glyphs.Suit(v.Trump), v.Trump.Name()))}
	if v.Trump == rules.NoSuit {
		out[0] = " " + st.Heading.Render("This deal's tricks")
	}
	tricks := rules.Tricks(v.History(), v.Players, v.Trump, v.Options)
	if len(tricks) == 0 && v.Lead() == rules.NoCard {
		return append(out, "", " No trick has been played yet.")
	}
	out = append(out, st.Dim.Render(fmt.Sprintf(" %-3s %-8s %-14s %-8s %6s %9s", "#", "led by", "cards", "won by", "points", "tricks")))
	var won [2]int
	card := func(c rules.Card, bella bool) string {
		s := p.StyledCard(c)
		pad := 3 - kit.WidthOf(p.Glyphs.CardText(c))
		if bella {
			s += " bella"
			pad -= 6
		}
		return s + kit.Repeat(" ", max(0, pad))
	}
	for _, t := range tricks {
		won[t.Winner]++
		cards := card(t.Cards[0], t.Bella[0]) + "  " + card(t.Cards[1], t.Bella[1])
		line := fmt.Sprintf(" %-3d %-8s %s%s %-8s %6d %4d–%d", t.No, name(t.Leader), cards,
			kit.Repeat(" ", max(1, 15-kit.WidthOf(cards))), name(t.Winner), t.Points, won[v.Seat], won[v.Seat.Other()])
		out = append(out, kit.Clip(line, w))
	}
	if v.Lead() != rules.NoCard {
		out = append(out, kit.Clip(fmt.Sprintf(" %-3d %-8s %s  …", len(tricks)+1, name(v.Leader), p.StyledCard(v.Lead())), w))
	}
	legend := fmt.Sprintf(" tricks: %s–%s so far; points: the two cards", name(v.Seat), name(v.Seat.Other()))
	if v.Options.LastTrick > 0 {
		legend += fmt.Sprintf(", and %d for the last trick", v.Options.LastTrick)
	}
	out = append(out, "", st.Dim.Render(legend))
	return out
}
