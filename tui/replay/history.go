package replay

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/charmbracelet/x/ansi"
	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/internal/study/stats"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// Source lists saved games; *store.Store is one.
type Source interface {
	Dir() string
	CurrentPath() string
	History() ([]store.Entry, error)
}

// row is one game of the list.
type row struct {
	path    string
	current bool // the game in progress (the autosave)
	// beside is the folder of a game in progress kept beside the state
	// directory ("klob-2", Config.Waiting), "" for the state directory's.
	beside string
	entry  store.Entry
	// me is the seat the person whose games these are played; one says
	// whether there is one (stats.OwnSeat: the list is their own).
	me  rules.Seat
	one bool
}

// History is the list of saved games: the game in progress first, then
// the archive, newest first, under the player's record over them at
// every seat count. Reading the games is a tea.Cmd: the list shows once
// it is read. Enter opens the game chosen in the replay; esc there comes
// back here.
type History struct {
	src Source
	cfg Config

	loaded bool
	err    error // the games could not be listed
	rows   []row
	record stats.Stats
	cursor int
	note   string // why a game did not open
	noteOK bool
	// lay is the list laid out for a width and an ellipsis: worked out
	// once, not at every frame, since it goes over every game saved.
	lay layout
}

// layout is the list's columns and each row's lines for width w and
// the ellipsis cut; ok false until worked out for the rows loaded.
type layout struct {
	ok     bool
	w      int
	cut    string
	cols   cols
	blocks [][]string
}

// NewHistory returns the list of the games of src, each replayed with
// cfg.
func NewHistory(src Source, cfg Config) *History { return &History{src: src, cfg: cfg} }

// TourneyBoardsWords says where a tournament's boards are replayed,
// since the history does not list them.
const TourneyBoardsWords = "Tournament boards are not listed here: their tournament's standings (d in the lobby) replay them."

func (s *History) Name() string { return "history" }

// loadedMsg brings the list and the record.
type loadedMsg struct {
	rows   []row
	record stats.Stats
	err    error
}

// openMsg brings a game read to replay.
type openMsg struct {
	path string
	r    *gamelog.Replay
	err  error
}

// Enter reads the list once.
func (s *History) Enter(ctx *kit.Context) tea.Cmd {
	if s.loaded {
		return nil
	}
	src := s.src
	waiting := s.cfg.Waiting
	return func() tea.Msg { return load(src, waiting, s.cfg.Player) }
}

// load lists the games and adds up the record: the games in progress
// first, the state directory's, then those waiting beside it (waiting,
// when not nil), then the history.
func load(src Source, waiting func() []string, id string) loadedMsg {
	entries, err := src.History()
	if err != nil {
		return loadedMsg{err: err}
	}
	var rows []row
	saves := []string{src.CurrentPath()}
	if waiting != nil {
		saves = append(saves, waiting()...)
	}
	for i, cur := range saves {
		if l, r, err := gamelog.ReadReplay(cur); !errors.Is(err, fs.ErrNotExist) {
			rw := row{path: cur, current: true, entry: store.EntryOf(cur, l, r, err)}
			if i > 0 {
				rw.beside = filepath.Base(filepath.Dir(cur))
			}
			rows = append(rows, rw)
		}
	}
	past := make([]row, 0, len(entries))
	for i := len(entries) - 1; i >= 0; i-- {
		past = append(past, row{path: entries[i].Path, entry: entries[i]})
	}
	// Newest first by when each game started, to the second: the files'
	// names, whose order the history keeps, give only the minute, then
	// the opponents and the result, so two games of one minute would
	// read in the order of their results. Ties keep the names' order.
	slices.SortStableFunc(past, func(a, b row) int { return started(&b).Compare(started(&a)) })
	rows = append(rows, past...)
	for i := range rows {
		rows[i].me, rows[i].one = stats.OwnSeat(&rows[i].entry.Header, id)
	}
	return loadedMsg{rows: rows, record: stats.FromHistory(entries, nil, id)}
}

