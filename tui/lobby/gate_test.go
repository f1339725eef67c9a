package lobby

import (
	"context"
	"errors"
	"reflect"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
)

// TestGateBounds: the gate lets no more than its slots run at once, and
// one waiting for a slot gives up when its context ends.
func TestGateBounds(t *testing.T) {
	g := GateOn(host.NewSlots(2))
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

// TestGateAnalyze: the server's analysis grades through the gate: with
// its only slot held, an analysis waits and gives up with its context,
// grading nothing; once the slot is free it gives the report of
// analysis.Analyze on one core.
func TestGateAnalyze(t *testing.T) {
	_, r, err := gamelog.ReadReplay("../../testdata/games/09-tie.klob")
	if err != nil {
		t.Fatal(err)
	}
	opt := analysis.Options{Samples: 4, Seed: 2, Deals: []int{1}}
	g := GateOn(host.NewSlots(1))
	hold, held := make(chan struct{}), make(chan struct{})
	go g.Do(context.Background(), func() { close(held); <-hold })
	<-held
	ctx, cancel := context.WithCancel(context.Background())
	graded := 0
	o := opt
	o.Progress = func(analysis.Progress) { graded++ }
	done := make(chan error, 1)
	go func() { _, err := g.Analyze(ctx, r, o); done <- err }()
	for g.slots.Waiting(host.ForHint) == 0 {
		runtime.Gosched() // until the analysis waits for the slot
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) || graded != 0 {
		t.Fatalf("with the slot held: error %v, %d decisions graded; want context.Canceled, 0", err, graded)
	}
	close(hold)
	got, err := g.Analyze(context.Background(), r, opt)
	if err != nil {
		t.Fatal(err)
	}
	one := opt
	one.Workers = 1
	want, err := analysis.Analyze(context.Background(), r, one)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Error("the gated analysis differs from analysis.Analyze on one core")
	}
}
