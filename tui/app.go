package tui

import (
	"fmt"
	"github.com/klob/klob/rules"
	"strings"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// minWidth and minHeight are the smallest window the table is laid out
// for. Below it every screen gives way to a message asking for more room.
const (
	minWidth  = 80
	minHeight = 24
)

// screenCtx is what every screen shares: the window size, the styles, the
// keys and the card painter. The App owns it and passes it to the screen
// on every call.
type screenCtx struct {
	Width, Height int
	Styles        styles
	Keys          keyMap
	ASCII         bool
	paint         *painter
}

func newContext(ascii bool) screenCtx {
	c := screenCtx{Width: minWidth, Height: minHeight, Keys: defaultKeys(), ASCII: ascii}
	c.setDark(true)
	return c
}

// setDark rebuilds the styles for the background.
func (c *screenCtx) setDark(dark bool) {
	c.Styles = newStyles(dark)
	c.paint = newPainter(&c.Styles, c.ASCII)
}

// screenModel is one full-window screen, a sub-model of the App. Update takes
// one message and returns the screen to show next (itself, or another to
// hand over) and a command. View draws the screen into ctx.Width ×
// ctx.Height cells; the App clips whatever it returns.
type screenModel interface {
	Name() string
	Update(ctx *screenCtx, msg tea.Msg) (screenModel, tea.Cmd)
	View(ctx *screenCtx) string
}

// helper is a screenModel that gives its keys' help (Bubbles' help.KeyMap,
// built from the App's keys): the full help is what the help overlay
// lists; a screen that gives none shows the play screens' help.
type helper interface {
	keyHelp(k *keyMap) help.KeyMap
}

// quitAsker is a screenModel whose quit question says something other than
// "the game stays saved" (the trainer, the replay viewer).
type quitAsker interface {
	QuitQuestion() string
}

// enterer is a screenModel with work to start when it becomes current (the
// first screen, or one handed over to).
type enterer interface {
	Enter(ctx *screenCtx) tea.Cmd
}

// overlay is drawn over the current screen and takes the keys while it
// is open: the help and the quit question. Other messages still reach
// the screen underneath, so a bot keeps playing and a save completes.
type overlay interface {
	update(ctx *screenCtx, msg tea.KeyPressMsg) (open bool, cmd tea.Cmd)
	view(ctx *screenCtx, under string) string
}

// coverer is an overlay that hides the whole screen (the help): the
// screen under it is not drawn while it is open.
type coverer interface{ covers() bool }

// appOptions configure an App.
type appOptions struct {
	ASCII bool
	// Flush, when set, runs before the program quits, to finish a save in
	// flight.
	Flush func()
	// QuitNote, when set, says what the person should know after the
	// program quits ("the game is saved...").
	QuitNote func() string
}

// App is the root model: it routes messages to the current screen and
// owns what they share.
type App struct {
	ctx     screenCtx
	screen  screenModel
	overlay overlay
	opts    appOptions
	quit    bool
}

// newApp returns an App that starts on first.
func newApp(first screenModel, opts appOptions) *App {
	return &App{ctx: newContext(opts.ASCII), screen: first, opts: opts}
}

// ScreenName names the current screen ("table", "replay", "history"...).
func (a *App) ScreenName() string { return a.screen.Name() }

// QuitNote returns what to print after the program has quit.
func (a *App) QuitNote() string {
	if a.opts.QuitNote == nil {
		return ""
	}
	return a.opts.QuitNote()
}

// Init asks the terminal for its background colour and starts the first
// screen.
func (a *App) Init() tea.Cmd {
	var cmd tea.Cmd
	if e, ok := a.screen.(enterer); ok {
		cmd = e.Enter(&a.ctx)
	}
	return tea.Batch(tea.RequestBackgroundColor, cmd)
}

// minSizer is a screenModel that needs more room than minWidth ×
// minHeight (the four-handed table).
type minSizer interface {
	minSize() (w, h int)
}

// minSize is the smallest window the current screen is laid out for.
func (a *App) minSize() (int, int) {
	if m, ok := a.screen.(minSizer); ok {
		return m.minSize()
	}
	return minWidth, minHeight
}

func (a *App) tooSmall() bool {
	w, h := a.minSize()
	return a.ctx.Width < w || a.ctx.Height < h
}

// quitCmd finishes any save in flight, then quits.
func (a *App) quitCmd() tea.Cmd {
	a.quit = true
	flush := a.opts.Flush
	return func() tea.Msg {
		if flush != nil {
			flush()
		}
		return tea.QuitMsg{}
	}
}

// Update routes msg.
func (a *App) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		a.ctx.Width, a.ctx.Height = max(msg.Width, 0), max(msg.Height, 0)
		return a, a.route(msg)
	case tea.BackgroundColorMsg:
		a.ctx.setDark(msg.IsDark())
		return a, nil
	case tea.KeyPressMsg:
		if isKey(msg, a.ctx.Keys.ForceQuit) {
			return a, a.quitCmd()
		}
		if a.quit {
			return a, nil
		}
		if a.overlay != nil {
			open, cmd := a.overlay.update(&a.ctx, msg)
			if !open {
				a.overlay = nil
			}
			return a, cmd
		}
		if isKey(msg, a.ctx.Keys.Quit) {
			if qa, ok := a.screen.(interface{ quitsAtOnce() bool }); ok && qa.quitsAtOnce() {
				return a, a.quitCmd() // a screen that keeps nothing
			}
			q := &quitAsk{}
			if qa, ok := a.screen.(quitAsker); ok {
				q.question = qa.QuitQuestion()
			}
			a.overlay = q
			return a, nil
		}
		if a.tooSmall() {
			return a, nil
		}
		if isKey(msg, a.ctx.Keys.Help) {
			h := &helpView{keys: playHelp(&a.ctx.Keys, rules.DefaultOptions())}
			if hk, ok := a.screen.(helper); ok {
				h.keys = hk.keyHelp(&a.ctx.Keys).FullHelp()
			}
			a.overlay = h
			return a, nil
		}
		return a, a.route(msg)
	case tea.MouseMsg:
		if a.overlay != nil || a.tooSmall() || a.quit {
			return a, nil
		}
		return a, a.route(msg)
	case quitNowMsg:
		return a, a.quitCmd()
	}
	return a, a.route(msg)
}

