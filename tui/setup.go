package tui

import (
	"fmt"
	"slices"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// setupForm is what the two steps of a new game's setup share: the
// Setup being made, the chosen line (the rows, then the start line) and
// the error shown under the form. The steps are setupScreen and, at
// three and four players, variantsScreen (setup34.go).
type setupForm struct {
	cfg   *PlayConfig
	setup Setup
	row   int
	err   string
}

// setupScreen is the short form before a new game: the opponent, the
// target and the rule options, pre-filled from the flags.
type setupScreen struct{ setupForm }

func newSetupScreen(cfg *PlayConfig, s Setup) *setupScreen {
	return &setupScreen{setupForm{cfg: cfg, setup: s}}
}

// upDown moves the chosen line on up and down, through the rows and
// the start line after them; it reports whether msg was one of those keys.
func (f *setupForm) upDown(k *kit.KeyMap, msg tea.KeyPressMsg, rows int) bool {
	n := rows + 1
	switch {
	case kit.IsKey(msg, k.Up):
		f.row = (f.row + n - 1) % n
	case kit.IsKey(msg, k.Down):
		f.row = (f.row + 1) % n
	default:
		return false
	}
	return true
}

// formLine draws one line of a setup form: the label, then the value
// between arrows that say left and right change it; marked when chosen.
// Both setup steps draw their rows with it, so they read as one form.
func formLine(ctx *kit.Context, label, value string, chosen bool) string {
	val := "‹ " + value + " ›"
	if ctx.ASCII {
		val = "< " + value + " >"
	}
	return formMark(ctx, fmt.Sprintf("%-24s %s", label, val), chosen)
}

// formMark puts the cursor before a form's line when it is chosen.
func formMark(ctx *kit.Context, line string, chosen bool) string {
	if !chosen {
		return "   " + line
	}
	return " " + ctx.Paint.Glyphs.Cursor + " " + ctx.Styles.Selected.Render(line)
}

// startLine is the form's last line, which enter (from any line) starts.
const startLine = "[ Start the game ]"

func (s *setupScreen) Name() string { return "setup" }

// A setup row: its label, its value as text, how left/right change it,
// and a line saying what the option means for its value.
type setupRow struct {
	label   string
	value   func(*Setup) string
	step    func(*Setup, int)
	explain func(*Setup) string
	// applies, when set, says whether the row means anything for the
	// table being set up (the bottom card does not at four players).
	applies func(*rules.Options) bool
}

// offered drops the rows that do not apply to o's table.
func offered(rows []setupRow, o *rules.Options) []setupRow {
	out := rows[:0:0]
	for _, r := range rows {
		if r.applies == nil || r.applies(o) {
			out = append(out, r)
		}
	}
	return out
}

// rowOf is the index of the row labelled label in rows, or at when it
// is gone (a change of seat count can drop a row above the cursor).
func rowOf(rows []setupRow, label string, at int) int {
	for i, r := range rows {
		if r.label == label {
			return i
		}
	}
	return at
}

var targets = []int{100, 200, 300, 500, 700, 1000, 1500, 2000}

// cycle moves v by d through the sorted values in list (v itself is
// added when it is not one of them).
func cycle(list []int, v, d int) int {
	l := append([]int(nil), list...)
	if !slices.Contains(l, v) {
		l = append(l, v)
		slices.Sort(l)
	}
	i := slices.Index(l, v) + d
	return l[(i%len(l)+len(l))%len(l)]
}

func onOffText(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

var setupRows = []setupRow{
	{"Opponent", func(s *Setup) string { return string(s.Level) + " bot" }, func(s *Setup, d int) {
		// The random bot is for tests: offered only when asked for.
		levels := []ai.Level{ai.Easy, ai.Normal, ai.Hard}
		if !slices.Contains(levels, s.Level) {
			levels = append([]ai.Level{s.Level}, levels...)
		}
		i := slices.Index(levels, s.Level) + d
		s.Level = levels[(i%len(levels)+len(levels))%len(levels)]
	}, func(s *Setup) string {
		switch s.Level {
		case ai.Easy:
			return "plays sensible cards and makes mistakes now and then"
		case ai.Normal:
			return "bids and plays by a careful rule of thumb"
		case ai.Hard:
			return "searches deals that fit what it can see: the strongest bot"
		}
		return "plays at random (for testing)"
	}, nil},
	{"Game to", func(s *Setup) string { return fmt.Sprint(s.Options.Target) }, func(s *Setup, d int) {
		s.Options.Target = cycle(targets, s.Options.Target, d)
	}, func(s *Setup) string {
		return fmt.Sprintf("the first to %d points after a deal wins the game", s.Options.Target)
	}, nil},
	{"Bottom card shown", func(s *Setup) string { return onOffText(s.Options.BottomCard) }, func(s *Setup, d int) {
		s.Options.BottomCard = !s.Options.BottomCard
	}, func(s *Setup) string {
		if s.Options.BottomCard {
			return "the stock's bottom card is turned up after the deal: both players know it"
		}
		return "the stock's bottom card stays hidden"
	}, (*rules.Options).HasBottomCard},
	{"Equal sequences by", func(s *Setup) string {
		if s.Options.SequenceRank == rules.RankByLength {
			return "length, then top card"
		}
		return "top card"
	}, func(s *Setup, d int) { s.Options.SequenceRank ^= 1 }, func(s *Setup) string {
		if s.Options.SequenceRank == rules.RankByLength {
			return "two fifties: the longer wins, then the higher top card"
		}
		return "two sequences of one value: the higher top card wins"
	}, nil},
	{"Sequences need a trick", func(s *Setup) string { return onOffText(s.Options.MeldsNeedTrick) }, func(s *Setup, d int) {
		s.Options.MeldsNeedTrick = !s.Options.MeldsNeedTrick
	}, func(s *Setup) string {
		if s.Options.MeldsNeedTrick {
			return "a player who takes no trick scores no sequences"
		}
		return "sequences count even without a trick"
	}, nil},
	{"Last trick bonus", func(s *Setup) string { return fmt.Sprint(s.Options.LastTrick) }, func(s *Setup, d int) {
		s.Options.LastTrick = cycle([]int{0, 10}, s.Options.LastTrick, d)
	}, func(s *Setup) string {
		if s.Options.LastTrick == 0 {
			return "the last trick scores only its cards"
		}
		return fmt.Sprintf("the last trick scores %d more", s.Options.LastTrick)
	}, nil},
}

// prefRows are the player's settings, offered when the game has a
// settings file: kept there for the next games.
var prefRows = []setupRow{
	{"Bot's speed", func(s *Setup) string { return s.Prefs.Pace.String() }, func(s *Setup, d int) {
		s.Prefs.Pace = settings.Pace((int(s.Prefs.Pace) + d + 4) % 4)
	}, func(s *Setup) string { return s.Prefs.Pace.Explain() }, nil},
	{"After each trick", func(s *Setup) string {
		if s.Prefs.AfterTrick == settings.WaitKey {
			return "wait for a key"
		}
		return "pause"
	}, func(s *Setup, d int) { s.Prefs.AfterTrick ^= 1 }, func(s *Setup) string { return s.Prefs.AfterTrick.Explain() }, nil},
	{"Sort the hand by", func(s *Setup) string {
		if s.Prefs.Sort == settings.BySuit {
			return "suit (A K Q J 10 9 8 7)"
		}
		return "trick strength"
	}, func(s *Setup, d int) { s.Prefs.Sort ^= 1 }, func(s *Setup) string { return s.Prefs.Sort.Explain() + " (o toggles it in a game)" }, nil},
}

// rows are the setup rows offered: the rules, and the settings when the
// game has a settings file.
func (s *setupScreen) rows() []setupRow {
	rows := append([]setupRow(nil), setupRows...)
	if s.cfg.Prefs != nil {
		rows = append(rows, prefRows...)
	}
	// setup34.go: three and four players go on to the house variants.
	return offered(append(rows, playersRow), &s.setup.Options)
}

// Update: up/down choose a line, left/right change it, enter starts.
func (s *setupScreen) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	k := &ctx.Keys
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		rows := s.rows()
		switch {
		case s.upDown(k, msg, len(rows)):
		case kit.IsKey(msg, k.Left), kit.IsKey(msg, k.Right):
			if s.row < len(rows) {
				d := 1
				if kit.IsKey(msg, k.Left) {
					d = -1
				}
				rows[s.row].step(&s.setup, d)
				s.row = rowOf(s.rows(), rows[s.row].label, s.row)
				s.err = ""
			}
		case kit.IsKey(msg, k.Choose):
			return s.start(ctx)
		}
	case archiveOldMsg:
		s.err = "the old game could not be filed in the history: " + msg.err.Error()
	case tea.MouseClickMsg:
		// A click on a line chooses it; on the start line it starts.
		row := msg.Y - setupFirstRow
		rows := s.rows()
		switch {
		case row >= 0 && row < len(rows):
			rows[row].step(&s.setup, 1)
			s.row = rowOf(s.rows(), rows[row].label, row)
		case row == len(rows)+1:
			return s.start(ctx)
		}
	}
	return s, nil
}

