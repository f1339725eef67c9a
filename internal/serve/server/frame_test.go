package server

import (
	"fmt"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/require"
)

// counter draws how many messages it has had, and counts its frames.
type counter struct{ msgs, views *int }

func (c counter) Init() tea.Cmd { return nil }
func (c counter) Update(tea.Msg) (tea.Model, tea.Cmd) {
	*c.msgs++
	return c, nil
}
func (c counter) View() tea.View {
	*c.views++
	return tea.NewView(fmt.Sprintf("messages %d", *c.msgs))
}

// A session pressing keys faster than Config.FrameEvery draws at most
// one frame an interval: within it the last frame stands, and one
// message at the interval's end draws the newest state.
func TestFramesBoundedPerSession(t *testing.T) {
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	var due []func()
	var dueIn []time.Duration
	cfg := &Config{
		FrameEvery: 100 * time.Millisecond,
		Now:        func() time.Time { return now },
		AfterFunc: func(d time.Duration, f func()) func() bool {
			due, dueIn = append(due, f), append(dueIn, d)
			return func() bool { return true }
		},
	}
	var msgs, views int
	var sent []tea.Msg
	g := &guard{cfg: cfg, inner: counter{&msgs, &views}, logf: t.Logf, lastIn: now,
		send: func(m tea.Msg) { sent = append(sent, m) }}
	key := tea.KeyPressMsg{Code: 'v', Text: "v"}
	// Bubble Tea draws after every Update: 50 keys 1 ms apart.
	for i := range 50 {
		g.Update(key)
		// The first key draws at once; then the frame stands.
		require.Equal(t, "messages 1", g.View().Content, "key %d", i+1)
		now = now.Add(time.Millisecond)
	}
	require.Equal(t, 50, msgs, "every key reaches the model")
	require.Equal(t, 1, views, "one frame drawn for 50 keys in 50 ms")
	require.Len(t, due, 1, "one frame asked for, not one a key")
	require.Equal(t, 99*time.Millisecond, dueIn[0], "due when the interval ends")

	// The interval ends: the message that comes draws the newest state.
	now = now.Add(dueIn[0])
	due[0]()
	require.Equal(t, []tea.Msg{frameDueMsg{}}, sent)
	require.Equal(t, frameDueMsg{}, g.filter(g, sent[0]), "the filter lets it through")
	g.Update(sent[0])
	require.Equal(t, "messages 50", g.View().Content, "the frame due shows every key")
	require.Equal(t, 2, views)
	require.Equal(t, 50, msgs, "the frame's message is the guard's own")

	// A key long after draws at once, with no message asked for.
	now = now.Add(time.Second)
	g.Update(key)
	require.Equal(t, "messages 51", g.View().Content)
	require.Len(t, due, 1)
}

// Without a bound (FrameEvery 0, as with an injected clock or timers)
// every message draws.
func TestFramesUnboundedByDefaultWithInjectedClock(t *testing.T) {
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	cfg := &Config{Now: func() time.Time { return now }}
	cfg.defaults()
	require.Zero(t, cfg.FrameEvery)
	var msgs, views int
	g := &guard{cfg: cfg, inner: counter{&msgs, &views}, logf: t.Logf, lastIn: now, send: func(tea.Msg) {}}
	for i := range 5 {
		g.Update(tea.KeyPressMsg{Code: 'v', Text: "v"})
		require.Equal(t, fmt.Sprintf("messages %d", i+1), g.View().Content)
	}
	require.Equal(t, 5, views)

	timers := &Config{AfterFunc: func(time.Duration, func()) func() bool { return nil }}
	timers.defaults()
	require.Zero(t, timers.FrameEvery, "injected timers: unbounded")

	real := &Config{}
	real.defaults()
	require.Equal(t, DefaultFrameEvery, real.FrameEvery, "the machine's clock bounds frames")
}
