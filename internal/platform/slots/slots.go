// Package slots bounds the heavy work of a server: at most n pieces run
// at once, each holding a slot, and the others wait their turn. Work of
// High priority (a bot's move, which a table waits for) goes before work
// of Low priority (a person's hint, the trainer's grading): a Low piece
// takes a free slot only while no High piece waits, so however many
// hints are asked, they never go ahead of a bot. Within a priority the
// first to wait is the first served.
package slots

import (
	"context"
	"sync"
)

// Priority orders the waiting pieces.
type Priority int

// The priorities.
const (
	High Priority = iota // a bot's move
	Low                  // a person's hint, the trainer's grading
)

// Slots is n slots; safe for concurrent use.
type Slots struct {
	mu    sync.Mutex
	n     int
	free  int
	queue [2][]chan struct{} // waiting, by priority
}

// New returns n slots (at least one).
func New(n int) *Slots {
	n = max(1, n)
	return &Slots{n: n, free: n}
}

// Cap returns the number of slots.
func (s *Slots) Cap() int { return s.n }

// Acquire waits for a slot for work of priority p and takes it; it
// returns ctx's error, without a slot, if ctx ends first. Each nil
// return is paired with a Release.
func (s *Slots) Acquire(ctx context.Context, p Priority) error {
	s.mu.Lock()
	if s.free > 0 && len(s.queue[High]) == 0 && (p == High || len(s.queue[Low]) == 0) {
		s.free--
		s.mu.Unlock()
		return nil
	}
	ch := make(chan struct{})
	s.queue[p] = append(s.queue[p], ch)
	s.mu.Unlock()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
	}
	s.mu.Lock()
	for i, c := range s.queue[p] {
		if c == ch {
			s.queue[p] = append(s.queue[p][:i], s.queue[p][i+1:]...)
			s.mu.Unlock()
			return ctx.Err()
		}
	}
	s.mu.Unlock()
	// The slot was handed over as ctx ended: give it on.
	s.Release()
	return ctx.Err()
}

// Release gives a slot back: to the first High piece waiting, else to
// the first Low one, else it is free.
func (s *Slots) Release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range []Priority{High, Low} {
		if q := s.queue[p]; len(q) > 0 {
			s.queue[p] = q[1:]
			close(q[0])
			return
		}
	}
	s.free++
}

// Waiting returns how many pieces of each priority wait for a slot.
func (s *Slots) Waiting() (high, low int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.queue[High]), len(s.queue[Low])
}
