package lobby

import (
	"context"
	"errors"
	"sync"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/tui/kit"
)

// A person's game alone on a server is kept in one directory per key,
// and the same key may connect twice. One connection plays it at a
// time: playing alone takes the directory's lock (the Store's, as klob
// play does), and another connection of the same key that asks for its
// game alone is told it is open elsewhere and offered to take it over:
// the first goes back to its lobby, its game saved, and the second
// opens it.

// Alone is the game alone against bots as the lobby uses it: the root
// package plays it (tui.PlayConfig), and its App's lobby reaches it
// through these.
type Alone struct {
	// Store is the person's store of games alone, nil for none: the
	// lobby takes its lock when it has one (gameLock, the state
	// directory's) and lists its games when it is a replay.Source.
	Store any
	// Bell reports whether the person's settings ring the bell on their
	// turn; nil rings it. The settings may change during a game alone.
	Bell func() bool
	// Open is the first screen of a game alone of player, a new game
	// dealt from seed: the saved game, else the setup form, read off the
	// UI goroutine. busy is asked first (off the UI goroutine: it may
	// take a lock): when it reports another connection playing the
	// game, elsewhere is the screen. wrap dresses the screen chosen.
	Open func(player string, seed uint64, busy func() bool, elsewhere func() kit.Screen, wrap func(kit.Screen) kit.Screen) kit.Screen
	// Game is the game alone a screen shows, nil for another screen.
	Game func(kit.Screen) Game
}

// Game is a game alone as the lobby asks about it, leaving it.
type Game interface {
	// Wait stops the game once its last change is written.
	Wait()
	// Over reports whether the game is over.
	Over() bool
	// SaveErr is why the last save failed, nil when it succeeded.
	SaveErr() error
}

// savedMsg says whether the person has a game alone saved.
type savedMsg bool

// readSaved asks whether the person has a game alone saved, off the
// Update (a look at the disk); nil without a store that can say.
func (l *Lobby) readSaved() tea.Cmd {
	st, ok := l.cfg.Alone.Store.(interface{ HasCurrent() bool })
	if !ok || l.guest() {
		return nil
	}
	return func() tea.Msg { return savedMsg(st.HasCurrent()) }
}

// game is the game alone s shows, nil for another screen.
func (l *Lobby) game(s kit.Screen) Game {
	if l.cfg.Alone.Game == nil {
		return nil
	}
	return l.cfg.Alone.Game(s)
}

// gameLock is a Store that locks its directory (store.Store).
type gameLock interface {
	Lock() error
	Unlock() error
}

// gameHold is whether this connection holds the person's games; the
// connection's end releases it from another goroutine. mu guards the
// fields only and is never held across a call to the store (its lock
// takes the disk), so the screen's Update, which notes the game shown
// under mu, never waits on the disk; store orders the store's Lock and
// Unlock with the fields' changes.
type gameHold struct {
	store   sync.Mutex
	mu      sync.Mutex
	holding bool
	gone    bool
	// game is the game alone last on view while holding: the
	// connection's end waits for its saves before letting the games go.
	game Game
}

// holdGame takes the person's games for this connection before a game
// alone opens; it reports busy when another connection holds them.
// Without a lock (a guest, a test's store) there is nothing to take.
func (l *Lobby) holdGame() (busy bool) {
	lk, ok := l.cfg.Alone.Store.(gameLock)
	if !ok || l.guest() {
		return false
	}
	l.hold.store.Lock()
	defer l.hold.store.Unlock()
	l.hold.mu.Lock()
	skip := l.hold.holding || l.hold.gone
	l.hold.mu.Unlock()
	if skip {
		return false
	}
	err := lk.Lock()
	if errors.Is(err, store.ErrBusy) {
		return true
	}
	if err == nil {
		l.hold.mu.Lock()
		l.hold.holding = true
		l.hold.mu.Unlock()
		if l.visit != nil {
			l.visit.HoldGame(true)
		}
	}
	// Another error (a directory that cannot be made): the game opens,
	// and its saves say why they fail.
	return false
}

// releaseGame lets the person's games go, once the game's saves have
// landed (the caller waits for them).
func (l *Lobby) releaseGame() { l.letGo(false) }

// letGo lets the person's games go if held; gone marks the connection
// ended in the same step, so that no later holdGame takes them again.
func (l *Lobby) letGo(gone bool) {
	l.hold.store.Lock()
	defer l.hold.store.Unlock()
	l.hold.mu.Lock()
	held := l.hold.holding
	l.hold.holding, l.hold.game = false, nil
	l.hold.gone = l.hold.gone || gone
	l.hold.mu.Unlock()
	if !held {
		return
	}
	if lk, ok := l.cfg.Alone.Store.(gameLock); ok {
		_ = lk.Unlock()
	}
	if l.visit != nil {
		l.visit.HoldGame(false)
	}
}

// keepGame notes the game alone s shows, if any, while the games are
// held: the screen shown changes only on the program's goroutine, and
// the connection's end comes on another.
func (l *Lobby) keepGame(s kit.Screen) {
	g := l.game(s)
	if g == nil {
		return
	}
	l.hold.mu.Lock()
	defer l.hold.mu.Unlock()
	if l.hold.holding {
		l.hold.game = g
	}
}

// connectionGone releases the games when the connection ends, once the
// last change of the game alone is written: a connection of the same
// key that opens the game at once must find it, and no write of this
// one may land after it.
func (l *Lobby) connectionGone() {
	l.hold.mu.Lock()
	g := l.hold.game
	l.hold.mu.Unlock()
	if g != nil {
		g.Wait()
	}
	l.letGo(true)
}

