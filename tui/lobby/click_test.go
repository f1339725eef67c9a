package lobby

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/serve/club"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/lobby/lobbytest"
)

// A click on a choice of the lobby's menu is its letter; a click on a
// table of the list chooses it, a second click joins it. At every seat
// count of the table.
func TestLobbyClicks(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		h := randomHall(t, hall.Config{})
		tb := annsTable(t, h, n)
		l := New(Config{Player: hall.Player{ID: "b", Name: "bob"}, Hall: h})
		l.Refresh()
		ctx := kittest.Context(80, 24)

		next, _ := l.Update(&ctx, kittest.ClickOn(t, l.View(&ctx), "[o] Open a table"))
		require.IsType(t, &TableForm{}, next, "a click on [o] does not open the form")

		next, _ = l.Update(&ctx, kittest.ClickOn(t, l.View(&ctx), tb.Code()+"  waiting"))
		require.Same(t, l, next, "a first click on a table left the lobby")
		require.Equal(t, len(items), l.row, "a click on the table does not choose it")
		next, _ = l.Update(&ctx, kittest.ClickOn(t, l.View(&ctx), tb.Code()+"  waiting"))
		seat, ok := next.(*SharedSeat)
		require.True(t, ok, "a click on the chosen table does not join it: %T", next)
		require.Equal(t, tb.Code(), seat.Code())
	})
}

// A click on a table of the watch list chooses it, a second click
// watches it.
func TestWatchListClicks(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		h := randomHall(t, hall.Config{})
		var codes []string
		for range 2 {
			tb := annsTable(t, h, n)
			conn, err := tb.Join(hall.Player{ID: "a", Name: "ann"})
			require.NoError(t, err)
			require.NoError(t, conn.Start())
			codes = append(codes, tb.Code())
		}
		l := New(Config{Player: hall.Player{ID: "b", Name: "bob"}, Hall: h})
		w := newWatchList(l)
		require.Len(t, w.tables, 2)
		ctx := kittest.Context(80, 24)
		second := w.tables[1].Code
		next, _ := w.Update(&ctx, kittest.ClickOn(t, w.View(&ctx), second+"  "))
		require.Same(t, w, next, "a first click on a table left the list")
		require.Equal(t, 1, w.row, "a click on the table does not choose it")
		next, _ = w.Update(&ctx, kittest.ClickOn(t, w.View(&ctx), second+"  "))
		require.IsType(t, &WatchSeat{}, next, "a click on the chosen table does not watch it")
		require.Contains(t, codes, second)
	})
}

// The waiting room's offers take clicks where they are drawn: a guest
// at three or four moves with [m] and leaves with [esc]; the host
// makes the table private with [P] and starts it with [s]. At every
// seat count.
func TestWaitingRoomClicks(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		h := randomHall(t, hall.Config{})
		ann := New(Config{Player: hall.Player{ID: "a", Name: "ann"}, Hall: h})
		bob := New(Config{Player: hall.Player{ID: "b", Name: "bob"}, Hall: h})
		tb := annsTable(t, h, n)
		ctx := kittest.Context(80, 24)
		next, _ := ann.join(&ctx, tb)
		host := next.(*SharedSeat)
		next, _ = bob.join(&ctx, tb)
		guest := next.(*SharedSeat)

		if hall.Movable(n) {
			seat := guest.conn.Seat()
			guest.Update(&ctx, kittest.ClickOn(t, guest.View(&ctx), "[m] move"))
			require.NotEqual(t, seat, guest.conn.Seat(), "a click on [m] does not move the guest")
		}
		require.NotContains(t, kittest.Flat(guest.View(&ctx)), "[s]", "the guest is offered the start")
		next, _ = guest.Update(&ctx, kittest.ClickOn(t, guest.View(&ctx), "[esc] leave"))
		require.Same(t, bob, next, "a click on [esc] does not leave the table")

		host.Update(&ctx, kittest.ClickOn(t, host.View(&ctx), "[P] make it private"))
		require.True(t, tb.Private(), "a click on [P] does not make the table private")
		host.Update(&ctx, kittest.ClickOn(t, host.View(&ctx), "[s] start"))
		require.NotNil(t, host.Table(), "a click on [s] does not start the game:\n%s", host.View(&ctx))
	})
}

