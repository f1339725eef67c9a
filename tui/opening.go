package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/tui/kit"
)

// opening is a screen that waits for work done off the UI goroutine
// (reading the saved game, taking the state directory's lock) and then
// becomes the screen the work's result makes: Update never waits for a
// disk.
type opening struct {
	text string
	// work runs in a tea.Cmd; what it returns runs on the UI goroutine
	// and makes the next screen.
	work func() func() kit.Screen
}

// openedMsg is the end of an opening's work.
type openedMsg struct {
	o    *opening
	next func() kit.Screen
}

func (o *opening) Name() string { return "opening" }

// Enter starts the work.
func (o *opening) Enter(*kit.Context) tea.Cmd {
	work := o.work
	return func() tea.Msg { return openedMsg{o: o, next: work()} }
}

func (o *opening) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	if m, ok := msg.(openedMsg); ok && m.o == o {
		return m.next(), nil
	}
	return o, nil
}

func (o *opening) View(ctx *kit.Context) string {
	return kit.Canvas(append(kit.Titled(ctx, ""), "", " "+o.text), ctx.Width, ctx.Height)
}

// openSaved is the first screen of a game alone: the saved game (or why
// it cannot be read) when there is one, else the setup form; c.Store is
// read off the UI goroutine. busy, when set, is asked first, off the UI
// goroutine too (it may take a lock on disk): when it reports another
// connection playing the game, elsewhere is the screen. wrap dresses the
// screen chosen (nil: as it is).
func openSaved(c *PlayConfig, busy func() bool, elsewhere func() kit.Screen, wrap func(kit.Screen) kit.Screen) *opening {
	if wrap == nil {
		wrap = func(s kit.Screen) kit.Screen { return s }
	}
	st := c.Store
	return &opening{text: "Looking for your saved game…", work: func() func() kit.Screen {
		if busy != nil && busy() {
			return elsewhere
		}
		if st == nil {
			return func() kit.Screen { return wrap(newSetupScreen(c, c.Setup)) }
		}
		l, err := st.LoadCurrent()
		return func() kit.Screen { return wrap(firstScreen(c, l, err)) }
	}}
}
