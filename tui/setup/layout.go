package setup

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/klob/klob/tui/kit"
)

// line is one screen line of the form: its text, the row it draws (or
// startRow, or noRow), and its spare level: 0 for a line always drawn,
// else a line dropped when the window is short, the highest level
// first (see spare).
type line struct {
	text    string
	row     int
	spare   int
	note    bool // a line of the practice note
	heading bool // a section's heading
	warn    int  // a line of the warning (1), the error (2) or the refusal of a key (3)
	explain bool // a line of what the chosen line means
	cut     bool // a line of a warning or error cut short (w shows it whole)
	// back and fwd are where a row's ‹ and › lie on its line (Y 0).
	back, fwd kit.Rect
}

const (
	noRow    = -1
	startRow = -2
)

// The spare lines, dropped in this order (highest first) until the form
// fits: the blank before the key hints, the blanks between the
// sections, the blank before the explanation, the blank before the
// start line. The sections' headings are never dropped: the form shows
// the same sections every time, and short of room its rows scroll
// under them.
const (
	spareBeforeStart = 1 + iota
	spareBeforeExplain
	spareBetween
	spareBeforeHints
)

// layout lays the form out for the window: every row under its
// section's heading, the start line and what the chosen line means
// always; the blank lines and the whole warning while they fit. Short
// of room, after the blank lines, the practice note goes beside the
// start line (whole, or shortened when that saves a line), then what
// the chosen row means drops the row's name that the cursor marks when
// that saves a line, then a warning longer than wholeLines is cut to
// fewer lines (one at least), its last line saying that w shows it
// whole (wholeView); when even then the form does not fit the rows
// scroll under their headings, the chosen one kept in view and a line
// saying where rows are out of view (scroll): a row is never drawn
// under another section's heading. The lines are the View's and the
// clicks' both.
//
// What the rows take is the same wherever the cursor is: the blanks
// between the sections and the rows' room are those of the line that
// needs the most room under the rows, so that moving the cursor never
// moves the rows but to scroll them the way it goes.
func (s *Screen) layout(ctx *kit.Context) []line {
	p := s.parts(ctx)
	// Only the explanation under the rows changes its length with the
	// cursor: the lines that need the most room are the start line's and
	// those of the rows with the longest explanation, whole or without
	// the row's name (as layoutAt shortens it). Laying the form out on
	// those alone finds the same room as on every line, at a fraction of
	// the cost of a frame.
	widest := func(lines func(cur int) int) int {
		at, most := 0, -1
		for cur := range p.rows {
			if n := lines(cur); n > most {
				at, most = cur, n
			}
		}
		return at
	}
	named := func(cur int) int { return len(s.explainLines(ctx, p.rows, cur, true)) }
	shortest := func(cur int) int { return min(named(cur), len(s.explainLines(ctx, p.rows, cur, false))) }
	tries := []int{len(p.rows)}
	if len(p.rows) > 0 {
		tries = append(tries, widest(named), widest(shortest))
	}
	tight := false
	for _, cur := range tries {
		if _, tight, _ = s.layoutAt(ctx, p, cur, false, -1); tight {
			break
		}
	}
	room := -1
	for _, cur := range tries {
		if !tight {
			break
		}
		if _, _, r := s.layoutAt(ctx, p, cur, tight, -1); r >= 0 && (room < 0 || r < room) {
			room = r
		}
	}
	lines, _, _ := s.layoutAt(ctx, p, s.row, tight, room)
	return lines
}

// explainLines is what line cur of the form means, wrapped to the
// window: a row's led by its name when named, the start line's
// otherwise.
func (s *Screen) explainLines(ctx *kit.Context, rows []Row, cur int, named bool) []string {
	text := "Start a game with these choices; the seed of its deals is shown when it is over."
	if s.setup.Practice {
		// Its seed is on the screen already, the player's own.
		text = "Start a game with these choices, dealt from the seed above."
	}
	if cur < len(rows) {
		text = rows[cur].Explain(&s.setup) + "."
		if named {
			text = rows[cur].Label + ": " + text
		}
		// On the first line, where the form opens, a newcomer reads
		// where the lesson is, when the line has room for it.
		const newcomer = " New to the game? L: a guided first game."
		if cur == 0 && s.cfg.Learn != nil && kit.WidthOf(text+newcomer) <= ctx.Width-4 {
			text += newcomer
		}
	}
	return kit.Wrap(text, max(10, ctx.Width-4))
}

