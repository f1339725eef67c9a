package lobby

import (
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/serve/chat"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// playToTheEnd plays the game of the ports, each decision a legal one
// at random (from a fixed seed), until it is over.
func playToTheEnd(t *testing.T, ports ...host.Port) {
	t.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	deadline := time.After(guard)
	for {
		moved := false
		for _, p := range ports {
			s := p.Snapshot()
			if s.Over {
				return
			}
			var err error
			switch {
			case s.Can.Act:
				legal := s.View.Legal()
				err = p.Act(s.Gen, legal[r.IntN(len(legal))])
			case s.Can.Ready:
				err = p.Ready(s.Gen)
			default:
				continue
			}
			if !errors.Is(err, host.ErrStale) {
				require.NoError(t, err)
				moved = true
			}
		}
		if moved {
			continue
		}
		select {
		case <-ports[0].Updates():
		case <-ports[1].Updates():
		case <-deadline:
			t.Fatal("the game never ended")
		}
	}
}

// Ann says again at a finished game, then sits down at it from another
// connection: the old one reads that it has left the seat, as it would
// during a deal, and can neither say again nor talk as the seat; the new
// one finds her again kept.
func TestGameOverTakenByAnotherConnection(t *testing.T) {
	hub, err := chat.New(chat.Config{})
	require.NoError(t, err)
	h := randomHall(t, hall.Config{Chat: hub})
	ann := hall.Player{ID: "a", Name: "ann"}
	tb, annConn, bobConn := annAndBobPlay(t, h)
	playToTheEnd(t, annConn.Port(), bobConn.Port())

	a := newSeatRun(t, newSharedSeat(New(Config{Player: ann, Hall: h, Chat: hub}), annConn))
	a.update(nil) // nothing yet: the first frame
	a.run(a.s.Enter(a.ctx))
	a.until("the table", func() bool { return a.s.Table() != nil })
	a.key("enter") // from the last deal's result to the game's end
	a.key("n")
	a.until("ann's again", func() bool { return a.s.Table().Snapshot().Players[0].Again })
	require.Contains(t, a.frame, "Again: you")

	// Connection g: the same key comes back to the table.
	g := newSeatRun(t, nil)
	scr, _ := New(Config{Player: ann, Hall: h, Chat: hub}).join(g.ctx, tb)
	g.s = scr.(*SharedSeat)
	g.run(g.s.Enter(g.ctx))
	g.until("the table", func() bool { return g.s.Table() != nil })
	g.key("enter")
	require.Contains(t, g.frame, "Again: you", "the again is kept")
	require.True(t, g.s.Table().Snapshot().Players[0].Again)

	a.until("the notice", func() bool { return a.s.Table().Snapshot().Kicked })
	require.Contains(t, a.frame, "Your seat was taken over from another connection of yours.")
	require.NotContains(t, a.frame, "says again")
	old := a.s.(*SharedSeat)
	require.True(t, old.talk.Ended(), "the old connection talks no more as the seat")
	a.key("/")
	require.False(t, old.typing(), "no line to type")
	a.key("n")
	require.Contains(t, a.frame, "Your seat was taken over from another connection of yours.")
	a.key("enter")
	require.True(t, old.left, "enter goes back to the lobby")
	g.update(nil)
	require.True(t, g.s.Table().Snapshot().Players[0].Again, "the old connection's going takes nothing back")
}

// key presses k on the seat's screen.
func (r *seatRun) key(k string) { r.update(kittest.Key(k)) }

// A second connection of a key whose seat at a shared table is open in
// another: its first look stays in the lobby, says where the seat is
// and offers it under the cursor; the first keeps the seat until the
// person takes it over from the second (enter), and is then told so.
func TestSecondConnectionAsksBeforeTakingTheSeat(t *testing.T) {
	h := randomHall(t, hall.Config{})
	ann := hall.Player{ID: "a", Name: "ann"}
	tb, err := h.Open(ann, hall.Options{Seats: 3, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1})
	require.NoError(t, err)
	first, err := tb.Join(ann)
	require.NoError(t, err)

	ctx := kittest.Context(80, 24)
	second := New(Config{Player: ann, Hall: h})
	second.Enter(&ctx)
	view := kittest.Flat(ansi.Strip(second.View(&ctx)))
	assert.Contains(t, view, "Your seat at table "+tb.Code()+" is open in another connection of yours: enter takes it over here.")
	assert.False(t, first.Waiting().Kicked, "the first connection keeps the seat")
	require.NoError(t, first.Move(), "and acts from it")

	next, _ := second.Update(&ctx, kittest.Key("enter"))
	seat, ok := next.(*SharedSeat)
	require.True(t, ok, "enter takes the seat over: %T", next)
	require.Equal(t, tb.Code(), seat.Code())
	assert.True(t, first.Waiting().Kicked)
	assert.EqualError(t, first.Move(), "your seat was taken over from another connection of yours")

	// Nobody at the seat: a connection goes straight back to it.
	seat.conn.Drop()
	third := New(Config{Player: ann, Hall: h})
	third.Enter(&ctx)
	assert.NotContains(t, kittest.Flat(ansi.Strip(third.View(&ctx))), "open in another connection")
}

// annAndBobPlay has ann ("a") open a two-seat table in h to 100 against
// nobody else but bob ("b"), both sit down and ann starts the game.
func annAndBobPlay(t *testing.T, h *hall.Hall) (tb *hall.Table, annConn, bobConn *hall.Conn) {
	t.Helper()
	ann, bob := hall.Player{ID: "a", Name: "ann"}, hall.Player{ID: "b", Name: "bob"}
	o := rules.DefaultOptions()
	o.Target = 100
	tb, err := h.Open(ann, hall.Options{Seats: 2, Rules: o, Level: ai.Random, Seed: 1})
	require.NoError(t, err)
	annConn, err = tb.Join(ann)
	require.NoError(t, err)
	bobConn, err = tb.Join(bob)
	require.NoError(t, err)
	require.NoError(t, annConn.Start())
	return tb, annConn, bobConn
}
