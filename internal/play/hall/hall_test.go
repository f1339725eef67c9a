package hall

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// t0 is the tests' clock's start.
var t0 = clocktest.Start()

// guard bounds a wait that only a broken hall would make long: it
// never decides a test that passes, it only stops one that hangs.
const guard = 60 * time.Second

type memHistory struct {
	mu   sync.Mutex
	logs map[string][]*gamelog.Log
}

func (m *memHistory) of(id string) Archiver {
	return archiveFunc(func(l *gamelog.Log) { m.add(id, l) })
}

func (m *memHistory) add(id string, l *gamelog.Log) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.logs == nil {
		m.logs = map[string][]*gamelog.Log{}
	}
	m.logs[id] = append(m.logs[id], l)
}

// log is the i-th game filed for id, read under the lock: the filing
// goroutines may append meanwhile.
func (m *memHistory) log(id string, i int) *gamelog.Log {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.logs[id][i]
}

func (m *memHistory) count(id string) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.logs[id])
}

type archiveFunc func(l *gamelog.Log)

func (f archiveFunc) Archive(l *gamelog.Log) (string, error) { f(l); return "mem", nil }

// testConfig is a hall in dir on clock: random bots, no pace, a grace
// of a minute (the clock decides when it passes).
func testConfig(dir string, hist *memHistory, clock host.Clock) Config {
	return Config{Dir: dir, Grace: time.Minute, History: hist.of, NewBot: testkit.RandomBots, Clock: clock}
}

func newHall(t *testing.T, cfg Config) *Hall {
	t.Helper()
	h, err := New(cfg)
	require.NoError(t, err)
	t.Cleanup(h.Close)
	return h
}

func testHall(t *testing.T, dir string, hist *memHistory, clock host.Clock) *Hall {
	return newHall(t, testConfig(dir, hist, clock))
}

// onDisk is a test hall's directory, histories and clock, kept so that
// a second hall over the same files (a restart) has them all.
type onDisk struct {
	dir   string
	hist  *memHistory
	clock *clocktest.Manual
}

func newOnDisk(t *testing.T) onDisk {
	return onDisk{dir: t.TempDir(), hist: &memHistory{}, clock: clocktest.New(t0)}
}

// hall starts a test hall over d's files.
func (d onDisk) hall(t *testing.T) *Hall { return testHall(t, d.dir, d.hist, d.clock) }

// restart starts a new hall over d's files (the last one closed) and
// finds the table code in it.
func (d onDisk) restart(t *testing.T, code string) (*Hall, *Table) {
	t.Helper()
	h := d.hall(t)
	tb, err := h.Find(code)
	require.NoError(t, err)
	return h, tb
}

// failedStart starts a hall over d's files whose start reports an
// error (the hall starts all the same); the test closes it at its end.
func (d onDisk) failedStart(t *testing.T) (*Hall, error) {
	t.Helper()
	h, err := New(testConfig(d.dir, d.hist, d.clock))
	require.Error(t, err)
	t.Cleanup(h.Close)
	return h, err
}

// toldOnce checks that each person of ids reads want as their notice,
// and then nothing.
func toldOnce(t *testing.T, h *Hall, want string, ids ...string) {
	t.Helper()
	for _, id := range ids {
		require.Equal(t, want, h.Notice(id), id)
		require.Empty(t, h.Notice(id), "%s is told once", id)
	}
}

// endedNotice is what the people of table code read when its finished
// game was filed at a restart; damagedNotice, when its saved game did
// not read at a restart.
func endedNotice(code string) string {
	return "Table " + code + " ended with the server's restart: its finished game is in your history."
}

func damagedNotice(code string) string {
	return "Table " + code + " could not be opened again after the server's restart: its saved game was damaged, and the server's operator keeps it."
}

func smallRules() rules.Options {
	o := rules.DefaultOptions()
	o.Target = 100
	return o
}

// person is one connection at a table: random legal decisions from its
// own snapshot, ready between deals.
type person struct {
	t    *testing.T
	tb   *Table
	conn *Conn
	r    *rand.Rand
	gone bool
	// One goroutine reads a port's ticks and wakes the crowd the person
	// plays in now: a second reader (an earlier crowd's) would take
	// ticks the crowd waits for.
	heard host.Port
	wakes atomic.Pointer[chan struct{}]
	// asked, when set, sees every snapshot at which the person acts.
	asked func(host.Snapshot)
}

func join(t *testing.T, tb *Table, id, name string, seed uint64) *person {
	t.Helper()
	c, err := tb.Join(Player{ID: id, Name: name})
	require.NoError(t, err)
	return &person{t: t, tb: tb, conn: c, r: rand.New(rand.NewPCG(seed, 1))}
}

// annOpens has Ann ("a") open a table of seats on h, with rules o, the
// bots random from seed.
func annOpens(t *testing.T, h *Hall, seats int, o rules.Options, seed uint64) *Table {
	t.Helper()
	tb, err := h.Open(Player{ID: "a", Name: "Ann"}, Options{Seats: seats, Rules: o, Level: ai.Random, Seed: seed})
	require.NoError(t, err)
	return tb
}

// annAndBob join tb, Ann ("a") first; Ann, its host, starts the game.
func annAndBob(t *testing.T, tb *Table) (ann, bob *person) {
	t.Helper()
	ann, bob = join(t, tb, "a", "Ann", 1), join(t, tb, "b", "Bob", 2)
	require.NoError(t, ann.conn.Start())
	return ann, bob
}

// seatAll has Ann, Bob and, at a table of three or four, Cid take
// seats at tb, and Ann start its game; it returns them in that order.
func seatAll(t *testing.T, tb *Table, n int) []*person {
	t.Helper()
	all := []*person{join(t, tb, "a", "Ann", 1), join(t, tb, "b", "Bob", 2)}
	if n > 2 {
		all = append(all, join(t, tb, "c", "Cid", 3))
	}
	require.NoError(t, all[0].conn.Start())
	return all
}

// dropBob has Ann and Bob start tb's game and Bob leave: his seat waits
// a while for him, and once the grace is over the bot takes it while
// Ann plays on. It returns Ann and the crowd she plays in.
func dropBob(t *testing.T, tb *Table, clock *clocktest.Manual) (*person, *crowd) {
	t.Helper()
	ann, bob := annAndBob(t, tb)
	bob.leave()
	s := await(t, ann.port(), "Bob's seat to wait", func(s host.Snapshot) bool { return s.Players[1].State == host.SeatAway })
	require.True(t, s.Players[1].Until.After(clock.Now()), "the seat waits a while")
	clock.Advance(time.Minute)
	play := newCrowd(t, ann)
	play.run("the bot to take Bob's seat", func() bool {
		return ann.port().Snapshot().Players[1].State == host.SeatTakeover
	})
	return ann, play
}

func (p *person) port() host.Port { return p.conn.Port() }

func (p *person) leave() {
	p.gone = true
	p.conn.Leave()
}

