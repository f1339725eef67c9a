package server

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// idleCheck runs the guard's idle check and reports whether it ended
// the session (its next check's command is not run: it waits).
func idleCheck(g *guard) bool {
	g.Update(idleTickMsg{})
	return g.isEnded()
}

// A session that reports moves (a spectator at a table that plays) is
// not idle while they come: it is closed only after IdleTimeout with
// neither a key nor a move, and its last line says so.
func TestIdleCountsReportedMoves(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	cfg := &Config{IdleTimeout: 30 * time.Minute, Now: clock}
	info := &Session{now: clock}
	reason := &endReason{}
	g := &guard{cfg: cfg, info: info, inner: plain{}, reason: reason, logf: t.Logf, lastIn: now}
	for range 3 {
		now = now.Add(20 * time.Minute)
		info.Active()
		require.False(t, idleCheck(g), "a move came within the idle time")
	}
	now = now.Add(29 * time.Minute)
	require.False(t, idleCheck(g))
	now = now.Add(time.Minute)
	require.True(t, idleCheck(g), "neither a key nor a move for the idle time")
	assert.True(t, strings.HasPrefix(reason.get(), "klob: no key and no move at the table for 30 minutes: the session is closed"), reason.get())
}

// A session that reports nothing is closed after IdleTimeout without a
// key, as before.
func TestIdleWithoutMoves(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	cfg := &Config{IdleTimeout: 30 * time.Minute, Now: clock}
	reason := &endReason{}
	g := &guard{cfg: cfg, info: &Session{now: clock}, inner: plain{}, reason: reason, logf: t.Logf, lastIn: now}
	now = now.Add(30 * time.Minute)
	require.True(t, idleCheck(g))
	assert.Contains(t, reason.get(), "no key pressed for 30 minutes: the session is closed (a game in progress stays saved)")
}

// The idle message, printed as the session ends, is wrapped by words to
// the client's terminal (its last size, as the guard saw it), under 80
// columns at most: a terminal would wrap a longer line mid-word ("in
// progress s" over "tays saved").
func TestIdleMessageWrapsByWords(t *testing.T) {
	for _, width := range []int{0, 40, 60, 80, 160} {
		now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
		clock := func() time.Time { return now }
		cfg := &Config{IdleTimeout: 30 * time.Minute, Now: clock, MaxWidth: 200, MaxHeight: 100}
		reason := &endReason{}
		g := &guard{cfg: cfg, info: &Session{now: clock}, inner: plain{}, reason: reason, logf: t.Logf, lastIn: now}
		if width > 0 {
			g.filter(nil, tea.WindowSizeMsg{Width: width, Height: 24})
		}
		now = now.Add(30 * time.Minute)
		require.True(t, idleCheck(g))
		most := 79
		if width > 0 && width <= 80 {
			most = width - 1
		}
		out := reason.lines()
		lines := strings.Split(out, "\r\n")
		require.Greater(t, len(lines), 1, "width %d: %q", width, out)
		for _, line := range lines {
			assert.LessOrEqual(t, utf8.RuneCountInString(line), most, "width %d: %q", width, line)
		}
		assert.Equal(t, reason.get(), strings.Join(lines, " "), "width %d: the words are whole, in order", width)
	}
}
