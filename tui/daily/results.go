package daily

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/duplicate"
	dailyfiles "github.com/klob/klob/internal/record/daily"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/names"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/replay"
)

// dayResults is the day compared: the person's results (with par), the
// friends' imported, the standings.
type dayResults struct {
	own     *duplicate.ResultFile
	imports []*duplicate.ResultFile
	bad     []error // imports that no longer read
	field   *dailyfiles.Field
	err     error // the day could not be compared (or its line not kept)
}

// resultsMsg is the day read and compared, its history line written.
type resultsMsg struct {
	res  *dayResults
	hist *duplicate.History
}

// results is the part after the day: board by board, and the standings.
type results struct {
	s      *Screen
	cursor int // the board chosen, from 0
	note   string
}

func (*results) Name() string      { return "results" }
func (*results) QuitsAtOnce() bool { return true }

// Enter reads the day if par is ready (else the last par does it).
func (r *results) Enter(*kit.Context) tea.Cmd {
	if r.s.res != nil || !r.s.parReady() {
		return nil
	}
	return r.read()
}

// read sets par in the person's result file and the hard bot's lines in
// the day's par file, reads the friends' files, compares them and keeps
// the day's line in the history, off the screen's goroutine.
func (r *results) read() tea.Cmd {
	s := r.s
	day, files, set, date, done := s.day, s.cfg.Files, s.set, s.day.Date, s.done()
	lines := maps.Clone(s.lines)
	return func() tea.Msg {
		res := &dayResults{}
		for _, l := range lines {
			if err := day.SetParLine(l); err != nil {
				res.err = fmt.Errorf("par could not be kept: %w", err)
			}
		}
		own, err := day.Results()
		if own == nil {
			res.err = err
			return resultsMsg{res: res}
		}
		res.own = own
		res.imports, res.bad = day.Imports()
		if res.field, err = dailyfiles.Compare(set, own, res.imports); err != nil {
			res.err = err
			return resultsMsg{res: res}
		}
		if done {
			if err := files.SetDay(res.field.Line(date, own)); err != nil && res.err == nil {
				res.err = fmt.Errorf("the day could not be kept in the history: %w", err)
			}
		}
		hist, _ := files.History()
		return resultsMsg{res: res, hist: hist}
	}
}

// resultsRead takes the day compared.
func (s *Screen) resultsRead(m resultsMsg) {
	s.res = m.res
	if m.hist != nil {
		s.hist = m.hist
	}
}

func (r *results) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	s := r.s
	if !ok || s.res == nil || s.res.own == nil {
		if ok && kit.IsKey(k, keyHistory) {
			return newHistory(s, r), nil
		}
		return r, nil
	}
	r.note = ""
	boards := len(s.set.Boards)
	switch {
	case kit.MoveRow(&ctx.Keys, k, &r.cursor, boards): // keyUp and keyDown
	case kit.IsKey(k, ctx.Keys.Nth):
		if n := int(k.String()[0] - '0'); n >= 1 && n <= boards {
			r.cursor = n - 1
		}
	case kit.IsKey(k, ctx.Keys.Choose):
		return r.openReplay(true)
	case kit.IsKey(k, keyYours):
		return r.openReplay(false)
	case kit.IsKey(k, keyStandings) && s.res.field != nil:
		return newStandings(s, r), nil
	case kit.IsKey(k, keyHistory):
		return newHistory(s, r), nil
	}
	return r, nil
}

// parting is where the hard bot's line of board n parts from the
// person's: the step (from 0) and both actions; ok is false when the
// lines are the same.
func (s *Screen) parting(n int) (step int, mine, its rules.Step, ok bool) {
	br, played := boardOf(s.res.own.Boards, n)
	line, known := s.lines[n]
	if !played || !known || len(br.Steps) == 0 {
		return 0, mine, its, false
	}
	par := line.Deal.Steps()
	for i := 0; i < len(par) || i < len(br.Steps); i++ {
		switch {
		case i >= len(par):
			return i, br.Steps[i], its, true
		case i >= len(br.Steps):
			return i, mine, par[i], true
		case par[i] != br.Steps[i]:
			return i, br.Steps[i], par[i], true
		}
	}
	return 0, mine, its, false
}

