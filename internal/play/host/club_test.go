package host

import (
	"errors"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"

	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/memstore"
	"github.com/klob/klob/rules"
)

// playAll plays every port's seat at once until the game is over (and,
// with a store, filed); it returns their last snapshots.
func playAll(t *testing.T, seed uint64, ports ...Port) []Snapshot {
	t.Helper()
	out := make([]Snapshot, len(ports))
	var wg sync.WaitGroup
	for i, p := range ports {
		d := &driver{p: p, r: rand.New(rand.NewPCG(seed, uint64(i)))}
		filed := !p.Snapshot().Save.NoStore
		wg.Add(1)
		go func() { defer wg.Done(); out[i] = d.play(t, filed) }()
	}
	wg.Wait()
	return out
}

// TestWatch: at every seat count a spectator sees the game from no seat,
// the seats count the spectators, every action of a spectator is
// refused, and a private game refuses them (letting go those watching
// when it becomes private).
func TestWatch(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		h := newHost(t, config(n, 31, nil, clocktest.New(t0), 0))
		a := sit(t, h, 0)
		w1, err := h.Watch()
		if err != nil {
			t.Fatal(err)
		}
		w2, err := h.Watch()
		if err != nil {
			t.Fatal(err)
		}
		settle(t, h)
		if s := a.Snapshot(); s.Watchers != 2 || s.Private || s.Watching {
			t.Fatalf("the seat sees %d watching (private %v, watching %v), want 2", s.Watchers, s.Private, s.Watching)
		}
		w := w1.Snapshot()
		if !w.Watching || w.Seat != rules.NoSeat || w.Watchers != 2 || !w.HasDeal || w.View.Hand != 0 || w.Can != (Can{}) {
			t.Fatalf("the spectator's snapshot: watching %v seat %v watchers %d deal %v hand %v can %+v",
				w.Watching, w.Seat, w.Watchers, w.HasDeal, w.View.Hand, w.Can)
		}
		for name, err := range map[string]error{
			"act": w1.Act(w.Gen, rules.PassAction()), "ready": w1.Ready(w.Gen), "undo": w1.Undo(),
			"claim": w1.Claim(), "hint": w1.Hint(w.Gen), "again": w1.Again(w.Gen),
		} {
			if !errors.Is(err, ErrWatching) {
				t.Errorf("a spectator's %s: %v", name, err)
			}
		}
		w1.CloseHint()
		w2.Leave()
		settle(t, h)
		if s := a.Snapshot(); s.Watchers != 1 {
			t.Fatalf("after one left the seat sees %d watching", s.Watchers)
		}
		if _, open := <-w2.Updates(); open {
			if _, open := <-w2.Updates(); open {
				t.Fatal("the spectator who left still gets updates")
			}
		}

		// Private: those watching go, newcomers are refused.
		if err := h.SetPrivate(true); err != nil {
			t.Fatal(err)
		}
		if _, err := h.Watch(); !errors.Is(err, ErrPrivate) {
			t.Fatalf("watching a private game: %v", err)
		}
		for range 2 {
			if _, open := <-w1.Updates(); !open {
				break
			}
		}
		if _, open := <-w1.Updates(); open {
			t.Fatal("the spectator of a game made private still gets updates")
		}
		if s := w1.Snapshot(); !s.Private || !s.Watching {
			t.Fatal("the last snapshot of a spectator let go does not say the game is private")
		}
		if s := a.Snapshot(); s.Watchers != 0 || !s.Private {
			t.Fatalf("the seat of a private game sees %d watching, private %v", s.Watchers, s.Private)
		}
		if err := h.SetPrivate(false); err != nil {
			t.Fatal(err)
		}
		if _, err := h.Watch(); err != nil {
			t.Fatalf("watching a game open again: %v", err)
		}

		cfg := config(n, 32, nil, clocktest.New(t0), 0)
		cfg.Private = true
		p := newHost(t, cfg)
		if _, err := p.Watch(); !errors.Is(err, ErrPrivate) {
			t.Fatalf("watching a game made private by its Config: %v", err)
		}
		p.Close()
		if _, err := p.Watch(); !errors.Is(err, ErrClosed) {
			t.Fatalf("watching a closed game: %v", err)
		}
	})
}

