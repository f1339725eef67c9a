package setup

import (
	"fmt"
	"slices"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// Config is what the setup screen needs from the program around it.
type Config struct {
	// Prefs offers the player's settings (the game has a settings file).
	Prefs bool
	// Warning is a problem found before the screen opened (the state
	// directory cannot be used, say), shown under the form.
	Warning string
	// Start makes the game of s and returns its first screen; an error
	// (a bot that cannot be made) stays on the form.
	Start func(s Setup) (kit.Screen, error)
	// Back, when set, is where esc goes (the offer to resume a saved
	// game the form was opened from); else esc asks to quit, as q does.
	Back func() kit.Screen
	// Quit, when set, is the quit question (a saved game that stays
	// saved); else the App's.
	Quit string
	// Problem is shown under the form from the start (the game could
	// not start: its bots could not be made).
	Problem string
	// Learn, when set, opens the guided first game (klob learn) on L,
	// for a newcomer who meets the form first; the lesson comes back to
	// form when it ends.
	Learn func(form *Screen) (kit.Screen, error)
	// PrefsChanged, when set, is told the player's settings each time a
	// line of them changes, and returns the work that keeps them: they
	// are "kept for the next games" however the form is left.
	PrefsChanged func(settings.Settings) tea.Cmd
}

// learnKey is L: the small l changes a line's value (vi keys).
func learnKey() key.Binding {
	return kit.Bind("L", "learn: a guided first game, step by step, then back to this form", "L", "shift+l")
}

// ProblemMsg is a problem to show under the form, from work started as
// the screen opened (the settings could not be kept).
type ProblemMsg struct{ Text string }

// WarningMsg replaces the warning under the form (Config.Warning) when
// what it warned of changed while the form was open (a save of the
// settings kept the file that did not read aside).
type WarningMsg struct{ Text string }

// Screen is the form before a new game, one for every seat count: the
// players, the bots' level, the target, the rule options and the house
// variants that apply at that count, the player's settings, and a line
// on what the chosen line means. Enter starts the game from any line.
type Screen struct {
	cfg   Config
	setup Setup
	row   int // the chosen line: a row, or len(rows) for the start line
	err   string
	whole bool // the warning and the error shown whole (w), over the form
	// refusal answers the last key, when the form takes no such key:
	// the next key or click clears it.
	refusal string
}

// New returns the form, filled with s.
func New(cfg Config, s Setup) *Screen {
	s.settle()
	return &Screen{cfg: cfg, setup: s, err: cfg.Problem}
}

// SetProblem shows text under the form, as Config.Problem does, on the
// line the cursor is on: work the form's Start began off the UI
// goroutine came back with it (the old game could not be filed).
func (s *Screen) SetProblem(text string) { s.err = text }

// Setup is the form's current choice.
func (s *Screen) Setup() Setup { return s.setup }

// QuitQuestion is Config.Quit, or the App's question when it is empty
// (kit.QuitQuestionOf takes "" for none).
func (s *Screen) QuitQuestion() string { return s.cfg.Quit }

// Name is the screen's name for the App and tests.
func (s *Screen) Name() string { return "setup" }

// rows are the lines offered now.
func (s *Screen) rows() []Row { return Rows(&s.setup, s.cfg.Prefs) }

// Update: up/down (tab/shift+tab) choose a line, home and end the first
// and the start line, left/right change it, enter starts, any other key
// is answered with the keys the form takes; a click chooses the line
// clicked, steps its value on its ‹ or ›, or starts on the start line.
func (s *Screen) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	k := &ctx.Keys
	rows := s.rows()
	n := len(rows) + 1
	// w reads whole what the form as drawn cut short: the refusal of
	// the last key, cleared below, may be what cut a warning or error,
	// so whether w is taken is asked of the form with it.
	refused, cutShown, refusalCut := s.refusal, false, false
	if kp, ok := msg.(tea.KeyPressMsg); ok && !s.whole && kit.IsKey(kp, wholeKey()) {
		cutShown, refusalCut = s.cuts(ctx)
	}
	switch msg.(type) {
	case tea.KeyPressMsg, tea.MouseClickMsg:
		s.refusal = ""
	}
	if s.whole {
		// Any key or click closes the warning read whole.
		switch msg.(type) {
		case tea.KeyPressMsg, tea.MouseClickMsg:
			s.whole = false
			return s, nil
		}
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case kit.IsKey(msg, wholeKey()) && cutShown:
			s.whole = true
			if refusalCut {
				// The refusal was cut too: it is read whole with the
				// rest; the key that closes the view clears it.
				s.refusal = refused
			}
		case moveLine(k, msg, &s.row, n):
		case kit.Step(k, msg) != 0:
			if s.row < len(rows) {
				return s, s.change(rows[s.row], kit.Step(k, msg))
			}
		case kit.IsKey(msg, k.Choose):
			return s.Start()
		case s.cfg.Learn != nil && kit.IsKey(msg, learnKey()):
			next, err := s.cfg.Learn(s)
			if err != nil {
				s.err = err.Error()
				return s, nil
			}
			return next, nil
		case kit.IsKey(msg, k.Back):
			if s.cfg.Back != nil {
				return s.cfg.Back(), nil
			}
			// The form is the first screen: esc has nothing to go back
			// to, so it does what q does.
			return s, kit.AskQuit
		case k.Answerable(msg):
			// Any other key is answered, as on the other screens: a
			// key that did nothing without a word would leave the
			// person guessing.
			s.refusal = s.refuse(ctx, msg.String())
		}
	case ProblemMsg:
		s.err = msg.Text
	case WarningMsg:
		s.cfg.Warning = msg.Text
	case tea.MouseClickMsg:
		lines := s.layout(ctx)
		if msg.Y < 0 || msg.Y >= len(lines) {
			break
		}
		switch row, d := lines[msg.Y].hit(msg.X); {
		case row == startRow:
			s.row = len(rows)
			return s.Start()
		case row >= 0:
			// The label chooses the line (its explanation shows); its
			// arrows step the value as ← and → do.
			s.row = row
			if d != 0 {
				return s, s.change(rows[row], d)
			}
		}
	}
	return s, nil
}