// route gives msg to the current screen and starts the next one if it
// hands over.
func (a *App) route(msg tea.Msg) tea.Cmd {
	next, cmd := a.screen.Update(&a.ctx, msg)
	if next == nil {
		next = a.screen
	}
	if next != a.screen {
		a.screen = next
		if e, ok := next.(enterer); ok {
			cmd = tea.Batch(cmd, e.Enter(&a.ctx))
		}
	}
	return cmd
}

// View draws the current screen, or asks for a larger window.
func (a *App) View() tea.View {
	v := tea.NewView(a.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "Klob"
	return v
}

// Render returns the screen's text, exactly Width × Height cells.
func (a *App) render() string {
	w, h := a.ctx.Width, a.ctx.Height
	if a.tooSmall() {
		return a.smallView()
	}
	s := ""
	if c, ok := a.overlay.(coverer); !ok || !c.covers() {
		s = a.screen.View(&a.ctx)
	}
	if a.overlay != nil {
		s = a.overlay.view(&a.ctx, s)
	}
	if a.ctx.ASCII {
		s = asciiText.Replace(s)
	}
	return canvas(splitLines(s), w, h)
}

func (a *App) smallView() string {
	w, h := a.ctx.Width, a.ctx.Height
	mw, mh := a.minSize()
	msg := fmt.Sprintf("Klob needs a window of at least %d×%d; this one is %d×%d. Please make it larger (q quits).",
		mw, mh, w, h)
	if a.overlay != nil {
		if q, ok := a.overlay.(*quitAsk); ok {
			msg = "Quit Klob? " + q.text() + " y: quit, n: stay."
		}
	}
	if a.ctx.ASCII {
		msg = asciiText.Replace(msg)
	}
	lines := wrap(msg, w)
	if len(lines) > h {
		lines = lines[:h]
	}
	top := max(0, (h-len(lines))/2)
	out := make([]string, top, h)
	for _, l := range lines {
		out = append(out, center(l, w))
	}
	return canvas(out, w, h)
}

// asciiText turns what is left of Unicode on a screen into ASCII for
// -ascii: arrows, dots, rules, marks and suits.
var asciiText = strings.NewReplacer(
	"←", "<-", "→", "->", "↑", "^", "↓", "v", "·", "-", "…", "...", "×", "x",
	"‹", "<", "›", ">", "▶", ">", "─", "-", "│", "|", "▮", "#", "░", "#",
	"•", "*", "▲", "^", "♣", "C", "♦", "D", "♥", "H", "♠", "S",
)

// quitNowMsg asks the App to quit (a screen's "quit" choice).
type quitNowMsg struct{}

// quitNow is a command that quits the App the way q then y does.
func quitNow() tea.Msg { return quitNowMsg{} }

// isRule reports whether line is a horizontal rule of hrule.
func isRule(line, hrule string) bool {
	t := strings.TrimSpace(ansi.Strip(line))
	return t != "" && strings.Trim(t, hrule) == ""
}

// quitAsk is the question q opens; question replaces the game's
// "the game stays saved" line when set.
type quitAsk struct{ question string }

func (q *quitAsk) update(ctx *screenCtx, msg tea.KeyPressMsg) (bool, tea.Cmd) {
	switch {
	case isKey(msg, ctx.Keys.Yes), isKey(msg, ctx.Keys.Quit):
		return false, quitNow
	case isKey(msg, ctx.Keys.No), isKey(msg, ctx.Keys.Back):
		return false, nil
	}
	return true, nil
}

func (q *quitAsk) text() string {
	if q.question != "" {
		return q.question
	}
	return "The game stays saved: start klob again to resume it."
}

func (q *quitAsk) view(ctx *screenCtx, under string) string {
	lines := splitLines(under)
	st := &ctx.Styles
	ask := []string{
		st.Rule.Render(repeat(ctx.paint.g.hrule, ctx.Width)),
		" " + st.Heading.Render("Quit Klob?") + " " + q.text(),
		" " + st.Key.Render("[y]") + " quit   " + st.Key.Render("[n]") + " keep playing",
	}
	n := len(ask)
	for len(lines) < ctx.Height {
		lines = append(lines, "")
	}
	if len(lines) > ctx.Height {
		lines = lines[:ctx.Height]
	}
	at := max(0, len(lines)-n)
	// Under a screen whose rule is just above the question's place (the
	// table's), that rule serves: a second one would stack under it.
	if at > 0 && isRule(lines[at-1], ctx.paint.g.hrule) {
		ask = append(ask[1:], "")
	}
	for i, l := range ask {
		if at+i < len(lines) {
			lines[at+i] = l
		}
	}
	return joinLines(lines)
}
