package tui

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/rules"
)

// TestHintSpamHoldsOneSlotWait: at a shared table (alone with a bot: a
// rated game between people has no hints), a person pressing H
// forty-one times while a bot holds the server's only slot leaves at
// most one hint waiting for it (asking again closes the last, and
// closing cancels it); a bot asking after goes first; leaving the table
// cancels the last hint, which never runs.
func TestHintSpamHoldsOneSlotWait(t *testing.T) {
	slots := host.NewSlots(1)
	var hints atomic.Int32
	h := testHallWith(t, func(c *hall.Config) {
		c.Slots = slots
		c.Hint = func(ctx context.Context, v *rules.View, seed uint64) (eval.Evaluation, error) {
			hints.Add(1)
			return eval.Evaluation{}, ctx.Err()
		}
	})
	ann := aloneAtTable(t, h, 2, 80, 24)
	for range 400 {
		settle(t, h, ann)
		if seatActs(ann) {
			break
		}
		if sn, _ := ann.snap(); sn.Between {
			ann.key("enter")
		}
	}
	require.True(t, seatActs(ann), "Ann never had a decision:\n%s", ann.screen())
	ctx := context.Background()
	require.NoError(t, slots.Acquire(ctx, host.ForBot)) // a bot thinks
	for range 41 {
		ann.key("H")
	}
	// A closed hint leaves the slot's queue as its goroutine wakes: soon
	// only the last waits.
	ann.wait(t, "one hint waiting for the slot", func() bool { return slots.Waiting(host.ForHint) == 1 })
	// A bot asking now goes ahead of the hint.
	botIn := make(chan struct{})
	go func() {
		_ = slots.Acquire(ctx, host.ForBot)
		close(botIn)
	}()
	ann.wait(t, "the bot waiting", func() bool { return slots.Waiting(host.ForBot) == 1 })
	slots.Release()
	<-botIn
	// Leaving the table cancels the hint still asked for.
	ann.key("q")
	ann.key("y")
	ann.wait(t, "the lobby", func() bool { return ann.seat() == nil })
	ann.wait(t, "the hint cancelled", func() bool { return slots.Waiting(host.ForHint) == 0 })
	slots.Release()
	require.Zero(t, hints.Load(), "a hint ran for a seat that had left")
}