// actionObject is an action as the results' column says it: the card,
// the suit or the words.
func actionObject(ctx *kit.Context, a rules.Action) string {
	p := ctx.Paint
	switch a.Kind {
	case rules.PlayCard:
		s := p.StyledCard(a.Card)
		if a.Bella {
			s += " bella"
		}
		return s
	case rules.Name:
		return p.SuitName(a.Suit)
	case rules.Give:
		return p.StyledCard(a.Card)
	}
	return kit.ActionLabel(a)
}

// partingWords says where the hard bot's line parts from the person's:
// the step, then the two decisions in the order of the column's heading
// "the hard bot, you" ("2: pass, take"), in one form at every seat
// count and on every board, whatever the day's decisions (words with
// verbs fit the column on some days only).
func (s *Screen) partingWords(ctx *kit.Context, n int) string {
	step, mine, its, ok := s.parting(n)
	if _, known := s.lines[n]; !known {
		return "par not worked out"
	}
	if br, played := boardOf(s.res.own.Boards, n); played && len(br.Steps) == 0 {
		// Kept from a damaged result file without its play.
		return "your play not kept"
	}
	if !ok {
		return "the same play as yours"
	}
	if mine.Seat != s.set.Seat || its.Seat != s.set.Seat {
		return fmt.Sprintf("parts at step %d", step+1)
	}
	return fmt.Sprintf("%d: %s, %s", step+1, actionObject(ctx, its.Action), actionObject(ctx, mine.Action))
}

// openReplay opens board's replay with the analysis: the hard bot's
// line (par), at the point it parts from the person's, or the person's
// own play.
func (r *results) openReplay(par bool) (kit.Screen, tea.Cmd) {
	s := r.s
	n := r.cursor + 1
	b, _ := s.set.Board(n)
	br, played := boardOf(s.res.own.Boards, n)
	line, known := s.lines[n]
	if !played || (par && !known) {
		r.note = "There is nothing to replay on this board."
		return r, nil
	}
	if !par && len(br.Steps) == 0 {
		r.note = "Your play of this board was not kept: only its result was read from a damaged file."
		return r, nil
	}
	steps, claim, who, level, at := br.Steps, br.Claim, s.cfg.Player, gamelog.Human, 0
	if par {
		steps, claim, who, level = line.Deal.Steps(), nil, "Hard bot", "hard"
		at, _, _, _ = s.parting(n)
	}
	l, err := s.boardLog(b, steps, claim, who, level)
	var rp *gamelog.Replay
	if err == nil {
		rp, err = l.Replay()
	}
	if err != nil {
		r.note = "The board cannot be replayed: " + err.Error()
		return r, nil
	}
	name := "your play"
	if par {
		name = "the hard bot's line"
	}
	// Every seat graded in both: the analysis grades only the seats a
	// person played when there is one, so the person's play would show
	// the bots' steps ungraded ("forced" missing) and their points lost
	// left out, while the hard bot's line, all bots, shows them.
	opts := s.cfg.Analysis
	opts.AllSeats = true
	return replay.New(rp, name, replay.Config{ASCII: s.cfg.ASCII, Analysis: opts, Analyze: s.cfg.Analyze,
		Analyse: true, Board: s.boardName(n), At: at, Sort: s.cfg.Sort, Mine: !par}, r), nil
}

