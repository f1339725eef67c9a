package tui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/klob/klob/tui/lobby/lobbytest"
	"github.com/klob/klob/tui/train/traintest"
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
			club := newClub(t)
			p := newLobbyPersonWith(club.h, "a", "Ann", 80, 24, func(cfg *LobbyConfig) {
				cfg.Club = &lobbytest.Club{}
				cfg.Chat, cfg.Lobby = club.h.Talk()
				cfg.Train = trainConfig(&traintest.MemRecord{}, traintest.Strong)
				if c.store != nil {
					cfg.Solo.Store = c.store
				}
			})
			defer close(p.done)
			p.deliver()
			p.untilFlat(t, "Lobby talk")
			p.key(c.key)
			p.untilFlat(t, c.ready)
			lines := strings.Split(strings.TrimRight(plain(p), "\n "), "\n")
			keys := strings.TrimSpace(lines[len(lines)-1])
			if !escBack.MatchString(keys) || strings.Contains(keys, "back to the lobby") {
				t.Errorf("%s's key line %q does not say esc back", c.name, keys)
			}
			p.key("esc")
			p.untilFlat(t, "Play alone against bots")
		})
	}
}