// formParts are the lines of the form the same wherever the cursor is,
// drawn once for every line layout tries the cursor on.
type formParts struct {
	rows []Row
	head []line
	body []line // the rows under their headings, none chosen
	keys line
}

// parts draws the lines of the form the cursor does not change.
func (s *Screen) parts(ctx *kit.Context) *formParts {
	p := &formParts{rows: s.rows()}
	title := "Set up the game: Klaberjass for " + CountWord(players(&s.setup))
	for _, t := range kit.Titled(ctx, title) {
		p.head = append(p.head, line{text: t, row: noRow, spare: 0})
	}
	p.body = rowLines(ctx, &s.setup, p.rows, sections, -1)
	p.keys = line{text: " " + ctx.Styles.Dim.Render(kit.FitHintLine(ctx, s.hintKeys(ctx), ctx.Width-1)), row: noRow, spare: 0}
	return p
}

// layoutAt lays the form out with the cursor on line cur, the blanks
// between the sections dropped when tight, the rows in at most room
// lines (-1: as many as the window holds). It reports whether the
// blanks between the sections went, and the room the rows scroll in
// (-1 when they do not scroll).
func (s *Screen) layoutAt(ctx *kit.Context, p *formParts, cur int, tight bool, room int) (lines []line, dropped bool, scrolled int) {
	st := &ctx.Styles
	rows := p.rows
	head := p.head
	var body, foot []line
	for _, l := range p.body {
		if l.row == cur {
			l = drawRow(ctx, &s.setup, rows[cur], cur, true)
		}
		body = append(body, l)
	}
	if tight {
		body = drop(body, spareBetween)
	}
	between := len(body)
	foot = append(foot, line{text: "", row: noRow, spare: spareBeforeStart},
		line{text: kit.Mark(ctx, "[ Start the game ]", cur == len(rows)), row: startRow, spare: 0})
	// The seed deals every card: it is shown only once the game is over,
	// unless the player gave it (-seed), which makes the game, and the
	// next ones drawn from it, practice.
	// practiceNote is the note, one sentence at every seat count: where
	// room is short the rows scroll rather than the note lose words.
	practiceNote := func() string {
		// In the words of the log's Practice tag.
		from := "the seed"
		if s.setup.Next {
			from = "drawn from the seed"
		}
		return fmt.Sprintf("Practice game: seed %d, %s chosen by the player (-seed); its log is marked practice.", s.setup.Seed, from)
	}
	if s.setup.Practice {
		for _, l := range kit.Wrap(practiceNote(), max(10, ctx.Width-4)) {
			foot = append(foot, line{text: "   " + l, row: noRow, note: true})
		}
	}
	foot = append(foot, line{text: "", row: noRow, spare: spareBeforeExplain})
	// explain is what the chosen line means, a row's led by its name
	// when named.
	explain := func(named bool) []line {
		var out []line
		for _, l := range s.explainLines(ctx, rows, cur, named) {
			out = append(out, line{text: "   " + st.Dim.Render(l), row: noRow, spare: 0, explain: true})
		}
		return out
	}
	foot = append(foot, explain(true)...)
	// warning is the lines of the warning (1), the error (2) or the
	// refusal of a key (3), on at most limit lines (0: all).
	warning := func(which, limit int) []line {
		var out []line
		text := "! " + s.noteOf(which)
		cut := limit > 0 && len(kit.Wrap(text, max(10, ctx.Width-2))) > limit
		for _, l := range cutLines(ctx, text, ctx.Width-2, limit) {
			out = append(out, line{text: " " + st.Error.Render(l), row: noRow, warn: which, cut: cut})
		}
		return out
	}
	for which := 1; which <= notes; which++ {
		if s.noteOf(which) != "" {
			foot = append(foot, warning(which, 0)...)
		}
	}
	foot = append(foot, line{text: "", row: noRow, spare: spareBeforeHints}, p.keys)

	rowsTake := func() int {
		if room >= 0 {
			return min(len(body), room)
		}
		return len(body)
	}
	all := func() int { return len(head) + rowsTake() + len(foot) }
	for level := spareBeforeHints; level > 0 && all() > ctx.Height; level-- {
		body, foot = drop(body, level), drop(foot, level)
	}
	// Still short of room, the practice note starts beside the start
	// line.
	if noteAt := slices.IndexFunc(foot, func(l line) bool { return l.note }); noteAt > 0 &&
		foot[noteAt-1].row == startRow && all() > ctx.Height {
		rest := slices.DeleteFunc(slices.Clone(foot[noteAt:]), func(l line) bool { return l.note })
		foot = append(append(foot[:noteAt-1:noteAt-1], beside(foot[noteAt-1], practiceNote(), ctx.Width-1)...), rest...)
	}
	// What a row means, without the row's name (the cursor marks the
	// row) when that takes a line less.
	if at := slices.IndexFunc(foot, func(l line) bool { return l.explain }); at >= 0 && cur < len(rows) && all() > ctx.Height {
		n := 0
		for at+n < len(foot) && foot[at+n].explain {
			n++
		}
		if short := explain(false); len(short) < n {
			foot = slices.Concat(foot[:at], short, foot[at+n:])
		}
	}
	// A long warning or error (over wholeLines), the last first, goes
	// down to one line while the form does not fit: the rows then show.
	// A shorter one stays whole, the rows scrolling.
	for which := notes; which >= 1 && all() > ctx.Height; which-- {
		at := slices.IndexFunc(foot, func(l line) bool { return l.warn == which })
		n := 0
		for at >= 0 && at+n < len(foot) && foot[at+n].warn == which {
			n++
		}
		if n <= wholeLines {
			continue
		}
		if limit := max(1, n-(all()-ctx.Height)); n > limit {
			foot = slices.Concat(foot[:at], warning(which, limit), foot[at+n:])
		}
	}
	dropped = len(body) < between
	scrolled = -1
	if r := ctx.Height - len(head) - len(foot); len(body) > r || (room >= 0 && len(body) > room) {
		if room >= 0 {
			r = min(r, room)
		}
		scrolled = r
		body = scroll(ctx, body, cur, r)
	}
	if all() < ctx.Height && foot[0].row == startRow {
		// A window kept a line short by a section's heading, or a
		// shorter foot than the line that needs the most room: the
		// blank before the start line comes back.
		foot = slices.Insert(foot, 0, line{text: "", row: noRow})
	}
	for scrolled >= 0 && all() < ctx.Height {
		// The key line stays at the bottom of a form that scrolls.
		foot = slices.Insert(foot, len(foot)-1, line{text: "", row: noRow})
	}
	return append(append(head, body...), foot...), dropped, scrolled
}

