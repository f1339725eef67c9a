package kit

import (
	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
	"github.com/klob/klob/rules"
	"time"
)

// MinWidth and MinHeight are the smallest window the screens are laid
// out for. Below it the App shows a message asking for more room in
// place of any screen.
const (
	MinWidth  = 80
	MinHeight = 24
)

// Context is what every screen shares: the window size, the styles, the
// keys and the card painter. The App owns it and passes it to the screen
// on every call.
type Context struct {
	Width, Height int
	Styles        Styles
	Keys          KeyMap
	ASCII         bool // -ascii: suits as letters, boxes of + - |
	// Remote: the program serves an SSH session (klob serve), whose
	// person has no klob command to be pointed at.
	Remote bool
	// Settle is how long a new deal on the table screen takes no key
	// that decides: keys typed before it could be read (0 in tests that
	// answer as fast as they read the screen).
	Settle time.Duration
	Paint  *Painter // draws cards and suits with Styles
	// help keeps the part of the help that is the same on every screen
	// (the marks, the rules in short and the whole rules) as laid out
	// for the last width and painter: laying the rules out is the
	// costliest part of a frame, and the help opens often. Nil (a
	// Context made by hand) keeps nothing.
	help *helpTail
}

// NewContext returns the context of a new App: the minimum window, the
// key map, and the styles for a dark background until the terminal
// says which it has.
func NewContext(ascii bool) Context {
	c := Context{Width: MinWidth, Height: MinHeight, Keys: DefaultKeys(), ASCII: ascii, help: &helpTail{}}
	c.SetDark(true)
	return c
}

// Ellipsis is the mark that ends a cut text as the screen will show
// it: "…", or under -ascii the "..." the App writes for it, three cells.
// A screen fitting a text to a width cuts with it, so that the App's
// ASCII pass never makes a fitted line wider.
func (c *Context) Ellipsis() string {
	if c.ASCII {
		return "..."
	}
	return "…"
}

// Shown is what others wrote (a name, a line of talk) as the App shows
// it: under -ascii already in ASCII (ASCIIText), where a wide letter is
// one '?', one cell, not two; else s as it is. A screen that measures
// such text to fit it, or to line up what follows it, measures this,
// so that the App's ASCII pass leaves every column where it was laid.
func (c *Context) Shown(s string) string {
	if c.ASCII {
		return ASCIIText(s)
	}
	return s
}

// SetDark rebuilds the styles and the painter for the background.
func (c *Context) SetDark(dark bool) {
	c.Styles = NewStyles(dark)
	c.Paint = newPainter(&c.Styles, c.ASCII)
}

// Screen is one full-window screen, a sub-model of the App. Update takes
// one message and returns the screen to show next (itself, or another to
// hand over) and a command. View draws the screen into ctx.Width ×
// ctx.Height cells; the App clips whatever it returns.
type Screen interface {
	Name() string
	Update(ctx *Context, msg tea.Msg) (Screen, tea.Cmd)
	View(ctx *Context) string
}

// Helper is a Screen that gives its keys' help (Bubbles' help.KeyMap,
// built from the App's keys): the full help is what the help overlay
// lists; a screen that gives none shows the play screens' help.
type Helper interface {
	KeyHelp(k *KeyMap) help.KeyMap
}

// RulesTeller is a Screen showing a game: the help's rules in short are
// told for its seat count and target (ok false: no game yet). Screens
// around a table pass it on.
type RulesTeller interface {
	HelpRules() (o rules.Options, ok bool)
}

// MarksTeller is a Screen that may show nothing the help's numbers and
// marks explain (no card, score or grade: an empty list); HelpMarks
// false leaves that part out of its help.
type MarksTeller interface {
	HelpMarks() bool
}

// HelpMarksOf reports whether s's help tells the numbers and marks:
// true unless s says it shows none.
func HelpMarksOf(s Screen) bool { return trueUnless(s, MarksTeller.HelpMarks) }

// trueUnless is what s answers by the method ask of the interface T
// when s has it, else true: a screen says only what its help leaves out.
func trueUnless[T any](s Screen, ask func(T) bool) bool {
	if m, ok := s.(T); ok {
		return ask(m)
	}
	return true
}

// QuitAsker is a Screen whose quit question says something other than
// "the game stays saved" (the trainer, the replay viewer).
type QuitAsker interface {
	QuitQuestion() string
}

// QuickQuitter is a Screen that may say q quits at once, unasked, where
// nothing is under way.
type QuickQuitter interface {
	QuitsAtOnce() bool
}

