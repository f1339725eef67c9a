package host

import (
	"context"
	"math/rand/v2"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/memstore"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// moveClock is the move clock of these tests.
const moveClock = 20 * time.Second

// clockTable is a game of n with ann at seat A and bob at seat B, the
// rest bots, on the move clock, saved in memory.
type clockTable struct {
	h     *Host
	clock *clocktest.Manual
	store *memstore.Store
	ports []Port // by seat: ann's, bob's
	r     *rand.Rand
}

func newClockTable(t *testing.T, n int, seed uint64, edit func(*Config)) *clockTable {
	t.Helper()
	ct := &clockTable{clock: clocktest.New(t0), store: &memstore.Store{}, r: rand.New(rand.NewPCG(seed, 1))}
	cfg := config(n, seed, ct.store, ct.clock, 0, 1)
	cfg.Options.Target, cfg.MoveClock = 1000, moveClock
	if edit != nil {
		edit(&cfg)
	}
	ct.h = newHost(t, cfg)
	ct.ports = []Port{sit(t, ct.h, 0), sit(t, ct.h, 1)}
	return ct
}

// rest waits until the game waits for a person: it returns the seat
// whose decision (or Ready, between deals) it waits for first, with
// that seat's snapshot. The bots play on their own meanwhile.
func (ct *clockTable) rest(t *testing.T) (rules.Seat, Snapshot) {
	t.Helper()
	for deadline := time.Now().Add(guard); time.Now().Before(deadline); {
		idle(t, ct.h)
		settle(t, ct.h)
		for i, p := range ct.ports {
			if p == nil {
				continue
			}
			if s := p.Snapshot(); s.Can.Act || s.Can.Ready {
				return rules.Seat(i), s
			}
		}
		runtime.Gosched()
	}
	t.Fatal("the game never waited for a person")
	return 0, Snapshot{}
}

// decision plays on (every person acting at once, Ready between deals)
// until one of want's decisions is due; it returns its snapshot.
func (ct *clockTable) decision(t *testing.T, want rules.Seat) Snapshot {
	t.Helper()
	for range 1000 {
		s, snap := ct.rest(t)
		if snap.Can.Act && s == want {
			return snap
		}
		ct.act(t, s, snap)
	}
	t.Fatalf("seat %v never had a decision", want)
	return Snapshot{}
}

// act makes a random legal decision for seat, or says Ready.
func (ct *clockTable) act(t *testing.T, s rules.Seat, snap Snapshot) {
	t.Helper()
	var err error
	if snap.Can.Act {
		legal := snap.View.Legal()
		err = ct.ports[s].Act(snap.Gen, legal[ct.r.IntN(len(legal))])
	} else {
		err = ct.ports[s].Ready(snap.Gen)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// botMovedFor checks that the bot made seat s's decision of before,
// recorded as a takeover's move in the snapshots and in the save.
func (ct *clockTable) botMovedFor(t *testing.T, s rules.Seat, before Snapshot) Snapshot {
	t.Helper()
	deal, step := before.DealNo, len(before.Moves)
	snap := await(t, ct.ports[s], "the bot's move", func(x Snapshot) bool { return x.Gen != before.Gen })
	if snap.Clocked == nil || snap.Clocked.Seat != s || snap.Clocked.By != ByTakeover || !snap.ClockedRanOut {
		t.Fatalf("the person is not told what the bot played for them when their time ran out: %+v (ran out %v)", snap.Clocked, snap.ClockedRanOut)
	}
	if snap.DealNo == deal && (step >= len(snap.Moves) || snap.Moves[step] != (Mover{s, ByTakeover})) {
		t.Fatalf("step %d reads %+v, not the bot's for seat %v", step, snap.Moves[step:], s)
	}
	settle(t, ct.h)
	await(t, ct.ports[s], "the save", func(x Snapshot) bool { return !x.Save.Pending })
	saved := ct.store.LastSave()
	if saved == nil || len(saved.Deals) < deal || len(saved.Deals[deal-1].Steps) <= step {
		t.Fatal("the bot's move is not saved")
	}
	if !saved.Header.BotMoves().Has(deal, step) {
		t.Fatalf("the save does not say a bot made seat %v's move (deal %d step %d): %q", s, deal, step, saved.Header.Tag(TakeoverTag))
	}
	return snap
}

// TestMoveClock: at every seat count, with two people at the game, a
// decision not made within the move clock is made by the bot (recorded
// as a takeover's move, in the save too); the person reads what it
// was, and the others see the seat's clock. A decision made in time
// gives the next a fresh clock. Two run-outs in a row make the seat
// idle: the bot then decides at once, until the person presses a key.
func TestMoveClock(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		held := &seatGate{seat: 1, tokens: make(chan struct{}, 1), free: make(chan struct{})}
		ct := newClockTable(t, n, uint64(40+n), func(cfg *Config) { held.wrap(cfg) })
		// Bob's decision: his clock runs, ann sees it.
		snap := ct.decision(t, 1)
		due := ct.clock.Now().Add(moveClock)
		if got := snap.Players[1].Due; !got.Equal(due) {
			t.Fatalf("bob's clock reads %v, want %v", got, due)
		}
		if got := ct.ports[0].Snapshot().Players[1].Due; !got.Equal(due) {
			t.Fatalf("ann sees bob's clock at %v, want %v", got, due)
		}
		// Made in time: nothing moves before; the next decision has a
		// fresh clock.
		ct.clock.Advance(moveClock - time.Second)
		wantStill(t, ct.h, "the bot moved for bob before his clock ran out")
		ct.act(t, 1, snap)
		who, next := ct.rest(t)
		if next.Can.Act {
			if got, want := next.Players[who].Due, ct.clock.Now().Add(moveClock); !got.Equal(want) {
				t.Fatalf("the next decision's clock reads %v, want a fresh %v", got, want)
			}
		}
		// Bob's next decision runs out: the bot makes it.
		snap = ct.decision(t, 1)
		ct.clock.Advance(moveClock)
		after := ct.botMovedFor(t, 1, snap)
		if after.Players[1].Idle || after.Players[1].State != SeatHere {
			t.Fatalf("one run-out: bob's seat reads %+v", after.Players[1])
		}
		// A second in a row: idle.
		snap = ct.decision(t, 1)
		if snap.Players[1].Due.IsZero() {
			t.Fatal("bob's second decision has no clock")
		}
		// The bot's next move for bob, idle now, comes at once, and
		// would pass for the last one he reads: it waits until the
		// run-out's move is read.
		held.arm()
		ct.clock.Advance(moveClock)
		ct.botMovedFor(t, 1, snap)
		settle(t, ct.h)
		if s := ct.ports[0].Snapshot(); !s.Players[1].Idle {
			t.Fatal("two run-outs in a row: bob's seat is not idle")
		}
		held.release()
		// Idle: the bot makes bob's decisions at once, no clock; bob
		// reads each, not as his time running out.
		moved := ct.ports[1].Snapshot().Clocked
		for i := 0; ; i++ {
			if b := ct.ports[1].Snapshot(); b.Clocked != moved && b.Clocked != nil {
				if b.ClockedRanOut {
					t.Fatalf("a move made at once for idle bob reads as his time running out: %+v", b.Clocked)
				}
				if i >= 3 {
					break
				}
			}
			if i > 200 {
				t.Fatal("the bot made no move for idle bob")
			}
			s, x := ct.rest(t)
			if s == 1 {
				t.Fatalf("the game waits for idle bob: %+v", x.Can)
			}
			ct.act(t, s, x)
		}
		// Bob presses a key: his decisions are his again.
		if err := ct.ports[1].Here(); err != nil {
			t.Fatal(err)
		}
		settle(t, ct.h)
		if s := ct.ports[1].Snapshot(); s.Players[1].Idle || s.Clocked != nil {
			t.Fatalf("bob is back: idle %v, clocked %+v", s.Players[1].Idle, s.Clocked)
		}
		snap = ct.decision(t, 1)
		if snap.Players[1].Due.IsZero() {
			t.Fatal("bob back: his decision has no clock")
		}
	})
}

// TestMoveClockOneAnswer: at every seat count, in a game that asks a
// person even a decision with one legal answer (Game.AskAll), the game
// waits for it like any other: the person is told why it is the only
// answer, the others and a spectator see the game wait for them and
// their clock run, and when it runs out the bot answers for them.
func TestMoveClockOneAnswer(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		ct := newClockTable(t, n, uint64(60+n), func(c *Config) { c.AskAll = true })
		w, err := ct.h.Watch()
		if err != nil {
			t.Fatal(err)
		}
		snap := ct.oneAnswer(t)
		if legal := snap.View.Legal(); len(legal) != 1 || snap.View.Phase == rules.PhasePlay {
			t.Fatalf("bob is told %q with %v legal in %v", snap.Only, legal, snap.View.Phase)
		}
		due := ct.clock.Now().Add(moveClock)
		settle(t, ct.h)
		if a := ct.ports[0].Snapshot(); a.Only != "" || !a.Players[1].Due.Equal(due) {
			t.Fatalf("ann reads only %q and bob's clock at %v, want none and %v", a.Only, a.Players[1].Due, due)
		}
		if s := w.Snapshot(); s.View.Turn != 1 || s.Only != "" || !s.Players[1].Due.Equal(due) {
			t.Fatalf("the spectator sees turn %v, only %q, bob's clock at %v", s.View.Turn, s.Only, s.Players[1].Due)
		}
		ct.clock.Advance(moveClock)
		ct.botMovedFor(t, 1, snap)
	})
}