// setupFirstRow is the screen line of the first setup row.
const setupFirstRow = 4

// start makes the game and its bot; a bot that cannot be made is shown.
func (s *setupScreen) start(ctx *kit.Context) (kit.Screen, tea.Cmd) {
	if s.setup.Options.NumPlayers() > 2 {
		return newVariantsScreen(s.cfg, s.setup), nil
	}
	m, err := s.cfg.newGame(s.setup)
	if err != nil {
		s.err = err.Error()
		return s, nil
	}
	t := newTable(m, s.cfg)
	if c := s.cfg; c.Prefs != nil && *c.Prefs != s.setup.Prefs {
		*c.Prefs = s.setup.Prefs
		if c.SavePrefs != nil {
			if err := c.SavePrefs(s.setup.Prefs); err != nil {
				t.SetNote("Your settings could not be kept: "+err.Error(), true)
			}
		}
	}
	return t, nil
}

// KeyHelp is the form's keys as help.
func (s *setupScreen) KeyHelp(k *kit.KeyMap) help.KeyMap {
	short := []key.Binding{kit.Spelled("choose a line", k.Up, k.Down), kit.Spelled("change it", k.Left, k.Right), kit.Brief("start", k.Choose)}
	return kit.KeyHelp{Short: append(short, kit.AppKeys(k)...), Full: kit.PlayHelp(k, s.setup.Options)}
}