// Update moves the cursor and opens the game chosen.
func (s *History) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case loadedMsg:
		s.loaded, s.rows, s.record, s.err = true, msg.rows, msg.record, msg.err
		s.cursor = max(0, min(s.cursor, len(s.rows)-1))
		s.lay = layout{}
	case openMsg:
		if msg.err != nil {
			s.note, s.noteOK = s.unpath(msg.err.Error(), msg.path), false
			return s, nil
		}
		s.note = ""
		return New(msg.r, filepath.Base(msg.path), s.cfg, s), nil
	case tea.MouseClickMsg:
		// A list that cannot be read has no game to click, but its key
		// line takes clicks as the others' do.
		if s.loaded {
			return s.click(ctx, msg)
		}
	case tea.KeyPressMsg:
		k := &ctx.Keys
		switch {
		case kit.IsKey(msg, k.Up), kit.IsKey(msg, k.Left):
			s.cursor = max(0, s.cursor-1)
			s.note = ""
		case kit.IsKey(msg, k.Down), kit.IsKey(msg, k.Right):
			s.cursor = max(0, min(len(s.rows)-1, s.cursor+1))
			s.note = ""
		case kit.PageDir(msg) != 0:
			// A page is as many games as the list shows whole now.
			s.cursor = max(0, min(len(s.rows)-1, s.cursor+kit.PageDir(msg)*s.pageRows(ctx)))
			s.note = ""
		case kit.EndDir(msg) != 0:
			s.cursor = 0
			if kit.EndDir(msg) > 0 {
				s.cursor = max(0, len(s.rows)-1)
			}
			s.note = ""
		case kit.IsKey(msg, k.Choose):
			return s, s.open()
		case kit.IsKey(msg, k.Back):
			// Esc leaves the list as q does, at once: the list keeps
			// nothing. (In the lobby esc comes back to it first.)
			return s, kit.QuitNow
		case k.Answerable(msg):
			// A key the list does not take is answered, as at the
			// table, naming the keys of its line of keys.
			var names []string
			for _, b := range s.KeyHelp(k).ShortHelp() {
				names = append(names, b.Help().Key)
			}
			s.note, s.noteOK = kit.NotAmongKeys(msg.String(), names), false
		}
	}
	return s, nil
}

// pageRows is how many games the list shows whole in the window of ctx
// (a row of two lines cut at the bottom is not counted), at least one:
// what PgUp and PgDn move the cursor by.
func (s *History) pageRows(ctx *kit.Context) int {
	_, hits := s.render(ctx)
	lines := map[int]int{}
	for _, h := range hits {
		if h.Kind == kit.HitRow {
			lines[h.Index]++
		}
	}
	n := 0
	for i, l := range lines {
		if i < len(s.lay.blocks) && l == len(s.lay.blocks[i]) {
			n++
		}
	}
	return max(1, n)
}

// open reads the game under the cursor in a command.
func (s *History) open() tea.Cmd {
	if s.cursor >= len(s.rows) {
		return nil
	}
	r := s.rows[s.cursor]
	if r.entry.Err != nil {
		s.note, s.noteOK = s.unpath(r.entry.Err.Error(), r.path), false
		return nil
	}
	s.note, s.noteOK = "Opening "+filepath.Base(r.path)+"…", true
	path := r.path
	return func() tea.Msg {
		_, rp, err := gamelog.ReadReplay(path)
		return openMsg{path: path, r: rp, err: err}
	}
}

// View draws the record over the list.
func (s *History) View(ctx *kit.Context) string {
	out, _ := s.render(ctx)
	return out
}

// click takes a left click: a game of the list is chosen, and the
// chosen one opened (kit.Pick); on the line of hints, enter replays the
// chosen game, q or esc leaves and ? opens the App's help, as their
// keys do.
func (s *History) click(ctx *kit.Context, msg tea.MouseClickMsg) (kit.Screen, tea.Cmd) {
	out, hits := s.render(ctx)
	if row, ok := kit.RowClicked(hits, msg); ok {
		s.note = ""
		if kit.Pick(&s.cursor, row) {
			return s, s.open()
		}
		return s, nil
	}
	if msg.Button != tea.MouseLeft {
		return s, nil
	}
	labels := []kit.Label{{Words: []string{"enter"}, Key: ctx.Keys.Choose}, {Words: []string{"q"}, Key: ctx.Keys.Quit},
		{Words: []string{"esc"}, Key: ctx.Keys.Back}, {Words: []string{"?"}, Key: ctx.Keys.Help}}
	if press, ok := kit.Clicked(kit.TextHits(ctx, out, nil, labels), msg); ok {
		switch {
		case kit.IsKey(press, ctx.Keys.Help):
			return s, func() tea.Msg { return press } // the App's key: it opens the help
		case kit.IsKey(press, ctx.Keys.Quit) || kit.IsKey(press, ctx.Keys.Back):
			return s, kit.QuitNow // as q and esc: the list keeps nothing
		}
		return s, s.open()
	}
	return s, nil
}

