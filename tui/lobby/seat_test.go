package lobby

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/serve/chat"
	"github.com/klob/klob/internal/serve/server"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/halltest"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/lobby/lobbytest"
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

// countsDown advances clock a second at a time, from from seconds left
// down to to, and takes the seat's messages until its frame reads format
// with the seconds left each time.
func (r *seatRun) countsDown(clock *clocktest.Manual, format string, from, to int) {
	r.t.Helper()
	for sec := from; sec >= to; sec-- {
		clock.Advance(time.Second)
		want := fmt.Sprintf(format, sec)
		r.until(want, func() bool { return strings.Contains(r.frame, want) })
	}
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
	_, conns := openAndSit(t, h, 2, rules.DefaultOptions(), ann, bob)
	annConn := conns[0]
	r := newSeatRun(t, newSharedSeat(New(Config{Player: bob, Hall: h, Clock: clock}), conns[1]))
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
	r.countsDown(clock, "A bot plays for you in %ds.", 29, 27)
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
	_, conns := openAndSit(t, h, 3, rules.DefaultOptions(), ann, bob)
	conn := conns[1]
	r := newSeatRun(t, newSharedSeat(New(Config{Player: ann, Hall: h, Clock: clock}), conns[0]))
	r.run(r.s.Enter(r.ctx))
	require.Contains(t, r.view(), "bob")
	require.NotContains(t, r.view(), "away")
	conn.Drop()
	r.until("bob away", func() bool { return strings.Contains(r.frame, "away: the seat waits 1m0s for them") })
	r.countsDown(clock, "away: the seat waits %ds for them", 59, 57)
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
	tb, conns := openAndSit(t, h, 2, rules.DefaultOptions(), hall.Player{ID: "a", Name: "ann"}, hall.Player{ID: "b", Name: "bob"})
	require.NoError(t, conns[0].Start())
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

// A tick on its way ends with the connection: a session that hangs up
// at a table leaves its screen there, nothing to close the screen's
// end, and the tick (holding the whole lobby) waited for the move
// clock's last seconds, 90 s with the default clock, for every
// spectator that came and went.
func TestCountdownTickEndsWithTheConnection(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))
	done := make(chan struct{})
	c := &countdown{l: New(Config{Clock: clock, Done: done}), gone: make(chan struct{})}
	tick := c.start(func(time.Time) time.Duration { return 90 * time.Second })
	require.NotNil(t, tick)
	got := make(chan tea.Msg, 1)
	go func() { got <- tick() }()
	close(done)
	select {
	case msg := <-got:
		require.Nil(t, msg, "the tick of a connection gone")
	case <-time.After(guard):
		t.Fatal("the tick still waits after the connection ended")
	}
	timers, _ := clock.Pending()
	require.Zero(t, timers, "timers waiting")
}

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
	tb, conns := openAndSit(t, h, 3, rules.DefaultOptions(), ann)
	first := conns[0]

	ctx := kittest.Context(80, 24)
	second := New(Config{Player: ann, Hall: h})
	second.Enter(&ctx)
	view := kittest.Flat(ansi.Strip(second.View(&ctx)))
	assert.Contains(t, view, "Your seat at table "+tb.Code()+" is open in another connection: enter takes it over.")
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
	o := rules.DefaultOptions()
	o.Target = 100
	tb, conns := openAndSit(t, h, 2, o, hall.Player{ID: "a", Name: "ann"}, hall.Player{ID: "b", Name: "bob"})
	require.NoError(t, conns[0].Start())
	return tb, conns[0], conns[1]
}

// openAndSit has the first of ps open a table of the given seats and
// rules in h (its bots random, seed 1), and each of ps sit down at it
// in turn; it returns the table and their connections in that order.
func openAndSit(t *testing.T, h *hall.Hall, seats int, o rules.Options, ps ...hall.Player) (*hall.Table, []*hall.Conn) {
	t.Helper()
	tb, err := h.Open(ps[0], hall.Options{Seats: seats, Rules: o, Level: ai.Random, Seed: 1})
	require.NoError(t, err)
	conns := make([]*hall.Conn, len(ps))
	for i, p := range ps {
		conns[i], err = tb.Join(p)
		require.NoError(t, err)
	}
	return tb, conns
}

// annsTable is a table of n seats that ann opened, the default rules at
// n players, the bots random; nobody sits at it yet.
func annsTable(t *testing.T, h *hall.Hall, n int) *hall.Table {
	t.Helper()
	o := rules.DefaultOptions()
	o.Players = n
	tb, err := h.Open(hall.Player{ID: "a", Name: "ann"}, hall.Options{Seats: n, Rules: o, Level: ai.Random, Seed: 1})
	require.NoError(t, err)
	return tb
}

