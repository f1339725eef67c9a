package lobby

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	tablescreen "github.com/klob/klob/tui/table"
)

// guard ends a test that would otherwise hang: a wait for a message, a
// tick or a whole game played out. Only a broken screen reaches it,
// never a slow machine (a game under -race on a loaded one takes
// seconds), so it is far beyond any run's time.
const guard = 2 * time.Minute

// seatRun plays a seat's screen as the program would: each command on a
// goroutine of its own, its message back to the one goroutine that
// calls Update (the test's).
type seatRun struct {
	t    *testing.T
	s    tableSeat
	ctx  *kit.Context
	msgs chan tea.Msg
	done chan struct{}
	// frame is the screen as last drawn: after each Update, as the
	// program draws it, never in between.
	frame string
}

// tableSeat is a screen at a table: a seat's or a spectator's.
type tableSeat interface {
	Enter(*kit.Context) tea.Cmd
	Update(*kit.Context, tea.Msg) (kit.Screen, tea.Cmd)
	View(*kit.Context) string
	Table() *tablescreen.Screen
}

func newSeatRun(t *testing.T, s tableSeat) *seatRun {
	ctx := kittest.Context(80, 24)
	r := &seatRun{t: t, s: s, ctx: &ctx, msgs: make(chan tea.Msg), done: make(chan struct{})}
	t.Cleanup(func() { close(r.done) })
	return r
}

func (r *seatRun) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		msg := cmd()
		if b, ok := msg.(tea.BatchMsg); ok {
			for _, c := range b {
				r.run(c)
			}
			return
		}
		if msg == nil {
			return
		}
		select {
		case r.msgs <- msg:
		case <-r.done:
		}
	}()
}

// until takes the seat's messages until ok holds; the deadline only
// ends a test that would otherwise hang.
func (r *seatRun) until(what string, ok func() bool) {
	r.t.Helper()
	deadline := time.After(guard)
	for !ok() {
		select {
		case msg := <-r.msgs:
			r.update(msg)
		case <-deadline:
			r.t.Fatalf("%s: never came; the screen as last drawn:\n%s", what, r.frame)
		}
	}
}

// dropTick takes the seat's messages up to the clock's next tick, which
// goes astray (to another screen): it never reaches the seat.
func (r *seatRun) dropTick() {
	r.t.Helper()
	for {
		select {
		case msg := <-r.msgs:
			if _, ok := msg.(countdownMsg); ok {
				return
			}
			r.update(msg)
		case <-time.After(guard):
			r.t.Fatalf("no tick; the screen:\n%s", r.view())
		}
	}
}

// update gives the seat msg and draws it.
func (r *seatRun) update(msg tea.Msg) {
	_, cmd := r.s.Update(r.ctx, msg)
	r.run(cmd)
	r.frame = r.view()
}

func (r *seatRun) view() string { return kittest.Flat(ansi.Strip(r.s.View(r.ctx))) }