// render draws the record over the list and returns where the games of
// the list lie, for clicks.
func (s *History) render(ctx *kit.Context) (string, []kit.Hit) {
	w, h := ctx.Width, ctx.Height
	st := &ctx.Styles
	g := &ctx.Paint.Glyphs
	rule := kit.Rule(ctx, w)
	lines := kit.Titled(ctx, "Saved games")
	switch {
	case !s.loaded:
		lines = append(lines, "", " Reading the saved games…")
		return kit.Canvas(lines, w, h), nil
	case s.err != nil:
		lines = append(lines, "")
		lines = append(lines, kit.Alert(ctx, "the saved games cannot be listed: "+s.err.Error(), w, 3)...)
		keys := kit.HintLine(lineEnd(&ctx.Keys))
		if !ctx.Remote { // over SSH there is no klob command
			keys = "klob replay FILE opens any game log · " + keys
		}
		// The keys end the screen, as on the other lists: a click on
		// the last line finds them there (click).
		return kit.Canvas(kit.Padded(lines, h-1, " "+st.Dim.Render(keys)), w, h), nil
	}
	// Labels in a column, figures wrapped beside them.
	const lw = 14
	for _, l := range s.recordLines(ctx) {
		lines = append(lines, kit.Hang(" "+kit.Fit(l[0], lw)+" ", kit.Repeat(" ", lw+2),
			kit.Wrap(l[1], max(10, w-lw-2)))...)
	}
	lines = append(lines, rule)
	keys := kit.FitHintLine(ctx, s.KeyHelp(&ctx.Keys).ShortHelp(), w-2)
	bottom := append(append([]string{rule}, s.detailLines(ctx, w)...), " "+st.Dim.Render(keys))
	if len(s.rows) == 0 {
		lines = append(lines, "")
		// The command is held whole on a line by no-break spaces while
		// the text wraps, then written with plain ones, to be copied.
		const nbsp = "\u00a0"
		// The path goes on lines of its own, broken only after a "/"
		// (kit.PathLines), never at a hyphen inside a name as words
		// wrap.
		none := "No saved games yet. Finished games are kept in:"
		path := kit.Indent("   ", kit.PathLines(s.cfg.ShowPath.Show(filepath.Join(s.src.Dir(), store.HistoryDir)), max(1, w-4), 0), nil)
		after := "klob" + nbsp + "replay" + nbsp + "FILE opens any game log."
		if s.cfg.HidePaths {
			// On the server: a tournament's boards are kept with the
			// tournament, not here; its standings replay them.
			none, path, after = "No saved games yet: a game is kept here once it is over. "+TourneyBoardsWords, nil, ""
		}
		lines = append(append(lines, kit.Paragraph(none, w, nil)...), path...)
		if after != "" {
			for _, l := range kit.Paragraph(after, w, nil) {
				lines = append(lines, strings.ReplaceAll(l, nbsp, " "))
			}
		}
		return kit.Canvas(kit.Padded(lines, h-len(bottom), bottom...), w, h), nil
	}
	if l := &s.lay; !l.ok || l.w != w || l.cut != ctx.Ellipsis() {
		*l = layout{ok: true, w: w, cut: ctx.Ellipsis(), cols: s.columns(w-3, ctx.Ellipsis())}
		l.blocks = make([][]string, len(s.rows))
		for i := range s.rows {
			l.blocks[i] = s.rowLines(&s.rows[i], l.cols)
		}
	}
	cols, blocks := s.lay.cols, s.lay.blocks
	lines = append(lines, st.Dim.Render(kit.Fit("   "+cols.line("started", "players", "deals", "score", "result"), w)))
	room := max(1, h-len(lines)-len(bottom))
	// A row takes one line or two (the players on two when they do not
	// fit their column): the list starts at the first row from which the
	// cursor's row is still whole within the room. Where rows are left
	// out, a line at that end says so, as on the other lists ("↑ more
	// above", "↓ more below"); the room is then two lines less.
	total := 0
	for _, b := range blocks {
		total += len(b)
	}
	marks := total > room && room > 2
	inner := room
	if marks {
		inner = room - 2
	}
	first, used := s.cursor, 0
	if s.cursor < len(blocks) {
		used = len(blocks[s.cursor])
	}
	for first > 0 && used+len(blocks[first-1]) <= inner {
		first--
		used += len(blocks[first])
	}
	top := len(lines)
	var of []int // the game of each line of the list
	if marks && first > 0 {
		lines = append(lines, "   "+st.Dim.Render("↑ more above"))
		of = append(of, -1)
		room--
	}
	after := 0 // the lines of the rows from first on
	for _, b := range blocks[first:] {
		after += len(b)
	}
	below := marks && after > room
	if below {
		room--
	}
	shown := 0
	for i := first; i < len(s.rows) && shown < room; i++ {
		for j, line := range blocks[i] {
			if shown == room {
				break
			}
			of = append(of, i)
			switch {
			case i == s.cursor && j == 0:
				lines = append(lines, " "+st.Selected.Render(g.Cursor+" "+line))
			case i == s.cursor:
				lines = append(lines, "   "+st.Selected.Render(line))
			default:
				lines = append(lines, "   "+line)
			}
			shown++
		}
	}
	if below {
		lines = append(lines, "   "+st.Dim.Render("↓ more below"))
		of = append(of, -1)
	}
	return kit.Canvas(kit.Padded(lines, h-len(bottom), bottom...), w, h), kit.RowHits(of, top, w)
}

