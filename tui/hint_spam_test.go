package tui

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/platform/slots"
)

// runCmd runs cmd as a program would, the commands of a batch each on
// its own goroutine, and returns once all have returned.
func runBatch(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	if b, ok := cmd().(tea.BatchMsg); ok {
		var wg sync.WaitGroup
		for _, c := range b {
			wg.Add(1)
			go func() { defer wg.Done(); runBatch(c) }()
		}
		wg.Wait()
	}
}

// TestHintSpamHoldsOneSlotWait: a person pressing H forty times while
// the bots hold the server's only slot leaves at most one hint waiting
// for it (asking again, or closing, cancels the last); a bot asking
// after goes first; leaving the table cancels the last hint.
func TestHintSpamHoldsOneSlotWait(t *testing.T) {
	hs := newHarness(t, testConfig(dealSeed, &memStore{}), 80, 24)
	hs.press("enter")
	tb, ok := hs.app.screen.(*table)
	require.True(t, ok, hs.name())
	bots := slots.New(1)
	ctx := context.Background()
	require.NoError(t, bots.Acquire(ctx, slots.High)) // a bot thinks
	tb.gate = GateOn(bots)
	var running sync.WaitGroup
	var returned atomic.Int32
	started := int32(0)
	for range 40 {
		_, cmd := tb.askHint()
		if cmd == nil {
			continue // the press closed the hint
		}
		started++
		running.Add(1)
		go func() { defer running.Done(); runBatch(cmd); returned.Add(1) }()
	}
	require.Eventually(t, func() bool {
		_, low := bots.Waiting()
		return low <= 1 && returned.Load() >= started-1
	}, 10*time.Second, time.Millisecond, "hints waiting for the slot")
	require.Equal(t, int32(20), started, "every other press opens a hint")
	// A bot asking now goes ahead of the hint.
	botIn := make(chan struct{})
	go func() {
		_ = bots.Acquire(ctx, slots.High)
		close(botIn)
		bots.Release()
	}()
	require.Eventually(t, func() bool { h, _ := bots.Waiting(); return h == 1 }, 10*time.Second, time.Millisecond)
	bots.Release()
	<-botIn
	// The last hint is still asked for: closing the table's hint
	// cancels it.
	tb.stopHint()
	running.Wait()
	_, low := bots.Waiting()
	require.Zero(t, low)
}
