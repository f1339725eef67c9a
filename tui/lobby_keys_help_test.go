package tui

import (
	"strings"
	"testing"

	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/lobby/lobbytest"
	"github.com/klob/klob/tui/train/traintest"
)

// TestLobbyKeyLinesNameHelp: every screen the lobby opens names ? help
// on its key line, as the lobby's does, within 80 columns (the host's
// waiting room of four, with its talk and a seat to move to, is the
// widest), and ? opens the help there.
func TestLobbyKeyLinesNameHelp(t *testing.T) {
	for _, c := range []struct {
		name  string
		keys  []string // each pressed once the screen shows its ready
		ready []string // what the screen shows before each key and after the last
		store Store
	}{
		{"the table form", []string{"o"}, []string{"Lobby talk", "[ Open the table ]"}, nil},
		{"the leaderboards", []string{"l"}, []string{"Lobby talk", "Nobody has played"}, nil},
		{"the talk read back", []string{"c"}, []string{"Lobby talk", "PgUp/PgDn page"}, nil},
		{"a game open elsewhere", []string{"p"}, []string{"Lobby talk", "open in another connection"}, &busyStore{}},
		{"the watch list", []string{"w"}, []string{"Lobby talk", "Watch a table"}, nil},
		{"the trainer", []string{"t"}, []string{"Lobby talk", "Your choice:"}, nil},
		{"a waiting room of four", []string{"o", "right", "right", "enter"},
			[]string{"Lobby talk", "Seats ‹ 2 ›", "Seats ‹ 3 ›", "Seats ‹ 4 ›", "m move"}, nil},
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
			for i, k := range c.keys {
				p.untilFlat(t, c.ready[i])
				p.key(k)
			}
			p.untilFlat(t, c.ready[len(c.ready)-1])
			lines := strings.Split(strings.TrimRight(plain(p), "\n "), "\n")
			keys := strings.TrimRight(lines[len(lines)-1], " ")
			if !strings.Contains(keys, "? help") || kit.WidthOf(keys) > 80 {
				t.Errorf("%s's key line %q does not name ? help in 80 columns", c.name, keys)
			}
			// The App's help, or the watch list's own (a code never
			// holds ?): both are titled so.
			p.key("?")
			if !strings.Contains(plain(p), "Klob  Help (") {
				t.Errorf("? opens no help on %s:\n%s", c.name, plain(p))
			}
		})
	}
}