// recordLines is the player's record over the archived games, of every
// seat count, each line a label and its figures. A game a bot finished
// after the player left counts as left to bots and in no figure below
// (stats.Stats.Left); a level or seat count with no game finished, and
// a line with nothing to count, are not shown, rather than as "0/0".
func (s *History) recordLines(ctx *kit.Context) [][2]string {
	st := &ctx.Styles
	r := &s.record
	if r.Games == 0 {
		return [][2]string{{st.Heading.Render("Your record:"), "no game of yours saved yet."}}
	}
	var by, seats []string
	for _, l := range r.ByLevel {
		if l.Finished > 0 {
			by = append(by, fmt.Sprintf("%s %d/%d", l.Level, l.Won, l.Finished))
		}
	}
	for _, n := range r.BySeats {
		if n.Finished > 0 {
			seats = append(seats, fmt.Sprintf("%s %d/%d", countWord(n.Players), n.Won, n.Finished))
		}
	}
	var below [][2]string
	if len(by) > 0 {
		below = append(below, [2]string{"  won/finished", "against " + strings.Join(by, " · ")})
	}
	if len(seats) > 0 {
		below = append(below, [2]string{"  by players", strings.Join(seats, " · ")})
	}
	if r.Deals > 0 {
		// A bete rate of no deal played out as maker would read "0%", as
		// if every contract had been made: it says there is none instead.
		bete := "bete rate " + percent(r.BeteRate())
		if r.MakerDone == 0 {
			bete = "no deal played out as maker yet"
		}
		below = append(below,
			[2]string{"  per deal", fmt.Sprintf("you averaged %.1f over %s; %s", r.AvgPerDeal(), kit.Plural(r.Deals, "deal"), oppWords(r.BySeats, r.OppAvgPerDeal()))},
			[2]string{"  as maker", fmt.Sprintf("take rate %s · %s", percent(r.TakeRate()), bete)})
	}
	// Finished games, games bots finished after the player left, and
	// unfinished ones (filed so when a new game was started instead)
	// are told apart.
	head := fmt.Sprintf("%s finished, %d won", kit.Plural(r.Finished, "game"), r.Won)
	if r.Left > 0 {
		head += fmt.Sprintf("; %d left to bots", r.Left)
		if len(below) > 0 {
			head += ", not counted below"
		}
	}
	if n := r.Games - r.Finished - r.Left; n > 0 {
		head += fmt.Sprintf("; %d unfinished", n)
	}
	return append([][2]string{{st.Heading.Render("Your record:"), head}}, below...)
}

