package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/testing/sshtest"
	"github.com/klob/klob/internal/testing/testkit"
)

// TestServeWatchTalkByCommand: over SSH, Carol watches Ann's and Bob's
// table straight from the command line (`watch CODE`), the seats read
// that one watches, her line of talk reaches them; Dan's `join CODE`
// of a full table is told why in the lobby. A spectator whose client
// never reads a byte watches too, and the game goes on to its next deal
// without waiting for it (the server drops such a client once its
// window is full: internal/serve/server's TestClientThatNeverReads).
func TestServeWatchTalkByCommand(t *testing.T) {
	shortParallel(t)
	r := startServe(t, t.TempDir(), time.Minute)
	ann, bob := newPerson(t, "ann"), newPerson(t, "bob")
	r.connect(t, ann)
	r.connect(t, bob)
	code := openTable(t, 2, ann, bob)

	carol := newPerson(t, "carol")
	carol.command = "watch " + strings.ToLower(code)
	r.connect(t, carol)
	carol.c.WaitText(t, patience, "watching · v tricks")
	ann.c.WaitText(t, patience, "1 watching")

	zed := newPerson(t, "zed")
	zed.command, zed.neverRead = "watch "+code, true
	r.connect(t, zed)
	ann.c.WaitText(t, patience, "2 watching")

	carol.typ(t, "/", "hi all", sshtest.Enter)
	ann.c.WaitText(t, patience, `carol (watching): "hi all"`)
	bob.c.WaitText(t, patience, `carol (watching): "hi all"`)

	dan := newPerson(t, "dan")
	dan.command = "join " + code
	r.connect(t, dan)
	dan.c.WaitText(t, patience, "has started: w watches it")

	drive(t, r, code, 60*time.Second, func() bool { return len(tableLog(t, r.state, code).Deals) >= 2 }, ann, bob)
	require.NotContains(t, strings.Join(tableLog(t, r.state, code).Comment, "\n"), "hi all", "talk never goes into the game's log")
}

// TestServeASCII: a session started with `ascii` draws the lobby and a
// game alone in ASCII (suits as letters, boxes in + - |), for a
// terminal without Unicode; one started without it keeps Unicode.
func TestServeASCII(t *testing.T) {
	shortParallel(t)
	r := startServe(t, t.TempDir(), time.Minute)
	ann := &person{name: "ann", key: sshtest.NewKey(t), w: 80, h: 24, command: "ascii"}
	r.connect(t, ann)
	c := ann.c
	nonASCII := func(s string) bool { return strings.ContainsFunc(s, func(r rune) bool { return r > 0x7e }) }
	lobby := c.WaitText(t, patience, "Play alone against bots")
	require.False(t, nonASCII(lobby), "the lobby:\n%s", lobby)
	require.NoError(t, c.Type("p"))
	setup := c.WaitText(t, patience, "Start the game")
	require.False(t, nonASCII(setup), "the setup:\n%s", setup)
	require.NoError(t, c.Type("\r"))
	// The first deal's cards, whoever speaks first (the seed is the
	// server's secret).
	game := c.WaitFor(t, patience, "a deal alone", func(s string) bool {
		return strings.Contains(s, "Deal 1") && strings.Contains(s, "+---+")
	})
	require.False(t, nonASCII(game), "the game alone:\n%s", game)
	require.Contains(t, game, "+---+", "cards boxed in ASCII")

	bob := newPerson(t, "bob")
	r.connect(t, bob)
	require.True(t, nonASCII(bob.c.WaitText(t, patience, "Play alone against bots")), "without ascii, Unicode")
}

// countdownTicks counts the goroutines waiting for a screen's countdown
// tick (tui/lobby), one at most for each screen at a table.
func countdownTicks() int { return testkit.Goroutines("lobby.(*countdown).tick") }

// TestServeSpectatorsLeaveNoTicks: spectators who hang up leave nothing
// waiting behind them, round after round. A screen at a table waits for
// its countdown's next tick (here the move clock's last seconds, an
// hour away); the wait holds the session's whole lobby, and it ended
// only when the tick came, not with the connection, so every spectator
// that came and went was kept that long.
func TestServeSpectatorsLeaveNoTicks(t *testing.T) {
	r := startServeWith(t, t.TempDir(), nil, "-move-clock", "1h")
	ann, bob := newPerson(t, "ann"), newPerson(t, "bob")
	r.connect(t, ann)
	r.connect(t, bob)
	code := openTable(t, 2, ann, bob)
	ticks := func(want int) func() bool { return func() bool { return countdownTicks() == want } }
	require.Eventually(t, ticks(2), patience, 10*time.Millisecond, "the seats' ticks: %d", countdownTicks())
	for round := range 3 {
		var spectators []*person
		for i := range 4 {
			p := newPerson(t, fmt.Sprintf("s%d%d", round, i))
			p.command = "watch " + code
			r.connect(t, p)
			p.c.WaitText(t, patience, "watching · v tricks")
			p.typ(t, "v")
			spectators = append(spectators, p)
		}
		require.Eventually(t, ticks(2+len(spectators)), patience, 10*time.Millisecond,
			"round %d: the spectators' ticks: %d", round, countdownTicks())
		for _, p := range spectators {
			require.NoError(t, p.c.Close())
		}
		require.Eventually(t, func() bool { return r.srv.Sessions() == 2 }, patience, 10*time.Millisecond, "round %d: sessions", round)
		require.Eventually(t, ticks(2), patience, 10*time.Millisecond,
			"round %d: ticks left after the spectators hung up: %d", round, countdownTicks())
	}
}
