package tourney

import (
	"context"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	svc "github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/setup"
)

// detail is one tournament: while it runs, what the person played of it
// (their results against par, nobody else's); once it has ended, the
// standings.
type detail struct {
	s    *Screen
	code string
	back kit.Screen // where esc goes: the list (nil: a new one)

	prog *svc.Progress
	fin  *svc.Final
	// quietTo is when the person may talk again as the page was read:
	// a board of another running tournament keeps them quiet until then
	// (zero: nothing does).
	quietTo time.Time
	loading
	note  string
	busy  bool // a call is under way: keys wait
	row   int  // the standings' cursor
	ticks kit.Ticker
	// closing is the board the person just left: the first read closes
	// it first (its last moves written), so it shows as it was left.
	closing *svc.Seat
	// ending is set once the host pressed the end key: a second press
	// ends the tournament, any other key thinks better of it.
	ending bool
	// stopWait ends the wait for the host's end (waitEnded); nil while
	// the page does not wait.
	stopWait context.CancelFunc
}

// pageEndedMsg says the host ended the tournament a page shows, or
// someone entered it: the page reads it again.
type pageEndedMsg struct{ to *detail }

// waitEnded waits off the screen's goroutine for the host to end the
// tournament sooner than ends, or for an entry beyond entries
// (svc.Service.WaitChanged), so that the page says at once that it has
// ended or who entered; nothing comes of it once the page
// stops waiting (leaves, or reads the end) or the screen closes.
func (p *detail) waitEnded(ends time.Time, entries int) tea.Cmd {
	ctx, cancel := context.WithCancel(context.Background())
	p.stopWait = cancel
	s, code := p.s, p.code
	return func() tea.Msg {
		defer cancel()
		go func() {
			select {
			case <-s.closed:
				cancel()
			case <-ctx.Done():
			}
		}()
		if s.cfg.Service.WaitChanged(ctx, code, ends, entries) {
			return pageEndedMsg{to: p}
		}
		return nil
	}
}

// stopWaiting ends the page's wait for the host's end, if any.
func (p *detail) stopWaiting() {
	if p.stopWait != nil {
		p.stopWait()
		p.stopWait = nil
	}
}

// watchEnd starts the wait for the host's end of a running tournament
// read, unless one is under way (not where nothing is read again: tests
// drive the screens synchronously, and run waitEnded themselves).
func (p *detail) watchEnd() tea.Cmd {
	if p.stopWait != nil || p.s.cfg.Refresh < 0 || p.prog == nil || p.prog.Info.Over {
		return nil
	}
	return p.waitEnded(p.prog.Info.Ends, p.prog.Info.Entries)
}

// keyEnd is the host's key that ends a running tournament at once.
var keyEnd = kit.Bind("e", "end the tournament now (you host it)", "e")

// endedMsg says the host's end took (or why not).
type endedMsg struct {
	to  *detail
	err error
}

func newDetail(s *Screen, code string, back kit.Screen) *detail {
	return &detail{s: s, code: code, back: back}
}

func (*detail) Name() string { return "tournament" }

// detailMsg brings the tournament read.
type detailMsg struct {
	to      *detail
	prog    *svc.Progress
	fin     *svc.Final
	quietTo time.Time
	err     error
}

// enteredMsg says the person entered (or why not).
type enteredMsg struct {
	to  *detail
	err error
}

func (p *detail) Enter(*kit.Context) tea.Cmd {
	return tea.Batch(p.read(), p.s.tick(p, &p.ticks, p.s.cfg.Refresh))
}

// parRefresh is how soon a tournament shown is read again while its par
// is being worked out.
const parRefresh = 2 * time.Second

// nearEnd is how close to the end a board may not be finished in time
// (a deal takes a few minutes): the page says so before one is played,
// and a board's screen while it is.
const nearEnd = 10 * time.Minute

// endSlack is how long after a tournament's end its page is read again:
// a read at the very end could come a moment before it on the service's
// clock.
const endSlack = time.Second

// afterEnd is how long from now until a moment after ends.
func afterEnd(now, ends time.Time) time.Duration { return max(0, ends.Sub(now)) + endSlack }

