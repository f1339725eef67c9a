package host

import (
	"errors"
	"slices"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/memstore"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// againBot is the bot a test's host puts in the seat of a person away
// when those here start the next game without them.
func againBot(s rules.Seat) Player { return Player{Name: "Robo " + s.String(), Level: ai.Random} }

// TestAgainWithBots: at every seat count, one of the people leaves at
// the end of the game (at three and four a third person stays). The
// others' "again" starts nothing, and "again with bots" is refused
// until everyone here has said again; then any of them may start the
// next game at once, a bot in the seat of the one away, who may come
// back to it until then and not after. Without Config.AgainBot nobody
// may.
func TestAgainWithBots(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		people := []rules.Seat{0, 1}
		if n > 2 {
			people = append(people, 2)
		}
		st := &memstore.Store{}
		clock := clocktest.New(t0)
		cfg := config(n, 51, st, clock, people...)
		cfg.NewSeed, cfg.AgainBot = sameSeed(5151), againBot
		h := newHost(t, cfg)
		var ports []Port
		for _, s := range people {
			ports = append(ports, sit(t, h, s))
		}
		a, b := ports[0], ports[1]
		if err := a.AgainWithBots(a.Snapshot().Gen); !errors.Is(err, ErrNotOver) {
			t.Fatalf("again with bots before the end: %v", err)
		}
		playAll(t, 5, ports...)
		settle(t, h)
		// Nobody away: again with bots is again, and is not offered.
		if err := a.Again(a.Snapshot().Gen); err != nil {
			t.Fatal(err)
		}
		settle(t, h)
		if x := a.Snapshot(); x.Can.AgainWithBots || x.Game != 1 {
			t.Fatalf("nobody away: can again with bots %v, game %d", x.Can.AgainWithBots, x.Game)
		}
		// Bob leaves; ann's again stands and starts nothing. His seat
		// is his a while yet (Config.OverWait): then he is away.
		b.Leave()
		settle(t, h)
		clock.Advance(h.cfg.OverWait)
		settle(t, h)
		x := a.Snapshot()
		if x.Game != 1 || x.Players[1].State != SeatAway || !x.Players[0].Again {
			t.Fatalf("bob left: game %d, his seat %v, ann's again %v", x.Game, x.Players[1].State, x.Players[0].Again)
		}
		if n > 2 {
			// Cyd is here and has not said again: nobody may start yet.
			if x.Can.AgainWithBots {
				t.Fatal("again with bots offered while cyd has not said again")
			}
			if err := a.AgainWithBots(x.Gen); !errors.Is(err, ErrNotAllAgain) {
				t.Fatalf("again with bots, cyd silent: %v", err)
			}
			c := ports[2]
			if y := c.Snapshot(); y.Can.AgainWithBots || !y.Can.Again {
				t.Fatalf("cyd, before again: can again %v, with bots %v", y.Can.Again, y.Can.AgainWithBots)
			}
			if err := c.Again(c.Snapshot().Gen); err != nil {
				t.Fatal(err)
			}
			settle(t, h)
			if y := c.Snapshot(); !y.Can.AgainWithBots || y.Game != 1 {
				t.Fatalf("cyd said again: can again with bots %v, game %d", y.Can.AgainWithBots, y.Game)
			}
		}
		x = a.Snapshot()
		if !x.Can.AgainWithBots {
			t.Fatal("everyone here said again, bob away: again with bots not offered")
		}
		// Bob may come back until it starts: then it is again as before.
		b = sit(t, h, 1)
		settle(t, h)
		if y := a.Snapshot(); y.Can.AgainWithBots || y.Game != 1 {
			t.Fatalf("bob back: can again with bots %v, game %d", y.Can.AgainWithBots, y.Game)
		}
		b.Leave()
		settle(t, h)
		clock.Advance(h.cfg.OverWait)
		settle(t, h)
		x = a.Snapshot()
		if err := a.AgainWithBots(x.Gen - 1); !errors.Is(err, ErrStale) {
			t.Fatalf("again with bots with an old gen: %v", err)
		}
		if err := a.AgainWithBots(x.Gen); err != nil {
			t.Fatal(err)
		}
		next := await(t, a, "the next game", func(s Snapshot) bool { return s.Game == 2 && s.HasDeal })
		if p := next.Players[1]; p.Human || p.State != SeatBot || p.Name != "Robo B" {
			t.Fatalf("bob's seat in the next game: %+v", p)
		}
		for _, s := range people[2:] {
			if p := next.Players[s]; !p.Human || p.State != SeatHere {
				t.Fatalf("seat %v in the next game: %+v", s, p)
			}
		}
		if _, err := h.Seat(1); !errors.Is(err, ErrNoPerson) {
			t.Fatalf("bob back once the next game started: %v", err)
		}
		l, err := h.Log()
		if err != nil {
			t.Fatal(err)
		}
		if l.Header.Name(1) != "Robo B" || l.Header.Level(1) != string(ai.Random) || l.Header.Tag(RematchTag) == "" {
			t.Fatalf("the next game's log: seat B %q (%s), rematch of %q", l.Header.Name(1), l.Header.Level(1), l.Header.Tag(RematchTag))
		}
		if _, filed := st.Counts(); filed != 1 {
			t.Fatalf("%d games filed", filed)
		}
	})
}

