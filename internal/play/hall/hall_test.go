package hall

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

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

type archiveFunc func(l *gamelog.Log)

func (f archiveFunc) Archive(l *gamelog.Log) (string, error) { f(l); return "mem", nil }

// player drives one seat from its updates: random legal moves, ready
// between deals.
type player struct {
	t       *testing.T
	conn    *Conn
	updates chan Update
	rng     *rand.Rand
}

func newPlayer(t *testing.T, seed uint64) *player {
	return &player{t: t, updates: make(chan Update, 256), rng: rand.New(rand.NewPCG(seed, 1))}
}

func (p *player) notify(u Update) { p.updates <- u }

// step handles one update; it reports whether the game is over.
func (p *player) step(u Update) bool {
	if u.Over {
		return true
	}
	if !u.HasDeal || u.Kicked {
		return false
	}
	if u.Between {
		_ = p.conn.Ready()
		return false
	}
	var turn rules.Seat
	var legal []rules.Action
	if len(u.Seats) == 2 {
		turn, legal = u.View.Turn, u.View.Legal()
	} else {
		turn, legal = u.View.Turn, u.View.Legal()
	}
	if turn != u.Seat || u.BotSeat {
		return false
	}
	if len(legal) == 0 {
		return false
	}
	_ = p.conn.Act(legal[p.rng.IntN(len(legal))])
	return false
}

func testHall(t *testing.T, dir string, hist *memHistory, grace time.Duration) *Hall {
	h, err := New(Config{Dir: dir, Grace: grace, History: hist.of, Think: 50 * time.Millisecond,
		NewBot: func(l ai.Level, cfg ai.Config) (ai.Bot, error) { return ai.New(ai.Random, cfg) }})
	require.NoError(t, err)
	t.Cleanup(h.Close)
	return h
}

// TestCloseStopsTheTables: after Close no drop clock fires and no bot
// moves, so nothing changes the state directory (a server shutting
// down, a test removing its directory).
func TestCloseStopsTheTables(t *testing.T) {
	dir := t.TempDir()
	h := testHall(t, dir, &memHistory{}, 100*time.Millisecond)
	tb, err := h.Open(Player{ID: "a", Name: "Ann"}, Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 9})
	require.NoError(t, err)
	pa, pb := newPlayer(t, 1), newPlayer(t, 2)
	pa.conn, _ = tb.Join(Player{ID: "a", Name: "Ann"}, pa.notify)
	pb.conn, err = tb.Join(Player{ID: "b", Name: "Bob"}, pb.notify)
	require.NoError(t, err)
	require.NoError(t, pa.conn.Start())
	pb.conn.Leave() // Bob's drop clock runs: 100 ms
	h.Close()
	snapshot := func() map[string]string {
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
	before := snapshot()
	time.Sleep(300 * time.Millisecond) // past the grace: no takeover may land
	assert.Equal(t, before, snapshot(), "the state directory changed after Close")
	tb.mu.Lock()
	state := tb.seats[1].bot
	tb.mu.Unlock()
	assert.Nil(t, state, "a bot took Bob's seat after Close")
}

func smallRules() rules.Options {
	o := rules.DefaultOptions()
	o.Target = 100
	return o
}

// Two people play a whole game; each sees only its own hand.
func TestTwoPeoplePlayAGame(t *testing.T) {
	hist := &memHistory{}
	h := testHall(t, t.TempDir(), hist, time.Minute)
	tb, err := h.Open(Player{ID: "a", Name: "Ann"}, Options{Seats: 2, Rules: smallRules(), Level: ai.Random, Seed: 7})
	require.NoError(t, err)
	pa, pb := newPlayer(t, 1), newPlayer(t, 2)
	pa.conn, err = tb.Join(Player{ID: "a", Name: "Ann"}, pa.notify)
	require.NoError(t, err)
	pb.conn, err = tb.Join(Player{ID: "b", Name: "Bob"}, pb.notify)
	require.NoError(t, err)
	require.ErrorIs(t, pb.conn.Start(), ErrNotHost)
	require.NoError(t, pa.conn.Start())

	deadline := time.After(20 * time.Second)
	overA, overB := false, false
	for !overA || !overB {
		select {
		case u := <-pa.updates:
			checkOwn(t, tb, u)
			overA = overA || pa.step(u)
		case u := <-pb.updates:
			checkOwn(t, tb, u)
			overB = overB || pb.step(u)
		case <-deadline:
			t.Fatal("the game did not finish in 20s")
		}
	}
	hist.mu.Lock()
	defer hist.mu.Unlock()
	require.Len(t, hist.logs["a"], 1)
	require.Len(t, hist.logs["b"], 1)
	l := hist.logs["a"][0]
	require.Equal(t, [4]string{"Ann", "Bob"}, l.Header.Players)
	g, err := l.Game()
	require.NoError(t, err)
	require.True(t, g.Over())
	_, err = h.Find(tb.Code())
	require.ErrorIs(t, err, ErrNoTable, "a finished table leaves the hall")
}