// parPending reports whether the tournament read shows par still being
// worked out: the person's boards wait for it, or the standings do.
func (p *detail) parPending() bool {
	switch {
	case p.fin != nil:
		return p.fin.Pars == nil
	case p.prog != nil:
		return p.prog.Entered && !p.prog.ParReady
	}
	return false
}

// read reads the person's progress, and the standings once it has
// ended.
func (p *detail) read() tea.Cmd {
	s, code := p.s, p.code
	key := s.cfg.Player.Key
	closing := p.closing
	p.closing = nil
	return s.call(func(ctx context.Context) tea.Msg {
		if closing != nil {
			closing.Close()
		}
		prog, err := s.cfg.Service.Progress(ctx, key, code)
		if err != nil || !prog.Info.Over {
			var quietTo time.Time
			if _, ends, ok := s.cfg.Service.Quiet(key); ok && !s.guest() {
				quietTo = ends
			}
			return detailMsg{to: p, prog: prog, quietTo: quietTo, err: err}
		}
		fin, err := s.cfg.Service.Final(ctx, key, code)
		return detailMsg{to: p, prog: prog, fin: fin, err: err}
	})
}

func (p *detail) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case kit.TickMsg:
		if p.ticks.Due(msg, p) {
			return p, p.Enter(ctx)
		}
	case detailMsg:
		if msg.to == p && p.got(p.code, msg.err) {
			if msg.fin != nil && p.fin == nil {
				// The note was about the tournament running (its
				// code to give, an entry): the standings replace it.
				p.note = ""
			}
			p.prog, p.fin, p.quietTo = msg.prog, msg.fin, msg.quietTo
			if msg.prog.Info.Over {
				p.stopWaiting()
			}
			wait := p.watchEnd()
			if p.parPending() {
				// Par takes seconds: read again soon, not after
				// the usual refresh, so that it shows once known.
				return p, tea.Batch(wait, p.s.tick(p, &p.ticks, parRefresh))
			}
			if i := msg.prog.Info; !i.Over && i.Ends.Sub(p.s.now()) < p.s.cfg.Refresh {
				// The end comes before the usual read: read just
				// after it, so the standings open as it passes.
				return p, tea.Batch(wait, p.s.tick(p, &p.ticks, afterEnd(p.s.now(), i.Ends)))
			}
			return p, wait
		}
	case pageEndedMsg:
		if msg.to == p {
			p.stopWait = nil
			return p, p.read()
		}
	case endedMsg:
		if msg.to == p {
			p.answered(msg.err)
			return p, p.read()
		}
	case enteredMsg:
		if msg.to == p {
			if !p.answered(msg.err) {
				return p, nil
			}
			p.note = "You are in: play the boards any time before the end."
			return p, p.read()
		}
	case seatMsg:
		if msg.to == kit.Screen(p) {
			if !p.answered(msg.err) {
				return p, p.read()
			}
			p.stopWaiting()
			return p.s.playBoard(p.code, msg.seat), nil
		}
	case tea.KeyPressMsg:
		return p.key(ctx, msg)
	}
	return p, nil
}

// answered keeps the answer to a call the page made (an end, an entry,
// a seat): keys no longer wait, and an error is the note. It reports
// whether the call went through.
func (p *detail) answered(err error) bool {
	p.busy = false
	if err != nil {
		p.note = errText(p.code, err)
	}
	return err == nil
}