// TestMoveClockOneAnswerCounts: at every seat count, in a game that
// asks a person even a decision with one legal answer (AskAll), the
// person and the others see their clock as at any decision, and its
// run-out counts towards their going idle as any other: with the next wait for them run out too, their seat is
// idle, and the game no longer waits for them. (The others see the
// seat go idle: were the one answer not counted, when it did would
// tell them which decisions had a choice.)
func TestMoveClockOneAnswerCounts(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		ct := newClockTable(t, n, uint64(60+n), func(c *Config) { c.AskAll = true })
		snap := ct.oneAnswer(t)
		due := ct.clock.Now().Add(moveClock)
		if got := snap.Players[1].Due; !got.Equal(due) {
			t.Fatalf("bob sees his clock at %v, want %v: its run-out counts against him", got, due)
		}
		if got := ct.ports[0].Snapshot().Players[1].Due; !got.Equal(due) {
			t.Fatalf("ann sees bob's clock at %v, want %v as at any decision", got, due)
		}
		ct.clock.Advance(moveClock)
		ct.botMovedFor(t, 1, snap)
		settle(t, ct.h)
		if s := ct.ports[0].Snapshot(); s.Players[1].Idle {
			t.Fatal("one run-out made bob's seat idle")
		}

		// The next wait for bob, decision or Ready, runs out as well.
		for i := 0; ; i++ {
			if i == 200 {
				t.Fatal("the game never waited for bob again")
			}
			s, x := ct.rest(t)
			if s != 1 {
				ct.act(t, s, x)
				continue
			}
			ct.clock.Advance(moveClock)
			await(t, ct.ports[1], "the run-out's move or Ready", func(y Snapshot) bool { return y.Gen != x.Gen })
			break
		}
		settle(t, ct.h)
		if s := ct.ports[0].Snapshot(); !s.Players[1].Idle {
			t.Fatal("two run-outs in a row, the first on a decision with one answer: bob's seat is not idle")
		}
		// Idle: the game never waits for bob, one answer or not.
		for range 40 {
			s, x := ct.rest(t)
			if s == 1 {
				t.Fatalf("the game waits for idle bob: %+v (only %q)", x.Can, x.Only)
			}
			ct.act(t, s, x)
		}
	})
}

