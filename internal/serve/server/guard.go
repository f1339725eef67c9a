package server

import (
	"fmt"
	"reflect"
	"regexp"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/platform/duration"
)

// guard wraps a session's model: its filter drops input beyond the
// rates before the model runs (and the first line says so), coalesces
// mouse motion and window sizes and clamps the latter; it ends the
// session after the idle time without a key or a reported move
// (Session.Active), and turns a panic in Update or View into the end
// of this session only.
type guard struct {
	cfg    *Config
	info   *Session
	inner  tea.Model
	reason *endReason
	logf   func(format string, args ...any)

	// The key bucket: tokens refill at KeyRate a second up to KeyBurst.
	keys bucket
	// Other input from the terminal (focus, colour and mode reports,
	// sequences the parser does not know): its own bucket.
	other   bucket
	dropped time.Time // last time a key was dropped, for the warning line
	warned  time.Time // last time a drop was let through to draw the warning
	// told is set once the model was told of a drop (InputDroppedMsg)
	// since the last key it was given.
	told bool

	// Mouse motion: at most one per motionEvery reaches the model; the
	// latest of those in between waits in pending and follows at the end
	// of the interval.
	lastMotion time.Time
	pending    *tea.MouseMotionMsg
	flushing   bool

	// Window sizes: the size the model was last given (sized once it
	// has one) and when; one that comes within resizeEvery of it waits
	// in pendingSize, the latest of them, until the interval's end.
	size        tea.WindowSizeMsg
	sized       bool
	lastResize  time.Time
	pendingSize *tea.WindowSizeMsg
	resizing    bool
	// start is the size Bubble Tea sends once on its own as the program
	// starts, until it comes: Run sends it on a goroutine, so it may
	// follow the terminal's window changes (ptySizeMsg), which carry the
	// same first size ahead of any newer one. Once one of those has come
	// (ptySized), the startup size is stale and dropped: it would undo a
	// resize made at login.
	start    *tea.WindowSizeMsg
	ptySized bool

	// The frame bucket (Config.FrameRate) and the last frame drawn;
	// frameDue is true while a frameDueMsg is on its way to draw the
	// newest.
	frames    bucket
	frame     tea.View
	haveFrame bool
	frameDue  bool

	lastIn time.Time // last key or click
	ended  bool
	// quit ends the program from outside Update (a panic in View).
	quit func()
	// send delivers a message to the program from another goroutine.
	send func(tea.Msg)
	// gone is closed when the connection ends.
	gone <-chan struct{}

	mu sync.Mutex // View's panic may end the session from the renderer
}

// motionEvery is the least time between two mouse motions the model
// sees: a drag redraws 20 times a second at most.
const motionEvery = 50 * time.Millisecond

// resizeEvery is the least time between two window sizes the model
// sees: a resize redraws the whole screen (the renderer erases it), so
// a client resizing without end, under the request rate, would cost a
// whole frame each. A person dragging a window's corner sees the
// screen follow ten times a second, the final size at most this long
// after the last.
const resizeEvery = 100 * time.Millisecond

// warnFor is how long the "keys too fast" line stays.
const warnFor = 2 * time.Second

// bucket is a token bucket: tokens refill at rate a second up to
// burst.
type bucket struct {
	rate, burst, tokens float64
	last                time.Time
}

func newBucket(rate float64, burst int, now time.Time) bucket {
	return bucket{rate: rate, burst: float64(burst), tokens: float64(burst), last: now}
}

// untilToken is how long after its last take the bucket holds a whole
// token.
func (b *bucket) untilToken() time.Duration {
	if b.tokens >= 1 {
		return 0
	}
	return time.Duration((1 - b.tokens) / b.rate * float64(time.Second))
}

// take takes a token; false when there is none.
func (b *bucket) take(now time.Time) bool {
	b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.rate)
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// InputDroppedMsg tells the session's model that keys, clicks or a
// paste were dropped for coming faster than Config.KeyRate: a line
// being typed lacks them, and should not be sent as it is. It comes in
// their place, in order with the keys let through, once after each of
// those. Its method InputDropped names it to a model that does not
// import this package.
type InputDroppedMsg struct{}

