package tui

import (
	"fmt"
	"strings"

	"github.com/klob/klob/internal/drill"
	"github.com/klob/klob/rules"
)

// View draws the trainer at a table of three or four.
func (t *trainer34) View(ctx *screenCtx) string {
	if t.review {
		return t.reviewView(ctx)
	}
	s, _ := t.render(ctx)
	return s
}

// part34 is one part of the drill screen above the result, and the
// order in which parts give way when the window is short (1 first; 0
// never).
type part34 struct {
	lines []string
	drop  int
}

// render draws a drill and returns where the menu items lie. From the
// top: the header; who deals and where you sit, the score, what was
// said; the hand and the upcard; the question and the menu; the result
// (or the wait for it); the note and the keys. When the window is short
// the parts give way in a fixed order (the label over the cards, the
// seats' sentence, the words said, the question, the score) before the
// result is cut, so the menu and the table of options always show.
func (t *trainer34) render(ctx *screenCtx) (string, []hit) {
	w, h := ctx.Width, ctx.Height
	st := &ctx.Styles
	g := &ctx.paint.g
	rule := st.Rule.Render(repeat(g.hrule, w))
	top := []string{t.header(ctx, w), rule}
	bottom := append(append([]string{rule}, t.noteLines(ctx, w)...), " "+st.Dim.Render(clip(hintLine(t.keyHelp(&ctx.Keys).ShortHelp()), w-1)))
	var hits []hit
	var mid []string
	if t.state != trainBroken {
		cards := t.cardLines(ctx, trainCardSize(w, h))
		parts := []part34{
			{t.wrapped(ctx, t.sit.Role(), w, false), 3},
			{t.wrapped(ctx, t.sit.ScoreText(), w, false), 5},
			{t.saidLines(ctx, w), 4},
			{cards[:1], 1},
			{cards[1:], 0},
			{t.wrapped(ctx, t.sit.Question(&t.view), w, true), 2},
		}
		menu, menuHits := t.menuLines(ctx, w)
		mid = t.resultLines(ctx, w)
		used := func() int {
			n := len(top) + len(menu) + 1 + len(bottom)
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
		for d := 1; d <= 3 && used()+len(mid) > h; d++ {
			drop(d)
		}
		for d := 1; d <= 5 && used()+needMid > h; d++ {
			drop(d)
		}
		spare := h - used() - len(mid)
		for i, p := range parts {
			top = append(top, p.lines...)
			// A blank line before the cards and before the question when
			// there is room.
			if (i == 2 || i == 4) && spare > 0 && len(p.lines) > 0 {
				top = append(top, "")
				spare--
			}
		}
		for _, m := range menuHits {
			m.r.y += len(top)
			hits = append(hits, m)
		}
		top = append(top, menu...)
		top = append(top, rule)
	}
	room := max(0, h-len(top)-len(bottom))
	if len(mid) > room {
		mid = mid[:room]
	}
	for len(mid) < room {
		mid = append(mid, "")
	}
	lines := append(append(top, mid...), bottom...)
	return canvas(lines, w, h), hits
}

// wrapped wraps a sentence to the width, each line indented by one, in
// the heading style when heading is set.
func (t *trainer34) wrapped(ctx *screenCtx, s string, w int, heading bool) []string {
	var out []string
	for _, l := range wrap(s, max(10, w-2)) {
		if heading {
			l = ctx.Styles.Heading.Render(l)
		}
		out = append(out, " "+l)
	}
	return out
}

// header is the top line: the trainer, the seat count, the drill and
// the seed on the left, the record of this seat count on the right.
func (t *trainer34) header(ctx *screenCtx, w int) string {
	st := &ctx.Styles
	rights := []string{"no drills yet "}
	if s := t.record().Score; s.Drills > 0 {
		rights = []string{
			fmt.Sprintf("%d/%d right (%.0f%%) · %.1f pts lost/drill ", s.Correct, s.Drills, 100*s.Accuracy(), s.AvgLost()),
			fmt.Sprintf("%d/%d right · %.1f lost/drill ", s.Correct, s.Drills, s.AvgLost()),
			fmt.Sprintf("%d/%d right ", s.Correct, s.Drills),
		}
	}
	title := st.Title.Render("Klob")
	only := ""
	if t.cfg.Only != drill.Any {
		only = " · only " + t.cfg.Only.String()
	}
	n := t.players()
	lefts := []string{
		fmt.Sprintf(" %s  Bidding trainer · %d players · drill %d · seed %d%s", title, n, t.no, t.cfg.Seed, only),
		fmt.Sprintf(" %s  Trainer · %d players · drill %d · seed %d%s", title, n, t.no, t.cfg.Seed, only),
		fmt.Sprintf(" %s  Trainer %dp · drill %d · seed %d", title, n, t.no, t.cfg.Seed),
	}
	left, right := lefts[len(lefts)-1], rights[len(rights)-1]
fits:
	for _, r := range rights {
		for _, l := range lefts {
			if widthOf(l)+3+widthOf(r) <= w {
				left, right = l, r
				break fits
			}
		}
	}
	lw := w - widthOf(right) - 1
	if lw < 30 {
		return clip(left, w)
	}
	return fit(left, lw) + " " + st.Heading.Render(right)
}

// saidLines are the words said before the drill, in the talk style.
func (t *trainer34) saidLines(ctx *screenCtx, w int) []string {
	st := &ctx.Styles
	var out []string
	for _, s := range t.sit.SaidLinesWith(&t.view, ctx.paint.styledCard) {
		for _, x := range wrap(s, max(10, w-2)) {
			out = append(out, " "+st.Talk.Render(x))
		}
	}
	return out
}

// handTrump is the suit the hand is sorted for: the trump once settled
// (none with no trumps), the proposed suit in round one.
func handTrump(v *rules.TableView) rules.Suit {
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
func (t *trainer34) cardLines(ctx *screenCtx, size cardSize) []string {
	st := &ctx.Styles
	p := ctx.paint
	v := &t.view
	hand := sortHand(v.Hand, v.Hand, handTrump(v))
	rows := make([]string, size.h)
	for i, c := range hand {
		for r, l := range p.card(c, lookFace, size) {
			if i > 0 {
				rows[r] += " "
			}
			rows[r] += l
		}
	}
	hw := handWidth(len(hand), size)
	upc := v.Upcard
	if upc == rules.NoCard {
		upc = v.OrigUpcard
	}
	up := p.card(upc, lookFace, size)
	su := v.OrigUpcard.Suit()
	info := make([]string, size.h)
	mid := size.h / 2
	switch {
	case v.Phase == rules.PhaseBid1 || v.Phase == rules.PhaseDeclare:
		info[mid] = "proposes " + p.styledSuit(su) + " " + su.Name()
	case v.Phase == rules.PhaseBid2:
		info[mid], info[mid+1] = p.styledSuit(su)+" "+su.Name()+" refused", "in round one"
	default:
		trump := "no trumps"
		if v.Trump < rules.NoTrumps {
			trump = p.styledSuit(v.Trump) + " " + v.Trump.Name()
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
	out := []string{" " + fit(st.Heading.Render("Your hand"), hw) + "    " + st.Heading.Render(label)}
	for r := range rows {
		out = append(out, " "+fit(rows[r], hw)+"    "+up[r]+"  "+info[r])
	}
	return out
}

// label34 is how the trainer's menu writes an option of a table.
func label34(ctx *screenCtx, a rules.Action) string {
	p := ctx.paint
	switch a.Kind {
	case rules.Name:
		if a.Suit == rules.NoTrumps {
			return "no trumps"
		}
		return p.styledSuit(a.Suit) + " " + a.Suit.Name()
	case rules.Shlomo, rules.Cleopatra:
		return "declare " + a.String() + " (+20)"
	case rules.Give:
		return "give " + p.styledCard(a.Card)
	}
	return actionLabel(a)
}

// tableLabel is drill.Label with a card given drawn as the screen draws
// cards.
func tableLabel(ctx *screenCtx, a rules.Action) string {
	if a.Kind == rules.Give {
		return "give " + ctx.paint.styledCard(a.Card)
	}
	return drill.Label(a)
}

// menuLines list the options with their keys, on as many lines as the
// width needs; after the choice they show the one taken. The hits' y
// are relative to the first line.
func (t *trainer34) menuLines(ctx *screenCtx, w int) ([]string, []hit) {
	st := &ctx.Styles
	g := &ctx.paint.g
	keys := itemKeys(t.legal)
	prompt := " Your choice:"
	if t.state != trainAsk {
		prompt = " You chose:"
	}
	var lines []string
	var hits []hit
	line, x := prompt, widthOf(prompt)
	for i, a := range t.legal {
		it := "[" + keys[i] + "] " + label34(ctx, a)
		var s string
		if i == t.menu {
			s = st.Selected.Render(g.cursor + it)
		} else {
			s = " " + it
		}
		sw := widthOf(s)
		if x+2+sw > w && x > widthOf(prompt) {
			lines = append(lines, line)
			line, x = strings.Repeat(" ", widthOf(prompt)), widthOf(prompt)
		}
		line += "  " + s
		hits = append(hits, hit{r: rect{x: x + 2, y: len(lines), w: sw, h: 1}, kind: hitMenu, index: i})
		x += 2 + sw
	}
	return append(lines, line), hits
}

// resultLines are the middle of the screen: a hint before the choice,
// the wait, or the evaluation of every option with the verdict and the
// reason (the two-player trainer's table and words).
func (t *trainer34) resultLines(ctx *screenCtx, w int) []string {
	st := &ctx.Styles
	switch t.state {
	case trainAsk:
		return []string{" " + st.Dim.Render(clip("Choose: then each option's worth for your side, and the hard bot's choice.", w-2))}
	case trainWait:
		sp := "…"
		if ctx.ASCII {
			sp = "..."
		}
		if t.cfg.Spinner {
			sp = t.spin.View()
		}
		return []string{fmt.Sprintf(" %s Evaluating every option: %d of %d samples", sp, t.tally.Samples(), t.tally.Plan().Samples)}
	case trainResult:
	default:
		return nil
	}
	an := &t.an
	chosen := an.Rows[t.chose]
	v := chosen.Verdict
	say := "You chose " + tableLabel(ctx, chosen.Action) + ": "
	style := st.Good
	switch v.Kind {
	case drill.Best:
		say += "the best choice."
	case drill.AsGood:
		say += v.Text() + "."
	default:
		say += v.Text() + "."
		style = st.Bad
	}
	var out []string
	for _, l := range wrap(say, max(10, w-2)) {
		out = append(out, " "+style.Render(l))
	}
	out = append(out, analysisTableWith(ctx, an, t.chose, func(a rules.Action) string { return tableLabel(ctx, a) })...)
	best := an.Rows[an.Best]
	reason := fmt.Sprintf("Hard bot: %s. %s", tableLabel(ctx, best.Action), an.Reason())
	for _, l := range wrap(reason, max(10, w-2)) {
		out = append(out, " "+l)
	}
	return out
}

// noteLines: the last note on up to three lines, one blank line when
// there is none (as the two-player trainer).
func (t *trainer34) noteLines(ctx *screenCtx, w int) []string {
	st := &ctx.Styles
	if t.note == "" {
		return []string{""}
	}
	text := t.note
	if t.noteErr {
		text = "! " + text
	}
	lines := wrap(text, max(10, w-2))
	if len(lines) > 3 {
		lines = lines[:3]
	}
	for i, l := range lines {
		if t.noteErr {
			l = st.Error.Render(l)
		}
		lines[i] = " " + l
	}
	return lines
}

// reviewView lists the last mistakes of this seat count, newest first,
// with the record by kind of decision.
func (t *trainer34) reviewView(ctx *screenCtx) string {
	w, h := ctx.Width, ctx.Height
	st := &ctx.Styles
	g := &ctx.paint.g
	rule := st.Rule.Render(repeat(g.hrule, w))
	lines := []string{
		fit(fmt.Sprintf(" %s  Bidding trainer · %d players · your last mistakes, newest first", st.Title.Render("Klob"), t.players()), w),
		rule,
	}
	rec := t.record()
	s := rec.Score
	if s.Drills == 0 {
		lines = append(lines, fmt.Sprintf(" No drills at %d players yet.", t.players()))
	} else {
		lines = append(lines, fmt.Sprintf(" Record at %d players: %s, %d right (%.0f%%), %.1f points lost a drill.",
			t.players(), plural(s.Drills, "drill"), s.Correct, 100*s.Accuracy(), s.AvgLost()))
		var kinds []string
		for _, k := range drill.TableKinds {
			if ks, ok := rec.Kinds[k.String()]; ok && ks.Drills > 0 {
				kinds = append(kinds, fmt.Sprintf("%s %d/%d", k, ks.Correct, ks.Drills))
			}
		}
		lines = append(lines, " "+strings.Join(kinds, " · "))
	}
	lines = append(lines, rule)
	var body []string
	ms := rec.Mistakes
	if len(ms) == 0 {
		body = append(body, " No mistakes to review.")
	}
	for i := len(ms) - 1; i >= 0; i-- {
		body = append(body, t.mistakeLines(ctx, len(ms)-i, ms[i], w)...)
	}
	room := max(0, h-len(lines)-2)
	t.scroll = max(0, min(t.scroll, len(body)-room))
	body = body[t.scroll:]
	if len(body) > room {
		body = body[:room]
	}
	lines = append(lines, body...)
	for len(lines) < h-2 {
		lines = append(lines, "")
	}
	lines = append(lines, rule, " "+st.Dim.Render(clip(hintLine(t.keyHelp(&ctx.Keys).ShortHelp()), w-1)))
	return canvas(lines, w, h)
}

// mistakeLines describe one kept mistake: the decision, the hand and
// upcard, what was chosen and what was best, and the words said before.
func (t *trainer34) mistakeLines(ctx *screenCtx, n int, m drill.Missed, w int) []string {
	st := &ctx.Styles
	p := ctx.paint
	s, err := drill.ParseTable(m.Situation)
	if err != nil {
		return []string{fmt.Sprintf(" %2d. %s", n, clip(m.Situation, w-5))}
	}
	v, err := s.View()
	if err != nil {
		return []string{fmt.Sprintf(" %2d. %s", n, clip(m.Situation, w-5))}
	}
	var cards []string
	for _, c := range sortHand(v.Hand, v.Hand, handTrump(&v)) {
		cards = append(cards, p.styledCard(c))
	}
	dealer := drill.SeatName(s.Players(), s.Dealer)
	first := fmt.Sprintf(" %2d. %s, %s deal%s, score %s: %s, upcard %s", n, capital(s.Kind().String()), dealer,
		map[bool]string{true: "", false: "s"}[s.Dealer == drill.You], scoreDashes(&s), strings.Join(cards, " "), p.styledCard(v.OrigUpcard))
	chose, _ := rules.ParseAction(m.Chose)
	best, _ := rules.ParseAction(m.Best)
	out := []string{clip(first, w)}
	for _, l := range wrap(fmt.Sprintf("You: %s; best: %s; %s.", drill.Label(chose), drill.Label(best), m.Verdict().Text()), max(10, w-6)) {
		out = append(out, "     "+st.Bad.Render(l))
	}
	for _, said := range s.SaidLinesWith(&v, p.styledCard) {
		for _, l := range wrap(said, max(10, w-6)) {
			out = append(out, "     "+st.Dim.Render(l))
		}
	}
	return out
}

// scoreDashes writes the totals by side, yours first: "120-40-300".
func scoreDashes(s *drill.TableSituation) string {
	w := make([]string, s.Sides())
	for i := range w {
		w[i] = fmt.Sprint(s.Totals[i])
	}
	return strings.Join(w, "-")
}