// TestMoveClockAloneWithBots: a person with bots only, or whose fellow
// is away, is never hurried; the clock starts when another person sits
// down and stops when they leave.
func TestMoveClockAloneWithBots(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		clock := clocktest.New(t0)
		cfg := config(n, uint64(60+n), nil, clock, 0)
		cfg.Options.Target, cfg.MoveClock = 1000, moveClock
		h := newHost(t, cfg)
		ct := &clockTable{h: h, clock: clock, ports: []Port{sit(t, h, 0)}, r: rand.New(rand.NewPCG(1, 1))}
		snap := ct.decision(t, 0)
		if !snap.Players[0].Due.IsZero() {
			t.Fatal("a person alone with bots is on the clock")
		}
		clock.Advance(time.Hour)
		wantStill(t, h, "a bot moved for a person alone with bots")

		// Two people: ann's clock stops when bob leaves, and starts
		// afresh when he is back (a bot playing his seat meanwhile).
		ct = newClockTable(t, n, uint64(70+n), nil)
		snap = ct.decision(t, 0)
		if snap.Players[0].Due.IsZero() {
			t.Fatal("two people: ann's decision has no clock")
		}
		ct.ports[1].Leave()
		settle(t, ct.h)
		if s := ct.ports[0].Snapshot(); !s.Players[0].Due.IsZero() {
			t.Fatal("bob left: ann's clock still runs")
		}
		ct.clock.Advance(time.Hour) // bob's grace too: a bot takes his seat
		wantStill(t, ct.h, "a bot moved for ann with bob away")
		ct.ports[1] = sit(t, ct.h, 1)
		settle(t, ct.h)
		if got, want := ct.ports[0].Snapshot().Players[0].Due, ct.clock.Now().Add(moveClock); !got.Equal(want) {
			t.Fatalf("bob is back: ann's clock reads %v, want %v", got, want)
		}
	})
}

