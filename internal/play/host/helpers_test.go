package host

import (
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
)

// t0 is the tests' clock t0 and game t0.
var t0 = clocktest.Start()

// guard bounds a wait that only a broken host would make long: it never
// decides a test that passes, it only stops one that hangs.
const guard = 2 * time.Minute

// options are the rules of a game of n, with the house variants that
// make chance steps and cards passed face down (shlomo, cleopatra).
func options(n int) rules.Options {
	o := rules.DefaultOptions()
	o.Target = 150
	if n > 2 {
		o.Players, o.Shlomo, o.Cleopatra, o.OfAKind = n, true, n == 4, true
	}
	return o
}

// players seats people at the seats given, bots elsewhere.
func players(n int, people ...rules.Seat) []Player {
	out := make([]Player, n)
	for i := range out {
		out[i] = Player{Name: "Bot " + rules.Seat(i).String(), Level: ai.Random}
	}
	for _, s := range people {
		out[s] = Player{Name: []string{"ann", "bob", "cyd", "dee"}[s], Human: true}
	}
	return out
}

// config is a game of n with people at the seats given, on a manual
// clock, no pace.
func config(n int, seed uint64, st Store, clock Clock, people ...rules.Seat) Config {
	return Config{Game: Game{Options: options(n), Seed: seed, Players: players(n, people...), NewBot: testkit.RandomBots, Start: t0},
		Store: st, Clock: clock, Takebacks: true}
}

// newHost starts a host the test closes at its end.
func newHost(t *testing.T, cfg Config) *Host {
	t.Helper()
	h, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	return h
}

// longGame is a driver for the person in seat A of a host of n seats,
// the others bots, nothing stored, whose game goes to 1000 points (too
// far to end in a test).
func longGame(t *testing.T, n int, seed uint64, r *rand.Rand) *driver {
	t.Helper()
	cfg := config(n, seed, nil, clocktest.New(t0), 0)
	cfg.Options.Target = 1000
	h := newHost(t, cfg)
	return &driver{p: sit(t, h, 0), r: r}
}

func sit(t *testing.T, h *Host, s rules.Seat) Port {
	t.Helper()
	p, err := h.Seat(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// await waits for a snapshot of p that ok accepts, reading its updates.
func await(t *testing.T, p Port, what string, ok func(Snapshot) bool) Snapshot {
	t.Helper()
	timeout := time.After(guard)
	for {
		s := p.Snapshot()
		if ok(s) {
			return s
		}
		select {
		case _, open := <-p.Updates():
			if !open {
				if s := p.Snapshot(); ok(s) {
					return s
				}
				t.Fatalf("waiting for %s: the port closed", what)
			}
		case <-timeout:
			t.Fatalf("waiting for %s: the host never got there; last snapshot: gen %d deal %d can %+v note %q",
				what, s.Gen, s.DealNo, s.Can, s.Note.Text)
		}
	}
}

// driver plays a person's seat: a random legal decision from the seat's
// own view, Ready between deals, until the game is over. Each snapshot
// it sees goes to seen (when set).
type driver struct {
	p    Port
	r    *rand.Rand
	seen func(Snapshot)
}

// step takes one action if the snapshot allows one; it reports whether
// it did.
func (d *driver) step(s Snapshot) (bool, error) {
	switch {
	case s.Can.Act:
		legal := s.View.Legal()
		err := d.p.Act(s.Gen, legal[d.r.IntN(len(legal))])
		if errors.Is(err, ErrStale) {
			return false, nil
		}
		return true, err
	case s.Can.Ready:
		err := d.p.Ready(s.Gen)
		if errors.Is(err, ErrStale) {
			return false, nil
		}
		return true, err
	}
	return false, nil
}

// play plays until the game is over (and, with a store, filed).
func (d *driver) play(t *testing.T, filed bool) Snapshot {
	t.Helper()
	timeout := time.After(guard)
	for {
		s := d.p.Snapshot()
		if d.seen != nil {
			d.seen(s)
		}
		if s.Over && (!filed || s.Save.Filed) {
			return s
		}
		acted, err := d.step(s)
		if err != nil {
			t.Errorf("seat %v: %v", s.Seat, err)
			return s
		}
		if acted {
			continue
		}
		select {
		case _, open := <-d.p.Updates():
			if !open {
				t.Errorf("seat %v: the port closed before the end", s.Seat)
				return d.p.Snapshot()
			}
		case <-timeout:
			t.Errorf("seat %v: the game never ended; gen %d deal %d can %+v note %q", s.Seat, s.Gen, s.DealNo, s.Can, s.Note.Text)
			return s
		}
	}
}

// lockstep plays a's and b's seats in turn, a first, each from its own
// snapshot, until a's snapshot is one done accepts; only a reads its
// Updates. When neither acted, the host is settled first (every seat's
// snapshot of the last event is out once the host answers a call: b's
// may come just after a's) and b tries again before a waits for a
// change.
func lockstep(t *testing.T, h *Host, a, b *driver, done func(Snapshot) bool) {
	t.Helper()
	for {
		s := a.p.Snapshot()
		if done(s) {
			return
		}
		actedA, err := a.step(s)
		if err != nil {
			t.Fatal(err)
		}
		actedB, err := b.step(b.p.Snapshot())
		if err != nil {
			t.Fatal(err)
		}
		if actedA || actedB {
			continue
		}
		settle(t, h)
		if ok, err := b.step(b.p.Snapshot()); err != nil {
			t.Fatal(err)
		} else if ok {
			continue
		}
		await(t, a.p, "a change", func(x Snapshot) bool { return x.Gen != s.Gen || x.Can != s.Can || done(x) })
	}
}

// settle returns once the host has handled everything sent before and
// every seat's snapshot shows it (the loop answers a call only after
// publishing): one seat's snapshot may otherwise lag another's.
func settle(t *testing.T, h *Host) {
	t.Helper()
	if err := h.call(func() error { return nil }); err != nil {
		t.Fatal(err)
	}
}

// wantStill fails the test, saying why, when the game's moves change
// while the host's loop runs twice: once for what is queued, once for
// what that set off.
func wantStill(t *testing.T, h *Host, why string) {
	t.Helper()
	before, err := h.Log()
	if err != nil {
		t.Fatal(err)
	}
	settle(t, h)
	settle(t, h)
	after, err := h.Log()
	if err != nil {
		t.Fatal(err)
	}
	if moves(t, before) != moves(t, after) {
		t.Fatal(why)
	}
}

// awaitTimer waits until something waits for clock (a retry armed).
func awaitTimer(clock *clocktest.Manual) {
	for {
		n, added := clock.Pending()
		if n > 0 {
			return
		}
		<-added
	}
}

// lateClaim plays the person's seat on (d.step) until it may claim with
// three cards or fewer left, and returns that snapshot; false when the
// game ends first.
func (d *driver) lateClaim(t *testing.T) (Snapshot, bool) {
	t.Helper()
	for {
		s := await(t, d.p, "a decision", func(s Snapshot) bool { return s.Can.Act || s.Can.Ready || s.Over })
		if s.Over {
			return s, false
		}
		if s.Can.Claim && s.View.Counts[0] <= 3 {
			return s, true
		}
		if _, err := d.step(s); err != nil {
			t.Fatal(err)
		}
	}
}
