package server

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/require"
)

// plain is a model that draws one fixed screen: a title, a body, and
// its keys under a blank line.
type plain struct{}

func (plain) Init() tea.Cmd                       { return nil }
func (plain) Update(tea.Msg) (tea.Model, tea.Cmd) { return plain{}, nil }
func (plain) View() tea.View                      { return tea.NewView(plainFrame) }

const plainFrame = "title\nbody\n\nkeys"

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
	require.Equal(t, keysDroppedMsg{warn: true, tell: true}, g.filter(g, key), "the first key dropped draws the warning")
	_, cmd := g.Update(keysDroppedMsg{warn: true, tell: true})
	require.NotNil(t, cmd, "the warning's end is ticked")
	// More keys dropped a little later: no new warning message.
	now = now.Add(warnFor / 4)
	require.Nil(t, g.filter(g, key))
	// The first tick comes: the warning is still due for a while.
	now = now.Add(warnFor * 3 / 4)
	lines := strings.Split(g.View().Content, "\n")
	require.Equal(t, []string{"title", "body"}, lines[:2], "the warning hides the title")
	require.True(t, strings.HasPrefix(lines[2], " ! keys too fast"), "%q", lines)
	_, cmd = g.Update(warnDoneMsg{})
	require.NotNil(t, cmd, "another frame is asked for when the warning goes")
	now = now.Add(warnFor / 4)
	_, cmd = g.Update(warnDoneMsg{})
	require.Nil(t, cmd)
	require.Equal(t, plainFrame, g.View().Content)
}

// The warning takes the frame's status area, never its first line (the
// screen's title): the blank line over the keys' line, else the last
// line; a newline ending the frame adds no line.
func TestKeysWarningLine(t *testing.T) {
	for _, tc := range []struct {
		frame string
		want  int
	}{
		{"title\nbody\n\nkeys", 2},
		{"title\nbody\n\x1b[2m  \x1b[m\nkeys", 2},
		{"title\nbody\nkeys", 2},
		{"title\nbody\n\nkeys\n", 2},
		{"title\nbody\n", 1},
		{"title\nbody\n\n", 2},
		{"title", 0},
	} {
		require.Equal(t, tc.want, warnLine(strings.Split(tc.frame, "\n")), "%q", tc.frame)
	}
}

// seen is a model that keeps the messages it is given.
type seen struct{ msgs *[]tea.Msg }

func (seen) Init() tea.Cmd { return nil }
func (m seen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	*m.msgs = append(*m.msgs, msg)
	return m, nil
}
func (seen) View() tea.View { return tea.NewView(plainFrame) }

// The model is told that keys were dropped (InputDroppedMsg), in order
// with the keys it is given, once after each of those: a line being
// typed is known to lack keys, whether the warning is drawn again or
// not, and a flood of dropped keys costs no more Updates than the keys
// let through.
func TestModelToldOfDroppedKeys(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	cfg := &Config{KeyRate: 2, Now: func() time.Time { return now }}
	var got []tea.Msg
	g := &guard{cfg: cfg, inner: seen{&got}, logf: t.Logf, keys: newBucket(2, 1, now), lastIn: now}
	feed := func(k rune) {
		msg := g.filter(g, tea.KeyPressMsg{Code: k, Text: string(k)})
		if msg != nil {
			g.Update(msg)
		}
	}
	feed('a') // the burst
	feed('b') // dropped: told, and warned
	feed('c') // dropped: nothing more
	now = now.Add(time.Second / 2)
	feed('d') // a token again
	feed('e') // dropped: told again, the warning still up
	feed('f') // dropped
	now = now.Add(time.Second / 2)
	feed('g')
	var keys []string
	for _, m := range got {
		switch m := m.(type) {
		case tea.KeyPressMsg:
			keys = append(keys, m.Text)
		case InputDroppedMsg:
			keys = append(keys, "dropped")
		}
	}
	require.Equal(t, []string{"a", "dropped", "d", "dropped", "g"}, keys)
}
