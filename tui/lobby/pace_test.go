package lobby

import (
	"fmt"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/tui/kit/kittest"
)

// Tables opened and left in a loop by people at one address: the burst
// opens, the next is refused on the form, which says how long to wait;
// seats taken and left at someone's table likewise, in the lobby's
// note. The lobby gives the hall its address: the people's keys differ.
func TestLobbySaysToWaitAfterManyTables(t *testing.T) {
	clock := clocktest.New(clocktest.Start())
	h := randomHall(t, hall.Config{Clock: clock, MaxTablesPerAddr: 2})
	ctx := kittest.Context(80, 24)
	at := func(i int) *Lobby {
		return New(Config{Player: hall.Player{ID: fmt.Sprint("k", i), Name: "ann"}, Hall: h, Addr: "192.0.2.1", Clock: clock})
	}
	for i := range 4 { // MaxTablesPerAddr and two
		next, _ := newTableForm(at(i)).open(&ctx)
		seat, ok := next.(*SharedSeat)
		require.True(t, ok, "the table opens: %T", next)
		seat.conn.Leave()
	}
	f := newTableForm(at(4))
	next, _ := f.open(&ctx)
	require.Same(t, f, next, "the form stays")
	require.Contains(t, kittest.Flat(ansi.Strip(f.View(&ctx))),
		"You (or others at your address) opened many tables in a short time: wait 15 seconds.")

	h = randomHall(t, hall.Config{Clock: clock, MaxTablesPerAddr: 2})
	tb := annsTable(t, h, 3)
	at = func(i int) *Lobby {
		return New(Config{Player: hall.Player{ID: fmt.Sprint("b", i), Name: "bob"}, Hall: h, Addr: "198.51.100.7", Clock: clock})
	}
	for i := range 4 { // twice MaxTablesPerAddr
		next, _ := at(i).join(&ctx, tb)
		seat, ok := next.(*SharedSeat)
		require.True(t, ok, "bob sits: %T", next)
		seat.conn.Leave()
	}
	bob := at(4)
	next, _ = bob.join(&ctx, tb)
	require.Same(t, bob, next, "bob stays in the lobby")
	require.Contains(t, kittest.Flat(ansi.Strip(bob.View(&ctx))),
		"You (or others at your address) took many seats in a short time: wait 10 seconds.")
}
