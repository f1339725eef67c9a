package hall

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// checkOwnTable checks that an update of a table shows
// the seat its own hand and nothing of another hand (a partner's
// included) beyond what the seat's view knows of it.
func checkOwnTable(t *testing.T, tb *Table, u Update) {
	t.Helper()
	if !u.HasDeal {
		return
	}
	if u.View.Players != len(u.Seats) || u.View.Seat != u.Seat {
		t.Fatalf("seat %s: a table of %d carries the view of seat %s of %d", u.Seat, len(u.Seats), u.View.Seat, u.View.Players)
	}
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if u.Gen != tb.sess.Gen() || tb.game().NeedDeal() || tb.game().Over() {
		return // the table moved on since the update was taken
	}
	d := tb.sess.Deal()
	v := &u.View
	if v.Hand != d.Hand(u.Seat) {
		t.Fatalf("seat %s hand: got %v want %v", u.Seat, v.Hand, d.Hand(u.Seat))
	}
	for o := range rules.Seat(len(u.Seats)) {
		if o == u.Seat {
			continue
		}
		if leak := v.Hand & d.Hand(o); leak != 0 {
			t.Fatalf("seat %s holds cards of seat %s: %v", u.Seat, o, leak)
		}
		hidden := d.Hand(o) &^ v.Known(o)
		if leak := (v.Known(o) | v.Shown[o] | v.Played[o]) & hidden; leak != 0 {
			t.Fatalf("seat %s is told hidden cards of seat %s: %v", u.Seat, o, leak)
		}
	}
	if *v != d.View(u.Seat) {
		t.Fatalf("seat %s: the update's view is not the seat's own", u.Seat)
	}
}

// playTable has people in the given seats of a table of n play a whole
// game against the bots in the others, and returns the history.
func playTable(t *testing.T, n int, humans []rules.Seat) (*memHistory, *Table) {
	t.Helper()
	hist := &memHistory{}
	h := testHall(t, t.TempDir(), hist, time.Minute)
	o := smallRules()
	names := []string{"Ann", "Bob", "Cy", "Di"}
	tb, err := h.Open(Player{ID: "id0", Name: names[0]}, Options{Seats: n, Rules: o, Level: ai.Random, Seed: 11})
	require.NoError(t, err)
	ps := map[rules.Seat]*player{}
	for _, s := range humans {
		p := newPlayer(t, uint64(s)+1)
		p.conn, err = tb.Join(Player{ID: fmt.Sprintf("id%d", int(s)), Name: names[s]}, p.notify)
		require.NoError(t, err)
		require.Equal(t, s, p.conn.Seat(), "people sit down in order")
		ps[s] = p
	}
	require.NoError(t, ps[humans[0]].conn.Start())
	deadline := time.After(30 * time.Second)
	over := map[rules.Seat]bool{}
	for len(over) < len(ps) {
		for s, p := range ps {
			select {
			case u := <-p.updates:
				checkOwnTable(t, tb, u)
				if p.step(u) {
					over[s] = true
				}
			case <-deadline:
				t.Fatalf("the game did not finish in 30s")
			default:
			}
		}
		time.Sleep(time.Millisecond)
	}
	return hist, tb
}

// A table of four with two people (A and B) and two bots plays a whole
// game; no update carries another hand, the partner's included; the
// game goes into each person's history with every name.
func TestFourHandedTwoPeopleTwoBots(t *testing.T) {
	hist, tb := playTable(t, 4, []rules.Seat{0, 1})
	hist.mu.Lock()
	defer hist.mu.Unlock()
	for _, id := range []string{"id0", "id1"} {
		require.Len(t, hist.logs[id], 1, id)
		l := hist.logs[id][0]
		require.Equal(t, 4, l.Header.Seats())
		require.Equal(t, "Ann", l.Header.Name(0))
		require.Equal(t, "Bob", l.Header.Name(1))
		require.Equal(t, gamelog.Human, l.Header.Level(1))
		require.Equal(t, string(ai.Random), l.Header.Level(2))
		g, err := l.Game()
		require.NoError(t, err)
		require.True(t, g.Over())
		require.Equal(t, 4, g.Players())
	}
	_, err := tb.h.Find(tb.Code())
	require.ErrorIs(t, err, ErrNoTable)
}

