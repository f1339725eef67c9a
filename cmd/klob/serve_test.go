package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/platform/dirlock"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/serve/club"
	"github.com/klob/klob/internal/serve/server"
	"github.com/klob/klob/internal/testing/sshtest"
	"github.com/klob/klob/rules"
)

// serveRun is an in-process klob serve on a free loopback port.
type serveRun struct {
	addr  string
	srv   *server.Server
	hall  *served
	club  *club.Service
	log   *sshtest.Buffer
	state string
}

func startServe(t *testing.T, state string, grace time.Duration) *serveRun {
	t.Helper()
	return startServeWith(t, state, nil, "-grace", grace.String())
}

// startServeWith is startServe with more flags, and set (when not nil)
// changing what no flag sets (the clock, the tournaments' bots). The
// move clock is off unless args set it: it would run on the wall clock.
func startServeWith(t *testing.T, state string, set func(*serveFlags), args ...string) *serveRun {
	t.Helper()
	f, err := parseServe(append([]string{"-addr", "127.0.0.1:0", "-state", state, "-pace", "0s", "-move-clock", "0s"}, args...), io.Discard, os.Stderr, os.Getenv)
	require.NoError(t, err)
	if set != nil {
		set(&f)
	}
	r := &serveRun{log: &sshtest.Buffer{}, state: state}
	// A restart in this process: a process another test forks shares
	// the descriptor of the club database's lock until it execs, so the
	// lock a closed server let go may stay held a moment longer.
	for wait := time.Now().Add(patience); ; time.Sleep(10 * time.Millisecond) {
		r.club, err = club.Open(context.Background(), state, club.Options{Now: f.now, Logf: timedLogf(r.log)})
		if !errors.Is(err, clubdb.ErrBusy) || time.Now().After(wait) {
			break
		}
	}
	require.NoError(t, err)
	t.Cleanup(func() { r.club.Close() })
	r.srv, r.hall, err = newServe(f, r.club, r.log, os.Stderr)
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	r.addr = ln.Addr().String()
	go func() { _ = r.srv.Serve(ln) }()
	t.Cleanup(func() {
		_ = r.srv.Close()
		// No table writes into state once the test's clean-up removes it.
		r.hall.Close()
	})
	return r
}

// person is one SSH client with a key (a guest without one), in a
// window of w×h (110×34 when not set). command, when set, is what the
// session runs instead of the lobby (`ssh HOST watch CODE`); neverRead
// is a client that never reads its output.
type person struct {
	name      string
	key       gossh.Signer
	c         *sshtest.Client
	w, h      int
	command   string
	neverRead bool
}

func (r *serveRun) connect(t *testing.T, p *person) {
	t.Helper()
	w, h := p.w, p.h
	if w == 0 {
		w, h = 110, 34
	}
	c, err := sshtest.Dial(r.addr, sshtest.Config{User: p.name, Key: p.key, Width: w, Height: h, Command: p.command, NeverRead: p.neverRead})
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	p.c = c
}

func (p *person) typ(t *testing.T, keys ...string) {
	t.Helper()
	for _, k := range keys {
		require.NoError(t, p.c.Type(k))
	}
}

// playAlone starts a game against bots from the lobby, the setup as
// it comes, and waits for its first deal.
func (p *person) playAlone(t *testing.T) {
	t.Helper()
	p.typ(t, "p")
	p.c.WaitText(t, patience, "Set up the game")
	p.typ(t, sshtest.Enter)
	p.c.WaitText(t, patience, "Deal 1")
}

// rename opens the lobby's name form with r, erases the erase letters
// of the name it holds and enters name.
func (p *person) rename(t *testing.T, erase int, name string) {
	t.Helper()
	p.typ(t, "r")
	p.c.WaitText(t, patience, "Your name:")
	for range erase {
		p.typ(t, "\x7f")
	}
	p.typ(t, name, "\r")
}

var codeRE = regexp.MustCompile(`Table ([A-Z]{4})`)

// openTable has host open a table of seats, each guest join it by its
// code (seats B, C...), and the host start the game. It returns the code.
func openTable(t *testing.T, seats int, host *person, guests ...*person) string {
	t.Helper()
	code := waitingTable(t, seats, host)
	for i, g := range guests {
		g.c.WaitText(t, patience, "Welcome, "+g.name)
		g.typ(t, "j")
		g.c.WaitText(t, patience, "Table code:")
		g.typ(t, strings.ToLower(code), sshtest.Enter)
		g.c.WaitText(t, patience, g.name+" (you)")
		host.c.WaitText(t, patience, "Seat "+rules.Seat(i+1).String()+"  "+g.name)
	}
	host.typ(t, "s")
	host.c.WaitText(t, patience, "Deal 1")
	return code
}