// notes is how many notes the form shows under it: the warning, the
// error and the refusal of a key (noteOf).
const notes = 3

// noteOf is the warning (1), the error (2) or the refusal of a key (3).
func (s *Screen) noteOf(which int) string {
	switch which {
	case 1:
		return s.cfg.Warning
	case 2:
		return s.err
	}
	return s.refusal
}

// wholeLines is the most lines of a warning or error always shown
// whole: a sentence that says how to resume a game reads to its end.
// A longer one is cut short of room, and w shows it.
const wholeLines = 3

// wholeKey shows a warning cut short under the form whole.
func wholeKey() key.Binding {
	return kit.Bind("w", "show a warning cut short under the form whole", "w")
}

// cutLines wraps s to w cells on at most limit lines (0: all); when it
// is cut, its last line ends in the ellipsis and says w shows it whole.
// The last line is cut between words (wrapped to the room the tail
// leaves, its first part kept), so that no word reads cut short ("want
// s…"); only a word longer than that room is cut inside.
func cutLines(ctx *kit.Context, s string, w, limit int) []string {
	lines := kit.Wrap(s, max(10, w))
	if limit <= 0 || len(lines) <= limit {
		return lines
	}
	lines = lines[:limit]
	tail := ctx.Ellipsis() + " (w: all of it)"
	last := ""
	if room := w - kit.WidthOf(tail) - 1; room > 0 {
		if parts := kit.Wrap(lines[limit-1], room); len(parts) > 0 {
			last = strings.TrimRight(parts[0], " ")
		}
	}
	lines[limit-1] = last + " " + tail
	return lines
}