// A dropped seat's countdown goes down each second on every screen at
// the table, the screen of the person to move and a spectator's
// included, and goes on after a tick of its clock went astray.
func TestSeatClockTicksForEverySeat(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))
	h := randomHall(t, hall.Config{Clock: clock, Grace: 2 * time.Minute})
	ann, bob, cid := hall.Player{ID: "a", Name: "ann"}, hall.Player{ID: "b", Name: "bob"}, hall.Player{ID: "c", Name: "cid"}
	tb, err := h.Open(ann, hall.Options{Seats: 3, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1})
	require.NoError(t, err)
	annConn, err := tb.Join(ann)
	require.NoError(t, err)
	var runs []*seatRun
	for _, p := range []hall.Player{bob, cid} {
		conn, err := tb.Join(p)
		require.NoError(t, err)
		l := New(Config{Player: p, Hall: h, Clock: clock})
		runs = append(runs, newSeatRun(t, newSharedSeat(l, conn)))
	}
	require.NoError(t, annConn.Start())
	for _, r := range runs {
		r.run(r.s.Enter(r.ctx))
		r.until("the table", func() bool { return r.s.Table() != nil })
	}
	dan := hall.Player{ID: "d", Name: "dan"}
	watch, err := tb.Watch(dan)
	require.NoError(t, err)
	spectator := newSeatRun(t, newWatchSeat(New(Config{Player: dan, Hall: h, Clock: clock}), tb, watch))
	spectator.run(spectator.s.Enter(spectator.ctx))
	// Ann passes while it is her turn: then bob or cid is to move.
	port := annConn.Port()
	for sn := port.Snapshot(); sn.Can.Act; sn = port.Snapshot() {
		require.NoError(t, port.Act(sn.Gen, rules.Action{Kind: rules.Pass}))
	}
	annConn.Leave()
	var mover *seatRun
	for i, r := range runs {
		r.until("ann away", func() bool { return strings.Contains(r.frame, "waits 2m0s") })
		if r.s.Table().Snapshot().Can.Act {
			require.Nil(t, mover, "one seat to move")
			mover = r
			require.Contains(t, r.view(), "Your bid", "seat %d", i)
		}
	}
	require.NotNil(t, mover, "bob or cid is to move")

	// The first tick of the mover's screen goes astray (the screen had
	// handed over when it came): the next message the seat takes, the
	// game's update, starts the clock again.
	lost := mover
	clock.Advance(time.Second)
	lost.dropTick()
	clock.Advance(time.Second)
	lost.update(tablescreen.Refresh{})

	for sec := 3; sec <= 8; sec++ {
		clock.Advance(time.Second)
		want := fmt.Sprintf("waits 1m%ds", 60-sec)
		for i, r := range append(runs, spectator) {
			r.until(fmt.Sprintf("seat %d at %s", i, want), func() bool { return strings.Contains(r.frame, want) })
		}
	}
}

// A move clock counts down on the screen of the person to act in its
// last 30 seconds, a second at a time, the tick asked for when they
// begin; when it runs out the person reads what the bot played.
func TestSeatClockCountsTheMoveClock(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))
	h := randomHall(t, hall.Config{Clock: clock, MoveClock: 2 * time.Minute})
	ann, bob := hall.Player{ID: "a", Name: "ann"}, hall.Player{ID: "b", Name: "bob"}
	tb, err := h.Open(ann, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1})
	require.NoError(t, err)
	annConn, err := tb.Join(ann)
	require.NoError(t, err)
	conn, err := tb.Join(bob)
	require.NoError(t, err)
	r := newSeatRun(t, newSharedSeat(New(Config{Player: bob, Hall: h, Clock: clock}), conn))
	require.NoError(t, annConn.Start())
	r.run(r.s.Enter(r.ctx))
	r.until("the table", func() bool { return r.s.Table() != nil })
	// Ann passes at once: bob's bid waits, on the clock.
	port := annConn.Port()
	r.until("bob's bid", func() bool {
		if sn := port.Snapshot(); sn.Can.Act {
			_ = port.Act(sn.Gen, rules.Action{Kind: rules.Pass})
		}
		return r.s.Table().Snapshot().Can.Act && strings.Contains(r.frame, "Your bid")
	})
	require.NotContains(t, r.frame, "A bot plays for you")
	clock.Advance(90 * time.Second)
	r.until("30 s left", func() bool { return strings.Contains(r.frame, "A bot plays for you in 30s.") })
	for sec := 29; sec >= 27; sec-- {
		clock.Advance(time.Second)
		want := fmt.Sprintf("A bot plays for you in %ds.", sec)
		r.until(want, func() bool { return strings.Contains(r.frame, want) })
	}
	clock.Advance(27 * time.Second)
	r.until("the bot's bid", func() bool { return strings.Contains(r.frame, "Your time ran out: your bot") })
}

