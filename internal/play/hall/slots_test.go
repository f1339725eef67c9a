package hall

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
)

// countBot counts its decisions.
type countBot struct {
	ai.Bot
	n *atomic.Int64
}

func (b countBot) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	b.n.Add(1)
	return b.Bot.Choose(ctx, v)
}

// TestBotSlots: a table's bot thinks only with a free slot of
// Config.BotSlots, and thinks once one is free.
func TestBotSlots(t *testing.T) {
	var thought atomic.Int64
	slots := make(chan struct{}, 1)
	slots <- struct{}{} // the only slot is taken
	h, err := New(Config{Dir: t.TempDir(), Grace: time.Minute, Think: 50 * time.Millisecond, BotSlots: slots,
		NewBot: func(l ai.Level, cfg ai.Config) (ai.Bot, error) {
			return countBot{ai.NewRandom(cfg.Seed), &thought}, nil
		}})
	require.NoError(t, err)
	t.Cleanup(h.Close)
	tb, err := h.Open(Player{ID: "a", Name: "Ann"}, Options{Seats: 2, Rules: smallRules(), Level: ai.Random, Seed: 9})
	require.NoError(t, err)
	pa := newPlayer(t, 1)
	pa.conn, err = tb.Join(Player{ID: "a", Name: "Ann"}, pa.notify)
	require.NoError(t, err)
	require.NoError(t, pa.conn.Start())
	play := func(d time.Duration) {
		deadline := time.After(d)
		for {
			select {
			case u := <-pa.updates:
				pa.step(u)
			case <-deadline:
				return
			}
		}
	}
	play(300 * time.Millisecond) // Ann plays until it is the bot's turn
	require.Zero(t, thought.Load(), "the bot thought without a slot")
	<-slots
	play(300 * time.Millisecond)
	require.NotZero(t, thought.Load(), "the bot did not think once a slot was free")
}
