package slots

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// waitFor polls until ok, at most 10 s.
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	require.Eventually(t, ok, 10*time.Second, time.Millisecond, what)
}

// TestLowNeverAheadOfHigh: with the slot busy, hints that waited first
// are served after a bot that came later; a hint takes a free slot only
// while no bot waits.
func TestLowNeverAheadOfHigh(t *testing.T) {
	s := New(1)
	ctx := context.Background()
	require.NoError(t, s.Acquire(ctx, High))
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
	go take("hint1", Low)
	waitFor(t, "hint1 waits", func() bool { _, l := s.Waiting(); return l == 1 })
	go take("hint2", Low)
	waitFor(t, "hint2 waits", func() bool { _, l := s.Waiting(); return l == 2 })
	go take("bot1", High)
	waitFor(t, "bot1 waits", func() bool { h, _ := s.Waiting(); return h == 1 })
	go take("bot2", High)
	waitFor(t, "bot2 waits", func() bool { h, _ := s.Waiting(); return h == 2 })
	s.Release()
	wg.Wait()
	assert.Equal(t, []string{"bot1", "bot2", "hint1", "hint2"}, order)
	assert.Equal(t, 1, s.free)
}

// TestCancelledWaitLeaves: a piece whose context ends while it waits
// leaves the queue and takes no slot.
func TestCancelledWaitLeaves(t *testing.T) {
	s := New(1)
	require.NoError(t, s.Acquire(context.Background(), High))
	var wg sync.WaitGroup
	for range 50 {
		ctx, cancel := context.WithCancel(context.Background())
		wg.Add(1)
		go func() {
			defer wg.Done()
			assert.ErrorIs(t, s.Acquire(ctx, Low), context.Canceled)
		}()
		waitFor(t, "it waits", func() bool { _, l := s.Waiting(); return l == 1 })
		cancel()
		waitFor(t, "it left", func() bool { _, l := s.Waiting(); return l == 0 })
	}
	wg.Wait()
	s.Release()
	assert.Equal(t, 1, s.free)
}

// TestManyAtOnce: n slots, many pieces of both priorities, never more
// than n at once, and every slot back at the end.
func TestManyAtOnce(t *testing.T) {
	s := New(3)
	var mu sync.Mutex
	in, most := 0, 0
	var wg sync.WaitGroup
	for i := range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), time.Duration(i%5)*time.Millisecond)
			defer cancel()
			p := Priority(i % 2)
			if p == Low && i%3 == 0 {
				if s.Acquire(ctx, p) != nil {
					return
				}
			} else if s.Acquire(context.Background(), p) != nil {
				return
			}
			mu.Lock()
			in++
			most = max(most, in)
			mu.Unlock()
			time.Sleep(100 * time.Microsecond)
			mu.Lock()
			in--
			mu.Unlock()
			s.Release()
		}()
	}
	wg.Wait()
	assert.LessOrEqual(t, most, 3)
	assert.Equal(t, 3, s.free)
}