// heapAfterGC is the bytes of live heap objects.
func heapAfterGC() int64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// TestSilentSpectatorsCostLittle: at every seat count a game is played to
// its end twice, the same way, once with no spectator and once with
// many that never read their Updates. The game ends both times (nobody
// waits for them), each spectator holds at most one tick, they share
// one snapshot, and what they cost does not grow with the game: the
// live heap per spectator at the end stays under a kilobyte (a port and
// a channel of one tick).
func TestSilentSpectatorsCostLittle(t *testing.T) {
	const watchers = 1000
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		var grew [2]int64
		var keep []Port
		for run, count := range []int{0, watchers} {
			h := newHost(t, config(n, 33, nil, clocktest.New(t0), 0))
			before := heapAfterGC()
			keep = keep[:0]
			for range count {
				w, err := h.Watch()
				if err != nil {
					t.Fatal(err)
				}
				keep = append(keep, w)
			}
			d := &driver{p: sit(t, h, 0), r: rand.New(rand.NewPCG(3, 3))}
			end := d.play(t, false)
			settle(t, h)
			grew[run] = heapAfterGC() - before
			if count > 0 {
				var shared *Snapshot
				for _, w := range keep {
					p := w.(*port)
					if len(p.Updates()) > 1 {
						t.Fatalf("a silent spectator holds %d ticks", len(p.Updates()))
					}
					if s := p.snap.Load(); shared == nil {
						shared = s
					} else if s != shared {
						t.Fatal("two spectators hold snapshots of their own")
					}
				}
				if !shared.Over || shared.Gen != end.Gen || shared.Watchers != count {
					t.Fatalf("the spectators' last snapshot: over %v gen %d (the game's %d), %d watching", shared.Over, shared.Gen, end.Gen, shared.Watchers)
				}
			}
			runtime.KeepAlive(keep)
			h.Close()
		}
		per := (grew[1] - grew[0]) / watchers
		t.Logf("live heap per silent spectator at the game's end: %d bytes (the game alone: %d bytes)", per, grew[0])
		if per > 1024 {
			t.Fatalf("a silent spectator costs %d bytes at the end of a game", per)
		}
	})
}

// sameSeed is a NewSeed that always draws seed: the rematch's game is
// then known to the test.
func sameSeed(seed uint64) func() uint64 { return func() uint64 { return seed } }