// TestMoveClockBetweenDeals: between deals, one person who does not say
// Ready holds the table only for the move clock: then they are marked
// ready and the next deal is dealt.
func TestMoveClockBetweenDeals(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		ct := newClockTable(t, n, uint64(80+n), nil)
		var deal int
		for {
			s, snap := ct.rest(t)
			if snap.Between {
				deal = snap.DealNo
				break
			}
			ct.act(t, s, snap)
		}
		a := ct.ports[0].Snapshot()
		if err := ct.ports[0].Ready(a.Gen); err != nil {
			t.Fatal(err)
		}
		settle(t, ct.h)
		b := ct.ports[1].Snapshot()
		if !b.Between || b.Players[1].Ready || !b.Players[0].Ready {
			t.Fatalf("ann ready, bob not: %+v", b.Players)
		}
		if got, want := b.Players[1].Due, ct.clock.Now().Add(moveClock); !got.Equal(want) {
			t.Fatalf("bob's clock between deals reads %v, want %v", got, want)
		}
		if !b.Players[0].Due.IsZero() {
			t.Fatal("ann said Ready: her clock still runs")
		}
		ct.clock.Advance(moveClock - time.Second)
		wantStill(t, ct.h, "the next deal came before bob's clock ran out")
		if s := ct.ports[1].Snapshot(); s.DealNo != deal || !s.Between {
			t.Fatal("the next deal came before bob's clock ran out")
		}
		ct.clock.Advance(time.Second)
		await(t, ct.ports[1], "the next deal", func(x Snapshot) bool { return x.DealNo == deal+1 && !x.Between })
	})
}

// seatGate holds the bots' decisions for one seat once armed: the
// first takes the one token arm gives, the others wait until release.
// A decision waiting gives up with its context (the host's close).
type seatGate struct {
	seat   rules.Seat
	armed  atomic.Bool
	tokens chan struct{}
	free   chan struct{}
}

func (g *seatGate) arm() {
	g.tokens <- struct{}{}
	g.armed.Store(true)
}

func (g *seatGate) release() { close(g.free) }

// wrap puts the gate before every bot of cfg.
func (g *seatGate) wrap(cfg *Config) {
	base := cfg.NewBot
	cfg.NewBot = func(l ai.Level, c ai.Config) (ai.Bot, error) {
		b, err := base(l, c)
		return gatedSeat{b, g}, err
	}
}

type gatedSeat struct {
	ai.Bot
	g *seatGate
}

func (b gatedSeat) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	if v.Seat == b.g.seat && b.g.armed.Load() {
		select {
		case <-b.g.tokens:
		case <-b.g.free:
		case <-ctx.Done():
			return rules.Action{}, ctx.Err()
		}
	}
	return b.Bot.Choose(ctx, v)
}

// gateBot is a bot whose every answer waits for the test's go-ahead.
type gateBot struct {
	ai.Bot
	asked chan context.Context // the context of each decision asked
	open  chan struct{}
}

func (b gateBot) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	b.asked <- ctx
	<-b.open
	return b.Bot.Choose(ctx, v)
}

// TestMoveClockTakeback: a takeback that comes while the bot the clock
// asked is still thinking drops its answer; the decision taken back
// gets a fresh clock. A takeback also stops the clock of the decision
// it took away, and stops the bot thinking for it. Ann and bob sit at A and B, random bots in the other
// seats, at each seat count.
func TestMoveClockTakeback(t *testing.T) {
	testkit.EachSeatCount(t, testMoveClockTakeback)
}