// seatsShown is the table form's line of the seat count seats: an
// arrow only on a side where a step changes it.
func seatsShown(seats int) string {
	return map[int]string{2: "Seats                      2 ›", 3: "Seats                    ‹ 3 ›", 4: "Seats                    ‹ 4"}[seats]
}

// waitingTable has host open a table of seats from the lobby's welcome
// and returns its code, the table waiting for players.
func waitingTable(t *testing.T, seats int, host *person) string {
	t.Helper()
	host.c.WaitText(t, patience, "Welcome, "+host.name)
	host.typ(t, "o")
	host.c.WaitText(t, patience, "Open a table")
	for range seats - 2 {
		host.typ(t, sshtest.Right)
	}
	host.c.WaitText(t, patience, seatsShown(seats))
	host.typ(t, sshtest.Up, sshtest.Enter)
	scr := host.c.WaitText(t, patience, "give friends the code")
	return codeRE.FindStringSubmatch(scr)[1]
}

// watchHidden checks every frame the people receive from now on.
func watchHidden(t *testing.T, r *serveRun, code string, people ...*person) {
	for i, p := range people {
		seat := rules.Seat(i)
		p.c.Watch(func(screen string) {
			if msg := hiddenShown(r, code, seat, screen); msg != "" {
				t.Error(msg)
			}
		})
	}
}

// checkHidden fails when a screen shows a card the seat may not know.
func checkHidden(t *testing.T, r *serveRun, code string, seat rules.Seat, screen string) {
	t.Helper()
	if msg := hiddenShown(r, code, seat, screen); msg != "" {
		t.Fatal(msg)
	}
}

// hiddenShown says which card of the other hand a screen of the seat
// shows, or "".
func hiddenShown(r *serveRun, code string, seat rules.Seat, screen string) string {
	tb, err := r.hall.Find(code)
	if err != nil {
		return "" // the game is over
	}
	m := dealRE.FindStringSubmatch(screen)
	if m == nil {
		return ""
	}
	shown, _ := strconv.Atoi(m[1])
	deal, hidden := tb.HiddenFrom(seat)
	if shown != deal {
		return ""
	}
	for _, c := range hidden.Cards() {
		if strings.Contains(screen, c.Pretty(false)) {
			return fmt.Sprintf("seat %s sees %s, a card of the other hand, in deal %d:\n%s", seat, c.Pretty(false), deal, screen)
		}
	}
	return ""
}

var dealRE = regexp.MustCompile(`Deal (\d+)`)

// act makes one decision for p if the screen asks for one: take when
// offered, else the first choice or the selected card, and the next
// deal. It reports whether it pressed a key.
func act(t *testing.T, p *person, scr string) bool {
	t.Helper()
	k := answerKey(scr)
	if k != "" {
		p.typ(t, k)
	}
	return k != ""
}

// drive plays for the people until done says stop, checking every
// screen for hidden cards.
func drive(t *testing.T, r *serveRun, code string, d time.Duration, done func() bool, people ...*person) {
	t.Helper()
	deadline := time.Now().Add(d)
	last := make([]string, len(people))
	acted := make([]time.Time, len(people))
	for !done() {
		if time.Now().After(deadline) {
			for _, p := range people {
				t.Logf("%s:\n%s", p.name, p.c.Screen())
			}
			t.Fatalf("not done after %v", d)
		}
		for i, p := range people {
			scr := p.c.Screen()
			checkHidden(t, r, code, rules.Seat(i), scr)
			// Wait for the screen to answer the last key; a key that
			// left no mark (lost on a loaded machine in a frame that
			// passed) is sent again once the screen has stood still a
			// while, or the deal would wait for it for ever.
			if scr == last[i] && time.Since(acted[i]) < resend {
				continue
			}
			if act(t, p, scr) {
				last[i], acted[i] = scr, time.Now()
			}
		}
		time.Sleep(poll)
	}
}

// awayWaits and takenOver find a seat's state beside the table ("away,
// waits 28s", "a bot plays for now") by the phrase that ends it: a
// narrow column breaks the state between its phrases, and the rows put
// other text between them.
var (
	awayWaits = regexp.MustCompile(`waits \d`)
	takenOver = regexp.MustCompile(`for now`)
)

// resend is how long drive waits for a screen to answer a key before it
// acts on that screen again.
const resend = 5 * time.Second

func newPerson(t *testing.T, name string) *person {
	return &person{name: name, key: sshtest.NewKey(t)}
}