// A long name in the waiting room (24 wide letters take 48 cells) does
// not push its state, nor every other seat's, out of the states'
// column: it wraps within the names' column, whole, its "(you)" too,
// and each free seat keeps its line at 80 columns. In a narrow window
// the states wrap within their column.
func TestSeatLinesLongName(t *testing.T) {
	long := "ボブ・アレクサンダー・スミス・ジュニア三世様"
	s := &SharedSeat{w: hall.Waiting{Code: "ABCD", Seat: 0, Seats: []hall.SeatInfo{
		{Name: long, Here: true, Host: true}, {Name: "carl", Here: true}, {}, {}}}}
	for _, width := range []int{80, 50} {
		ctx := kittest.Context(width, 24)
		lines := s.seatLines(&ctx)
		text := ansi.Strip(strings.Join(lines, "\n"))
		if width == 80 {
			assert.Len(t, lines, 5, "the long name on two lines, every other seat on one:\n%s", text)
			for _, l := range lines[2:] {
				if strings.Contains(l, "(free)") {
					assert.Contains(t, l, "a bot plays it if nobody sits down", "%q", l)
				}
			}
		}
		// The name's lines, its state taken out, hold it whole.
		flat := strings.ReplaceAll(strings.ReplaceAll(kittest.Flat(text), " ", ""), "here,host", "")
		assert.Contains(t, flat, "SeatA"+long+"(you)SeatB", "the whole name:\n%s", text)
		statesInOneColumn(t, lines, width)
	}
}

// statesInOneColumn checks that lines (the waiting room's seats) fit
// width and that every seat's state, and every line it wraps to,
// starts in one column: after the names' column and two spaces.
func statesInOneColumn(t *testing.T, lines []string, width int) {
	t.Helper()
	const lead = len(" Seat A  ")
	at := -1
	for _, l := range lines {
		l = ansi.Strip(l)
		require.LessOrEqual(t, ansi.StringWidth(l), width, "%q", l)
		rest := l[lead:]
		var col int
		switch i := strings.Index(rest, "  "); {
		case strings.TrimSpace(rest[:max(i, 0)]) == "" && strings.HasPrefix(rest, " "):
			col = lead + len(rest) - len(strings.TrimLeft(rest, " ")) // a state's line
		case i < 0:
			continue // a name's line, no state on it
		default:
			after := rest[i:]
			col = lead + ansi.StringWidth(rest[:i]) + len(after) - len(strings.TrimLeft(after, " "))
		}
		if at < 0 {
			at = col
		}
		require.Equal(t, at, col, "the state's column:\n%s", ansi.Strip(strings.Join(lines, "\n")))
	}
	require.GreaterOrEqual(t, at, 0, "no state")
}

// The waiting room at 80x24 where the person goes by a name of 24
// letters: the seats' states start in one column at two, three and
// four seats, two spaces after the longest name and its "(you)".
// Goldens of the rooms.
func TestWaitingRoomLongNameColumns(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprintf("%d seats", n), func(t *testing.T) {
			clock := clocktest.New(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))
			h := randomHall(t, hall.Config{Clock: clock, Grace: time.Minute, Code: func() string { return "WXYZ" }})
			ps := []hall.Player{{ID: "a", Name: "Annabelle-Wintergreen-XY"}}
			if n > 2 {
				ps = append(ps, hall.Player{ID: "b", Name: "bob"})
			}
			tb, conns := openAndSit(t, h, n, rules.DefaultOptions(), ps...)
			if n > 2 {
				conns[1].Drop() // bob is away: the longest state
			}
			l := New(Config{Player: ps[0], Hall: h, Clock: clock})
			ctx := kittest.Context(80, 24)
			scr, _ := l.join(&ctx, tb)
			s := scr.(*SharedSeat)
			s.w = s.conn.Waiting()
			statesInOneColumn(t, s.seatLines(&ctx), 80)
			view := ansi.Strip(s.View(&ctx))
			kittest.CheckSize(t, view, 80, 24)
			require.Contains(t, view, "Seat A  Annabelle-Wintergreen-XY (you)  here, host")
			kittest.Golden(t, fmt.Sprintf("waiting%d-80x24-longname", n), view)
		})
	}
}

// At a table whose game started, a person who renamed since talks
// under the name their seat has in the game, not one no seat has.
func TestSeatTalkNamesThePersonAsTheSeat(t *testing.T) {
	hub, err := chat.New(chat.Config{})
	require.NoError(t, err)
	h := randomHall(t, hall.Config{Chat: hub})
	tb, conns := openAndSit(t, h, 3, rules.DefaultOptions(), hall.Player{ID: "a", Name: "ann"}, hall.Player{ID: "b", Name: "bob"})
	require.NoError(t, conns[0].Start())

	// Bob, renamed Robert in another connection's lobby, comes back.
	l := New(Config{Player: hall.Player{ID: "b", Name: "Robert"}, Hall: h, Chat: hub})
	ctx := kittest.Context(80, 24)
	scr, _ := l.join(&ctx, tb)
	s, ok := scr.(*SharedSeat)
	require.True(t, ok, "%T", scr)
	t.Cleanup(s.talk.close)
	require.Equal(t, "bob", s.talk.name())
}