// cut reports whether a warning or error is cut short in the form laid
// out for ctx: w then shows them whole.
func (s *Screen) cut(ctx *kit.Context) bool {
	some, _ := s.cuts(ctx)
	return some
}

// cuts reports whether a note is cut short in the form laid out for
// ctx (some), and whether the refusal of a key is (refusal).
func (s *Screen) cuts(ctx *kit.Context) (some, refusal bool) {
	for _, l := range s.layout(ctx) {
		if l.cut {
			some = true
			refusal = refusal || l.warn == 3
		}
	}
	return some, refusal
}

// wholeView is the warning, the error and the refusal of a key kept
// for it (one w found cut short) whole, each wrapped to the window,
// under the form's title, for as long as w keeps it open.
func (s *Screen) wholeView(ctx *kit.Context) string {
	st := &ctx.Styles
	lines := append(kit.Titled(ctx, "Set up the game: Klaberjass for "+CountWord(players(&s.setup))), "")
	for _, note := range []string{s.cfg.Warning, s.err, s.refusal} {
		if note != "" {
			for _, l := range kit.Wrap("! "+note, max(10, ctx.Width-2)) {
				lines = append(lines, " "+st.Error.Render(l))
			}
			lines = append(lines, "")
		}
	}
	lines = append(lines, " "+st.Dim.Render("any key: back to the form"))
	return kit.JoinLines(lines)
}

// hintKeys are the keys of the key line: MoveKeys, then the form's
// own (start, learn, help, quit), as KeyLine draws every form's.
func (s *Screen) hintKeys(ctx *kit.Context) []key.Binding {
	return append(MoveKeys(ctx), s.KeyHelp(&ctx.Keys).ShortHelp()[2:]...)
}

// MoveKeys are the keys that choose a form's line and change it, as the
// key line of every form names them: by their arrows ("↑/↓ choose a
// line", "←/→ change it"), which -ascii writes "up/down" and "<-/->"
// as on every other screen. The help names the letters too.
func MoveKeys(ctx *kit.Context) []key.Binding {
	k := &ctx.Keys
	pair := func(desc string, a, b key.Binding) key.Binding {
		name := func(x key.Binding) string { return strings.Split(x.Help().Key, "/")[0] }
		return kit.Bind(name(a)+"/"+name(b), desc, append(a.Keys(), b.Keys()...)...)
	}
	return []key.Binding{pair("choose a line", k.Up, k.Down), pair("change it", k.Left, k.Right)}
}

// KeyLine is a form's key line within w: MoveKeys, then the form's own
// keys (open, back, help...). One wording on every form.
func KeyLine(ctx *kit.Context, w int, own ...key.Binding) string {
	return kit.FitHintLine(ctx, append(MoveKeys(ctx), own...), w)
}

// beside is the start line with note after it, within width, and the
// note's lines that run on under it; the start line alone, then the
// note's lines, when not even its first word goes beside it.
func beside(start line, note string, width int) []line {
	words := strings.Fields(note)
	text := start.text + " "
	n := 0
	for n < len(words) && kit.WidthOf(text)+1+kit.WidthOf(words[n]) <= width {
		text += " " + words[n]
		n++
	}
	out := []line{start}
	if n > 0 {
		out[0].text = text
	}
	for _, l := range kit.Wrap(strings.Join(words[n:], " "), max(10, width-3)) {
		if l != "" {
			out = append(out, line{text: "   " + l, row: noRow, note: true})
		}
	}
	return out
}

// drop removes the lines of spare level level.
func drop(lines []line, level int) []line {
	out := lines[:0:0]
	for _, l := range lines {
		if l.spare != level {
			out = append(out, l)
		}
	}
	return out
}

// rowLines are the lines of rows, the chosen one marked, each with an
// arrow only on a side where a step changes its value; a section's
// heading (secs) goes above the row it opens, after a blank line but
// for the first. The setup's form and the Form draw their rows with it.
func rowLines(ctx *kit.Context, s *Setup, rows []Row, secs []Section, chosen int) []line {
	var body []line
	for i, r := range rows {
		for _, sec := range secs {
			if sec.First == r.Key {
				if len(body) > 0 {
					body = append(body, line{text: "", row: noRow, spare: spareBetween})
				}
				body = append(body, line{text: sec.line(ctx), row: noRow, heading: true})
			}
		}
		body = append(body, drawRow(ctx, s, r, i, i == chosen))
	}
	return body
}

