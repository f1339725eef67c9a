package tui

import (
	"time"

	"cmp"
	"fmt"
	"strings"

	"github.com/klob/klob/tui/kit"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// overlay is drawn over the current screen and takes the keys while it
// is open: the help and the quit question. Other messages still reach
// the screen underneath, so a bot keeps playing and a save completes.
type overlay interface {
	Update(ctx *kit.Context, msg tea.KeyPressMsg) (open bool, cmd tea.Cmd)
	View(ctx *kit.Context, under string) string
}

// coverer is an overlay that hides the whole screen (the help): the
// screen under it is not drawn while it is open.
type coverer interface{ Covers() bool }

// appOptions configure an App.
type appOptions struct {
	ASCII  bool
	Remote bool // an SSH session's program (kit.Context.Remote)
	// Settle is kit.Context.Settle: Timing.Settle of the program.
	Settle time.Duration
	// Flush, when set, is called as the program quits, on the UI
	// goroutine with the screen then shown; the wait it returns (nil for
	// none) runs off that goroutine, to finish a save in flight, before
	// the program ends. What the wait needs is read in Flush itself: the
	// model is not the wait's to read.
	Flush func(kit.Screen) func()
	// QuitNote, when set, says what the person should know after the
	// program quits ("the game is saved...").
	QuitNote func() string
	// QuitQuestion, when set, is the quit question of a screen that asks
	// none of its own ("" keeps "the game stays saved"): klob play says
	// so only while a game is kept.
	QuitQuestion func() string
}

// App is the root model: it routes messages to the current screen and
// owns what they share.
type App struct {
	ctx     kit.Context
	screen  kit.Screen
	overlay overlay
	opts    appOptions
	quit    bool
	tail    escTail // drops the typed-looking tail of a broken report
}

// newApp returns an App that starts on first.
func newApp(first kit.Screen, opts appOptions) *App {
	a := &App{ctx: kit.NewContext(opts.ASCII), screen: first, opts: opts}
	a.ctx.Remote, a.ctx.Settle = opts.Remote, opts.Settle
	return a
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
	return tea.Batch(tea.RequestBackgroundColor, kit.Enter(&a.ctx, a.screen))
}

// tooSmall reports whether the window is smaller than every screen is
// laid out for.
func (a *App) tooSmall() bool {
	return a.ctx.Width < kit.MinWidth || a.ctx.Height < kit.MinHeight
}

// quitCmd finishes any save in flight, then quits.
func (a *App) quitCmd() tea.Cmd {
	a.quit = true
	var wait func()
	if a.opts.Flush != nil {
		wait = a.opts.Flush(a.screen)
	}
	return func() tea.Msg {
		if wait != nil {
			wait()
		}
		return tea.QuitMsg{}
	}
}

// askQuit is what q does: quit at once on a screen that keeps
// nothing, else ask first.
func (a *App) askQuit() tea.Cmd {
	if kit.QuitsAtOnce(a.screen) {
		return kit.QuitNow // a screen that keeps nothing
	}
	def := ""
	if a.opts.QuitQuestion != nil {
		def = a.opts.QuitQuestion()
	}
	q := &quitAsk{question: kit.QuitQuestionOf(a.screen, def)}
	if qt, ok := a.screen.(quitTitler); ok {
		q.title, q.yes = qt.QuitTitle()
	}
	a.overlay = q
	return nil
}

// Update routes msg.
func (a *App) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	a.setQuitWord()
	if a.tail.drop(msg) {
		return a, nil
	}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		a.ctx.Width, a.ctx.Height = max(msg.Width, 0), max(msg.Height, 0)
		return a, a.route(msg)
	case tea.BackgroundColorMsg:
		a.ctx.SetDark(msg.IsDark())
		return a, nil
	case tea.KeyPressMsg:
		if kit.IsKey(msg, a.ctx.Keys.ForceQuit) {
			return a, a.quitCmd()
		}
		if a.quit {
			return a, nil
		}
		if a.overlay != nil {
			open, cmd := a.overlay.Update(&a.ctx, msg)
			if !open {
				a.overlay = nil
			}
			return a, cmd
		}
		if kit.IsKey(msg, a.ctx.Keys.Quit) {
			return a, a.askQuit()
		}
		if a.tooSmall() {
			return a, nil
		}
		if kit.IsKey(msg, a.ctx.Keys.Help) {
			a.overlay = kit.HelpFor(a.screen, &a.ctx.Keys)
			return a, nil
		}
		return a, a.route(msg)
	case tea.MouseMsg:
		if a.tooSmall() || a.quit {
			return a, nil
		}
		if a.overlay != nil {
			return a, a.clickOverlay(msg)
		}
		return a, a.route(msg)
	case kit.QuitNowMsg:
		if next, cmd := kit.QuitToOf(a.screen); next != nil {
			// A screen whose quit goes back (the lesson from the form).
			a.overlay = nil
			return a, kit.Show(&a.ctx, &a.screen, next, cmd)
		}
		return a, a.quitCmd()
	case kit.AskQuitMsg:
		if a.quit || a.overlay != nil {
			return a, nil
		}
		return a, a.askQuit()
	}
	return a, a.route(msg)
}