// savedLog waits for the table's log to hold what ok looks for: the
// game's saves land on its host's writer, after the screens show the
// change.
func savedLog(t *testing.T, state, code, what string, ok func(*gamelog.Log) bool) *gamelog.Log {
	t.Helper()
	deadline := time.Now().Add(patience)
	for {
		l := tableLog(t, state, code)
		if ok(l) {
			return l
		}
		if time.Now().After(deadline) {
			t.Fatalf("the table's log never held %s: %+v", what, l.Comment)
		}
		time.Sleep(poll)
	}
}

// tableLog reads the table's log under state; before the host's first
// save has landed there is no file, and the log is empty.
func tableLog(t *testing.T, state, code string) *gamelog.Log {
	t.Helper()
	l, err := gamelog.ReadFile(filepath.Join(state, "tables", code, "current.klob"))
	if errors.Is(err, fs.ErrNotExist) {
		return &gamelog.Log{}
	}
	require.NoError(t, err)
	return l
}

// playedDeal reads the first finished deal of the table's log under
// state where cards were played, and returns the cards each seat played
// in it; false while there is none (or no log yet).
func playedDeal(state, code string) ([]int, bool) {
	l, err := gamelog.ReadFile(filepath.Join(state, "tables", code, "current.klob"))
	if err != nil {
		return nil, false
	}
	g, err := l.Game()
	if err != nil {
		return nil, false
	}
	for _, rec := range g.Records() {
		plays := make([]int, g.Players())
		any := false
		for _, s := range rec.Steps {
			if s.Action.Kind == rules.PlayCard {
				plays[s.Seat]++
				any = true
			}
		}
		if any {
			return plays, true
		}
	}
	return nil, false
}

// playTablesOverSSH runs playTableOverSSH at every seat count, a
// subtest each, in windows of w×h.
func playTablesOverSSH(t *testing.T, w, h int) {
	for _, tc := range []struct{ seats, cards int }{{2, 9}, {3, 9}, {4, 8}} {
		t.Run(fmt.Sprint(tc.seats), func(t *testing.T) { playTableOverSSH(t, tc.seats, tc.cards, w, h) })
	}
}

// playTableOverSSH: two people (seats A and B) at a table of seats,
// bots in the others, in windows of w×h, play until a deal is played
// out; no frame either receives shows a card of another hand (a
// partner's too) it may not know.
func playTableOverSSH(t *testing.T, seats, cards, w, h int) {
	r := startServe(t, t.TempDir(), time.Minute)
	ann, bob := newPerson(t, "ann"), newPerson(t, "bob")
	ann.w, ann.h, bob.w, bob.h = w, h, w, h
	r.connect(t, ann)
	r.connect(t, bob)
	code := openTable(t, seats, ann, bob)
	watchHidden(t, r, code, ann, bob)
	drive(t, r, code, 90*time.Second, func() bool {
		_, ok := playedDeal(r.state, code)
		return ok
	}, ann, bob)
	plays, _ := playedDeal(r.state, code)
	want := make([]int, seats)
	for i := range want {
		want[i] = cards
	}
	assert.Equal(t, want, plays, "the deal is played out, every card of every hand")
	l := tableLog(t, r.state, code)
	require.Equal(t, seats, l.Header.Seats())
	assert.Equal(t, "ann", l.Header.Name(0))
	assert.Equal(t, "bob", l.Header.Name(1))
	for s := range rules.Seat(seats) {
		if s < 2 {
			assert.Equal(t, gamelog.Human, l.Header.Level(s), "a person plays seat %s", s)
		} else {
			assert.NotEqual(t, gamelog.Human, l.Header.Level(s), "a bot plays seat %s", s)
		}
	}
	assert.Contains(t, r.log.String(), "table "+code+": game started")
	if w >= 100 {
		// The header names the table where there is room for it (at
		// 80 columns the scores of the sides come first).
		assert.Contains(t, ann.c.Screen(), "table "+code)
	}
}

// TestServePeoplePlayADeal: at every seat count two people play a deal
// out over SSH, in a window with room for the table's name.
func TestServePeoplePlayADeal(t *testing.T) {
	shortParallel(t)
	playTablesOverSSH(t, 110, 34)
}

// TestServeFairPlayAt80x24: at every seat count, two people in the
// smallest window play a deal out over SSH; no frame either receives
// shows a card of another hand it may not know.
func TestServeFairPlayAt80x24(t *testing.T) {
	shortParallel(t)
	playTablesOverSSH(t, 80, 24)
}

