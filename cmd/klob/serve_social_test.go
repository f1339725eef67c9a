package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/testing/sshtest"
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
	dan.c.WaitText(t, patience, "has started without you")

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
