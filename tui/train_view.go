package tui

import (
	"fmt"
	"strings"

	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// View draws the trainer.
func (t *trainCore) View(ctx *kit.Context) string {
	if t.review {
		return t.reviewView(ctx)
	}
	s, _ := t.render(ctx)
	return s
}

// trainRule is the rule between the trainer's parts.
func trainRule(ctx *kit.Context) string {
	return ctx.Styles.Rule.Render(kit.Repeat(ctx.Paint.Glyphs.HRule, ctx.Width))
}

// hintRow is the bottom line: the keys that work now.
func (t *trainCore) hintRow(ctx *kit.Context) string {
	return " " + ctx.Styles.Dim.Render(kit.Clip(kit.HintLine(t.KeyHelp(&ctx.Keys).ShortHelp()), ctx.Width-1))
}

// render draws a drill and returns where the menu items lie (View and
// the mouse handler share it, so a click means what the screen shows).
//
// From the top: the header; the kind's body (the situation, the hand
// and the upcard, the question and the menu); then the result (or the
// wait for it), cut to the room left; at the bottom the note and the
// keys.
func (t *trainCore) render(ctx *kit.Context) (string, []kit.Hit) {
	w, h := ctx.Width, ctx.Height
	top := []string{t.header(ctx, w), trainRule(ctx)}
	bottom := append(append([]string{trainRule(ctx)}, t.noteLines(ctx, w)...), t.hintRow(ctx))
	var hits []kit.Hit
	var mid []string
	if t.state != trainBroken {
		mid = t.resultLines(ctx, w)
		body, bodyHits := t.kind.body(ctx, h-len(top)-len(bottom), mid)
		for _, m := range bodyHits {
			m.Rect.Y += len(top)
			hits = append(hits, m)
		}
		top = append(top, body...)
	}
	room := max(0, h-len(top)-len(bottom))
	if len(mid) > room {
		mid = mid[:room]
	}
	for len(mid) < room {
		mid = append(mid, "")
	}
	lines := append(append(top, mid...), bottom...)
	return kit.Canvas(lines, w, h), hits
}

// header is the top line: the trainer, the seat count at a table, the
// drill and the seed on the left, the record of this seat count on the
// right.
func (t *trainCore) header(ctx *kit.Context, w int) string {
	st := &ctx.Styles
	rec, _ := t.seatRecord()
	rights := []string{"no drills yet "}
	if s := rec.Score; s.Drills > 0 {
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
	seats := t.seats(" · %d players")
	lefts := []string{
		fmt.Sprintf(" %s  Bidding trainer%s · drill %d · seed %d%s", title, seats, t.no, t.cfg.Seed, only),
		fmt.Sprintf(" %s  Trainer%s · drill %d · seed %d%s", title, seats, t.no, t.cfg.Seed, only),
		fmt.Sprintf(" %s  Trainer%s · drill %d · seed %d", title, t.seats(" %dp"), t.no, t.cfg.Seed),
	}
	left, right := lefts[len(lefts)-1], rights[len(rights)-1]
fits:
	for _, r := range rights {
		for _, l := range lefts {
			if kit.WidthOf(l)+3+kit.WidthOf(r) <= w {
				left, right = l, r
				break fits
			}
		}
	}
	lw := w - kit.WidthOf(right) - 1
	if lw < 30 {
		return kit.Clip(left, w)
	}
	return kit.Fit(left, lw) + " " + st.Heading.Render(right)
}

// wrapped wraps a sentence to the width, each line indented by one, in
// the heading style when heading is set.
func wrapped(ctx *kit.Context, s string, w int, heading bool) []string {
	var out []string
	for _, l := range kit.Wrap(s, max(10, w-2)) {
		if heading {
			l = ctx.Styles.Heading.Render(l)
		}
		out = append(out, " "+l)
	}
	return out
}

// saidLines are the words said before the drill, in the talk style.
func saidLines(ctx *kit.Context, said []string, w int) []string {
	var out []string
	for _, s := range said {
		for _, x := range kit.Wrap(s, max(10, w-2)) {
			out = append(out, " "+ctx.Styles.Talk.Render(x))
		}
	}
	return out
}

// handAndUpcard draw the hand and, apart, the upcard under label with
// info beside it (a line per row of the cards).
func handAndUpcard(ctx *kit.Context, size kit.CardSize, hand []rules.Card, upcard rules.Card, label string, info []string) []string {
	st := &ctx.Styles
	p := ctx.Paint
	rows := make([]string, size.H)
	for i, c := range hand {
		for r, l := range p.Card(c, kit.LookFace, size) {
			if i > 0 {
				rows[r] += " "
			}
			rows[r] += l
		}
	}
	hw := kit.HandWidth(len(hand), size)
	up := p.Card(upcard, kit.LookFace, size)
	out := []string{" " + kit.Fit(st.Heading.Render("Your hand"), hw) + "    " + st.Heading.Render(label)}
	for r := range rows {
		out = append(out, " "+kit.Fit(rows[r], hw)+"    "+up[r]+"  "+info[r])
	}
	return out
}

// trainCardSize is the size of the cards: large when the window is
// tall enough to hold them with the four options of round two.
func trainCardSize(w, h int) kit.CardSize {
	if w >= 80 && h >= 34 {
		return kit.LargeCard
	}
	return kit.SmallCard
}

// prompt starts the menu: the choice asked, then the one taken.
func (t *trainCore) prompt() string {
	if t.state != trainAsk {
		return " You chose:"
	}
	return " Your choice:"
}

// tableLabel is drill.Label with a card given drawn as the screen draws
// cards.
func tableLabel(ctx *kit.Context, a rules.Action) string {
	if a.Kind == rules.Give {
		return "give " + ctx.Paint.StyledCard(a.Card)
	}
	return drill.Label(a)
}

// resultLines are the middle of the screen: a hint before the choice,
// the wait, or the evaluation of every option with the verdict and the
// reason.
func (t *trainCore) resultLines(ctx *kit.Context, w int) []string {
	st := &ctx.Styles
	switch t.state {
	case trainAsk:
		return []string{" " + st.Dim.Render(t.kind.askHint(w))}
	case trainWait:
		sp := "…" // the App writes "..." under -ascii
		if t.cfg.Spinner {
			sp = t.spin.View()
		}
		return []string{fmt.Sprintf(" %s Evaluating every option: %d of %d samples", sp, t.tally.Samples(), t.tally.Plan().Samples)}
	case trainResult:
	default:
		return nil
	}
	label := func(a rules.Action) string { return tableLabel(ctx, a) }
	an := &t.an
	chosen := an.Rows[t.chose]
	v := chosen.Verdict
	say := "You chose " + label(chosen.Action) + ": "
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
	for _, l := range kit.Wrap(say, max(10, w-2)) {
		out = append(out, " "+style.Render(l))
	}
	out = append(out, kit.AnalysisTableWith(ctx, an, t.chose, label)...)
	best := an.Rows[an.Best]
	reason := fmt.Sprintf("Hard bot: %s. %s", label(best.Action), an.Reason())
	for _, l := range kit.Wrap(reason, max(10, w-2)) {
		out = append(out, " "+l)
	}
	return out
}

// noteLines show the last note (an error in the error style), on up to
// three lines; one blank line when there is none.
func (t *trainCore) noteLines(ctx *kit.Context, w int) []string {
	st := &ctx.Styles
	if t.note == "" {
		return []string{""}
	}
	text := t.note
	if t.noteErr {
		text = "! " + text
	}
	lines := kit.WrapLines(text, w-2, 3)
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
func (t *trainCore) reviewView(ctx *kit.Context) string {
	w, h := ctx.Width, ctx.Height
	st := &ctx.Styles
	rule := trainRule(ctx)
	lines := []string{
		kit.Fit(fmt.Sprintf(" %s  Bidding trainer%s · your last mistakes, newest first", st.Title.Render("Klob"), t.seats(" · %d players")), w),
		rule,
	}
	rec, kinds := t.seatRecord()
	s := rec.Score
	if s.Drills == 0 {
		lines = append(lines, fmt.Sprintf(" No drills%s yet.", t.seats(" at %d players")))
	} else {
		lines = append(lines, fmt.Sprintf(" Record%s: %s, %d right (%.0f%%), %.1f points lost a drill.",
			t.seats(" at %d players"), kit.Plural(s.Drills, "drill"), s.Correct, 100*s.Accuracy(), s.AvgLost()))
		var words []string
		for _, k := range kinds {
			if ks, ok := rec.Kinds[k.String()]; ok && ks.Drills > 0 {
				words = append(words, fmt.Sprintf("%s %d/%d", k, ks.Correct, ks.Drills))
			}
		}
		lines = append(lines, " "+strings.Join(words, " · "))
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
	lines = append(lines, rule, t.hintRow(ctx))
	return kit.Canvas(lines, w, h)
}

// mistakeLines describe one kept mistake: the decision, the hand and
// upcard (from the kind), what was chosen and what was best, and the
// words said before.
func (t *trainCore) mistakeLines(ctx *kit.Context, n int, m drill.Missed, w int) []string {
	st := &ctx.Styles
	desc, said, err := t.kind.missed(ctx, m.Situation)
	if err != nil {
		return []string{fmt.Sprintf(" %2d. %s", n, kit.Clip(m.Situation, w-5))}
	}
	chose, _ := rules.ParseAction(m.Chose)
	best, _ := rules.ParseAction(m.Best)
	out := []string{kit.Clip(fmt.Sprintf(" %2d. %s", n, desc), w)}
	for _, l := range kit.Wrap(fmt.Sprintf("You: %s; best: %s; %s.", drill.Label(chose), drill.Label(best), m.Verdict().Text()), max(10, w-6)) {
		out = append(out, "     "+st.Bad.Render(l))
	}
	for _, s := range said {
		for _, l := range kit.Wrap(s, max(10, w-6)) {
			out = append(out, "     "+st.Dim.Render(l))
		}
	}
	return out
}

// The two-player kind's screen.

// body: the situation (who deals, the score, what was said); the hand
// and the upcard; the question and the menu on one line. Blank lines
// between the parts are added only when the window has room, so 80×24
// holds a round-two drill with its four options.
func (t *trainer) body(ctx *kit.Context, room int, mid []string) ([]string, []kit.Hit) {
	w, h := ctx.Width, ctx.Height
	sit := append(wrapped(ctx, t.sit.Role(), w, false), wrapped(ctx, t.sit.ScoreText(), w, false)...)
	sit = append(sit, saidLines(ctx, []string{t.sit.SaidText()}, w)...)
	cards := t.cardLines(ctx, trainCardSize(w, h))
	ask := wrapped(ctx, t.sit.Question(), w, true)
	menu, menuHits := t.menuLine(ctx)
	need := len(sit) + len(cards) + len(ask) + 2 + len(mid)
	if need > room {
		// Short of room: the label row above the cards goes first.
		cards, need = cards[1:], need-1
	}
	spare := room - need
	var out []string
	gap := func() {
		if spare > 0 {
			out = append(out, "")
			spare--
		}
	}
	out = append(out, sit...)
	gap()
	out = append(out, cards...)
	gap()
	out = append(out, ask...)
	for i := range menuHits {
		menuHits[i].Rect.Y = len(out)
	}
	out = append(out, menu, trainRule(ctx))
	gap()
	return out, menuHits
}

// handOrder is a drill's hand as the trainer shows it: the proposed
// trump first while it is on offer, in trump order; in round two, suits
// alternating in colour as on the table.
func handOrder(s *drill.Situation) []rules.Card {
	tr := s.Upcard.Suit()
	if s.Kind() == drill.Round2 {
		tr = rules.NoSuit
	}
	return kit.SortHand(s.Hand, s.Hand, tr)
}

// cardLines draw the hand and, apart, the upcard with the suit it
// proposes (or, in round two, the suit refused).
func (t *trainer) cardLines(ctx *kit.Context, size kit.CardSize) []string {
	p := ctx.Paint
	su := t.sit.Upcard.Suit()
	info := make([]string, size.H)
	mid := size.H / 2
	info[mid] = "proposes " + p.SuitName(su)
	if t.sit.Kind() == drill.Round2 {
		info[mid], info[mid+1] = p.SuitName(su)+" refused", "in round one"
	}
	return handAndUpcard(ctx, size, handOrder(&t.sit), t.sit.Upcard, "Upcard", info)
}

// menuLine lists the options with their keys; after the choice it shows
// the one taken.
func (t *trainer) menuLine(ctx *kit.Context) (string, []kit.Hit) {
	p := ctx.Paint
	items := make([]string, len(t.legal))
	for i, a := range t.legal {
		items[i] = kit.MenuItem(p, a)
	}
	return kit.MenuLine(ctx, t.prompt(), items, t.menu, 0)
}

func (t *trainer) askHint(w int) string {
	return "Choose; then every option's worth is shown, with what the hard bot would do."
}

// missed describes a kept two-player mistake: the kind of decision,
// the seat, the score, the hand and the upcard; and the words said.
func (t *trainer) missed(ctx *kit.Context, situation string) (string, []string, error) {
	p := ctx.Paint
	req, err := drill.Parse(situation)
	if err != nil {
		return "", nil, err
	}
	s := req.Situation
	seat := "elder"
	if s.Dealer {
		seat = "dealer"
	}
	var cards []string
	for _, c := range handOrder(&s) {
		cards = append(cards, p.StyledCard(c))
	}
	return fmt.Sprintf("%s, %s, score %d-%d: %s, upcard %s", kit.Capital(s.Kind().String()), seat,
		s.Totals[drill.You], s.Totals[drill.Opp], strings.Join(cards, " "), p.StyledCard(s.Upcard)), []string{s.SaidText()}, nil
}