// TestAgainWithBotsNeedsTheConfig: a host without Config.AgainBot (a
// game alone) refuses to start the next game with bots for those away,
// and offers it to nobody: the next game waits for everyone who played.
func TestAgainWithBotsNeedsTheConfig(t *testing.T) {
	cfg := config(2, 52, &memstore.Store{}, clocktest.New(t0), 0, 1)
	cfg.NewSeed = sameSeed(5252)
	h := newHost(t, cfg)
	a, b := sit(t, h, 0), sit(t, h, 1)
	playAll(t, 6, a, b)
	b.Leave()
	settle(t, h)
	if err := a.Again(a.Snapshot().Gen); err != nil {
		t.Fatal(err)
	}
	settle(t, h)
	x := a.Snapshot()
	if x.Can.AgainWithBots {
		t.Fatal("again with bots offered without a bot for the seat")
	}
	if err := a.AgainWithBots(x.Gen); !errors.Is(err, ErrNoAgainBots) {
		t.Fatalf("again with bots without a bot for the seat: %v", err)
	}
	settle(t, h)
	if x := a.Snapshot(); x.Game != 1 {
		t.Fatalf("game %d started", x.Game)
	}
}

// TestAgainWithBotsLogsTheBot: the server's log names the bot that
// deals the next game first as a bot, never by the key of the person
// whose seat it took (Config.Who names people).
func TestAgainWithBotsLogsTheBot(t *testing.T) {
	seed := uint64(1)
	for session.FirstDealerOf(seed, 2) != rules.SeatA {
		seed++ // bob's seat, the bot's in the next game, deals it first
	}
	var log testkit.LogLines
	clock := clocktest.New(t0)
	cfg := config(2, seed, &memstore.Store{}, clock, 0, 1)
	cfg.NewSeed, cfg.AgainBot = sameSeed(5353), againBot
	cfg.Who = func(s rules.Seat, name string) string { return name + " #key" + s.String() }
	cfg.Logf = log.Logf
	h := newHost(t, cfg)
	a, b := sit(t, h, 0), sit(t, h, 1)
	playAll(t, 7, a, b)
	b.Leave()
	settle(t, h)
	clock.Advance(h.cfg.OverWait)
	settle(t, h)
	if err := a.Again(a.Snapshot().Gen); err != nil {
		t.Fatal(err)
	}
	settle(t, h)
	if err := a.AgainWithBots(a.Snapshot().Gen); err != nil {
		t.Fatal(err)
	}
	await(t, a, "the next game", func(s Snapshot) bool { return s.Game == 2 && s.HasDeal })
	lines := log.Lines()
	want := []string{`game 2: again, "Robo B" deals first`, "game 2: a bot plays the seat of bob #keyB, away"}
	for _, w := range want {
		if !slices.Contains(lines, w) {
			t.Errorf("the log lacks %q: %q", w, lines)
		}
	}
}

