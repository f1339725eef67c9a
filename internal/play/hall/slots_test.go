package hall

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/host"
)

// TestBotSlots: a table's bot thinks only with a free slot of
// Config.Slots, shared by the whole server, and thinks once one is free.
func TestBotSlots(t *testing.T) {
	var thought atomic.Int64
	slots := host.NewSlots(1)
	require.NoError(t, slots.Acquire(context.Background(), host.ForBot)) // the only slot is taken
	cfg := testConfig(t.TempDir(), &memHistory{}, clocktest.New(t0))
	cfg.Slots = slots
	cfg.NewBot = func(l ai.Level, c ai.Config) (ai.Bot, error) {
		return testkit.CountingBot{Bot: ai.NewRandom(c.Seed), N: &thought}, nil
	}
	h := newHall(t, cfg)
	tb := annOpens(t, h, 2, smallRules(), 9)
	ann := join(t, tb, "a", "Ann", 1)
	require.NoError(t, ann.conn.Start())
	// Ann plays until it is the bot's turn: it waits for the slot.
	newCrowd(t, ann).run("the bot's turn", func() bool {
		return slots.Waiting(host.ForBot) == 1
	})
	require.Zero(t, thought.Load(), "the bot thought without a slot")
	slots.Release()
	newCrowd(t, ann).run("the bot's move", func() bool { return thought.Load() > 0 })
}
