package host

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/memstore"
	"github.com/klob/klob/rules"
)

// blockStore is a file system that hangs: every save waits until the
// test lets it go.
type blockStore struct {
	memstore.Store
	entered chan struct{} // a save has started
	release chan struct{} // closed: the saves go through
	calls   atomic.Int64
}

func newBlockStore() *blockStore {
	return &blockStore{entered: make(chan struct{}, 1000), release: make(chan struct{})}
}

func (b *blockStore) SaveCurrent(l *gamelog.Log) error {
	b.calls.Add(1)
	b.entered <- struct{}{}
	<-b.release
	return b.Store.SaveCurrent(l)
}

// TestBlockedDiskStallsNothing: one game's file system hangs on its
// first save. That game's own seat keeps playing and reading snapshots,
// and another game on the same server plays to its end and is filed,
// while the save hangs. Once the disk answers, the stuck game's file
// moves straight to its newest state (the saves in between are
// dropped, never written out of order).
func TestBlockedDiskStallsNothing(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		slots := NewSlots(2) // shared by both games, as on a server
		stuck := newBlockStore()
		cfg := config(n, 3, stuck, clocktest.New(t0), 0)
		cfg.Slots, cfg.Options.Target = slots, 1000
		h1 := newHost(t, cfg)
		d1 := &driver{p: sit(t, h1, 0), r: rand.New(rand.NewPCG(1, 1))}
		<-stuck.entered // the first deal's save hangs

		// The stuck game goes on: ten decisions of its person.
		for range 10 {
			s := await(t, d1.p, "a decision of the stuck game", func(s Snapshot) bool { return s.Can.Act || s.Can.Ready })
			if !s.Save.Pending {
				t.Fatal("the snapshot does not say a save is pending")
			}
			if _, err := d1.step(s); err != nil {
				t.Fatal(err)
			}
		}

		// Another game plays to its end and is filed meanwhile.
		free := &memstore.Store{}
		cfg2 := config(n, 4, free, clocktest.New(t0), 0)
		cfg2.Slots = slots
		h2 := newHost(t, cfg2)
		d2 := &driver{p: sit(t, h2, 0), r: rand.New(rand.NewPCG(2, 2))}
		if end := d2.play(t, true); !end.Save.Filed {
			t.Fatal("the other game was not filed")
		}
		if c := stuck.calls.Load(); c != 1 {
			t.Fatalf("%d saves started on the stuck disk, want 1 (the rest wait)", c)
		}

		// The disk answers: the newest state is written. (The stuck
		// game waits for its person first, so nothing moves meanwhile.)
		await(t, d1.p, "the person's turn", func(s Snapshot) bool { return s.Can.Act || s.Can.Ready })
		close(stuck.release)
		want, err := h1.Log()
		if err != nil {
			t.Fatal(err)
		}
		s := await(t, d1.p, "the save", func(s Snapshot) bool { return !s.Save.Pending })
		if s.Save.Err != "" {
			t.Fatal(s.Save.Err)
		}
		if got := stuck.LastSave(); moves(t, got) != moves(t, want) {
			t.Fatal("the last save is not the game's newest state")
		}
		if c := stuck.calls.Load(); c > 3 {
			t.Fatalf("%d saves written for one stuck save and its followers: they were not coalesced", c)
		}
	})
}

// TestAReaderThatStopsIsNeverWaitedFor: at a game of two people, one
// never reads its Updates (its moves are made from its snapshots when
// the other's screen wakes). The game plays to its end; the silent
// seat holds one tick, whatever happened.
func TestAReaderThatStopsIsNeverWaitedFor(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		h := newHost(t, config(n, 9, nil, clocktest.New(t0), 0, 1))
		a := &driver{p: sit(t, h, 0), r: rand.New(rand.NewPCG(1, 1))}
		b := &driver{p: sit(t, h, 1), r: rand.New(rand.NewPCG(2, 2))}
		lockstep(t, h, a, b, func(s Snapshot) bool { return s.Over })
		if got := len(b.p.Updates()); got > 1 {
			t.Fatalf("the silent seat holds %d ticks", got)
		}
		if g := b.p.Snapshot().Gen; g < 20 {
			t.Fatalf("only %d changes: the test tests too little", g)
		}
	})
}