// A table of three: people in A and C, a bot in B.
func TestThreeHandedPlaysAGame(t *testing.T) {
	hist, _ := playTable(t, 3, []rules.Seat{0, 1})
	hist.mu.Lock()
	defer hist.mu.Unlock()
	require.Len(t, hist.logs["id0"], 1)
	g, err := hist.logs["id0"][0].Game()
	require.NoError(t, err)
	require.True(t, g.Over())
	require.Equal(t, 3, g.Players())
}

// On a table of four, a dropped person's seat waits, a bot takes it
// after the grace; after a restart the bot still holds the seat (the
// log says so) and the person takes it back at the next deal.
func TestFourHandedDropTakeoverSurvivesRestart(t *testing.T) {
	dir := t.TempDir()
	hist := &memHistory{}
	h := testHall(t, dir, hist, 100*time.Millisecond)
	tb, err := h.Open(Player{ID: "a", Name: "Ann"}, Options{Seats: 4, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 5})
	require.NoError(t, err)
	pa, pb := newPlayer(t, 1), newPlayer(t, 2)
	pa.conn, err = tb.Join(Player{ID: "a", Name: "Ann"}, pa.notify)
	require.NoError(t, err)
	pb.conn, err = tb.Join(Player{ID: "b", Name: "Bob"}, pb.notify)
	require.NoError(t, err)
	require.NoError(t, pa.conn.Start())
	pb.conn.Leave()
	wait := func(p *player, what string, cond func(Update) bool) Update {
		t.Helper()
		deadline := time.After(10 * time.Second)
		var last Update
		for {
			select {
			case u := <-p.updates:
				last = u
				checkOwnTable(t, p.conn.Table(), u)
				p.step(u) // the update may ask p to move: it moves, then the test looks
				if cond(u) {
					return u
				}
			case <-deadline:
				t.Fatalf("timed out waiting for %s; the last update: %+v", what, last)
			}
		}
	}
	u := wait(pa, "Bob's seat to wait", func(u Update) bool { return u.Seats[1].State == SeatAway })
	require.Greater(t, u.Seats[1].Wait, time.Duration(0))
	wait(pa, "the bot to take Bob's seat", func(u Update) bool { return u.Seats[1].State == SeatBot })
	tb.mu.Lock()
	require.Contains(t, tb.log().Comment[0], "Bob dropped; a random bot took seat B")
	tb.mu.Unlock()
	pa.conn.Leave()
	settle(t, tb) // the bot's last move saved before the next hall reads the files

	// A restart: the bot still plays Bob's seat; Ann is away.
	h2 := testHall(t, dir, hist, time.Minute)
	tb2, err := h2.Find(tb.Code())
	require.NoError(t, err)
	tb2.mu.Lock()
	require.NotNil(t, tb2.seats[1].bot, "the takeover is back from the log")
	require.Nil(t, tb2.seats[1].timer, "no wait starts over for a seat a bot plays")
	require.NotNil(t, tb2.seats[0].timer, "Ann's seat waits for her")
	tb2.mu.Unlock()

	pa = newPlayer(t, 3)
	pa.conn, err = tb2.Join(Player{ID: "a", Name: "Ann"}, pa.notify)
	require.NoError(t, err)
	u = wait(pa, "the table after the restart", func(u Update) bool { return u.HasDeal })
	require.Equal(t, SeatBot, u.Seats[1].State)
	pb = newPlayer(t, 4)
	pb.conn, err = tb2.Join(Player{ID: "b", Name: "Bob"}, pb.notify)
	require.NoError(t, err)
	wait(pa, "Bob back, waiting for the next deal", func(u Update) bool { return u.Seats[1].State == SeatBotBack })
	// Ann plays on; Bob takes his seat back at the next deal.
	go func() {
		for u := range pb.updates {
			pb.step(u)
		}
	}()
	wait(pa, "Bob's seat his again", func(u Update) bool { return u.Seats[1].State == SeatHere })
	tb2.mu.Lock()
	require.Contains(t, tb2.comments[len(tb2.comments)-1], "Bob took seat B back")
	tb2.mu.Unlock()
	pa.conn.Leave()
	pb.conn.Leave()
	settle(t, tb2)
}

// settle waits until no bot of the table thinks (nobody is at the table,
// so none starts again), so its files stay as they are.
func settle(t *testing.T, tb *Table) {
	t.Helper()
	for range 500 {
		tb.mu.Lock()
		busy := tb.botBusy
		tb.mu.Unlock()
		if !busy {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("a bot still thinks after 5s")
}
