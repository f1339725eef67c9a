package tui

import (
	"strings"
	"testing"

	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/lobby"
)

// historyStore is a game store with an empty history, as a key's store
// is before its first game ends.
type historyStore struct {
	memStore
	emptySource
}

// TestLobbyHistoryLeaves: over SSH, the saved games' list leaves for the
// lobby at once on q as on esc (the list keeps nothing), and its help
// names esc once, not as two different keys, and tells no numbers and
// marks (the empty list shows none).
func TestLobbyHistoryLeaves(t *testing.T) {
	for _, k := range []string{"q", "esc"} {
		cfg := lobbyTrainConfig("key-a", nil)
		cfg.Solo.Store = &historyStore{}
		d := newLobbyDriver(t, cfg)
		d.press("h")
		if d.app.ScreenName() == "lobby" {
			t.Fatalf("h does not open the saved games:\n%s", d.screen())
		}
		if k == "q" {
			d.pressNoRun("?")
			help := d.screen()
			if n := strings.Count(help, " esc "); n != 0 || strings.Count(help, "q/esc") != 1 {
				t.Errorf("the help names esc %d times apart from q/esc:\n%s", n, help)
			}
			if strings.Contains(help, "Numbers and marks") {
				t.Errorf("the empty list's help tells the numbers and marks:\n%s", help)
			}
			d.pressNoRun("?") // closes the help
		}
		// The lobby's refresh ticks are not run: only QuitNow's message.
		// Esc is back at the lobby at once, and its command is the
		// lobby's refresh tick (2 s of waiting): not run.
		_, cmd := d.app.Update(kittest.Key(k))
		if _, back := d.app.screen.(*lobby.Lobby); !back && cmd != nil {
			if msg := cmd(); msg != nil {
				d.app.Update(msg)
			}
		}
		if o, ok := d.app.screen.(*kit.Opening); ok {
			d.app.Update(o.Enter(nil)()) // leaving waits for saves: none
		}
		if _, ok := d.app.screen.(*lobby.Lobby); !ok {
			t.Errorf("%s on the saved games shows %T, not the lobby:\n%s", k, d.app.screen, d.screen())
		}
	}
}