// moveLine moves row through n lines (the last the start line) by
// ↑/↓, tab and shift+tab, home and end, and reports whether msg was one
// of those keys: the setup screen's form and the forms of the lobby and
// the tournaments move alike.
func moveLine(k *kit.KeyMap, msg tea.KeyPressMsg, row *int, n int) bool {
	switch {
	case kit.MoveRow(k, msg, row, n):
	case kit.IsKey(msg, nextKey()):
		*row = (*row + 1) % n
	case kit.IsKey(msg, prevKey()):
		*row = (*row + n - 1) % n
	case kit.IsKey(msg, firstKey()):
		*row = 0
	case kit.IsKey(msg, startKey()):
		*row = n - 1
	default:
		return false
	}
	return true
}

// The keys that move the cursor besides ↑/↓: tab and shift+tab as ↓
// and ↑, home to the first line, end to the start line.
func nextKey() key.Binding  { return kit.Bind("tab", "next line, as ↓", "tab") }
func prevKey() key.Binding  { return kit.Bind("shift+tab", "previous line, as ↑", "shift+tab") }
func firstKey() key.Binding { return kit.Bind("home", "the first line", "home") }
func startKey() key.Binding { return kit.Bind("end", "the start line", "end") }

// refuse answers a key the form does not take, naming every key it
// takes now: those of the help (KeyHelp), which lists them all, tab and
// home too, each named as the key line names it where it is there
// ("↑/↓", not "↑/↓ j/k"); w only while a warning is cut short, the
// answer itself under the form too (it may be what cuts one).
func (s *Screen) refuse(ctx *kit.Context, key string) string {
	offer := s.cut(ctx)
	answer := s.answer(ctx, key, offer)
	if !offer {
		// Laid out under the form, the answer may cut a warning or
		// error short (or itself): then it names w, which shows it.
		s.refusal = answer
		if s.cut(ctx) {
			answer = s.answer(ctx, key, true)
		}
	}
	return answer
}

// answer is refuse's answer to key, naming w when offer.
func (s *Screen) answer(ctx *kit.Context, key string, offer bool) string {
	hints := s.hintKeys(ctx)
	var keys []string
	for _, col := range s.KeyHelp(&ctx.Keys).FullHelp() {
		for _, b := range col {
			if len(b.Keys()) == 0 || b.Keys()[0] == wholeKey().Keys()[0] && !offer {
				continue
			}
			name := b.Help().Key
			for _, h := range hints {
				if slices.Equal(h.Keys(), b.Keys()) {
					name = h.Help().Key
				}
			}
			keys = append(keys, name)
		}
	}
	return kit.NotAmongKeys(key, keys)
}

// change steps row by d and keeps the cursor on it: the rows above it
// may come and go (bimah with dealer forced; the bottom card, shlomo and
// cleopatra with the seat count). A change of the player's settings
// returns Config.PrefsChanged's work.
func (s *Screen) change(row Row, d int) tea.Cmd {
	was := s.setup.Prefs
	row.Step(&s.setup, d)
	s.err = ""
	s.row = min(s.row, len(s.rows()))
	for i, r := range s.rows() {
		if r.Key == row.Key {
			s.row = i
			break
		}
	}
	if s.setup.Prefs != was && s.cfg.PrefsChanged != nil {
		return s.cfg.PrefsChanged(s.setup.Prefs)
	}
	return nil
}

