package tui

import (
	"fmt"
	"strings"

	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// The screen of the table kind (trainer34).

// part34 is one part of the drill screen above the result, and the
// order in which parts give way when the window is short (1 first; 0
// never).
type part34 struct {
	lines []string
	drop  int
}

// body: who deals and where you sit, the score, what was said; the
// hand and the upcard; the question and the menu, on as many lines as
// the width needs. When the window is short the parts give way in a
// fixed order (the label over the cards, the seats' sentence, the words
// said, the question, the score) before the result is cut, so the menu
// and the table of options always show.
func (t *trainer34) body(ctx *kit.Context, room int, mid []string) ([]string, []kit.Hit) {
	w, h := ctx.Width, ctx.Height
	cards := t.cardLines(ctx, trainCardSize(w, h))
	parts := []part34{
		{wrapped(ctx, t.sit.Role(), w, false), 3},
		{wrapped(ctx, t.sit.ScoreText(), w, false), 5},
		{saidLines(ctx, t.sit.SaidLinesWith(&t.view, ctx.Paint.StyledCard), w), 4},
		{cards[:1], 1},
		{cards[1:], 0},
		{wrapped(ctx, t.sit.Question(&t.view), w, true), 2},
	}
	menu, hits := t.menuLines(ctx, w)
	used := func() int {
		n := len(menu) + 1
		for _, p := range parts {
			n += len(p.lines)
		}
		return n
	}
	// The result needs its verdict and table; the reason may be cut.
	needMid := min(len(mid), 2+len(t.legal))
	if t.state != trainResult {
		needMid = len(mid)
	}
	drop := func(d int) {
		for i := range parts {
			if parts[i].drop == d {
				parts[i].lines = nil
			}
		}
	}
	// The label over the cards, the question (the menu still shows
	// the options) and who deals give way to the reason; then every
	// part in turn to the verdict and the table.
	for d := 1; d <= 3 && used()+len(mid) > room; d++ {
		drop(d)
	}
	for d := 1; d <= 5 && used()+needMid > room; d++ {
		drop(d)
	}
	spare := room - used() - len(mid)
	var out []string
	for i, p := range parts {
		out = append(out, p.lines...)
		// A blank line before the cards and before the question when
		// there is room.
		if (i == 2 || i == 4) && spare > 0 && len(p.lines) > 0 {
			out = append(out, "")
			spare--
		}
	}
	for i := range hits {
		hits[i].Rect.Y += len(out)
	}
	return append(append(out, menu...), trainRule(ctx)), hits
}

// handTrump is the suit the hand is sorted for: the trump once settled
// (none with no trumps), the proposed suit in round one.
func handTrump(v *rules.View) rules.Suit {
	switch {
	case v.Trump < rules.NoTrumps:
		return v.Trump
	case v.Trump == rules.NoTrumps:
		return rules.NoSuit
	case v.Phase == rules.PhaseBid1 || v.Phase == rules.PhaseDeclare:
		return v.OrigUpcard.Suit()
	}
	return rules.NoSuit
}

// cardLines draw the hand and, apart, the upcard with what it stands
// for now: the suit proposed, refused in round one, or the trump named
// and who made it.
func (t *trainer34) cardLines(ctx *kit.Context, size kit.CardSize) []string {
	p := ctx.Paint
	v := &t.view
	upc := v.Upcard
	if upc == rules.NoCard {
		upc = v.OrigUpcard
	}
	su := v.OrigUpcard.Suit()
	info := make([]string, size.H)
	mid := size.H / 2
	switch {
	case v.Phase == rules.PhaseBid1 || v.Phase == rules.PhaseDeclare:
		info[mid] = "proposes " + p.SuitName(su)
	case v.Phase == rules.PhaseBid2:
		info[mid], info[mid+1] = p.SuitName(su)+" refused", "in round one"
	default:
		trump := "no trumps"
		if v.Trump < rules.NoTrumps {
			trump = p.SuitName(v.Trump)
		}
		info[mid-1] = "trump: " + trump
		info[mid] = "maker: " + drill.SeatName(v.Players, v.Maker)
		if v.Upcard == rules.NoCard {
			info[mid+1] = "(the maker took the upcard)"
		}
	}
	label := "Upcard"
	if v.Players == 4 {
		label = "Upcard (the maker takes it)"
	}
	return handAndUpcard(ctx, size, kit.SortHand(v.Hand, v.Hand, handTrump(v)), upc, label, info)
}

// menuLines list the options with their keys, on as many lines as the
// width needs; after the choice they show the one taken. The hits' y
// are relative to the first line.
func (t *trainer34) menuLines(ctx *kit.Context, w int) ([]string, []kit.Hit) {
	st := &ctx.Styles
	g := &ctx.Paint.Glyphs
	keys := itemKeys(t.legal)
	prompt := t.prompt()
	var lines []string
	var hits []kit.Hit
	line, x := prompt, kit.WidthOf(prompt)
	for i, a := range t.legal {
		it := "[" + keys[i] + "] " + kit.TableActionLabel(ctx, a)
		var s string
		if i == t.menu {
			s = st.Selected.Render(g.Cursor + it)
		} else {
			s = " " + it
		}
		sw := kit.WidthOf(s)
		if x+2+sw > w && x > kit.WidthOf(prompt) {
			lines = append(lines, line)
			line, x = strings.Repeat(" ", kit.WidthOf(prompt)), kit.WidthOf(prompt)
		}
		line += "  " + s
		hits = append(hits, kit.Hit{Rect: kit.Rect{X: x + 2, Y: len(lines), W: sw, H: 1}, Kind: kit.HitMenu, Index: i})
		x += 2 + sw
	}
	return append(lines, line), hits
}

func (t *trainer34) askHint(w int) string {
	return kit.Clip("Choose: then each option's worth for your side, and the hard bot's choice.", w-2)
}

// missed describes a kept mistake of a table: the kind of decision,
// who deals, the score by side, the hand and the upcard; and the words
// said.
func (t *trainer34) missed(ctx *kit.Context, situation string) (string, []string, error) {
	p := ctx.Paint
	s, err := drill.ParseTable(situation)
	if err != nil {
		return "", nil, err
	}
	v, err := s.View()
	if err != nil {
		return "", nil, err
	}
	var cards []string
	for _, c := range kit.SortHand(v.Hand, v.Hand, handTrump(&v)) {
		cards = append(cards, p.StyledCard(c))
	}
	dealer := drill.SeatName(s.Players(), s.Dealer)
	return fmt.Sprintf("%s, %s deal%s, score %s: %s, upcard %s", kit.Capital(s.Kind().String()), dealer,
			map[bool]string{true: "", false: "s"}[s.Dealer == drill.You], scoreDashes(&s), strings.Join(cards, " "), p.StyledCard(v.OrigUpcard)),
		s.SaidLinesWith(&v, p.StyledCard), nil
}

// scoreDashes writes the totals by side, yours first: "120-40-300".
func scoreDashes(s *drill.TableSituation) string {
	w := make([]string, s.Sides())
	for i := range w {
		w[i] = fmt.Sprint(s.Totals[i])
	}
	return strings.Join(w, "-")
}
