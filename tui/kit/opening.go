package kit

import tea "charm.land/bubbletea/v2"

// Opening is a screen that waits for work done off the UI goroutine
// (reading the saved game, taking the state directory's lock, waiting
// for a game's last saves) and then becomes the screen the work's
// result makes: Update never waits for a disk.
type Opening struct {
	text string
	// work runs in a tea.Cmd; what it returns runs on the UI goroutine
	// and makes the next screen.
	work func() func() Screen
}

// NewOpening returns the screen that says text while work runs; the
// function work returns makes the next screen.
func NewOpening(text string, work func() func() Screen) *Opening {
	return &Opening{text: text, work: work}
}

// openedMsg is the end of an Opening's work.
type openedMsg struct {
	o    *Opening
	next func() Screen
}

func (o *Opening) Name() string { return "opening" }

// Enter starts the work.
func (o *Opening) Enter(*Context) tea.Cmd {
	work := o.work
	return func() tea.Msg { return openedMsg{o: o, next: work()} }
}

func (o *Opening) Update(ctx *Context, msg tea.Msg) (Screen, tea.Cmd) {
	if m, ok := msg.(openedMsg); ok && m.o == o {
		return m.next(), nil
	}
	return o, nil
}

func (o *Opening) View(ctx *Context) string {
	return Canvas(append(Titled(ctx, ""), "", " "+o.text), ctx.Width, ctx.Height)
}
