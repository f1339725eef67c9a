package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/serve/server"
	"github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/internal/testing/sshtest"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// startServeTourney is startServeWith args, the tournaments on clock c
// and random bots: these tests are about the tournaments' pages, cards
// and restarts, not the bots' play, and the par worker plays every
// board of the three dailies (24) as well as the test's own.
func startServeTourney(t *testing.T, state string, c *testkit.Clock, args ...string) *serveRun {
	t.Helper()
	return startServeWith(t, state, func(f *serveFlags) { f.now, f.tourneyBot = c.Now, testkit.RandomBots }, args...)
}

// tourneyClock is the tournament tests' clock, at noon of their day.
func tourneyClock() *testkit.Clock {
	return testkit.NewClock(time.Date(2026, 12, 1, 12, 0, 0, 0, time.Local))
}

// specOfTwo is a tournament of four boards at two seats against the
// normal bot, ending an hour after c's now.
func specOfTwo(c *testkit.Clock) tourney.Spec {
	return tourney.Spec{Rules: rulesOf(2), Level: ai.Normal, Boards: 4, Ends: c.Now().Add(time.Hour)}
}

var (
	tourneyBoardRE = regexp.MustCompile(`Board (\d+) of (\d+)`)
	tourneyOpenRE  = regexp.MustCompile(`Tournament ([A-Z]{6}) is open`)
)

// tourneyLeak says what a frame of key's connection shows that it may
// not, "" when nothing: before the end, a card anywhere but at a board's
// table, or at the table of the board in play a card its seat may not
// know now (the replays open only once the tournament has ended).
func tourneyLeak(tn *tourney.Service, code, key string, ended bool, screen string, checked *atomic.Int64) string {
	if ended && strings.Contains(screen, "Replay ·") {
		return ""
	}
	m := tourneyBoardRE.FindStringSubmatch(screen)
	if m == nil || strings.Contains(screen, " is played.") {
		if strings.ContainsAny(screen, "♠♥♦♣") {
			return "a card shows outside a board's table:\n" + screen
		}
		return ""
	}
	n, hidden, ok := tn.HiddenFrom(code, key)
	if !ok || fmt.Sprint(n) != m[1] {
		return ""
	}
	checked.Add(1)
	for _, c := range hidden.Cards() {
		if strings.Contains(screen, c.Pretty(false)) {
			return fmt.Sprintf("board %d shows %s, a card its seat may not know:\n%s", n, c.Pretty(false), screen)
		}
	}
	return ""
}

// tourneyAct makes one move of a person in a tournament if the screen
// asks for one: take when offered, refuse a schmeiss (so that a board
// is played out, not thrown in after two steps), else the first choice
// or the selected card, and on after each board to the next. It
// reports whether it pressed a key, and whether the person's last
// board is played.
func tourneyAct(scr string) (keys string, last bool) {
	switch {
	case strings.Contains(scr, "That was your last board"):
		return "", true
	case strings.Contains(scr, "[t] take"):
		return "t", false
	case strings.Contains(scr, "[r] refuse (play it)"):
		return "r", false
	case strings.Contains(scr, "Bella?"):
		return "b", false
	case strings.Contains(scr, "▶["), strings.Contains(scr, "Your lead"), strings.Contains(scr, "Your turn"),
		strings.Contains(scr, "Press enter to go on"), strings.Contains(scr, "[enter] board "),
		strings.Contains(scr, "[enter] play board "):
		return sshtest.Enter, false
	}
	return "", false
}

// playTourney plays every board of the person's tournament over their
// connection, each screen answered once (again after resend if it
// stands still). It reads the screen again when output arrives (or
// after poll), not every few milliseconds: reading it renders the
// whole emulator.
func playTourney(t *testing.T, p *person, d time.Duration) {
	t.Helper()
	deadline := time.Now().Add(d)
	last, acted := "", time.Time{}
	frames := p.c.Frames()
	for {
		scr := p.c.Screen()
		if time.Now().After(deadline) {
			t.Fatalf("%s never finished the tournament:\n%s", p.name, scr)
		}
		// A key that left no mark (lost on a loaded machine in a frame
		// that passed) is sent again once the screen has stood still
		// for resend, as drive does, or the board would wait for ever.
		if scr != last || time.Since(acted) >= resend {
			keys, done := tourneyAct(scr)
			if done {
				return
			}
			if keys != "" {
				p.typ(t, keys)
				last, acted = scr, time.Now()
			}
		}
		select {
		case <-frames:
			for len(frames) > 0 {
				<-frames
			}
		case <-time.After(poll):
		}
	}
}

