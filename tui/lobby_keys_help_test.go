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
			[]string{"Lobby talk", "Seats 2 ›", "Seats ‹ 3 ›", "Seats ‹ 4", "m move"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := clubLobbyPerson(t, true, c.store)
			p.walk(t, c.keys, c.ready)
			keys := lastLine(p)
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

// clubLobbyPerson is Ann at 80×24 in the lobby of a new club, with its
// talk, the trainer when train is set, and store for her games alone
// when it is not nil.
func clubLobbyPerson(t *testing.T, train bool, store Store) *lobbyPerson {
	club := newClub(t)
	p := newLobbyPersonWith(club.h, "a", "Ann", 80, 24, func(cfg *LobbyConfig) {
		cfg.Club = &lobbytest.Club{}
		cfg.Chat, cfg.Lobby = club.h.Talk()
		if train {
			cfg.Train = trainConfig(&traintest.MemRecord{}, traintest.Strong)
		}
		if store != nil {
			cfg.Solo.Store = store
		}
	})
	t.Cleanup(func() { close(p.done) })
	p.deliver()
	return p
}

// walk presses keys in turn, each once the screen shows its ready, and
// waits for the last ready after the last key.
func (p *lobbyPerson) walk(t *testing.T, keys, ready []string) {
	t.Helper()
	for i, k := range keys {
		p.untilFlat(t, ready[i])
		p.key(k)
	}
	p.untilFlat(t, ready[len(ready)-1])
}

// lastLine is the last line of p's screen, its key line, without the
// spaces after it.
func lastLine(p *lobbyPerson) string {
	lines := strings.Split(strings.TrimRight(plain(p), "\n "), "\n")
	return strings.TrimRight(lines[len(lines)-1], " ")
}