// oppWords say the others' average a deal, avg, named as the games
// were played: "the opponent 50.8" when every game was of two, "the
// opponents 47.9 each" of three, "the other team 50.8" of four, "the
// other sides 58.8 each" over several counts.
func oppWords(seats []stats.SeatsRecord, avg float64) string {
	if len(seats) == 1 {
		switch seats[0].Players {
		case 2:
			return fmt.Sprintf("the opponent %.1f", avg)
		case 4:
			return fmt.Sprintf("the other team %.1f", avg)
		}
		return fmt.Sprintf("the opponents %.1f each", avg)
	}
	return fmt.Sprintf("the other sides %.1f each", avg)
}

// countWord writes a seat count as a word: "two".
func countWord(n int) string {
	if rules.ValidPlayers(n) {
		return []string{"two", "three", "four"}[n-rules.MinPlayers]
	}
	return fmt.Sprint(n)
}

func percent(f float64) string { return fmt.Sprintf("%.0f%%", 100*f) }

// cols are the widths of the list's columns: the players column and
// the result column share what the others leave, the same on every row,
// so that the columns line up.
type cols struct {
	players, score, result int
	// cut ends a word too wide for its column: the screen's Ellipsis.
	cut string
}

func (c cols) line(when, players, deals, score, result string) string {
	return fmt.Sprintf("%-16s  %s %5s  %s  %s", when, kit.Fit(players, c.players), deals, kit.Right(score, c.score), kit.Fit(result, c.result))
}

// width is the width of a row.
func (c cols) width() int { return 16 + 2 + c.players + 1 + 5 + 2 + c.score + 2 + c.result }

// columns fits the list in w cells. Who played and the result wrap in
// their columns by one rule (cellLines), so nothing is cut: of the
// widths that give the players from 12 to 48 cells and the result the
// rest, up to its widest, it takes the one that lays the rows out in
// the fewest lines; of those, the one whose results take the fewest,
// then the widest players column.
func (s *History) columns(w int, cut string) cols {
	res, score, part := len("result"), len("score"), len("result")
	// The rows' cells, each with how many rows have them: their parts
	// joined by a rune no name holds, since a map's key is no slice.
	const sep = "\x00"
	type cells struct{ players, result string }
	seen := map[cells]int{}
	for i := range s.rows {
		r := &s.rows[i]
		score = max(score, kit.WidthOf(scoreOf(r)))
		if r.entry.Err != nil {
			continue
		}
		res = max(res, kit.WidthOf(result(r)))
		rp := resultParts(result(r))
		for _, p := range rp {
			part = max(part, kit.WidthOf(p))
		}
		seen[cells{strings.Join(playerParts(r), sep), strings.Join(rp, sep)}]++
	}
	const fixed = 16 + 2 + 1 + 5 + 2 + 2
	room := w - fixed - score
	best := cols{players: 12, score: score, result: max(len("result"), min(res, room-12)), cut: cut}
	bestLines, bestRes := -1, 0
	for players := min(48, room-part); players >= 12; players-- {
		c := cols{players: players, score: score, result: min(res, room-players), cut: cut}
		lines, resLines := 0, 0
		for k, n := range seen {
			p := cellLines(strings.Split(k.players, sep), c.players, cut)
			r := cellLines(strings.Split(k.result, sep), c.result, cut)
			lines, resLines = lines+n*max(len(p), len(r)), resLines+n*len(r)
		}
		if bestLines < 0 || lines < bestLines || lines == bestLines && resLines < bestRes {
			best, bestLines, bestRes = c, lines, resLines
		}
	}
	return best
}

// cellLines lay parts out in a column w wide, as many on a line as fit,
// a space between two: words, or a part that is not to be broken ("(all
// normal)", "takebacks 2"), which goes on a line of its own when it does
// not fit beside the others, split into its words only when it does not
// fit a line at all. A word wider than the column is cut with mark, so
// that a cut name does not read whole.
func cellLines(parts []string, w int, mark string) []string {
	var lines []string
	line := ""
	add := func(p string) {
		switch {
		case line == "":
			line = p
		case kit.WidthOf(line)+1+kit.WidthOf(p) <= w:
			line += " " + p
		default:
			lines = append(lines, line)
			line = p
		}
	}
	for _, p := range parts {
		if kit.WidthOf(p) <= w {
			add(p)
			continue
		}
		for _, word := range strings.Fields(p) {
			if kit.WidthOf(word) > w {
				word = ansi.TruncateWc(word, w, mark)
			}
			add(word)
		}
	}
	if line != "" || lines == nil {
		lines = append(lines, line)
	}
	return lines
}