func testMoveClockTakeback(t *testing.T, n int) {
	asked, open := make(chan context.Context, 10), make(chan struct{})
	ct := newClockTable(t, n, uint64(89+n), func(cfg *Config) {
		base := cfg.NewBot
		cfg.NewBot = func(l ai.Level, c ai.Config) (ai.Bot, error) {
			b, err := base(l, c)
			if l == cfg.TakeoverLevel || l == ai.Normal {
				b = gateBot{b, asked, open}
			}
			return b, err
		}
	})
	// Find bob's decision right after one of ann's that she may take back.
	var snap Snapshot
	for range 200 {
		snap = ct.decision(t, 1)
		if a := ct.ports[0].Snapshot(); a.Can.Undo {
			break
		}
		ct.act(t, 1, snap)
	}
	if !ct.ports[0].Snapshot().Can.Undo {
		// The seed is fixed, so this is the game changing, not chance.
		t.Fatal("no decision of ann's to take back before one of bob's in 200 of his")
	}
	ct.clock.Advance(moveClock)
	thinking := <-asked // the bot thinks for bob
	err := ct.ports[0].Undo()
	stopped := thinking.Err() != nil
	close(open) // before any Fatal: the host's close waits for the bot
	if err != nil {
		t.Fatal(err)
	}
	if !stopped {
		t.Fatal("the bot thinking for a decision taken back was not stopped")
	}
	idle(t, ct.h)
	settle(t, ct.h)
	a := ct.ports[0].Snapshot()
	if !a.Can.Act {
		t.Fatal("ann's decision taken back is not hers again")
	}
	if got, want := a.Players[0].Due, ct.clock.Now().Add(moveClock); !got.Equal(want) {
		t.Fatalf("the decision taken back has the clock %v, want a fresh %v", got, want)
	}
	if !a.Players[1].Due.IsZero() {
		t.Fatal("bob's clock runs for a decision taken away")
	}
	for _, m := range a.Moves {
		if m.By == ByTakeover {
			t.Fatal("the bot's answer for a position taken back was made")
		}
	}
}

// TestMoveClockClaim: a person whose claim is being checked when their
// clock would run out is not played for: the clock stops while the
// claim is checked; a refused claim gives the decision a fresh clock.
func TestMoveClockClaim(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		slots := NewSlots(1)
		ct := newClockTable(t, n, uint64(100+n), func(cfg *Config) { cfg.Slots = slots })
		var snap Snapshot
		for range 1000 {
			snap = ct.decision(t, 0)
			if snap.Can.Claim {
				break
			}
			ct.act(t, 0, snap)
		}
		if !snap.Can.Claim {
			t.Fatal("ann never had a claim to make")
		}
		// Hold the one slot: the claim's check waits for it.
		if err := slots.Acquire(context.Background(), ForBot); err != nil {
			t.Fatal(err)
		}
		if err := ct.ports[0].Claim(); err != nil {
			t.Fatal(err)
		}
		settle(t, ct.h)
		if s := ct.ports[0].Snapshot(); !s.Players[0].Due.IsZero() {
			t.Fatal("the clock runs while the claim is checked")
		}
		ct.clock.Advance(2 * moveClock)
		wantStill(t, ct.h, "the bot played for a person whose claim was being checked")
		slots.Release()
		await(t, ct.ports[0], "the verdict", func(x Snapshot) bool { return x.Claim == nil || !x.Claim.Pending })
		settle(t, ct.h)
		x := ct.ports[0].Snapshot()
		if x.Gen == snap.Gen && !x.Players[0].Due.Equal(ct.clock.Now().Add(moveClock)) {
			t.Fatalf("a refused claim: the clock reads %v, want a fresh %v", x.Players[0].Due, ct.clock.Now().Add(moveClock))
		}
		for _, m := range x.Moves {
			if m.By == ByTakeover {
				t.Fatal("a bot moved for a person while their claim was checked")
			}
		}
	})
}

// dropGrace is the grace of the tests of drops.
const dropGrace = 30 * time.Second

// dropBob cuts bob's connection and returns when his seat goes to a
// bot, as ann reads it.
func (ct *clockTable) dropBob(t *testing.T) time.Time {
	t.Helper()
	ct.ports[1].Leave()
	settle(t, ct.h)
	return ct.ports[0].Snapshot().Players[1].Until
}

