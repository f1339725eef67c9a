package host

import (
	"context"
	"sync"
)

// Priority orders the work waiting for a slot.
type Priority uint8

// The priorities, first served first.
const (
	// ForBot is a bot's decision: a game waits for it.
	ForBot Priority = iota
	// ForHint is a person's question (a hint, a claim's check): it waits
	// behind every bot, so asking many never slows the games.
	ForHint
	priorities
)

// Slots bounds the heavy work that every game of a server shares (the
// bots' thinking, the hints, the claims' checks): at most n run at once.
// A freed slot goes to the longest-waiting bot, and to a question only
// when no bot waits. A nil *Slots bounds nothing. Its methods are safe
// for concurrent use.
type Slots struct {
	n      int
	mu     sync.Mutex
	free   int
	queues [priorities][]*slotWaiter
}

type slotWaiter struct {
	ch      chan struct{}
	granted bool // s.mu: the slot was handed over
}

// NewSlots returns n slots (at least one).
func NewSlots(n int) *Slots { n = max(1, n); return &Slots{n: n, free: n} }

// Cap returns the number of slots (0 for a nil *Slots, which bounds
// nothing).
func (s *Slots) Cap() int {
	if s == nil {
		return 0
	}
	return s.n
}

// Acquire waits for a slot for work of priority p; it returns ctx's
// error, holding nothing, if ctx ends first. Each nil return is paired
// with a Release.
func (s *Slots) Acquire(ctx context.Context, p Priority) error {
	if s == nil {
		return ctx.Err()
	}
	if p >= priorities {
		p = priorities - 1
	}
	s.mu.Lock()
	ahead := false
	for q := Priority(0); q <= p; q++ {
		ahead = ahead || len(s.queues[q]) > 0
	}
	if s.free > 0 && !ahead {
		s.free--
		s.mu.Unlock()
		return nil
	}
	w := &slotWaiter{ch: make(chan struct{})}
	s.queues[p] = append(s.queues[p], w)
	s.mu.Unlock()
	select {
	case <-w.ch:
		return nil
	case <-ctx.Done():
	}
	s.mu.Lock()
	if w.granted {
		// The slot came as ctx ended: hand it on.
		s.mu.Unlock()
		s.Release()
		return ctx.Err()
	}
	q := s.queues[p]
	for i, x := range q {
		if x == w {
			s.queues[p] = append(q[:i:i], q[i+1:]...)
			break
		}
	}
	s.mu.Unlock()
	return ctx.Err()
}

// Release frees a slot Acquire gave.
func (s *Slots) Release() {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for p := range s.queues {
		if q := s.queues[p]; len(q) > 0 {
			w := q[0]
			s.queues[p] = q[1:]
			w.granted = true
			close(w.ch)
			return
		}
	}
	s.free++
}

// Waiting returns how much work of priority p waits for a slot.
func (s *Slots) Waiting(p Priority) int {
	if s == nil || p >= priorities {
		return 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.queues[p])
}

// Do runs f in a slot for priority p; it returns ctx's error without
// running f if ctx ends first.
func (s *Slots) Do(ctx context.Context, p Priority, f func()) error {
	if err := s.Acquire(ctx, p); err != nil {
		return err
	}
	defer s.Release()
	f()
	return nil
}