// The lobby lists the person's own tables first, the one they came to
// last at the top, whatever the codes: one who stepped out to the
// lobby finds the table they left.
func TestOwnTablesLastFirst(t *testing.T) {
	h := randomHall(t, hall.Config{})
	ann := hall.Player{ID: "a", Name: "ann"}
	var tbs []*hall.Table
	for range 2 {
		tb, err := h.Open(ann, hall.Options{Seats: 3, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1})
		require.NoError(t, err)
		tbs = append(tbs, tb)
	}
	l := New(Config{Player: ann, Hall: h})
	for _, i := range []int{0, 1, 0} {
		_, err := tbs[i].Join(ann)
		require.NoError(t, err)
		l.Refresh()
		require.Equal(t, tbs[i].Code(), l.Tables()[0].Code, "ann came last to %s", tbs[i].Code())
	}
}

// A guest of the waiting room whose host is away reads so, and that
// the table closes if they do not come back: not that the host starts
// the game, as if they were there.
func TestWaitingRoomHostAway(t *testing.T) {
	h := randomHall(t, hall.Config{})
	tb, conns := openAndSit(t, h, 2, rules.DefaultOptions(), hall.Player{ID: "a", Name: "ann"})
	host := conns[0]
	l := New(Config{Player: hall.Player{ID: "b", Name: "bob"}, Hall: h})
	ctx := kittest.Context(80, 24)
	scr, _ := l.join(&ctx, tb)
	s := scr.(*SharedSeat)
	view := kittest.Flat(ansi.Strip(s.View(&ctx)))
	require.Contains(t, view, "The host starts the game.")
	require.NotContains(t, view, "is away")
	host.Drop()
	s.w = s.conn.Waiting()
	require.Contains(t, kittest.Flat(ansi.Strip(s.View(&ctx))), "The host is away: the table closes if they do not come back soon.")
}

// randomHall is a hall of cfg whose bots play at random, closed when
// the test ends.
func randomHall(t *testing.T, cfg hall.Config) *hall.Hall {
	t.Helper()
	cfg.NewBot = func(_ ai.Level, c ai.Config) (ai.Bot, error) { return ai.NewRandom(c.Seed), nil }
	h, err := hall.New(cfg)
	require.NoError(t, err)
	t.Cleanup(h.Close)
	return h
}

// Ann talks in the lobby before and after another key comes in under
// her name (its SSH user name): her lines from then on carry her key's
// tag, as the namesake's do, so nobody reads one ann for the other.
func TestLobbyTalkTagsANamesakeWhoCameSince(t *testing.T) {
	hub, err := chat.New(chat.Config{})
	require.NoError(t, err)
	h := randomHall(t, hall.Config{Chat: hub})
	room := hub.NewRoom()
	ann := New(Config{Player: hall.Player{ID: "a", Name: "ann"}, Hall: h, Chat: hub, Lobby: room})
	ann.startTalk(true)
	t.Cleanup(ann.talk.t.close)
	say := func(l *Lobby, text string) string {
		t.Helper()
		_, err := l.talk.t.Say(text)
		require.NoError(t, err)
		lines := room.History("x").Lines
		return lines[len(lines)-1].Name
	}
	require.Equal(t, "ann", say(ann, "hello"), "no namesake yet: no tag")
	cid := New(Config{Player: hall.Player{ID: "c", Name: "ann"}, Hall: h, Chat: hub, Lobby: room})
	cid.startTalk(true)
	t.Cleanup(cid.talk.t.close)
	assert.Equal(t, "ann #"+hall.KeyTag("c"), say(cid, "I am the real ann"))
	assert.Equal(t, "ann #"+hall.KeyTag("a"), say(ann, "no, I am"), "the first ann is tagged too")
}

// A lobby with no table to join says why: the tables full and the
// games being played that the person may watch (w lists them, paused
// ones too), counted, rather than that nothing is open; a private game
// is not counted. A list with tables to join counts those games in its
// heading.
func TestEmptyListSaysGamesArePlayed(t *testing.T) {
	h := randomHall(t, hall.Config{})
	ctx := kittest.Context(80, 24)
	cid := New(Config{Player: hall.Player{ID: "c", Name: "cid"}, Hall: h})
	text := func() string {
		cid.Refresh()
		return strings.Join(screenLines(cid, &ctx), "\n")
	}
	assert.Contains(t, text(), "no open table: open one")
	// A table its people filled, not started yet: nobody else may join.
	full, err := h.Open(hall.Player{ID: "e", Name: "eve"}, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1})
	require.NoError(t, err)
	for _, p := range []hall.Player{{ID: "e", Name: "eve"}, {ID: "f", Name: "fay"}} {
		c, err := full.Join(p)
		require.NoError(t, err)
		t.Cleanup(c.Leave)
	}
	assert.Contains(t, text(), "no table to join: one is full and waits for its host to start")
	start := func(host hall.Player, private bool) {
		tb, err := h.Open(host, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1, Private: private})
		require.NoError(t, err)
		c, err := tb.Join(host)
		require.NoError(t, err)
		require.NoError(t, c.Start())
		t.Cleanup(c.Leave)
	}
	start(hall.Player{ID: "a", Name: "ann"}, false)
	assert.Contains(t, text(), "no table to join: one is full, a game is being played, w to watch it")
	start(hall.Player{ID: "b", Name: "bob"}, false)
	start(hall.Player{ID: "d", Name: "dan"}, true)
	assert.Contains(t, text(), "no table to join: one is full, 2 games are being played, w to watch one")
	// A game whose people all left is paused, and w lists it: counted.
	paused, err := h.Open(hall.Player{ID: "g", Name: "gus"}, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1})
	require.NoError(t, err)
	c, err := paused.Join(hall.Player{ID: "g", Name: "gus"})
	require.NoError(t, err)
	require.NoError(t, c.Start())
	c.Leave()
	require.Len(t, h.Watchable("c"), 2, "paused")
	require.Len(t, watchTables(h, "c"), 3)
	assert.Contains(t, text(), "no table to join: one is full, 3 games are being played, w to watch one")
	// Tables to join, a private one among them: the list's heading still
	// counts the games to watch.
	for _, p := range []struct {
		host    hall.Player
		private bool
	}{{hall.Player{ID: "h", Name: "hal"}, true}, {hall.Player{ID: "i", Name: "ivy"}, false}} {
		tb, err := h.Open(p.host, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1, Private: p.private})
		require.NoError(t, err)
		c, err := tb.Join(p.host)
		require.NoError(t, err)
		t.Cleanup(c.Leave)
	}
	view := text()
	assert.Contains(t, view, "Tables  3 games are being played, w to watch one")
	assert.NotContains(t, view, "no table to join")
}