func (r *results) View(ctx *kit.Context) string {
	s := r.s
	st := &ctx.Styles
	w, h := ctx.Width, ctx.Height
	lines := s.titled(ctx, "results")
	res := s.res
	switch {
	case res == nil && s.parErr != nil:
		lines = append(lines, "", " "+st.Error.Render("! Par could not be worked out: "+s.parErr.Error()))
	case res == nil && !s.parReady():
		done := len(s.lines)
		lines = append(lines, "", fmt.Sprintf(" Working out par: the hard bot plays each board from your seat… %d of %d boards.",
			done, len(s.set.Boards)), " "+progressBar(done, len(s.set.Boards), min(40, w-4)))
	case res == nil:
		lines = append(lines, "", " Comparing the day…")
	case res.own == nil:
		lines = append(lines, "")
		lines = append(lines, kit.Alert(ctx, res.err.Error(), w, 6)...)
	}
	if res == nil || res.own == nil {
		return kit.Canvas(lines, w, h)
	}
	mine := duplicate.Standing{}
	if res.field != nil {
		mine = res.field.Mine()
	}
	row := func(mark, board, you, par, vs, mp, what string) string {
		return fmt.Sprintf("%s%-5s%8s%8s%9s%9s  %s", mark, board, you, par, vs, mp, what)
	}
	lines = append(lines, st.Heading.Render(row("  ", "Board", "You", dailyfiles.ParHeading, "vs par", "MP", "At step: the hard bot, you")))
	var youSum, parSum float64
	for i, b := range s.set.Boards {
		br, _ := boardOf(res.own.Boards, b.Number)
		mark := "  "
		if i == r.cursor {
			mark = st.Selected.Render("▶ ")
		}
		par, vs := "-", "-"
		if br.HasPar {
			par, vs = kit.Number(br.Par), kit.Number(br.Result-br.Par)
			parSum += br.Par
		}
		youSum += br.Result
		mp := "-"
		if res.field != nil && b.Number-1 < len(mine.Boards) && mine.Boards[b.Number-1].Played {
			mp = kit.BoardShare(mine.Boards[b.Number-1].Matchpoints, res.field.Standings.Top)
		}
		head := row(mark, strconv.Itoa(b.Number), kit.Number(br.Result), par, vs, mp, "")
		room := max(0, w-kit.WidthOf(head))
		lines = append(lines, head+kit.Clip(s.partingWords(ctx, b.Number), room))
	}
	vsTotal, known := duplicate.VersusPar(res.own.Boards)
	vs := "-"
	if known > 0 {
		vs = kit.Number(vsTotal)
	}
	lines = append(lines, st.Heading.Render(row("  ", "Total", kit.Number(youSum), kit.Number(parSum), vs, kit.Percent(mine.Percent), "")))
	lines = append(lines, "")
	tail := r.tail(ctx)
	lines = append(lines, r.standingLines(ctx, h-len(lines)-len(tail))...)
	return kit.Canvas(append(lines, tail...), w, h)
}

// rowHits are where the boards' rows lie, under the heading row, once
// the results are read.
func (r *results) rowHits(ctx *kit.Context) []kit.Hit {
	s := r.s
	if s.res == nil || s.res.own == nil {
		return nil
	}
	rows := make([]int, len(s.set.Boards))
	for i := range rows {
		rows[i] = i
	}
	return kit.RowHits(rows, len(s.titled(ctx, "results"))+1, ctx.Width)
}

// standingLines are the standings in room lines at most: the heading,
// then the rows around the person's (the whole list is s).
func (r *results) standingLines(ctx *kit.Context, room int) []string {
	s := r.s
	st := &ctx.Styles
	res := s.res
	if res.field == nil || room < 2 {
		return nil
	}
	f := res.field
	head := fmt.Sprintf("Matchpoints (MP): %s", kit.Plural(f.Standings.Field, "entrant"))
	if f.WithPar {
		head = "Matchpoints (MP) against par: nobody's results are imported"
	} else if len(res.imports) == 0 {
		head = "Matchpoints (MP): nobody to compare with (par unknown), 50%"
	}
	out := []string{" " + st.Heading.Render(kit.Clip(head, ctx.Width-2))}
	rows := standingRows(ctx, f)
	me := slices.IndexFunc(f.Standings.Rows, func(row duplicate.Standing) bool { return row.Entry == f.Me })
	return append(out, standingWindow(ctx, rows, me, room-1)...)
}