// InputDropped marks the message.
func (InputDroppedMsg) InputDropped() {}

// The guard's own messages.
type (
	// idleTickMsg checks the idle time.
	idleTickMsg struct{}
	// keysDroppedMsg draws the warning that keys were dropped (warn),
	// and tells the model (tell).
	keysDroppedMsg struct{ warn, tell bool }
	// warnDoneMsg redraws once the warning is due to go.
	warnDoneMsg struct{}
	// motionFlushMsg delivers the motion that waited.
	motionFlushMsg struct{}
	// resizeFlushMsg delivers the window size that waited.
	resizeFlushMsg struct{}
	// ptySizeMsg is a size from the session's window changes, in their
	// order, the first being the size the terminal started at.
	ptySizeMsg tea.WindowSizeMsg
	// frameDueMsg draws the frame held back by Config.FrameRate.
	frameDueMsg struct{}
)

// idleTick checks the idle time again in a while; its goroutine ends
// with the session (a tea.Tick would wait out its timer after the
// session is gone).
func (g *guard) idleTick() tea.Cmd {
	d := g.cfg.IdleTimeout / 4
	d = max(min(d, 30*time.Second), 10*time.Millisecond)
	gone := g.gone
	return func() tea.Msg {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
			return idleTickMsg{}
		case <-gone:
			return nil
		}
	}
}

// Init starts the inner model and the idle clock.
func (g *guard) Init() (cmd tea.Cmd) {
	defer g.catch(&cmd)
	return tea.Batch(g.inner.Init(), g.idleTick())
}

// catch turns a panic into the end of the session.
func (g *guard) catch(cmd *tea.Cmd) {
	r := recover()
	if r == nil {
		return
	}
	g.logf("panic: %v\n%s", r, debug.Stack())
	g.end(msgPanic)
	*cmd = tea.Quit
}

func (g *guard) end(text string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.ended = true
	if g.reason != nil {
		g.reason.set(text)
	}
}

func (g *guard) isEnded() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.ended
}

// inputPkg is the package of the messages the terminal parser makes
// and Bubble Tea passes on untranslated.
const inputPkg = "github.com/charmbracelet/ultraviolet"

// filter runs on the program's goroutine before the model sees a
// message (tea.WithFilter): what it drops costs neither an Update nor a
// frame.
func (g *guard) filter(_ tea.Model, msg tea.Msg) tea.Msg {
	now := g.cfg.Now()
	switch m := msg.(type) {
	case tea.SuspendMsg:
		// A remote program cannot be suspended.
		return tea.ResumeMsg{}
	case tea.WindowSizeMsg:
		if g.start != nil && m == *g.start {
			g.start = nil
			if g.ptySized {
				return nil // the startup size, come after a newer one
			}
		}
		return g.windowSize(now, m)
	case ptySizeMsg:
		g.ptySized = true
		return g.windowSize(now, tea.WindowSizeMsg(m))
	case resizeFlushMsg:
		g.resizing = false
		if g.pendingSize == nil {
			return nil
		}
		size := *g.pendingSize
		g.pendingSize = nil
		return g.newSize(now, size)
	case tea.KeyPressMsg, tea.KeyReleaseMsg, tea.MouseClickMsg, tea.MouseReleaseMsg, tea.MouseWheelMsg, tea.PasteMsg:
		g.lastIn = now
		if g.keys.take(now) {
			g.told = false
			return msg
		}
		g.dropped = now
		// The warning is drawn once now and then, not for each key
		// dropped; the model is told once after each key it was given,
		// so that a line being typed is known to lack the keys (the
		// Updates this costs are at most the keys let through).
		drop := keysDroppedMsg{warn: now.Sub(g.warned) >= warnFor/2, tell: !g.told}
		if drop.warn {
			g.warned = now
		}
		g.told = true
		if drop.warn || drop.tell {
			return drop
		}
		return nil
	case tea.MouseMotionMsg:
		if since := now.Sub(g.lastMotion); since < motionEvery {
			g.pending = &m
			if !g.flushing && g.send != nil {
				g.flushing = true
				send := g.send
				g.cfg.AfterFunc(motionEvery-since, func() { send(motionFlushMsg{}) })
			}
			return nil
		}
		g.lastMotion, g.pending = now, nil
		return msg
	case motionFlushMsg:
		g.flushing = false
		if g.pending == nil {
			return nil
		}
		motion := *g.pending
		g.lastMotion, g.pending = now, nil
		return motion
	case tea.FocusMsg, tea.BlurMsg, tea.PasteStartMsg, tea.PasteEndMsg, tea.BackgroundColorMsg, tea.ForegroundColorMsg,
		tea.CursorColorMsg, tea.CursorPositionMsg, tea.CapabilityMsg, tea.TerminalVersionMsg, tea.KeyboardEnhancementsMsg,
		tea.ModeReportMsg, tea.ClipboardMsg:
		return g.otherInput(now, msg)
	}
	if t := reflect.TypeOf(msg); t != nil {
		if t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t.PkgPath() == inputPkg {
			return g.otherInput(now, msg)
		}
	}
	return msg
}

