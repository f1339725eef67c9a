package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/lobby"
	"github.com/klob/klob/tui/lobby/lobbytest"
)

// TestLobbyTalkRoomAt80x24: in the smallest window, with the club's
// rating lines and open tables, the lobby's talk keeps its heading and
// its last three lines; the table list scrolls and says how many tables
// are above and below; the note, the line typed and the keys (each
// with its word) show too, and nothing is drawn past the window's last
// row.
func TestLobbyTalkRoomAt80x24(t *testing.T) {
	c := newClub(t)
	open := func(i, seats int) string {
		tb, err := c.h.Open(hall.Player{ID: fmt.Sprint("h", i), Name: fmt.Sprint("Host", i)}, hall.Options{Seats: seats, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: uint64(i + 1)})
		require.NoError(t, err)
		return tb.Code()
	}
	first := open(0, 4)
	bob, cid := bobAndCidTalking(t, c)
	bob.untilFlat(t, "Your rating:")
	said := []string{"one", "two", "three", "four"}
	for _, s := range said {
		cid.say(s)
	}
	bob.wait(t, "Cid's four lines", func() bool { return len(bob.app.screen.(*lobby.Lobby).TalkLines()) == len(said) })
	// check asserts what every screen of the test shows: the talk's
	// heading and last three lines, the keys, the window's size.
	check := func(what, keys string) string {
		t.Helper()
		scr := plain(bob)
		kittest.CheckSize(t, bob.screen(), 80, 24)
		require.Contains(t, scr, "Lobby talk", "%s: the talk's heading:\n%s", what, scr)
		for _, s := range said[1:] {
			require.Contains(t, scr, `Cid: "`+s+`"`, "%s: the talk's last lines:\n%s", what, scr)
		}
		rows := strings.Split(scr, "\n")
		require.Contains(t, rows[len(rows)-1], keys, "%s: the keys on the last row:\n%s", what, scr)
		return scr
	}
	// Every key says what it does, the arrows too.
	scr := check("one table", "↑/↓ choose · enter take · p t o j w d h r l · / talk")
	require.Contains(t, scr, first+"  waiting for players · Host0", "the table:\n%s", scr)

	// A note (a code that no table has) shows with the talk's heading.
	bob.key("j")
	for _, k := range []string{"Z", "Z", "Z", "Z", "enter"} {
		bob.key(k)
	}
	scr = check("a note", "p t o j w d h r l")
	require.Contains(t, scr, "no open table has that code", "the note:\n%s", scr)
	// The line being typed shows with the talk, and its keys.
	bob.key("/")
	scr = check("typing", "enter send · esc cancel")
	require.Contains(t, scr, "Say: _", "the line typed:\n%s", scr)
	bob.key("esc")

	// More tables than the room: the list scrolls with marks, the talk
	// keeps its lines. Each table of four takes two rows: the room left
	// shows one.
	for i := 1; i < 6; i++ {
		open(i, 4)
	}
	bob.app.screen.(*lobby.Lobby).Refresh()
	scr = check("six tables", "p t o j w d h r l")
	tables := bob.app.screen.(*lobby.Lobby).Tables()
	require.Contains(t, scr, tables[0].Code+"  ", "the first table:\n%s", scr)
	require.Contains(t, scr, "5 more below", "the mark below:\n%s", scr)
	require.NotContains(t, scr, "more above", "nothing above the first table:\n%s", scr)
	// Up from the menu's j (its fourth row): the last table, the rest
	// above.
	for range 4 {
		bob.key("up")
	}
	scr = check("the last table", "p t o j w d h r l")
	last := tables[5].Code
	require.Contains(t, scr, "▶ "+last, "the last table under the cursor:\n%s", scr)
	require.Contains(t, scr, "5 more above", "the mark above:\n%s", scr)
	require.NotContains(t, scr, "more below", "nothing below the last table:\n%s", scr)
	// One up: a table with others above and below it.
	bob.key("up")
	scr = check("the fifth table", "p t o j w d h r l")
	require.Contains(t, scr, "4 more above · ↓ 1 more below", "both marks:\n%s", scr)
}

// TestLobbyTalkWrapsAtSpaces: a line of the lobby's talk that wraps at
// 80 columns breaks at a space, never after a hyphen of a name.
func TestLobbyTalkWrapsAtSpaces(t *testing.T) {
	c := newClub(t)
	bob, cid := bobAndCidTalking(t, c)
	// "Anne-" would end the first line at 76 cells.
	cid.say(strings.Repeat("word ", 13) + "Anne-Marie-Louise")
	bob.wait(t, "Cid's line", func() bool { return len(bob.app.screen.(*lobby.Lobby).TalkLines()) == 1 })
	scr := plain(bob)
	require.Contains(t, scr, `Anne-Marie-Louise"`, "the name is parted:\n%s", scr)
}

// bobAndCidTalking seats Bob in the club's lobby at 80×24 and Cid beside
// him, both in the lobby's talk.
func bobAndCidTalking(t *testing.T, c *socialClub) (bob, cid *lobbyPerson) {
	t.Helper()
	bob = newLobbyPersonWith(c.h, "b", "Bob", 80, 24, func(cfg *LobbyConfig) {
		cfg.Addr, cfg.Club = "192.0.2.1", &lobbytest.Club{}
		cfg.Chat, cfg.Lobby = c.h.Talk()
	})
	t.Cleanup(func() { close(bob.done) })
	cid = c.person(t, "c", "Cid", lobby.Command{})
	inLobbyTalk(t, bob, cid)
	return bob, cid
}

// TestLobbyTalkAfterAway: the lobby's talk keeps coming after a visit
// to another screen (the watch list): what was said meanwhile and
// after shows once back in the lobby.
func TestLobbyTalkAfterAway(t *testing.T) {
	c := newClub(t)
	ann, bob := c.pair(t)
	inLobbyTalk(t, ann, bob)
	bob.key("w")
	bob.until(t, "Watch a table")
	ann.say("while away")
	ann.until(t, `Ann: "while away"`)
	bob.deliver()
	bob.key("esc")
	bob.until(t, `Ann: "while away"`)
	ann.say("and back")
	bob.until(t, `Ann: "and back"`)
}

// TestLobbyTalkAfterRename: a line said after a rename goes by the new
// name.
func TestLobbyTalkAfterRename(t *testing.T) {
	c := newClub(t)
	ann, bob := c.pair(t)
	inLobbyTalk(t, ann, bob)
	ann.key("r")
	for range 3 {
		ann.key("backspace")
	}
	for _, r := range "Anna" {
		ann.key(string(r))
	}
	ann.key("enter")
	ann.until(t, "You are Anna now.")
	ann.say("new name")
	bob.until(t, `Anna: "new name"`)
}
