package server

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/require"
)

// plain is a model that draws one fixed screen.
type plain struct{}

func (plain) Init() tea.Cmd                       { return nil }
func (plain) Update(tea.Msg) (tea.Model, tea.Cmd) { return plain{}, nil }
func (plain) View() tea.View                      { return tea.NewView("title\nbody") }

// The "keys too fast" line goes once the keys stop: keys dropped after
// the warning was drawn keep it up past its first tick, and that tick
// asks for another frame for when it is gone, rather than leave the
// line on a screen nothing else draws again.
func TestKeysWarningGoes(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	cfg := &Config{KeyRate: 2, Now: func() time.Time { return now }}
	g := &guard{cfg: cfg, inner: plain{}, logf: t.Logf, keys: newBucket(0.01, 1, now), lastIn: now}
	key := tea.KeyPressMsg{Code: 'k', Text: "k"}
	require.Equal(t, key, g.filter(g, key), "the burst passes")
	require.Equal(t, keysDroppedMsg{}, g.filter(g, key), "the first key dropped draws the warning")
	_, cmd := g.Update(keysDroppedMsg{})
	require.NotNil(t, cmd, "the warning's end is ticked")
	// More keys dropped a little later: no new warning message.
	now = now.Add(warnFor / 4)
	require.Nil(t, g.filter(g, key))
	// The first tick comes: the warning is still due for a while.
	now = now.Add(warnFor * 3 / 4)
	require.True(t, strings.HasPrefix(g.View().Content, " ! keys too fast"))
	_, cmd = g.Update(warnDoneMsg{})
	require.NotNil(t, cmd, "another frame is asked for when the warning goes")
	now = now.Add(warnFor / 4)
	_, cmd = g.Update(warnDoneMsg{})
	require.Nil(t, cmd)
	require.Equal(t, "title\nbody", g.View().Content)
}