// TestRematch: at every seat count, two people finish a game. "Again"
// is refused before the end and with an old Gen; one person's "again"
// shows to all and starts nothing; leaving takes it back; once both
// say it (and the game is filed) the next game starts at the same
// host: the same seats and rules, the first dealer one seat on, the
// seed drawn from NewSeed, Gen still rising, the ports and the
// spectator kept, and its log names the game before by the checksum
// the club's database uses.
func TestRematch(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		st := &memstore.Store{}
		cfg := config(n, 41, st, clocktest.New(t0), 0, 1)
		cfg.NewSeed = sameSeed(4242)
		cfg.Tags = []gamelog.Tag{{Name: "Table", Value: "ABCD"}}
		h := newHost(t, cfg)
		a, b := sit(t, h, 0), sit(t, h, 1)
		w, err := h.Watch()
		if err != nil {
			t.Fatal(err)
		}
		s := await(t, a, "the first deal", func(s Snapshot) bool { return s.HasDeal })
		if s.Can.Again {
			t.Fatal("again is offered before the end")
		}
		if err := a.Again(s.Gen); !errors.Is(err, ErrNotOver) {
			t.Fatalf("again before the end: %v", err)
		}
		first, err := h.Log()
		if err != nil {
			t.Fatal(err)
		}
		ends := playAll(t, 1, a, b)
		settle(t, h)
		end := a.Snapshot()
		if !end.Over || !end.Can.Again || end.Game != 1 || end.RematchOf != "" {
			t.Fatalf("the end: over %v, can again %v, game %d, rematch of %q", end.Over, end.Can.Again, end.Game, end.RematchOf)
		}
		if err := a.Again(end.Gen - 1); !errors.Is(err, ErrStale) {
			t.Fatalf("again with an old gen: %v", err)
		}
		if err := a.Again(end.Gen); err != nil {
			t.Fatal(err)
		}
		settle(t, h)
		if x := b.Snapshot(); !x.Players[0].Again || x.Players[1].Again || x.Game != 1 || !x.Can.Again {
			t.Fatalf("after ann's again bob sees again %v %v, game %d, can again %v", x.Players[0].Again, x.Players[1].Again, x.Game, x.Can.Again)
		}
		if x := a.Snapshot(); x.Can.Again {
			t.Fatal("again is offered twice")
		}
		// Ann leaves: her again goes with her; back, she has not said it.
		a.Leave()
		settle(t, h)
		if x := b.Snapshot(); x.Players[0].Again || x.Game != 1 {
			t.Fatalf("ann left: her again reads %v, game %d", x.Players[0].Again, x.Game)
		}
		a = sit(t, h, 0)
		if err := b.Again(end.Gen); err != nil {
			t.Fatal(err)
		}
		settle(t, h)
		if x := a.Snapshot(); x.Game != 1 || x.Players[0].Again || !x.Players[1].Again {
			t.Fatalf("bob's again alone started game %d (agreed: %v %v)", x.Game, x.Players[0].Again, x.Players[1].Again)
		}
		if err := a.Again(a.Snapshot().Gen); err != nil {
			t.Fatal(err)
		}
		next := await(t, a, "the next game", func(s Snapshot) bool { return s.Game == 2 && s.HasDeal })
		if next.Gen <= end.Gen || next.Over || next.DealNo != 1 || len(next.Deals) != 0 || next.Players[0].Again {
			t.Fatalf("the next game: gen %d (the last %d), over %v, deal %d, %d deals done", next.Gen, end.Gen, next.Over, next.DealNo, len(next.Deals))
		}
		if got := await(t, w, "the spectator's next game", func(s Snapshot) bool { return s.Game == 2 }); !got.Watching || got.Open != nil || got.RematchOf == "" {
			t.Fatalf("the spectator's next game: watching %v, open %v, rematch of %q", got.Watching, got.Open != nil, got.RematchOf)
		}
		// The old game is filed, and the new one names it.
		if _, filed := st.Counts(); filed != 1 {
			t.Fatalf("%d games filed", filed)
		}
		data, err := st.Filed[0].MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		sum := clubdb.SumLog(data)
		if next.RematchOf != sum {
			t.Fatalf("the next game names %q, the filed game's sum is %q", next.RematchOf, sum)
		}
		l, err := h.Log()
		if err != nil {
			t.Fatal(err)
		}
		if l.Header.Tag(RematchTag) != sum || l.Header.Tag("Table") != "ABCD" || l.Header.Tag("Seed") == first.Header.Tag("Seed") {
			t.Fatalf("the next game's tags: %+v", l.Header.Extra)
		}
		if l.Header.Players != first.Header.Players || l.Header.Levels != first.Header.Levels || l.Header.Options != first.Header.Options {
			t.Fatal("the next game has other seats or rules")
		}
		if want := (first.Header.FirstDealer + 1) % rules.Seat(n); l.Header.FirstDealer != want {
			t.Fatalf("the next game's first dealer is %v, want %v", l.Header.FirstDealer, want)
		}
		// It plays to its end through the same ports, and is filed
		// naming the first.
		ends2 := playAll(t, 2, a, b)
		want, err := seedDealtBy(4242, (first.Header.FirstDealer+1)%rules.Seat(n), n)
		if err != nil {
			t.Fatal(err)
		}
		if ends2[0].Seed != want || ends2[0].Seed == ends[0].Seed {
			t.Fatalf("the next game's seed %d, want %d", ends2[0].Seed, want)
		}
		if _, filed := st.Counts(); filed != 2 || st.Filed[1].Header.Tag(RematchTag) != sum {
			t.Fatalf("%d games filed; the second names %q", filed, st.Filed[1].Header.Tag(RematchTag))
		}
	})
}

// TestRematchAsksAll: at every seat count, the game "again" starts at a
// host whose game asks a person every one-answer decision (Game.AskAll)
// asks them too: no move of the next game is taken for a person, and
// they are told why an answer is the only one.
func TestRematchAsksAll(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		cfg := config(n, 43, &memstore.Store{}, clocktest.New(t0), 0, 1)
		cfg.NewSeed, cfg.AskAll = sameSeed(4343), true
		h := newHost(t, cfg)
		ports := []Port{sit(t, h, 0), sit(t, h, 1)}
		playAll(t, 1, ports...)
		for _, p := range ports {
			if err := p.Again(p.Snapshot().Gen); err != nil {
				t.Fatal(err)
			}
		}
		await(t, ports[0], "the next game", func(s Snapshot) bool { return s.Game == 2 && s.HasDeal })
		var mu sync.Mutex
		only, forced := 0, 0
		var wg sync.WaitGroup
		for i, p := range ports {
			d := &driver{p: p, r: rand.New(rand.NewPCG(2, uint64(i))), seen: func(s Snapshot) {
				mu.Lock()
				defer mu.Unlock()
				if s.Can.Act && s.Only != "" {
					only++
				}
				for _, m := range s.Moves {
					if m.By == ByForced {
						forced++
					}
				}
			}}
			wg.Add(1)
			go func() { defer wg.Done(); d.play(t, true) }()
		}
		wg.Wait()
		if forced > 0 || only == 0 {
			t.Fatalf("the next game: %d moves read as taken for a person, %d one-answer decisions asked", forced, only)
		}
	})
}

