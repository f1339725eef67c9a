package server

import (
	"strings"
	"testing"
	"time"

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
