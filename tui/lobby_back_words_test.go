package tui

import (
	"regexp"
	"strings"
	"testing"
)

// escBack is esc going back to the lobby at once, as the key lines of
// the lobby's screens word it: "esc back", q too where q does the same.
var escBack = regexp.MustCompile(`(^|· )(q/)?esc back( ·|$)`)

// TestLobbyEscBackWording: every screen reached from the lobby whose
// esc comes back to it at once (the form, the leaderboards, the talk
// read back, a game open elsewhere, the watch list, the trainer) words
// it one way on its key line, "esc back".
func TestLobbyEscBackWording(t *testing.T) {
	for _, c := range []struct {
		name  string
		key   string
		ready string // what the screen shows once read
		store Store
	}{
		{"the table form", "o", "[ Open the table ]", nil},
		{"the leaderboards", "l", "Nobody has played", nil},
		{"the talk read back", "c", "PgUp/PgDn page", nil},
		{"a game open elsewhere", "p", "open in another connection", &busyStore{}},
		{"the watch list", "w", "Watch a table", nil},
		{"the trainer", "t", "Your choice:", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := clubLobbyPerson(t, true, c.store)
			p.walk(t, []string{c.key}, []string{"Lobby talk", c.ready})
			keys := strings.TrimSpace(lastLine(p))
			if !escBack.MatchString(keys) || strings.Contains(keys, "back to the lobby") {
				t.Errorf("%s's key line %q does not say esc back", c.name, keys)
			}
			p.key("esc")
			p.untilFlat(t, "Play alone against bots")
		})
	}
}