// toDaily takes p from the lobby's welcome to the daily screen, where
// tournaments are made and entered.
func toDaily(t *testing.T, p *person) {
	t.Helper()
	p.c.WaitText(t, patience, "Welcome, "+p.name)
	p.typ(t, "d")
	p.c.WaitText(t, patience, "Today's daily")
}

// openCode takes p from the lobby's welcome to the tournament whose code
// it types (as given: a test may type it in lower case).
func openCode(t *testing.T, p *person, code string) {
	t.Helper()
	toDaily(t, p)
	p.typ(t, "c")
	p.c.WaitText(t, patience, "Tournament code:")
	p.typ(t, code, sshtest.Enter)
}

// Two people over SSH: Ann creates a tournament from the lobby, Bob
// enters it by its code; both play every board and, once it has ended,
// see the standings with both of them, and open a board's replay. No
// frame either receives shows a card of a board before it is played,
// nor a card of the board in play its seat may not know.
func TestServeTourneyHiddenBoards(t *testing.T) {
	shortParallel(t)
	c := tourneyClock()
	r := startServeTourney(t, t.TempDir(), c)
	tn := r.hall.tourney
	ann, bob := newPerson(t, "ann"), newPerson(t, "bob")
	r.connect(t, ann)
	r.connect(t, bob)
	var code atomic.Value
	code.Store("")
	var ended atomic.Bool
	var checked atomic.Int64
	for _, p := range []*person{ann, bob} {
		key := server.KeyID(p.key.PublicKey())
		p.c.Watch(func(screen string) {
			if msg := tourneyLeak(tn, code.Load().(string), key, ended.Load(), screen, &checked); msg != "" {
				t.Error(p.name + ": " + msg)
			}
		})
	}

	toDaily(t, ann)
	ann.typ(t, "n")
	ann.c.WaitText(t, patience, "A new tournament")
	// Two seats, four boards.
	ann.typ(t, sshtest.Left, sshtest.Up, sshtest.Up, sshtest.Up, sshtest.Left, sshtest.Left)
	ann.c.WaitText(t, patience, "Boards                     4 ›")
	ann.typ(t, sshtest.Enter)
	scr := ann.c.WaitText(t, patience, "is open")
	code.Store(tourneyOpenRE.FindStringSubmatch(scr)[1])

	openCode(t, bob, strings.ToLower(code.Load().(string)))
	bob.c.WaitText(t, patience, "[enter] enter the tournament")
	bob.typ(t, sshtest.Enter)
	bob.c.WaitText(t, patience, "You are in")

	var wg sync.WaitGroup
	for _, p := range []*person{ann, bob} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			playTourney(t, p, patience)
		}()
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	t.Logf("%d frames of boards in play checked against their hidden cards", checked.Load())
	require.Greater(t, checked.Load(), int64(40), "the boards' frames were checked")
	// While it runs, each sees their own results only.
	for _, p := range []*person{ann, bob} {
		p.typ(t, "\x1b")
		p.c.WaitText(t, patience, "Boards played: 4 of 4")
		require.NotContains(t, p.c.Screen(), "Rank")
	}

	ended.Store(true)
	c.Add(25 * time.Hour)
	for _, p := range []*person{ann, bob} {
		p.typ(t, "r")
		p.c.WaitText(t, patience, "standings")
		p.c.WaitText(t, patience, p.name+" (you)")
		other := map[*person]string{ann: "bob", bob: "ann"}[p]
		p.c.WaitText(t, patience, other)
	}
	ann.typ(t, sshtest.Enter)
	ann.c.WaitText(t, patience, "'s boards")
	ann.typ(t, sshtest.Enter)
	ann.c.WaitText(t, patience, "Replay ·")
	ann.c.WaitText(t, patience, "Board 1 of 4")

	fin, err := tn.Final(context.Background(), "", code.Load().(string))
	require.NoError(t, err)
	require.Len(t, fin.Standings.Rows, 2)
	for _, row := range fin.Standings.Rows {
		require.Equal(t, 4, row.Played)
	}
}