// View draws the form.
func (s *setupScreen) View(ctx *kit.Context) string {
	st := &ctx.Styles
	lines := append(kit.Titled(ctx, "Klaberjass for "+countWord(s.setup.Options.NumPlayers())+": a new game"), "", " "+st.Heading.Render("Set up the game"))
	rows := s.rows()
	for i, r := range rows {
		lines = append(lines, formLine(ctx, r.label, r.value(&s.setup), i == s.row))
	}
	// What the chosen line means.
	explain := "Start a game with these choices."
	if s.row < len(rows) {
		explain = rows[s.row].label + ": " + rows[s.row].explain(&s.setup) + "."
	}
	lines = append(lines, "", formMark(ctx, startLine, s.row == len(rows)), "")
	// The seed deals every card of the game: shown only once it is over,
	// unless the player chose it.
	if s.setup.Practice {
		lines = append(lines, fmt.Sprintf("   Practice game: seed %d, chosen by you (it is marked practice).", s.setup.Seed))
	} else {
		lines = append(lines, "   The seed of the deals is shown when the game is over.")
	}
	lines = append(lines, "")
	for _, l := range kit.Wrap(explain, max(10, ctx.Width-4)) {
		lines = append(lines, "   "+st.Dim.Render(l))
	}
	if s.cfg.Warning != "" {
		lines = append(lines, "")
		for _, l := range kit.Wrap("! "+s.cfg.Warning, ctx.Width-2) {
			lines = append(lines, " "+st.Error.Render(l))
		}
	}
	if s.err != "" {
		lines = append(lines, "", " "+st.Error.Render("! "+s.err))
	}
	lines = append(lines, "", " "+st.Dim.Render(kit.HintLine(s.KeyHelp(&ctx.Keys).ShortHelp())))
	return kit.JoinLines(lines)
}
