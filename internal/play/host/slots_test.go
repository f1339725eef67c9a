package host

import (
	"context"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// waitWaiting yields until n pieces of priority p wait for a slot.
func waitWaiting(s *Slots, p Priority, n int) {
	for s.Waiting(p) != n {
		runtime.Gosched()
	}
}

// freeSlots counts the slots free now, taking none.
func freeSlots(s *Slots) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.free
}

// TestHintsNeverAheadOfBots: with the slot busy, hints that waited
// first are served after the bots that came later, each priority first
// come first served; a hint takes a free slot only while no bot waits.
func TestHintsNeverAheadOfBots(t *testing.T) {
	s := NewSlots(1)
	ctx := context.Background()
	require.NoError(t, s.Acquire(ctx, ForBot))
	var mu sync.Mutex
	var order []string
	var wg sync.WaitGroup
	take := func(name string, p Priority) {
		defer wg.Done()
		require.NoError(t, s.Acquire(ctx, p))
		mu.Lock()
		order = append(order, name)
		mu.Unlock()
		s.Release()
	}
	wg.Add(4)
	go take("hint1", ForHint)
	waitWaiting(s, ForHint, 1)
	go take("hint2", ForHint)
	waitWaiting(s, ForHint, 2)
	go take("bot1", ForBot)
	waitWaiting(s, ForBot, 1)
	go take("bot2", ForBot)
	waitWaiting(s, ForBot, 2)
	s.Release()
	wg.Wait()
	assert.Equal(t, []string{"bot1", "bot2", "hint1", "hint2"}, order)
	assert.Equal(t, 1, freeSlots(s))
}

// TestCancelledWaitLeaves: a piece whose context ends while it waits
// leaves the queue and takes no slot.
func TestCancelledWaitLeaves(t *testing.T) {
	s := NewSlots(1)
	require.NoError(t, s.Acquire(context.Background(), ForBot))
	var wg sync.WaitGroup
	for range 50 {
		ctx, cancel := context.WithCancel(context.Background())
		wg.Add(1)
		go func() {
			defer wg.Done()
			assert.ErrorIs(t, s.Acquire(ctx, ForHint), context.Canceled)
		}()
		waitWaiting(s, ForHint, 1)
		cancel()
		waitWaiting(s, ForHint, 0)
	}
	wg.Wait()
	s.Release()
	assert.Equal(t, 1, freeSlots(s))
}

// TestManySlotsAtOnce: n slots, many pieces of both priorities, some
// giving up while they wait: never more than n at once, and every slot
// back at the end.
func TestManySlotsAtOnce(t *testing.T) {
	s := NewSlots(3)
	require.Equal(t, 3, s.Cap())
	var mu sync.Mutex
	in, most := 0, 0
	var wg sync.WaitGroup
	for i := range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx := context.Background()
			p := Priority(i % 2)
			if p == ForHint && i%3 == 0 {
				// Given up at once or soon: the wait is bounded by a
				// cancelled context, not by the clock.
				c, cancel := context.WithCancel(ctx)
				if (i/2)%2 == 0 {
					cancel()
				} else {
					defer cancel()
					go func() { runtime.Gosched(); cancel() }()
				}
				ctx = c
			}
			if s.Acquire(ctx, p) != nil {
				return
			}
			mu.Lock()
			in++
			most = max(most, in)
			mu.Unlock()
			runtime.Gosched()
			mu.Lock()
			in--
			mu.Unlock()
			s.Release()
		}()
	}
	wg.Wait()
	assert.LessOrEqual(t, most, 3)
	assert.Equal(t, 3, freeSlots(s))
}

// TestNilSlotsBoundNothing: a nil *Slots lets every piece run.
func TestNilSlotsBoundNothing(t *testing.T) {
	var s *Slots
	require.NoError(t, s.Acquire(context.Background(), ForBot))
	s.Release()
	ran := false
	require.NoError(t, s.Do(context.Background(), ForHint, func() { ran = true }))
	assert.True(t, ran)
	assert.Zero(t, s.Cap())
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	cancel()
	assert.Error(t, s.Acquire(ctx, ForBot), "an ended context is still refused")
}