// Before the start, the waiting room counts down the wait of a seat
// whose person dropped, a second at a time, and the seat is free when
// it runs out.
func TestWaitingRoomCountsDownAnAwaySeat(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))
	h := randomHall(t, hall.Config{Clock: clock, Grace: time.Minute})
	ann, bob := hall.Player{ID: "a", Name: "ann"}, hall.Player{ID: "b", Name: "bob"}
	tb, err := h.Open(ann, hall.Options{Seats: 3, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1})
	require.NoError(t, err)
	annConn, err := tb.Join(ann)
	require.NoError(t, err)
	conn, err := tb.Join(bob)
	require.NoError(t, err)
	r := newSeatRun(t, newSharedSeat(New(Config{Player: ann, Hall: h, Clock: clock}), annConn))
	r.run(r.s.Enter(r.ctx))
	require.Contains(t, r.view(), "bob")
	require.NotContains(t, r.view(), "away")
	conn.Drop()
	r.until("bob away", func() bool { return strings.Contains(r.frame, "away: the seat waits 1m0s for them") })
	for sec := 59; sec >= 57; sec-- {
		clock.Advance(time.Second)
		want := fmt.Sprintf("away: the seat waits %ds for them", sec)
		r.until(want, func() bool { return strings.Contains(r.frame, want) })
	}
	clock.Advance(57 * time.Second)
	r.until("bob's seat free", func() bool { return !strings.Contains(r.frame, "bob") })
}

// creepingClock is a manual clock on which, as on the machine's, time
// goes on between two readings: a microsecond each.
type creepingClock struct{ *clocktest.Manual }

func (c creepingClock) Now() time.Time {
	c.Advance(time.Microsecond)
	return c.Manual.Now()
}

// A spectator's keys while a move clock runs ask for no tick of their
// own: the one on its way stays the only one waiting, however many
// keys come (each used to start a timer and a goroutine that waited
// for the move clock's last seconds, thousands at a watched table).
// The countdown still shows when its time comes.
func TestWatchSeatKeysStartNoTicks(t *testing.T) {
	manual := clocktest.New(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))
	clock := creepingClock{manual}
	h := randomHall(t, hall.Config{Clock: clock, MoveClock: 2 * time.Minute})
	ann, bob := hall.Player{ID: "a", Name: "ann"}, hall.Player{ID: "b", Name: "bob"}
	tb, err := h.Open(ann, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1})
	require.NoError(t, err)
	annConn, err := tb.Join(ann)
	require.NoError(t, err)
	_, err = tb.Join(bob)
	require.NoError(t, err)
	require.NoError(t, annConn.Start())
	dan := hall.Player{ID: "d", Name: "dan"}
	watch, err := tb.Watch(dan)
	require.NoError(t, err)
	r := newSeatRun(t, newWatchSeat(New(Config{Player: dan, Hall: h, Clock: clock}), tb, watch))
	r.run(r.s.Enter(r.ctx))
	r.until("a move on the clock", func() bool {
		for _, p := range r.s.Table().Snapshot().Players {
			if !p.Due.IsZero() {
				return true
			}
		}
		return false
	})
	r.update(tablescreen.Refresh{})
	timers, _ := manual.Pending()
	for range 200 {
		r.update(tea.KeyPressMsg{Code: 'v', Text: "v"})
	}
	after, _ := manual.Pending()
	require.LessOrEqual(t, after, timers, "timers waiting after 200 keys (%d before)", timers)
	manual.Advance(90 * time.Second)
	r.until("the move clock's last seconds", func() bool { return strings.Contains(r.frame, "plays for") })
}

// A tick asked for again sooner (a seat dropped while a move clock
// waited) ends the wait of the one before: its command returns at once
// and its timer is stopped, so one timer waits, not two.
func TestCountdownNewTickEndsTheOld(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))
	c := &countdown{l: New(Config{Clock: clock}), gone: make(chan struct{})}
	wait := time.Minute
	first := c.start(func(time.Time) time.Duration { return wait })
	require.NotNil(t, first)
	wait = time.Second
	second := c.start(func(time.Time) time.Duration { return wait })
	require.NotNil(t, second, "a sooner tick is asked for")
	timers, _ := clock.Pending()
	require.Equal(t, 1, timers, "timers waiting")
	got := make(chan tea.Msg, 1)
	go func() { got <- first() }()
	select {
	case msg := <-got:
		require.Nil(t, msg, "the old tick")
	case <-time.After(guard):
		t.Fatal("the old tick still waits")
	}
	clock.Advance(time.Second)
	require.Equal(t, countdownMsg{c: c, n: c.n}, second())
}