// TestNoAgain: at every seat count, Bob says no to another game at its
// end, here. The others read it (SeatInfo.No) and nothing starts on
// their again; his no takes back his again and his again takes back his
// no. Once everyone else here said again, any of them may start the
// next game with a bot in his seat: Bob's port is let go, closed, his
// no in its last snapshot, and the log says why the bot sits there.
func TestNoAgain(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		people := []rules.Seat{0, 1}
		if n > 2 {
			people = append(people, 2)
		}
		var log testkit.LogLines
		cfg := config(n, 61, &memstore.Store{}, clocktest.New(t0), people...)
		cfg.NewSeed, cfg.AgainBot = sameSeed(6161), againBot
		cfg.Logf = log.Logf
		h := newHost(t, cfg)
		var ports []Port
		for _, s := range people {
			ports = append(ports, sit(t, h, s))
		}
		a, b := ports[0], ports[1]
		if err := b.NoAgain(b.Snapshot().Gen); !errors.Is(err, ErrNotOver) {
			t.Fatalf("no before the end: %v", err)
		}
		playAll(t, 6, ports...)
		settle(t, h)
		if !b.Snapshot().Can.NoAgain {
			t.Fatal("no is not offered at the end")
		}
		if err := b.Again(b.Snapshot().Gen); err != nil {
			t.Fatal(err)
		}
		settle(t, h)
		if err := b.NoAgain(b.Snapshot().Gen); err != nil {
			t.Fatal(err)
		}
		settle(t, h)
		y := b.Snapshot()
		if p := y.Players[1]; !p.No || p.Again || p.State != SeatHere || y.Can.NoAgain || !y.Can.Again {
			t.Fatalf("bob said no after again: %+v, can %+v", p, y.Can)
		}
		// Again takes the no back, and no the again.
		if err := b.Again(y.Gen); err != nil {
			t.Fatal(err)
		}
		settle(t, h)
		if p := a.Snapshot().Players[1]; p.No || !p.Again {
			t.Fatalf("bob took his no back: %+v", p)
		}
		if err := b.NoAgain(b.Snapshot().Gen); err != nil {
			t.Fatal(err)
		}
		for _, p := range append([]Port{a}, ports[2:]...) {
			if err := p.Again(p.Snapshot().Gen); err != nil {
				t.Fatal(err)
			}
		}
		settle(t, h)
		x := a.Snapshot()
		if x.Game != 1 || !x.Players[1].No || !x.Can.AgainWithBots {
			t.Fatalf("everyone else said again: game %d, bob's seat %+v, can again with bots %v", x.Game, x.Players[1], x.Can.AgainWithBots)
		}
		if err := a.AgainWithBots(x.Gen); err != nil {
			t.Fatal(err)
		}
		next := await(t, a, "the next game", func(s Snapshot) bool { return s.Game == 2 && s.HasDeal })
		if p := next.Players[1]; p.Human || p.State != SeatBot || p.Name != "Robo B" {
			t.Fatalf("bob's seat in the next game: %+v", p)
		}
		for range b.Updates() {
		}
		last := b.Snapshot()
		if !last.Closed || last.Game != 1 || !last.Players[1].No || last.Can != (Can{}) {
			t.Fatalf("bob's last snapshot: closed %v, game %d, no %v, can %+v", last.Closed, last.Game, last.Players[1].No, last.Can)
		}
		if err := b.Again(last.Gen); err == nil {
			t.Fatal("bob's again after the next game started is taken")
		}
		lines := log.Lines()
		for _, w := range []string{"bob wants no other game", "game 2: a bot plays the seat of bob, who wanted no other game"} {
			if !slices.Contains(lines, w) {
				t.Errorf("the log lacks %q: %q", w, lines)
			}
		}
		// bob said no twice, taking it back between: one line, so that
		// no and again pressed in turn cannot fill the log.
		if n := len(slices.DeleteFunc(slices.Clone(lines), func(l string) bool { return l != "bob wants no other game" })); n != 1 {
			t.Errorf("bob's no is logged %d times: %q", n, lines)
		}
	})
}

// TestNoAgainNeedsTheConfig: without Config.AgainBot (nobody could go
// on without the person) no is neither offered nor taken.
func TestNoAgainNeedsTheConfig(t *testing.T) {
	cfg := config(2, 62, &memstore.Store{}, clocktest.New(t0), 0, 1)
	cfg.NewSeed = sameSeed(6262)
	h := newHost(t, cfg)
	a, b := sit(t, h, 0), sit(t, h, 1)
	playAll(t, 6, a, b)
	settle(t, h)
	if a.Snapshot().Can.NoAgain {
		t.Fatal("no offered without a bot for the seat")
	}
	if err := a.NoAgain(a.Snapshot().Gen); !errors.Is(err, ErrNoAgainBots) {
		t.Fatalf("no without a bot for the seat: %v", err)
	}
}