// A game the person holds a seat in is not one to watch: the list's
// heading does not invite them to watch it, whether their seat is open
// in another connection of theirs or waits for them, at every seat
// count; a game of others beside it is counted alone.
func TestOwnGameIsNotCountedToWatch(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		for _, open := range []bool{true, false} {
			t.Run(fmt.Sprintf("%d seats, open %v", n, open), func(t *testing.T) {
				h, _, ann := annAtHerGame(t, n, open)
				ctx := kittest.Context(80, 24)
				l := New(Config{Player: ann, Hall: h})
				l.Enter(&ctx)
				heading := func() string {
					l.Refresh()
					for _, line := range screenLines(l, &ctx) {
						if strings.HasPrefix(line, " Tables") {
							return line
						}
					}
					return ""
				}
				assert.Equal(t, " Tables", heading(), "her own game is no game to watch")
				others, oc := openAndSit(t, h, 2, rules.DefaultOptions(), hall.Player{ID: "c", Name: "cid"})
				require.NoError(t, oc[0].Start())
				t.Cleanup(oc[0].Leave)
				require.Len(t, watchTables(h, ann.ID), 2, "w lists both, %s among them", others.Code())
				assert.Equal(t, " Tables  a game is being played, w to watch it", heading())
			})
		}
	}
}

// annAtHerGame starts a game of n seats that ann and bob sit at (bots
// in the rest) and returns its hall and table and ann: her seat open in
// another connection of hers (open), or waiting for her, stepped out.
func annAtHerGame(t *testing.T, n int, open bool) (*hall.Hall, *hall.Table, hall.Player) {
	t.Helper()
	h := randomHall(t, hall.Config{})
	o := rules.DefaultOptions()
	o.Players = n
	ann := hall.Player{ID: "a", Name: "ann"}
	tb, conns := openAndSit(t, h, n, o, ann, hall.Player{ID: "b", Name: "bob"})
	require.NoError(t, conns[0].Start())
	t.Cleanup(conns[1].Leave)
	if open {
		t.Cleanup(conns[0].Leave)
	} else {
		conns[0].Leave() // ann stepped out: her seat waits
	}
	return h, tb, ann
}

// The person's own game in the watch list says where its seat is got
// back, and enter on it, refused (a spectator takes no seat), says the
// same: taken over from the lobby when the seat is open in another
// connection of theirs (README: enter takes it over there), gone back
// to when it waits; in two rows at most, at every seat count.
func TestWatchListSaysHowToGetTheSeatBack(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		for _, open := range []bool{true, false} {
			t.Run(fmt.Sprintf("%d seats, open %v", n, open), func(t *testing.T) {
				h, tb, ann := annAtHerGame(t, n, open)
				row := "your seat: go back to it from the lobby"
				note := "! Table " + tb.Code() + ": you have a seat there, and a spectator takes none: choose it in the lobby's list (or connect with join " + tb.Code() + ") to go back to your seat."
				if open {
					row = "your seat, open in another connection: take it over from the lobby"
					note = "! Table " + tb.Code() + ": you have a seat there, and a spectator takes none: choose it in the lobby's list to take it over from your other connection."
				}
				ctx := kittest.Context(80, 24)
				l := New(Config{Player: ann, Hall: h})
				l.Enter(&ctx)
				l.setNote("", false)
				scr, _ := l.Update(&ctx, kittest.Key("w"))
				list, ok := scr.(*watchList)
				require.True(t, ok, "%T", scr)
				list.Enter(&ctx)
				assert.Contains(t, kittest.Flat(ansi.Strip(list.View(&ctx))), tb.Code()+" ann, bob")
				assert.Contains(t, kittest.Flat(ansi.Strip(list.View(&ctx))), row)
				scr, _ = list.Update(&ctx, kittest.Key("enter"))
				require.Equal(t, list, scr, "refused")
				view := ansi.Strip(list.View(&ctx))
				assert.Contains(t, kittest.Flat(view), note)
				lines := strings.Split(view, "\n")
				require.LessOrEqual(t, len(lines), 24)
				at := slices.IndexFunc(lines, func(s string) bool { return strings.HasPrefix(s, " ! Table") })
				require.GreaterOrEqual(t, at, 0)
				assert.Empty(t, strings.TrimSpace(lines[at+2]), "the note in two rows at most:\n%s", view)
				for _, line := range lines {
					assert.LessOrEqual(t, ansi.StringWidth(line), 80, "%q", line)
				}
				assert.Equal(t, open, tb.SeatOpen(ann.ID), "the first connection keeps the seat")
				i := slices.IndexFunc(list.tables, func(in hall.Info) bool { return in.Code == tb.Code() })
				require.GreaterOrEqual(t, i, 0)
				assert.Equal(t, open, list.tables[i].SeatOpen, "the list's answer from the hall")
			})
		}
	}
}