// TestRematchWaitsForTheFiling: the next game never saves before the last
// is filed: while the filing fails, the people's "again" stands and
// nothing starts; once the retry files it, the next game starts.
func TestRematchWaitsForTheFiling(t *testing.T) {
	clock := clocktest.New(t0)
	st := &memstore.Store{FailFiling: 1}
	cfg := config(2, 42, st, clock, 0)
	cfg.NewSeed, cfg.RetryFiling = sameSeed(7), 10*time.Second
	h := newHost(t, cfg)
	d := &driver{p: sit(t, h, 0), r: rand.New(rand.NewPCG(1, 1))}
	d.play(t, false)
	s := await(t, d.p, "the failed filing", func(s Snapshot) bool { return s.Save.FileErr != "" })
	if err := d.p.Again(s.Gen); err != nil {
		t.Fatal(err)
	}
	settle(t, h)
	if x := d.p.Snapshot(); x.Game != 1 || !x.Players[0].Again {
		t.Fatalf("game %d started before the last was filed", x.Game)
	}
	awaitTimer(clock)
	clock.Advance(cfg.RetryFiling)
	x := await(t, d.p, "the next game", func(s Snapshot) bool { return s.Game == 2 && s.HasDeal })
	if _, filed := st.Counts(); filed != 1 || x.RematchOf == "" {
		t.Fatalf("%d filed, rematch of %q", filed, x.RematchOf)
	}
}

// twoPeopleRematch is a host of n seats with people in seats A and B,
// whose next games are all dealt from seed next, and whose seats wait
// a minute for a person who left.
func twoPeopleRematch(t *testing.T, n int, seed, next uint64) (*Host, *clocktest.Manual, Config) {
	t.Helper()
	clock := clocktest.New(t0)
	cfg := config(n, seed, nil, clock, 0, 1)
	cfg.NewSeed, cfg.Grace = sameSeed(next), time.Minute
	return newHost(t, cfg), clock, cfg
}

// bobBackStartsTheNext sits bob (seat B) down again after the end and
// has him say "again": the next game starts, with him in his seat.
func bobBackStartsTheNext(t *testing.T, h *Host, a Port) {
	t.Helper()
	b := sit(t, h, 1)
	if err := b.Again(b.Snapshot().Gen); err != nil {
		t.Fatal(err)
	}
	next := await(t, a, "the next game", func(s Snapshot) bool { return s.Game == 2 && s.HasDeal })
	if next.Players[1].State != SeatHere {
		t.Fatalf("bob's seat in the next game: %v", next.Players[1].State)
	}
}

// TestRematchWaitsForThePeopleAway: a person who dropped and whose seat
// a bot took is still away at the end: "again" from the one here starts
// nothing (nobody is put in a game they did not ask for); once the
// person is back and says it too, the next game starts with them.
func TestRematchWaitsForThePeopleAway(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		h, clock, cfg := twoPeopleRematch(t, n, 43, 9)
		a := sit(t, h, 0)
		b := sit(t, h, 1)
		b.Leave()
		clock.Advance(cfg.Grace)
		await(t, a, "the takeover", func(s Snapshot) bool { return s.Players[1].State == SeatTakeover })
		end := playAll(t, 3, a)[0]
		if err := a.Again(end.Gen); err != nil {
			t.Fatal(err)
		}
		settle(t, h)
		if x := a.Snapshot(); x.Game != 1 || !x.Over {
			t.Fatalf("again with bob away: game %d, over %v; want game 1 still over", x.Game, x.Over)
		}
		bobBackStartsTheNext(t, h, a)
	})
}

// TestRematchAlone: a person alone with bots starts the next game at
// once with their "again".
func TestRematchAlone(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		cfg := config(n, 44, &memstore.Store{}, clocktest.New(t0), rules.Seat(n-1))
		cfg.NewSeed = sameSeed(11)
		h := newHost(t, cfg)
		p := sit(t, h, rules.Seat(n-1))
		end := playAll(t, 4, p)[0]
		if err := p.Again(end.Gen); err != nil {
			t.Fatal(err)
		}
		settle(t, h)
		if x := p.Snapshot(); x.Game != 2 || !x.HasDeal || x.Over {
			t.Fatalf("after again: game %d, dealt %v, over %v", x.Game, x.HasDeal, x.Over)
		}
	})
}

// bellSeen is one seat's snapshot as the loop published it, with the
// seat whose call the event was (NoSeat: a bot, a timer).
type bellSeen struct {
	s     *Snapshot
	cause rules.Seat
}

