package tui

import "testing"

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