// checkOwn checks that an update's hand is exactly the seat's cards of
// the deal in play and that no other card is named.
func checkOwn(t *testing.T, tb *Table, u Update) {
	t.Helper()
	if !u.HasDeal {
		return
	}
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if u.Gen != tb.sess.Gen() || tb.game().NeedDeal() || tb.game().Over() {
		return // the table moved on since the update was taken
	}
	d := tb.game().Deal()
	other := d.View(u.Seat.Other()).Hand
	if u.View.Hand&other != 0 {
		t.Fatalf("seat %s sees cards of seat %s: %v", u.Seat, u.Seat.Other(), u.View.Hand&other)
	}
	if u.View.Hand != d.View(u.Seat).Hand {
		t.Fatalf("seat %s hand: got %v want %v", u.Seat, u.View.Hand, d.View(u.Seat).Hand)
	}
}

func TestOpenLimits(t *testing.T) {
	h, err := New(Config{MaxTables: 1})
	require.NoError(t, err)
	_, err = h.Open(Player{}, Options{Seats: 2, Rules: smallRules(), Level: ai.Easy})
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

// A dropped person's seat waits, then a bot plays it; the person takes
// it back at the next deal. A new hall over the same directory brings
// the table back.
func TestDropTakeoverAndRestart(t *testing.T) {
	dir := t.TempDir()
	hist := &memHistory{}
	h := testHall(t, dir, hist, 150*time.Millisecond)
	o := rules.DefaultOptions()
	tb, err := h.Open(Player{ID: "a", Name: "Ann"}, Options{Seats: 2, Rules: o, Level: ai.Random, Seed: 9})
	require.NoError(t, err)
	pa, pb := newPlayer(t, 1), newPlayer(t, 2)
	pa.conn, _ = tb.Join(Player{ID: "a", Name: "Ann"}, pa.notify)
	pb.conn, err = tb.Join(Player{ID: "b", Name: "Bob"}, pb.notify)
	require.NoError(t, err)
	require.NoError(t, pa.conn.Start())
	pb.conn.Leave()
	// Ann plays on; Bob's seat waits, then a bot takes it.
	var pb2 *player
	wait := func(p *player, what string, cond func(Update) bool) Update {
		t.Helper()
		deadline := time.After(10 * time.Second)
		for {
			var u Update
			var from *player
			select {
			case u = <-pa.updates:
				from = pa
			case u = <-pb.updates:
				from = pb
			case <-deadline:
				t.Fatalf("timed out waiting for %s", what)
			}
			if from == p && cond(u) {
				return u
			}
			from.step(u)
		}
	}
	u := wait(pa, "the seat to wait", func(u Update) bool { return u.Seats[1].State == SeatAway })
	require.Greater(t, u.Seats[1].Wait, time.Duration(0))
	wait(pa, "the bot to take over", func(u Update) bool { return u.Seats[1].State == SeatBot })
	// Bob comes back: the bot plays on until the next deal.
	pb2 = newPlayer(t, 3)
	pb2.conn, err = tb.Join(Player{ID: "b", Name: "Bob"}, pb2.notify)
	require.NoError(t, err)
	pb = pb2 // the dropped connection's updates stop
	wait(pb, "Bob's seat back at a new deal", func(u Update) bool {
		return u.Seats[1].State == SeatHere && !u.BotSeat
	})
	tb.mu.Lock()
	require.Contains(t, tb.log().Comment[0], "Bob dropped; a random bot took seat B")
	gen, deals := tb.sess.Gen(), tb.game().DealNo()
	tb.mu.Unlock()
	require.Greater(t, gen, 0)

	// A second hall over the same files: the table is back, both away.
	h2 := testHall(t, dir, hist, time.Minute)
	tb2, err := h2.Find(tb.Code())
	require.NoError(t, err)
	tb2.mu.Lock()
	require.Equal(t, deals, tb2.game().DealNo())
	require.True(t, tb2.started())
	away := !tb2.seats[0].dropped.IsZero() && !tb2.seats[1].dropped.IsZero()
	tb2.mu.Unlock()
	require.True(t, away, "both people are away after a restart")
	require.Equal(t, tb2, h2.SeatOf("b"))
	pa.conn.Leave()
	pb.conn.Leave()

	// Back at the table, the game goes on and saves over the log it was
	// read from.
	pa, pb = newPlayer(t, 4), newPlayer(t, 5)
	pa.conn, err = tb2.Join(Player{ID: "a", Name: "Ann"}, pa.notify)
	require.NoError(t, err)
	pb.conn, err = tb2.Join(Player{ID: "b", Name: "Bob"}, pb.notify)
	require.NoError(t, err)
	tb = tb2
	wait(pa, "a move after the restart", func(u Update) bool { return u.Gen > 0 && u.Move != nil })
	tb2.mu.Lock()
	require.NoError(t, tb2.saveErr)
	tb2.mu.Unlock()
	pa.conn.Leave()
	pb.conn.Leave()
}
