// Package workpool runs independent jobs on a fixed number of
// goroutines, each worker with state of its own (an evaluator, say), and
// hands the results back one at a time.
package workpool

import (
	"context"
	"iter"
	"sync"
)

// Run runs every job of jobs on workers goroutines (at least one). Each
// worker calls newWorker once and its function for each job it takes.
// keep gets each job that finished without error and its result, one
// call at a time, in no set order. The first error stops the run and is
// returned; once ctx has ended no new job starts, the errors that follow
// are not reported, and Run returns ctx's error.
func Run[J, R any](ctx context.Context, workers int, jobs iter.Seq[J],
	newWorker func() func(context.Context, J) (R, error), keep func(J, R)) error {
	run, cancel := context.WithCancel(ctx)
	defer cancel()
	in := make(chan J)
	var (
		mu    sync.Mutex
		first error
		wg    sync.WaitGroup
	)
	for range max(1, workers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work := newWorker()
			for j := range in {
				if run.Err() != nil {
					continue // drain: the run is over
				}
				r, err := work(run, j)
				mu.Lock()
				switch {
				case err == nil:
					keep(j, r)
				case first == nil && run.Err() == nil:
					first = err
					cancel()
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for j := range jobs {
		select {
		case in <- j:
		case <-run.Done():
			break feed
		}
	}
	close(in)
	wg.Wait()
	if first != nil {
		return first
	}
	return ctx.Err()
}
