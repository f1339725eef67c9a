package tourney

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/record/gamelog"
	svc "github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/replay"
)

// The keys of the results.
var (
	keyPar   = kit.Bind("p", "the hard bot's line of the board (par), in the replay", "p")
	keyField = kit.Bind("a", "everyone's results on the board", "a")
)

// logMsg brings a log to replay, for the part that asked.
type logMsg struct {
	to   kit.Screen
	code string // the tournament's
	log  *gamelog.Log
	name string
	n    int
	err  error
	// others: the log is not the person's own play (another entrant's,
	// or par's line), so its human seat is not "you".
	others bool
}

// openLog reads the play of entrant key on board n (key "": par's
// line) for the replay, back coming back.
func (s *Screen) openLog(back kit.Screen, code, key, name string, n int) tea.Cmd {
	return s.call(func(ctx context.Context) tea.Msg {
		var l *gamelog.Log
		var err error
		if key == "" {
			l, err = s.cfg.Service.ParLog(ctx, code, n)
		} else {
			l, err = s.cfg.Service.PlayLog(ctx, code, key, n)
		}
		return logMsg{to: back, code: code, log: l, name: name, n: n, err: err, others: key != s.cfg.Player.Key}
	})
}

// showLog opens m's log in the replay; back is where esc comes back.
// When the log cannot be shown it says why in *note and stays on back.
func (s *Screen) showLog(m logMsg, boards int, back kit.Screen, note *string) kit.Screen {
	if m.err != nil {
		*note = errText(m.code, m.err)
		return back
	}
	rp, err := m.log.Replay()
	if err != nil {
		*note = kit.Sentence("the board cannot be replayed: " + err.Error())
		return back
	}
	return replay.New(rp, m.name, replay.Config{ASCII: s.cfg.ASCII, Analyze: s.cfg.Analyze,
		Board: fmt.Sprintf("Board %d of %d", m.n, boards), Others: m.others, Sort: s.cfg.Sort}, back)
}

// entrant is one entrant's boards once the tournament has ended: their
// result, par and matchpoints on each; their play and par's line open
// in the replay.
type entrant struct {
	s    *Screen
	fin  *svc.Final
	i    int // the entrant
	back kit.Screen
	row  int
	note string
}

func newEntrant(s *Screen, fin *svc.Final, i int, back kit.Screen) *entrant {
	return &entrant{s: s, fin: fin, i: i, back: back}
}

func (*entrant) Name() string { return "entrant" }

// standing is the entrant's row of the standings.
func standing(f *svc.Final, i int) duplicate.Standing {
	for _, r := range f.Standings.Rows {
		if r.Entry == i {
			return r
		}
	}
	return duplicate.Standing{}
}

func (p *entrant) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	k := &ctx.Keys
	boards := p.fin.Info.Boards
	switch msg := msg.(type) {
	case logMsg:
		if msg.to == kit.Screen(p) {
			return p.s.showLog(msg, boards, p, &p.note), nil
		}
	case tea.KeyPressMsg:
		p.note = ""
		n := p.row + 1
		e := p.fin.Entrants[p.i]
		switch {
		case kit.IsKey(msg, k.Back):
			return p.back, nil
		case kit.MoveRow(k, msg, &p.row, boards):
		case kit.IsKey(msg, k.Choose) && p.fin.Played(p.i, n):
			return p, p.s.openLog(p, p.fin.Info.Code, e.Key, e.Name+"'s play", n)
		case kit.IsKey(msg, k.Choose) && p.fin.Unfinished(p.i, n):
			p.note = fmt.Sprintf("%s did not finish board %d before %s ended, so it does not count.", e.Name, n, the(p.fin.Info.Code))
		case kit.IsKey(msg, k.Choose):
			p.note = fmt.Sprintf("%s did not play board %d.", e.Name, n)
		case kit.IsKey(msg, keyPar):
			return p, p.s.openLog(p, p.fin.Info.Code, "", "the hard bot's line", n)
		case kit.IsKey(msg, keyField):
			return newField(p.s, p.fin, n, p), nil
		}
	}
	return p, nil
}

