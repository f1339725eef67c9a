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

// frameGuard is a guard over counter with a frame rate of 10 a second
// after a burst of 8, on a manual clock: the calls for a frame due are
// kept in due (with their delays in dueIn) and the messages sent in sent.
type frameGuard struct {
	g           *guard
	now         time.Time
	msgs, views int
	due         []func()
	dueIn       []time.Duration
	dueAt       []time.Time
	sent        []tea.Msg
}

func newFrameGuard(t *testing.T) *frameGuard {
	f := &frameGuard{now: time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)}
	cfg := &Config{
		FrameRate: 10, FrameBurst: 8,
		Now: func() time.Time { return f.now },
		AfterFunc: func(d time.Duration, fn func()) func() bool {
			f.due, f.dueIn, f.dueAt = append(f.due, fn), append(f.dueIn, d), append(f.dueAt, f.now.Add(d))
			return func() bool { return true }
		},
	}
	f.g = &guard{cfg: cfg, inner: counter{&f.msgs, &f.views}, logf: t.Logf, lastIn: f.now,
		frames: newBucket(cfg.FrameRate, cfg.FrameBurst, f.now),
		send:   func(m tea.Msg) { f.sent = append(f.sent, m) }}
	return f
}

// step is what Bubble Tea does with a message: Update, then View.
func (f *frameGuard) step(msg tea.Msg) string {
	f.g.Update(msg)
	return f.g.View().Content
}

// A session drawing faster than Config.FrameRate after its burst shows
// its last frame, and one message when the rate allows draws the
// newest state.
func TestFramesBoundedPerSession(t *testing.T) {
	f := newFrameGuard(t)
	key := tea.KeyPressMsg{Code: 'v', Text: "v"}
	// 50 keys 1 ms apart: the burst of 8 draws, then the frame stands.
	for i := range 50 {
		want := min(i+1, 8)
		require.Equal(t, fmt.Sprintf("messages %d", want), f.step(key), "key %d", i+1)
		f.now = f.now.Add(time.Millisecond)
	}
	require.Equal(t, 50, f.msgs, "every key reaches the model")
	require.Equal(t, 8, f.views, "the burst's frames, no more")
	require.Len(t, f.due, 1, "one frame asked for, not one a key")
	// The 9th key came 8 ms after the first: 0.08 of a token had come
	// back, the rest comes in 92 ms.
	require.InDelta(t, float64(92*time.Millisecond), float64(f.dueIn[0]), float64(time.Microsecond),
		"due when the next token comes")

	// The frame due: its message draws the newest state.
	f.now = f.now.Add(f.dueIn[0])
	f.due[0]()
	require.Equal(t, []tea.Msg{frameDueMsg{}}, f.sent)
	require.Equal(t, frameDueMsg{}, f.g.filter(f.g, f.sent[0]), "the filter lets it through")
	require.Equal(t, "messages 50", f.step(f.sent[0]), "the frame due shows every key")
	require.Equal(t, 9, f.views)
	require.Equal(t, 50, f.msgs, "the frame's message is the guard's own")

	// Keys at 40 a second for 2 s, each frame due delivered on time:
	// ten frames a second, and the last shows the newest state.
	views := f.views
	for range 80 {
		f.now = f.now.Add(25 * time.Millisecond)
		if n := len(f.sent); n < len(f.due) && !f.now.Before(f.dueAt[n]) {
			f.due[n]()
			f.step(f.sent[n])
		}
		f.step(key)
	}
	require.InDelta(t, 20, f.views-views, 2, "ten frames a second")
	f.now = f.now.Add(time.Second)
	n := len(f.sent)
	require.Less(t, n, len(f.due), "the last key's frame is due")
	f.due[n]()
	require.Equal(t, "messages 130", f.step(f.sent[n]), "the last frame shows every key")
}

// A person's key and the table's answers a few milliseconds later each
// draw at once: the burst covers them, so the bound adds no wait to an
// honest game.
func TestFramesHonestPlayDrawsAtOnce(t *testing.T) {
	f := newFrameGuard(t)
	key := tea.KeyPressMsg{Code: '1', Text: "1"}
	type tableMove struct{}
	for move := range 100 {
		// The key, then the table's answer and two bots' cards.
		require.Equal(t, fmt.Sprintf("messages %d", 4*move+1), f.step(key), "move %d: the key", move)
		for i := 2; i <= 4; i++ {
			f.now = f.now.Add(5 * time.Millisecond)
			require.Equal(t, fmt.Sprintf("messages %d", 4*move+i), f.step(tableMove{}), "move %d: message %d", move, i)
		}
		// A move a second and a bit.
		f.now = f.now.Add(time.Second)
	}
	require.Empty(t, f.due, "no frame held back")
}

// Without a bound (FrameRate 0, as with an injected clock or timers)
// every message draws.
func TestFramesUnboundedByDefaultWithInjectedClock(t *testing.T) {
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	cfg := &Config{Now: func() time.Time { return now }}
	cfg.defaults()
	require.Zero(t, cfg.FrameRate)
	var msgs, views int
	g := &guard{cfg: cfg, inner: counter{&msgs, &views}, logf: t.Logf, lastIn: now, send: func(tea.Msg) {}}
	for i := range 5 {
		g.Update(tea.KeyPressMsg{Code: 'v', Text: "v"})
		require.Equal(t, fmt.Sprintf("messages %d", i+1), g.View().Content)
	}
	require.Equal(t, 5, views)

	timers := &Config{AfterFunc: func(time.Duration, func()) func() bool { return nil }}
	timers.defaults()
	require.Zero(t, timers.FrameRate, "injected timers: unbounded")

	real := &Config{}
	real.defaults()
	require.Equal(t, float64(DefaultFrameRate), real.FrameRate, "the machine's clock bounds frames")
	require.Equal(t, DefaultFrameBurst, real.FrameBurst)
}