// Start makes the game; a game that cannot start is said on the form.
func (s *Screen) Start() (kit.Screen, tea.Cmd) {
	if s.cfg.Start == nil {
		return s, nil
	}
	next, err := s.cfg.Start(s.setup)
	if err != nil {
		s.err = err.Error()
		return s, nil
	}
	return next, nil
}

// KeyHelp is the form's keys. The table's keys are the table's help:
// here ←/→ change a line's value, where at the table they choose a card.
func (s *Screen) KeyHelp(k *kit.KeyMap) help.KeyMap {
	quit := k.QuitHint()
	short := []key.Binding{kit.Spelled("choose a line", k.Up, k.Down), kit.Spelled("change it", k.Left, k.Right), kit.Brief("start", k.Choose)}
	full := []key.Binding{kit.Spelled("choose a line (the line under the form says what it means)", k.Up, k.Down),
		kit.Spelled("change the chosen line's value", k.Left, k.Right),
		kit.Spelled("start the game, from any line", k.Choose),
		// Each on its line: "tab/shift+tab" is wider than the help's
		// column of keys, and would run into its words.
		nextKey(), prevKey(),
		kit.Bind("home/end", "the first line, the start line", "home", "end")}
	if s.cfg.Warning != "" || s.err != "" || s.refusal != "" {
		// The answer to a key may be cut short too (a narrow window).
		full = append(full, wholeKey())
	}
	if s.cfg.Learn != nil {
		// New to Klaberjass: the form is where a newcomer lands.
		short = append(short, kit.Brief("learn", learnKey()))
		full = append(full, learnKey())
	}
	if s.cfg.Back != nil {
		// Opened from the offer to resume: esc goes back to it.
		short = append(short, kit.Brief("help", k.Help), kit.Brief("back", k.Back), quit)
		full = append(full, kit.Brief("this help", k.Help), kit.Brief("back to your saved game", k.Back),
			kit.Brief(quit.Help().Desc+" (asks first)", quit))
	} else {
		short = append(short, kit.Brief("help", k.Help), kit.Brief(quit.Help().Desc, quit, k.Back))
		full = append(full, kit.Brief("this help", k.Help), kit.Brief(quit.Help().Desc+" (asks first)", quit, k.Back))
	}
	return kit.KeyHelp{Short: short, Full: [][]key.Binding{full, {kit.Bind("click", "a line chooses it, its ‹ or › change it, the start line starts")}}}
}

// HelpMarks: the form shows no card, score nor grade for the help's
// numbers and marks to explain.
func (s *Screen) HelpMarks() bool { return false }

// HelpRules is the form's rules as they stand, for the help's rules in
// short: the seat count, target and variants of the game it will start.
func (s *Screen) HelpRules() (rules.Options, bool) { return s.setup.Options, true }

// View draws the form.
func (s *Screen) View(ctx *kit.Context) string {
	if s.whole {
		return s.wholeView(ctx)
	}
	lines := s.layout(ctx)
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l.text
	}
	return kit.JoinLines(out)
}

// CountWord writes a number of players as a word.
func CountWord(n int) string {
	switch n {
	case 3:
		return "three"
	case 4:
		return "four"
	}
	return "two"
}

// formLineEnds draws one row of a form: the label, then the value
// between arrows that say left and right change it, marked when chosen,
// with where each arrow lies (the cell either side of it: a click on ‹
// steps the value back, on › forward). An arrow shows only on the sides
// where a step changes the value (canBack, canFwd): at a row's limit it
// gives way to a blank of its width, so the value stays in place.
func formLineEnds(ctx *kit.Context, label, value string, chosen, canBack, canFwd bool) (text string, back, fwd kit.Rect) {
	l, r := "‹", "›"
	if ctx.ASCII {
		l, r = "<", ">"
	}
	if !canBack {
		l = " "
	}
	if !canFwd {
		r = " "
	}
	val := l + " " + value + " " + r
	head := fmt.Sprintf("%-24s ", label)
	x := kit.WidthOf(kit.Mark(ctx, head, chosen)) // the ‹
	back = kit.Rect{X: x - 1, W: 3, H: 1}
	fwd = kit.Rect{X: x + 2 + kit.WidthOf(value), W: 3, H: 1}
	return kit.Mark(ctx, head+val, chosen), back, fwd
}
