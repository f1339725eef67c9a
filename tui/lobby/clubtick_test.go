package lobby

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/lobby/lobbytest"
)

// TestLobbyRereadsTheRating: a person who stays in the lobby while a
// bot finishes their game sees their rating move: the lobby reads it
// again every clubTicks ticks, not at every tick; a guest's never.
func TestLobbyRereadsTheRating(t *testing.T) {
	for _, c := range []struct {
		id    string
		reads int
	}{{"a", 3}, {"", 0}} {
		club := &lobbytest.Club{}
		l := &Lobby{cfg: &Config{Club: club, Player: hall.Player{ID: c.id, Name: "ann"}}, mutes: muteBook{}}
		ctx := kit.NewContext(false)
		ctx.Width, ctx.Height = 80, 24
		// every is 0 here: a tick's command comes back at once.
		var tick tea.Msg = l.tick()()
		for range 3 * clubTicks {
			_, cmd := l.Update(&ctx, tick)
			tick = nil
			out := cmd()
			cmds, ok := kittest.Batch(out)
			if !ok {
				tick = out
				continue
			}
			for _, cmd := range cmds {
				switch m := cmd().(type) {
				case kit.TickMsg:
					tick = m
				case clubCardMsg:
					l.Update(&ctx, m)
				default:
					t.Fatalf("a tick's command gave %T", m)
				}
			}
		}
		if _, ok := tick.(kit.TickMsg); !ok {
			t.Fatalf("the ticks stopped: %T", tick)
		}
		if got := club.Reads(); got != c.reads {
			t.Errorf("id %q: %d ticks read the rating %d times, want %d", c.id, 3*clubTicks, got, c.reads)
		}
	}
}