// windowSize clamps a window size and lets it through as resize does.
func (g *guard) windowSize(now time.Time, m tea.WindowSizeMsg) tea.Msg {
	m.Width, m.Height = g.cfg.clamp(m.Width, m.Height)
	if g.reason != nil {
		g.reason.setWidth(m.Width) // the last line is wrapped to it
	}
	return g.resize(now, m)
}

// resize lets a window size through at most once every resizeEvery:
// one that comes sooner waits, the latest replacing the one before, and
// follows at the interval's end (resizeFlushMsg). Neither Bubble Tea's
// renderer nor the model sees the sizes in between, so any number of
// window changes cost at most ten redraws a second.
func (g *guard) resize(now time.Time, m tea.WindowSizeMsg) tea.Msg {
	if since := now.Sub(g.lastResize); g.sized && since < resizeEvery && g.send != nil {
		g.pendingSize = &m
		if !g.resizing {
			g.resizing = true
			send := g.send
			// Sent on a goroutine of its own: the program may be stuck
			// writing to a client that does not read, and a test's clock
			// runs f on the goroutine that moves it.
			g.cfg.AfterFunc(resizeEvery-since, func() { go send(resizeFlushMsg{}) })
		}
		return nil
	}
	g.pendingSize = nil
	return g.newSize(now, m)
}

// newSize gives the model the size m unless it has it already: the
// renderer would erase and redraw the screen for nothing.
func (g *guard) newSize(now time.Time, m tea.WindowSizeMsg) tea.Msg {
	if g.sized && m == g.size {
		return nil
	}
	g.size, g.sized, g.lastResize = m, true, now
	return m
}

// otherInput lets through input that is neither a key nor the mouse
// within its own bucket.
func (g *guard) otherInput(now time.Time, msg tea.Msg) tea.Msg {
	if g.other.take(now) {
		return msg
	}
	return nil
}