// TestServePerAddrCaps: -max-entrants-per-addr caps the keys from one
// address that enter one tournament, -max-tournaments-per-addr the
// running tournaments created from one; the next is refused in words
// that say the cap.
func TestServePerAddrCaps(t *testing.T) {
	c := tourneyClock()
	r := startServeTourney(t, t.TempDir(), c, "-max-entrants-per-addr", "1", "-max-tournaments-per-addr", "1")
	ctx := context.Background()
	p := func(i int) tourney.Player {
		return tourney.Player{Key: fmt.Sprintf("eeee%060x", i), Name: fmt.Sprint("p", i), Addr: "192.0.2.1"}
	}
	spec := specOfTwo(c)
	info, err := r.hall.tourney.Create(ctx, p(0), spec)
	require.NoError(t, err)
	require.NoError(t, r.hall.tourney.Enter(ctx, p(0), info.Code))
	require.EqualError(t, r.hall.tourney.Enter(ctx, p(1), info.Code),
		"this tournament has 1 entrant from your address already, its most")
	_, err = r.hall.tourney.Create(ctx, p(2), spec)
	require.ErrorIs(t, err, tourney.ErrTooMany)
	require.ErrorContains(t, err, "from your address (1)")
}

// A board left in the middle over SSH, the server stopped and started
// again: the person comes back to the same point of the same board.
func TestServeTourneyRestart(t *testing.T) {
	shortParallel(t)
	c := tourneyClock()
	state := t.TempDir()
	r := startServeTourney(t, state, c)
	ctx := context.Background()
	ann := newPerson(t, "ann")
	key := server.KeyID(ann.key.PublicKey())
	spec := specOfTwo(c)
	info, err := r.hall.tourney.Create(ctx, tourney.Player{Key: key, Name: "ann"}, spec)
	require.NoError(t, err)
	require.NoError(t, r.hall.tourney.Enter(ctx, tourney.Player{Key: key, Name: "ann"}, info.Code))

	open := func() {
		r.connect(t, ann)
		openCode(t, ann, info.Code)
	}
	open()
	ann.c.WaitText(t, patience, "[enter] play board 1")
	ann.typ(t, sshtest.Enter)
	ann.c.WaitText(t, patience, "Board 1 of 4")
	// Three steps of the board saved, then the connection drops and the
	// server stops. (A key can land on a screen the game has left: the
	// saved log, not the keys typed, says how far the board went.)
	logPath := filepath.Join(state, "tourneys", info.Code, key, "board-01.klob")
	steps := func() int {
		l, err := gamelog.ReadFile(logPath)
		if err != nil || len(l.Deals) == 0 {
			return 0
		}
		return len(l.Deals[0].Steps)
	}
	for deadline := time.Now().Add(patience); steps() < 3; {
		require.True(t, time.Now().Before(deadline), "the board's log never held 3 steps")
		scr := ann.c.Screen()
		if keys, _ := tourneyAct(scr); keys != "" && strings.Contains(scr, "Board 1 of 4") {
			ann.typ(t, keys)
			ann.c.WaitFor(t, patience, "the move", func(s string) bool { return s != scr })
		}
		time.Sleep(poll)
	}
	_ = ann.c.Close()
	_ = r.srv.Close()
	r.hall.Close()
	r.club.Close()
	before, err := gamelog.ReadFile(logPath)
	require.NoError(t, err)
	require.Len(t, before.Deals, 1)
	require.GreaterOrEqual(t, len(before.Deals[0].Steps), 3)

	r = startServeTourney(t, state, c)
	// The lobby says where the board was left, and d opens its page.
	r.connect(t, ann)
	ann.c.WaitText(t, patience, "is under way: d opens it.")
	ann.typ(t, "d")
	ann.c.WaitText(t, patience, "[enter] go on with board 1")
	ann.typ(t, sshtest.Enter)
	ann.c.WaitText(t, patience, "Board 1 of 4")
	n, _, ok := r.hall.tourney.HiddenFrom(info.Code, key)
	require.True(t, ok)
	require.Equal(t, 1, n)
	after, err := gamelog.ReadFile(logPath)
	require.NoError(t, err)
	require.Equal(t, before.Deals[0].Deck, after.Deals[0].Deck)
	require.Equal(t, before.Deals[0].Steps, after.Deals[0].Steps[:len(before.Deals[0].Steps)],
		"the board goes on where it was, not dealt again")
	p, err := r.hall.tourney.Progress(ctx, key, info.Code)
	require.NoError(t, err)
	require.Equal(t, tourney.InPlay, p.Lines[0].State)
}