// KeyHelpOf is s's keys' help, or def when s gives none: the App and
// the screens around another screen ask the screen shown.
func KeyHelpOf(s Screen, k *KeyMap, def help.KeyMap) help.KeyMap {
	if h, ok := s.(Helper); ok {
		return h.KeyHelp(k)
	}
	return def
}

// HelpRulesOf is the rules of the game s shows, ok false when s shows
// none (or tells none).
func HelpRulesOf(s Screen) (o rules.Options, ok bool) {
	if g, ok := s.(RulesTeller); ok {
		return g.HelpRules()
	}
	return rules.Options{}, false
}

// QuitQuestionOf is s's quit question, or def when s asks none (or an
// empty one).
func QuitQuestionOf(s Screen, def string) string {
	if q, ok := s.(QuitAsker); ok {
		if text := q.QuitQuestion(); text != "" {
			return text
		}
	}
	return def
}

// QuitGoer is a Screen whose quit (q then y, or q where nothing is
// kept) goes to another screen rather than ending the App: the lesson
// opened from the setup form goes back to the form. QuitTo is that
// screen, nil where the App quits.
type QuitGoer interface {
	QuitTo() (Screen, tea.Cmd)
}

// QuitToOf is where quitting s goes: nil when it ends the App.
func QuitToOf(s Screen) (Screen, tea.Cmd) {
	if q, ok := s.(QuitGoer); ok {
		return q.QuitTo()
	}
	return nil, nil
}

// QuitsAtOnce reports whether q quits s at once, unasked.
func QuitsAtOnce(s Screen) bool {
	q, ok := s.(QuickQuitter)
	return ok && q.QuitsAtOnce()
}

// Enterer is a Screen with work to start when it becomes current (the
// first screen, or one handed over to).
type Enterer interface {
	Enter(ctx *Context) tea.Cmd
}

// Enter runs s's Enter, if it has one.
func Enter(ctx *Context, s Screen) tea.Cmd {
	if e, ok := s.(Enterer); ok {
		return e.Enter(ctx)
	}
	return nil
}

// Show makes next, when it is another screen than *cur (and not nil),
// the one shown, and enters it: cmd, the update's command, runs with
// its Enter.
func Show(ctx *Context, cur *Screen, next Screen, cmd tea.Cmd) tea.Cmd {
	if next == nil || next == *cur {
		return cmd
	}
	*cur = next
	return tea.Batch(cmd, Enter(ctx, next))
}

// Inside is embedded by a screen that shows another within it and takes
// over some of its keys or its quit (the lobby's games alone, a seat's
// replay, the busy directory's history): the name, the start, the view
// and the help's rules and marks are those of Shown, the screen within.
type Inside struct{ Shown Screen }

func (w *Inside) Name() string { return w.Shown.Name() }

func (w *Inside) Enter(ctx *Context) tea.Cmd { return Enter(ctx, w.Shown) }

func (w *Inside) View(ctx *Context) string { return w.Shown.View(ctx) }

func (w *Inside) HelpRules() (rules.Options, bool) { return HelpRulesOf(w.Shown) }

func (w *Inside) HelpMarks() bool { return HelpMarksOf(w.Shown) }

// QuitNowMsg asks the App to quit (a screen's "quit" choice).
type QuitNowMsg struct{}

// QuitNow is a command that quits the App the way q then y does.
func QuitNow() tea.Msg { return QuitNowMsg{} }

// AskQuitMsg asks the App to do what q does: ask first, or quit at
// once where nothing would be lost (a screen's esc that means q).
type AskQuitMsg struct{}

// AskQuit is a command that does what q does.
func AskQuit() tea.Msg { return AskQuitMsg{} }

// Mark puts the cursor before a line of a list or a form, and shows it
// selected, when it is chosen; else it indents it as far.
func Mark(ctx *Context, line string, chosen bool) string {
	if !chosen {
		return "   " + line
	}
	return " " + ctx.Paint.Glyphs.Cursor + " " + ctx.Styles.Selected.Render(line)
}

// Titled starts a screen: its title after the name, and a rule across.
func Titled(ctx *Context, title string) []string {
	st := &ctx.Styles
	return []string{" " + st.Title.Render("Klob") + "  " + title, Rule(ctx, ctx.Width)}
}

// Rule is a rule across w cells.
func Rule(ctx *Context, w int) string {
	return ctx.Styles.Rule.Render(Repeat(ctx.Paint.Glyphs.HRule, w))
}