// Update checks the idle time and passes the rest on.
func (g *guard) Update(msg tea.Msg) (m tea.Model, cmd tea.Cmd) {
	m = g
	defer g.catch(&cmd)
	if g.isEnded() {
		return g, tea.Quit
	}
	now := g.cfg.Now()
	switch msg.(type) {
	case idleTickMsg:
		// A key, or a move the session reported (Session.Active), keeps
		// it open.
		last, watching := g.lastIn, false
		if g.info != nil {
			if a := g.info.lastActive(); !a.IsZero() {
				watching = true
				if a.After(last) {
					last = a
				}
			}
		}
		if idle := now.Sub(last); idle >= g.cfg.IdleTimeout {
			msg := fmt.Sprintf("klob: no key pressed for %s: the session is closed (a game in progress stays saved)", duration.Words(g.cfg.IdleTimeout))
			if watching {
				msg = fmt.Sprintf("klob: no key and no move at the table for %s: the session is closed", duration.Words(g.cfg.IdleTimeout))
			}
			g.end(msg)
			return g, tea.Quit
		}
		return g, g.idleTick()
	case keysDroppedMsg:
		m := msg.(keysDroppedMsg)
		if m.warn {
			cmd = g.warnTick(warnFor)
		}
		if m.tell {
			inner, innerCmd := g.inner.Update(InputDroppedMsg{})
			if inner != nil {
				g.inner = inner
			}
			cmd = tea.Batch(cmd, innerCmd)
		}
		return g, cmd
	case frameDueMsg:
		// The View that follows this Update draws the newest frame.
		g.frameDue, g.haveFrame = false, false
		return g, nil
	case warnDoneMsg:
		// Keys dropped since the warning was drawn keep it up longer:
		// wait for the rest, so a frame without it follows (nothing
		// else may draw the screen again for a long while).
		if left := warnFor - now.Sub(g.dropped); left > 0 {
			return g, g.warnTick(left)
		}
		return g, nil
	}
	var inner tea.Model
	inner, cmd = g.inner.Update(msg)
	if inner != nil {
		g.inner = inner
	}
	return g, cmd
}

// warnLine is the line of a frame the rate warning takes: the status
// area at its foot, where every screen of Klob says its keys under a
// blank line. The last line when it is blank, else the blank one over
// it, else the last (the keys' line, which the warning says more
// urgently for its while); never the title, which names the screen. A
// newline that ends the frame draws no line of its own.
func warnLine(lines []string) int {
	last := len(lines) - 1
	if last > 0 && lines[last] == "" {
		last--
	}
	blank := func(s string) bool { return strings.TrimSpace(csi.ReplaceAllString(s, "")) == "" }
	if last > 0 && !blank(lines[last]) && blank(lines[last-1]) {
		return last - 1
	}
	return last
}

// csi matches a terminal's control sequence (a style): a line of only
// those and spaces draws nothing.
var csi = regexp.MustCompile("\x1b\\[[0-9;:?]*[ -/]*[@-~]")

// warnTick asks for a frame after d, when the warning may be gone.
func (g *guard) warnTick(d time.Duration) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return warnDoneMsg{} })
}

// View draws the inner model, with the rate warning in its status area
// for a while after a key was dropped (warnLine): the title stays.
func (g *guard) View() (v tea.View) {
	defer func() {
		if r := recover(); r != nil {
			g.logf("panic in view: %v\n%s", r, debug.Stack())
			g.end(msgPanic)
			if g.quit != nil {
				g.quit()
			}
			v = tea.NewView(msgPanic)
		}
	}()
	if g.isEnded() {
		return tea.NewView("")
	}
	now := g.cfg.Now()
	if held, ok := g.held(now); ok {
		return held
	}
	v = g.inner.View()
	if !g.dropped.IsZero() && now.Sub(g.dropped) < warnFor {
		warn := fmt.Sprintf(" ! keys too fast: at most %.0f a second; some were dropped ", g.cfg.KeyRate)
		lines := strings.Split(v.Content, "\n")
		lines[warnLine(lines)] = warn
		v.Content = strings.Join(lines, "\n")
	}
	g.frame, g.haveFrame = v, true
	return v
}

// held is the last frame when the session has drawn its Config.FrameRate
// and burst; it then asks, once, for a frameDueMsg when the rate allows
// the next frame, so the newest state is drawn then. A frame drawn takes
// a token.
func (g *guard) held(now time.Time) (tea.View, bool) {
	if g.cfg.FrameRate <= 0 || g.send == nil {
		return tea.View{}, false
	}
	if g.frames.take(now) || !g.haveFrame {
		return tea.View{}, false
	}
	if !g.frameDue {
		g.frameDue = true
		send := g.send
		g.cfg.AfterFunc(g.frames.untilToken(), func() { send(frameDueMsg{}) })
	}
	return g.frame, true
}
