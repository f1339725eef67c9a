package lobby

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestNoticeReachesOpenLobby: a person who went back to the lobby after
// a game is told there, while the lobby is open, that the table started
// its next game without them (a bot in their seat), on the tick its row
// leaves the list; not only at their next login.
func TestNoticeReachesOpenLobby(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprintf("%d seats", n), func(t *testing.T) {
			dir := t.TempDir()
			h := randomHall(t, hall.Config{Dir: filepath.Join(dir, "tables"),
				History: func(id string) hall.Archiver { return store.New(filepath.Join(dir, "players", id), store.Options{}) }})
			o := rules.DefaultOptions()
			o.Players, o.Target = n, 100
			people := []hall.Player{{ID: "a", Name: "ann"}, {ID: "b", Name: "bob"}, {ID: "c", Name: "cid"}, {ID: "d", Name: "dan"}}[:n]
			tb, conns := openAndSit(t, h, n, o, people...)
			require.NoError(t, conns[0].Start())
			ports := make([]host.Port, n)
			for i, c := range conns {
				ports[i] = c.Port()
			}
			playToTheEnd(t, ports...)
			untilPort(t, ports[0], "filed", func(sn host.Snapshot) bool { return sn.Save.Filed })
			gone := n - 1
			ports[gone].Quit()
			conns[gone].Leave()

			ctx := kittest.Context(80, 24)
			l := New(Config{Player: people[gone], Hall: h})
			l.Enter(&ctx)
			view := func() string { return kittest.Flat(ansi.Strip(l.View(&ctx))) }
			require.Contains(t, view(), tb.Code())

			// The others say again, the last of them with a bot in the
			// seat of the one who left.
			for _, p := range ports[:gone] {
				require.NoError(t, p.Again(p.Snapshot().Gen))
			}
			last := ports[gone-1]
			untilPort(t, last, "again with bots offered", func(sn host.Snapshot) bool { return sn.Can.AgainWithBots })
			require.NoError(t, last.AgainWithBots(last.Snapshot().Gen))

			listed := func() bool {
				return slices.ContainsFunc(l.Tables(), func(in hall.Info) bool { return in.Code == tb.Code() })
			}
			// The deadline only ends a test that would otherwise hang.
			deadline := time.Now().Add(guard)
			for listed() {
				if time.Now().After(deadline) {
					t.Fatalf("the table never left the list:\n%s", view())
				}
				time.Sleep(time.Millisecond)
				l.Update(&ctx, l.tick()())
			}
			require.True(t, strings.Contains(view(), "without you"), "the open lobby says nothing of the table gone:\n%s", view())
		})
	}
}