// drawRow is the line of row r, the i-th, marked when chosen, with an
// arrow only on a side where a step changes its value.
func drawRow(ctx *kit.Context, s *Setup, r Row, i int, chosen bool) line {
	text, back, fwd := formLineEnds(ctx, r.Label, r.Value(s), chosen, r.steps(s, -1), r.steps(s, 1))
	return line{text: text, row: i, back: back, fwd: fwd}
}

// hit is what a click at x on l does: the row it chooses (noRow for
// none, startRow for the start line or the button), and the step its ‹
// or › makes (-1 or 1; 0 on the label).
func (l line) hit(x int) (row, step int) {
	switch {
	case l.row < 0:
		return l.row, 0
	case l.back.Has(x, 0):
		return l.row, -1
	case l.fwd.Has(x, 0):
		return l.row, 1
	}
	return l.row, 0
}

// scroll keeps room lines of body with the line of the chosen row in
// view (window). Where rows are left out, a line says so, above or
// below the rows shown ("↑ more above", "↓ more below"), within the
// room: a player sees there is more to scroll to. An end with nothing
// left out gives its line to the rows, and a room of less than three
// lines has no such line.
func scroll(ctx *kit.Context, body []line, row, room int) []line {
	if len(body) <= room {
		return body
	}
	if room < 3 {
		return pick(body, window(body, row, max(1, room)))
	}
	shown := window(body, row, room-1)
	if above, below := leftOut(body, shown); above && below {
		shown = window(body, row, room-2)
	}
	above, below := leftOut(body, shown)
	up, down := "↑ more above", "↓ more below"
	if ctx.ASCII {
		up, down = "(more above)", "(more below)"
	}
	var out []line
	if above {
		out = append(out, line{text: "   " + ctx.Styles.Dim.Render(up), row: noRow})
	}
	out = append(out, pick(body, shown)...)
	if below {
		out = append(out, line{text: "   " + ctx.Styles.Dim.Render(down), row: noRow})
	}
	return out
}

// leftOut reports whether rows of body are left out of shown (indexes
// of body, in order) above its last line, and below it.
func leftOut(body []line, shown []int) (above, below bool) {
	last := shown[len(shown)-1]
	for i, l := range body {
		if l.row >= 0 && !slices.Contains(shown, i) {
			above = above || i < last
			below = below || i > last
		}
	}
	return above, below
}

// pick is the lines of body at the indexes at.
func pick(body []line, at []int) []line {
	out := make([]line, len(at))
	for i, a := range at {
		out[i] = body[a]
	}
	return out
}

// window is the indexes of the room lines of body kept around the line
// of the chosen row: the last row's when the chosen line is past the
// rows (the start line or a button, drawn under them), the first line
// when no line draws it. A section's heading shows only over its first
// row, and that row only under its heading: a window that opens among
// a section's rows opens on a row (the "more above" line says there is
// more), neither on a heading cut from the rows it names nor just under
// one. Nor is a heading left last: the window moves by the fewest lines
// that keep the chosen line in it, else at the top goes a line shorter.
func window(body []line, row, room int) []int {
	at, last := -1, 0
	for i, l := range body {
		if l.row == row {
			at = i
		}
		if l.row >= 0 {
			last = i
		}
	}
	if at < 0 {
		at = 0
		if row > body[last].row {
			at = last
		}
	}
	if room <= 1 {
		return []int{at}
	}
	room = min(room, len(body))
	start := min(max(0, at-room/2), len(body)-room)
	fits := func(a int) bool {
		return a >= 0 && a+room <= len(body) && a <= at && at < a+room &&
			!body[a+room-1].heading && (a == 0 || !body[a-1].heading)
	}
	for d := 0; d < len(body); d++ {
		for _, a := range []int{start - d, start + d} {
			if fits(a) {
				return span(a, a+room)
			}
		}
	}
	out := span(start, start+room)
	if body[out[len(out)-1]].heading {
		return out[:len(out)-1]
	}
	return out
}

// span is the indexes from a up to b.
func span(a, b int) []int {
	out := make([]int, 0, b-a)
	for i := a; i < b; i++ {
		out = append(out, i)
	}
	return out
}
