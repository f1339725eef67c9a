package workpool

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"
	"testing"
)

// TestRunKeepsEveryJob: every job's result reaches keep once, whatever
// the number of workers, and each worker's state is its own.
func TestRunKeepsEveryJob(t *testing.T) {
	for _, workers := range []int{0, 1, 3, 20} {
		var made atomic.Int64
		got := map[int]int{}
		err := Run(context.Background(), workers, slices.Values([]int{1, 2, 3, 4, 5, 6, 7}),
			func() func(context.Context, int) (int, error) {
				made.Add(1)
				calls := 0 // a worker's own state: no lock needed
				return func(_ context.Context, j int) (int, error) { calls++; return j * j, nil }
			}, func(j, r int) { got[j] += r })
		if err != nil {
			t.Fatalf("workers %d: %v", workers, err)
		}
		for j := 1; j <= 7; j++ {
			if got[j] != j*j {
				t.Errorf("workers %d: job %d kept %d, want %d", workers, j, got[j], j*j)
			}
		}
		if n := made.Load(); n != int64(max(1, workers)) {
			t.Errorf("workers %d: %d workers made", workers, n)
		}
	}
}

// TestRunFirstError: a job's error stops the run and is returned; no job
// starts after it.
func TestRunFirstError(t *testing.T) {
	bad := errors.New("bad job")
	var started atomic.Int64
	err := Run(context.Background(), 1, slices.Values([]int{1, 2, 3, 4}),
		func() func(context.Context, int) (int, error) {
			return func(_ context.Context, j int) (int, error) {
				started.Add(1)
				if j == 2 {
					return 0, bad
				}
				return j, nil
			}
		}, func(int, int) {})
	if !errors.Is(err, bad) {
		t.Fatalf("error %v, want %v", err, bad)
	}
	if n := started.Load(); n != 2 {
		t.Errorf("%d jobs started, want 2 (none after the error)", n)
	}
}

// TestRunCancelled: a run whose context ends returns the context's
// error, not the jobs' errors that follow, and keeps what finished.
func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	kept := 0
	err := Run(ctx, 1, slices.Values([]int{1, 2, 3, 4}),
		func() func(context.Context, int) (int, error) {
			return func(ctx context.Context, j int) (int, error) {
				if j == 2 {
					cancel()
				}
				return j, ctx.Err()
			}
		}, func(int, int) { kept++ })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if kept != 1 {
		t.Errorf("%d jobs kept, want 1", kept)
	}
}