// step takes one action the snapshot allows; it reports whether it
// did.
func (p *person) step(s host.Snapshot) bool {
	var err error
	switch {
	case s.Can.Act:
		if p.asked != nil {
			p.asked(s)
		}
		legal := s.View.Legal()
		err = p.port().Act(s.Gen, legal[p.r.IntN(len(legal))])
	case s.Can.Ready:
		err = p.port().Ready(s.Gen)
	default:
		return false
	}
	if errors.Is(err, host.ErrStale) {
		return false
	}
	require.NoError(p.t, err)
	return true
}

// checkOwn fails when a snapshot is not its own seat's, or shows a card
// of the deal it shows that the seat may not know (the hidden cards of
// that deal only shrink, so those still hidden now were hidden then).
func checkOwn(t *testing.T, tb *Table, s host.Snapshot) {
	t.Helper()
	if !s.HasDeal {
		return
	}
	v := &s.View
	if v.Seat != s.Seat || v.Players != len(s.Players) {
		t.Fatalf("seat %s: a snapshot of a table of %d carries the view of seat %s of %d", s.Seat, len(s.Players), v.Seat, v.Players)
	}
	deal, hidden := tb.HiddenFrom(s.Seat)
	if deal != s.DealNo {
		return
	}
	seen := v.Hand
	for o := range rules.Seat(v.Players) {
		seen |= v.Known(o) | v.Shown[o] | v.Played[o]
	}
	if leak := seen & hidden; leak != 0 {
		t.Fatalf("seat %s is shown cards it may not know: %v", s.Seat, leak)
	}
}

// crowd plays the people of a table until done says so, each from its
// own seat's snapshots, every snapshot checked (checkOwn).
type crowd struct {
	t      *testing.T
	people []*person
	wake   chan struct{}
}

func newCrowd(t *testing.T, people ...*person) *crowd {
	c := &crowd{t: t, wake: make(chan struct{}, 1)}
	for _, p := range people {
		c.add(p)
	}
	return c
}

// add lets p play too: p's ticks wake this crowd from now on.
func (c *crowd) add(p *person) {
	c.people = append(c.people, p)
	p.wakes.Store(&c.wake)
}

// listen forwards the ticks of p's port to the crowd p plays in.
func (c *crowd) listen(p *person) {
	port := p.port()
	if port == nil || p.heard == port {
		return
	}
	p.heard = port
	go func() {
		for range port.Updates() {
			select {
			case *p.wakes.Load() <- struct{}{}:
			default:
			}
		}
	}()
}

// run plays until done, which is asked after every round.
func (c *crowd) run(what string, done func() bool) {
	c.t.Helper()
	timeout := time.After(guard)
	for {
		acted := false
		for _, p := range c.people {
			if p.gone || p.port() == nil {
				continue
			}
			c.listen(p)
			s := p.port().Snapshot()
			checkOwn(c.t, p.tb, s)
			if p.step(s) {
				acted = true
			}
		}
		if done() {
			return
		}
		if acted {
			continue
		}
		select {
		case <-c.wake:
		case <-timeout:
			var last []string
			for _, p := range c.people {
				if port := p.port(); port != nil {
					s := port.Snapshot()
					last = append(last, fmt.Sprintf("%s: gen %d deal %d can %+v note %q", s.Seat, s.Gen, s.DealNo, s.Can, s.Note.Text))
				}
			}
			c.t.Fatalf("waiting for %s: the table never got there; %v", what, last)
		}
	}
}

// toFiled plays until the game is over and filed for every person of
// the crowd.
func (c *crowd) toFiled() {
	c.t.Helper()
	c.run("the game's end, filed", func() bool {
		for _, p := range c.people {
			if !p.port().Snapshot().Save.Filed {
				return false
			}
		}
		return true
	})
}

// firstDeal waits until port's game has dealt.
func firstDeal(t *testing.T, port host.Port) host.Snapshot {
	t.Helper()
	return await(t, port, "the first deal", func(s host.Snapshot) bool { return s.HasDeal })
}

// await waits for a snapshot of port that ok accepts. It reads the
// port's ticks, and looks again now and then as well: a crowd that
// played the port before reads its ticks too.
func await(t *testing.T, port host.Port, what string, ok func(host.Snapshot) bool) host.Snapshot {
	t.Helper()
	timeout := time.After(guard)
	poll := time.NewTicker(10 * time.Millisecond)
	defer poll.Stop()
	for {
		s := port.Snapshot()
		if ok(s) {
			return s
		}
		select {
		case _, open := <-port.Updates():
			if !open {
				if s := port.Snapshot(); ok(s) {
					return s
				}
				t.Fatalf("waiting for %s: the port closed", what)
			}
		case <-poll.C:
		case <-timeout:
			t.Fatalf("waiting for %s: it never came; gen %d deal %d can %+v note %q", what, s.Gen, s.DealNo, s.Can, s.Note.Text)
		}
	}
}

// eventually waits for cond, polling: for what only the hall's own
// goroutines (a host closing, a filing) bring about.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	require.Eventually(t, cond, guard, time.Millisecond, what)
}

// liveTables counts the tables whose game or filing runs.
func liveTables(h *Hall) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.live)
}

// dirFiles reads every file under dir.
func dirFiles(t *testing.T, dir string) map[string]string {
	files := map[string]string{}
	require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		files[p] = string(b)
		return err
	}))
	return files
}

// TestCloseStopsTheTables: after Close no grace runs out and no bot
// moves, so nothing changes the state directory (a server shutting
// down, a test removing its directory).
func TestCloseStopsTheTables(t *testing.T) {
	dir := t.TempDir()
	clock := clocktest.New(t0)
	h := testHall(t, dir, &memHistory{}, clock)
	tb := annOpens(t, h, 2, rules.DefaultOptions(), 9)
	ann, bob := annAndBob(t, tb)
	firstDeal(t, ann.port())
	bob.leave() // Bob's seat waits a minute for him
	h.Close()
	before := dirFiles(t, dir)
	clock.Advance(time.Hour) // past the grace and the abandonment: nothing may land
	assert.Equal(t, before, dirFiles(t, dir), "the state directory changed after Close")
	assert.True(t, ann.port().Snapshot().Closed, "the game stopped")
	assert.Equal(t, host.SeatAway, ann.port().Snapshot().Players[1].State, "a bot took Bob's seat after Close")
}

// Two people play a whole game; each sees only its own hand; the game
// goes into both histories and the table leaves the hall.
func TestTwoPeoplePlayAGame(t *testing.T) {
	hist := &memHistory{}
	h := testHall(t, t.TempDir(), hist, clocktest.New(t0))
	tb := annOpens(t, h, 2, smallRules(), 7)
	ann, bob := join(t, tb, "a", "Ann", 1), join(t, tb, "b", "Bob", 2)
	require.ErrorIs(t, bob.conn.Start(), ErrNotHost)
	// The table waits a while before its game starts: the game's log
	// has the time the game started, which orders the club's games.
	h.cfg.Clock.(*clocktest.Manual).Advance(7 * time.Minute)
	require.NoError(t, ann.conn.Start())
	require.NotNil(t, bob.port(), "the start seats everyone here")
	newCrowd(t, ann, bob).toFiled()
	require.Equal(t, 1, hist.count("a"))
	require.Equal(t, 1, hist.count("b"))
	l := hist.log("a", 0)
	require.Equal(t, [4]string{"Ann", "Bob"}, l.Header.Players)
	start, ok := l.Header.Start(time.UTC)
	require.True(t, ok)
	require.True(t, start.Equal(t0.Add(7*time.Minute).Truncate(time.Second)), "the log starts at %v, not when the game did", start)
	g, err := l.Game()
	require.NoError(t, err)
	require.True(t, g.Over())
	ann.leave()
	bob.leave()
	_, err = h.Find(tb.Code())
	require.ErrorIs(t, err, ErrNoTable, "a finished table nobody is at leaves the hall")
	eventually(t, "the hall to let the game go", func() bool { return liveTables(h) == 0 })
	select {
	case <-tb.game.Done():
	default:
		t.Fatal("the game's host still runs")
	}
}