// signalBot tells when it has chosen.
type signalBot struct {
	ai.Bot
	chose chan struct{}
}

func (b signalBot) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	a, err := b.Bot.Choose(ctx, v)
	b.chose <- struct{}{}
	return a, err
}

// idle waits until the host has taken the bot's answer (a bot's job is
// waiting for the pace, or none is left).
func idle(t *testing.T, h *Host) {
	t.Helper()
	// Bounded by guard, not a count of looks: a loaded machine may keep
	// the bot's goroutine off the cores for a while.
	for deadline := time.Now().Add(guard); time.Now().Before(deadline); {
		busy := true
		if err := h.call(func() error { busy = h.st.bot != nil && h.st.bot.thinking; return nil }); err != nil {
			t.Fatal(err)
		}
		if !busy {
			return
		}
		runtime.Gosched()
	}
	t.Fatal("the bot's answer never reached the host")
}

// TestPace: a bot's move shows Pace after the last move on the host's
// clock, not sooner, and TrickPace after a move that finished a trick.
func TestPace(t *testing.T) {
	clock := clocktest.New(t0)
	chose := make(chan struct{}, 100)
	cfg := config(2, 8, nil, clock, 0)
	cfg.Pace, cfg.TrickPace = time.Second, 3*time.Second
	cfg.NewBot = func(l ai.Level, c ai.Config) (ai.Bot, error) {
		return signalBot{ai.NewRandom(c.Seed), chose}, nil
	}
	h := newHost(t, cfg)
	p := sit(t, h, 0)
	r := rand.New(rand.NewPCG(5, 5))
	paced, trickPaced := 0, 0
	for paced < 3 || trickPaced < 2 {
		s := await(t, p, "a change", func(s Snapshot) bool { return s.Can.Act || s.Thinking == 1 || s.Can.Ready })
		switch {
		case s.Can.Ready:
			if err := p.Ready(s.Gen); err != nil {
				t.Fatal(err)
			}
			continue
		case s.Can.Act:
			l := s.View.Legal()
			if err := p.Act(s.Gen, l[r.IntN(len(l))]); err != nil {
				t.Fatal(err)
			}
			continue
		}
		<-chose
		idle(t, h)
		wait := cfg.Pace
		if s.Last != nil && s.Last.TrickTo != rules.NoSeat {
			wait = cfg.TrickPace
		}
		clock.Advance(wait - time.Millisecond)
		idle(t, h)
		if now := p.Snapshot(); now.Gen != s.Gen {
			t.Fatalf("the bot moved %v after the last move, before its pace of %v", wait-time.Millisecond, wait)
		}
		clock.Advance(time.Millisecond)
		await(t, p, "the bot's move", func(x Snapshot) bool { return x.Gen != s.Gen })
		if wait == cfg.TrickPace {
			trickPaced++
		} else {
			paced++
		}
	}
}

// TestSlotsServeBotsFirst: with every slot taken, a freed slot goes to
// a waiting bot before a hint that waited longer; a hint whose context
// ends leaves the queue; nothing is held after.
func TestSlotsServeBotsFirst(t *testing.T) {
	s := NewSlots(1)
	ctx := context.Background()
	if err := s.Acquire(ctx, ForBot); err != nil {
		t.Fatal(err)
	}
	order := make(chan string, 3)
	hintCtx, cancelHint := context.WithCancel(ctx)
	var wg sync.WaitGroup
	start := func(name string, p Priority, c context.Context) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := s.Acquire(c, p); err != nil {
				order <- name + " gave up"
				return
			}
			order <- name
			s.Release()
		}()
	}
	start("hint", ForHint, ctx)
	waitWaiting(s, ForHint, 1)
	start("late hint", ForHint, hintCtx)
	waitWaiting(s, ForHint, 2)
	start("bot", ForBot, ctx)
	waitWaiting(s, ForBot, 1)
	cancelHint()
	if got := <-order; got != "late hint gave up" {
		t.Fatalf("first: %s", got)
	}
	s.Release()
	wg.Wait()
	close(order)
	var got []string
	for x := range order {
		got = append(got, x)
	}
	if strings.Join(got, ",") != "bot,hint" {
		t.Fatalf("served %v, want the bot before the hint", got)
	}
	if err := s.Acquire(ctx, ForHint); err != nil {
		t.Fatal("a slot is still held")
	}
}