// The list's heading fits 80 columns with both its marks, tables out of
// view above and below and the games to watch: the latter in fewer
// words then.
func TestTablesHeadingCountsGamesAndFits(t *testing.T) {
	l, ctx := steadyLobby(t, 0, true, true, 3)
	for i := range 12 {
		l.tables = append(l.tables, hall.Info{Code: fmt.Sprintf("LN%02d", i), Seats: 2, Names: []string{"ann", ""}, Level: ai.Normal, Target: 500})
	}
	l.row = len(items) + 6
	l.playing = 12
	var heading string
	for _, line := range screenLines(l, ctx) {
		require.LessOrEqual(t, ansi.StringWidth(line), 80, "%q", line)
		if strings.HasPrefix(line, " Tables") {
			heading = line
		}
	}
	assert.Equal(t, " Tables  ↑ 5 more above · ↓ 5 more below · 12 games are on, w to watch one", heading)
}

// TestRatedTableKeepsQuietInADeal: at a rated table of three or four,
// the people seated may not talk while a deal is played (a word could
// tell a partner what a hand holds), at the table nor in the lobby nor
// at another table they watch, and its spectators neither; they may
// between deals and at the game's end. Two players, one person among bots, or any table of a
// server that keeps no ratings, talk throughout.
func TestRatedTableKeepsQuietInADeal(t *testing.T) {
	for _, c := range []quietCase{{3, 2, false, true}, {4, 2, false, true}, {2, 2, false, false}, {3, 1, false, false}, {4, 2, true, false}} {
		// The bots move on the host's own goroutines while the test
		// looks, so a game may pass no position judged in a deal, between
		// deals, or watched: then another game is played, up to five.
		var inDeal, between, watched bool
		for seed := uint64(1); seed <= 5 && !(inDeal && between && watched); seed++ {
			d, b, w := quietGame(t, c, seed)
			inDeal, between, watched = inDeal || d, between || b, watched || w
		}
		require.True(t, inDeal && between && watched, "%d seats: the games passed no deal, no pause between deals, or none watched", c.seats)
	}
}

// quietCase is a table of TestRatedTableKeepsQuietInADeal: its seats,
// the people at it, whether the server keeps ratings (noClub: none),
// and whether its deals are quiet.
type quietCase struct {
	seats, people int
	noClub, quiet bool
}