func TestOpenLimits(t *testing.T) {
	h := newHall(t, Config{MaxTables: 1})
	_, err := h.Open(Player{}, Options{Seats: 2, Rules: smallRules(), Level: ai.Easy})
	require.ErrorIs(t, err, ErrGuest)
	_, err = h.Open(Player{ID: "a"}, Options{Seats: 5, Rules: smallRules(), Level: ai.Easy})
	var se *SeatsError
	require.ErrorAs(t, err, &se)
	require.EqualError(t, err, "a table has 2, 3 or 4 seats, not 5")
	_, err = h.Open(Player{ID: "a"}, Options{Seats: 4, Rules: smallRules(), Level: ai.Easy})
	require.NoError(t, err)
	_, err = h.Open(Player{ID: "b"}, Options{Seats: 2, Rules: smallRules(), Level: ai.Easy})
	var tm *TooManyTablesError
	require.ErrorAs(t, err, &tm)
}

// TestOpenLimitsByKeyAndAddress: one key opens at most MaxTablesPerKey
// tables, one address at most MaxTablesPerAddr whatever the keys (keys
// cost nothing); others still open theirs, and a table closed makes
// room again.
func TestOpenLimitsByKeyAndAddress(t *testing.T) {
	h := newHall(t, Config{MaxTablesPerKey: 2, MaxTablesPerAddr: 3})
	open := func(id, from string) (*Table, error) {
		return h.Open(Player{ID: id, Name: id}, Options{Seats: 2, Rules: smallRules(), Level: ai.Easy, From: from})
	}
	first, err := open("a", "192.0.2.1")
	require.NoError(t, err)
	_, err = open("a", "198.51.100.7")
	require.NoError(t, err)
	_, err = open("a", "203.0.113.9")
	require.EqualError(t, err, "you have opened 2 tables already, the most one person may: play at one of them. One not started closes when you leave it, a game under way when it ends or after 30 minutes with nobody at it")
	_, err = open("b", "192.0.2.1")
	require.NoError(t, err, "another key from the first address")
	_, err = open("c", "192.0.2.1")
	require.NoError(t, err, "a third table from the first address")
	_, err = open("d", "192.0.2.1")
	var tm *TooManyTablesError
	require.ErrorAs(t, err, &tm)
	require.True(t, tm.ByAddr, "%v", err)
	require.EqualError(t, err, "3 tables are open from your address already, its most: join one, or try again later")
	_, err = open("d", "")
	require.NoError(t, err, "an address unknown counts nowhere")
	// Ann's first table closes: she and the first address have room.
	conn, err := first.Join(Player{ID: "a", Name: "a"})
	require.NoError(t, err)
	conn.Leave()
	for _, in := range h.List("a") {
		require.NotEqual(t, first.Code(), in.Code, "the table Ann left is listed")
	}
	_, err = open("a", "192.0.2.1")
	require.NoError(t, err)
}

// TestGuestHoldsNoSeat: a guest (no key) never reads a bot's seat as
// theirs: the bots' seats hold no key, and "" is nobody's.
func TestGuestHoldsNoSeat(t *testing.T) {
	h := testHall(t, "", &memHistory{}, clocktest.New(t0))
	tb := annOpens(t, h, 4, smallRules(), 3)
	ann := join(t, tb, "a", "Ann", 1)
	require.NoError(t, ann.conn.Start())
	for _, in := range h.List("") {
		assert.False(t, in.Yours, "a guest reads table %s as theirs", in.Code)
	}
	assert.Nil(t, h.SeatOf(""))
	list := h.List("a")
	require.Len(t, list, 1)
	assert.True(t, list[0].Yours)
	_, err := tb.Join(Player{Name: "Zoe"})
	assert.ErrorIs(t, err, ErrGuest)
}

// A dropped person's seat waits, then a bot plays it; the person takes
// it back as they come. A new hall over the same directory brings
// the table back, both people away, and the game goes on.
func TestDropTakeoverAndRestart(t *testing.T) {
	d := newOnDisk(t)
	h := d.hall(t)
	tb := annOpens(t, h, 2, rules.DefaultOptions(), 9)
	ann, play := dropBob(t, tb, d.clock)
	// Bob comes back: the seat is his again at its next decision.
	bob := join(t, tb, "b", "Bob", 3)
	play.add(bob)
	play.run("Bob's seat his again at a new deal", func() bool {
		s := bob.port().Snapshot()
		return s.Players[1].State == host.SeatHere
	})
	l, err := tb.game.Log()
	require.NoError(t, err)
	require.Contains(t, l.Comment[0], "Bob dropped; a random bot took seat B")
	moved := ann.port().Snapshot().Gen
	require.Positive(t, moved)
	ann.leave()
	bob.leave()
	h.Close()

	// A second hall over the same files: the table is back, both away.
	h2, tb2 := d.restart(t, tb.Code())
	require.Equal(t, tb2, h2.SeatOf("b"))
	in := tb2.info("a")
	require.True(t, in.Started)
	ann = join(t, tb2, "a", "Ann", 4)
	s := await(t, ann.port(), "the game after the restart", func(s host.Snapshot) bool { return s.HasDeal })
	require.Equal(t, host.SeatAway, s.Players[1].State, "Bob is away after a restart")
	bob = join(t, tb2, "b", "Bob", 5)
	newCrowd(t, ann, bob).run("a move after the restart, saved", func() bool {
		s := ann.port().Snapshot()
		return s.Last != nil && !s.Save.Pending
	})
	require.Empty(t, ann.port().Snapshot().Save.Err, "the game saves over the log it was read from")
}