// At a table of two and of four a dropped person's seat waits (shown to
// the other), the person comes back to it; dropped again past the grace
// a bot plays it, the log says so, and the person takes the seat back
// as they come, in the deal on the table.
func TestServeDropReconnectAndTakeover(t *testing.T) {
	shortParallel(t)
	for _, seats := range []int{2, 4} {
		t.Run(fmt.Sprint(seats), func(t *testing.T) {
			// The grace ends when the test says, not by the wall clock:
			// bob's first return comes within it however slow the
			// machine, and his second drop is taken over at once.
			grace := &gateClock{Clock: host.SystemClock(), gate: 10 * time.Minute}
			r := startServeWith(t, t.TempDir(), func(f *serveFlags) { f.clock = grace }, "-grace", grace.gate.String())
			ann, bob := newPerson(t, "ann"), newPerson(t, "bob")
			r.connect(t, ann)
			r.connect(t, bob)
			code := openTable(t, seats, ann, bob)
			watchHidden(t, r, code, ann, bob)
			// The seat waits only the grace: a poll of ann's screen may
			// come after it, so every frame she receives is looked at.
			var sawAway atomic.Bool
			ann.c.Watch(func(screen string) {
				if msg := hiddenShown(r, code, rules.SeatA, screen); msg != "" {
					t.Error(msg)
				}
				if awayWaits.MatchString(screen) {
					sawAway.Store(true)
				}
			})

			require.NoError(t, bob.c.Close())
			require.Eventually(t, sawAway.Load, patience, time.Millisecond, "ann never saw bob's seat wait for him")
			r.connect(t, bob)
			bob.c.WaitText(t, patience, "table "+code)
			ann.c.WaitFor(t, patience, "bob here again", func(s string) bool { return !awayWaits.MatchString(s) })

			require.NoError(t, bob.c.Close())
			require.Eventually(t, grace.open, patience, time.Millisecond, "bob's seat never waited for him again")
			ann.c.WaitFor(t, patience, "a bot plays for bob", takenOver.MatchString)
			l := savedLog(t, r.state, code, "the takeover", func(l *gamelog.Log) bool { return len(l.Comment) > 0 })
			assert.Contains(t, l.Comment[0], "bob dropped; a normal bot took seat B")
			assert.Contains(t, r.log.String(), "bob dropped; a normal bot took seat B")

			r.connect(t, bob)
			watchHidden(t, r, code, ann, bob)
			bob.c.WaitText(t, patience, "table "+code)
			// Bob takes his seat back at its next decision, in this deal.
			drive(t, r, code, 90*time.Second, func() bool {
				return strings.Contains(strings.Join(tableLog(t, r.state, code).Comment, "\n"), "bob took seat B back")
			}, ann, bob)
			bob.c.WaitFor(t, patience, "bob's own seat", func(s string) bool {
				return !strings.Contains(s, "A bot is making your move") && !takenOver.MatchString(s)
			})
		})
	}
}

// gateClock is the system clock, except that a wait of more than half
// of gate and at most gate ends only when the test opens it: the grace
// and what is left of it after a drop (-grace gate), no other timer of
// the server's.
type gateClock struct {
	host.Clock
	gate time.Duration

	mu      sync.Mutex
	waiting map[*func()]bool
}

func (c *gateClock) gated(d time.Duration) bool { return d > c.gate/2 && d <= c.gate }

func (c *gateClock) AfterFunc(d time.Duration, f func()) func() bool {
	if !c.gated(d) {
		return c.Clock.AfterFunc(d, f)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.waiting == nil {
		c.waiting = map[*func()]bool{}
	}
	c.waiting[&f] = true
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		was := c.waiting[&f]
		delete(c.waiting, &f)
		return was
	}
}

func (c *gateClock) WithTimeout(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if !c.gated(d) {
		return c.Clock.WithTimeout(parent, d)
	}
	ctx, cancel := context.WithCancel(parent)
	stop := c.AfterFunc(d, cancel)
	return ctx, func() { stop(); cancel() }
}

// open ends every wait of gate under way, on its own goroutine as the
// system clock would; false when none is.
func (c *gateClock) open() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	for f := range c.waiting {
		go (*f)()
	}
	n := len(c.waiting)
	clear(c.waiting)
	return n > 0
}

