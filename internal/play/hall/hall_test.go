package hall

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/gamelog"
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