// TestNoHintsInRatedGames: a game with people on two sides or more is
// rated, and nobody at it gets the hard bot's advice; a person alone
// with bots, or partners against bots, may ask for it.
func TestNoHintsInRatedGames(t *testing.T) {
	for _, c := range []struct {
		name  string
		seats int
		ids   []string // who joins, in order; "-" holds a seat until all have joined
		rated bool
	}{
		{"two people at two", 2, []string{"a", "b"}, true},
		{"alone at two", 2, []string{"a"}, false},
		{"two people at three", 3, []string{"a", "b"}, true},
		{"alone at three", 3, []string{"a"}, false},
		{"opponents at four", 4, []string{"a", "b"}, true},
		{"partners at four", 4, []string{"a", "-", "c"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := testHall(t, t.TempDir(), &memHistory{}, clocktest.New(t0))
			o := smallRules()
			o.Players = c.seats
			tb := annOpens(t, h, c.seats, o, 5)
			var people, gone []*person
			for i, id := range c.ids {
				p := join(t, tb, id, id, uint64(i))
				if id == "-" {
					gone = append(gone, p)
					continue
				}
				people = append(people, p)
			}
			for _, p := range gone {
				p.leave() // after the others sat down: the seat between stays a bot's
			}
			if len(gone) > 0 {
				require.Equal(t, rules.Seat(2), people[1].conn.Seat(), "the partner sits opposite")
			}
			require.NoError(t, people[0].conn.Start())
			for _, p := range people {
				s := firstDeal(t, p.port())
				err := p.port().Hint(s.Gen)
				if c.rated {
					assert.ErrorIs(t, err, host.ErrNoHints, "%s asked for a hint in a rated game", p.conn.Seat())
				} else {
					assert.NotErrorIs(t, err, host.ErrNoHints, "%s may ask for a hint", p.conn.Seat())
				}
			}
		})
	}
}

// At a start, a table's directory with nothing saved in it (a table
// killed before its first write) is removed; a directory not named by a
// table code is none of the hall's: it stays, and the start says so.
func TestStartKeepsDirectoriesNotTables(t *testing.T) {
	d := newOnDisk(t)
	for _, name := range []string{"KQXM", "tables", "notes"} {
		require.NoError(t, os.MkdirAll(filepath.Join(d.dir, name), 0o700))
	}
	require.NoError(t, os.WriteFile(filepath.Join(d.dir, "notes", "todo"), []byte("mine"), 0o600))
	_, err := d.failedStart(t)
	assert.Contains(t, err.Error(), "table tables: not a table's directory")
	assert.Contains(t, err.Error(), "table notes: not a table's directory")
	_, err = os.Stat(filepath.Join(d.dir, "KQXM"))
	assert.True(t, os.IsNotExist(err), "the empty table's directory is removed")
	for _, name := range []string{"tables", "notes/todo"} {
		_, err := os.Stat(filepath.Join(d.dir, name))
		assert.NoError(t, err, name)
	}
}

// A table whose saved game cannot be read is not opened again, and its
// damaged copy, moved aside at the first start, is still there after the
// next: the hall says so in its error and removes nothing. Its people,
// named by the log's head, are told once.
func TestDamagedTableKeptAcrossRestarts(t *testing.T) {
	d, tb := damagedTable(t, cutInFirstDeal(t))

	for start := 1; start <= 2; start++ {
		h2, err := New(testConfig(d.dir, d.hist, d.clock))
		require.Error(t, err, "start %d", start)
		require.Contains(t, err.Error(), "table "+tb.Code())
		if start == 1 {
			require.Contains(t, err.Error(), "is not opened again (its people are told when they next come)")
			require.NotContains(t, err.Error(), "starting afresh")
			toldOnce(t, h2, damagedNotice(tb.Code()), "a", "b")
		} else {
			require.Contains(t, err.Error(), "only damaged ones")
			require.Empty(t, h2.Notice("a"), "told again at the next start")
		}
		require.NotNil(t, h2)
		_, ferr := h2.Find(tb.Code())
		require.Error(t, ferr, "start %d: the damaged table is not open", start)
		h2.Close()
		kept, err := os.ReadDir(filepath.Join(d.dir, tb.Code(), "damaged"))
		require.NoError(t, err, "start %d: the damaged copy's directory is kept", start)
		require.Len(t, kept, 1, "start %d", start)
	}
}

// A table whose log is damaged in its head, where its people's keys
// stood: nobody can be told, and the start says so.
func TestDamagedHeadTellsNobody(t *testing.T) {
	d, _ := damagedTable(t, func(data []byte) []byte {
		return bytes.Join(bytes.SplitAfter(data, []byte("\n"))[:3], nil)
	})
	h2, err := d.failedStart(t)
	require.Contains(t, err.Error(), "is not opened again (its people cannot be told: its head names nobody)")
	for _, id := range []string{"a", "b"} {
		require.Empty(t, h2.Notice(id), id)
	}
}

// cutInFirstDeal cuts a table's saved game in its first deal: its
// head, with the people's keys, still reads.
func cutInFirstDeal(t *testing.T) func([]byte) []byte {
	return func(data []byte) []byte {
		cut := bytes.Index(data, []byte("\ndeal 1\n")) + 40
		require.Greater(t, cut, 40)
		return data[:cut]
	}
}

// damagedTable is a hall's directory with one table of Ann and Bob,
// stopped in its first deal, whose saved game damage has rewritten.
func damagedTable(t *testing.T, damage func([]byte) []byte) (onDisk, *Table) {
	t.Helper()
	d := newOnDisk(t)
	h := d.hall(t)
	tb := annOpens(t, h, 2, rules.DefaultOptions(), 9)
	ann, _ := dropBob(t, tb, d.clock)
	ann.leave()
	h.Close()
	cur := filepath.Join(d.dir, tb.Code(), "current.klob")
	data, err := os.ReadFile(cur)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(cur, damage(data), 0o600))
	return d, tb
}

// info is the table's Info for person id.
func (t *Table) info(id string) Info {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.infoLocked(id)
}

// playTable has people in the given seats of a table of n play a whole
// game against the bots in the others, every snapshot checked against
// the other hands, and returns the history.
func playTable(t *testing.T, n int, humans []rules.Seat) (*memHistory, *Hall, *Table) {
	t.Helper()
	hist := &memHistory{}
	h := testHall(t, t.TempDir(), hist, clocktest.New(t0))
	names := []string{"Ann", "Bob", "Cy", "Di"}
	tb, err := h.Open(Player{ID: "id0", Name: names[0]}, Options{Seats: n, Rules: smallRules(), Level: ai.Random, Seed: 11})
	require.NoError(t, err)
	var people []*person
	for _, s := range humans {
		p := join(t, tb, fmt.Sprintf("id%d", int(s)), names[s], uint64(s)+1)
		require.Equal(t, s, p.conn.Seat(), "people sit down in order")
		people = append(people, p)
	}
	require.NoError(t, people[0].conn.Start())
	newCrowd(t, people...).toFiled()
	return hist, h, tb
}

// A table of three or four with two people (A and B) and bots in the
// other seats plays a whole game; no snapshot carries another hand, a
// partner's included; the game goes into each person's history with
// every name.
func TestTablePlaysAGame(t *testing.T) {
	for _, n := range []int{3, 4} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			hist, h, tb := playTable(t, n, []rules.Seat{0, 1})
			for _, id := range []string{"id0", "id1"} {
				require.Equal(t, 1, hist.count(id), id)
				l := hist.log(id, 0)
				require.Equal(t, n, l.Header.Seats())
				require.Equal(t, "Ann", l.Header.Name(0))
				require.Equal(t, "Bob", l.Header.Name(1))
				require.Equal(t, gamelog.Human, l.Header.Level(1))
				require.Equal(t, string(ai.Random), l.Header.Level(2))
				g, err := l.Game()
				require.NoError(t, err)
				require.True(t, g.Over())
				require.Equal(t, n, g.Players())
			}
			// Listed for its people while they are at it, as over.
			in := tb.info("id0")
			require.True(t, in.Over && in.Yours)
			require.Empty(t, h.Watchable("someone"))
		})
	}
}

