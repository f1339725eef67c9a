package tui

import (
	"fmt"
	"strings"

	"github.com/klob/klob/internal/drill"
	"github.com/klob/klob/rules"
)

// View draws the trainer.
func (t *trainer) View(ctx *screenCtx) string {
	if t.review {
		return t.reviewView(ctx)
	}
	s, _ := t.render(ctx)
	return s
}

// render draws a drill and returns where the menu items lie (View and
// the mouse handler share it, so a click means what the screen shows).
//
// From the top: the header; the situation (who deals, the score, what
// was said); the hand and the upcard; the question and the menu; then
// the result (or the wait for it); at the bottom the note and the keys.
// Blank lines between the parts are added only when the window has room,
// so 80×24 holds a round-two drill with its four options.
func (t *trainer) render(ctx *screenCtx) (string, []hit) {
	w, h := ctx.Width, ctx.Height
	st := &ctx.Styles
	g := &ctx.paint.g
	rule := st.Rule.Render(repeat(g.hrule, w))
	top := []string{t.header(ctx, w), rule}
	var hits []hit
	var mid []string
	if t.state != trainBroken {
		sit := t.situationLines(ctx, w)
		cards := t.cardLines(ctx, trainCardSize(w, h))
		ask := t.questionLines(ctx, w)
		menu, menuHits := t.menuLine(ctx)
		mid = t.resultLines(ctx, w)
		bottomRows := 2 + len(t.noteLines(ctx, w))
		need := len(top) + len(sit) + len(cards) + len(ask) + 1 + 1 + len(mid) + bottomRows
		if need > h {
			// Short of room: the label row above the cards goes first.
			cards, need = cards[1:], need-1
		}
		spare := h - need
		gap := func() {
			if spare > 0 {
				top = append(top, "")
				spare--
			}
		}
		top = append(top, sit...)
		gap()
		top = append(top, cards...)
		gap()
		top = append(top, ask...)
		for _, m := range menuHits {
			m.r.y = len(top)
			hits = append(hits, m)
		}
		top = append(top, menu)
		top = append(top, rule)
		gap()
	}
	bottom := append(append([]string{rule}, t.noteLines(ctx, w)...), " "+st.Dim.Render(hintLine(t.keyHelp(&ctx.Keys).ShortHelp())))
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

// header is the top line: the trainer and drill on the left, the record
// on the right.
func (t *trainer) header(ctx *screenCtx, w int) string {
	st := &ctx.Styles
	rights := []string{"no drills yet "}
	if s := t.stats.Score; s.Drills > 0 {
		rights = []string{
			fmt.Sprintf("%d/%d right (%.0f%%) · %.1f pts lost/drill ", s.Correct, s.Drills, 100*s.Accuracy(), s.AvgLost()),
			fmt.Sprintf("%d/%d right · %.1f lost/drill ", s.Correct, s.Drills, s.AvgLost()),
			fmt.Sprintf("%d/%d right ", s.Correct, s.Drills),
		}
	}
	// The seed says how to get the same drills again: it stays, and the
	// words around it and the record get shorter first.
	title := st.Title.Render("Klob")
	only := ""
	if t.cfg.Only != drill.Any {
		only = " · only " + t.cfg.Only.String()
	}
	lefts := []string{
		fmt.Sprintf(" %s  Bidding trainer · drill %d · seed %d%s", title, t.no, t.cfg.Seed, only),
		fmt.Sprintf(" %s  Trainer · drill %d · seed %d%s", title, t.no, t.cfg.Seed, only),
		fmt.Sprintf(" %s  Trainer · drill %d · seed %d", title, t.no, t.cfg.Seed),
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

// situationLines say who deals, the score and what was said.
func (t *trainer) situationLines(ctx *screenCtx, w int) []string {
	st := &ctx.Styles
	s := &t.sit
	var out []string
	for _, l := range []string{s.Role(), s.ScoreText()} {
		for _, x := range wrap(l, max(10, w-2)) {
			out = append(out, " "+x)
		}
	}
	for _, x := range wrap(s.SaidText(), max(10, w-2)) {
		out = append(out, " "+st.Talk.Render(x))
	}
	return out
}

// handOrder is a drill's hand as the trainer shows it: the proposed
// trump first while it is on offer, in trump order; in round two, suits
// alternating in colour as on the table.
func handOrder(s *drill.Situation) []rules.Card {
	tr := s.Upcard.Suit()
	if s.Kind() == drill.Round2 {
		tr = rules.NoSuit
	}
	return sortHand(s.Hand, s.Hand, tr)
}

// trainCardSize is the size of the cards: large when the window is
// tall enough to hold them with the four options of round two.
func trainCardSize(w, h int) cardSize {
	if w >= 80 && h >= 34 {
		return largeCard
	}
	return smallCard
}

// cardLines draw the hand and, apart, the upcard with the suit it
// proposes (or, in round two, the suit refused).
func (t *trainer) cardLines(ctx *screenCtx, size cardSize) []string {
	st := &ctx.Styles
	p := ctx.paint
	hand := handOrder(&t.sit)
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
	up := p.card(t.sit.Upcard, lookFace, size)
	su := t.sit.Upcard.Suit()
	info := make([]string, size.h)
	mid := size.h / 2
	info[mid] = "proposes " + p.styledSuit(su) + " " + su.Name()
	if t.sit.Kind() == drill.Round2 {
		info[mid], info[mid+1] = p.styledSuit(su)+" "+su.Name()+" refused", "in round one"
	}
	out := []string{" " + fit(st.Heading.Render("Your hand"), hw) + "    " + st.Heading.Render("Upcard")}
	for r := range rows {
		out = append(out, " "+fit(rows[r], hw)+"    "+up[r]+"  "+info[r])
	}
	return out
}

// questionLines ask the question of the drill.
func (t *trainer) questionLines(ctx *screenCtx, w int) []string {
	st := &ctx.Styles
	var out []string
	for _, l := range wrap(t.sit.Question(), max(10, w-2)) {
		out = append(out, " "+st.Heading.Render(l))
	}
	return out
}

// menuLine lists the options with their keys; after the choice it shows
// the one taken.
func (t *trainer) menuLine(ctx *screenCtx) (string, []hit) {
	p := ctx.paint
	items := make([]string, len(t.legal))
	for i, a := range t.legal {
		lbl := actionLabel(a)
		if a.Kind == rules.Name {
			lbl = p.styledSuit(a.Suit) + " " + lbl
		}
		items[i] = "[" + actionKey(a) + "] " + lbl
	}
	prompt := " Your choice:"
	if t.state != trainAsk {
		prompt = " You chose:"
	}
	line, hits := menuLine(ctx, prompt, items, t.menu, 0)
	return line, hits
}

// resultLines are the middle of the screen: nothing yet, the wait, or
// the evaluation of every option with the verdict and the reason.
func (t *trainer) resultLines(ctx *screenCtx, w int) []string {
	st := &ctx.Styles
	switch t.state {
	case trainAsk:
		return []string{" " + st.Dim.Render("Choose; then every option's worth is shown, with what the hard bot would do.")}
	case trainWait:
		sp := "…"
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
	say := "You chose " + drill.Label(chosen.Action) + ": "
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
	out = append(out, t.table(ctx)...)
	best := an.Rows[an.Best]
	reason := fmt.Sprintf("Hard bot: %s. %s", drill.Label(best.Action), an.Reason())
	for _, l := range wrap(reason, max(10, w-2)) {
		out = append(out, " "+l)
	}
	return out
}

// table lays out every option: its expected score difference with the
// error, the chance of bete and of winning the game, and its verdict.
// The chosen row is marked with the cursor and "you", the best with
// "best", so no colour is needed to read it.
func (t *trainer) table(ctx *screenCtx) []string {
	return analysisTable(ctx, &t.an, t.chose)
}

// analysisTable is the table of an analysis, with row chosen marked (-1
// for none). The hint of the play screen uses it too.
func analysisTable(ctx *screenCtx, an *drill.Analysis, chosen int) []string {
	return analysisTableWith(ctx, an, chosen, drill.Label)
}

// analysisTableWith is analysisTable with the options named by label.
func analysisTableWith(ctx *screenCtx, an *drill.Analysis, chosen int, label func(rules.Action) string) []string {
	st := &ctx.Styles
	g := &ctx.paint.g
	pm, approx := "±", "≈"
	if ctx.ASCII {
		pm, approx = "+-", "~"
	}
	lw := len("option")
	for _, r := range an.Rows {
		lw = max(lw, widthOf(label(r.Action)))
	}
	head := fmt.Sprintf("   %-*s  %13s  %5s  %8s   %s", lw, "option", "score diff", "bete", "win game", "verdict")
	if an.NoWin {
		// A table of three or four: the chance to win the game is not
		// modelled (drill.Analysis.NoWin), so its column would mislead.
		head = fmt.Sprintf("   %-*s  %13s  %5s   %s", lw, "option", "score diff", "bete", "verdict")
	}
	out := []string{st.Dim.Render(head)}
	for j, r := range an.Rows {
		mark := "  "
		if j == chosen {
			mark = st.Selected.Render(g.cursor) + " "
		}
		diff := fmt.Sprintf("%6s %s %4.1f", drill.Signed(r.Mean), pm, r.StdErr)
		verdict := strings.Replace(r.Verdict.Short(), "≈", approx, 1)
		switch r.Verdict.Kind {
		case drill.Best:
			verdict = st.Good.Render("best · hard bot")
		case drill.AsGood:
			verdict = st.Good.Render(verdict)
		default:
			verdict = st.Bad.Render(verdict)
		}
		if j == chosen {
			verdict += "  ← you"
		}
		name := fit(label(r.Action), lw)
		if an.NoWin {
			out = append(out, fmt.Sprintf(" %s%s  %13s  %5s   %s", mark, name, diff,
				drill.Percent(r.Bete), verdict))
			continue
		}
		out = append(out, fmt.Sprintf(" %s%s  %13s  %5s  %8s   %s", mark, name, diff,
			drill.Percent(r.Bete), fmt.Sprintf("%.1f%%", 100*r.Win), verdict))
	}
	return out
}

// noteLines show the last note (an error in the error style), on up to
// three lines; one blank line when there is none.
func (t *trainer) noteLines(ctx *screenCtx, w int) []string {
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

// reviewView lists the last mistakes, newest first, with the record by
// kind of decision.
func (t *trainer) reviewView(ctx *screenCtx) string {
	w, h := ctx.Width, ctx.Height
	st := &ctx.Styles
	g := &ctx.paint.g
	rule := st.Rule.Render(repeat(g.hrule, w))
	lines := []string{
		fit(fmt.Sprintf(" %s  Bidding trainer · your last mistakes, newest first", st.Title.Render("Klob")), w),
		rule,
	}
	s := t.stats.Score
	if s.Drills == 0 {
		lines = append(lines, " No drills yet.")
	} else {
		lines = append(lines, fmt.Sprintf(" Record: %s, %d right (%.0f%%), %.1f points lost a drill.",
			plural(s.Drills, "drill"), s.Correct, 100*s.Accuracy(), s.AvgLost()))
		var kinds []string
		for _, k := range []drill.Kind{drill.Round1, drill.Schmeiss, drill.Round2} {
			if ks, ok := t.stats.Kinds[k.String()]; ok && ks.Drills > 0 {
				kinds = append(kinds, fmt.Sprintf("%s %d/%d", k, ks.Correct, ks.Drills))
			}
		}
		lines = append(lines, " "+strings.Join(kinds, " · "))
	}
	lines = append(lines, rule)
	var body []string
	ms := t.stats.Mistakes
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
	lines = append(lines, rule, " "+st.Dim.Render(hintLine(t.keyHelp(&ctx.Keys).ShortHelp())))
	return canvas(lines, w, h)
}

// mistakeLines describe one kept mistake on three lines: the situation,
// what was chosen and what was best, and the words said before.
func (t *trainer) mistakeLines(ctx *screenCtx, n int, m drill.Missed, w int) []string {
	st := &ctx.Styles
	p := ctx.paint
	req, err := drill.Parse(m.Situation)
	if err != nil {
		return []string{fmt.Sprintf(" %2d. %s", n, clip(m.Situation, w-5))}
	}
	s := req.Situation
	seat := "elder"
	if s.Dealer {
		seat = "dealer"
	}
	var cards []string
	for _, c := range handOrder(&s) {
		cards = append(cards, p.styledCard(c))
	}
	first := fmt.Sprintf(" %2d. %s, %s, score %d-%d: %s, upcard %s", n, capital(s.Kind().String()), seat,
		s.Totals[drill.You], s.Totals[drill.Opp], strings.Join(cards, " "), p.styledCard(s.Upcard))
	chose, _ := rules.ParseAction(m.Chose)
	best, _ := rules.ParseAction(m.Best)
	out := []string{clip(first, w)}
	for _, l := range wrap(fmt.Sprintf("You: %s; best: %s; %s.", drill.Label(chose), drill.Label(best), m.Verdict().Text()), max(10, w-6)) {
		out = append(out, "     "+st.Bad.Render(l))
	}
	for _, l := range wrap(s.SaidText(), max(10, w-6)) {
		out = append(out, "     "+st.Dim.Render(l))
	}
	return out
}