func (p *detail) key(ctx *kit.Context, msg tea.KeyPressMsg) (kit.Screen, tea.Cmd) {
	k := &ctx.Keys
	switch {
	case kit.IsKey(msg, k.Back):
		p.stopWaiting()
		// Back on the list, the cursor is on the tournament left.
		if l, ok := p.back.(*list); ok {
			l.cursorOn(p.code)
			return l, nil
		}
		if p.back == nil {
			return newListAt(p.s, p.code), nil
		}
		return p.back, nil
	case kit.IsKey(msg, keyReread):
		return p, p.read()
	}
	if p.busy || p.prog == nil {
		return p, nil
	}
	p.note = ""
	ending := p.ending
	p.ending = false
	s, code, pl := p.s, p.code, p.s.cfg.Player // for the calls
	if p.hosting() && kit.IsKey(msg, keyEnd) {
		if !ending {
			p.ending = true
			p.note = "End the tournament now? Its standings open, and a board in play does not count. Press e again to end it."
			return p, nil
		}
		p.busy = true
		return p, s.call(func(ctx context.Context) tea.Msg {
			return endedMsg{to: p, err: s.cfg.Service.End(ctx, pl, code)}
		})
	}
	if p.fin != nil {
		n := len(p.fin.Standings.Rows)
		switch {
		case kit.MoveRow(k, msg, &p.row, n):
		case kit.IsKey(msg, k.Choose) && n > 0:
			return newEntrant(p.s, p.fin, p.fin.Standings.Rows[p.row].Entry, p), nil
		}
		return p, nil
	}
	if !kit.IsKey(msg, k.Choose) || p.prog.Info.Over {
		return p, nil
	}
	switch {
	case s.guest():
		return p, nil // the page already says what a guest may do
	case !p.prog.Entered:
		p.busy = true
		return p, s.call(func(ctx context.Context) tea.Msg {
			return enteredMsg{to: p, err: s.cfg.Service.Enter(ctx, pl, code)}
		})
	case p.prog.Next == 0:
		p.note = strings.TrimSuffix(errText(p.code, svc.ErrAllPlayed), ".") + ": the standings open at the end."
		return p, nil
	}
	p.busy = true
	return p, s.playNext(p, code)
}

// hosting reports whether the person hosts the tournament, still
// running.
func (p *detail) hosting() bool {
	return p.prog != nil && p.fin == nil && !p.prog.Info.Over && !p.prog.Info.Daily &&
		!p.s.guest() && p.prog.Info.Creator == p.s.cfg.Player.Key
}

// entrantsLine names who entered a running tournament, in at most two
// lines of w cells.
func (p *detail) entrantsLine(w int) []string {
	es := p.prog.Entrants
	if len(es) == 0 {
		return nil
	}
	names := make([]string, len(es))
	for i, e := range es {
		names[i] = p.label(e)
	}
	// Names past those whose text is wider than two lines hold never
	// fit (a break drops one space): the tries start there, as a daily
	// may have thousands of entrants and this runs at every frame.
	most, width := len(names), kit.WidthOf("Entered: ")
	for i, n := range names {
		if width += kit.WidthOf(n) + 2*min(i, 1); width > 2*w+1 {
			most = i
			break
		}
	}
	return entrantsUpTo(names, most, w)
}

// entrantsUpTo is the line naming the first most of names or fewer,
// and how many more there are: the most that fits two lines of w
// cells, or the count alone if not even one name does.
func entrantsUpTo(names []string, most, w int) []string {
	for shown := most; shown > 0; shown-- {
		text := "Entered: " + strings.Join(names[:shown], ", ")
		if shown < len(names) {
			text += fmt.Sprintf(" and %d more", len(names)-shown)
		}
		if l := kit.Paragraph(text+".", w, nil); len(l) <= 2 {
			return l
		}
	}
	return kit.Paragraph(fmt.Sprintf("Entered: %s.", kit.Plural(len(names), "player")), w, nil)
}

// HelpMarks: results and standings, no card for the help's numbers and
// marks to explain.
func (*detail) HelpMarks() bool { return false }

// HelpRules is the tournament's rules for the help, once read.
func (p *detail) HelpRules() (rules.Options, bool) {
	if p.prog == nil {
		return rules.Options{}, false
	}
	return p.prog.Info.Rules, true
}

// title is the tournament's header.
func (p *detail) title() string {
	if p.prog == nil {
		return titleOf(p.code)
	}
	t := p.prog.Info.Title()
	if p.fin != nil {
		t += " · standings"
	}
	return t
}

// about is the tournament's facts: the host, the boards, the bots, the
// end, the entries.
func (p *detail) about() string {
	i := p.prog.Info
	parts := []string{}
	if !i.Daily {
		parts = append(parts, "Hosted by "+p.s.hostOf(i))
	}
	parts = append(parts, kit.Plural(i.Boards, "board"), setup.BotsOf(i.Level, i.Players()-1), endsWords(p.s.now(), i),
		kit.Plural(i.Entries, "entrant"))
	return strings.Join(parts, " · ")
}