// On a table of four, a dropped person's seat waits, a bot takes it
// after the grace; after a restart the bot still holds the seat (the
// log says so), the person's own seat waits for them, and the person
// takes it back as they come.
func TestFourHandedDropTakeoverSurvivesRestart(t *testing.T) {
	d := newOnDisk(t)
	h := d.hall(t)
	tb := annOpens(t, h, 4, rules.DefaultOptions(), 5)
	ann, _ := dropBob(t, tb, d.clock)
	l, err := tb.game.Log()
	require.NoError(t, err)
	require.Contains(t, l.Comment[0], "Bob dropped; a random bot took seat B")
	ann.leave()
	h.Close() // the last move saved before the next hall reads the files

	// A restart: the bot still plays Bob's seat; Ann is away.
	_, tb2 := d.restart(t, tb.Code())
	ann = join(t, tb2, "a", "Ann", 3)
	s := await(t, ann.port(), "the table after the restart", func(s host.Snapshot) bool { return s.HasDeal })
	require.Equal(t, host.SeatTakeover, s.Players[1].State, "the takeover is back from the log")
	require.True(t, s.Players[1].Until.IsZero(), "no wait starts over for a seat a bot plays")
	bob := join(t, tb2, "b", "Bob", 4)
	// Bob is back: his seat is his at once, or after the bot's move in
	// flight for it (SeatBack until then).
	await(t, ann.port(), "Bob back", func(s host.Snapshot) bool {
		return s.Players[1].State == host.SeatBack || s.Players[1].State == host.SeatHere
	})
	// Ann plays on; Bob takes his seat back at its next decision.
	newCrowd(t, ann, bob).run("Bob's seat his again", func() bool {
		return ann.port().Snapshot().Players[1].State == host.SeatHere
	})
	l, err = tb2.game.Log()
	require.NoError(t, err)
	require.Contains(t, l.Comment[len(l.Comment)-1], "Bob took seat B back")
}

// reserveThenRestart has Ann open a table of three, and Ann and Bob
// take seats before the start; then the hall closes and a new one
// comes up over the same directory. It returns the new hall and the
// table back in it.
func reserveThenRestart(t *testing.T, clock *clocktest.Manual) (*Hall, *Table) {
	t.Helper()
	dir := t.TempDir()
	h := testHall(t, dir, &memHistory{}, clock)
	tb := annOpens(t, h, 3, smallRules(), 5)
	join(t, tb, "a", "Ann", 1)
	join(t, tb, "b", "Bob", 2)
	h.Close()
	h2 := testHall(t, dir, &memHistory{}, clock)
	tb2, err := h2.Find(tb.Code())
	require.NoError(t, err)
	return h2, tb2
}

// TestWaitingRoomAfterRestart: a seat reserved before the start waits
// Config.Grace for its person after a restart; a guest's is then freed,
// and the host's absence closes the table.
func TestWaitingRoomAfterRestart(t *testing.T) {
	clock := clocktest.New(t0)
	h2, tb2 := reserveThenRestart(t, clock)
	ann := join(t, tb2, "a", "Ann", 3)
	w := ann.conn.Waiting()
	require.Equal(t, "Bob", w.Seats[1].Name)
	require.False(t, w.Seats[1].Here)
	clock.Advance(time.Minute)
	require.Empty(t, ann.conn.Waiting().Seats[1].Name, "Bob's seat is free once his wait is over")
	ann.leave()
	eventually(t, "the table closes when its host leaves before the start", func() bool {
		_, err := h2.Find(tb2.Code())
		return err != nil
	})
}

// Before the start a person moves round the table to the next free
// seat: Bob, who sat down beside Ann at a table of four, moves opposite
// her to be her partner; a restart before the start keeps the move.
// With no free seat, or once the game has started, the move is refused.
func TestMoveToAFreeSeat(t *testing.T) {
	names := func(w Waiting) []string {
		var out []string
		for _, in := range w.Seats {
			out = append(out, in.Name)
		}
		return out
	}
	d := newOnDisk(t)
	h := d.hall(t)
	tb := annOpens(t, h, 4, rules.DefaultOptions(), 5)
	ann := join(t, tb, "a", "Ann", 1)
	bob := join(t, tb, "b", "Bob", 2)
	require.Equal(t, rules.Seat(1), bob.conn.Seat())
	require.NotEqual(t, rules.SideOfSeat(4, 0), rules.SideOfSeat(4, 1), "B is no partner of A")

	<-ann.conn.Updates() // Bob sat down
	require.NoError(t, bob.conn.Move())
	<-ann.conn.Updates() // and moved: Ann's screen is told
	require.Equal(t, rules.Seat(2), bob.conn.Seat())
	require.Equal(t, rules.Seat(2), bob.conn.Waiting().Seat)
	require.Equal(t, []string{"Ann", "", "Bob", ""}, names(ann.conn.Waiting()))
	require.Equal(t, rules.SideOfSeat(4, 0), rules.SideOfSeat(4, 2), "C is A's partner")

	// Round the table: D, then B (Ann's A is taken), then C again.
	for _, want := range []rules.Seat{3, 1, 2} {
		require.NoError(t, bob.conn.Move())
		require.Equal(t, want, bob.conn.Seat())
	}

	// A restart before the start keeps the seats as moved.
	h.Stopping()
	bob.conn.Leave()
	ann.conn.Leave()
	h.Close()
	_, tb2 := d.restart(t, tb.Code())
	require.Equal(t, []string{"Ann", "", "Bob", ""}, tb2.info("a").Names)
	ann = join(t, tb2, "a", "Ann", 1)
	bob = join(t, tb2, "b", "Bob", 2)
	require.Equal(t, rules.Seat(2), bob.conn.Seat(), "Bob's seat waited for him")

	cy := join(t, tb2, "c", "Cy", 3)
	di := join(t, tb2, "d", "Di", 4)
	require.Equal(t, []rules.Seat{1, 3}, []rules.Seat{cy.conn.Seat(), di.conn.Seat()})
	require.ErrorIs(t, bob.conn.Move(), ErrNoSeat)

	// Once started nobody moves.
	di.leave()
	require.NoError(t, ann.conn.Start())
	require.ErrorIs(t, bob.conn.Move(), ErrStarted)
	require.Equal(t, rules.Seat(2), bob.conn.Seat())
}

// A table whose game is over and filed turns a newcomer away with that
// reason, not "started without you".
func TestJoinFinishedTable(t *testing.T) {
	_, _, tb := playTable(t, 3, []rules.Seat{0})
	_, err := tb.Join(Player{ID: "z", Name: "Zed"})
	require.ErrorIs(t, err, ErrOver)
}