// standingWindow is rows in keep lines at most, the row me in view:
// all of them when they fit; else the leader's row and the rows around
// me, a line in the place of each run of rows left out that counts
// them, so that who leads is never out of sight and no row goes
// unsaid (the standings list them all).
func standingWindow(ctx *kit.Context, rows []string, me, keep int) []string {
	n := len(rows)
	if n <= keep {
		return rows
	}
	gap := func(left int) string {
		return ctx.Styles.Dim.Render(fmt.Sprintf("  %4s  %s, in the standings", ctx.Ellipsis(), kit.Plural(left, "entrant")+" more"))
	}
	switch {
	case keep < 2:
		return rows[me : me+1]
	case me < keep-1:
		// The top rows down to me and past, the rest counted below.
		return append(slices.Clone(rows[:keep-1]), gap(n-keep+1))
	case keep == 2:
		return []string{rows[me], gap(n - 1)}
	case keep == 3:
		// No room for a line above me and one below: one line, between
		// the leader's and mine, counts every row left out.
		return []string{rows[0], gap(n - 2), rows[me]}
	}
	// The leader's row, the rows left out after it counted, the rows
	// around me, and the rows left out below them counted, unless the
	// rows shown go down to the last.
	from := n - (keep - 2)
	if me >= from {
		return append([]string{rows[0], gap(from - 1)}, rows[from:]...)
	}
	win := keep - 3
	from = me - win/2
	out := append([]string{rows[0], gap(from - 1)}, rows[from:from+win]...)
	return append(out, gap(n-from-win))
}

// nameInColumn is name in a column of w cells (a wide letter takes
// two): a shorter one is padded, a longer one cut (kit.Cut).
func nameInColumn(name string, w int, mark string) string { return kit.Fit(kit.Cut(name, w, mark), w) }

// standingRows are the standings' rows: rank, name, percentage,
// matchpoints of the maximum, boards played.
func standingRows(ctx *kit.Context, f *dailyfiles.Field) []string {
	st := &ctx.Styles
	var out []string
	own := ""
	if f.Me < len(f.Files) && f.Files[f.Me] != nil {
		own = f.Files[f.Me].Name
	}
	isFriend := func(row duplicate.Standing) bool {
		return row.Entry != f.Me && row.Entry < len(f.Files) && f.Files[row.Entry] != nil
	}
	// The friends by the likeness of their names (names.Likeness).
	alike := map[string]int{}
	for _, row := range f.Standings.Rows {
		if isFriend(row) {
			alike[names.Likeness(row.Name)]++
		}
	}
	for _, row := range f.Standings.Rows {
		name := row.Name
		mark := ""
		if isFriend(row) && alike[names.Likeness(name)] > 1 {
			// Friends whose names look alike each bear a tag of the
			// name as written, as the club tags a name two keys share.
			mark = " #" + dailyfiles.NameTag(name)
		}
		switch {
		case row.Entry == f.Me && name != dailyfiles.YouName:
			name += " (you)"
		case isFriend(row) && (dailyfiles.ReadsAsOthers(name) || dailyfiles.LooksLike(name, own)):
			// A friend named "You", like par or like oneself: not to be
			// taken for one's own row or par's.
			mark += " (friend)"
		}
		if mark != "" {
			// The marks stay in the column: a long name is cut before them.
			name = kit.Cut(name, 28-kit.WidthOf(mark), ctx.Ellipsis()) + mark
		}
		line := fmt.Sprintf("  %4s  %s %8s   %s of %s", kit.Rank(row.Rank, row.Tied), nameInColumn(name, 28, ctx.Ellipsis()), kit.Percent(row.Percent),
			kit.Matchpoints(row.Matchpoints), kit.Matchpoints(row.Max))
		if row.Played < f.Standings.Boards {
			line += " · " + kit.Plural(row.Played, "board")
		}
		if row.Entry == f.Me {
			line = st.Heading.Render(line)
		}
		out = append(out, line)
	}
	return out
}

// tail is what ends the results: where the result file is, what to do
// with it, a note, the keys.
func (r *results) tail(ctx *kit.Context) []string {
	s := r.s
	st := &ctx.Styles
	w := ctx.Width
	out := []string{" Your result file, to share (import a friend's: klob daily -import FILE):"}
	out = append(out, kit.Indent("   ", kit.PathLines(s.cfg.ShowPath.Show(s.day.ResultPath()), w-4, 3), nil)...)
	if res := s.res; res.err != nil {
		out = append(out, kit.Alert(ctx, res.err.Error(), w, 3)...)
	} else if len(res.bad) > 0 {
		out = append(out, kit.Alert(ctx, fmt.Sprintf("%s left out: %v", kit.Plural(len(res.bad), "imported file"), res.bad[0]), w, 3)...)
	}
	if r.note != "" {
		out = append(out, kit.Alert(ctx, r.note, w, 3)...)
	}
	for _, l := range r.keyLines(ctx) {
		out = append(out, " "+st.Dim.Render(l))
	}
	return out
}