// quietGame plays one game of TestRatedTableKeepsQuietInADeal at c,
// dealt from seed, and reports whether a position in a deal, one
// between deals and one watched in a deal were judged.
func quietGame(t *testing.T, c quietCase, seed uint64) (inDeal, between, watched bool) {
	{
		hub, err := chat.New(chat.Config{Burst: 1000})
		require.NoError(t, err)
		h := randomHall(t, hall.Config{Chat: hub})
		people := []hall.Player{{ID: "a", Name: "ann"}, {ID: "b", Name: "bob"}}[:c.people]
		o := rules.DefaultOptions()
		o.Players, o.Target = c.seats, 300
		tb, conns, err := halltest.Start(h, people, hall.Options{Seats: c.seats, Rules: o, Level: ai.Random, Seed: seed})
		require.NoError(t, err)
		require.Equal(t, c.people == 2, tb.Rated())
		l := New(Config{Player: people[0], Hall: h, Chat: hub, Club: &lobbytest.Club{}, Lobby: hub.NewRoom()})
		if c.noClub {
			l.cfg.Club = nil
		}
		ctx := kittest.Context(80, 24)
		scr, _ := l.join(&ctx, tb)
		s := scr.(*SharedSeat)
		t.Cleanup(s.talk.close)
		// Ann's lobby, and another table she watches from a second
		// connection (eve's, alone with a bot).
		l.startTalk(true)
		t.Cleanup(l.talk.t.close)
		other, _, err := halltest.Start(h, []hall.Player{{ID: "e", Name: "eve"}}, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 2})
		require.NoError(t, err)
		l2 := New(Config{Player: people[0], Hall: h, Chat: hub, Club: l.cfg.Club})
		oscr, _ := l2.watch(&ctx, other)
		ow := oscr.(*WatchSeat)
		t.Cleanup(ow.talk.close)
		conns[0] = s.conn // ann's seat came to this connection
		// Cid, a second key, watches: a spectator keeps quiet too.
		wl := New(Config{Player: hall.Player{ID: "c", Name: "cid"}, Hall: h, Chat: hub, Club: l.cfg.Club, Lobby: hub.NewRoom()})
		wscr, _ := wl.watch(&ctx, tb)
		w := wscr.(*WatchSeat)
		t.Cleanup(w.talk.close)
		wl.startTalk(true) // and talks in the lobby (from another connection)
		t.Cleanup(wl.talk.t.close)

		// Play every seat's decisions at random; at each position seen,
		// a line of ann's or cid's is refused exactly while a deal is
		// played. A position a bot moved on from meanwhile is not judged.
		// The hall reads whether a deal is played from a seat's port
		// (ann's): a spectator's port gets the same position a moment
		// apart, so a position is judged only where both agree.
		seat := s.conn.Port()
		check := func(who string, talk *roomTalk, port host.Port, why string, elsewhere ...*roomTalk) (playing, between, over bool) {
			// The refusal as a table's note says it fits the note's two
			// lines at 80 columns, end included.
			shown := kit.Wrap("Not sent: "+why+". Your line is kept: / opens it again.", 78)
			require.LessOrEqual(t, len(shown), 2, "%s's refusal at a table: %q", who, shown)
			sn, ref := port.Snapshot(), seat.Snapshot()
			_, err := talk.Say("hello")
			quiet := talk.Quiet() != nil
			errs := make([]error, len(elsewhere))
			for i, o := range elsewhere {
				_, errs[i] = o.Say("hello")
			}
			if port.Snapshot().Gen != sn.Gen || seat.Snapshot().Gen != ref.Gen || hall.QuietDeal(ref) != hall.QuietDeal(sn) {
				return false, false, false
			}
			playing = sn.HasDeal && !sn.Between && !sn.Over
			require.Equal(t, playing && c.quiet, quiet, "%d seats, deal %d: %s's box says quiet", c.seats, sn.DealNo, who)
			if playing && c.quiet {
				require.ErrorIs(t, err, errQuietDeal, "%d seats, deal %d: %s", c.seats, sn.DealNo, who)
				for _, err := range errs {
					require.EqualError(t, err, why, "%d seats, deal %d: %s elsewhere", c.seats, sn.DealNo, who)
				}
			} else {
				require.NoError(t, err, "%d seats, deal %d, between %v, over %v: %s", c.seats, sn.DealNo, sn.Between, sn.Over, who)
				for _, err := range errs {
					require.NoError(t, err, "%d seats, deal %d, between %v, over %v: %s elsewhere", c.seats, sn.DealNo, sn.Between, sn.Over, who)
				}
			}
			return playing, sn.Between, sn.Over
		}
		r := rand.New(rand.NewPCG(seed, 2))
		deadline := time.After(guard)
		for {
			playing, btw, _ := check("ann", s.talk, s.conn.Port(),
				"a rated deal is played at your table "+tb.Code()+": nobody there talks, nor anywhere else, until it ends",
				l.talk.t, ow.talk)
			wp, _, _ := check("cid", w.talk, w.port,
				"a rated deal is played at table "+tb.Code()+", which you watch: nobody there talks, nor anywhere else, until it ends",
				wl.talk.t)
			inDeal, between, watched = inDeal || playing, between || btw, watched || wp
			if s.conn.Port().Snapshot().Over {
				break
			}
			if !moveEach(t, conns, r) {
				select {
				case <-conns[0].Port().Updates():
				case <-deadline:
					t.Fatal("the game never ended")
				}
			}
		}
	}
	return inDeal, between, watched
}

// quietDealOfThree is a rated table of three in a hall with talk, ann
// and bob at two seats and a bot at the third, its first quiet deal
// being played (hall.QuietDeal).
func quietDealOfThree(t *testing.T) (*chat.Hub, *hall.Hall, *hall.Table, []*hall.Conn) {
	t.Helper()
	hub, err := chat.New(chat.Config{Burst: 1000})
	require.NoError(t, err)
	h := randomHall(t, hall.Config{Chat: hub})
	o := rules.DefaultOptions()
	o.Players = 3
	tb, conns, err := halltest.Start(h, []hall.Player{{ID: "a", Name: "ann"}, {ID: "b", Name: "bob"}},
		hall.Options{Seats: 3, Rules: o, Level: ai.Random, Seed: 1})
	require.NoError(t, err)
	require.True(t, tb.Rated())
	port := conns[0].Port()
	for !hall.QuietDeal(port.Snapshot()) {
		if _, ok := <-port.Updates(); !ok {
			t.Fatal("the game ended before a deal was played")
		}
	}
	return hub, h, tb, conns
}