// A server that stops (its connections cut, its saves landed; the
// end-to-end test kills one with -9) brings the table back from its
// log: the same deal, the same hand, the other seat waiting.
func TestServeRestartResumesTable(t *testing.T) {
	shortParallel(t)
	state := t.TempDir()
	r := startServe(t, state, time.Minute)
	ann, bob := newPerson(t, "ann"), newPerson(t, "bob")
	r.connect(t, ann)
	r.connect(t, bob)
	code := openTable(t, 2, ann, bob)
	// The game's saves land on its host's writer, after the screens:
	// the log may still hold the waiting room.
	steps := func() int {
		l := tableLog(t, state, code)
		if len(l.Deals) == 0 {
			return 0
		}
		return len(l.Deals[len(l.Deals)-1].Steps)
	}
	drive(t, r, code, patience, func() bool { return steps() >= 6 }, ann, bob)
	_ = r.srv.Close()
	ann.c.Wait(patience)
	// Every save of the stopped server has landed.
	r.hall.Close()
	require.NoError(t, r.club.Close())
	before := tableLog(t, state, code)

	r2 := startServe(t, state, time.Minute)
	assert.Contains(t, r2.log.String(), "table "+code+" back from its log")
	r2.connect(t, ann)
	ann.c.WaitText(t, patience, "table "+code)
	scr := ann.c.WaitFor(t, patience, "bob away", awayWaits.MatchString)
	after := tableLog(t, state, code)
	assert.Equal(t, before.Deals, after.Deals, "the table goes on from its log")
	g, err := after.Game()
	require.NoError(t, err)
	for _, c := range g.Deal().View(rules.SeatA).Hand.Cards() {
		assert.Contains(t, scr, c.Pretty(false), "ann's hand is back")
	}
	r2.connect(t, bob)
	bob.c.WaitText(t, patience, "table "+code)
	ann.c.WaitFor(t, patience, "bob here again", func(s string) bool { return !awayWaits.MatchString(s) })
	t.Cleanup(func() {
		if t.Failed() {
			t.Log(r2.log.String())
		}
	})
	drive(t, r2, code, patience, func() bool { return steps() > len(before.Deals[len(before.Deals)-1].Steps)+2 }, ann, bob)
}

// A guest plays against bots only: tables are refused with the reason.
func TestServeGuestPlaysAlone(t *testing.T) {
	r := startServe(t, t.TempDir(), time.Minute)
	zoe := &person{name: "zoe", w: 100, h: 30}
	r.connect(t, zoe)
	zoe.c.WaitText(t, patience, "Welcome, zoe · guest")
	zoe.typ(t, "o")
	zoe.c.WaitText(t, patience, "! Guests (no SSH key) play against bots only")
	zoe.playAlone(t)
}