// keyLines are the results' keys as the page's last lines show them.
func (r *results) keyLines(ctx *kit.Context) []string {
	return keyLines(ctx, r.KeyHelp(&ctx.Keys).ShortHelp(), ctx.Width-2)
}

// keyLines are the results' keys in lines of w cells: one line with
// every key when it fits, else two, so that no key (y, the person's own
// play; h, the history) is left out at 80 columns, with arrows or under
// -ascii whose arrows are words. The standings above give up a row.
func keyLines(ctx *kit.Context, bs []key.Binding, w int) []string {
	shown := func(bs []key.Binding) string { return ctx.Shown(kit.HintLine(bs)) }
	if kit.WidthOf(shown(bs)) <= w {
		return []string{shown(bs)}
	}
	// As many keys as fit on the first line, at least one; the rest on
	// the second, fitted.
	n := 1
	for n < len(bs)-1 && kit.WidthOf(shown(bs[:n+1])) <= w {
		n++
	}
	return []string{kit.FitHintLine(ctx, bs[:n], w), kit.FitHintLine(ctx, bs[n:], w)}
}

// HelpMarks: results, par and where the hard bot's line parts from the
// person's, named in words: no card drawn, hint nor grade for the
// help's numbers and marks to explain (the replays it opens have
// theirs).
func (*results) HelpMarks() bool { return false }

func (r *results) KeyHelp(k *kit.KeyMap) help.KeyMap {
	short := []key.Binding{kit.Either("board", keyUp, keyDown), kit.Brief("hard bot's line", k.Choose),
		kit.Brief("yours", keyYours), kit.Brief("standings", keyStandings), kit.Brief("history", keyHistory),
		kit.Brief("help", k.Help), k.QuitHint()}
	// The digits choose a board here, not a card.
	nth := k.NthFor(duplicate.DailyBoards, "the board of that number")
	full := [][]key.Binding{{keyUp, keyDown, nth}, {kit.Bind("enter", "the hard bot's line of the board, in the replay with the analysis, where it parts from yours", "enter"),
		keyYours, keyStandings, keyHistory}, {k.Help, k.QuitHint()}} // q quits at once here
	return kit.KeyHelp{Short: short, Full: full}
}

// progressBar is done of total as a bar w cells wide.
func progressBar(done, total, w int) string {
	if total <= 0 || w <= 2 {
		return ""
	}
	fill := (w - 2) * done / total
	return "[" + strings.Repeat("#", fill) + strings.Repeat(".", w-2-fill) + "]"
}

// newStandings is the standings in full, scrolled.
func newStandings(s *Screen, back kit.Screen) *page {
	return &page{name: "standings", toggle: keyStandings, back: back, lines: func(ctx *kit.Context, w int) ([]string, []string) {
		st := &ctx.Styles
		lines := s.titled(ctx, "standings")
		f := s.res.field
		about := fmt.Sprintf("%s on %s. On each board 2 matchpoints for each entrant with a lower result, 1 for each equal "+
			"(a board not everyone played is scaled up to the field); "+
			"the percentage is of the most there was to make on every board, a board not played scoring nothing.", kit.Plural(f.Standings.Field, "entrant"), kit.Plural(f.Standings.Boards, "board"))
		if f.WithPar {
			about += " Nobody's results are imported, so par (the hard bot in your seat) is the other entrant."
		}
		lines = append(lines, kit.Paragraph(about, w, nil)...)
		lines = append(lines, st.Heading.Render(fmt.Sprintf("  %4s  %-28s %8s   %s", "Rank", "Name", "Score", "Matchpoints")))
		return lines, standingRows(ctx, f)
	}}
}