// TestOneAnswerIsAsked: at a table people share, a person is asked
// every decision outside the card play, one with a single legal answer
// too ("no exchange" without the 7 of trump, "pass" without a shlomo,
// the dialogue's "good"), and told why it is the only one: the game
// waits for them as for a choice, so the wait tells the others and the
// spectators nothing. Every such step of the game's log was asked. At
// every seat count, a spectator watching.
func TestOneAnswerIsAsked(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		hist := &memHistory{}
		h := testHall(t, t.TempDir(), hist, newOnDisk(t).clock)
		o := smallRules()
		o.Players, o.Shlomo, o.Cleopatra = n, n >= 3, n == 4
		tb := annOpens(t, h, n, o, 11)
		ann, bob := annAndBob(t, tb)
		firstDeal(t, ann.port())
		zed, err := tb.Watch(Player{ID: "z", Name: "Zed"})
		require.NoError(t, err)
		defer zed.Leave()

		var mu sync.Mutex
		asked := map[[2]int]bool{} // by deal and step
		for _, p := range []*person{ann, bob} {
			p.asked = func(s host.Snapshot) {
				legal := s.View.Legal()
				one := len(legal) == 1 && s.View.Phase != rules.PhasePlay
				if one != (s.Only != "") {
					t.Errorf("seat %v: %v legal in %v, only %q", s.Seat, legal, s.View.Phase, s.Only)
				}
				if one {
					mu.Lock()
					asked[[2]int{s.DealNo, len(s.View.History())}] = true
					mu.Unlock()
				}
			}
		}
		newCrowd(t, ann, bob).toFiled()

		// Every one-answer step of a person in the log was asked.
		r, err := hist.log("a", 0).Replay()
		require.NoError(t, err)
		people := map[rules.Seat]bool{0: true, 1: true}
		kinds := map[rules.Kind]int{}
		for _, rd := range r.Deals {
			d := rd.At(0)
			for i, st := range rd.Steps {
				if people[st.Seat] {
					v := d.View(st.Seat)
					if legal := v.Legal(); len(legal) == 1 && v.Phase != rules.PhasePlay {
						kinds[legal[0].Kind]++
						require.True(t, asked[[2]int{rd.No, i}], "deal %d step %d: %v taken for seat %v, not asked", rd.No, i, st.Action, st.Seat)
					}
				}
				d.ApplyUnchecked(st.Action)
			}
		}
		if n >= 3 {
			require.NotZero(t, kinds[rules.Pass], "no shlomo passed in the game: %v", kinds)
		}
		require.NotEmpty(t, kinds, "no one-answer decision in the game")
	})
}

// A person who never held a seat at a table whose game has started is
// told only that it has started, not that it started without them.
func TestJoinStartedTableNeverSeated(t *testing.T) {
	h := testHall(t, t.TempDir(), &memHistory{}, clocktest.New(t0))
	tb, err := h.Open(Player{ID: "a", Name: "Ann"}, Options{Seats: 4, Rules: smallRules(), Level: ai.Random, Seed: 11})
	require.NoError(t, err)
	ann := join(t, tb, "a", "Ann", 1)
	require.NoError(t, ann.conn.Start())
	_, err = tb.Join(Player{ID: "e", Name: "eve"})
	require.ErrorIs(t, err, ErrInPlay)
	require.NotErrorIs(t, err, ErrStarted)
}

// TestBotSlots: a table's bot thinks only with a free slot of
// Config.Slots, shared by the whole server, and thinks once one is free.
func TestBotSlots(t *testing.T) {
	var thought atomic.Int64
	slots := host.NewSlots(1)
	require.NoError(t, slots.Acquire(context.Background(), host.ForBot)) // the only slot is taken
	cfg := testConfig(t.TempDir(), &memHistory{}, clocktest.New(t0))
	cfg.Slots = slots
	cfg.NewBot = func(l ai.Level, c ai.Config) (ai.Bot, error) {
		return testkit.CountingBot{Bot: ai.NewRandom(c.Seed), N: &thought}, nil
	}
	h := newHall(t, cfg)
	tb := annOpens(t, h, 2, smallRules(), 9)
	ann := join(t, tb, "a", "Ann", 1)
	require.NoError(t, ann.conn.Start())
	// Ann plays until it is the bot's turn: it waits for the slot.
	newCrowd(t, ann).run("the bot's turn", func() bool {
		return slots.Waiting(host.ForBot) == 1
	})
	require.Zero(t, thought.Load(), "the bot thought without a slot")
	slots.Release()
	newCrowd(t, ann).run("the bot's move", func() bool { return thought.Load() > 0 })
}

// A person holding seats at two tables who connects again goes back
// to the table they came to last, not to the one of the lowest code.
func TestSeatOfIsTheTableCameToLast(t *testing.T) {
	h := testHall(t, "", &memHistory{}, clocktest.New(t0))
	x, y := annOpens(t, h, 3, smallRules(), 1), annOpens(t, h, 3, smallRules(), 2)
	lo, hi := x, y
	if hi.Code() < lo.Code() {
		lo, hi = hi, lo
	}
	for _, last := range []*Table{lo, hi, lo} {
		join(t, last, "a", "Ann", 1)
		require.Same(t, last, h.SeatOf("a"), "Ann came last to %s", last.Code())
	}
}

// A rename reaches the seat the person holds in a waiting room: its
// list, the others' waiting room, its log (a restart names them so).
func TestRenameReachesTheWaitingSeat(t *testing.T) {
	d := newOnDisk(t)
	h := d.hall(t)
	tb := annOpens(t, h, 3, smallRules(), 1)
	ann := join(t, tb, "a", "Ann", 1)
	join(t, tb, "b", "Bob", 2)
	v := h.Visit(Player{ID: "b", Name: "Bob"}, nil)
	defer v.Leave()
	v.Rename("Robert")
	require.Equal(t, "Robert", h.List("a")[0].Names[1])
	require.Equal(t, "Robert", ann.conn.Waiting().Seats[1].Name)
	h.Close()
	_, back := d.restart(t, tb.Code())
	require.Equal(t, "Robert", back.info("a").Names[1], "the log keeps the new name")
}

// Moving seat takes the person to the next free seat at every seat
// count, two included.
func TestMoveAtEveryCount(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		h := testHall(t, "", &memHistory{}, clocktest.New(t0))
		tb := annOpens(t, h, n, smallRules(), 1)
		ann := join(t, tb, "a", "Ann", 1)
		require.Equal(t, rules.Seat(0), ann.conn.Seat())
		require.NoError(t, ann.conn.Move())
		require.Equal(t, rules.Seat(1), ann.conn.Seat())
		require.Equal(t, "Ann", ann.conn.Waiting().Seats[1].Name)
	})
}

// A table released (its game over, filed, nobody at it) or closed is
// in no list: a person choosing it would read "the table is closed".
func TestReleasedTableIsNotListed(t *testing.T) {
	h := testHall(t, "", &memHistory{}, clocktest.New(t0))
	tb := annOpens(t, h, 3, smallRules(), 1)
	require.Len(t, h.List("a"), 1)
	tb.mu.Lock()
	tb.released = true // as release sets it, before the hall unlists it
	tb.mu.Unlock()
	require.Empty(t, h.List("a"))
	require.Empty(t, h.List("b"))
}

