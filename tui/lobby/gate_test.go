package lobby

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
)

// TestGateBounds: the gate lets no more than its slots run at once, and
// one waiting for a slot gives up when its context ends.
func TestGateBounds(t *testing.T) {
	g := NewGate(2)
	var running, most atomic.Int32
	slow := func(ctx context.Context, v *rules.View, p drill.Plan, k int) (eval.Evaluation, error) {
		n := running.Add(1)
		for {
			m := most.Load()
			if n <= m || most.CompareAndSwap(m, n) {
				break
			}
		}
		time.Sleep(5 * time.Millisecond)
		running.Add(-1)
		return eval.Evaluation{}, nil
	}
	run := gated(g, slow)
	var wg sync.WaitGroup
	for range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := run(context.Background(), &rules.View{}, drill.Plan{}, 0); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if m := most.Load(); m > 2 || m < 1 {
		t.Fatalf("%d ran at once, want at most 2", m)
	}
	// Both slots taken: a third waits, then gives up with its context.
	hold := make(chan struct{})
	for range 2 {
		go g.Do(context.Background(), func() { <-hold })
	}
	for !busy(g, 2) {
		time.Sleep(time.Millisecond)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	ran := false
	if err := g.Do(ctx, func() { ran = true }); !errors.Is(err, context.DeadlineExceeded) || ran {
		t.Fatalf("got %v (ran %v), want the context's deadline and nothing run", err, ran)
	}
	close(hold)
}

// busy reports whether n slots of g are taken (a piece of work waits
// when one more is asked for).
func busy(g *Gate, n int) bool {
	held := 0
	for held < n {
		ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
		err := g.slots.Acquire(ctx, host.ForBot)
		cancel()
		if err != nil {
			break
		}
		held++
	}
	for range held {
		g.slots.Release()
	}
	return held == 0
}
