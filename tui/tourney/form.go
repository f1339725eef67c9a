package tourney

import (
	"context"
	"fmt"
	"slices"
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
	lengths     = []time.Duration{30 * time.Minute, time.Hour, 3 * time.Hour, 12 * time.Hour, 24 * time.Hour, 48 * time.Hour,
		72 * time.Hour, 7 * 24 * time.Hour}
)

// lengthWords says a time to the end: "3 hours", "1 week".
func lengthWords(d time.Duration) string {
	switch {
	case d == 7*24*time.Hour:
		return "1 week"
	case d >= 24*time.Hour:
		return kit.Plural(int(d.Hours()/24), "day")
	case d < time.Hour:
		return kit.Plural(int(d.Minutes()), "minute")
	}
	return kit.Plural(int(d.Hours()), "hour")
}

// Choices are the new tournament's form as last left: the form opens
// again with them, so that esc and q, which leave it at once, lose
// nothing. The zero value is none yet: the form's defaults.
type Choices struct {
	set    bool
	setup  setup.Setup
	boards int
	length int
}

// form is a new tournament's choices: the seats, the bots' level, the
// rules, the boards, the time to the end.
type form struct {
	s      *Screen
	back   kit.Screen
	form   setup.Form
	boards int // index in boardCounts
	length int // index in lengths
	busy   bool
	err    string
}

// newForm is the form with the choices last left (Screen.choices), else
// the defaults: two seats, as the lobby's form of a new table and the
// trainer start, so that a new tournament's boards are a table's.
func newForm(s *Screen, back kit.Screen) *form {
	if c := s.choices(); c.set {
		return &form{s: s, back: back, boards: c.boards, length: c.length, form: setup.Form{Setup: c.setup, Sections: formSections}}
	}
	o := rules.DefaultOptions()
	o.Players = 2
	return &form{s: s, back: back, boards: 2, length: slices.Index(lengths, 24*time.Hour),
		form: setup.Form{Setup: setup.Setup{Level: ai.Normal, Options: o}, Sections: formSections}}
}

// formSections head the form's rows: the rules of the boards from the
// seats on, and after the house variants, the boards and the time.
var formSections = []setup.Section{
	{First: "seats", Heading: "The boards", Note: "(everyone plays them against bots of this level, by these rules)"},
	{First: "boards", Heading: "The tournament's length"},
}

// keep keeps the form's choices for the next form.
func (f *form) keep() {
	*f.s.choices() = Choices{set: true, setup: f.form.Setup, boards: f.boards, length: f.length}
}

func (*form) Name() string { return "new tournament" }