// rulesWords says how the rules differ from the standard ones at the
// seat count.
func rulesWords(o rules.Options) string {
	diff := setup.ChangedRules(o)
	if vs := o.VariantsPlayed(); len(vs) > 0 {
		diff = append(diff, "house: "+strings.Join(vs, ", "))
	}
	if len(diff) == 0 {
		return "Rules: the standard ones."
	}
	return "Rules: " + strings.Join(diff, " · ") + "."
}

func (p *detail) View(ctx *kit.Context) string {
	w, h := ctx.Width, ctx.Height
	lines := kit.Titled(ctx, p.title())
	switch {
	case !p.loaded:
		lines = append(lines, "", " Reading "+the(p.code)+"…")
		return kit.Canvas(lines, w, h)
	case p.prog == nil:
		lines = append(lines, "")
		lines = append(lines, kit.Alert(ctx, p.err, w, 3)...)
		lines = append(append(lines, ""), offerLines(ctx, append([]offer{{ctx.Keys.Back, "back"}}, helpQuit(&ctx.Keys)...), w)...)
		return kit.Canvas(lines, w, h)
	}
	// Broken between its parts: "1 entrant" or a date never parts.
	lines = append(lines, kit.Indent(" ", kit.BreakRow(p.about(), w-2, w-2), nil)...)
	if p.fin != nil {
		return p.standingsView(ctx, lines)
	}
	return p.runningView(ctx, lines)
}

// runningView is the tournament while it runs: the person's boards,
// their results and par of those played. The boards and the line of
// the running total always show, the grid in the same columns from the
// first board to the last (gridLayout): where the window is too short
// for it and the words on how the tournament works, the words go first
// (a short line stands for them where it fits), and only where the
// grid alone does not fit does it take fewer rows and more columns.
func (p *detail) runningView(ctx *kit.Context, lines []string) string {
	st := &ctx.Styles
	w, h := ctx.Width, ctx.Height
	pr := p.prog
	i := pr.Info
	head := lines
	lines = wrap(lines, rulesWords(i.Rules), w)
	lines = append(lines, p.entrantsLine(w)...)
	explain := kit.Paragraph(kit.BoardsWords(i.Players(), string(i.Level))+" Until the end you see your own results only; then the standings "+
		"by matchpoints open, with everyone's play.", w, nil)
	short := kit.Paragraph("Your results against par; everyone's standings at the end.", w, nil)
	foot := p.runningFoot(ctx)
	var body []string
	switch {
	case pr.Entered:
		sum := p.playedLines(w)
		// What is left for the words and the grid with its head, a
		// blank line before each, and the running total.
		room := h - len(lines) - len(foot) - 1 - len(sum)
		words, rows := explain, gridLayout(len(pr.Lines), w)
		fits := false
		for _, try := range [][]string{explain, short, nil} {
			words = try
			if fits = gridHeight(len(pr.Lines), rows) <= room-len(try)-min(1, len(try)); fits {
				break
			}
		}
		if !fits {
			// Not even the grid alone fits under the rules and the
			// entrants (a long note at the foot): they give way, the
			// help still says the rules.
			lines, words = head, nil
			if rows = gridRows(len(pr.Lines), w, h-len(lines)-len(foot)-1-len(sum)); rows == 0 {
				rows = (len(pr.Lines) + gridCols(w) - 1) / gridCols(w)
			}
		}
		if len(words) > 0 {
			body = append(append(body, words...), "")
		}
		body = append(append(body, p.boardGrid(ctx, rows)...), sum...)
	case p.s.guest():
		body = append(append(explain, ""), kit.Paragraph(errText(p.code, svc.ErrGuest), w, st.Dim.Render)...)
	default:
		body = append(explain, "", " "+st.Dim.Render("You have not entered: enter, then play the boards any time before the end."))
	}
	lines = append(append(lines, ""), body...)
	return kit.Canvas(kit.Footed(lines, h, foot...), w, h)
}

