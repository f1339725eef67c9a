package lobby

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/serve/chat"
)

// The rows the lobby keeps for its talk are rows the talk fills: a line
// said over three rows that does not fit whole under the latest leaves
// them to the tables, rather than blank under the talk while a table is
// out of view.
func TestTalkLeavesItsUnusedRowsToTheTables(t *testing.T) {
	l, ctx := steadyLobby(t, 2, true, false, 0)
	l.tables = append(l.tables, hall.Info{Code: "WXYZ", Seats: 4, Names: []string{"carl", "", "", ""},
		Level: ai.Normal, Target: 500})
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	hub, err := chat.New(chat.Config{Now: func() time.Time { return now }})
	require.NoError(t, err)
	room := hub.NewRoom()
	for _, text := range []string{
		"Hello everyone, this is a rather long message that wraps over three lines in the lobby talk pane, " +
			"without being cut mid-word anywhere at all, thanks",
		"anyone for a 4-player game later?",
	} {
		_, err := room.Say(chat.Sender{Key: "b", Name: "bob"}, text)
		require.NoError(t, err)
	}
	l.talk = &talkPane{t: newTalk(hub, room, l.cfg.Player, func() string { return "ann" }, false, l.mutes)}
	t.Cleanup(l.talk.t.sub.Close)
	lines := screenLines(l, ctx)
	scr := strings.Join(lines, "\n")
	require.Len(t, lines, 24)
	for _, code := range []string{"AB00", "AB01", "WXYZ"} {
		assert.Contains(t, scr, code, "a table out of view")
	}
	assert.NotContains(t, scr, "more below")
	assert.Contains(t, scr, `bob: "anyone for a 4-player game later?"`)
	assert.NotEqual(t, "", strings.TrimSpace(lines[21]), "a blank row above the keys while rows were short:\n%s", scr)
}

// Once the person muted everyone who talked, the lobby's talk does not
// say that nothing was said.
func TestTalkAllMutedIsNotNothingSaid(t *testing.T) {
	l, ctx := steadyLobby(t, 0, true, false, 0)
	hub, err := chat.New(chat.Config{})
	require.NoError(t, err)
	room := hub.NewRoom()
	_, err = room.Say(chat.Sender{Key: "b", Name: "bob"}, "hello")
	require.NoError(t, err)
	l.talk = &talkPane{t: newTalk(hub, room, l.cfg.Player, func() string { return "ann" }, false, l.mutes)}
	t.Cleanup(l.talk.t.sub.Close)
	_, err = l.talk.t.command("/mute", "bob")
	require.NoError(t, err)
	scr := strings.Join(screenLines(l, ctx), "\n")
	assert.NotContains(t, scr, `bob: "hello"`)
	assert.NotContains(t, scr, "(nothing said yet)", scr)
	assert.Contains(t, scr, "(nothing said yet, or only by people you muted)", scr)
}
