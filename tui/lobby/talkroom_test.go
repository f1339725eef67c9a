package lobby

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
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
	withTalk(t, l,
		"Hello everyone, this is a rather long message that wraps over three lines in the lobby talk pane, "+
			"without being cut mid-word anywhere at all, thanks",
		"anyone for a 4-player game later?")
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
	withTalk(t, l, "hello")
	_, err := l.talk.t.command("/mute", "bob")
	require.NoError(t, err)
	scr := strings.Join(screenLines(l, ctx), "\n")
	assert.NotContains(t, scr, `bob: "hello"`)
	assert.NotContains(t, scr, "(nothing said yet)", scr)
	assert.Contains(t, scr, "(nothing said yet, or only by people you muted)", scr)
}

// A name shown with its key's tag (another key's name looks like it)
// is muted by the name alone when one key of that name talked, by the
// name with its tag too; of several, the answer lists them with their
// tags, and either is muted by its tagged name.
func TestMuteANameShownWithItsTag(t *testing.T) {
	const bob, bob2 = "10714564b254ffff", "aaaaaaaaaaaa0000"
	hub, err := chat.New(chat.Config{Now: func() time.Time { return time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC) }})
	require.NoError(t, err)
	room := hub.NewRoom()
	say := func(key, name, text string) {
		t.Helper()
		_, err := room.Say(chat.Sender{Key: key, Name: name}, text)
		require.NoError(t, err)
	}
	say(bob, "Bob #10714564b254", "hello")
	talk := newTalk(hub, room, hall.Player{ID: "a", Name: "ann"}, func() string { return "ann" }, false, muteBook{})
	t.Cleanup(talk.sub.Close)

	note, err := talk.command("/mute", "bob")
	require.NoError(t, err)
	assert.Contains(t, note, "You no longer see Bob #10714564b254's lines")
	note, err = talk.command("/unmute", "Bob")
	require.NoError(t, err)
	assert.Contains(t, note, "You see Bob #10714564b254's lines again")

	say(bob, "Bob #10714564b254", "hello again")
	say(bob2, "Bob", "hi")
	talk2 := newTalk(hub, room, hall.Player{ID: "a", Name: "ann"}, func() string { return "ann" }, false, muteBook{})
	t.Cleanup(talk2.sub.Close)
	_, err = talk2.command("/mute", "Bob")
	require.Error(t, err)
	assert.Equal(t, `several players go by "Bob": /mute one of Bob #10714564b254 or Bob #aaaaaaaaaaaa`, err.Error())
	note, err = talk2.command("/mute", "Bob #aaaaaaaaaaaa")
	require.NoError(t, err)
	assert.Contains(t, note, "You no longer see Bob's lines")
	_, err = talk2.command("/mute", "Bob")
	require.NoError(t, err, "one Bob left in the talk")
	_, err = talk2.command("/unmute", "Bob")
	require.Error(t, err)
	assert.Equal(t, `you muted several players called "Bob": /unmute one of Bob #10714564b254 or Bob #aaaaaaaaaaaa`, err.Error())
}

// A talk line of Indic conjuncts (क्ष: two cells in tmux) wraps to the
// width the terminal draws it at: no line of the lobby is wider than 80
// cells as drawn, none cut.
func TestTalkOfConjunctsFits(t *testing.T) {
	l, ctx := steadyLobby(t, 0, true, false, 0)
	withTalk(t, l, strings.Repeat("क्ष", 60))
	lines := screenLines(l, ctx)
	require.Len(t, lines, 24)
	said := 0
	for i, line := range lines {
		if w := ansi.StringWidthWc(line); w > 80 {
			t.Errorf("line %d is %d cells as drawn:\n%s", i, w, strings.Join(lines, "\n"))
		}
		said += strings.Count(line, "क्ष")
	}
	assert.Equal(t, 60, said, "the line is cut:\n%s", strings.Join(lines, "\n"))
}

// After /mute then /unmute the lines the mute hid stay hidden, so the
// empty talk still says they may have been said: it does not claim
// that nothing was. The lines were hidden three ways: taken off at
// /mute, left out of the history at the start (a mute of an earlier
// connection), or not given as they were said.
func TestTalkUnmutedKeepsSayingLinesWereHidden(t *testing.T) {
	for _, how := range []string{"at /mute", "at the start", "as said"} {
		l, ctx := steadyLobby(t, 0, true, false, 0)
		hub, err := chat.New(chat.Config{Now: func() time.Time { return time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC) }})
		require.NoError(t, err)
		room := hub.NewRoom()
		say := func(text string) {
			t.Helper()
			_, err := room.Say(chat.Sender{Key: "b", Name: "bob"}, text)
			require.NoError(t, err)
		}
		if how != "at /mute" {
			// Muted by an earlier connection of the same key.
			require.NoError(t, hub.Mute("a", "b", "bob"))
			l.mutes["b"] = "bob"
		}
		if how != "as said" {
			say("hello")
		}
		l.talk = &talkPane{t: newTalk(hub, room, l.cfg.Player, func() string { return "ann" }, false, l.mutes)}
		t.Cleanup(l.talk.t.sub.Close)
		switch how {
		case "at /mute":
			_, err := l.talk.t.command("/mute", "bob")
			require.NoError(t, err)
		case "as said":
			say("hello while muted")
		}
		_, err = l.talk.t.command("/unmute", "bob")
		require.NoError(t, err, how)
		scr := strings.Join(screenLines(l, ctx), "\n")
		assert.NotContains(t, scr, "(nothing said yet)", how)
		assert.Contains(t, scr, "(nothing said yet, or only by people you muted)", how)
	}
	// Nobody muted, nothing said: nothing said yet.
	l, ctx := steadyLobby(t, 0, true, false, 0)
	withTalk(t, l)
	assert.Contains(t, strings.Join(screenLines(l, ctx), "\n"), "(nothing said yet)")
}
