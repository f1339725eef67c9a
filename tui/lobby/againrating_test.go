package lobby

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/internal/serve/club"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// A person who leaves the end of an "again" game and comes back to it
// from the lobby reads what the game did to their rating, as before
// they left: the club names the game before by the copy the histories
// got, not by the host's log, and the seat asks the hall for that name.
func TestBackAtAnAgainGameSaysTheRatingChange(t *testing.T) {
	for _, n := range []int{2, 3} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			state := t.TempDir()
			cl, err := club.Open(context.Background(), state, club.Options{})
			require.NoError(t, err)
			t.Cleanup(func() { cl.Close() })
			h := randomHall(t, hall.Config{Dir: filepath.Join(state, "tables"),
				History: func(id string) hall.Archiver { return store.New(filepath.Join(state, "players", id), store.Options{}) },
				Record: func(path string, l *gamelog.Log) error {
					_, err := cl.Record(context.Background(), path, l, "")
					return err
				}})
			o := rules.DefaultOptions()
			o.Players, o.Target = n, 100
			people := []hall.Player{{ID: "a", Name: "ann"}, {ID: "b", Name: "bob"}, {ID: "c", Name: "cid"}}[:n]
			tb, conns := openAndSit(t, h, n, o, people...)
			require.NoError(t, conns[0].Start())
			ports := func() []host.Port {
				var ps []host.Port
				for _, c := range conns {
					ps = append(ps, c.Port())
				}
				return ps
			}
			playToTheEnd(t, ports()...)
			untilPort(t, conns[0].Port(), "the first game filed", func(sn host.Snapshot) bool { return sn.Save.Filed })
			for _, p := range ports() {
				require.NoError(t, p.Again(p.Snapshot().Gen))
			}
			untilPort(t, conns[0].Port(), "the second game", func(sn host.Snapshot) bool { return sn.Game == 2 })
			playToTheEnd(t, ports()...)
			untilPort(t, conns[0].Port(), "the second game filed", func(sn host.Snapshot) bool { return sn.Save.Filed })

			card, err := cl.Card(context.Background(), "a")
			require.NoError(t, err)
			st, ok := poolOf(card, n)
			require.True(t, ok && st.Rated && st.Games == 2, "the club rated both games: %+v", st)
			want := "Your rating at " + strconv.Itoa(n) + " players: " + st.Shown.String() + " (" + kit.Signed(st.Last.Points) + ")"

			conns[0].Leave()
			back, err := tb.Join(people[0])
			require.NoError(t, err)
			r := newSeatRun(t, newSharedSeat(New(Config{Player: people[0], Hall: h, Club: cl}), back))
			r.run(r.s.Enter(r.ctx))
			r.until("the rating", func() bool { return strings.Contains(r.frame, "Your rating at") })
			require.Contains(t, r.frame, want)
			require.NotContains(t, r.frame, "changes no rating")
		})
	}
}

// untilPort waits for the port's snapshot to satisfy ok; the deadline
// only ends a test that would otherwise hang.
func untilPort(t *testing.T, p host.Port, what string, ok func(host.Snapshot) bool) {
	t.Helper()
	deadline := time.After(guard)
	for !ok(p.Snapshot()) {
		select {
		case <-p.Updates():
		case <-deadline:
			t.Fatalf("%s: never came", what)
		}
	}
}