func TestParseServe(t *testing.T) {
	env := func(k string) string {
		if k == "KLOB_STATE_DIR" {
			return "/st"
		}
		return ""
	}
	f, err := parseServe(nil, io.Discard, io.Discard, env)
	require.NoError(t, err)
	assert.Equal(t, ":2222", f.addr)
	assert.Equal(t, "/st/serve", f.state)
	assert.Equal(t, "/st/serve/host_ed25519", f.hostKey)
	assert.Equal(t, 100, f.maxSessions)
	assert.Equal(t, 16, f.maxPerAddr)
	assert.Equal(t, 8, f.maxTablesAddr)
	assert.Equal(t, 24, f.maxWatchers)
	assert.Equal(t, 8, f.maxEntrantsAddr)
	assert.Equal(t, 6, f.maxTourneysAddr)
	assert.Equal(t, 2*time.Minute, f.grace)
	assert.Equal(t, 2*time.Minute, f.moveClock)
	assert.Zero(t, f.stats)
	assert.Equal(t, 30*time.Minute, f.abandon)
	assert.Equal(t, 10*time.Second, f.handshake)

	f, err = parseServe([]string{"-state", "/x", "-host-key", "/k", "-max-sessions", "3", "-max-tables-per-addr", "30",
		"-max-entrants-per-addr", "40", "-max-tournaments-per-addr", "12", "-max-watchers", "5"}, io.Discard, io.Discard, env)
	require.NoError(t, err)
	assert.Equal(t, "/k", f.hostKey)
	assert.Equal(t, 3, f.maxSessions)
	assert.Equal(t, 30, f.maxTablesAddr)
	assert.Equal(t, 40, f.maxEntrantsAddr)
	assert.Equal(t, 12, f.maxTourneysAddr)
	assert.Equal(t, 5, f.maxWatchers)

	for _, tc := range []struct{ args, want string }{
		{"-max-sessions 0", "-max-sessions: 0 is less than 1"},
		{"-max-tables -1", "-max-tables: -1 is less than 1"},
		{"-max-tables 0", "-max-tables: 0 is less than 1"},
		{"-idle 0s", "-idle: 0s is less than a second"},
		{"-idle 1ns", "-idle: 1ns is less than a second"},
		{"-grace -1s", "-grace: -1s is negative"},
		{"-move-clock -1s", "-move-clock: -1s is negative"},
		{"-key-rate 0", "-key-rate: 0 is not a positive number"},
		{"-key-rate NaN", "-key-rate: NaN is not a positive number"},
		{"-key-rate +Inf", "-key-rate: +Inf is not a positive number"},
		{"-pace -1s", "-pace: -1s is negative"},
		{"-pace 1000h", "-pace: 1000h0m0s is more than 1m0s: the bots would seem stuck"},
		{"-max-per-addr 0", "-max-per-addr: 0 is less than 1"},
		{"-max-per-key 0", "-max-per-key: 0 is less than 1"},
		{"-max-tables-per-addr 0", "-max-tables-per-addr: 0 is less than 1"},
		{"-max-watchers 0", "-max-watchers: 0 is less than 1"},
		{"-max-entrants-per-addr 0", "-max-entrants-per-addr: 0 is less than 1"},
		{"-max-tournaments-per-addr 0", "-max-tournaments-per-addr: 0 is less than 1"},
		{"-stats -1s", "-stats: -1s is negative"},
		{"-stats 1ns", "-stats: 1ns is less than 100ms (0 logs none)"},
		{"-abandon 0s", "-abandon: 0s is not positive"},
		{"-stall 0s", "-stall: 0s is not positive"},
		{"-board-games 0", "-board-games: 0 is less than 1"},
		{"-login-timeout 0s", "-login-timeout: 0s is less than a second"},
		{"-handshake-timeout 1ms", "-handshake-timeout: 1ms is less than a second"},
		{"extra", `unexpected argument "extra"`},
	} {
		_, err := parseServe(strings.Fields(tc.args), io.Discard, io.Discard, env)
		if assert.Error(t, err, tc.args) {
			assert.Equal(t, tc.want, err.Error(), tc.args)
		}
	}
	_, err = parseServe([]string{"-addr", ""}, io.Discard, io.Discard, env)
	assert.EqualError(t, err, `-addr: "" names no address: listen on one such as :2222 or 127.0.0.1:2222`)
	_, err = parseServe([]string{"-state", ""}, io.Discard, io.Discard, env)
	assert.EqualError(t, err, "-state needs a directory (left out: the state directory's serve/)")
	_, err = parseServe([]string{"-host-key", ""}, io.Discard, io.Discard, env)
	assert.EqualError(t, err, "-host-key needs a file (left out: STATE/host_ed25519)")
	code, _, errs := runWith(runServe, "-max-sessions", "0")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "klob serve: -max-sessions: 0 is less than 1")
}

// TestServeBots: the server lets the cores but one (at least one) hold
// a thinking bot, and its bots are made as ai makes them.
func TestServeBots(t *testing.T) {
	for _, c := range []struct{ cores, slots int }{{1, 1}, {2, 1}, {4, 3}} {
		if got := newServeBots(c.cores).slots.Cap(); got != c.slots {
			t.Errorf("%d cores: got %d slots, want %d", c.cores, got, c.slots)
		}
	}
	b := newServeBots(2)
	for _, level := range ai.Levels {
		bot, err := b.newBot(level, ai.Config{Seed: 1})
		require.NoError(t, err, "level %s", level)
		require.Equal(t, level, bot.Level())
	}
}

