package hall

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

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