func (p *entrant) View(ctx *kit.Context) string {
	st := &ctx.Styles
	w := ctx.Width
	f := p.fin
	e := f.Entrants[p.i]
	r := standing(f, p.i)
	// " Klob  " takes 7 cells of the title's line; a long name is cut
	// with "…" so that "'s boards" still shows.
	head := f.Info.Title() + " · "
	lines := kit.Titled(ctx, head+nameCell(e.Name, "'s boards", w-7-kit.WidthOf(head)))
	rank := "rank"
	if r.Tied {
		rank = "tied for rank" // the standings' "1="
	}
	// Ranked among those who played a board (the field): an entrant
	// who played none has no score, not 0.00%, and no rank.
	sum := fmt.Sprintf("%s: %s, %s %d of %d, %s played", e.Name, kit.Percent(r.Percent), rank, r.Rank, f.Standings.Field,
		kit.Plural(r.Played, "board"))
	if r.Played == 0 {
		sum = e.Name + ": no board played, so not ranked"
	}
	if v, n := f.VersusPar(p.i); n > 0 {
		sum += fmt.Sprintf(" · %s against par", kit.Number(v))
	}
	lines = wrap(lines, sum+".", w)
	row := func(mark, board, res, par, vs, mp string) string {
		return fmt.Sprintf("%s%5s %8s %8s %8s %9s", mark, board, res, par, vs, mp)
	}
	lines = append(lines, st.Heading.Render(row("  ", "Board", "Result", "Par", "vs par", "MP")))
	var rows []string
	for i := range f.Info.Boards {
		bs := r.Boards[i]
		par, res, vs, mp := "-", "·", "", "not played"
		if f.Unfinished(p.i, i+1) {
			// As the standings say it: begun, not finished by the end.
			mp = "not finished"
		}
		if f.Pars != nil {
			par = kit.Number(f.Pars[i])
		}
		if bs.Played {
			res, mp = kit.Number(bs.Result), kit.BoardShare(bs.Matchpoints, f.Standings.Top)
			if f.Pars != nil {
				vs = kit.Number(bs.Result - f.Pars[i])
			}
		}
		rows = append(rows, marked(ctx, i == p.row, func(mark string) string {
			return row(mark, fmt.Sprint(i+1), res, par, vs, mp)
		}))
	}
	return listView(ctx, lines, rows, p.row, p.note, p, "board")
}

// marked is a row of a list, line after its mark: the cursor, and the
// row selected, when it is chosen.
func marked(ctx *kit.Context, chosen bool, line func(mark string) string) string {
	if !chosen {
		return line("  ")
	}
	return ctx.Styles.Selected.Render(line(ctx.Paint.Glyphs.Cursor + " "))
}

// listView draws rows under head, row kept in view, and under them the
// note and the keys of h. Where the line has no room for every key,
// ↑/↓ leaves it first, whose words are move (the cursor shows the rows
// move), then q, which every other tournament screen's line says; the
// help keeps both.
func listView(ctx *kit.Context, head, rows []string, row int, note string, h kit.Helper, move string) string {
	w := ctx.Width
	var foot []string
	if note != "" {
		foot = append(foot, kit.Alert(ctx, note, w, 3)...)
	}
	keys := kit.FitHintLine(ctx, h.KeyHelp(&ctx.Keys).ShortHelp(), w-2, move, ctx.Keys.QuitHint().Help().Desc)
	foot = append(foot, "", " "+ctx.Styles.Dim.Render(keys))
	return kit.Canvas(kit.Scrolled(head, rows, foot, row, ctx.Height), w, ctx.Height)
}

// HelpMarks: results, no card for the help's numbers and marks to
// explain (the replays it opens have theirs).
func (*entrant) HelpMarks() bool { return false }

func (p *entrant) KeyHelp(k *kit.KeyMap) help.KeyMap {
	short := []key.Binding{kit.Brief("board", k.Up, k.Down), kit.Brief("their play", k.Choose), kit.Brief("par's line", keyPar),
		kit.Brief("everyone", keyField), kit.Brief("back", k.Back), kit.Brief("help", k.Help), k.QuitHint()}
	return kit.KeyHelp{Short: short, Full: [][]key.Binding{{kit.Brief("choose a board", k.Up, k.Down)}, {kit.Bind("enter", "their play of the board, in the replay", "enter"),
		keyPar, keyField}, {k.Back, k.Help, kit.QuitAsks(k)}}}
}

