package chat

import (
	"context"
	"sync"
)

// Subscription is one listener's feed of a room. The room puts each new
// line in a small buffer (Config.Pending) and never waits: when the
// listener has not read and the buffer is full, the oldest line waiting
// is dropped for that listener alone and counted, so a listener that
// stops reading costs the room a fixed amount and slows nobody.
type Subscription struct {
	room     *Room
	listener string
	ready    chan struct{} // holds a token while lines or a skip wait

	mu      sync.Mutex
	buf     []Line // ring: buf[(head+i)%len] for i < n
	head, n int
	skipped int
	closed  bool
	// hidden counts the lines not given because the listener muted
	// their sender (Hidden).
	hidden int
}

// Batch is what a listener reads at once: Skipped lines were dropped
// for them (they did not read in time) between what they read before
// and Lines, which are in order. Show a mark such as "some lines
// skipped" where Skipped > 0.
type Batch struct {
	Lines   []Line
	Skipped int
}

// Ready is signalled when lines wait: a receive from it, then Take,
// reads them (Wait does both).
func (s *Subscription) Ready() <-chan struct{} { return s.ready }

// Take returns the lines waiting, without blocking; the Batch is empty
// when none wait.
func (s *Subscription) Take() Batch {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.takeLocked()
}

func (s *Subscription) takeLocked() Batch {
	b := Batch{Skipped: s.skipped}
	if s.n > 0 {
		b.Lines = make([]Line, s.n)
		for i := range s.n {
			b.Lines[i] = s.buf[(s.head+i)%len(s.buf)]
			s.buf[(s.head+i)%len(s.buf)] = Line{}
		}
	}
	s.head, s.n, s.skipped = 0, 0, 0
	return b
}

// Wait blocks until lines wait, and returns them; or until ctx is done
// (its error), or the subscription is closed and read to the end
// (ErrClosed).
func (s *Subscription) Wait(ctx context.Context) (Batch, error) {
	for {
		s.mu.Lock()
		if s.n > 0 || s.skipped > 0 {
			b := s.takeLocked()
			s.mu.Unlock()
			return b, nil
		}
		closed := s.closed
		s.mu.Unlock()
		if closed {
			return Batch{}, ErrClosed
		}
		select {
		case <-s.ready:
		case <-ctx.Done():
			return Batch{}, ctx.Err()
		}
	}
}

// Close ends the subscription: no more lines reach it, and Wait gives
// the lines left, then ErrClosed.
func (s *Subscription) Close() {
	r := s.room
	r.mu.Lock()
	delete(r.subs, s)
	r.mu.Unlock()
	s.finish()
}

// push adds a line for the listener, dropping the oldest waiting when
// the buffer is full; it never blocks. Under the room's lock.
func (s *Subscription) push(l Line) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	if s.n == len(s.buf) {
		s.buf[s.head] = Line{}
		s.head = (s.head + 1) % len(s.buf)
		s.n--
		s.skipped++
	}
	s.buf[(s.head+s.n)%len(s.buf)] = l
	s.n++
	s.mu.Unlock()
	s.signal()
}

// hide counts a line the listener muted the sender of; it wakes no
// one. Under the room's lock.
func (s *Subscription) hide() {
	s.mu.Lock()
	s.hidden++
	s.mu.Unlock()
}

// Hidden returns how many lines of the room did not reach the
// subscription because the listener had muted their sender: a listener
// that unmutes them does not get those lines back, and may say so.
func (s *Subscription) Hidden() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hidden
}

// finish marks the subscription closed and wakes a Wait.
func (s *Subscription) finish() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.signal()
}

// signal leaves a token in ready unless one is there already.
func (s *Subscription) signal() {
	select {
	case s.ready <- struct{}{}:
	default:
	}
}