// playedLines is the running total under the grid: the boards played
// and the next, as klob daily says them, then the result against par
// so far.
func (p *detail) playedLines(w int) []string {
	pr := p.prog
	next := pr.Next
	if pr.Info.Over {
		next = 0
	}
	middle := next > 0 && next <= len(pr.Lines) && pr.Lines[next-1].State == svc.InPlay
	sum := kit.BoardsPlayed(pr.Played(), pr.Info.Boards, next, middle)
	if vs, n := pr.VersusPar(); n > 0 {
		sum += fmt.Sprintf(" · %s against par over %s", kit.Number(vs), kit.Plural(n, "board"))
	}
	if !pr.ParReady {
		sum += " · par is being worked out"
	}
	return kit.Paragraph(sum+".", w, nil)
}

// runningFoot is the running tournament's foot: the note, an error, the
// keys.
func (p *detail) runningFoot(ctx *kit.Context) []string {
	st := &ctx.Styles
	w := ctx.Width
	pr := p.prog
	var foot []string
	if p.note != "" {
		foot = append(foot, kit.Indent(" ", kit.WrapLines(p.note, w-2, 2, ctx.Ellipsis()), st.Heading.Render)...)
	}
	if p.err != "" {
		foot = append(foot, kit.Alert(ctx, p.err, w, 3)...)
	}
	if left := pr.Info.Ends.Sub(p.s.now()); pr.Entered && pr.Next > 0 && !pr.Info.Over && left < nearEnd {
		foot = append(foot, kit.Paragraph(fmt.Sprintf("%s ends %s: a board not finished by then does not count.",
			kit.Capital(the(p.code)), until(p.s.now(), pr.Info.Ends)), w, st.Heading.Render)...)
	}
	if pr.Open && !pr.Info.Over && !p.busy {
		// As a game's seat open in another connection: said here, and
		// taken over only by the key that says so.
		foot = append(foot, kit.Paragraph(fmt.Sprintf("Board %d is open in another connection of yours: enter takes it over here.", pr.Next),
			w, st.Heading.Render)...)
	}
	if quietWarned(pr, p.s.guest(), p.quietTo) {
		foot = append(foot, kit.Paragraph(quietWords(p.s.now(), pr.Info.Ends), w, nil)...)
	}
	what := ""
	switch {
	case p.busy:
		what = "…"
	case pr.Info.Over, p.s.guest():
	case !pr.Entered:
		what = "enter " + the(p.code)
	case pr.Open && pr.Next > 0:
		what = fmt.Sprintf("take over board %d", pr.Next)
	case pr.Next > 0 && pr.Lines[pr.Next-1].State == svc.InPlay:
		what = fmt.Sprintf("go on with board %d", pr.Next)
	case pr.Next > 0:
		what = fmt.Sprintf("play board %d", pr.Next)
	}
	k := &ctx.Keys
	var offers []offer
	if what != "" {
		offers = append(offers, offer{k.Choose, what})
	}
	offers = append(offers, offer{k.Back, "tournaments"}, offer{keyReread, "read again"})
	if p.hosting() {
		offers = append(offers, offer{keyEnd, "end it now"})
	}
	offers = append(offers, helpQuit(k)...)
	return append(append(foot, ""), offerLines(ctx, offers, w)...)
}

// The board grid's cells, and the most rows a column takes.
const (
	gridCellW   = 24
	gridRowsMax = 8
)

// gridCols is how many columns of boards w cells hold.
func gridCols(w int) int { return max(1, (w-1)/gridCellW) }

// gridLayout is the most rows a column of n boards takes in w cells
// when the window has room: gridRowsMax, or more where the columns
// would not fit. It depends on neither the boards played nor the lines
// around the grid (a note, a warning that goes once a board is
// played), so that the grid does not change its columns as they come
// and go. At 80 columns the grid of any board count the form allows
// (up to 24: three columns of 8) fits 24 lines with the page's others.
func gridLayout(n, w int) int {
	return max(gridRowsMax, (n+gridCols(w)-1)/gridCols(w))
}

// gridHeight is the lines the grid of n boards in columns of up to
// rowsMax takes, its head's included.
func gridHeight(n, rowsMax int) int {
	cols := max(1, (n+rowsMax-1)/rowsMax)
	return 1 + (n+cols-1)/cols
}