// TakenMsg asks this connection to leave its game alone: another
// connection of the same key takes it over (Config.Send delivers it;
// the App gives it to Taken).
type TakenMsg struct{}

// takenNote is what the connection that let its game go reads.
const takenNote = "Your game alone was taken over by another connection of yours."

// takeWait is how long a take-over waits for the other connection to
// let the game go.
const takeWait = 10 * time.Second

// gameFreeMsg says whether the games could be taken.
type gameFreeMsg struct{ err error }

// elsewhere is the screen of a game alone open in another connection
// of the same key: it says so, and t takes the game over.
type elsewhere struct {
	leavesAtOnce
	since   time.Time
	waiting bool
	err     string
}

func newElsewhere(l *Lobby) *elsewhere {
	e := &elsewhere{leavesAtOnce: leavesAtOnce{l}}
	if l.visit != nil {
		e.since, _ = l.visit.GameElsewhere()
	}
	return e
}

func (e *elsewhere) Name() string { return "game elsewhere" }

// quitNow: q comes back to the lobby as esc does, and as esc waits
// while the game is being taken over.
func (e *elsewhere) quitNow(*kit.Context) (kit.Screen, tea.Cmd) {
	if e.waiting {
		return e, nil
	}
	return e.l, nil
}

func (e *elsewhere) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case gameFreeMsg:
		e.waiting = false
		if msg.err != nil {
			e.err = "the other connection did not let the game go: " + msg.err.Error() + ". Try again, or close it."
			return e, nil
		}
		return e.l.playAlone()
	case tea.MouseClickMsg:
		_, hits := e.render(ctx)
		if press, ok := kit.Clicked(hits, msg); ok {
			return e.Update(ctx, press)
		}
	case tea.KeyPressMsg:
		switch {
		case kit.IsKey(msg, ctx.Keys.Back) && !e.waiting:
			return e.l, nil
		case msg.String() == "t" && !e.waiting:
			e.waiting, e.err = true, ""
			if e.l.visit != nil {
				e.l.visit.TakeGame()
			}
			return e, e.waitFree()
		}
	}
	return e, nil
}

// HelpMarks: nothing here for the help's numbers and marks to explain.
func (e *elsewhere) HelpMarks() bool { return false }

// KeyHelp: t takes the game over; q and esc come back to the lobby.
func (e *elsewhere) KeyHelp(k *kit.KeyMap) help.KeyMap {
	keys := []key.Binding{kit.Bind("t", "take the game over here: the other connection saves it and goes back to its lobby", "t"),
		backKeys(k), k.Help}
	return kit.KeyHelp{Short: keys, Full: [][]key.Binding{keys}}
}

// waitFree takes the person's games once the other connection has let
// them go, within takeWait.
func (e *elsewhere) waitFree() tea.Cmd {
	l := e.l
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), takeWait)
		defer cancel()
		for {
			if !l.holdGame() {
				return gameFreeMsg{}
			}
			select {
			case <-ctx.Done():
				return gameFreeMsg{err: errors.New("it is still open after " + takeWait.String())}
			case <-time.After(50 * time.Millisecond):
			}
		}
	}
}

func (e *elsewhere) View(ctx *kit.Context) string {
	out, _ := e.render(ctx)
	return out
}

// render draws the screen and returns where its offers lie, each on
// its lines: a click on [t] or [esc] (or their words) is that key.
func (e *elsewhere) render(ctx *kit.Context) (string, []kit.Hit) {
	st := &ctx.Styles
	var hits []kit.Hit
	offer := func(b key.Binding, y, n int) {
		for i := range n {
			hits = append(hits, kit.Hit{Rect: kit.Rect{X: 0, Y: y + i, W: ctx.Width, H: 1}, Kind: kit.HitKey, Key: b})
		}
	}
	w := ctx.Width
	lines := append(kit.Titled(ctx, "Klaberjass over SSH"), "")
	head := "Your game alone is open in another connection of yours."
	if !e.since.IsZero() {
		head = "Your game alone is open in another connection of yours, since " + e.since.Format("15:04") + "."
	}
	lines = append(lines, kit.Paragraph(head, w, st.Heading.Render)...)
	lines = append(lines, kit.Indent("   ",
		kit.Wrap("One connection plays it at a time, so that neither saves over the other's moves.", w-4), nil)...)
	lines = append(lines, "")
	if e.waiting {
		lines = append(lines, " Taking it over: the other connection saves it and goes back to its lobby…")
	} else {
		take := kit.Hang(" "+st.Key.Render("[t]")+" ", "     ",
			kit.Wrap("take it over here: the other connection saves it and goes back to its lobby", w-6))
		offer(kit.Bind("t", "", "t"), len(lines), len(take))
		lines = append(lines, take...)
		offer(ctx.Keys.Back, len(lines), 1)
		lines = append(lines, " "+st.Key.Render("[esc]")+" back to the lobby")
	}
	if e.err != "" {
		lines = append(lines, "")
		lines = append(lines, kit.Paragraph("! "+e.err, w, st.Error.Render)...)
	}
	lines = append(lines, "", " "+st.Dim.Render("t take over · q/esc back · ? help"))
	for i, l := range lines {
		lines[i] = kit.Clip(l, w)
	}
	return kit.JoinLines(lines), hits
}