// The form of a new table takes clicks as the setup's does: a click on
// the seats' › steps them, one on the button opens the table, with the
// seats clicked.
func TestTableFormClicks(t *testing.T) {
	h := randomHall(t, hall.Config{})
	l := New(Config{Player: hall.Player{ID: "a", Name: "ann"}, Hall: h})
	ctx := kittest.Context(80, 24)
	f := newTableForm(l)
	for n := 3; n <= 4; n++ {
		f.Update(&ctx, kittest.ClickOn(t, f.View(&ctx), "›"))
		require.Equal(t, n, f.Setup().Options.Players, "a click on the seats' › does not step them")
	}
	next, _ := f.Update(&ctx, kittest.ClickOn(t, f.View(&ctx), "Open the table ]"))
	seat, ok := next.(*SharedSeat)
	require.True(t, ok, "a click on the button does not open the table: %T", next)
	require.Len(t, seat.w.Seats, 4)
}

// The leaderboards' ‹ and › take clicks as ← and →; the screen of a
// game open elsewhere takes [t] and [esc].
func TestBoardAndElsewhereClicks(t *testing.T) {
	l := New(Config{Player: hall.Player{ID: "a", Name: "ann"}, Club: &lobbytest.Club{}})
	ctx := kittest.Context(80, 24)
	b := newBoardScreen(l)
	pools := club.Pools()
	b.Update(&ctx, kittest.ClickOn(t, b.View(&ctx), "›"))
	require.Equal(t, pools[1], b.seats(), "a click on › does not show the next seat count")
	x := kittest.ClickOn(t, b.View(&ctx), "‹")
	x.X-- // on the ‹ itself
	b.Update(&ctx, x)
	require.Equal(t, pools[0], b.seats(), "a click on ‹ does not show the seat count before")

	e := newElsewhere(l)
	e.Update(&ctx, kittest.ClickOn(t, e.View(&ctx), "[t]"))
	require.True(t, e.waiting, "a click on [t] does not take the game over")
	e = newElsewhere(l)
	next, _ := e.Update(&ctx, kittest.ClickOn(t, e.View(&ctx), "[esc]"))
	require.Same(t, l, next, "a click on [esc] does not go back to the lobby")
}

// A click on the ‹ or › of the trainer's row changes its seat count, as
// in a form, and chooses the row; a click on its words opens it.
func TestTrainerArrowsClick(t *testing.T) {
	l := New(Config{Player: hall.Player{ID: "b", Name: "bob"}, Hall: randomHall(t, hall.Config{})})
	ctx := kittest.Context(80, 24)
	at := func(mark string) tea.MouseClickMsg {
		t.Helper()
		for y, line := range strings.Split(ansi.Strip(l.View(&ctx)), "\n") {
			if i := strings.Index(line, "Train your bidding ‹"); i >= 0 {
				j := strings.Index(line[i:], mark)
				return tea.MouseClickMsg{X: kit.WidthOf(line[:i+j]), Y: y, Button: tea.MouseLeft}
			}
		}
		t.Fatalf("no trainer's row:\n%s", l.View(&ctx))
		return tea.MouseClickMsg{}
	}
	seats := func() string {
		t.Helper()
		for _, line := range strings.Split(ansi.Strip(l.View(&ctx)), "\n") {
			if i := strings.Index(line, "‹ "); i >= 0 && strings.Contains(line, "Train") {
				return strings.Fields(line[i+len("‹ "):])[0]
			}
		}
		return ""
	}
	require.Equal(t, "2", seats())
	next, _ := l.Update(&ctx, at("›"))
	require.Same(t, l, next, "a click on › left the lobby")
	assert.Equal(t, "3", seats(), "› does not step the seat count on")
	l.Update(&ctx, at("‹"))
	l.Update(&ctx, at("‹"))
	assert.Equal(t, "4", seats(), "‹ does not step the seat count back, round the end")
}
