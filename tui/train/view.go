package train

import (
	"fmt"
	"slices"
	"strings"

	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// View draws the trainer. A drill drawn is shown: its keys are taken
// from then on (ahead).
func (t *core) View(ctx *kit.Context) string {
	if t.review {
		return t.reviewView(ctx)
	}
	if t.state == stateAsk {
		t.shown = true
	}
	s, _, _ := t.render(ctx)
	return s
}

// hintRow is the bottom line: the keys that work now. The keys that
// answer are always said one way, "enter or p/c/d answer"; short of
// room (six options' letters at 80 columns) the arrows give way first,
// as the letters and enter stand for them, so that M mistakes stays;
// then (the page keys of the result's options) M mistakes, as the help
// lists it.
func (t *core) hintRow(ctx *kit.Context) string {
	bs := t.KeyHelp(&ctx.Keys).ShortHelp()
	return " " + ctx.Styles.Dim.Render(kit.FitHintLine(ctx, bs, ctx.Width-2, "choose", "mistakes", "your last mistakes"))
}

// render draws a drill and returns where the menu items lie (View and
// the mouse handler share it, so a click means what the screen shows)
// and the page of the result's options (the page keys turn it as
// shown).
//
// From the top: the header; the kind's body (the situation, the hand
// and the upcard, the question and the menu); then the result (or the
// wait for it), cut to the room left; at the bottom the note and the
// keys, which offer the page keys when the options are cut.
func (t *core) render(ctx *kit.Context) (string, []kit.Hit, kit.Page) {
	w, h := ctx.Width, ctx.Height
	top := []string{t.header(ctx, w), kit.Rule(ctx, ctx.Width)}
	bottom := append([]string{kit.Rule(ctx, ctx.Width)}, t.noteLines(ctx, w)...)
	room := max(0, h-len(top)-len(bottom)-1) // the keys' line is drawn last
	var hits []kit.Hit
	var mid []string
	var pg kit.Page
	switch t.state {
	case stateBroken:
	case stateDealing:
		mid, _, _ = t.resultLinesIn(ctx, w, -1)
	default:
		var need int
		mid, need, pg = t.resultLinesIn(ctx, w, -1)
		body, bodyHits, lost := t.kind.body(ctx, room, mid, need)
		if t.state == stateResult && t.note == "" {
			// Short of room, the blank line kept for a note goes to the
			// answer: to the reason's last sentence, or to the drill
			// where the result's least took one of its main parts (the
			// cards drawn, the words said, the score, the question).
			more, moreHits, moreLost := t.kind.body(ctx, room+1, mid, need)
			if len(body)+len(mid) > room || lost >= mainParts && moreLost < lost {
				bottom = bottom[:1]
				room++
				body, bodyHits = more, moreHits
			}
		}
		for _, m := range bodyHits {
			m.Rect.Y += len(top)
			hits = append(hits, m)
		}
		top = append(top, body...)
		room -= len(body)
	}
	room = max(0, room)
	if len(mid) > room && t.state == stateResult {
		mid, _, pg = t.resultLinesIn(ctx, w, room)
	}
	mid = mid[:min(len(mid), room)]
	t.paged = pg.Cut()
	lines := append(append(append(top, kit.Padded(mid, room)...), bottom...), t.hintRow(ctx))
	return kit.Canvas(lines, w, h), hits, pg
}

// header is the top line: the trainer, the seat count at a table, the
// drill, the seed and the drills taken (-only) on the left, the record
// of this seat count on the right: it counts every drill answered at
// this seat count, not this session's.
//
// The record reads one way on every screen: "record 6 right · 5 wrong",
// counts that only grow, so that a wrong answer never reads as progress
// whatever scale it was graded on (an average lost a drill falls when a
// mistake is graded by the chance to win). Where the left leaves no room
// for it, "6 right · 5 wrong"; where not even that, the left alone (the
// seed says how to get the same drills again, and -only which). The
// seat count is in words ("2 players", else "2p") only where the widest
// record leaves it room, so it never swaps as the record grows. The
// review (M) says the points and chances lost.
func (t *core) header(ctx *kit.Context, w int) string {
	st := &ctx.Styles
	rec, _ := t.seatRecord()
	s := rec.Score
	counts := "no drills yet"
	if s.Drills > 0 {
		counts = recordCounts(s)
	}
	l := t.titleLeft(ctx, t.seatsTag(ctx, w))
	var r string
	for _, try := range []string{"record " + counts, counts} {
		if s.Drills == 0 {
			try = counts
		}
		if kit.WidthOf(l)+3+kit.WidthOf(try) <= w {
			r = try
			break
		}
	}
	if r == "" {
		return kit.Fit(l, w)
	}
	r += " "
	return kit.Fit(l, w-kit.WidthOf(r)-1) + " " + st.Heading.Render(r)
}

// titleLeft is the left of a drill's title, with the seat count as
// seats says it.
func (t *core) titleLeft(ctx *kit.Context, seats string) string {
	only := ""
	if t.cfg.Only != drill.Any {
		only = " · only " + t.cfg.Only.String()
	}
	return fmt.Sprintf(" %s  Trainer · %s · drill %d · seed %d%s", ctx.Styles.Title.Render("Klob"), seats, t.no, t.cfg.Seed, only)
}

// seatsTag is the seat count as every title of the trainer says it at
// width w: in words ("2 players") only where a drill's title has room
// for them beside the widest record, else "2p"; so the drill and the
// review name it alike, and it never swaps as the record grows.
func (t *core) seatsTag(ctx *kit.Context, w int) string {
	n := t.players()
	words := fmt.Sprintf("%d players", n)
	if kit.WidthOf(t.titleLeft(ctx, words))+3+kit.WidthOf("record "+recordCounts(drill.Score{Drills: 1998, Correct: 999})) <= w {
		return words
	}
	return fmt.Sprintf("%dp", n)
}

// recordCounts is the record as the title says it: "6 right · 5 wrong".
func recordCounts(s drill.Score) string {
	return fmt.Sprintf("%d right · %d wrong", s.Correct, s.Drills-s.Correct)
}

// wrapped wraps a sentence to the width, each line indented by one, in
// the heading style when heading is set.
func wrapped(ctx *kit.Context, s string, w int, heading bool) []string {
	if heading {
		return kit.Indent(" ", kit.Wrap(s, max(10, w-2)), ctx.Styles.Heading.Render)
	}
	return kit.Indent(" ", kit.Wrap(s, max(10, w-2)), nil)
}

// saidLines are the words said before the drill, in the talk style.
func saidLines(ctx *kit.Context, said []string, w int) []string {
	var out []string
	for _, s := range said {
		out = append(out, kit.Indent(" ", kit.Wrap(s, max(10, w-2)), ctx.Styles.Talk.Render)...)
	}
	return out
}

// handAndUpcard draw the hand and, apart, the upcard under label with
// info beside it (a line per row of the cards) and note beside the
// label, where the label leaves it room.
func handAndUpcard(ctx *kit.Context, size kit.CardSize, hand []rules.Card, upcard rules.Card, label, note string, info []string) []string {
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
	// Nine small cards leave 15 columns of 80 for the info at a gap of
	// four: the gap narrows to two so that "trump: ♦ diamonds" and
	// "(took the upcard)" show whole.
	gap := "    "
	infoW := 0
	for _, s := range info {
		infoW = max(infoW, kit.WidthOf(s))
	}
	if 1+hw+len(gap)+size.W+2+infoW > ctx.Width {
		gap = "  "
	}
	// Still too wide ("maker: the opponent"), a line goes on in the
	// free line under it.
	room := ctx.Width - (1 + hw + len(gap) + size.W + 2)
	for i := 0; i+1 < len(info); i++ {
		if kit.WidthOf(info[i]) <= room || info[i+1] != "" {
			continue
		}
		if ls := kit.Wrap(info[i], max(room, 1)); len(ls) == 2 {
			info[i], info[i+1] = ls[0], ls[1]
		}
	}
	// The note follows the label after a dot, so that the two read
	// apart ("Upcard · bottom: 9♣", not "Upcard bottom: 9♣"), where the
	// window holds it.
	head := " " + kit.Fit(st.Heading.Render("Your hand"), hw) + gap + st.Heading.Render(label)
	if withNote := head + " · " + note; note != "" && kit.WidthOf(withNote) <= ctx.Width {
		head = withNote
	}
	out := []string{head}
	for r := range rows {
		out = append(out, " "+kit.Fit(rows[r], hw)+gap+up[r]+"  "+info[r])
	}
	return out
}

// cardSize is the size of n cards in hand: large when the window is
// tall enough to hold them with the four options of round two, and
// wide enough for them, the upcard and what is said beside it (as much
// room as nine small cards leave it at 80 columns).
func cardSize(w, h, n int) kit.CardSize {
	l := kit.LargeCard
	if h >= 34 && 1+kit.HandWidth(n, l)+2+l.W+2+17 <= w {
		return l
	}
	return kit.SmallCard
}

// prompt starts the menu: the choice asked, then the one taken.
func (t *core) prompt() string {
	if t.state != stateAsk {
		return " You chose:"
	}
	return " Your choice:"
}

// choseWords is the choice made as it reads after "You chose" (a
// verb: "to name clubs", where the table's label reads "name clubs"),
// with a card given painted as the table paints it.
func choseWords(ctx *kit.Context, a rules.Action) string {
	if a.Kind == rules.Give && a.Card != rules.NoCard {
		return "to give " + ctx.Paint.StyledCard(a.Card)
	}
	return drill.Chosen(a, ctx.ASCII)
}

// resultLinesIn are the middle of the screen, a hint before the
// choice, the wait, or the evaluation of every option with the verdict
// and the reason, on at most room lines (none: -1): the reason's last
// sentences give way whole, so that it never stops in the middle of
// one. need is the least room that shows a row for every option: the
// verdict, the table and the hard bot's choice with the reason's first
// sentence; pg is the page of the options shown.
func (t *core) resultLinesIn(ctx *kit.Context, w, room int) (lines []string, need int, pg kit.Page) {
	st := &ctx.Styles
	switch t.state {
	case stateAsk:
		return []string{" " + st.Dim.Render(t.kind.askHint(w))}, 1, pg
	case stateWait:
		sp := ctx.Ellipsis()
		if t.cfg.Spinner {
			sp = t.spin.View()
		}
		return []string{fmt.Sprintf(" %s Evaluating every option: %d of %d samples", sp, t.tally.Samples(), t.tally.Plan().Samples)}, 1, pg
	case stateDealing:
		return []string{fmt.Sprintf(" %s Dealing drill %d", ctx.Ellipsis(), t.no)}, 1, pg
	case stateResult:
	default:
		return nil, 0, pg
	}
	// An option is named as the menu named it, as the hint at the table
	// names it (kit.AnalysisLabel): "no shlomo" for a pass that declines
	// a declaration, a suit by its name alone, in the table and the hard
	// bot's line alike.
	an := &t.an
	label := kit.AnalysisLabel(ctx, an)
	chosen := an.Rows[t.chose]
	v := chosen.Verdict
	say := "You chose " + choseWords(ctx, chosen.Action) + ": "
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
	head := kit.Indent(" ", kit.Wrap(say, max(10, w-2)), style.Render)
	best := an.Rows[an.Best]
	hard := "Hard bot: " + label(best.Action)
	if !strings.HasSuffix(hard, "?") { // "how high?" ends its sentence
		hard += "."
	}
	// The options best first; where the room is short, a page of them
	// (kit.Page, from rank t.optTop on: PgUp and PgDn turn it) with a
	// line that says which, and your row always, in its rank's place.
	ranked, chose := an.InRankOrder(t.chose)
	all := len(ranked.Rows)
	// Each page is drawn once: the whole table, which need counts, is
	// also the page shown when every option fits.
	drawn := map[kit.Page][]string{}
	table := func(pg kit.Page) []string {
		if rows, ok := drawn[pg]; ok {
			return rows
		}
		shown, mine := pageRows(&ranked, chose, pg)
		rows := kit.AnalysisTableWith(ctx, &shown, mine, label)
		if pg.Cut() {
			also := ""
			if len(shown.Rows) > pg.Rows {
				also = " and yours"
			}
			rows = append(rows, " "+st.Dim.Render("   "+pg.Note(also)))
		}
		drawn[pg] = rows
		return rows
	}
	// The room kept under the table is for the hard bot's choice and the
	// reason's first sentence, what the options are worth: with many
	// options (a card to give) the table gives way to it.
	// The reason compares the best with your choice, or with the
	// runner-up when yours is the best.
	reasons := an.ReasonVersus(ctx.ASCII, t.chose)
	kept := []string{hard}
	if len(reasons) > 0 {
		kept = append(kept, reasons[0])
	}
	hardLines := len(kit.Wrap(strings.Join(kept, " "), max(10, w-2)))
	// The table is a line a row shown under lines of its own (its
	// heading), and the page's note when cut: the pages tried are
	// counted from the whole table's lines, not drawn.
	whole := len(table(kit.Page{Rows: all, All: all}))
	tableLines := func(pg kit.Page) int {
		shown, _ := pageRows(&ranked, chose, pg)
		n := whole - all + len(shown.Rows)
		if pg.Cut() {
			n++
		}
		return n
	}
	need = len(head) + whole + hardLines
	pg = kit.FitPage(0, all, 2, func(n int) bool {
		return room < 0 || len(head)+tableLines(resultPage(0, n, all, chose))+hardLines <= room
	})
	pg = resultPage(t.optTop, pg.Rows, all, chose)
	out := append(head, table(pg)...)
	reason := append([]string{hard}, reasons...)
	said := kit.Wrap(strings.Join(reason, " "), max(10, w-2))
	for room >= 0 && len(out)+len(said) > room && len(reason) > 1 {
		reason = reason[:len(reason)-1]
		said = kit.Wrap(strings.Join(reason, " "), max(10, w-2))
	}
	return append(out, kit.Indent(" ", said, nil)...), need, pg
}

// resultPage is the page of the options from rank top on, n rows in
// all, of a table of all where yours is the row of rank chose: where
// the page would leave yours out, yours takes its last place, so that
// your row always shows; the last page is full.
func resultPage(top, n, all, chose int) kit.Page {
	pg := kit.Page{Top: max(0, min(top, all-n)), Rows: n, All: all}
	if n < all && (chose < pg.Top || chose >= pg.Top+n) {
		pg.Rows = n - 1
		pg.Top = max(0, min(top, all-pg.Rows))
	}
	return pg
}

// turnPage is the top of the page a page up (dir -1) or down (1) from
// pg, where your row is the one of rank chose, as resultPage lays it
// out: the next page starts after the last row shown, and the last page
// is full.
func turnPage(pg kit.Page, dir, chose int) int {
	n := pg.Rows
	if chose < pg.Top || chose >= pg.Top+pg.Rows {
		n++ // yours, shown besides the page
	}
	return resultPage(pg.Top+dir*pg.Rows, n, pg.All, chose).Top
}

// pageRows are the rows of page pg of ranked with yours (the row of rank
// chose) where the page leaves it out, in rank order, and the index of
// yours among them.
func pageRows(ranked *drill.Analysis, chose int, pg kit.Page) (drill.Analysis, int) {
	shown := *ranked
	shown.Rows = slices.Clone(ranked.Rows[pg.Top : pg.Top+pg.Rows])
	switch {
	case chose < pg.Top:
		shown.Rows = slices.Insert(shown.Rows, 0, ranked.Rows[chose])
		return shown, 0
	case chose >= pg.Top+pg.Rows:
		shown.Rows = append(shown.Rows, ranked.Rows[chose])
		return shown, len(shown.Rows) - 1
	}
	return shown, chose - pg.Top
}

// noteLines show the last note (an error in the error style), wrapped
// whole on up to noteMax lines; one blank line when there is none.
func (t *core) noteLines(ctx *kit.Context, w int) []string {
	if t.note == "" {
		return []string{""}
	}
	if t.noteErr || t.noteAlert {
		return kit.Alert(ctx, t.note, w, noteMax)
	}
	return kit.Indent(" ", kit.WrapLines(t.note, w-2, noteMax, ctx.Ellipsis()), nil)
}

// noteMax bounds a note's lines: enough for the longest the trainer
// says whole at 80 columns (a record a newer klob wrote, its path and
// what is done about it: six lines with a path of 140 characters),
// few enough that a drill's question, its situation and its options
// keep their lines under it at 80×24. Only a longer note is cut.
const noteMax = 6

// reviewView lists the last mistakes of this seat count, newest first,
// with the record by kind of decision.
func (t *core) reviewView(ctx *kit.Context) string {
	w, h := ctx.Width, ctx.Height
	st := &ctx.Styles
	rule := kit.Rule(ctx, ctx.Width)
	lines := []string{
		kit.Fit(fmt.Sprintf(" %s  Trainer · %s · your last mistakes, newest first", st.Title.Render("Klob"), t.seatsTag(ctx, w)), w),
		rule,
	}
	rec, kinds := t.seatRecord()
	s := rec.Score
	if s.Drills == 0 {
		lines = append(lines, fmt.Sprintf(" No drills%s yet.", t.seats(" at %d players")))
	} else {
		// The record wraps: with points and chances lost it is longer
		// than a line.
		record := fmt.Sprintf("Record%s: %s, %d right (%.0f%%), %s.",
			t.seats(" at %d players"), kit.Plural(s.Drills, "drill"), s.Correct, 100*s.Accuracy(), s.LostText())
		lines = append(lines, kit.Indent(" ", kit.Wrap(record, max(1, w-2)), nil)...)
		var words []string
		for _, k := range kinds {
			if ks, ok := rec.Kinds[k.String()]; ok && ks.Drills > 0 {
				words = append(words, fmt.Sprintf("%s %d/%d", k, ks.Correct, ks.Drills))
			}
		}
		lines = append(lines, kit.Indent(" ",
			kit.Wrap(strings.Join(words, " · "), max(1, w-2)), nil)...)
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
	t.scrolls = len(body) > room
	body = body[t.scroll:]
	body = body[:min(len(body), room)]
	return kit.Canvas(kit.Padded(append(lines, body...), h-2, rule, t.hintRow(ctx)), w, h)
}

// mistakeLines describe one kept mistake: the decision, the hand and
// upcard (from the kind), what was chosen and what was best, and the
// words said before.
func (t *core) mistakeLines(ctx *kit.Context, n int, m drill.Missed, w int) []string {
	st := &ctx.Styles
	desc, said, err := t.kind.missed(ctx, m.Situation)
	if err != nil {
		return []string{fmt.Sprintf(" %2d. %s", n, kit.Clip(m.Situation, w-5))}
	}
	chose, best := m.Words(ctx.ASCII)
	// The description wraps under itself: nine cards and scores of
	// four figures are wider than 80 columns.
	out := kit.Hang(fmt.Sprintf(" %2d. ", n), "     ", kit.Wrap(desc, max(10, w-6)))
	out = append(out, kit.Indent("     ",
		kit.Wrap(fmt.Sprintf("You: %s; best: %s; %s.", chose, best, m.Verdict().Text()), max(10, w-6)), st.Bad.Render)...)
	for _, s := range said {
		out = append(out, kit.Indent("     ", kit.Wrap(s, max(10, w-6)), st.Dim.Render)...)
	}
	return out
}

// The drill's screen.

// part is one part of the drill screen above the result, and the
// step at which it gives way when the window is short (the lowest
// first; 0 never): to its short lines, none unless given; and, where
// gone is set, from those to none at that step. gap keeps a blank line
// under it when there is room. From step join on (joined) the next
// part's line is drawn on its line where each is one line and both fit
// the width together: who deals beside the score.
type part struct {
	lines  []string
	drop   int
	short  []string
	gone   int
	gap    bool
	join   int
	joined bool
}

// joined are the parts' lines as drawn, and which parts are drawn on
// the line of the part before them.
func joined(parts []part, w int) (lines []string, on []bool) {
	on = make([]bool, len(parts))
	for i, p := range parts {
		if i > 0 && parts[i-1].joined && len(parts[i-1].lines) == 1 && len(p.lines) == 1 &&
			kit.WidthOf(joinLine(lines[len(lines)-1], p.lines[0])) <= w {
			on[i] = true
			lines[len(lines)-1] = joinLine(lines[len(lines)-1], p.lines[0])
			continue
		}
		lines = append(lines, p.lines...)
	}
	return lines, on
}

// joinLine puts an indented line after another.
func joinLine(a, b string) string { return a + " " + strings.TrimLeft(b, " ") }

// The steps of body's giving way, in order. The words said give way a
// sentence at a time, the oldest first, each its own step from
// stepSaid on.
const (
	stepSeats      = 10 // the seats' sentence to who deals
	stepMenu       = 20 // after the choice, the menu to the option taken
	stepCards      = 40 // the cards drawn to a line of text
	stepJoin       = 45 // who deals on the score's line
	stepScoreShort = 50 // after the choice, the score to its totals
	stepAsk        = 50 // before the choice, the question
	stepSaid       = 60 // the words said, the oldest sentence first
	stepScore      = 70 // the score (after the choice, its totals)
	stepQuestion   = 80 // after the choice, the question
)

// mainParts is the first step of body's giving way that takes one of
// the drill's main parts: the cards drawn, then the words said, the
// score and the question.
const mainParts = stepCards

// body: who deals and where you sit, the score, what was said; the
// hand and the upcard under their label; the question and the menu, on
// as many lines as the width needs. When the window is short the parts
// give way in a fixed order (the seats' sentence, who deals staying:
// at four players it says the partner too, a line the other counts do
// without; after the choice the menu of more than a line, to the line
// of the option taken; the cards drawn with their label, which become a
// line of text saying the same; who deals onto the score's line, where
// both fit on one; before the choice the question, after
// it the score to its totals without what each side needs; the words
// said, a sentence at a time, the oldest first; the score; after the
// choice the question) before the result is cut. Steps are undone in
// reverse, the last first, while the whole result leaves room: once a
// main part's can't be, no earlier main part's that adds lines is, so
// that the words said never give way to the cards drawn or the whole
// score; a step that gains no line is undone. So the words said (the
// card drawn from a shlomo) stay with the table of a card to give, the
// menu before the choice, the line of the option taken after it, who
// deals and the table of options always show, the label heads the
// cards wherever they are drawn, and at 80×24 the answer keeps the
// question and the words said.
func (t *Screen) body(ctx *kit.Context, room int, mid []string, need int) ([]string, []kit.Hit, int) {
	w, h := ctx.Width, ctx.Height
	v := &t.view
	cards := t.cardLines(ctx, cardSize(w, h, len(t.hand())))
	menu, hits := t.menuLines(ctx, w, false)
	questionDrop, menuDrop := stepAsk, 0
	var menuShort []string
	score := part{lines: wrapped(ctx, drill.ScoreText(v), w, false), drop: stepScore}
	if t.state == stateResult {
		// After the choice the score gives way first to its totals
		// without what each side needs: where the chance to win
		// decides, the reason says that the target is near.
		score = part{lines: score.lines, drop: stepScoreShort, short: wrapped(ctx, drill.ScoreShort(v), w, false), gone: stepScore}
		// The option taken alone where the menu takes more than a line;
		// that line, "You chose:", always stays.
		questionDrop = stepQuestion
		if menuShort, _ = t.menuLines(ctx, w, true); len(menuShort) < len(menu) {
			menuDrop = stepMenu
		}
	}
	parts := []part{
		{lines: wrapped(ctx, drill.Role(v), w, false), drop: stepSeats, short: wrapped(ctx, drill.Deals(v), w, false), join: stepJoin},
		score,
	}
	said := drill.SaidLines(v, ctx.ASCII)
	for i, s := range said {
		parts = append(parts, part{lines: saidLines(ctx, []string{s}, w), drop: stepSaid + min(i, stepScore-stepSaid-1), gap: i == len(said)-1})
	}
	parts = append(parts,
		// The cards under their label "Your hand … Upcard": the label
		// goes only with them, as over the hand in words it would head
		// nothing.
		part{lines: cards, drop: stepCards, short: t.handText(ctx, w), gap: true},
		part{lines: wrapped(ctx, drill.Question(v, ctx.ASCII), w, true), drop: questionDrop},
		part{lines: menu, drop: menuDrop, short: menuShort},
	)
	var steps []int
	for _, p := range parts {
		steps = append(steps, p.drop, p.gone, p.join)
	}
	slices.Sort(steps)
	steps = slices.DeleteFunc(slices.Compact(steps), func(d int) bool { return d == 0 })
	used := func() int {
		l, _ := joined(parts, w)
		return 1 + len(l)
	}
	// The result needs its verdict, its table and the hard bot's choice;
	// the reason after its first sentence may be cut.
	needMid := min(len(mid), need)
	full := make([][]string, len(parts))
	for i := range parts {
		full[i] = parts[i].lines
	}
	drop := func(d int) {
		for i := range parts {
			if parts[i].drop == d {
				parts[i].lines = parts[i].short
			}
			if parts[i].gone == d {
				parts[i].lines = nil
			}
			if parts[i].join == d {
				parts[i].joined = true
			}
		}
	}
	// giveBack undoes the steps taken, the last first, where the whole
	// result still fits. Once a main part's step that adds lines can't
	// be undone, no earlier main part's step that adds lines is: the
	// menu and the seats' sentence take what room is left, and a step
	// that adds none is undone (the seats' sentence on one line).
	giveBack := func() {
		stuck := false
		for _, d := range slices.Backward(steps) {
			for i := range parts {
				p := &parts[i]
				if p.join == d && p.joined {
					p.joined = false
					if used()+len(mid) > room {
						p.joined = true
					}
				}
				var more []string
				switch {
				case p.gone == d && p.lines == nil && len(p.short) > 0:
					more = p.short
				case p.drop == d && !slices.Equal(full[i], p.lines) && (p.gone == 0 || p.lines != nil):
					more = full[i]
				default:
					continue
				}
				was, before := p.lines, used()
				p.lines = more
				switch add := used() - before; {
				case add <= 0 || (!stuck || d < mainParts) && used()+len(mid) <= room:
				case d >= mainParts:
					p.lines = was
					stuck = true
				default:
					p.lines = was
				}
			}
		}
	}
	// The menu's other options after the choice, the seats' sentence
	// and the cards drawn give way to the whole reason; then the words
	// said, the score and the question in turn to the verdict, the table
	// and the reason's first sentence.
	for _, d := range steps {
		if d > stepCards || used()+len(mid) <= room {
			break
		}
		drop(d)
	}
	for _, d := range steps {
		if used()+needMid <= room {
			break
		}
		drop(d)
	}
	giveBack()
	// The last step still taken: what the drill lost to the result.
	lost := 0
	for i, p := range parts {
		switch {
		case p.gone > 0 && p.lines == nil && len(full[i]) > 0:
			lost = max(lost, p.gone)
		case p.drop > 0 && !slices.Equal(full[i], p.lines):
			lost = max(lost, p.drop)
		}
	}
	spare := room - used() - len(mid)
	_, on := joined(parts, w)
	var out []string
	for i, p := range parts {
		if i == len(parts)-1 {
			// The menu's hits, where it shows whole.
			if len(p.lines) != len(menu) {
				hits = nil
			}
			for j := range hits {
				hits[j].Rect.Y += len(out)
			}
		}
		if on[i] {
			out[len(out)-1] = joinLine(out[len(out)-1], p.lines[0])
		} else {
			out = append(out, p.lines...)
		}
		// A blank line after the words said and after the cards, before
		// the question, when there is room.
		if p.gap && spare > 0 && len(p.lines) > 0 {
			out = append(out, "")
			spare--
		}
	}
	return append(out, kit.Rule(ctx, ctx.Width)), hits, lost
}

// cardLines draw the hand and, apart, the upcard with what it stands
// for now: the suit proposed, refused in round one, or the trump named,
// who made it and the bottom card once turned.
func (t *Screen) cardLines(ctx *kit.Context, size kit.CardSize) []string {
	v := &t.view
	upc := shownUpcard(v)
	says, sep := t.upcardSays(ctx)
	info := make([]string, size.H)
	// From the card's middle row; the trump's line over it, so that the
	// maker's is in the middle.
	at := size.H / 2
	if sep == trumpSep {
		at--
	}
	copy(info[at:], says)
	label := "Upcard"
	if v.Options.MakerTakesUpcard() {
		label = "Upcard (the maker takes it)"
	}
	return handAndUpcard(ctx, size, t.hand(), upc, label, t.bottomNote(ctx), info)
}

// shownUpcard is the card the drill shows as the upcard: the one lying
// there now (the dix, once exchanged for it), or the card turned up
// where the maker took it.
func shownUpcard(v *rules.View) rules.Card {
	if v.Upcard == rules.NoCard {
		return v.OrigUpcard
	}
	return v.Upcard
}

// upcardWords name the upcard in the review's line as the drill shows
// it, with the card turned up at the deal where the dix took its place:
// "upcard 7♦ (turned up 9♦, exchanged for the dix)".
func upcardWords(p *kit.Painter, v *rules.View) string {
	up := shownUpcard(v)
	s := "upcard " + p.StyledCard(up)
	if up != v.OrigUpcard {
		s += " (turned up " + p.StyledCard(v.OrigUpcard) + ", exchanged for the dix)"
	}
	return s
}

// upcardSays is what the upcard stands for now, a line each beside the
// card: the suit proposed, refused in round one, or the trump named,
// who made it and whether the maker took the upcard; sep joins the
// lines in a sentence.
func (t *Screen) upcardSays(ctx *kit.Context) (lines []string, sep string) {
	p := ctx.Paint
	v := &t.view
	su := v.OrigUpcard.Suit()
	switch {
	case v.Phase == rules.PhaseBid1 || v.Phase == rules.PhaseSchmeiss || v.Phase == rules.PhaseDeclare:
		return []string{"proposes " + p.SuitName(su)}, " "
	case v.Phase == rules.PhaseBid2:
		return []string{p.SuitName(su) + " refused", "in round one"}, " "
	}
	trump := "no trumps"
	if v.Trump < rules.NoTrumps {
		trump = p.SuitName(v.Trump)
	}
	lines = []string{"trump: " + trump, "maker: " + drill.SeatName(v.Players, v.Maker)}
	if v.Upcard == rules.NoCard {
		lines = append(lines, "(took the upcard)")
	}
	return lines, trumpSep
}

// trumpSep joins the lines of a trump settled: each says a thing of
// its own.
const trumpSep = ", "

// bottomNote is the bottom card, turned up once trump is settled, as
// the table shows it: beside the upcard's label, the lines beside the
// card being the trump's and the maker's.
func (t *Screen) bottomNote(ctx *kit.Context) string {
	if b := t.view.Bottom; b != rules.NoCard {
		return "bottom: " + ctx.Paint.StyledCard(b)
	}
	return ""
}

// handText is the hand and the upcard in words, wrapped to w, for a
// window short of the rows the cards take: "Your hand: Q♣ A♦ 10♦ ·
// upcard 8♣ proposes ♣ clubs", "upcard Q♦, diamonds refused in round
// one". The lines break between phrases, never inside "maker: East".
func (t *Screen) handText(ctx *kit.Context, w int) []string {
	p := ctx.Paint
	v := &t.view
	var cards []string
	for _, c := range t.hand() {
		cards = append(cards, p.StyledCard(c))
	}
	upc := shownUpcard(v)
	says, sep := t.upcardSays(ctx)
	// Each phrase is held on one line by no-break spaces while the text
	// wraps, then written with plain ones.
	const nbsp = "\u00a0"
	whole := func(s string) string { return strings.ReplaceAll(s, " ", nbsp) }
	// What the upcard proposes, or what was refused, says the card; a
	// trump settled is a thing of its own, set apart as the bottom is.
	after := " "
	switch {
	case sep == trumpSep:
		after = " · "
		for i := range says {
			says[i] = whole(says[i])
		}
	case v.Phase == rules.PhaseBid2:
		// The card beside it shows the suit: its name alone follows.
		says, after = []string{v.OrigUpcard.Suit().Name() + " refused in round one"}, ", "
	}
	text := "Your hand: " + strings.Join(cards, " ") + " · " + whole("upcard "+p.StyledCard(upc)) + after
	for i, s := range says {
		// A line in brackets adds to the one before it: "maker: East
		// (took the upcard)".
		if i > 0 && !strings.HasPrefix(s, "(") {
			text += sep
		} else if i > 0 {
			text += " "
		}
		text += s
	}
	if note := t.bottomNote(ctx); note != "" {
		text += " · " + whole(note)
	}
	lines := wrapped(ctx, text, w, false)
	for i, l := range lines {
		lines[i] = strings.ReplaceAll(l, nbsp, " ")
	}
	return lines
}

// hand is the hand sorted for the trump or the suit proposed, as
// cardLines draws it, in the drill's order (handOrder).
func (t *Screen) hand() []rules.Card {
	return kit.SortHandIn(t.view.Hand, t.view.Hand, drill.HandTrump(&t.view), handOrder(&t.view))
}

// handOrder is the order the drill of v shows the hand in: by suit in
// sequence order (A K Q J 10 9 8 7) in the sequence dialogue, where a
// run should read as one (drill.InRuns), else by trick strength, as the
// table shows it.
func handOrder(v *rules.View) kit.HandSort {
	if drill.InRuns(v) {
		return kit.BySuit
	}
	return kit.ByStrength
}

// menuLines list the options with their keys, on as many lines as the
// width needs; after the choice they show the one taken, and with
// chosen only that one (the table lists the others). The hits' y are
// relative to the first line.
func (t *Screen) menuLines(ctx *kit.Context, w int, chosen bool) ([]string, []kit.Hit) {
	st := &ctx.Styles
	g := &ctx.Paint.Glyphs
	keys := itemKeys(t.legal, t.order)
	prompt := t.prompt()
	var lines []string
	var hits []kit.Hit
	line, x := prompt, kit.WidthOf(prompt)
	for _, i := range t.order {
		if chosen && i != t.menu {
			continue
		}
		it := "[" + keys[i] + "] " + kit.ItemLabel(ctx, t.legal, i)
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

func (t *Screen) askHint(w int) string {
	return kit.Clip("Choose: then each option's worth for your side, and the hard bot's choice.", w-2)
}

// missed describes a kept mistake: the kind of decision, who deals, the
// score by side, the hand and the upcard; and the words said.
func (t *Screen) missed(ctx *kit.Context, situation string) (string, []string, error) {
	p := ctx.Paint
	req, err := drill.Parse(situation)
	if err != nil {
		return "", nil, err
	}
	s := req.Situation
	v, err := s.View()
	if err != nil {
		return "", nil, err
	}
	var cards []string
	for _, c := range kit.SortHandIn(v.Hand, v.Hand, drill.HandTrump(&v), handOrder(&v)) {
		cards = append(cards, p.StyledCard(c))
	}
	dealer := drill.SeatName(s.Players(), s.Dealer)
	deals := "deals"
	if s.Dealer == drill.You {
		deals = "deal"
	}
	return fmt.Sprintf("%s, %s %s, score %s: %s, %s", kit.Capital(s.Kind().String()), dealer, deals,
		scoreDashes(&s), strings.Join(cards, " "), upcardWords(p, &v)), drill.SaidLines(&v, ctx.ASCII), nil
}

// scoreDashes writes the totals by side, yours first: "120-40-300".
func scoreDashes(s *drill.Situation) string {
	w := make([]string, s.Sides())
	for i := range w {
		w[i] = fmt.Sprint(s.Totals[i])
	}
	return strings.Join(w, "-")
}
