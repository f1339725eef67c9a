package tourney

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	svc "github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/setup"
)

// The list's own keys.
var (
	keyNew     = kit.Bind("n", "create a tournament: its code goes to friends", "n")
	keyCode    = kit.Bind("c", "open a tournament by its code", "c")
	keyRefresh = kit.Bind("r", "read the list again", "r")
	// keyReread is r on a tournament's page.
	keyReread = kit.Bind("r", "read the page again", "r")
)

// list is the tournaments a person can open: today's dailies, the club's
// running ones, and the ended ones they entered.
type list struct {
	s     *Screen
	items []svc.Info
	loading
	row int
	// at is the code of the tournament the cursor stays on as the list
	// is read again: the one chosen, or the one whose page the person
	// came back from (""; the row chosen).
	at string

	// entering is set while a code is typed.
	entering bool
	entry    string
	note     string
	ticks    kit.Ticker
}

func newList(s *Screen) *list { return &list{s: s} }

// newListAt is the list, its cursor on the tournament of code once read
// (where it is listed).
func newListAt(s *Screen, code string) *list { return &list{s: s, at: code} }

// cursorOn puts the cursor on the tournament of code, now if the list
// shows it and as it is read again.
func (p *list) cursorOn(code string) {
	p.at = code
	if i := slices.IndexFunc(p.items, func(i svc.Info) bool { return i.Code == code }); i >= 0 {
		p.row = i
	}
}

func (*list) Name() string { return "list" }

// Typing: every key goes to the code being typed.
func (p *list) Typing() bool { return p.entering }

// listMsg brings the list.
type listMsg struct {
	to    *list
	items []svc.Info
	err   error
}

// foundMsg brings the tournament of a code, for the part that asked:
// the list, of a code typed; a board, of its tournament (its end).
type foundMsg struct {
	to   kit.Screen
	info svc.Info
	err  error
}

// find reads the tournament of code for to.
func (s *Screen) find(to kit.Screen, code string) tea.Cmd {
	return s.call(func(ctx context.Context) tea.Msg {
		info, err := s.cfg.Service.Find(ctx, code)
		return foundMsg{to: to, info: info, err: err}
	})
}

// Enter reads the list.
func (p *list) Enter(*kit.Context) tea.Cmd {
	return tea.Batch(p.read(), p.s.tick(p, &p.ticks, p.s.cfg.Refresh))
}

func (p *list) read() tea.Cmd {
	s := p.s
	key := s.cfg.Player.Key
	return s.call(func(ctx context.Context) tea.Msg {
		items, err := s.cfg.Service.List(ctx, key)
		return listMsg{to: p, items: items, err: err}
	})
}

func (p *list) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case kit.TickMsg:
		if p.ticks.Due(msg, p) {
			return p, p.Enter(ctx)
		}
	case listMsg:
		if msg.to == p && p.got("", msg.err) {
			// The cursor stays on its tournament, where the list has
			// it still: others come and end meanwhile.
			at := p.at
			if at == "" && p.row < len(p.items) {
				at = p.items[p.row].Code
			}
			p.items = msg.items
			p.row = min(p.row, max(0, len(p.items)-1))
			p.cursorOn(at)
			p.at = ""
		}
	case foundMsg:
		if msg.to != kit.Screen(p) {
			return p, nil
		}
		if msg.err != nil {
			p.note = errText("", msg.err)
			return p, nil
		}
		return newDetail(p.s, msg.info.Code, p), nil
	case tea.KeyPressMsg:
		if p.entering {
			return p.typeKey(ctx, msg)
		}
		return p.key(ctx, msg)
	case tea.PasteMsg:
		// A code pasted (from a friend's message) is typed.
		if p.entering {
			p.addCode(msg.Content)
		}
	}
	return p, nil
}

func (p *list) key(ctx *kit.Context, msg tea.KeyPressMsg) (kit.Screen, tea.Cmd) {
	k := &ctx.Keys
	p.note = ""
	n := len(p.items)
	switch {
	case kit.IsKey(msg, k.Back):
		return p, func() tea.Msg { return backMsg{} }
	case kit.MoveRow(k, msg, &p.row, n):
	case kit.IsKey(msg, k.Choose) && n > 0:
		return newDetail(p.s, p.items[p.row].Code, p), nil
	case kit.IsKey(msg, keyNew):
		if p.s.guest() {
			p.note = svc.ErrGuest.Error()
			return p, nil
		}
		return newForm(p.s, p), nil
	case kit.IsKey(msg, keyCode):
		p.entering, p.entry = true, ""
	case kit.IsKey(msg, keyRefresh):
		return p, p.read()
	}
	return p, nil
}

// typeKey edits the code typed.
func (p *list) typeKey(_ *kit.Context, msg tea.KeyPressMsg) (kit.Screen, tea.Cmd) {
	switch msg.String() {
	case "esc":
		p.entering = false
	case "enter":
		p.entering = false
		return p, p.s.find(p, p.entry)
	case "backspace":
		if r := []rune(p.entry); len(r) > 0 {
			p.entry = string(r[:len(r)-1])
		}
	default:
		p.addCode(msg.Text)
	}
	return p, nil
}

// addCode adds to the code typed what text holds of a code: letters,
// digits and dashes, at most 24.
func (p *list) addCode(text string) {
	for _, r := range text {
		if len(p.entry) < 24 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
			p.entry += string(r)
		}
	}
}

// line is one tournament as the list shows it, in parts joined by " · ".
func (p *list) line(i svc.Info) []string { return p.lineAt(p.s.now(), i) }