// resultParts are the parts of a result (result) for cellLines: "lost,",
// "practice,", "takebacks 2", each but the last with its comma; an
// "after …" is a part of its own ("won by your bot", "after you left"),
// so that a line breaks before it first.
func resultParts(res string) []string {
	var parts []string
	for _, c := range strings.Split(res, ", ") {
		if pre, post, ok := strings.Cut(c, " after "); ok {
			parts = append(parts, pre, "after "+post+",")
		} else {
			parts = append(parts, c+",")
		}
	}
	parts[len(parts)-1] = strings.TrimSuffix(parts[len(parts)-1], ",")
	return parts
}

// result says how a game went for the person: won, lost, playing,
// unfinished, or which side won a game without one person, and "by your
// bot after you left" when a bot played their seat at its end because
// they had left (at four, the side's result still); then whether it was
// practice and how many decisions were taken back.
func result(r *row) string {
	e := &r.entry
	if e.Err != nil {
		return ""
	}
	h := &e.Header
	n := h.Seats()
	res := "unfinished"
	me, one := r.me, r.one
	switch {
	case r.current && r.beside != "":
		// Kept beside the state directory: klob resumes it there.
		res = "playing, in " + r.beside
	case r.current:
		res = "playing"
	case e.Over && one && e.Winner == rules.SideOfSeat(n, me):
		res = "won"
	case e.Over && one:
		res = "lost"
	case e.Over:
		res = rules.SideName(n, e.Winner) + " won"
	}
	if e.Over && one && slices.Contains(e.Left, me) {
		res += " by your bot after you left"
	}
	if h.Practice() {
		// The player chose the seed: the cards could be known.
		res += ", practice"
	}
	if n := h.Tag(session.TakebacksTag); n != "" && n != "0" {
		res += ", takebacks " + n
	}
	return res
}

// started is when the game of r started, as far as it is known: its
// header's time, else the minute its file's name begins with (a game
// that cannot be read), else the zero time.
func started(r *row) time.Time {
	if r.entry.Err == nil {
		if t, ok := r.entry.Header.Start(time.UTC); ok {
			return t
		}
	}
	if t, ok := nameTime(filepath.Base(r.path)); ok {
		return t
	}
	return time.Time{}
}

