package lobby

import (
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestWatchFullSays: a table watched by its most (hall.Config.MaxWatchers)
// refuses one more spectator, whose lobby says which table and why.
func TestWatchFullSays(t *testing.T) {
	h, err := hall.New(hall.Config{Dir: t.TempDir(), Grace: time.Minute, MaxWatchers: 1,
		Clock: clocktest.New(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))})
	require.NoError(t, err)
	t.Cleanup(h.Close)
	bob := hall.Player{ID: "b", Name: "bob"}
	tb, err := h.Open(bob, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Normal, Seed: 1})
	require.NoError(t, err)
	host, err := tb.Join(bob)
	require.NoError(t, err)
	_, err = tb.Join(hall.Player{ID: "c", Name: "cid"})
	require.NoError(t, err)
	require.NoError(t, host.Start())
	w, err := tb.Watch(hall.Player{ID: "d", Name: "dan"})
	require.NoError(t, err)
	defer w.Leave()

	ctx := kittest.Context(80, 24)
	l := New(Config{Player: hall.Player{ID: "a", Name: "ann"}, Hall: h, Start: Command{Verb: "watch", Code: tb.Code()}})
	l.Enter(&ctx)
	next, _ := l.Update(&ctx, startMsg{})
	require.Same(t, l, next, "the lobby stays")
	assert.Contains(t, kittest.Flat(ansi.Strip(l.View(&ctx))), "Table "+tb.Code()+" has 1 spectator: no room to watch.")
}
