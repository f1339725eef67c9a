package tui

import (
	"fmt"
	"github.com/klob/klob/rules"
	"slices"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/internal/study/drill"
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

// legend explains the numbers and marks of the screens: the hand's
// marks, the hint's and trainer's columns (drill.Legend) and the
// analysis grades (analysis.Legend), with the thresholds they use.
func legend(g *glyphs) []string {
	out := []string{
		g.selMark + " under a card: selected; " + g.playMark + " playable. Under the hand, 20 or 50 marks the cards of a sequence you hold, bella the king and queen of trump (20+bella: both).",
	}
	out = append(out, drill.Legend()...)
	return append(out, analysis.Legend()...)
}

// keyHelp is a screen's keys as Bubbles' help.KeyMap: the short help is
// its status line, the full help the overlay's lists.
type keyHelp struct {
	short []key.Binding
	full  [][]key.Binding
}

func (k keyHelp) ShortHelp() []key.Binding  { return k.short }
func (k keyHelp) FullHelp() [][]key.Binding { return k.full }

var _ help.KeyMap = keyHelp{}

// playHelp is the full help of the play screens at a table with
// options o: the table's keys but those in drop (and claims, which only
// the two-handed game has), the menu letters that table offers, and the
// mouse.
func playHelp(k *keyMap, o rules.Options, drop ...key.Binding) [][]key.Binding {
	if o.NumPlayers() > 2 {
		drop = append(drop, k.Claim)
	}
	keys := slices.DeleteFunc(k.tableKeys(), func(b key.Binding) bool {
		return slices.ContainsFunc(drop, func(d key.Binding) bool { return d.Help() == b.Help() })
	})
	return [][]key.Binding{keys, slices.Clone(lettersBySeats[min(max(o.NumPlayers(), 2), 4)]), {mouseHelp}}
}

// lettersBySeats is letterHelp of every row by the number of players,
// made once: the table asks for its keys' help on every frame (its
// status line is the short one).
var lettersBySeats = func() (by [5][]key.Binding) {
	for n := 2; n <= 4; n++ {
		o := rules.DefaultOptions()
		o.Players = n
		by[n] = letterHelp(o)
	}
	return by
}()

// quitAsks is the quit key of a screen that does not keep a game.
func quitAsks(k *keyMap) key.Binding {
	return key.NewBinding(key.WithKeys(k.Quit.Keys()...), key.WithHelp(k.Quit.Help().Key, "quit (asks first)"))
}

// helpView is the help overlay: the screen's keys (its full help) and a
// short summary of the rules. Up and down scroll it; any other key
// closes it.
type helpView struct {
	scroll int
	keys   [][]key.Binding
	// drawn is lines for the width and painter it was drawn with: the
	// game goes on under the help, and every message draws it again.
	drawn      []string
	drawnWidth int
	drawnPaint *painter
}

// covers: the help takes the whole screen, so the screen under it is
// not drawn.
func (h *helpView) covers() bool { return true }

func (h *helpView) lines(ctx *screenCtx) []string {
	if h.drawn == nil || h.drawnWidth != ctx.Width || h.drawnPaint != ctx.paint {
		h.drawn, h.drawnWidth, h.drawnPaint = h.draw(ctx), ctx.Width, ctx.paint
	}
	return h.drawn
}

func (h *helpView) draw(ctx *screenCtx) []string {
	st := &ctx.Styles
	out := append(titled(ctx, "Help (↑/↓ scroll · any other key closes)"), " "+st.Heading.Render("Keys"))
	for _, group := range h.keys {
		for _, b := range group {
			hp := b.Help()
			for i, l := range helpDesc(hp.Desc, max(20, ctx.Width-16)) {
				k := hp.Key
				if i > 0 {
					k = ""
				}
				out = append(out, fmt.Sprintf("   %-12s %s", k, l))
			}
		}
	}
	out = append(out, "", " "+st.Heading.Render("Numbers and marks"))
	for _, p := range legend(&ctx.paint.g) {
		for i, l := range wrap(p, max(20, ctx.Width-6)) {
			lead := "   "
			if i > 0 {
				lead = "     "
			}
			out = append(out, lead+l)
		}
	}
	out = append(out, "", " "+st.Heading.Render("Rules in short"))
	for _, p := range rulesSummary {
		for _, l := range wrap(p, max(20, ctx.Width-6)) {
			out = append(out, "   "+l)
		}
	}
	return out
}

// helpDesc is a key's description in lines of at most w cells: a row of
// menu letters ("c clubs · d diamonds · …", with no trumps wider than
// 80 columns) breaks between its letters, never inside one; other text
// wraps at spaces.
func helpDesc(desc string, w int) []string {
	if widthOf(desc) <= w {
		return []string{desc}
	}
	var out []string
	line := ""
	for _, part := range strings.Split(desc, " · ") {
		switch {
		case line == "":
			line = part
		case widthOf(line+" · "+part) <= w:
			line += " · " + part
		default:
			out = append(out, line)
			line = part
		}
	}
	var wrapped []string
	for _, l := range append(out, line) {
		wrapped = append(wrapped, wrap(l, w)...)
	}
	return wrapped
}

func (h *helpView) update(ctx *screenCtx, msg tea.KeyPressMsg) (bool, tea.Cmd) {
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

func (h *helpView) view(ctx *screenCtx, under string) string {
	l := h.lines(ctx)
	s := max(0, min(h.scroll, len(l)-ctx.Height))
	// Keep the title line; scroll the rest.
	if s > 0 && len(l) > 1 {
		l = append([]string{l[0]}, l[1+s:]...) // l is kept: no append in place
	}
	return joinLines(l)
}
