package server

import (
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
)

// guard wraps a session's model: it drops keys beyond the input rate
// (and says so on the first line), ends the session after the idle
// time, and turns a panic in Update or View into the end of this
// session only.
type guard struct {
	cfg    *Config
	inner  tea.Model
	reason *endReason
	logf   func(format string, args ...any)

	// The key bucket: tokens refill at KeyRate a second up to KeyBurst.
	tokens  float64
	last    time.Time
	dropped time.Time // last time a key was dropped, for the warning line

	lastIn time.Time // last key or click
	ended  bool
	// quit ends the program from outside Update (a panic in View).
	quit func()
}

// idleTickMsg checks the idle time.
type idleTickMsg struct{}

func (g *guard) idleTick() tea.Cmd {
	d := g.cfg.IdleTimeout / 4
	d = max(min(d, 30*time.Second), 10*time.Millisecond)
	return tea.Tick(d, func(time.Time) tea.Msg { return idleTickMsg{} })
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
	g.ended = true
	if g.reason != nil && g.reason.text == "" {
		g.reason.text = text
	}
}

// Update filters the input and passes the rest on.
func (g *guard) Update(msg tea.Msg) (m tea.Model, cmd tea.Cmd) {
	m = g
	defer g.catch(&cmd)
	if g.ended {
		return g, tea.Quit
	}
	now := time.Now()
	switch msg.(type) {
	case idleTickMsg:
		if idle := now.Sub(g.lastIn); idle >= g.cfg.IdleTimeout {
			g.end(fmt.Sprintf("klob: no key pressed for %s: the session is closed (a game in progress stays saved)", g.cfg.IdleTimeout))
			return g, tea.Quit
		}
		return g, g.idleTick()
	case tea.KeyPressMsg, tea.MouseClickMsg, tea.PasteMsg:
		g.lastIn = now
		g.tokens = min(float64(g.cfg.KeyBurst), g.tokens+now.Sub(g.last).Seconds()*g.cfg.KeyRate)
		g.last = now
		if g.tokens < 1 {
			g.dropped = now
			return g, nil
		}
		g.tokens--
	}
	var inner tea.Model
	inner, cmd = g.inner.Update(msg)
	if inner != nil {
		g.inner = inner
	}
	return g, cmd
}

// View draws the inner model, with the rate warning on its first line
// for two seconds after a key was dropped.
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
	if g.ended {
		return tea.NewView("")
	}
	v = g.inner.View()
	if !g.dropped.IsZero() && time.Since(g.dropped) < 2*time.Second {
		warn := fmt.Sprintf(" ! keys too fast: at most %.0f a second; some were dropped ", g.cfg.KeyRate)
		lines := strings.SplitN(v.Content, "\n", 2)
		lines[0] = warn
		v.Content = strings.Join(lines, "\n")
	}
	return v
}