// The wait after too many wrong codes reads in words, its number and
// unit never parted by a wrap.
func TestTooManyGuessesWords(t *testing.T) {
	for wait, want := range map[time.Duration]string{5200 * time.Millisecond: "try again in 6 seconds",
		time.Second: "try again in 1 second", 10 * time.Millisecond: "try again in 1 second"} {
		require.True(t, strings.HasSuffix((&TooManyGuessesError{Wait: wait}).Error(), want), "%v", wait)
	}
}

// After a restart, before they come back anywhere, a person holding
// seats at two tables goes back to the one opened last, whatever the
// codes: the last one's code above the first's, and below it.
func TestSeatOfAfterRestart(t *testing.T) {
	for _, codes := range [][2]string{{"KAAA", "MBBB"}, {"MBBB", "KAAA"}} {
		d := newOnDisk(t)
		cfg := testConfig(d.dir, d.hist, d.clock)
		drawn := 0
		cfg.Code = func() string { drawn++; return codes[min(drawn, 2)-1] }
		h := newHall(t, cfg)
		first := annOpens(t, h, 3, smallRules(), 1)
		d.clock.Advance(time.Minute)
		last := annOpens(t, h, 3, smallRules(), 2)
		require.Equal(t, codes, [2]string{first.Code(), last.Code()})
		h.Close()
		h = newHall(t, testConfig(d.dir, d.hist, d.clock))
		got := h.SeatOf("a")
		require.NotNil(t, got)
		require.Equal(t, last.Code(), got.Code(), "opened first: %s", first.Code())
		h.Close()
	}
}

// A person who connects again goes back to a game under way before a
// game over, whichever they came to last: one over they left by
// choice is no table to go back to; one over they dropped from comes
// after the games under way, and is theirs to go back to when it is the
// only one (the others at it wait for her "again").
func TestSeatOfPutsAGameUnderWayFirst(t *testing.T) {
	for _, left := range []bool{true, false} {
		h := testHall(t, "", &memHistory{}, clocktest.New(t0))
		live := annOpens(t, h, 3, smallRules(), 1)
		ann, bob := annAndBob(t, live)
		newCrowd(t, ann, bob).run("the first deal", func() bool { return ann.port().Snapshot().HasDeal })
		ann.conn.Drop() // the game goes on without her: a bot plays for now

		// Cid stays at the game over: the table stays.
		done := annOpens(t, h, 3, smallRules(), 2)
		ann2, cid := join(t, done, "a", "Ann", 3), join(t, done, "c", "Cid", 4)
		require.NoError(t, ann2.conn.Start())
		newCrowd(t, ann2, cid).run("the game's end", func() bool { return ann2.port().Snapshot().Over })
		if left {
			ann2.leave()
		} else {
			ann2.conn.Drop()
		}
		require.Equal(t, live.Code(), codeOf(h.SeatOf("a")), "left=%v: the game under way comes first", left)

		bob.leave()
		live.mu.Lock()
		live.closed = "gone" // as a table closes: it holds her seat no more
		live.mu.Unlock()
		if left {
			require.Nil(t, h.SeatOf("a"), "a game over she left is no table to go back to")
		} else {
			require.Equal(t, done.Code(), codeOf(h.SeatOf("a")), "the game over she dropped from")
		}
	}
}

// codeOf is t's code, "" for none.
func codeOf(t *Table) string {
	if t == nil {
		return ""
	}
	return t.Code()
}

// openAndLeave has the person of key id open a table of two from the
// address from and leave it, which closes it.
func openAndLeave(h *Hall, id, from string) error {
	tb, err := h.Open(Player{ID: id, Name: id}, Options{Seats: 2, Rules: smallRules(), Level: ai.Easy, From: from})
	if err != nil {
		return err
	}
	c, err := tb.JoinFrom(Player{ID: id, Name: id}, from)
	if err != nil {
		return err
	}
	c.Leave()
	return nil
}

// One address opens a burst of tables, then one every so often,
// whatever its keys; the refusal says how long to wait. Another
// address, and one that counts nowhere, open theirs meanwhile. A key
// is paced the same from any address.
func TestOpeningTablesIsPaced(t *testing.T) {
	clock := clocktest.New(t0)
	h := newHall(t, testConfig(t.TempDir(), &memHistory{}, clock))
	const burst = 10 // MaxTablesPerAddr's default and two
	for i := range burst {
		require.NoError(t, openAndLeave(h, fmt.Sprint("k", i), "192.0.2.1"), "a host who opens, leaves and opens again")
	}
	err := openAndLeave(h, "k-next", "192.0.2.1")
	var fast *TooFastError
	require.ErrorAs(t, err, &fast)
	require.EqualError(t, err, "you (or others at your address) opened many tables in a short time: wait 15 seconds")
	require.NoError(t, openAndLeave(h, "k-next", "198.51.100.7"), "another address")
	require.NoError(t, openAndLeave(h, "k-other", ""), "an address unknown counts nowhere")

	clock.Advance(DefaultOpenEvery - time.Second)
	require.EqualError(t, openAndLeave(h, "k-late", "192.0.2.1"),
		"you (or others at your address) opened many tables in a short time: wait 1 second")
	clock.Advance(time.Second)
	require.NoError(t, openAndLeave(h, "k-late", "192.0.2.1"), "one more every fifteen seconds")
	require.Error(t, openAndLeave(h, "k-later", "192.0.2.1"))

	// One key from many addresses.
	for i := range burst {
		require.NoError(t, openAndLeave(h, "solo", fmt.Sprint("203.0.113.", i)))
	}
	require.EqualError(t, openAndLeave(h, "solo", "203.0.113.99"), "you opened many tables in a short time: wait 15 seconds")

	// An operator who raised MaxTablesPerAddr (people sharing one
	// address) raised the burst with it; at its most, a table closed
	// makes room at once.
	h = newHall(t, Config{MaxTablesPerAddr: 20, MaxTablesPerKey: 30, NewBot: testkit.RandomBots, Clock: clock})
	var first *Table
	for i := range 20 {
		tb, err := h.Open(Player{ID: fmt.Sprint("p", i), Name: "p"}, Options{Seats: 2, Rules: smallRules(), Level: ai.Easy, From: "192.0.2.1"})
		require.NoError(t, err, "table %d", i)
		if first == nil {
			first = tb
		}
	}
	c, err := first.JoinFrom(Player{ID: "p0", Name: "p"}, "192.0.2.1")
	require.NoError(t, err)
	c.Leave()
	require.NoError(t, openAndLeave(h, "p-again", "192.0.2.1"))
}