// rows are the seats, the rows of the rules for the seat count, the
// bots' level first (no target: a board is one deal), the boards and
// the time to the end.
func (f *form) rows() []setup.Row {
	rows := setup.TableRows(&f.form.Setup, "two, three each for themselves, or four in two teams; every entrant is dealt the same cards")
	out := slices.DeleteFunc(rows, func(r setup.Row) bool { return r.Key == "target" })
	return append(out, setup.Row{Key: "boards", Label: "Boards",
		Value:   func(*setup.Setup) string { return fmt.Sprint(boardCounts[f.boards]) },
		Step:    func(_ *setup.Setup, d int) { f.boards = setup.Clamp(f.boards+d, len(boardCounts)) },
		Steps:   setup.ClampSteps(func() int { return f.boards }, len(boardCounts)),
		Explain: func(*setup.Setup) string { return "each board is one deal; everyone plays the same boards" },
	}, setup.Row{Label: "Ends in",
		Value: func(*setup.Setup) string {
			now := f.s.now()
			return lengthWords(lengths[f.length]) + " (" + kit.When(now, now.Add(lengths[f.length])) + ")"
		},
		Step:    func(_ *setup.Setup, d int) { f.length = setup.Clamp(f.length+d, len(lengths)) },
		Steps:   setup.ClampSteps(func() int { return f.length }, len(lengths)),
		Explain: func(*setup.Setup) string { return "the boards can be played until then; the standings open at the end" },
	})
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
			f.err = errText("", msg.err)
			return f, nil
		}
		d := newDetail(f.s, msg.info.Code, f.back)
		d.note = fmt.Sprintf("Tournament %s is open, and you are in it: give friends the code %s.", msg.info.Code, msg.info.Code)
		return d, nil
	case tea.MouseClickMsg:
		// As the setup's form: a line chooses, ‹ › change, the button
		// creates.
		if f.busy {
			return f, nil
		}
		_, y, d := f.render(ctx)
		clicked := f.form.Click(msg, f.rows, y, d)
		f.keep()
		if clicked {
			return f, f.create()
		}
	case tea.KeyPressMsg:
		if f.busy {
			return f, nil
		}
		switch {
		case kit.IsKey(msg, k.Back):
			return f.back, nil
		case f.form.Key(k, msg, f.rows):
			f.err = ""
			f.keep()
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
	spec := svc.Spec{Rules: f.form.Setup.Options, Level: f.form.Setup.Level, Boards: boardCounts[f.boards],
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

// render is the form's screen: the title, the form in the lines the
// others leave it (its rows scroll, short of room), an error and the
// keys; with where the form's lines start and the form drawn, for
// clicks.
func (f *form) render(ctx *kit.Context) (lines []string, y int, d setup.Drawn) {
	st := &ctx.Styles
	lines = kit.Titled(ctx, "A new tournament")
	var foot []string
	if f.err != "" {
		foot = append(foot, kit.Alert(ctx, f.err, ctx.Width, 2)...)
	}
	foot = append(foot, "", " "+st.Dim.Render(kit.FitHintLine(ctx, f.KeyHelp(&ctx.Keys).ShortHelp(), ctx.Width-2)))
	create := "[ Create the tournament ]"
	if f.busy {
		create = "[ Creating… ]"
	}
	d = f.form.Draw(ctx, f.rows(), create, "the code to give friends comes next; par is worked out meanwhile",
		ctx.Height-len(lines)-len(foot))
	y = len(lines)
	return append(append(lines, d.Lines...), foot...), y, d
}

func (f *form) View(ctx *kit.Context) string {
	lines, _, _ := f.render(ctx)
	return kit.Canvas(lines, ctx.Width, ctx.Height)
}

// QuitsAtOnce: q leaves for the lobby unasked, as esc leaves for the
// list, the choices kept; not while the tournament is being made.
func (f *form) QuitsAtOnce() bool { return !f.busy }

// HelpMarks: the form shows no card, score nor grade for the help's
// numbers and marks to explain, as the lobby's table form shows none.
func (*form) HelpMarks() bool { return false }

// HelpRules is the form's rules as they stand, for the help's rules in
// short: the seat count and variants the boards will be played by.
func (f *form) HelpRules() (rules.Options, bool) { return f.form.Setup.Options, true }

// KeyHelp: the short keys are the form's line of keys. Esc goes back to
// the list and q to the lobby, both at once (QuitsAtOnce): where the App
// words q as the lobby does ("leave", which there means q asks first),
// the line says "q lobby" and the help where q goes.
func (f *form) KeyHelp(k *kit.KeyMap) help.KeyMap {
	moves := []key.Binding{kit.Brief("choose a line", k.Up, k.Down), kit.Brief("change it", k.Left, k.Right),
		kit.Brief("create", k.Choose)}
	quit, where := k.QuitHint(), k.QuitHint().Help().Desc
	if k.QuitWord != "" {
		quit, where = kit.Brief("lobby", k.Quit), "back to the lobby"
	}
	short := slices.Concat(moves, []key.Binding{kit.Brief("back", k.Back), kit.Brief("help", k.Help), quit})
	// Both leave at once and lose nothing: n opens the form again as
	// it was left.
	full := slices.Concat(moves, []key.Binding{kit.Brief("back to the tournaments, your choices kept", k.Back),
		k.Help, kit.Brief(where+", your choices kept", k.Quit)})
	return kit.KeyHelp{Short: short, Full: [][]key.Binding{full}}
}