// clicker is an overlay with keys offered in words ("[y] quit"): the
// places of its offers, drawn over under.
type clicker interface {
	Hits(ctx *kit.Context, under string) []kit.Hit
}

// clickOverlay takes a click while an overlay is open: a click on one
// of its offers presses that key; any other click does nothing, the
// screen underneath taking none. The help offers nothing to click and
// closes on any key but its own: a left click closes it too, so that
// a person who opened it by mouse ("? help") can leave it by mouse.
func (a *App) clickOverlay(msg tea.MouseMsg) tea.Cmd {
	c, ok := a.overlay.(clicker)
	click, isClick := msg.(tea.MouseClickMsg)
	if _, help := a.overlay.(*kit.HelpView); help && isClick && click.Button == tea.MouseLeft {
		a.overlay = nil
		return nil
	}
	if !ok || !isClick {
		return nil
	}
	press, ok := kit.Clicked(c.Hits(&a.ctx, a.screen.View(&a.ctx)), click)
	if !ok {
		return nil
	}
	open, cmd := a.overlay.Update(&a.ctx, press)
	if !open {
		a.overlay = nil
	}
	return cmd
}

// route gives msg to the current screen and starts the next one if it
// hands over.
func (a *App) route(msg tea.Msg) tea.Cmd {
	next, cmd := a.screen.Update(&a.ctx, msg)
	return kit.Show(&a.ctx, &a.screen, next, cmd)
}