// TestHints: a hint is worked out off the loop from the seat's view;
// asking again for the same position does not ask twice; closing it
// stops the work; a hint of a position the game has left is dropped.
func TestHints(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		var calls atomic.Int64
		started := make(chan struct{}, 10)
		stopped := make(chan struct{}, 10)
		release := make(chan struct{})
		cfg := config(n, 12, nil, clocktest.New(t0), 0)
		cfg.Hint = func(ctx context.Context, v *rules.View, seed uint64) (eval.Evaluation, error) {
			calls.Add(1)
			if v.Seat != 0 {
				return eval.Evaluation{}, errors.New("a hint for another seat")
			}
			started <- struct{}{}
			select {
			case <-ctx.Done():
				stopped <- struct{}{}
				return eval.Evaluation{}, ctx.Err()
			case <-release:
				return eval.Evaluation{Samples: 7, Best: 0}, nil
			}
		}
		h := newHost(t, cfg)
		p := sit(t, h, 0)
		s := await(t, p, "a decision", func(s Snapshot) bool { return s.Can.Act })
		if !s.Can.Hint {
			t.Fatal("no hint offered at a decision")
		}
		if err := p.Hint(s.Gen - 1); !errors.Is(err, ErrStale) {
			t.Fatalf("a hint for an old position: %v", err)
		}
		if err := p.Hint(s.Gen); err != nil {
			t.Fatal(err)
		}
		<-started
		if err := p.Hint(s.Gen); err != nil {
			t.Fatal(err)
		}
		if x := p.Snapshot(); x.Hint == nil || !x.Hint.Pending {
			t.Fatal("the snapshot does not show the hint being worked out")
		}
		p.CloseHint()
		<-stopped
		if x := p.Snapshot(); x.Hint != nil {
			t.Fatal("a closed hint still shows")
		}
		if err := p.Hint(s.Gen); err != nil {
			t.Fatal(err)
		}
		<-started
		close(release)
		x := await(t, p, "the hint", func(x Snapshot) bool { return x.Hint != nil && !x.Hint.Pending })
		if x.Hint.Err != nil || x.Hint.Eval.Samples != 7 || x.Hint.Gen != s.Gen {
			t.Fatalf("the hint: %+v", x.Hint)
		}
		if c := calls.Load(); c != 2 {
			t.Fatalf("%d evaluations, want 2 (one closed, one shown)", c)
		}
		if err := p.Act(x.Gen, x.View.Legal()[0]); err != nil {
			t.Fatal(err)
		}
		if y := p.Snapshot(); y.Hint != nil {
			t.Fatal("the hint still shows after the move")
		}
	})
}

// orderBot says "bot" on order when it chooses.
type orderBot struct {
	ai.Bot
	order chan string
}

func (b orderBot) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	b.order <- "bot"
	return b.Bot.Choose(ctx, v)
}