// TestDropKeepsTheClockAndTheGrace: at every seat count, a person who
// drops in the middle of a decision and comes back finds their move
// clock where it stood, not a fresh one, and their drops in one deal
// share one grace: dropping and coming back again and again cannot hold
// the others up longer than one move clock and one grace.
func TestDropKeepsTheClockAndTheGrace(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		ct := newClockTable(t, n, uint64(80+n), func(c *Config) { c.Grace = dropGrace })
		snap := ct.decision(t, 1)
		ct.clock.Advance(moveClock - 5*time.Second)
		settle(t, ct.h)
		// Bob drops for 10 s and comes back: 5 s of his clock are left.
		if got, want := ct.dropBob(t), ct.clock.Now().Add(dropGrace); !got.Equal(want) {
			t.Fatalf("bob's first drop: his seat goes to a bot at %v, want %v", got, want)
		}
		ct.clock.Advance(10 * time.Second)
		settle(t, ct.h)
		ct.ports[1] = sit(t, ct.h, 1)
		settle(t, ct.h)
		back := ct.ports[1].Snapshot()
		if back.Gen != snap.Gen {
			t.Fatal("bob's decision was made while he was away, before his grace was over")
		}
		if got, want := back.Players[1].Due, ct.clock.Now().Add(5*time.Second); !got.Equal(want) {
			t.Fatalf("bob back: his clock runs out at %v, want what was left of it (%v)", got, want)
		}
		// He drops again: only the 20 s left of the deal's grace wait
		// for him.
		if got, want := ct.dropBob(t), ct.clock.Now().Add(dropGrace-10*time.Second); !got.Equal(want) {
			t.Fatalf("bob's second drop: his seat goes to a bot at %v, want %v (the rest of his grace)", got, want)
		}
		ct.clock.Advance(dropGrace - 10*time.Second)
		await(t, ct.ports[0], "a bot at bob's seat", func(s Snapshot) bool { return s.Players[1].State == SeatTakeover })
	})
}

// TestGraceIsWholeAgainEachDeal: the grace a person's drops share is a
// deal's: one who was here when the next deal began has a whole grace
// again for their next drop.
func TestGraceIsWholeAgainEachDeal(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		ct := newClockTable(t, n, uint64(90+n), func(c *Config) { c.Grace = dropGrace })
		first := ct.decision(t, 1)
		ct.dropBob(t)
		ct.clock.Advance(dropGrace - time.Second)
		settle(t, ct.h)
		ct.ports[1] = sit(t, ct.h, 1)
		for {
			s, x := ct.rest(t)
			if x.DealNo > first.DealNo {
				break
			}
			ct.act(t, s, x)
		}
		if got, want := ct.dropBob(t), ct.clock.Now().Add(dropGrace); !got.Equal(want) {
			t.Fatalf("bob's drop in the next deal: his seat goes to a bot at %v, want a whole grace (%v)", got, want)
		}
	})
}

// TestMoveClockRefusedActionKeepsTheBot: an illegal decision of a
// person's, while the bot the move clock asked thinks for their seat,
// is refused and changes nothing: the bot is not stopped, and its
// answer is the seat's move. At every seat count.
func TestMoveClockRefusedActionKeepsTheBot(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		asked, open := make(chan context.Context, 10), make(chan struct{})
		ct := newClockTable(t, n, uint64(89+n), func(cfg *Config) {
			base := cfg.NewBot
			cfg.NewBot = func(l ai.Level, c ai.Config) (ai.Bot, error) {
				b, err := base(l, c)
				if l == cfg.TakeoverLevel || l == ai.Normal { // the takeover's default
					b = gateBot{b, asked, open}
				}
				return b, err
			}
		})
		snap := ct.decision(t, 1)
		// A card bob does not hold: refused at any phase.
		illegal := rules.PlayAction(rules.NoCard)
		for _, c := range rules.NewDeck() {
			if !snap.View.Hand.Has(c) {
				illegal = rules.PlayAction(c)
				break
			}
		}
		ct.clock.Advance(moveClock)
		var thinking context.Context
		select {
		case thinking = <-asked: // the bot thinks for bob
		case <-time.After(guard):
			t.Fatal("no bot thinks for bob when his clock ran out")
		}
		err := ct.ports[1].Act(snap.Gen, illegal)
		stopped := thinking.Err() != nil
		close(open) // before any Fatal: the host's close waits for the bot
		if err == nil {
			t.Fatalf("bob's %v, a card he does not hold, was taken", illegal)
		}
		if stopped {
			t.Fatalf("bob's refused %v stopped the bot thinking for him (%v)", illegal, err)
		}
		ct.botMovedFor(t, 1, snap)
	})
}

// oneAnswer plays bob's decisions until one with a single legal answer
// is asked of him (Config.AskAll), and returns its snapshot.
func (ct *clockTable) oneAnswer(t *testing.T) Snapshot {
	t.Helper()
	for range 200 {
		snap := ct.decision(t, 1)
		if snap.Only != "" {
			return snap
		}
		ct.act(t, 1, snap)
	}
	t.Fatal("bob was never asked a decision with one answer")
	return Snapshot{}
}
