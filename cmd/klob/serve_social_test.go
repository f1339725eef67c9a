package main

import (
	"fmt"
	"regexp"
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

// oneLine is a screen's words on one line: wrapped text reads whole.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// ratingRE reads a person's rating at two players in the lobby:
// "2 players 1500 ±350 (no game yet)" or "(+12 last game)".
var ratingRE = regexp.MustCompile(`2 players (\d+ ±\d+) \(([^)]*)\)`)

// The real ssh command, in tmux, against a real klob serve: the club.
// Ann and Bob, rated (their keys), play a game to 100; Carol watches it
// from `ssh -t HOST watch CODE` and talks; the game's end shows each
// their rating's change; both say again and the next game starts at
// the same table; Carol's leaderboard lists both with their new
// ratings, and Ann's lobby shows hers changed by the game.
func TestServeE2EClubSocial(t *testing.T) {
	if testing.Short() {
		t.Skip("the end-to-end run builds klob and starts ssh")
	}
	needTools(t, "tmux", "ssh")
	dir := t.TempDir()
	_, srv, port, _ := buildServe(t, dir, "-board-games", "1")
	x := newSSHTmux(t, dir, port, srv.log)
	const w, h = 100, 30
	x.connect("ann", w, h)
	x.connect("bob", w, h)
	before := ratingRE.FindStringSubmatch(oneLine(x.waitUntil("ann", "Ann's rating", time.Minute, func(s string) bool {
		return ratingRE.MatchString(oneLine(s))
	})))
	if before[2] != "no game yet" {
		t.Fatalf("a new key has a rating already: %q", before[0])
	}

	// A table of two, game to 100 (the form: seats, bots, target; up
	// from the first row is "open").
	x.keys("ann", "o")
	x.waitFor("ann", "Open a table")
	x.keys("ann", "Down", "Down", "Left", "Left", "Left")
	x.waitFor("ann", "  100 ›")
	x.keys("ann", "Up", "Up", "Up", "Enter")
	code := codeRE.FindStringSubmatch(x.waitFor("ann", "give friends the code"))[1]
	x.waitFor("bob", "Welcome, bob")
	x.keys("bob", "j")
	x.waitFor("bob", "Table code:")
	x.keys("bob", "-l", strings.ToLower(code))
	x.keys("bob", "Enter")
	x.waitFor("ann", "Seat B  bob")
	x.keys("ann", "s")
	x.waitFor("ann", "Deal 1")

	// Carol watches straight from the command line, and talks.
	x.connectCmd("carol", w, h, "watch "+code)
	x.waitFor("carol", "watching")
	x.waitFor("ann", "1 watching")
	x.keys("carol", "/")
	x.keys("carol", "-l", "good game")
	x.keys("carol", "Enter")
	x.waitUntil("bob", "Carol's line", time.Minute, func(s string) bool {
		return strings.Contains(oneLine(s), `carol (watching): "good game"`)
	})

	over := func(name string) bool { return strings.Contains(x.screen(name), "Game over") }
	x.play(10*time.Minute, func() bool { return over("ann") && over("bob") }, "ann", "bob")
	// The spectator reads the last deal's result, then enter: the end.
	x.waitFor("carol", "Press enter for the end of the game")
	x.keys("carol", "Enter")
	x.waitFor("carol", "Game over")
	// The end of the game says each rating's change.
	changed := regexp.MustCompile(`Your rating at 2 players: \d+ ±\d+ \([+-]\d+\)`)
	for _, name := range []string{"ann", "bob"} {
		x.waitUntil(name, "the rating's change", time.Minute, func(s string) bool { return changed.MatchString(oneLine(s)) })
	}

	// Again: both say it; the next game starts at the same table, and
	// is rated too.
	x.keys("ann", "n")
	x.waitUntil("bob", "Ann's again", time.Minute, func(s string) bool { return strings.Contains(oneLine(s), "Again: ann said it") })
	x.keys("bob", "n")
	for _, name := range []string{"ann", "bob"} {
		x.waitUntil(name, "the next game", time.Minute, func(s string) bool {
			return !strings.Contains(s, "Game over") && strings.Contains(s, "Deal 1") && strings.Contains(s, "table "+code)
		})
	}
	x.play(10*time.Minute, func() bool { return over("ann") && over("bob") }, "ann", "bob")
	for _, name := range []string{"ann", "bob"} {
		x.waitUntil(name, "the next game's rating change", time.Minute, func(s string) bool { return changed.MatchString(oneLine(s)) })
	}
	annWon := strings.Contains(oneLine(x.screen("ann")), "You win the game")

	// Carol's leaderboard lists both, two games each (one rated game
	// lists a player on this server: -board-games 1).
	x.keys("carol", "Escape")
	x.waitFor("carol", "Welcome, carol")
	x.keys("carol", "l")
	x.waitFor("carol", "head to head")
	board := regexp.MustCompile(`(?m)^\s+\d\.\s+(ann|bob)\s+\d+ ±\d+\s+2$`)
	x.waitUntil("carol", "both on the board with two games", time.Minute, func(s string) bool {
		return len(board.FindAllString(s, -1)) == 2
	})

	// Ann goes back to the lobby: her rating there is the games'.
	x.keys("ann", "q")
	after := ratingRE.FindStringSubmatch(oneLine(x.waitUntil("ann", "Ann's new rating", time.Minute, func(s string) bool {
		m := ratingRE.FindStringSubmatch(oneLine(s))
		return m != nil && strings.HasSuffix(m[2], "last game")
	})))
	if after[1] == before[1] {
		t.Fatalf("Ann's rating did not change: %q, then %q", before[0], after[0])
	}
	if up := strings.HasPrefix(after[2], "+"); up != annWon {
		t.Fatalf("Ann won the last game %v, and her rating went %q", annWon, after[2])
	}
	t.Logf("Ann's rating: %s, after two games %s (%s)", before[1], after[1], after[2])
}
