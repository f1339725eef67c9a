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
	c, err := sshtest.Dial(r.addr, sshtest.Config{User: "carol", Key: carol.key, Width: 110, Height: 34, Command: "watch " + strings.ToLower(code)})
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	carol.c = c
	carol.c.WaitText(t, patience, "watching · v history")
	ann.c.WaitText(t, patience, "1 watching")

	zed, err := sshtest.Dial(r.addr, sshtest.Config{User: "zed", Key: sshtest.NewKey(t), Width: 110, Height: 34, Command: "watch " + code, NeverRead: true})
	require.NoError(t, err)
	t.Cleanup(func() { _ = zed.Close() })
	ann.c.WaitText(t, patience, "2 watching")

	carol.typ(t, "/", "hi all", sshtest.Enter)
	ann.c.WaitText(t, patience, `carol (watching): "hi all"`)
	bob.c.WaitText(t, patience, `carol (watching): "hi all"`)

	dan := newPerson(t, "dan")
	d, err := sshtest.Dial(r.addr, sshtest.Config{User: "dan", Key: dan.key, Width: 110, Height: 34, Command: "join " + code})
	require.NoError(t, err)
	t.Cleanup(func() { _ = d.Close() })
	d.WaitText(t, patience, "has started without you")

	drive(t, r, code, 60*time.Second, func() bool { return len(tableLog(t, r.state, code).Deals) >= 2 }, ann, bob)
	require.NotContains(t, strings.Join(tableLog(t, r.state, code).Comment, "\n"), "hi all", "talk never goes into the game's log")
}

// TestServeASCII: a session started with `ascii` draws the lobby and a
// game alone in ASCII (suits as letters, boxes in + - |), for a
// terminal without Unicode; one started without it keeps Unicode.
func TestServeASCII(t *testing.T) {
	shortParallel(t)
	r := startServe(t, t.TempDir(), time.Minute)
	ann := newPerson(t, "ann")
	c, err := sshtest.Dial(r.addr, sshtest.Config{User: "ann", Key: ann.key, Width: 80, Height: 24, Command: "ascii"})
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
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
