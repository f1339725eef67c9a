// Package halltest plays games at the tables of a hall for tests: the
// people at a table act from their seats' snapshots as a person's
// screen would, with random legal moves.
package halltest

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/klob/klob/internal/play/hall"
)

// Start opens a table of h with o for people (the first hosts it),
// seats them in order and starts the game, bots in the seats left: the
// table and the people's connections, in seat order.
func Start(h *hall.Hall, people []hall.Player, o hall.Options) (*hall.Table, []*hall.Conn, error) {
	tb, err := h.Open(people[0], o)
	if err != nil {
		return nil, nil, err
	}
	var conns []*hall.Conn
	for _, p := range people {
		c, err := tb.Join(p)
		if err != nil {
			return nil, nil, err
		}
		conns = append(conns, c)
	}
	return tb, conns, conns[0].Start()
}

// PlayOut plays random legal moves (drawn from r) from each connection's
// seat, and is ready between deals, until every seat's game is over and
// filed, or ctx ends (its error). A connection whose game has not
// started yet waits for it.
func PlayOut(ctx context.Context, conns []*hall.Conn, r *rand.Rand) error {
	for {
		done, acted := true, false
		for _, c := range conns {
			port := c.Port()
			if port == nil {
				done = false
				continue
			}
			s := port.Snapshot()
			done = done && s.Over && s.Save.Filed
			switch {
			case s.Can.Act:
				legal := s.View.Legal()
				acted = port.Act(s.Gen, legal[r.IntN(len(legal))]) == nil || acted
			case s.Can.Ready:
				acted = port.Ready(s.Gen) == nil || acted
			}
		}
		if done {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if !acted {
			select {
			case <-conns[0].Updates():
			case <-time.After(time.Millisecond):
			case <-ctx.Done():
			}
		}
	}
}