// lastMoverOther reports whether the last step of the deal a snapshot
// shows, not counting chance steps and the seat's own forced moves, was
// another seat's; at a deal's start, true (whoever's call dealt it).
func lastMoverOther(s *Snapshot) bool {
	for i := len(s.Moves) - 1; i >= 0; i-- {
		m := s.Moves[i]
		switch {
		case m.By == ByChance:
		case m.Seat != s.Seat:
			return true
		case m.By != ByForced:
			return false
		}
	}
	return true
}

// TestBell: at every seat count two people (and bots) play a game, one
// of them taking back decisions now and then. For each person, Bell
// never falls and grows by one exactly when a decision of theirs starts
// after another seat's move, never after their own move, Ready or
// takeback; it rings after the other person's moves and the bots'.
func TestBell(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		h := newHost(t, config(n, 51, nil, clocktest.New(t0), 0, 1))
		var seen [2][]bellSeen
		observe := func(s *Snapshot) {
			if !s.Watching && s.Seat < 2 {
				seen[s.Seat] = append(seen[s.Seat], bellSeen{s, h.cause})
			}
		}
		if err := h.call(func() error { h.st.observe = observe; return nil }); err != nil {
			t.Fatal(err)
		}
		a := &driver{p: sit(t, h, 0), r: rand.New(rand.NewPCG(5, 1))}
		b := &driver{p: sit(t, h, 1), r: rand.New(rand.NewPCG(5, 2))}
		undos := 0
		for {
			settle(t, h)
			sa := a.p.Snapshot()
			if sa.Over {
				break
			}
			actedA, err := a.step(sa)
			if err != nil {
				t.Fatal(err)
			}
			settle(t, h)
			// Ann takes back her move now and then while it is another's
			// turn: her decision comes back without a bell.
			if x := a.p.Snapshot(); x.Can.Undo && !x.Can.Act && a.r.IntN(2) == 0 {
				if err := a.p.Undo(); err == nil {
					undos++
					continue
				} else if !errors.Is(err, ErrRevealed) {
					t.Fatal(err)
				}
			}
			actedB, err := b.step(b.p.Snapshot())
			if err != nil {
				t.Fatal(err)
			}
			if !actedA && !actedB {
				await(t, a.p, "a change", func(x Snapshot) bool { return x.Gen != sa.Gen || x.Can != sa.Can || x.Over })
			}
		}
		h.Close()
		var rings, quiet, afterPerson, afterUndo int
		for seat, xs := range seen {
			act, bell := false, 0
			for i, x := range xs {
				s := x.s
				turn := s.Can.Act && !act
				want := bell
				if turn && x.cause != rules.Seat(seat) && lastMoverOther(s) {
					want++
				}
				if s.Bell != want {
					t.Fatalf("seat %d, snapshot %d (gen %d, cause %v, its turn %v, last %+v): bell %d, want %d",
						seat, i, s.Gen, x.cause, turn, s.Last, s.Bell, want)
				}
				switch {
				case turn && want > bell:
					rings++
					if s.Last != nil && s.Last.Seat == rules.Seat(1-seat) {
						afterPerson++
					}
				case turn:
					quiet++
					if s.Note.Kind == NoteTakeback {
						afterUndo++
					}
				}
				act, bell = s.Can.Act, s.Bell
			}
		}
		t.Logf("%d rings (%d after the other person's move), %d decisions without (%d after a takeback), %d takebacks", rings, afterPerson, quiet, afterUndo, undos)
		if rings == 0 || afterPerson == 0 || quiet == 0 || afterUndo == 0 {
			t.Fatal("the test tests too little")
		}
	})
}

// TestRematchWithAnAbsentPerson: a person who leaves after the end
// takes their "again" back, and the one here cannot start the next game
// without them; when they sit down again and say it, it starts.
func TestRematchWithAnAbsentPerson(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		h, _, _ := twoPeopleRematch(t, n, 45, 13)
		a, b := sit(t, h, 0), sit(t, h, 1)
		playAll(t, 6, a, b)
		if err := b.Again(b.Snapshot().Gen); err != nil {
			t.Fatal(err)
		}
		b.Leave()
		settle(t, h)
		if x := a.Snapshot(); x.Game != 1 || x.Players[1].Again {
			t.Fatalf("bob left: game %d, his again %v", x.Game, x.Players[1].Again)
		}
		if err := a.Again(a.Snapshot().Gen); err != nil {
			t.Fatal(err)
		}
		settle(t, h)
		if x := a.Snapshot(); x.Game != 1 {
			t.Fatalf("again without bob started game %d", x.Game)
		}
		bobBackStartsTheNext(t, h, a)
	})
}