// Cid watches a rated deal of three and leaves in its middle: back in
// the lobby he stays quiet until that deal ends, as its players do
// (he saw its play), and the refusal says why.
func TestSpectatorWhoLeftKeepsQuiet(t *testing.T) {
	hub, h, tb, _ := quietDealOfThree(t)
	ctx := kittest.Context(80, 24)
	wl := New(Config{Player: hall.Player{ID: "c", Name: "cid"}, Hall: h, Chat: hub, Club: &lobbytest.Club{}, Lobby: hub.NewRoom()})
	wscr, _ := wl.watch(&ctx, tb)
	w := wscr.(*WatchSeat)
	w.quitNow(&ctx)
	t.Cleanup(wl.talk.t.close)
	_, err := wl.talk.t.Say("the ace is with bob")
	require.EqualError(t, err, "a rated deal you watched is still played at table "+tb.Code()+": who saw it talks nowhere else until it ends")
}

// A waiting room whose every seat a person holds asks nobody for
// players: it says what the game waits for now, the host's s (to the
// host), the host (to the others), or someone away to come back, at
// two, three and four seats; a room with a seat free still gives the
// code.
func TestWaitingRoomFullSaysWhatItWaitsFor(t *testing.T) {
	people := []hall.Player{{ID: "a", Name: "ann"}, {ID: "b", Name: "bob"}, {ID: "c", Name: "cid"}, {ID: "d", Name: "dan"}}
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprintf("%d seats", n), func(t *testing.T) {
			h := randomHall(t, hall.Config{Code: func() string { return "WXYZ" }})
			tb, _ := openAndSit(t, h, n, rules.DefaultOptions(), people[:n-1]...)
			ctx := kittest.Context(80, 24)
			// seat is p's seat as their lobby joins it again.
			seat := func(p hall.Player) *SharedSeat {
				l := New(Config{Player: p, Hall: h})
				scr, _ := l.join(&ctx, tb)
				return scr.(*SharedSeat)
			}
			// view is the seat's waiting room as it is now, each line
			// without the canvas's padding.
			view := func(s *SharedSeat) string {
				s.w = s.conn.Waiting()
				v := ansi.Strip(s.View(&ctx))
				kittest.CheckSize(t, v, 80, 24)
				rows := strings.Split(v, "\n")
				for i := range rows {
					rows[i] = strings.TrimRight(rows[i], " ")
				}
				return strings.Join(rows, "\n")
			}
			host := seat(people[0])
			require.Contains(t, view(host), " Waiting for players  give friends the code WXYZ\n")
			_, err := tb.Join(people[n-1])
			require.NoError(t, err)
			guest := seat(people[1])
			for _, v := range []string{view(host), view(guest)} {
				require.NotContains(t, v, "Waiting for players")
				require.NotContains(t, v, "give friends the code")
			}
			require.Contains(t, view(host), " Every seat is taken  s starts the game\n")
			require.Contains(t, view(guest), " Every seat is taken  waiting for the host to start the game\n")
			guest.conn.Drop()
			require.Contains(t, view(host), " Every seat is taken  waiting for bob to come back\n")
		})
	}
}

// Cid, who watched a rated deal of three and left it, is refused a
// line in the lobby while that deal is played; once it has ended, the
// lobby's next tick takes the refusal away: it says he may talk again,
// and the line kept is said. The deal ends by the players' moves; the
// ticks are given by hand.
func TestSpectatorsRefusalGoesWhenTheDealEnds(t *testing.T) {
	hub, h, tb, conns := quietDealOfThree(t)
	port := conns[0].Port()
	ctx := kittest.Context(80, 24)
	wl := New(Config{Player: hall.Player{ID: "c", Name: "cid"}, Hall: h, Chat: hub, Club: &lobbytest.Club{}, Lobby: hub.NewRoom()})
	wl.every = 0
	wscr, _ := wl.watch(&ctx, tb)
	wscr.(*WatchSeat).quitNow(&ctx)
	t.Cleanup(wl.talk.t.close)
	press(wl, &ctx, "/")
	typeLine(wl, &ctx, "well played")
	require.Equal(t, "Not sent: a rated deal you watched is still played at table "+tb.Code()+
		": who saw it talks nowhere else until it ends. Your line is kept: / opens it again.", wl.talk.note.Text)
	tickLobby(wl, &ctx)
	require.Contains(t, wl.talk.note.Text, "Not sent", "the deal goes on")

	// The players play on until the deal cid watched has ended.
	r := rand.New(rand.NewPCG(1, 2))
	deadline := time.After(guard)
	for code, _ := h.Quiet("c"); code != ""; code, _ = h.Quiet("c") {
		if !moveEach(t, conns, r) {
			select {
			case <-port.Updates():
			case <-deadline:
				t.Fatal("the deal never ended")
			}
		}
	}
	tickLobby(wl, &ctx)
	require.Equal(t, kit.Note{Text: "You may talk again: / opens your unsent line."}, wl.talk.note)
	view := kittest.Flat(ansi.Strip(wl.View(&ctx)))
	require.NotContains(t, view, "Not sent")
	require.Contains(t, view, "You may talk again: / opens your unsent line.")
	press(wl, &ctx, "/", "enter")
	require.False(t, wl.talk.open())
	require.False(t, wl.talk.note.Err, wl.talk.note.Text)
}