// TestHintsWaitBehindBots: two games share the server's one slot, held
// for now. A person of one asks a hint, then a bot of the other waits to
// think. When the slot frees, the bot thinks first.
func TestHintsWaitBehindBots(t *testing.T) {
	slots := NewSlots(1)
	if err := slots.Acquire(context.Background(), ForBot); err != nil {
		t.Fatal(err)
	}
	order := make(chan string, 100)
	cfg := config(2, 12, nil, clocktest.New(t0), 0)
	cfg.Slots = slots
	cfg.NewBot = func(l ai.Level, c ai.Config) (ai.Bot, error) { return orderBot{ai.NewRandom(c.Seed), order}, nil }
	cfg.Hint = func(ctx context.Context, v *rules.View, seed uint64) (eval.Evaluation, error) {
		order <- "hint"
		return eval.Evaluation{Samples: 1}, nil
	}
	// A game where the person decides first: the hint waits.
	var p Port
	for seed := uint64(1); ; seed++ {
		cfg.Seed = seed
		h := newHost(t, cfg)
		p = sit(t, h, 0)
		if s := await(t, p, "a decision or the bot", func(s Snapshot) bool { return s.Can.Act || s.Thinking == 1 }); s.Can.Act {
			if err := p.Hint(s.Gen); err != nil {
				t.Fatal(err)
			}
			break
		}
		h.Close()
		waitWaiting(slots, ForBot, 0)
	}
	waitWaiting(slots, ForHint, 1)
	// A game where the bot decides first: it waits behind the hint.
	for seed := uint64(1); ; seed++ {
		cfg.Seed = seed
		h := newHost(t, cfg)
		q := sit(t, h, 0)
		if s := await(t, q, "a decision or the bot", func(s Snapshot) bool { return s.Can.Act || s.Thinking == 1 }); s.Thinking == 1 {
			break
		}
		h.Close()
	}
	waitWaiting(slots, ForBot, 1)
	slots.Release()
	if first, second := <-order, <-order; first != "bot" || second != "hint" {
		t.Fatalf("served %s then %s, want the bot first", first, second)
	}
	if x := await(t, p, "the hint", func(s Snapshot) bool { return s.Hint != nil && !s.Hint.Pending }); x.Hint.Err != nil {
		t.Fatal(x.Hint.Err)
	}
}

// TestFilingIsTriedAgain: a finished game whose filing fails says so in
// the snapshot and is filed again on the host's clock, waiting longer
// each time, until it succeeds; a server's message names no path.
func TestFilingIsTriedAgain(t *testing.T) {
	clock := clocktest.New(t0)
	st := &memstore.Store{FailFiling: 2}
	cfg := config(2, 21, st, clock, 0)
	cfg.RetryFiling, cfg.Server = 10*time.Second, true
	h := newHost(t, cfg)
	d := &driver{p: sit(t, h, 0), r: rand.New(rand.NewPCG(1, 1))}
	d.play(t, false)
	s := await(t, d.p, "the failed filing", func(s Snapshot) bool { return s.Over && s.Save.FileErr != "" })
	if s.Save.Filed || !strings.Contains(s.Save.FileErr, "no space left") || s.Save.Path != "" {
		t.Fatalf("after a failed filing: %+v", s.Save)
	}
	awaitTimer(clock)
	clock.Advance(cfg.RetryFiling) // the second try fails too
	awaitTimer(clock)
	clock.Advance(cfg.RetryFiling) // half the next wait: nothing yet
	// The try runs on the writer after its timer fires: the timer still
	// waiting on the clock is what says it did not fire.
	if n, _ := clock.Pending(); n != 1 {
		t.Fatalf("the retry's timer fired after %v, before its doubled wait (%d timers left)", cfg.RetryFiling, n)
	}
	if _, filed := st.Counts(); filed != 0 {
		t.Fatal("filed before its time")
	}
	clock.Advance(cfg.RetryFiling)
	s = await(t, d.p, "the filing", func(s Snapshot) bool { return s.Save.Filed })
	if s.Save.FileErr != "" || s.Save.Path != "" {
		t.Fatalf("filed: %+v (a server shows no path)", s.Save)
	}
	if _, filed := st.Counts(); filed != 1 {
		t.Fatalf("%d filings", filed)
	}
}

func TestPublicErrorHidesPaths(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{&fs.PathError{Op: "write", Path: "/srv/klob/tables/ABCD/current.klob", Err: errors.New("no space left on device")}, "write: no space left on device"},
		{fmt.Errorf("filing the game for ann: %w", &fs.PathError{Op: "open", Path: "/home/x/h.klob", Err: fs.ErrPermission}), "open: permission denied"},
		{errors.New("rename /var/lib/klob/a.tmp /var/lib/klob/a: busy"), "rename … …: busy"},
	} {
		if got := publicError(tc.err); got != tc.want {
			t.Errorf("publicError(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
}