// gridRows is the rows a column of n boards takes in room lines (the
// head's included): at most gridRowsMax, and few enough that the
// columns fit in w; 0 when they cannot fit.
func gridRows(n, w, room int) int {
	rows := min(gridRowsMax, room-1)
	if rows < 1 || (n+rows-1)/rows > gridCols(w) {
		return 0
	}
	return rows
}

// boardGrid is the person's boards in columns of up to rowsMax: the
// number, their result and par once played, … in play, · to come.
func (p *detail) boardGrid(ctx *kit.Context, rowsMax int) []string {
	st := &ctx.Styles
	pr := p.prog
	cols := (len(pr.Lines) + rowsMax - 1) / rowsMax
	rows := (len(pr.Lines) + cols - 1) / cols
	head := ""
	for range cols {
		head += fmt.Sprintf("%-*s", gridCellW, fmt.Sprintf("%5s %7s %7s", "Board", "You", "Par"))
	}
	out := []string{" " + st.Heading.Render(strings.TrimRight(head, " "))}
	for r := range rows {
		line := ""
		for c := range cols {
			i := c*rows + r
			if i >= len(pr.Lines) {
				break
			}
			l := pr.Lines[i]
			you, par := st.Dim.Render("      ·"), ""
			switch l.State {
			case svc.InPlay:
				you = "      …"
			case svc.Played:
				you = fmt.Sprintf("%7s", kit.Number(l.Result))
				par = fmt.Sprintf("%7s", "?")
				if l.HasPar {
					par = fmt.Sprintf("%7s", kit.Number(l.Par))
				}
			}
			cell := fmt.Sprintf("%5d %s %s", l.Board, you, par)
			line += cell + strings.Repeat(" ", max(1, gridCellW-kit.WidthOf(cell)))
		}
		out = append(out, " "+strings.TrimRight(line, " "))
	}
	return out
}

// label is how e is named: tagged as the lobby tags a name another
// key goes by too (a look-alike: "Ann" and "ann").
func (p *detail) label(e svc.Entrant) string {
	if p.s.cfg.Label != nil && !strings.Contains(e.Name, " #") {
		return p.s.cfg.Label(e.Key, e.Name)
	}
	return e.Name
}

// standingsView is the tournament once ended: the entrants ranked.
func (p *detail) standingsView(ctx *kit.Context, lines []string) string {
	st := &ctx.Styles
	w, h := ctx.Width, ctx.Height
	f := p.fin
	lines = wrap(lines, "On each board 2 matchpoints for each entrant with a lower result, 1 for each equal "+
		"(a board not everyone played is scaled up to the field); the score is the share of the most there was to make "+
		"on every board, a board not played scoring nothing.", w)
	row := func(mark, rank, name, score, mp, boards, vs string) string {
		// The name's column in cells: a wide letter takes two.
		return fmt.Sprintf("%s%4s  %s %8s  %-13s %6s %7s", mark, rank, kit.Fit(name, 24), score, mp, boards, vs)
	}
	lines = append(lines, st.Heading.Render(row("  ", "Rank", "Name", "Score", "Matchpoints", "Boards", "vs par")))
	var rows []string
	at := 0
	for i, r := range f.Standings.Rows {
		name := nameCell(p.label(f.Entrants[r.Entry]), you(f, r.Entry), 24)
		rank := kit.Rank(r.Rank, r.Tied)
		if r.Played == 0 {
			rank = "-" // ranked among those who played a board
		}
		vs := "-"
		if v, n := f.VersusPar(r.Entry); n > 0 {
			vs = kit.Number(v)
		}
		if i == p.row {
			at = len(rows)
		}
		line := marked(ctx, i == p.row, func(mark string) string {
			score, mp := kit.Percent(r.Percent), kit.Matchpoints(r.Matchpoints)+" of "+kit.Matchpoints(r.Max)
			switch {
			case r.Played == 0:
				score, mp = "-", "-" // no board, no score: not 0.00%
			case r.Max == 0:
				mp = "nobody else" // boards nobody else played: 50%, not "0 of 0"
			}
			return row(mark, rank, name, score, mp, fmt.Sprint(r.Played), vs)
		})
		if i != p.row && r.Entry == f.Me {
			line = st.Heading.Render(line)
		}
		rows = append(rows, line)
	}
	if len(rows) == 0 {
		rows = append(rows, "   "+st.Dim.Render("(nobody entered)"))
	}
	foot := []string{}
	if f.Pars == nil {
		foot = append(foot, " "+st.Dim.Render("Par is being worked out: vs par comes once it is known."))
	}
	if n := p.leftHalfPlayed(); n > 0 {
		// Said here, since nothing else tells a person why the board is
		// missing from their count. Whether they left it, were at it as
		// the host ended the tournament, or their server was down then,
		// the database does not keep: the sentence says what is so.
		foot = append(foot, kit.Paragraph(fmt.Sprintf("Board %d was not finished when %s ended, so it does not count.", n, the(p.code)),
			w, st.Heading.Render)...)
	}
	if p.note != "" {
		foot = append(foot, kit.Alert(ctx, p.note, w, 3)...)
	}
	k := &ctx.Keys
	offers := append([]offer{{k.Choose, "their boards and play"}, {k.Back, "tournaments"}}, helpQuit(k)...)
	foot = append(append(foot, ""), offerLines(ctx, offers, w)...)
	return kit.Canvas(kit.Scrolled(lines, rows, foot, at, h), w, h)
}

