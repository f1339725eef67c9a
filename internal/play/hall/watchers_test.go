package hall

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/serve/quietlog"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"
)

// TestWatchersCapped: a table watched by Config.MaxWatchers refuses one
// more spectator, saying so with the table's code and its most; once
// one leaves, another comes. Its players are never refused: Bob drops
// from his seat and comes back while it is full.
func TestWatchersCapped(t *testing.T) {
	cfg := testConfig(t.TempDir(), &memHistory{}, clocktest.New(t0))
	cfg.MaxWatchers = 3
	h := newHall(t, cfg)
	tb := annOpens(t, h, 2, smallRules(), 21)
	_, bob := annAndBob(t, tb)
	var ports []host.Port
	for i := range 3 {
		p, err := tb.WatchFrom(Player{ID: fmt.Sprintf("w%d", i), Name: "Wat"}, "192.0.2.1")
		require.NoError(t, err)
		ports = append(ports, p)
	}
	_, err := tb.WatchFrom(Player{ID: "w3", Name: "Wat"}, "192.0.2.2")
	var full *TooManyWatchersError
	require.True(t, errors.As(err, &full), "a fourth spectator: %v", err)
	require.Equal(t, "table "+tb.Code()+" has 3 spectators: no room to watch", err.Error())

	bob.conn.Drop()
	back := join(t, tb, "b", "Bob", 3)
	require.NotNil(t, back.port(), "Bob back at his seat while the table is full")
	_, err = tb.Watch(Player{ID: "a", Name: "Ann"})
	require.ErrorIs(t, err, ErrSeated, "a player is told of their seat, not of the spectators")

	ports[0].Leave()
	p, err := tb.WatchFrom(Player{ID: "w3", Name: "Wat"}, "192.0.2.2")
	require.NoError(t, err, "a place came free")
	p.Leave()
	for _, p := range ports[1:] {
		p.Leave()
	}
}

// TestWatchersDefault: without Config.MaxWatchers a table takes
// DefaultMaxWatchers spectators, and no more.
func TestWatchersDefault(t *testing.T) {
	h := newHall(t, testConfig(t.TempDir(), &memHistory{}, clocktest.New(t0)))
	tb := annOpens(t, h, 2, smallRules(), 22)
	annAndBob(t, tb)
	for i := range DefaultMaxWatchers {
		p, err := tb.Watch(Player{ID: fmt.Sprintf("w%d", i), Name: "Wat"})
		require.NoError(t, err)
		defer p.Leave()
	}
	_, err := tb.Watch(Player{ID: "one more", Name: "Wat"})
	var full *TooManyWatchersError
	require.True(t, errors.As(err, &full), "spectator %d: %v", DefaultMaxWatchers+1, err)
}

// TestWatchLinesBounded: the lines of spectators coming are bounded per
// address as the lines of seats are: an address that comes to watch
// over and over has its first lines logged, the rest counted in one
// line as the minute ends; another address's line is logged still.
func TestWatchLinesBounded(t *testing.T) {
	logs := &testkit.LogLines{}
	clock := clocktest.New(t0)
	cfg := testConfig(t.TempDir(), &memHistory{}, clock)
	cfg.Logf = logs.Logf
	h := newHall(t, cfg)
	tb := annOpens(t, h, 2, smallRules(), 23)
	annAndBob(t, tb)
	const times = 12
	for range times {
		p, err := tb.WatchFrom(Player{ID: "eve", Name: "eve"}, "192.0.2.1")
		require.NoError(t, err)
		p.Leave()
	}
	p, err := tb.WatchFrom(Player{ID: "fay", Name: "fay"}, "192.0.2.2")
	require.NoError(t, err)
	defer p.Leave()
	watches := func() int { return strings.Count(logs.String(), "watches") }
	require.Equal(t, kindWatch.Most+1, watches(), logs.String())
	clock.Advance(quietlog.Window + time.Second)
	want := fmt.Sprintf("%d more spectators from 192.0.2.1 came to watch a table in the last minute", times-kindWatch.Most)
	eventually(t, "the summary line", func() bool { return strings.Contains(logs.String(), want) })
	require.Contains(t, logs.String(), `table `+tb.Code()+`: "fay" #`)
}