// rulesOf is the default rules at players.
func rulesOf(players int) rules.Options {
	o := rules.DefaultOptions()
	o.Players = players
	return o
}

// The real ssh command, in tmux windows of 80×24, against klob serve
// (in this process, so the test drives the tournaments' clock): Ann
// creates a tournament from the lobby, Bob enters it by its code, both
// play every board, and once the clock passes the end both see the
// standings. Every screen polled is checked as the fair-play test
// checks its frames.
func TestServeTourneyE2E(t *testing.T) {
	if testing.Short() {
		t.Skip("the end-to-end run starts ssh in tmux")
	}
	dir := t.TempDir()
	c := tourneyClock()
	r := startServeTourney(t, filepath.Join(dir, "state"), c)
	tn := r.hall.tourney
	_, port, _ := net.SplitHostPort(r.addr)

	x := newSSHTmux(t, dir, port, r.log.String)
	keyOf := map[string]string{}
	connect := func(name string) {
		data, err := os.ReadFile(x.connect(name, 80, 24))
		require.NoError(t, err)
		signer, err := gossh.ParsePrivateKey(data)
		require.NoError(t, err)
		keyOf[name] = server.KeyID(signer.PublicKey())
	}
	var code atomic.Value
	code.Store("")
	ended := false
	x.check = func(name, scr string) {
		if msg := tourneyLeak(tn, code.Load().(string), keyOf[name], ended, scr, new(atomic.Int64)); msg != "" {
			t.Fatalf("%s: %s", name, msg)
		}
	}
	screen, keys, waitFor := x.screen, x.keys, x.waitFor

	connect("ann")
	connect("bob")
	waitFor("ann", "Welcome, ann")
	keys("ann", "d")
	waitFor("ann", "Today's daily")
	keys("ann", "n")
	waitFor("ann", "A new tournament")
	keys("ann", "Left", "Up", "Up", "Up", "Left", "Left")
	waitFor("ann", "Boards                     4 ›")
	keys("ann", "Enter")
	scr := waitFor("ann", "is open")
	code.Store(tourneyOpenRE.FindStringSubmatch(scr)[1])
	waitFor("bob", "Welcome, bob")
	keys("bob", "d")
	waitFor("bob", "Today's daily")
	keys("bob", "c")
	waitFor("bob", "Tournament code:")
	keys("bob", "-l", strings.ToLower(code.Load().(string)))
	keys("bob", "Enter")
	waitFor("bob", "[enter] enter the tournament")
	keys("bob", "Enter")
	waitFor("bob", "You are in")

	// Both play, reading their screens, until their last board is over.
	last := map[string]string{}
	done := map[string]bool{}
	deadline := time.Now().Add(2 * time.Minute)
	for !done["ann"] || !done["bob"] {
		if time.Now().After(deadline) {
			t.Fatalf("the boards were not played; ann:\n%s\nbob:\n%s", screen("ann"), screen("bob"))
		}
		for _, name := range []string{"ann", "bob"} {
			s := screen(name)
			if done[name] || s == last[name] {
				continue
			}
			k, over := tourneyAct(s)
			switch {
			case over:
				done[name] = true
			case k == sshtest.Enter:
				keys(name, "Enter")
			case k != "":
				keys(name, "-l", k)
			default:
				continue
			}
			last[name] = s
		}
		time.Sleep(10 * time.Millisecond)
	}
	for _, name := range []string{"ann", "bob"} {
		keys(name, "Escape")
		waitFor(name, "Boards played: 4 of 4")
	}

	// The end passes: the standings open for both.
	ended = true
	c.Add(25 * time.Hour)
	for _, name := range []string{"ann", "bob"} {
		keys(name, "r")
		waitFor(name, "standings")
		scr := waitFor(name, name+" (you)")
		other := map[string]string{"ann": "bob", "bob": "ann"}[name]
		require.Contains(t, scr, other)
	}
}
