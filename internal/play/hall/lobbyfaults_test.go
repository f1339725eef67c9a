package hall

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/rules"
)

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

// Moving seat is refused by the hall itself at a table of two (the
// seats are alike), and allowed at three and four.
func TestMoveOnlyAtThreeOrFour(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		h := testHall(t, "", &memHistory{}, clocktest.New(t0))
		tb := annOpens(t, h, n, smallRules(), 1)
		ann := join(t, tb, "a", "Ann", 1)
		err := ann.conn.Move()
		if n == 2 {
			require.True(t, errors.Is(err, ErrNoMove), "%v", err)
			require.Equal(t, rules.Seat(0), ann.conn.Seat())
			return
		}
		require.NoError(t, err)
		require.Equal(t, rules.Seat(1), ann.conn.Seat())
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
