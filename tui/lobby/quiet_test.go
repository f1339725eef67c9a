package lobby

import (
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/serve/chat"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/lobby/lobbytest"
)

// TestRatedTableKeepsQuietInADeal: at a rated table of three or four,
// the people seated may not talk while a deal is played (a word could
// tell a partner what a hand holds); they may between deals and at the
// game's end. Two players, one person among bots, or any table of a
// server that keeps no ratings, talk throughout.
func TestRatedTableKeepsQuietInADeal(t *testing.T) {
	for _, c := range []struct {
		seats  int
		people int
		noClub bool
		quiet  bool
	}{{3, 2, false, true}, {4, 2, false, true}, {2, 2, false, false}, {3, 1, false, false}, {4, 2, true, false}} {
		hub, err := chat.New(chat.Config{Burst: 1000})
		require.NoError(t, err)
		h := randomHall(t, hall.Config{Chat: hub})
		people := []hall.Player{{ID: "a", Name: "ann"}, {ID: "b", Name: "bob"}}[:c.people]
		o := rules.DefaultOptions()
		o.Players, o.Target = c.seats, 300
		tb, err := h.Open(people[0], hall.Options{Seats: c.seats, Rules: o, Level: ai.Random, Seed: 1})
		require.NoError(t, err)
		var conns []*hall.Conn
		for _, p := range people {
			conn, err := tb.Join(p)
			require.NoError(t, err)
			conns = append(conns, conn)
		}
		require.Equal(t, c.people == 2, tb.Rated())
		require.NoError(t, conns[0].Start())
		l := New(Config{Player: people[0], Hall: h, Chat: hub, Club: &lobbytest.Club{}})
		if c.noClub {
			l.cfg.Club = nil
		}
		ctx := kit.NewContext(false)
		ctx.Width, ctx.Height = 80, 24
		scr, _ := l.join(&ctx, tb)
		s := scr.(*SharedSeat)
		t.Cleanup(s.talk.close)
		conns[0] = s.conn // ann's seat came to this connection

		// Play every seat's decisions at random; at each position seen,
		// ann's line is refused exactly while a deal is played.
		r := rand.New(rand.NewPCG(1, 2))
		deadline := time.After(20 * time.Second) // only ends a test that would hang
		var inDeal, between bool
		for {
			sn := s.conn.Port().Snapshot()
			_, err := s.talk.Say("hello")
			playing := sn.HasDeal && !sn.Between && !sn.Over
			if playing && c.quiet {
				require.ErrorIs(t, err, errQuietDeal, "%d seats, deal %d", c.seats, sn.DealNo)
			} else {
				require.NoError(t, err, "%d seats, deal %d, between %v, over %v", c.seats, sn.DealNo, sn.Between, sn.Over)
			}
			inDeal = inDeal || playing
			between = between || sn.Between
			if sn.Over {
				break
			}
			moved := false
			for _, conn := range conns {
				sn := conn.Port().Snapshot()
				switch {
				case sn.Can.Act:
					legal := sn.View.Legal()
					err = conn.Port().Act(sn.Gen, legal[r.IntN(len(legal))])
				case sn.Can.Ready:
					err = conn.Port().Ready(sn.Gen)
				default:
					continue
				}
				if !errors.Is(err, host.ErrStale) {
					require.NoError(t, err)
					moved = true
				}
			}
			if !moved {
				select {
				case <-conns[0].Port().Updates():
				case <-deadline:
					t.Fatal("the game never ended")
				}
			}
		}
		require.True(t, inDeal && between, "%d seats: the game passed no deal or no pause between deals", c.seats)
	}
}
