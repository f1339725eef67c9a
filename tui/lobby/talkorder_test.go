package lobby

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/serve/chat"
	"github.com/klob/klob/rules"
)

// TestLateSpectatorReadsTalkWhereSaid: ann says a line at her turn,
// then passes; a spectator who comes after reads her line above her
// pass in the talk panel, where it was said, not below the deal's
// words as if said after them. At every seat count.
func TestLateSpectatorReadsTalkWhereSaid(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprintf("%d seats", n), func(t *testing.T) {
			hub, err := chat.New(chat.Config{})
			require.NoError(t, err)
			h := randomHall(t, hall.Config{Chat: hub})
			ann := hall.Player{ID: "a", Name: "ann"}
			o := rules.DefaultOptions()
			o.Players = n
			tb, err := h.Open(ann, hall.Options{Seats: n, Rules: o, Level: ai.Random, Seed: 1})
			require.NoError(t, err)
			conn, err := tb.Join(ann)
			require.NoError(t, err)
			require.NoError(t, conn.Start())
			a := newSeatRun(t, newSharedSeat(New(Config{Player: ann, Hall: h, Chat: hub}), conn))
			a.run(a.s.Enter(a.ctx))
			port := conn.Port()
			a.until("ann's bid", func() bool { return a.s.Table() != nil && port.Snapshot().Can.Act })
			for _, k := range []string{"/", "h", "i", "enter"} {
				a.key(k)
			}
			sn := port.Snapshot()
			require.True(t, sn.Can.Act && len(sn.View.History()) < n, "ann's first bid")
			require.NoError(t, port.Act(sn.Gen, rules.Action{Kind: rules.Pass}))

			dan := hall.Player{ID: "d", Name: "dan"}
			watch, err := tb.Watch(dan)
			require.NoError(t, err)
			w := newSeatRun(t, newWatchSeat(New(Config{Player: dan, Hall: h, Chat: hub}), tb, watch))
			w.run(w.s.Enter(w.ctx))
			var pane []string
			for _, l := range strings.Split(ansi.Strip(w.s.View(w.ctx)), "\n") {
				if i := strings.LastIndex(l, "│ "); i >= 0 {
					pane = append(pane, strings.TrimSpace(l[i+len("│ "):]))
				}
			}
			said := slices.IndexFunc(pane, func(l string) bool { return strings.Contains(l, `ann: "hi"`) })
			pass := slices.IndexFunc(pane, func(l string) bool { return strings.HasPrefix(l, "ann: pass") })
			require.True(t, said >= 0 && pass >= 0 && said < pass, "%d seats: ann's line is not above her pass:\n%s", n, strings.Join(pane, "\n"))
		})
	}
}
