package main

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

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