// nameTime is the minute a history file's name begins with
// ("2026-12-01-1300-..." is 13:00 on 2026-12-01), in UTC.
func nameTime(base string) (time.Time, bool) {
	if len(base) > 16 && base[15] == '-' {
		if t, err := time.ParseInLocation("2006-01-02-1504", base[:15], time.UTC); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// fileWhen is the started column of a game that cannot be read: the
// time its file's name begins with ("2026-12-01-1300-..." is
// "2026-12-01 13:00"), else the name, elided to the column with mark.
func fileWhen(base, mark string) string {
	if t, ok := nameTime(base); ok {
		return t.Format("2006-01-02 15:04")
	}
	return kit.ElideName(base, 16, mark)
}

// rowLines describe one game: when, who, deals, score, result; who
// played and the result wrap in their columns (cellLines), the row
// taking as many lines as the longer of the two.
func (s *History) rowLines(r *row, c cols) []string {
	e := &r.entry
	w := c.width()
	if e.Err != nil {
		return []string{kit.Fit(fmt.Sprintf("%-16s  cannot be read (enter says why)", fileWhen(filepath.Base(r.path), c.cut)), w)}
	}
	h := &e.Header
	when := strings.TrimSpace(h.Date + " " + trimSeconds(h.Time))
	if when == "" {
		when = "date unknown"
	}
	if r.current {
		when = "in progress"
	}
	who := cellLines(playerParts(r), c.players, c.cut)
	res := cellLines(resultParts(result(r)), c.result, c.cut)
	out := []string{kit.Fit(c.line(kit.Clip(when, 16), who[0], fmt.Sprint(e.Deals), scoreOf(r), res[0]), w)}
	for i := 1; i < max(len(who), len(res)); i++ {
		line := kit.Repeat(" ", 16+2)
		if i < len(who) {
			line += kit.Fit(who[i], c.players)
		} else {
			line += kit.Repeat(" ", c.players)
		}
		if i < len(res) {
			line += kit.Repeat(" ", 1+5+2+c.score+2) + res[i]
		}
		out = append(out, kit.Fit(line, w))
	}
	return out
}

// playerParts are who played in a game that could be read, for
// cellLines: each name with its words ("vs West,"), then the bots' one
// level, if any ("(both normal)").
func playerParts(r *row) []string {
	h := &r.entry.Header
	n := h.Seats()
	name := func(seat rules.Seat) string {
		nm := h.PlayerName(seat)
		if lv := h.Level(seat); lv != "" && lv != gamelog.Human {
			nm += " (" + lv + ")"
		}
		return nm
	}
	var players, group string
	switch {
	case r.one:
		players, group = withVs(h, r.me, n)
	case rules.PlaysInTeams(n):
		// Two teams, partners across: "ann & Bot C vs bob & Bot D".
		var teams []string
		for side := range rules.SidesAt(n) {
			var team []string
			for _, s := range rules.SeatsOfSide(n, side) {
				team = append(team, h.PlayerName(s))
			}
			teams = append(teams, strings.Join(team, " & "))
		}
		players = strings.Join(teams, " vs ")
	default:
		var all []string
		for o := range rules.Seat(n) {
			all = append(all, name(o))
		}
		players = strings.Join(all, " vs ")
	}
	// A part is a name with the words around it ("with North", "vs
	// West,"): a line breaks between names, not inside one, nor after a
	// "vs".
	bound := strings.NewReplacer(", ", ",\x00", " vs ", "\x00vs ", " & ", "\x00& ").Replace(untrusted.Text(players))
	parts := strings.Split(bound, "\x00")
	if group != "" {
		parts = append(parts, untrusted.Text(group))
	}
	return parts
}

// withVs says whom the person played with and against, one form at
// every seat count: "vs Bot (normal)", "vs West, East (both normal)",
// "with North vs West, East (all normal)": the partner, then the
// opponents, in the seats after the person's round the table, as the
// score (scoreOf) gives their sides. A bot's level follows its name,
// said once at the end (group) when every other seat is a bot of that
// level. The names say how many played: no "4 players:" before them.
func withVs(h *gamelog.Header, me rules.Seat, n int) (players, group string) {
	partner := rules.NoSeat
	var others, seats []rules.Seat
	for i := 1; i < n; i++ {
		o := rules.SeatAfter(me, i, n)
		seats = append(seats, o)
		if rules.SideOfSeat(n, o) == rules.SideOfSeat(n, me) {
			partner = o
		} else {
			others = append(others, o)
		}
	}
	// One level for all: the bots' levels, when every seat is a bot of
	// the same one.
	one := h.Level(seats[0])
	for _, o := range seats {
		if lv := h.Level(o); lv == "" || lv == gamelog.Human || lv != one {
			one = ""
		}
	}
	name := func(o rules.Seat) string {
		nm := h.PlayerName(o)
		if lv := h.Level(o); one == "" && lv != "" && lv != gamelog.Human {
			nm += " (" + lv + ")"
		}
		return nm
	}
	var names []string
	for _, o := range others {
		names = append(names, name(o))
	}
	players = "vs " + strings.Join(names, ", ")
	if partner != rules.NoSeat {
		players = "with " + name(partner) + " " + players
	}
	switch {
	case one == "":
	case len(seats) == 1:
		group = "(" + one + ")"
	case len(seats) == 2:
		group = "(both " + one + ")"
	default:
		group = "(all " + one + ")"
	}
	return players, group
}

// scoreOf is a game's score by side, the person's side first.
func scoreOf(r *row) string {
	e := &r.entry
	if e.Err != nil {
		return ""
	}
	n := e.Header.Seats()
	sides := rules.SidesAt(n)
	first := 0
	if r.one {
		first = rules.SideOfSeat(n, r.me)
	}
	var score []string
	for i := range sides {
		score = append(score, fmt.Sprint(e.Totals[(first+i)%sides]))
	}
	return strings.Join(score, "–")
}

// trimSeconds writes 14:31:05 as 14:31.
func trimSeconds(t string) string {
	if len(t) == 8 {
		return t[:5]
	}
	return t
}

// detailLines are the file under the cursor, or why it did not open
// (wrapped on up to three lines: an error says file:line and what).
func (s *History) detailLines(ctx *kit.Context, w int) []string {
	st := &ctx.Styles
	switch {
	case s.note != "" && !s.noteOK:
		return kit.Indent(" ", kit.Hang("! ", "  ", kit.WrapLines(s.note, max(1, w-4), 3, ctx.Ellipsis())), st.Error.Render)
	case s.note != "":
		return []string{" " + kit.Clip(s.note, w-1)}
	case s.cursor < len(s.rows):
		path := s.rows[s.cursor].path
		// Broken only after a "/" where it can be (kit.PathLines), so
		// that the file's name stays whole for copying.
		return kit.Indent(" ", kit.PathLines(s.unpath(path, path), w-2, 2), st.Dim.Render)
	}
	return []string{""}
}

// unpath is text about the game file path with the file's directory
// left out when the configuration hides paths, else with the path as the
// configuration shows it.
func (s *History) unpath(text, path string) string {
	if !s.cfg.HidePaths {
		return strings.ReplaceAll(text, path, s.cfg.ShowPath.Show(path))
	}
	return strings.ReplaceAll(text, filepath.Dir(path)+string(filepath.Separator), "")
}

// leaveKeys are q and esc, which both leave the read-only list at once
// (QuitsAtOnce), as the line of keys names them (short) and the help
// (full): "q quit" and "q/esc quit" in klob replay. Where the App words
// q otherwise (the lobby's "leave", which there means q asks first),
// both come back to the screen the list was opened from: "q/esc back".
func leaveKeys(k *kit.KeyMap) (short, full key.Binding) {
	if k.QuitWord != "" {
		back := kit.Brief("back", k.Quit, k.Back)
		return back, back
	}
	return k.QuitHint(), kit.Brief(k.QuitHint().Help().Desc, k.Quit, k.Back)
}

// lineEnd ends the list's line of keys: the help and the way out, as
// the App's other screens order them: "? help · q quit" in klob
// replay, "q/esc back · ? help" in the lobby, as its screens whose q
// and esc come back at once say.
func lineEnd(k *kit.KeyMap) []key.Binding {
	leave, _ := leaveKeys(k)
	if k.QuitWord != "" {
		return []key.Binding{leave, kit.Brief("help", k.Help)}
	}
	return []key.Binding{kit.Brief("help", k.Help), leave}
}

// KeyHelp is the list's keys as help. q and esc leave the read-only
// list at once (QuitsAtOnce), so the help does not say q asks first.
func (s *History) KeyHelp(k *kit.KeyMap) help.KeyMap {
	_, quit := leaveKeys(k)
	if s.loaded && len(s.rows) == 0 {
		// Nothing to choose nor to replay: only the help and how to
		// leave.
		return kit.KeyHelp{Short: lineEnd(k), Full: [][]key.Binding{{k.Help, quit}}}
	}
	return kit.KeyHelp{
		Short: append([]key.Binding{moveKeys(k), kit.Brief("replay", k.Choose)}, lineEnd(k)...),
		Full: [][]key.Binding{{kit.Brief("choose a game", k.Up, k.Down),
			kit.PageKeys("a page of games up or down (the games shown)"), kit.EndKeys("the first or last game"),
			kit.Brief("replay it (esc comes back)", k.Choose), k.Help, quit}},
	}
}

// moveKeys are the keys that move the cursor through the list, as its
// line of keys names them in one hint, "↑/↓ PgUp/PgDn home/end choose",
// which fits 80 columns with the rest of the line in the lobby and under
// -ascii too; the help says what each does.
func moveKeys(k *kit.KeyMap) key.Binding {
	arrows := kit.Brief("", k.Up, k.Down)
	pages, ends := kit.PageKeys(""), kit.EndKeys("")
	keys := append(append(arrows.Keys(), pages.Keys()...), ends.Keys()...)
	return kit.Bind(arrows.Help().Key+" "+pages.Help().Key+" "+ends.Help().Key, "choose", keys...)
}

// HelpMarks: an empty list shows no score nor grade for the help's
// numbers and marks to explain.
func (s *History) HelpMarks() bool { return len(s.rows) > 0 }

// QuitQuestion: the list changes nothing.
func (s *History) QuitQuestion() string { return "Your saved games stay as they are." }

// QuitsAtOnce: leaving the read-only list asks no question.
func (s *History) QuitsAtOnce() bool { return true }