// field is everyone's results on one board, best first.
type field struct {
	s    *Screen
	fin  *svc.Final
	n    int
	back kit.Screen
	rows []int // the entrants who played it, best first
	row  int
	note string
}

func newField(s *Screen, fin *svc.Final, n int, back kit.Screen) *field {
	p := &field{s: s, fin: fin, n: n, back: back}
	res := map[int]float64{}
	for _, r := range fin.Standings.Rows {
		if b := r.Boards[n-1]; b.Played {
			p.rows = append(p.rows, r.Entry)
			res[r.Entry] = b.Result
		}
	}
	slices.SortStableFunc(p.rows, func(a, b int) int { return cmp.Compare(res[b], res[a]) })
	return p
}

func (*field) Name() string { return "board results" }

func (p *field) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	k := &ctx.Keys
	switch msg := msg.(type) {
	case logMsg:
		if msg.to == kit.Screen(p) {
			return p.s.showLog(msg, p.fin.Info.Boards, p, &p.note), nil
		}
	case tea.KeyPressMsg:
		p.note = ""
		n := len(p.rows)
		switch {
		case kit.IsKey(msg, k.Back):
			return p.back, nil
		case kit.MoveRow(k, msg, &p.row, n):
		case kit.IsKey(msg, k.Choose) && n > 0:
			e := p.fin.Entrants[p.rows[p.row]]
			return p, p.s.openLog(p, p.fin.Info.Code, e.Key, e.Name+"'s play", p.n)
		case kit.IsKey(msg, keyPar):
			return p, p.s.openLog(p, p.fin.Info.Code, "", "the hard bot's line", p.n)
		}
	}
	return p, nil
}

func (p *field) View(ctx *kit.Context) string {
	st := &ctx.Styles
	w := ctx.Width
	f := p.fin
	lines := kit.Titled(ctx, fmt.Sprintf("%s · board %d of %d", f.Info.Title(), p.n, f.Info.Boards))
	sum := fmt.Sprintf("%s played board %d", kit.Plural(len(p.rows), "entrant"), p.n)
	if f.Pars != nil {
		sum += "; par " + kit.Number(f.Pars[p.n-1])
	}
	lines = wrap(lines, sum+".", w)
	row := func(mark, name, res, vs, mp string) string {
		return fmt.Sprintf("%s%s %8s %8s %9s", mark, kit.Fit(name, 26), res, vs, mp)
	}
	lines = append(lines, st.Heading.Render(row("  ", "Name", "Result", "vs par", "MP")))
	var rows []string
	for i, e := range p.rows {
		b := standing(f, e).Boards[p.n-1]
		name := nameCell(f.Entrants[e].Name, you(f, e), 26)
		vs, mp := "", kit.BoardShare(b.Matchpoints, f.Standings.Top)
		if f.Pars != nil {
			vs = kit.Number(b.Result - f.Pars[p.n-1])
		}
		rows = append(rows, marked(ctx, i == p.row, func(mark string) string {
			return row(mark, name, kit.Number(b.Result), vs, mp)
		}))
	}
	if len(rows) == 0 {
		rows = append(rows, "   "+st.Dim.Render("(nobody played it)"))
	}
	return listView(ctx, lines, rows, p.row, p.note, p, "entrant")
}

// HelpMarks: results, no card for the help's numbers and marks to
// explain (the replays it opens have theirs).
func (*field) HelpMarks() bool { return false }

func (p *field) KeyHelp(k *kit.KeyMap) help.KeyMap {
	short := []key.Binding{kit.Brief("entrant", k.Up, k.Down), kit.Brief("their play", k.Choose),
		kit.Brief("par's line", keyPar), kit.Brief("back", k.Back)}
	return kit.KeyHelp{Short: slices.Concat(short, []key.Binding{kit.Brief("help", k.Help), k.QuitHint()}),
		Full: [][]key.Binding{short, {k.Help, kit.QuitAsks(k)}}}
}
