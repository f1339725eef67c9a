package tui

import (
	"fmt"
	"strings"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// The table's fixed rows: the header and its rule above, the rule, note,
// prompt and key lines below.
const (
	tableTopRows    = 2
	tableBottomRows = 4
)

// View draws the table.
func (t *table) View(ctx *kit.Context) string {
	s, _ := t.render(ctx)
	return s
}

// layoutSize picks the card size for the window.
func layoutSize(w, h int) kit.CardSize {
	if w >= 110 && h >= 38 {
		return kit.LargeCard
	}
	return kit.SmallCard
}

// render draws the table and returns where the clickable things lie.
// View and the mouse handler both use it, so a click always means what
// the screen shows.
func (t *table) render(ctx *kit.Context) (string, []kit.Hit) {
	w, h := ctx.Width, ctx.Height
	st := &ctx.Styles
	g := &ctx.Paint.Glyphs
	v := t.d.view()
	size := layoutSize(w, h)
	// The table needs room for nine cards; the side panel takes the rest,
	// between 24 and 44 columns.
	needLeft := kit.HandWidth(9, size) + 3
	rightW := max(24, min(44, w-needLeft-1))
	leftW := max(0, w-rightW-1)
	notes := t.noteLines(ctx, &v, w)
	midH := max(0, h-tableTopRows-tableBottomRows-(len(notes)-1))
	var hits []kit.Hit

	lines := make([]string, 0, h)
	lines = append(lines, t.header(ctx, &v, w), st.Rule.Render(kit.Repeat(g.HRule, w)))
	panel := t.hintOpen() || t.showLast
	switch {
	case t.hintOpen():
		lines = append(lines, t.hintPanel(ctx, &v, w, midH, size, &hits)...)
	case t.showLast:
		lines = append(lines, t.trickPanel(ctx, &v, w, midH, size, &hits)...)
	}
	left := t.leftColumn(ctx, &v, leftW, midH, size, &hits)
	rightCol := t.rightColumn(ctx, &v, rightW, midH)
	if !panel {
		lines = append(lines, kit.Columns(ctx, left, rightCol, leftW, rightW, midH)...)
	}
	lines = append(lines, st.Rule.Render(kit.Repeat(g.HRule, w)))
	lines = append(lines, notes...)
	prompt, menuHits := t.promptLine(ctx, &v, w, len(lines))
	lines = append(lines, prompt)
	hits = append(hits, menuHits...)
	lines = append(lines, " "+st.Dim.Render(t.keyHints(ctx, &v)))
	return kit.Canvas(lines, w, h), hits
}

// hintPanel replaces the table with the hint across the whole width,
// keeping the hand at the bottom so the person can act on it.
func (t *table) hintPanel(ctx *kit.Context, v *rules.View, w, h int, size kit.CardSize, hits *[]kit.Hit) []string {
	st := &ctx.Styles
	var body []string
	switch {
	case t.hinting:
		body = []string{" " + t.spin.View() + " " + st.Heading.Render("Hint: the hard bot is weighing your options…")}
	case t.hint.Err != nil:
		body = []string{" " + st.Error.Render("No hint: "+t.hint.Err.Error())}
	default:
		body = hintLines(ctx, &t.hint.View, t.hint.Eval, w)
	}
	body = append(body, " "+st.Dim.Render("H or esc closes the hint"))
	return t.panel(ctx, v, body, w, h, size, hits)
}

// trickPanel replaces the table with the list of this deal's tricks (v),
// keeping the hand at the bottom so the person can act on it.
func (t *table) trickPanel(ctx *kit.Context, v *rules.View, w, h int, size kit.CardSize, hits *[]kit.Hit) []string {
	st := &ctx.Styles
	body := trickListLines(ctx, v, t.d.name, w)
	body = append(body, " "+st.Dim.Render("v or esc closes the list"))
	return t.panel(ctx, v, body, w, h, size, hits)
}

// panel lays out body across the whole width over the hand.
func (t *table) panel(ctx *kit.Context, v *rules.View, body []string, w, h int, size kit.CardSize, hits *[]kit.Hit) []string {
	hand, rects := t.handBlock(ctx, v, w, size)
	room := max(0, h-len(hand))
	if len(body) > room {
		body = body[:room]
	}
	out := make([]string, 0, h)
	for _, l := range body {
		out = append(out, kit.Fit(l, w))
	}
	for len(out) < room {
		out = append(out, "")
	}
	y0 := tableTopRows + len(out)
	for i, r := range rects {
		r.Y += y0
		*hits = append(*hits, kit.Hit{Rect: r, Kind: kit.HitCard, Index: i})
	}
	out = append(out, hand...)
	for i := range out {
		out[i] = kit.Fit(out[i], w)
	}
	return out[:min(len(out), h)]
}

// header is the top line: the game on the left, the totals on the right.
func (t *table) header(ctx *kit.Context, v *rules.View, w int) string {
	st := &ctx.Styles
	pad := t.d.pad()
	dealer := t.d.does(v.Dealer, "deal")
	left := fmt.Sprintf(" %s  Deal %d · %s · game to %d · %s", st.Title.Render("Klob"), t.d.dealNo(),
		dealer, pad.Target, t.d.tag())
	me, opp := v.Seat, v.Seat.Other()
	rightS := fmt.Sprintf("You %d · %s %d ", pad.Totals[me], t.d.name(opp), pad.Totals[opp])
	mark := ""
	lw := w - kit.WidthOf(mark+rightS) - 1
	if lw < 20 {
		return kit.Clip(st.Error.Render(mark)+left, w)
	}
	return kit.Fit(left, lw) + " " + st.Error.Render(mark) + st.Heading.Render(rightS)
}

// leftColumn is the table itself: the opponent, the upcard and trump,
// the trick, and the person's hand at the bottom.
func (t *table) leftColumn(ctx *kit.Context, v *rules.View, w, h int, size kit.CardSize, hits *[]kit.Hit) []string {
	st := &ctx.Styles
	p := ctx.Paint
	g := &p.Glyphs
	// The opponent.
	backs := kit.Repeat(g.BackMini, v.Counts[v.Seat.Other()])
	opp := fmt.Sprintf(" %s  %s  %s", st.Heading.Render(t.d.name(v.Seat.Other())), st.Dim.Render(backs), kit.Plural(v.Counts[v.Seat.Other()], "card"))
	if v.Dealer == v.Seat.Other() {
		opp += st.Dim.Render("  (dealer)")
	}
	if t.shared != nil {
		opp += st.Dim.Render(t.shared.seatTag(v.Seat.Other()))
	}
	// The upcard, the bottom card, trump and maker; the trick; the hand.
	up := kit.CenterBlock(t.upcardBlock(ctx, v, size), w)
	trick := kit.CenterBlock(t.trickBlock(ctx, v, size), w)
	hand, rects := t.handBlock(ctx, v, w, size)

	// The room left is shared out between the gaps, so the trick lies in
	// the middle of the table.
	free := h - 1 - len(up) - len(trick) - len(hand)
	gaps := [3]int{}
	if free > 0 {
		gaps[0] = min(free/4, 2)
		gaps[1] = (free - gaps[0]) / 2
		gaps[2] = free - gaps[0] - gaps[1]
	}
	out := []string{opp}
	out = append(out, make([]string, gaps[0])...)
	out = append(out, up...)
	out = append(out, make([]string, gaps[1])...)
	out = append(out, trick...)
	out = append(out, make([]string, gaps[2])...)
	if len(out)+len(hand) > h {
		// Not enough room (only below the minimum size): keep the hand.
		out = out[:max(0, h-len(hand))]
	}
	y0 := tableTopRows + len(out)
	for i, r := range rects {
		r.Y += y0
		*hits = append(*hits, kit.Hit{Rect: r, Kind: kit.HitCard, Index: i})
	}
	return append(out, hand...)
}

// upcardBlock shows the upcard and the bottom card with what is known of
// trump beside them.
func (t *table) upcardBlock(ctx *kit.Context, v *rules.View, size kit.CardSize) []string {
	st := &ctx.Styles
	p := ctx.Paint
	up := p.Card(v.Upcard, kit.LookFace, size)
	bottom := p.Card(rules.NoCard, kit.LookBack, size) // the stock, bottom card not turned
	if v.Bottom != rules.NoCard {
		bottom = p.Card(v.Bottom, kit.LookFace, size)
	}
	var info []string
	if v.Trump == rules.NoSuit {
		// The cards have their labels above them: the line beside them
		// says only what the upcard proposes.
		info = append(info, "Proposed trump: "+p.SuitName(v.OrigUpcard.Suit()))
		switch v.Phase {
		case rules.PhaseBid1:
			info = append(info, "Round one: pass, take or schmeiss")
		case rules.PhaseSchmeiss:
			info = append(info, t.d.name(v.Schmeisser)+" said schmeiss: accept or refuse")
		case rules.PhaseBid2:
			info = append(info, "Round two: name another suit, or pass")
		}
	} else {
		info = append(info, st.Trump.Render("Trump:")+" "+p.SuitName(v.Trump))
		maker := "Maker: " + t.d.name(v.Maker)
		if v.SchmeissRefused() {
			maker += " (schmeiss refused)"
		}
		info = append(info, maker)
		if v.DixBy != rules.NoSeat {
			info = append(info, fmt.Sprintf("Dix: %s took %s for the 7", t.d.name(v.DixBy), p.StyledCard(v.OrigUpcard)))
		}
		switch {
		case v.SeqWinner != rules.NoSeat:
			info = append(info, "Sequences: "+t.d.name(v.SeqWinner)+" won the right")
		case v.Phase == rules.PhasePlay || v.Phase == rules.PhaseOver:
			info = append(info, "Sequences: nobody scores them")
		}
	}
	return kit.UpcardRows(up, bottom, info, size)
}

// trickCards returns the cards to show in the trick area, by seat, and
// its title.
func (t *table) trickCards(ctx *kit.Context, v *rules.View) ([2]rules.Card, string) {
	cards := [2]rules.Card{rules.NoCard, rules.NoCard}
	done := v.Tricks[0] + v.Tricks[1]
	last := func() {
		cards[v.LastLeader] = v.LastTrick[0]
		cards[v.LastLeader.Other()] = v.LastTrick[1]
	}
	switch {
	case t.showLast && v.LastLeader != rules.NoSeat:
		last()
		return cards, fmt.Sprintf("Last trick: %s won it (v closes)", t.d.name(v.LastTrickWinner()))
	case t.showLast:
		return cards, "No trick played yet (v closes)"
	case v.Phase == rules.PhasePlay && v.Lead() != rules.NoCard:
		cards[v.Leader] = v.Lead()
		return cards, fmt.Sprintf("Trick %d: %s led", done+1, t.d.name(v.Leader))
	case (v.Phase == rules.PhasePlay || v.Phase == rules.PhaseOver) && v.LastLeader != rules.NoSeat:
		last()
		return cards, fmt.Sprintf("Trick %d: %s won it", done, t.d.name(v.LastTrickWinner()))
	case v.Phase == rules.PhasePlay:
		return cards, "Trick 1: " + t.d.does(v.Leader, "lead")
	}
	return cards, "No trick yet"
}

// trickBlock shows the trick on the table: the bot's card on the left,
// the person's on the right.
func (t *table) trickBlock(ctx *kit.Context, v *rules.View, size kit.CardSize) []string {
	st := &ctx.Styles
	p := ctx.Paint
	cards, title := t.trickCards(ctx, v)
	draw := func(c rules.Card) []string {
		if c == rules.NoCard {
			return p.Card(rules.NoCard, kit.LookSlot, size)
		}
		return p.Card(c, kit.LookFace, size)
	}
	me, opp := v.Seat, v.Seat.Other()
	oppName := t.d.name(opp)
	bc, yc := draw(cards[opp]), draw(cards[me])
	info := []string{st.Heading.Render(title)}
	if v.Phase == rules.PhasePlay || v.Phase == rules.PhaseOver {
		info = append(info,
			fmt.Sprintf("Tricks: you %d, %s %d", v.Tricks[me], kit.LowerName(oppName), v.Tricks[opp]),
			fmt.Sprintf("Card points: you %d, %s %d", v.Points[me], kit.LowerName(oppName), v.Points[opp]))
		if v.BellaBy != rules.NoSeat {
			info = append(info, "Bella: "+t.d.name(v.BellaBy))
		}
	}
	return kit.CardPair(kit.TrickLabels(oppName, "You", size), bc, yc, info, size)
}

// handBlock draws the person's hand, sorted, centred in w: a label row
// ("trump" over the trump cards), a row the selected card rises into,
// the cards, their numbers and their marks (▲ selected, • playable).
// It returns the rows and each card's rectangle relative to the block.
func (t *table) handBlock(ctx *kit.Context, v *rules.View, w int, size kit.CardSize) ([]string, []kit.Rect) {
	st := &ctx.Styles
	p := ctx.Paint
	g := &p.Glyphs
	hand := t.hand(v)
	n := len(hand)
	rows := make([]string, kit.HandRows(size))
	hw := kit.HandWidth(n, size)
	x0 := max(0, (w-hw)/2)
	rects := kit.CardRects(n, size, x0, 0)
	playing := v.Phase == rules.PhasePlay && t.myTurn()
	legal := kit.LegalCards(v)
	sel := -1
	if playing {
		sel = max(0, min(t.Cursor, n-1))
	}
	pad := strings.Repeat(" ", x0)

	// Label row: "trump" over the trump cards.
	ntrump := 0
	if v.Trump != rules.NoSuit {
		ntrump = v.Hand.Suit(v.Trump).Count()
	}
	label := pad
	if ntrump > 0 {
		tw := kit.HandWidth(ntrump, size)
		txt := "trump " + g.Suit(v.Trump)
		if over := kit.WidthOf(txt) - tw; over > 0 {
			// One trump left: the label reaches left of the card, into
			// the margin, rather than lose the suit.
			if over <= x0 {
				label = strings.Repeat(" ", x0-over)
				tw = kit.WidthOf(txt)
			} else {
				txt = g.Suit(v.Trump)
			}
		}
		label += st.Trump.Render(kit.Center(txt, tw))
	}
	if v.Dealer == v.Seat {
		// The person's dealer mark, as the bot's line has its own.
		label = kit.Fit(label, x0+hw) + st.Dim.Render("  (dealer)")
	}
	rows[0] = label
	// The melds row: the sequences held and the bella pair.
	rows[len(rows)-1] = pad + st.Trump.Render(kit.MeldRow(g, hand, kit.HandMelds(hand, v.Trump), size.W, kit.HandGap))

	kit.CardRows(ctx, rows[1:len(rows)-1], hand, legal, sel, playing, size, pad)
	return rows, rects
}

// rightColumn is the score pad over the table talk.
func (t *table) rightColumn(ctx *kit.Context, v *rules.View, w, h int) []string {
	pad := kit.ScorePad(ctx, t.d.pad(), v.Seat, t.d.name(v.Seat.Other()), w-1, max(4, h/2))
	return padOverTalk(ctx, pad, talkLines(ctx, t.d, v), w, h)
}

// padOverTalk is the right column of every table: the score pad, a
// rule, and the table talk wrapped to the width, its latest lines kept
// when they do not all fit in h rows.
func padOverTalk(ctx *kit.Context, pad, talk []string, w, h int) []string {
	st := &ctx.Styles
	out := append([]string{}, pad...)
	out = append(out, st.Rule.Render(kit.Repeat(ctx.Paint.Glyphs.HRule, w-1)))
	room := h - len(out) - 1
	var wrapped []string
	for _, l := range talk {
		wrapped = append(wrapped, kit.Wrap(l, w-2)...)
	}
	if room > 0 && len(wrapped) > room {
		wrapped = wrapped[len(wrapped)-room:]
	}
	out = append(out, st.Heading.Render("Table talk"))
	if len(wrapped) == 0 {
		out = append(out, st.Dim.Render("(nothing said yet)"))
	}
	return append(out, wrapped...)
}

// talkLines are the spoken lines of this deal: every bid and answer,
// the dix, each word of the sequence dialogue, the sequences shown and
// bella, oldest first. Moves taken for the person say so.
func talkLines(ctx *kit.Context, m duel, v *rules.View) []string {
	st := &ctx.Styles
	p := ctx.Paint
	g := &p.Glyphs
	// The winner of the sequence right shows them once the first trick
	// is over: their lines go there, between the words said before and
	// after (bella comes later, so it is said after them).
	var shows []string
	if shown := v.Shown[v.SeqWinner&3]; shown != 0 && v.SeqWinner != rules.NoSeat {
		for _, q := range rules.Sequences(shown) {
			shows = append(shows, fmt.Sprintf("%s %s (%d)", kit.Capital(m.does(v.SeqWinner, "show")), kit.SeqText(g, q), q.Value()))
		}
	}
	var out []string
	cards := 0
	for i, s := range v.History() {
		who := m.name(s.Seat)
		a := s.Action
		var line string
		if a.Kind == rules.PlayCard {
			cards++
		}
		switch {
		case a.Kind == rules.PlayCard && a.Bella:
			line = who + ": bella (" + p.StyledCard(a.Card) + ")"
		case a.Kind == rules.PlayCard:
		case a.Kind == rules.Exchange:
			line = who + " exchanged the dix: took " + p.StyledCard(v.OrigUpcard)
		case a.Kind == rules.Name:
			line = who + ": " + p.SuitName(a.Suit)
		default:
			line = who + ": " + a.Words()
		}
		if line != "" {
			if why, ok := m.forced(i); ok {
				line += st.Dim.Render(" (auto: " + why + ")")
			}
			out = append(out, st.Talk.Render(line))
		}
		if cards == 2 && a.Kind == rules.PlayCard {
			out = append(out, shows...)
			shows = nil
		}
	}
	return append(out, shows...)
}

// maxNoteLines is how many lines a note may wrap to.
const maxNoteLines = 2

// noteLines say what just happened, or why a move was refused, wrapped
// to the width (at most maxNoteLines); with nothing to say, what the
// chosen item of a menu means. There is always one line.
func (t *table) noteLines(ctx *kit.Context, v *rules.View, w int) []string {
	st := &ctx.Styles
	text, style, lead := t.note, st.Text, ""
	limit := maxNoteLines
	switch {
	case t.d.SaveErr() != nil && (t.note == "" || !t.noteErr):
		// Wrapped to more lines, so that the cause at its end is read.
		text, style, lead = "autosave failed: "+t.d.SaveErr().Error(), st.Error, "! "
		limit = maxSaveErrLines
	case t.note != "" && t.noteErr:
		style, lead = st.Error, "! "
	case t.note == "" && t.shared != nil && t.shared.news(ctx) != "":
		text = t.shared.news(ctx)
	case t.note == "":
		text, style = t.explainChoice(ctx, v), st.Dim
	}
	if text == "" {
		return []string{""}
	}
	lines := kit.WrapLines(lead+text, w-2, limit)
	for i, l := range lines {
		lines[i] = " " + style.Render(l)
	}
	// A one-line note of what just happened leaves room for what the
	// chosen item of the menu means.
	if len(lines) == 1 && t.note != "" && !t.noteErr {
		if e := t.explainChoice(ctx, v); e != "" {
			lines = append(lines, " "+st.Dim.Render(kit.Clip(e, w-2)))
		}
	}
	return lines
}

// explainChoice is the line under a menu: what the chosen item means.
func (t *table) explainChoice(ctx *kit.Context, v *rules.View) string {
	if !t.myTurn() {
		return ""
	}
	g := &ctx.Paint.Glyphs
	var items []rules.Action
	switch {
	case t.Bella != rules.NoCard:
		items = t.bellaItems()
	case v.Phase != rules.PhasePlay:
		items = v.Legal()
	default:
		return ""
	}
	if len(items) == 0 {
		return ""
	}
	a := items[max(0, min(t.Menu, len(items)-1))]
	if a.Kind == rules.PlayCard {
		if a.Bella {
			return kit.KeyTag(ctx.Keys.Bella) + " bella: " + kit.ChoiceExplain(g, v, a)
		}
		return kit.KeyTag(ctx.Keys.NoBella) + " no bella: play it and keep quiet, no bella points"
	}
	e := kit.ChoiceExplain(g, v, a)
	if e == "" {
		return ""
	}
	label := kit.ActionLabel(a)
	if k := kit.ActionKey(a); k != "" {
		label = "[" + k + "] " + label
	}
	return label + ": " + e
}

// promptLine says what the person is to do, with the choices of a
// decision as a menu.
func (t *table) promptLine(ctx *kit.Context, v *rules.View, w, y int) (string, []kit.Hit) {
	st := &ctx.Styles
	p := ctx.Paint
	if !t.myTurn() {
		if t.shared != nil {
			return " " + t.shared.waitWords(), nil
		}
		return "", nil
	}
	if t.Bella != rules.NoCard {
		c := p.StyledCard(t.Bella)
		items := []string{"[b] play " + c + " and say bella", "[n] play " + c + " without bella"}
		return kit.MenuLine(ctx, " Bella?", items, t.Menu, y)
	}
	if v.Phase == rules.PhasePlay {
		legend := "   " + st.Selected.Render(p.Glyphs.SelMark) + " selected  " + st.Playable.Render(p.Glyphs.PlayMark) + " playable"
		if v.Lead() == rules.NoCard {
			return " " + st.Heading.Render("Your lead:") + " choose a card and play it" + legend, nil
		}
		return " " + st.Heading.Render("Your turn:") + " answer " + p.StyledCard(v.Lead()) + legend, nil
	}
	legal := v.Legal()
	items := make([]string, len(legal))
	for i, a := range legal {
		items[i] = kit.MenuItem(p, a)
	}
	return kit.MenuLine(ctx, " "+t.menuPrompt(ctx, v), items, t.Menu, y)
}

// menuPrompt names the decision.
func (t *table) menuPrompt(ctx *kit.Context, v *rules.View) string {
	st := &ctx.Styles
	p := ctx.Paint
	var s string
	switch v.Phase {
	case rules.PhaseBid1:
		s = "Your bid on " + p.StyledSuit(v.OrigUpcard.Suit()) + ":"
	case rules.PhaseSchmeiss:
		s = t.d.name(v.Schmeisser) + " said schmeiss:"
	case rules.PhaseBid2:
		s = "Round two:"
	case rules.PhaseDix:
		s = "The dix:"
	case rules.PhaseSequences:
		s = "Sequences:"
		if b := v.OwnBest(); b.Len >= 3 {
			s = fmt.Sprintf("Sequences (yours: %d, %s high):", b.Value(), p.Glyphs.CardText(rules.NewCard(b.Top, b.Suit)))
		}
	}
	return st.Heading.Render(s)
}

// keyHints lists the keys that work now: the table's short help. When
// it does not fit the width, the keys that are also on screen or in
// the help go first (the card numbers, the arrows), then the hint's words
// get shorter, so the line never runs off the screen.
func (t *table) keyHints(ctx *kit.Context, v *rules.View) string {
	bs := t.KeyHelp(&ctx.Keys).ShortHelp()
	w := ctx.Width - 2
	line := kit.HintLine(bs)
	for _, drop := range []string{"card", "", "confirm", "hint", "sort"} {
		if kit.WidthOf(line) <= w {
			return line
		}
		for i, b := range bs {
			if b.Help().Desc == drop {
				bs = append(bs[:i:i], bs[i+1:]...)
				break
			}
		}
		line = kit.HintLine(bs)
	}
	if kit.WidthOf(line) <= w {
		return line
	}
	// Keys only, with one word each.
	var parts []string
	for _, b := range bs {
		p := b.Help().Key
		if f := strings.Fields(b.Help().Desc); len(f) > 0 {
			p += " " + f[0]
		}
		parts = append(parts, p)
	}
	return kit.Clip(strings.Join(parts, " "), w)
}

// abandonReason says why a deal of two was thrown in.
func abandonReason(name func(rules.Seat) string, ending rules.Ending, schmeisser rules.Seat) string {
	if ending == rules.SchmeissAccepted {
		return kit.AcceptedSchmeiss(name, schmeisser) + "."
	}
	return "Both players passed twice: nobody named trump."
}
