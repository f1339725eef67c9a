package tourney

import (
	"context"
	"fmt"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/ai"
	svc "github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/setup"
)

// boardCounts and lengths are the form's choices of boards and of time
// to the end.
var (
	boardCounts = []int{4, 6, 8, 10, 12, 16, 20, 24}
	lengths     = []time.Duration{time.Hour, 3 * time.Hour, 12 * time.Hour, 24 * time.Hour, 48 * time.Hour,
		72 * time.Hour, 7 * 24 * time.Hour}
)

// lengthWords says a time to the end: "3 hours", "1 week".
func lengthWords(d time.Duration) string {
	switch {
	case d == 7*24*time.Hour:
		return "1 week"
	case d >= 24*time.Hour:
		return kit.Plural(int(d.Hours()/24), "day")
	}
	return kit.Plural(int(d.Hours()), "hour")
}

// form is a new tournament's choices: the seats, the bots' level, the
// rules, the boards, the time to the end.
type form struct {
	s      *Screen
	back   kit.Screen
	seats  int
	setup  setup.Setup
	boards int // index in boardCounts
	length int // index in lengths
	row    int
	busy   bool
	err    string
}

func newForm(s *Screen, back kit.Screen) *form {
	return &form{s: s, back: back, seats: 3, boards: 2, length: 3,
		setup: setup.Setup{Level: ai.Normal, Options: rules.DefaultOptions()}}
}

func (*form) Name() string { return "new tournament" }

// rules are the rows of the rules for the seat count, the bots' level
// first (no target: a board is one deal).
func (f *form) rules() []setup.Row {
	f.setup.Options.Players = f.seats
	var out []setup.Row
	for _, r := range append(setup.RuleRows(&f.setup), setup.VariantRows(&f.setup)...) {
		if r.Key != "target" {
			out = append(out, r)
		}
	}
	out[0].Label = "Bots"
	if f.seats == 2 {
		out[0].Label = "Bot" // one bot a board
	}
	return out
}

// createdMsg brings the tournament made (and entered), or why not.
type createdMsg struct {
	to   *form
	info svc.Info
	err  error
}

func (f *form) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	k := &ctx.Keys
	switch msg := msg.(type) {
	case createdMsg:
		if msg.to != f {
			return f, nil
		}
		f.busy = false
		if msg.err != nil {
			f.err = errText(msg.err)
			return f, nil
		}
		d := newDetail(f.s, msg.info.Code, f.back)
		d.note = fmt.Sprintf("Tournament %s is open, and you are in it: give friends the code %s.", msg.info.Code, msg.info.Code)
		return d, nil
	case tea.KeyPressMsg:
		if f.busy {
			return f, nil
		}
		rows := f.rules()
		n := len(rows) + 4 // seats, the rules, boards, length, create
		switch {
		case kit.IsKey(msg, k.Back):
			return f.back, nil
		case kit.MoveRow(k, msg, &f.row, n):
		case kit.Step(k, msg) != 0:
			d := kit.Step(k, msg)
			switch {
			case setup.StepFormRow(&f.setup, rows, f.row, d):
				f.seats = f.setup.Options.Players
			case f.row == len(rows)+1:
				f.boards = (f.boards + d + len(boardCounts)) % len(boardCounts)
			case f.row == len(rows)+2:
				f.length = (f.length + d + len(lengths)) % len(lengths)
			}
			f.err = ""
			f.row = min(f.row, len(f.rules())+3)
		case kit.IsKey(msg, k.Choose):
			return f, f.create()
		}
	}
	return f, nil
}

// create makes the tournament and enters its creator.
func (f *form) create() tea.Cmd {
	f.busy, f.err = true, ""
	s := f.s
	f.setup.Options.Players = f.seats
	spec := svc.Spec{Rules: f.setup.Options, Level: f.setup.Level, Boards: boardCounts[f.boards],
		Ends: s.now().Add(lengths[f.length])}
	pl := s.cfg.Player
	return s.call(func(ctx context.Context) tea.Msg {
		info, err := s.cfg.Service.Create(ctx, pl, spec)
		if err == nil {
			err = s.cfg.Service.Enter(ctx, pl, info.Code)
		}
		return createdMsg{to: f, info: info, err: err}
	})
}

func (f *form) View(ctx *kit.Context) string {
	st := &ctx.Styles
	lines := kit.Titled(ctx, "A new tournament")
	lines = append(lines, " "+st.Heading.Render("The boards")+st.Dim.Render("  (everyone plays them against bots of this level, by these rules)"))
	row := func(i int, label, value string) {
		lines = append(lines, setup.FormLine(ctx, label, value, i == f.row))
	}
	row(0, "Seats", fmt.Sprint(f.seats))
	rows := f.rules()
	for i, r := range rows {
		row(i+1, r.Label, r.Value(&f.setup))
	}
	row(len(rows)+1, "Boards", fmt.Sprint(boardCounts[f.boards]))
	row(len(rows)+2, "Ends in", lengthWords(lengths[f.length])+" ("+when(f.s.now(), f.s.now().Add(lengths[f.length]))+")")
	explain := ""
	switch {
	case f.row == 0:
		explain = "two, three each for itself, or four in two teams; each entrant in seat A"
	case f.row <= len(rows):
		explain = rows[f.row-1].Explain(&f.setup)
	case f.row == len(rows)+1:
		explain = "each board is one deal; everyone plays the same boards"
	case f.row == len(rows)+2:
		explain = "the boards can be played until then; the standings open at the end"
	default:
		explain = "the code to give friends comes next; par is worked out meanwhile"
	}
	lines = append(lines, kit.Clip("     "+st.Dim.Render(explain), ctx.Width))
	create := "[ Create the tournament ]"
	if f.busy {
		create = "[ Creating… ]"
	}
	lines = append(lines, "", setup.FormMark(ctx, create, f.row == len(rows)+3))
	if f.err != "" {
		for _, l := range kit.WrapLines("! "+f.err, ctx.Width-2, 2) {
			lines = append(lines, " "+st.Error.Render(l))
		}
	}
	lines = append(lines, "", " "+st.Dim.Render("↑/↓ choose a line · ←/→ change it · enter create · esc back"))
	return kit.Canvas(lines, ctx.Width, ctx.Height)
}

func (f *form) KeyHelp(k *kit.KeyMap) help.KeyMap {
	moves := []key.Binding{kit.Brief("choose a line", k.Up, k.Down), kit.Brief("change it", k.Left, k.Right),
		kit.Brief("create", k.Choose), kit.Brief("back", k.Back)}
	return kit.KeyHelp{Short: moves, Full: [][]key.Binding{moves, {k.Help, k.Quit}}}
}

// QuitQuestion: quitting here goes back to the lobby.
func (*form) QuitQuestion() string { return "Back to the lobby." }