// leftHalfPlayed is the board the person began and had not finished
// when the tournament ended (0: none).
func (p *detail) leftHalfPlayed() int {
	if p.prog == nil || !p.prog.Entered {
		return 0
	}
	for _, l := range p.prog.Lines {
		if l.State == svc.InPlay {
			return l.Board
		}
	}
	return 0
}

// KeyHelp words the page's keys as its line of offers does: esc
// "tournaments" (it goes to their list; "back" on a page that could not
// be read, whose line says so), enter on the standings "their boards
// and play", and the arrows "↑/↓" as the lists write them.
func (p *detail) KeyHelp(k *kit.KeyMap) help.KeyMap {
	esc := kit.Brief("tournaments", k.Back)
	if p.loaded && p.prog == nil {
		esc = kit.Brief("back", k.Back)
	}
	if p.fin != nil {
		short := []key.Binding{kit.Brief("choose", k.Up, k.Down), kit.Brief("their boards and play", k.Choose), esc}
		return kit.KeyHelp{Short: short, Full: [][]key.Binding{short, {keyReread, k.Help, kit.QuitAsks(k)}}}
	}
	short := []key.Binding{esc, keyReread}
	if p.hosting() {
		short = append(short, keyEnd)
	}
	if !p.s.guest() {
		// A guest's enter does nothing: not offered.
		short = append([]key.Binding{kit.Brief("enter "+the(p.code)+", or play your next board", k.Choose)}, short...)
	}
	return kit.KeyHelp{Short: short, Full: [][]key.Binding{short, {k.Help, kit.QuitAsks(k)}}}
}

// nameCell is an entrant's name and suffix (" (you)") in w cells: a
// name too long is cut with "…", never mid-letter without a mark, and
// the suffix always shows.
func nameCell(name, suffix string, w int) string {
	return kit.Cut(name, w-kit.WidthOf(suffix), "…") + suffix
}

// quietWarned reports whether the page warns the person, before they
// begin a board, that beginning one keeps them quiet: whoever has begun
// a board of a tournament still running talks neither in the lobby nor
// at a table they watch until it ends (tourney.Service.Quiet), a rule
// that would otherwise surprise them hours later, at the daily too. A
// person kept quiet already until quietTo, by a board of another
// tournament, is warned only where this one ends later: else the line
// would tell them nothing new.
func quietWarned(pr *svc.Progress, guest bool, quietTo time.Time) bool {
	if pr.Info.Over || guest || !quietTo.Before(pr.Info.Ends) {
		return false
	}
	return pr.Played() == 0 && (pr.Next == 0 || pr.Lines[pr.Next-1].State != svc.InPlay)
}

// quietWords say it, in a line of 80 columns: "Once you play a board,
// you cannot talk in the lobby until Mon 00:00 UTC."
func quietWords(now, ends time.Time) string {
	return "Once you play a board, you cannot talk in the lobby until " + kit.When(now, ends) + "."
}
