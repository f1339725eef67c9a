package lobby

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// Ann leaves her seat mid-game: the lobby says it waits for her; once
// the grace runs out and a bot plays it, the lobby says that instead,
// and that choosing the table takes the seat back.
func TestLobbySaysABotPlaysTheSeatLeft(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))
	h := randomHall(t, hall.Config{Clock: clock, Grace: time.Minute})
	ann := hall.Player{ID: "a", Name: "ann"}
	tb, annConn, _ := annAndBobPlay(t, h)
	l := New(Config{Player: ann, Hall: h, Clock: clock})
	r := newSeatRun(t, newSharedSeat(l, annConn))
	r.run(r.s.Enter(r.ctx))
	r.until("the table", func() bool { return r.s.Table() != nil })
	back, _ := r.s.(*SharedSeat).leave(r.ctx)
	require.Same(t, l, back)
	view := func() string { return kittest.Flat(ansi.Strip(l.View(r.ctx))) }
	waits := "Your seat at table " + tb.Code() + " waits for you"
	require.Contains(t, view(), waits)

	clock.Advance(time.Minute)
	deadline := time.Now().Add(guard) // ends a test that would hang, no more
	for !strings.Contains(view(), "A bot plays your seat at table "+tb.Code()+" now: choose the table to take it back.") {
		if time.Now().After(deadline) {
			t.Fatalf("the lobby never said a bot plays ann's seat:\n%s", view())
		}
		time.Sleep(time.Millisecond)
		l.Refresh()
	}
	require.NotContains(t, view(), waits)
}

// The note about a seat left follows the table: a bot plays it, then
// the game is over and no bot plays it any more.
func TestLobbySeatNoteFollowsTheGame(t *testing.T) {
	l := New(Config{Player: hall.Player{ID: "a", Name: "ann"}})
	l.note, l.seatWaits = seatWaitsNote("ABCD"), "ABCD"
	l.tables = []hall.Info{{Code: "ABCD", Yours: true}}
	l.seatTaken()
	require.Equal(t, seatWaitsNote("ABCD"), l.note)
	l.tables[0].BotPlays = true
	l.seatTaken()
	require.Equal(t, botPlaysNote("ABCD"), l.note)
	l.tables[0].Over = true
	l.seatTaken()
	require.Equal(t, "The game at table ABCD is over: choose the table to see how it ended.", l.note)
	require.Empty(t, l.seatWaits, "the watch ends with the game")
	// A note since then ends the watch too.
	l.note, l.seatWaits = "something else", "ABCD"
	l.seatTaken()
	require.Equal(t, "something else", l.note)
	require.Empty(t, l.seatWaits)
}

// Eve, who never held a seat at a table whose game has started, reads
// that it has started and, where she may watch it, that w watches it:
// not that it started without her.
func TestJoinStartedTableSaysWatch(t *testing.T) {
	for _, private := range []bool{false, true} {
		h := randomHall(t, hall.Config{})
		_, conns := openAndSit(t, h, 4, rules.DefaultOptions(), hall.Player{ID: "a", Name: "ann"})
		require.NoError(t, conns[0].SetPrivate(private))
		require.NoError(t, conns[0].Start())
		tb := conns[0].Table()
		ctx := kittest.Context(80, 24)
		l := New(Config{Player: hall.Player{ID: "e", Name: "eve"}, Hall: h})
		next, _ := l.join(&ctx, tb)
		require.Same(t, l, next)
		view := kittest.Flat(ansi.Strip(l.View(&ctx)))
		want := "! That table's game has started: w watches it."
		if private {
			want = "! That table's game has started."
		}
		require.Contains(t, view, want, "private %v", private)
		require.NotContains(t, view, "without you")
	}
}