// lineAt is line as seen at now.
func (p *list) lineAt(now time.Time, i svc.Info) []string {
	var parts []string
	switch {
	case i.Daily && i.Over:
		// Ended, among other days' dailies: its own day said.
		parts = append(parts, i.Title())
	case i.Daily:
		parts = append(parts, fmt.Sprintf("Daily · %d players", i.Players()))
	default:
		parts = append(parts, fmt.Sprintf("%s · %d players · %s · by %s", i.Code, i.Players(), setup.BotsOf(i.Level, i.Players()-1),
			p.s.hostOf(i)))
	}
	end := endsWords(now, i)
	if i.Over {
		end += ": standings"
	}
	return append(parts, kit.Plural(i.Boards, "board"), end, kit.Plural(i.Entries, "entrant"))
}

func (p *list) View(ctx *kit.Context) string {
	out, _ := p.render(ctx)
	return out
}

// click takes a left click on a tournament of the list: it chooses it,
// or, chosen, opens it (kit.Pick). The screen takes the clicks on the
// offers and the keys (Screen.click).
func (p *list) click(ctx *kit.Context, msg tea.MouseClickMsg) (kit.Screen, tea.Cmd, bool) {
	if p.entering {
		return p, nil, true // the code typed keeps the clicks off
	}
	_, hits := p.render(ctx)
	row, ok := kit.RowClicked(hits, msg)
	if !ok {
		return p, nil, false
	}
	if kit.Pick(&p.row, row) {
		next, cmd := p.key(ctx, kit.Press(ctx.Keys.Choose))
		return next, cmd, true
	}
	return p, nil, true
}

// render draws the list and returns where its tournaments lie.
func (p *list) render(ctx *kit.Context) (string, []kit.Hit) {
	st := &ctx.Styles
	w, h := ctx.Width, ctx.Height
	head := kit.Titled(ctx, "Tournaments")
	head = wrap(head, "The same boards for everyone, each at their own table against bots: your result "+
		"against par while it runs, the standings by matchpoints once it ends.", w)
	var body []string
	var of []int // the tournament of each line of body, -1 for none
	cursorAt := 0
	section := ""
	for i, it := range p.items {
		sec := "Club tournaments"
		switch {
		case it.Over:
			sec = "Ended: the tournaments you entered"
		case it.Daily:
			sec = fmt.Sprintf("Today's daily (%s): this server's boards, against its players", it.Date)
		}
		if sec != section {
			body = append(body, "", " "+st.Heading.Render(kit.Clip(sec, w-2)))
			of = append(of, -1, -1)
			section = sec
		}
		if i == p.row {
			cursorAt = len(body)
		}
		// A long line (a club tournament's code, host and end) wraps.
		row := kit.MarkRow(ctx, strings.Join(p.line(it), " · "), i == p.row)
		body = append(body, row...)
		of = append(of, slices.Repeat([]int{i}, len(row))...)
	}
	switch {
	case !p.loaded:
		body = append(body, "", " Reading the tournaments…")
	case p.err != "":
		body = append(append(body, ""), kit.Alert(ctx, p.err, w, 3)...)
	case len(p.items) == 0 && p.s.guest():
		body = append(body, "", "   "+st.Dim.Render("(no tournament runs)"))
	case len(p.items) == 0:
		body = append(body, "", "   "+st.Dim.Render("(no tournament runs: create one with n)"))
	}
	var foot []string
	switch {
	case p.entering:
		foot = append(foot, " Tournament code: "+st.Selected.Render(p.entry+"_")+st.Dim.Render("   enter open · esc cancel"))
	case p.note != "":
		foot = append(foot, kit.Alert(ctx, p.note, w, 2)...)
	}
	// The list's keys, r left out where the line has no room for it
	// (the list is read again on its own); the code typed takes every
	// letter: the line's keys only.
	keys := kit.FitHintLine(ctx, p.KeyHelp(&ctx.Keys).ShortHelp(), w-2, "read again")
	if p.entering {
		keys = kit.Clip("type the tournament's code · backspace erases · enter open · esc cancel", w-2)
	}
	foot = append(foot, "", " "+st.Dim.Render(keys))
	lines, at := kit.ScrolledAt(head, body, foot, cursorAt, h)
	rows := make([]int, len(at))
	for y, j := range at {
		rows[y] = -1
		if j >= 0 && j < len(of) {
			rows[y] = of[j]
		}
	}
	return kit.Canvas(lines, w, h), kit.RowHits(rows, 0, w)
}

// HelpMarks: tournaments, no card for the help's numbers and marks to
// explain.
func (*list) HelpMarks() bool { return false }

// KeyHelp: the short keys are the list's line of keys. Esc goes back
// to the lobby at once; q goes there too, asking first.
func (p *list) KeyHelp(k *kit.KeyMap) help.KeyMap {
	short := []key.Binding{kit.Brief("choose", k.Up, k.Down), kit.Brief("open", k.Choose), kit.Brief("new", keyNew),
		kit.Brief("code", keyCode), kit.Brief("read again", keyRefresh), kit.Brief("back", k.Back), kit.Brief("help", k.Help),
		k.QuitHint()}
	mid := []key.Binding{keyNew, keyCode, keyRefresh}
	if p.s.guest() {
		// A guest may look, not create.
		short = slices.Delete(short, 2, 3)
		mid = mid[1:]
	}
	return kit.KeyHelp{Short: short, Full: [][]key.Binding{{kit.Brief("choose a tournament", k.Up, k.Down),
		kit.Brief("open the tournament chosen", k.Choose)}, mid,
		{kit.Bind("esc", "back to the lobby", "esc"), k.Help, kit.QuitAsks(k)}}}
}
