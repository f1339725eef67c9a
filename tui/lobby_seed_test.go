package tui

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/lobby"
	"github.com/klob/klob/tui/setup"
)

// searchClock searches the seeds lo, lo+step, ... up to hi for one that
// deals what seed deals: the same first dealer and first deck. The
// attacker, who sees only their own hand, the upcard and the dealer,
// checks less and finds the same seed (with more false leads); the
// test, which knows the deal, checks it all, so that no seed that merely
// deals the same six cards is taken for the table's.
func searchClock(lo, hi, step, seed uint64) (uint64, bool) {
	dealer, deck := session.FirstDealerOf(seed, 2), session.Deck(seed, 1)
	for s := lo; s <= hi; s += step {
		// The dealer, one draw, is asked before the deck's shuffle.
		if session.FirstDealerOf(s, 2) == dealer && session.Deck(s, 1) == deck {
			return s, true
		}
	}
	return 0, false
}

// TestLobbyTableSeedNotFromClock is the attack on a shared table's
// seed: the host, who knows when they opened the table, searches the
// clock around that moment for the seed that deals their first deal.
// With a clock seed the search finds it (the control); with the
// lobby's seed nothing in the window deals the table's first deal, and
// the seed lies nowhere in it.
func TestLobbyTableSeedNotFromClock(t *testing.T) {
	// The control: a table seeded from the clock is found by the
	// search.
	h := testHall(t)
	clock := uint64(time.Now().UnixNano())
	tb, err := h.Open(hall.Player{ID: "c", Name: "Cy"}, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: "normal", Seed: clock})
	require.NoError(t, err)
	found, ok := searchClock(clock-20000, clock+20000, 1, tb.Options().Seed)
	require.True(t, ok, "the search finds a clock seed")
	require.Equal(t, clock, found)

	// The lobby's table.
	ann := newLobbyPersonWith(h, "a", "Ann", 100, 30, func(c *LobbyConfig) { c.Seed = nil }) // the real seeds
	defer close(ann.done)
	ann.key("o")
	ann.key("up")
	before := time.Now()
	ann.key("enter")
	after := time.Now()
	seed := ann.opened(t).Options().Seed
	lo, hi := uint64(before.Add(-time.Second).UnixNano()), uint64(after.Add(time.Second).UnixNano())
	// Searching every nanosecond of the two seconds around the opening
	// would find the seed exactly when it lies in them: it does not.
	require.False(t, seed >= lo && seed <= hi, "the table's seed %d is the clock's", seed)
	// The moment itself nanosecond by nanosecond, then the window by
	// microseconds, milliseconds and seconds: no seed deals the table's
	// first deal.
	at := uint64(before.UnixNano())
	for _, w := range []struct{ lo, hi, step uint64 }{{at - 50000, at + 50000, 1}, {lo, hi, 1000}, {lo / 1e6, hi / 1e6, 1}, {lo / 1e9, hi / 1e9, 1}} {
		if s, ok := searchClock(w.lo, w.hi, w.step, seed); ok {
			t.Fatalf("seed %d from the clock deals the table's first deal", s)
		}
	}
}

// TestLobbyGameAloneSeeds: each game alone opened from the lobby gets a
// fresh secret seed (the last one was shown at its end), and so does
// the trainer.
func TestLobbyGameAloneSeeds(t *testing.T) {
	h := testHall(t)
	ann := newLobbyPersonWith(h, "a", "Ann", 100, 30, func(c *LobbyConfig) { c.Seed = nil })
	defer close(ann.done)
	l := ann.app.screen.(*lobby.Lobby)
	now := uint64(time.Now().UnixNano())
	var seeds []uint64
	for range 2 {
		ann.key("p")
		ann.wait(t, "the setup", func() bool { _, ok := ann.app.screen.(*lobby.Away); return ok })
		b, ok := ann.app.screen.(*lobby.Away)
		require.True(t, ok, ann.screen())
		s, ok := b.Inner().(*setup.Screen)
		require.True(t, ok, ann.screen())
		seeds = append(seeds, s.Setup().Seed)
		ann.key("esc")
		ann.app.screen = l
	}
	seeds = append(seeds, l.TrainConfig(2).Seed)
	for i, s := range seeds {
		require.False(t, s > now-1e12 && s < now+1e12, "seed %d is the clock's", s)
		for _, o := range seeds[:i] {
			require.NotEqual(t, o, s)
		}
	}
}

// TestNextSeed: the game after a practice game goes on from its seed;
// after any other, a fresh secret seed.
func TestNextSeed(t *testing.T) {
	require.Equal(t, session.NextSeed(7), nextSeed(true, 7))
	s := nextSeed(false, 7)
	require.NotEqual(t, session.NextSeed(7), s)
	require.NotEqual(t, s, nextSeed(false, 7))
}
