package tui

import (
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/tui/kit/kittest"
)

// A spectator's screen reports each move it sees at the table
// (lobby.Config.Active): the server's idle close counts them, so
// someone watching a game that moves is not closed for pressing no key.
func TestWatchReportsMovesAsActivity(t *testing.T) {
	c := newClub(t)
	ann, bob := c.pair(t)
	var moves atomic.Int64
	carol := newLobbyPersonWith(c.h, "c", "Carol", 80, 24, func(cfg *LobbyConfig) {
		cfg.Chat, cfg.Lobby = c.h.Talk()
		cfg.Active = func() { moves.Add(1) }
	})
	t.Cleanup(func() { close(carol.done) })
	code := openAndJoin(t, 2, ann, bob)
	ann.key("s")
	ann.until(t, "Deal 1")
	carol.key("w")
	carol.until(t, code+"  Ann, Bob")
	carol.key("enter")
	require.NotNil(t, carol.watching())
	carol.deliver()
	before := moves.Load()
	dealt := func() bool {
		carol.deliver()
		kittest.CheckSize(t, carol.screen(), 80, 24)
		sn, _ := ann.snap()
		return sn.Between || sn.Over
	}
	playUntil(t, c.h, 80, 24, "the first deal's end", dealt, ann, bob)
	carol.deliver()
	// The screen reports each position it sees; on a loaded machine
	// several moves reach it as one update, so the count is at least
	// one, not one a move.
	require.Greater(t, moves.Load(), before, "a deal's moves seen, reported")
}