// Taking a free seat at a table not started, again and again, from one
// address: a burst, then one every so often, the refusal saying how
// long; the host's table takes others meanwhile, and one back at their
// own seat is never paced.
func TestTakingSeatsIsPaced(t *testing.T) {
	clock := clocktest.New(t0)
	h := newHall(t, testConfig(t.TempDir(), &memHistory{}, clock))
	tb, err := h.Open(Player{ID: "a", Name: "ann"}, Options{Seats: 3, Rules: smallRules(), Level: ai.Easy, From: "192.0.2.1"})
	require.NoError(t, err)
	_, err = tb.JoinFrom(Player{ID: "a", Name: "ann"}, "192.0.2.1")
	require.NoError(t, err)
	bob := Player{ID: "b", Name: "bob"}
	for range 16 { // twice MaxTablesPerAddr's default
		c, err := tb.JoinFrom(bob, "198.51.100.7")
		require.NoError(t, err)
		c.Leave()
	}
	_, err = tb.JoinFrom(bob, "198.51.100.7")
	var fast *TooFastError
	require.ErrorAs(t, err, &fast)
	require.EqualError(t, err, "you took many seats in a short time: wait 10 seconds")
	_, err = tb.JoinFrom(Player{ID: "c", Name: "cid"}, "198.51.100.7")
	require.EqualError(t, err, "you (or others at your address) took many seats in a short time: wait 10 seconds")
	cid, err := tb.JoinFrom(Player{ID: "c", Name: "cid"}, "203.0.113.1")
	require.NoError(t, err, "another address")
	cid.Leave()
	clock.Advance(DefaultSeatEvery)
	c, err := tb.JoinFrom(bob, "198.51.100.7")
	require.NoError(t, err, "one more every ten seconds")
	// Back at a seat held: a connection cut, then its return.
	c.Drop()
	for range 3 {
		c, err = tb.JoinFrom(bob, "198.51.100.7")
		require.NoError(t, err, "a seat held is no seat taken")
		c.Drop()
	}
}

// The lines of tables opened and closed before a game, and of seats
// taken and left there, are bounded per address: five of each kind a
// minute, then a line counting the rest. The lines of a started game
// are all kept, as are those of an address unknown.
func TestTableLinesAreBoundedPerAddress(t *testing.T) {
	clock := clocktest.New(t0)
	logs := &testkit.LogLines{}
	cfg := testConfig(t.TempDir(), &memHistory{}, clock)
	cfg.Logf = logs.Logf
	cfg.Opens, cfg.Seats = Pace{Burst: 1000}, Pace{Burst: 1000}
	h := newHall(t, cfg)
	count := func(s string) int { return strings.Count(logs.String(), s) }
	for i := range 12 {
		require.NoError(t, openAndLeave(h, "k"+string(rune('a'+i)), "192.0.2.1"))
	}
	assert.Equal(t, 5, count(" opened by "), logs.String())
	assert.Equal(t, 5, count("closed: the host left before the game started"), logs.String())

	tb, err := h.Open(Player{ID: "a", Name: "ann"}, Options{Seats: 3, Rules: smallRules(), Level: ai.Easy, From: "198.51.100.7"})
	require.NoError(t, err)
	_, err = tb.JoinFrom(Player{ID: "a", Name: "ann"}, "198.51.100.7")
	require.NoError(t, err)
	for range 10 {
		c, err := tb.JoinFrom(Player{ID: "b", Name: "bob"}, "203.0.113.1")
		require.NoError(t, err)
		c.Leave()
	}
	assert.Equal(t, 5, count(`"bob" #`), logs.String())
	c, err := tb.Join(Player{ID: "c", Name: "cid"})
	require.NoError(t, err)
	c.Leave()
	assert.Equal(t, 1, count(`"cid" #`+KeyTag("c")+` took seat B`), "an address unknown: every line")
	assert.Equal(t, 1, count(`"cid" #`+KeyTag("c")+` left seat B`), "an address unknown: every line")

	bob, err := tb.JoinFrom(Player{ID: "b", Name: "bob"}, "203.0.113.1")
	require.NoError(t, err)
	ann, err := tb.JoinFrom(Player{ID: "a", Name: "ann"}, "198.51.100.7")
	require.NoError(t, err)
	require.NoError(t, ann.Start())
	assert.Equal(t, 1, count("table "+tb.Code()+`: game started: A "ann"`), "a started game's line is kept")
	assert.Equal(t, 1, count("table "+tb.Code()+" opened by"), "the address's first table is logged")
	bob.Leave()
	assert.Equal(t, 1, count(`"bob" #`+KeyTag("b")+` dropped from seat B`), "the game's lines are kept")

	clock.Advance(time.Minute)
	for _, want := range []string{
		"7 more tables from 192.0.2.1 opened in the last minute (not logged one by one)",
		"7 more tables from 192.0.2.1 closed before a game started in the last minute (not logged one by one)",
		"16 more seats from 203.0.113.1 taken or left before a game started in the last minute (not logged one by one)",
	} {
		assert.Equal(t, 1, count(want), "%q in\n%s", want, logs.String())
	}
	assert.NotContains(t, logs.String(), "from 198.51.100.7", "an address within its five has no summary")

	// A new minute: five lines again.
	require.NoError(t, openAndLeave(h, "kz", "192.0.2.1"))
	assert.Equal(t, 1, count(`opened by "kz"`), logs.String())
}

// TestSeatWaits: the time a seat away still waits for its person, as
// the screens count it down, is Grace when it starts, falls with the
// clock to the nearest second and is 0 once over: in the waiting room
// (SeatInfo.Waits) and in the game (host.SeatInfo.Waits) alike.
func TestSeatWaits(t *testing.T) {
	clock := clocktest.New(t0)
	tb := annOpens(t, testHall(t, t.TempDir(), &memHistory{}, clock), 2, smallRules(), 5)
	ann, bob := join(t, tb, "a", "Ann", 1), join(t, tb, "b", "Bob", 2)
	bob.conn.Drop() // before the start a seat waits for a person cut off
	room := func() time.Duration { return ann.conn.Waiting().Seats[1].Waits(clock.Now()) }
	require.Equal(t, time.Minute, room(), "Bob's seat waits the grace")
	clock.Advance(20*time.Second + 400*time.Millisecond)
	require.Equal(t, 40*time.Second, room(), "to the nearest second")
	clock.Advance(200 * time.Millisecond)
	require.Equal(t, 39*time.Second, room(), "to the nearest second")
	w := ann.conn.Waiting().Seats[1]
	require.Equal(t, time.Duration(0), w.Waits(w.Until), "over at Until")
	require.Equal(t, time.Duration(0), w.Waits(w.Until.Add(time.Hour)), "never below 0")

	clock = clocktest.New(t0)
	tb = annOpens(t, testHall(t, t.TempDir(), &memHistory{}, clock), 2, smallRules(), 6)
	ann, bob = annAndBob(t, tb)
	bob.leave()
	game := func() time.Duration {
		s := await(t, ann.port(), "Bob's seat to wait", func(s host.Snapshot) bool { return s.Players[1].State == host.SeatAway })
		return s.Players[1].Waits(clock.Now())
	}
	require.Equal(t, time.Minute, game(), "Bob's seat waits the grace")
	clock.Advance(44*time.Second + 600*time.Millisecond)
	require.Equal(t, 15*time.Second, game(), "to the nearest second")
	p := ann.port().Snapshot().Players[1]
	require.Equal(t, time.Duration(0), p.Waits(p.Until.Add(time.Hour)), "never below 0")
}
