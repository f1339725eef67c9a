package lobby

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/serve/server"
	"github.com/klob/klob/tui/kit"
)

// The server's message of keys dropped is the one the screens read.
var _ kit.InputDropped = server.InputDroppedMsg{}

// Keys the server dropped from a burst while the lobby's line was
// typed never leave a garbled line that enter sends: the line keeps
// what came before the drop, the rest of the burst is not added nor
// sent by its enters, and the note says so; edited, the line is sent.
func TestDroppedKeysLeaveNoLineToSend(t *testing.T) {
	l, ctx := steadyLobby(t, 0, false, true, 0)
	press(l, ctx, "/")
	for _, k := range []string{"m", "s", "g", "space", "4", "space", "ü", "n"} {
		press(l, ctx, k)
	}
	_, _ = l.Update(ctx, server.InputDroppedMsg{})
	for _, k := range []string{"/", "m", "s", "g", "space", "5", "enter", "/", "m", "enter"} {
		press(l, ctx, k)
	}
	_, _ = l.Update(ctx, tea.PasteMsg{Content: "/msg 6"})
	press(l, ctx, "enter")
	require.True(t, l.talk.open())
	assert.Equal(t, "msg 4 ün", l.talk.box.Input.String())
	assert.True(t, l.talk.note.Err)
	assert.Contains(t, l.talk.note.Text, "some were dropped")
	require.Empty(t, said(l), "nothing was said")

	press(l, ctx, "backspace")
	press(l, ctx, "enter")
	require.False(t, l.talk.open())
	assert.Equal(t, []string{"msg 4 ü"}, said(l))
}

// said are the lines said in the lobby's room.
func said(l *Lobby) []string {
	sub, h := l.talk.t.room.Subscribe("zz")
	sub.Close()
	var out []string
	for _, line := range h.Lines {
		out = append(out, line.Text)
	}
	return out
}
