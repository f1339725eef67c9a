package tui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// rulesSummary is the short rules text of the help screen.
var rulesSummary = []string{
	"Two players, 32 cards (A K Q J 10 9 8 7). Six cards each; an upcard proposes trump.",
	"Bidding: pass, take (you become the maker, the upcard's suit is trump) or schmeiss (an offer to throw the deal in: the other accepts, or refuses and you are the maker). If both pass, round two: name another suit or pass. Four passes throw the deal in.",
	"Then three more cards each. The holder of the 7 of trump (the dix) may swap it for the upcard.",
	"Sequences: three cards in a row score 20, four or more 50. Only the player with the best sequence scores, all of theirs, as the dialogue settles it (twenty or fifty; good, not good or how high?).",
	"Play: follow suit; when trump is led, play a higher trump if you can; when void, trump if you can.",
	"Trump ranks J 9 A 10 K Q 8 7 (J 20, 9 14 points); other suits A 10 K Q J 9 8 7 (A 11, 10 10, K 4, Q 3, J 2). The last trick scores 10. K and Q of trump in one hand: bella, 20, said with the second one played.",
	"The maker must score more than the other player or is bete: the defender then scores both totals. At a tie the maker scores nothing. The first to the target (500) wins.",
}

// helpView is the help overlay: the keys and a short summary of the
// rules. Up and down scroll it; any other key closes it.
type helpView struct {
	scroll int
	keys   []key.Binding // the screen's own keys (HelpKeyser), else the table's
	own    bool
}

func (h *helpView) lines(ctx *Context) []string {
	st := &ctx.Styles
	out := []string{
		" " + st.Title.Render("Klob") + "  Help (↑/↓ scroll · any other key closes)",
		st.Rule.Render(repeat(ctx.paint.g.hrule, ctx.Width)),
		" " + st.Heading.Render("Keys"),
	}
	keys := h.keys
	if !h.own {
		keys = ctx.Keys.HelpLines()
	}
	for _, b := range keys {
		hp := b.Help()
		out = append(out, fmt.Sprintf("   %-12s %s", hp.Key, hp.Desc))
	}
	if h.own {
		out = append(out, fmt.Sprintf("   %-12s %s", ctx.Keys.Help.Help().Key, ctx.Keys.Help.Help().Desc),
			fmt.Sprintf("   %-12s %s", ctx.Keys.Quit.Help().Key, "quit (asks first)"), "",
			" "+st.Heading.Render("Rules in short"))
		for _, p := range rulesSummary {
			for _, l := range wrap(p, max(20, ctx.Width-6)) {
				out = append(out, "   "+l)
			}
		}
		return out
	}
	out = append(out,
		"   bids         p pass · t take · s schmeiss · a accept · r refuse",
		"   round two    c clubs · d diamonds · e hearts · s spades · p pass",
		"   dix          x exchange · n no exchange",
		"   sequences    a announce · n no sequence, not good · g good",
		"                w how high? · s same · m how many cards?",
		"   mouse        click a card to play it, or a choice to take it",
		"",
		" "+st.Heading.Render("Rules in short"),
	)
	for _, p := range rulesSummary {
		for _, l := range wrap(p, max(20, ctx.Width-6)) {
			out = append(out, "   "+l)
		}
	}
	return out
}

func (h *helpView) update(ctx *Context, msg tea.KeyPressMsg) (bool, tea.Cmd) {
	switch {
	case isKey(msg, ctx.Keys.Up):
		h.scroll = max(0, h.scroll-1)
		return true, nil
	case isKey(msg, ctx.Keys.Down):
		n := len(h.lines(ctx))
		h.scroll = max(0, min(h.scroll+1, n-ctx.Height))
		return true, nil
	}
	return false, nil
}

func (h *helpView) view(ctx *Context, under string) string {
	l := h.lines(ctx)
	s := max(0, min(h.scroll, len(l)-ctx.Height))
	// Keep the title line; scroll the rest.
	if s > 0 && len(l) > 1 {
		l = append(l[:1], l[1+s:]...)
	}
	return joinLines(l)
}