// TestConnectHint: the line klob serve prints says the ssh command that
// reaches it.
func TestConnectHint(t *testing.T) {
	for _, tc := range []struct {
		addr string
		want string
	}{
		{"127.0.0.1:2222", "ssh -p 2222 127.0.0.1"},
		{"0.0.0.0:2222", "ssh -p 2222 localhost"},
		{"[::]:2222", "ssh -p 2222 localhost"},
		{"[::1]:2300", "ssh -p 2300 [::1]"},
		{"10.0.0.5:22", "ssh 10.0.0.5"},
	} {
		a, err := net.ResolveTCPAddr("tcp", tc.addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := connectHint(a); got != tc.want {
			t.Errorf("connectHint(%s) = %q, want %q", tc.addr, got, tc.want)
		}
	}
}

// TestServeSaysRenamed: a user name changed at login says so in the
// lobby's first look, with r to rename; a Devanagari one comes through
// whole.
func TestServeSaysRenamed(t *testing.T) {
	r := startServe(t, t.TempDir(), time.Minute)
	you := &person{name: "You", key: sshtest.NewKey(t), w: 80, h: 24}
	r.connect(t, you)
	you.c.WaitText(t, patience, "Welcome, player")
	you.c.WaitText(t, patience, "You are player:")
	long := &person{name: strings.Repeat("x", 50), key: sshtest.NewKey(t), w: 80, h: 24}
	r.connect(t, long)
	long.c.WaitText(t, patience, "Welcome, "+strings.Repeat("x", 24))
	long.c.WaitText(t, patience, "A name holds at most 24 characters")
	// A second "You" while the first, player, sits at a table (the
	// name is theirs there): the note still says why the user name went.
	you.typ(t, "o")
	you.c.WaitText(t, patience, "Open a table")
	you.typ(t, sshtest.Up, sshtest.Enter)
	you.c.WaitText(t, patience, "give friends the code")
	again := &person{name: "You", key: sshtest.NewKey(t), w: 80, h: 24}
	r.connect(t, again)
	again.c.WaitText(t, patience, "Welcome, player-")
	again.c.WaitText(t, patience, "You are player-")
	again.c.WaitText(t, patience, "what the tables call you")
	hindi := &person{name: "नमस्ते", key: sshtest.NewKey(t), w: 80, h: 24}
	r.connect(t, hindi)
	hindi.c.WaitText(t, patience, "Welcome, नमस्ते")
}

// TestServeLocksState: a second klob serve on a state directory in use
// refuses to start, and says why.
func TestServeLocksState(t *testing.T) {
	dir := t.TempDir()
	held, err := dirlock.TryLock(filepath.Join(dir, stateLock))
	require.NoError(t, err)
	code, _, errs := runWith(runServe, "-state", dir, "-addr", "127.0.0.1:0")
	assert.Equal(t, 1, code)
	assert.Contains(t, unwrapped(errs), fmt.Sprintf("another klob serve (process %d) is running on the state directory %s", os.Getpid(), dir))
	require.NoError(t, held.Unlock())
}

// TestServeSaveErrorsHidePaths: when a player's saves fail on the
// server, the player reads why, never where the server keeps its files.
func TestServeSaveErrorsHidePaths(t *testing.T) {
	state := t.TempDir()
	r := startServe(t, state, time.Minute)
	ann := &person{name: "ann", key: sshtest.NewKey(t)}
	// The player's directory cannot be made: a file is in its place.
	require.NoError(t, os.MkdirAll(filepath.Join(state, "players"), 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(state, "players", server.KeyID(ann.key.PublicKey())), nil, 0o600))
	r.connect(t, ann)
	ann.c.WaitText(t, patience, "Welcome, ann")
	ann.typ(t, "p")
	scr := ann.c.WaitText(t, patience, "could not be loaded")
	assert.Contains(t, scr, "not a directory")
	assert.NotContains(t, ann.c.Text(), state)
	ann.typ(t, "n")
	ann.c.WaitText(t, patience, "Set up the game")
	ann.typ(t, sshtest.Enter)
	scr = ann.c.WaitText(t, patience, "autosave failed")
	assert.Contains(t, scr, "not a directory")
	assert.NotContains(t, ann.c.Text(), state, "a path of the server's on the screen")
}

// TestServeGameAloneTakeOver: the same key connected twice: the second
// connection asking for its game alone reads that it is open in the
// other, and takes it over: the first goes back to its lobby, the game
// saved, and the second resumes it. Neither ever reads "not saved".
func TestServeGameAloneTakeOver(t *testing.T) {
	shortParallel(t)
	r := startServe(t, t.TempDir(), time.Minute)
	key := sshtest.NewKey(t)
	a := &person{name: "ann", key: key}
	b := &person{name: "ann", key: key}
	r.connect(t, a)
	a.c.WaitText(t, patience, "Welcome, ann")
	a.playAlone(t)
	r.connect(t, b)
	b.c.WaitText(t, patience, "Welcome, ann")
	b.typ(t, "p")
	b.c.WaitText(t, patience, "Your game alone is open in another connection of yours")
	b.typ(t, "t")
	a.c.WaitText(t, patience, "taken over by another connection of yours")
	b.c.WaitText(t, patience, "You have a game in progress")
	b.typ(t, "r")
	b.c.WaitText(t, patience, "Deal 1")
	// The first asks again: now the game is open in the second.
	a.typ(t, "p")
	a.c.WaitText(t, patience, "open in another connection of yours")
	assert.NotContains(t, a.c.Text()+b.c.Text(), "not saved")
}

// TestLogLineAnEntry: an entry whose error holds line breaks (a joined
// error, one cause a line) is one line of the log, after its time.
func TestLogLineAnEntry(t *testing.T) {
	var b bytes.Buffer
	err := errors.Join(errors.New("ann's history: no space left on device"), errors.New("bob's history: no space left on device"))
	timedLogf(&b)("filing the game failed (tried again later): %v", err)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	require.Len(t, lines, 1, "%q", b.String())
	require.Regexp(t, `^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d filing the game failed \(tried again later\): ann's history: no space left on device; bob's history: no space left on device$`, lines[0])
}

// A server that stops as klob serve does on SIGTERM (stopServe: its
// connections cut, then its tables stopped) keeps a table still
// waiting for players: the cut connection is no host leaving, and the
// table comes back at the next start with the host's seat. The host
// reads why the session ended.
func TestServeStopKeepsWaitingTable(t *testing.T) {
	shortParallel(t)
	state := t.TempDir()
	r := startServe(t, state, time.Minute)
	ann := newPerson(t, "ann")
	r.connect(t, ann)
	code := waitingTable(t, 2, ann)
	stopServe(r.srv, r.hall, patience)
	require.True(t, ann.c.Wait(patience))
	assert.Contains(t, ann.c.Output(), "the server is stopping. Games are saved: connect again in a minute.")
	require.NoError(t, r.club.Close())

	r2 := startServe(t, state, time.Minute)
	assert.Contains(t, r2.log.String(), "table "+code+" back from its log")
	r2.connect(t, ann)
	ann.c.WaitText(t, patience, "give friends the code "+code)
}

// TestServeLogsAGameAloneFailingToSave: a game alone against bots whose
// autosave fails is on the server's log, as a table's is, after whose
// game it is (the player's name and key tag), the cause in the
// player's words.
func TestServeLogsAGameAloneFailingToSave(t *testing.T) {
	state := t.TempDir()
	r := startServe(t, state, time.Minute)
	ann := &person{name: "ann", key: sshtest.NewKey(t)}
	id := blockPlayerDir(t, state, ann.key)
	r.connect(t, ann)
	ann.c.WaitText(t, patience, "Welcome, ann")
	aloneFailsToSave(t, r, ann, hall.Player{ID: id, Name: "ann"})
}

// blockPlayerDir puts a file where the directory of key's player goes,
// so that their game alone cannot be saved, and returns the key's ID.
func blockPlayerDir(t *testing.T, state string, key gossh.Signer) string {
	t.Helper()
	id := server.KeyID(key.PublicKey())
	require.NoError(t, os.MkdirAll(filepath.Join(state, "players"), 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(state, "players", id), nil, 0o600))
	return id
}

// aloneFailsToSave starts p's game alone against bots from the lobby,
// its autosave failing (blockPlayerDir), and checks that the server's
// log says so after whose game it is, as the hall names who.
func aloneFailsToSave(t *testing.T, r *serveRun, p *person, who hall.Player) {
	t.Helper()
	p.typ(t, "p")
	p.c.WaitText(t, patience, "could not be loaded")
	p.typ(t, "n")
	p.c.WaitText(t, patience, "Set up the game")
	p.typ(t, sshtest.Enter)
	p.c.WaitText(t, patience, "autosave failed")
	want := hall.Who(who) + ", alone against bots: autosave failed: "
	for end := time.Now().Add(patience); !strings.Contains(r.log.String(), want) && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
	assert.Contains(t, r.log.String(), want)
}

// TestServeSecondLoginGoesByTheKeysName: a key connected as ucid1
// connects again as ucid8, a name another player holds at a table. The
// second connection goes by the key's name, ucid1: no notice says its
// login name is taken nor gives it another, and the server's log names
// its game alone as the hall does.
func TestServeSecondLoginGoesByTheKeysName(t *testing.T) {
	state := t.TempDir()
	r := startServe(t, state, time.Minute)
	other := newPerson(t, "ucid8")
	r.connect(t, other)
	waitingTable(t, 2, other)
	key := sshtest.NewKey(t)
	// The key's directory cannot be made: its game's autosave fails,
	// and the log says whose game it is.
	id := blockPlayerDir(t, state, key)
	first := &person{name: "ucid1", key: key}
	r.connect(t, first)
	first.c.WaitText(t, patience, "Welcome, ucid1")
	second := &person{name: "ucid8", key: key}
	r.connect(t, second)
	second.c.WaitText(t, patience, "Welcome, ucid1")
	aloneFailsToSave(t, r, second, hall.Player{ID: id, Name: "ucid1"})
	assert.NotContains(t, r.log.String(), `"ucid8-`)
	for _, p := range []*person{first, second} {
		assert.NotContains(t, p.c.Output(), "is the name of")
		assert.NotContains(t, p.c.Output(), "ucid8-")
	}
}