// View draws the current screen, or asks for a larger window.
func (a *App) View() tea.View {
	v := tea.NewView(a.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "Klob"
	return v
}

// setQuitWord makes the key hints say what q does on the screen shown,
// as y's word in its quit question: leave, on a screen whose q comes
// back to the server's lobby; back, in the lesson opened from the form.
func (a *App) setQuitWord() {
	a.ctx.Keys.QuitWord = ""
	if qt, ok := a.screen.(quitTitler); ok {
		_, a.ctx.Keys.QuitWord = qt.QuitTitle()
	}
}

// render returns the screen's text, exactly Width × Height cells.
func (a *App) render() string {
	a.setQuitWord()
	w, h := a.ctx.Width, a.ctx.Height
	if a.tooSmall() {
		return a.smallView()
	}
	s := ""
	if c, ok := a.overlay.(coverer); !ok || !c.Covers() {
		s = a.screen.View(&a.ctx)
	}
	if a.overlay != nil {
		s = a.overlay.View(&a.ctx, s)
	}
	if a.ctx.ASCII {
		s = kit.ASCIIText(s)
	}
	return kit.Canvas(kit.SplitLines(s), w, h)
}

// smallView is the frame of a window smaller than MinWidth×MinHeight:
// the size Klob needs, then what this one is and what q does, in the
// longest of its wordings that fits whole, so that a very small window
// still reads the size needed first ("Needs 80×24"), down to 1×1. With
// the quit question open it is the question, y and n first kept.
// A wording is one block: each of its sentences starts a line and
// wraps evenly (no word alone on a line), and every line starts at the
// block's margin, the block centred.
func (a *App) smallView() string {
	w, h := a.ctx.Width, a.ctx.Height
	mw, mh := kit.MinWidth, kit.MinHeight
	// q says what it does here: it leaves a shared table for the lobby.
	quits := "q quits"
	if a.ctx.Keys.QuitWord != "" {
		quits = "q: " + a.ctx.Keys.QuitWord
	}
	need := fmt.Sprintf("%d×%d", mw, mh)
	says := [][]string{
		{fmt.Sprintf("Klob needs a window of at least %s; this one is %d×%d.", need, w, h), fmt.Sprintf("Please make it larger (%s).", quits)},
		{fmt.Sprintf("Klob needs %s; this is %d×%d (%s).", need, w, h, quits)},
		{fmt.Sprintf("Needs %s; %s", need, quits)},
		{"Needs " + need},
		{need},
	}
	if q, ok := a.overlay.(*quitAsk); ok {
		says = [][]string{
			{q.heading(), q.text(), "y: " + q.yesWord() + ", n: stay."},
			{q.heading(), "y: " + q.yesWord() + ", n: stay."},
			{"y: " + q.yesWord() + ", n: stay"},
			{"y/n"},
		}
	}
	var lines []string
	for _, sentences := range says {
		lines = lines[:0]
		for _, msg := range sentences {
			if a.ctx.ASCII {
				msg = kit.ASCIIText(msg)
			}
			lines = append(lines, kit.WrapEven(msg, w)...)
		}
		if len(lines) <= h {
			break
		}
	}
	return kit.Canvas(kit.Block(lines, w, h), w, h)
}

// isRule reports whether line is a horizontal rule of hrule.
func isRule(line, hrule string) bool {
	t := strings.TrimSpace(ansi.Strip(line))
	return t != "" && strings.Trim(t, hrule) == ""
}

// cutFrom is where the paragraph that line at continues would start,
// when a question put over lines from at on would cut it mid-sentence:
// the first of the lines just above at that are neither blank nor a
// rule, when line at is one of them too and the line above it ends no
// sentence; at when nothing is cut. A paragraph of more than maxCut
// lines is not a note: it is left as it is.
func cutFrom(lines []string, at int, hrule string) int {
	const maxCut = 4
	text := func(i int) bool {
		return strings.TrimSpace(ansi.Strip(lines[i])) != "" && !isRule(lines[i], hrule)
	}
	if at >= len(lines) || at == 0 || !text(at) || !text(at-1) {
		return at
	}
	if last := strings.TrimSpace(ansi.Strip(lines[at-1])); strings.ContainsAny(last[len(last)-1:], ".!?") {
		return at
	}
	from := at
	for from > 0 && text(from-1) {
		from--
		if at-from > maxCut {
			return at
		}
	}
	return from
}

// quitAsk is the question q opens; question replaces the game's
// "the game stays saved" line when set, title and yes the heading and
// y's word (a screen whose q does not end Klob: quitTitler).
type quitAsk struct{ question, title, yes string }

// quitTitler is a screen whose q leaves for another screen rather than
// ending Klob (a game played from the server's lobby, the lesson opened
// from the setup form): the question's heading and y's word, both
// empty where q ends Klob after all.
type quitTitler interface{ QuitTitle() (title, yes string) }

func (q *quitAsk) heading() string { return cmp.Or(q.title, "Quit Klob?") }

func (q *quitAsk) yesWord() string { return cmp.Or(q.yes, "quit") }

func (q *quitAsk) Update(ctx *kit.Context, msg tea.KeyPressMsg) (bool, tea.Cmd) {
	switch {
	case kit.IsKey(msg, ctx.Keys.Yes), kit.IsKey(msg, ctx.Keys.Quit):
		return false, kit.QuitNow
	case kit.IsKey(msg, ctx.Keys.No), kit.IsKey(msg, ctx.Keys.Back):
		return false, nil
	}
	return true, nil
}

func (q *quitAsk) text() string {
	return cmp.Or(q.question, gameStaysSaved)
}

func (q *quitAsk) View(ctx *kit.Context, under string) string {
	out, _ := q.render(ctx, under)
	return out
}

// Hits are where the question's offers lie: a click on [y] or [n]
// does what the key does.
func (q *quitAsk) Hits(ctx *kit.Context, under string) []kit.Hit {
	_, hits := q.render(ctx, under)
	return hits
}

// render draws the question over the bottom of under, and returns
// where its offers lie.
func (q *quitAsk) render(ctx *kit.Context, under string) (string, []kit.Hit) {
	lines := kit.SplitLines(under)
	st := &ctx.Styles
	ask := []string{kit.Rule(ctx, ctx.Width)}
	// A long question (the lesson's) wraps rather than being cut at
	// the window's edge.
	ask = append(ask, kit.Indent(" ",
		kit.Wrap(st.Heading.Render(q.heading())+" "+q.text(), max(1, ctx.Width-2)), nil)...)
	offers, hits := kit.OfferLine(ctx, " ", []kit.Offer{{Key: ctx.Keys.Yes, What: q.yesWord()}, {Key: ctx.Keys.No, What: "stay"}}, 0)
	ask = append(ask, offers)
	n, row := len(ask), len(ask)-1 // row: the offers' line of ask
	lines = kit.Padded(lines[:min(len(lines), ctx.Height)], ctx.Height)
	at := max(0, len(lines)-n)
	// A paragraph the question's top would cut (a two-line "!" note)
	// goes whole: the question starts where it starts, blank lines
	// below it to the bottom, so no half sentence is left above it.
	if from := cutFrom(lines, at, ctx.Paint.Glyphs.HRule); from < at {
		ask = append(ask, make([]string, at-from)...)
		at = from
	}
	// Under a screen whose rule is just above the question's place (the
	// table's), that rule serves: a second one would stack under it.
	if at > 0 && isRule(lines[at-1], ctx.Paint.Glyphs.HRule) {
		ask, row = append(ask[1:], ""), row-1
	}
	for i, l := range ask {
		if at+i < len(lines) {
			lines[at+i] = l
		}
	}
	for i := range hits {
		hits[i].Rect.Y = at + row
	}
	if at+row >= len(lines) {
		hits = nil // a window too short to draw the offers
	}
	return kit.JoinLines(lines), hits
}