// moveEach makes one random legal move, or says ready, for each of
// conns that may, and reports whether any moved (a move the game has
// left behind, host.ErrStale, is no move).
func moveEach(t *testing.T, conns []*hall.Conn, r *rand.Rand) bool {
	moved := false
	for _, conn := range conns {
		sn := conn.Port().Snapshot()
		var err error
		switch {
		case sn.Can.Act:
			legal := sn.View.Legal()
			err = conn.Port().Act(sn.Gen, legal[r.IntN(len(legal))])
		case sn.Can.Ready:
			err = conn.Port().Ready(sn.Gen)
		default:
			continue
		}
		if !errors.Is(err, host.ErrStale) {
			require.NoError(t, err)
			moved = true
		}
	}
	return moved
}

// A burst whose / the server dropped in the waiting room runs none of
// its words as the room's keys: the host's s starts no game, m moves
// nobody, P keeps the table open to spectators, esc leaves not, while
// the keys come less than kit.BurstPause apart; the note says why. After a
// pause, s starts the game.
func TestWaitingRoomDroppedSlashRunsNoKeys(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		clock := clocktest.New(clocktest.Start())
		h := randomHall(t, hall.Config{Clock: clock})
		ann := hall.Player{ID: "a", Name: "ann"}
		o := rules.DefaultOptions()
		o.Players = n
		tb, conns := openAndSit(t, h, n, o, ann)
		s := newSharedSeat(New(Config{Player: ann, Hall: h, Clock: clock}), conns[0])
		ctx := kittest.Context(80, 24)
		seat := s.w.Seat

		_, _ = s.Update(&ctx, server.InputDroppedMsg{})
		assert.Contains(t, kittest.Flat(ansi.Strip(s.View(&ctx))), "! "+kit.BurstNote, "%d seats", n)
		for _, k := range []string{"s", "m", "P", "esc", "enter", "q", "/", "s"} {
			clock.Advance(kit.BurstPause / 2)
			assert.True(t, Typing(s), "%d seats, %s: every key of the burst comes to the room", n, k)
			next, cmd := s.Update(&ctx, kittest.Key(k))
			require.Same(t, kit.Screen(s), next, "%d seats: %s ran", n, k)
			require.Nil(t, cmd, "%d seats: %s ran", n, k)
			require.False(t, s.wait.open(), "%d seats: %s opened the line", n, k)
		}
		w := s.conn.Waiting()
		require.False(t, w.Started, "%d seats: the burst started the game", n)
		require.Equal(t, seat, w.Seat, "%d seats: the burst moved ann", n)
		require.False(t, tb.Private(), "%d seats: the burst made the table private", n)

		clock.Advance(kit.BurstPause)
		require.False(t, Typing(s), "%d seats: the burst is over", n)
		_, _ = s.Update(&ctx, kittest.Key("s"))
		assert.True(t, s.conn.Waiting().Started, "%d seats: after a pause s starts the game", n)
	}
}

// The second connection's note that the seat is open in another stands
// on one row at 80 columns, so the lobby's talk under the tables gives
// it that row at most: its newest lines stay in view.
func TestSecondConnectionNoteLeavesTheTalk(t *testing.T) {
	hub, err := chat.New(chat.Config{Burst: 100})
	require.NoError(t, err)
	h := randomHall(t, hall.Config{Chat: hub})
	_, room := h.Talk()
	ann := hall.Player{ID: "a", Name: "ann"}
	tb, _ := openAndSit(t, h, 3, rules.DefaultOptions(), ann)
	for i := range 6 {
		_, err := room.Say(chat.Sender{Key: "b", Name: "bob"}, fmt.Sprintf("lobby line %d", i+1))
		require.NoError(t, err)
	}
	ctx := kittest.Context(80, 24)
	second := New(Config{Player: ann, Hall: h, Chat: hub, Lobby: room})
	second.Enter(&ctx)
	talkRows := func() (int, []string) {
		lines := strings.Split(ansi.Strip(second.View(&ctx)), "\n")
		return len(slices.DeleteFunc(slices.Clone(lines), func(l string) bool { return !strings.Contains(l, `bob: "lobby line`) })), lines
	}
	with, lines := talkRows()
	note := "Your seat at table " + tb.Code() + " is open in another connection: enter takes it over."
	require.True(t, slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, note) }), "the note on one row:\n%s", strings.Join(lines, "\n"))
	assert.True(t, slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, `bob: "lobby line 6"`) }), "the newest line of the talk:\n%s", strings.Join(lines, "\n"))
	second.setNote("", false)
	without, _ := talkRows()
	assert.GreaterOrEqual(t, with, without-1, "the note takes more than a row of the talk:\n%s", strings.Join(lines, "\n"))
	assert.LessOrEqual(t, len(lines), 24)
}
