// Package clocktest is a clock for tests that moves only when told, so
// that no test waits on the wall clock. It has the methods of host.Clock.
package clocktest

import (
	"context"
	"sort"
	"sync"
	"time"
)

// Manual is a clock that moves only when told (Advance): a test
// decides when a pace, a grace or a bot's budget has passed. Its
// contexts carry no deadline, so bots under test must be bounded by
// their work.
type Manual struct {
	mu     sync.Mutex
	now    time.Time
	seq    int
	timers []*timer
	added  chan struct{} // closed and replaced whenever a timer is added
}

type timer struct {
	at  time.Time
	seq int
	f   func()
}

// Start is the tests' usual fixed time, noon on 1 December 2026, UTC:
// the same instant in every package's tests, so their dates agree.
func Start() time.Time { return time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC) }

// New returns a clock that reads start until advanced.
func New(start time.Time) *Manual {
	return &Manual{now: start, added: make(chan struct{})}
}

// Now returns the clock's time.
func (c *Manual) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// AfterFunc calls f when the clock is advanced past d from now.
func (c *Manual) AfterFunc(d time.Duration, f func()) func() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seq++
	t := &timer{at: c.now.Add(d), seq: c.seq, f: f}
	c.timers = append(c.timers, t)
	close(c.added)
	c.added = make(chan struct{})
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		for i, x := range c.timers {
			if x == t {
				c.timers = append(c.timers[:i], c.timers[i+1:]...)
				return true
			}
		}
		return false
	}
}

// WithTimeout returns a context cancelled when the clock passes d from
// now.
func (c *Manual) WithTimeout(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(parent)
	stop := c.AfterFunc(d, cancel)
	return ctx, func() { stop(); cancel() }
}

// Advance moves the clock on by d and calls, in time order, every
// function that became due, each on the caller's goroutine.
func (c *Manual) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	now := c.now
	var due []*timer
	keep := c.timers[:0]
	for _, t := range c.timers {
		if !t.at.After(now) {
			due = append(due, t)
		} else {
			keep = append(keep, t)
		}
	}
	c.timers = keep
	c.mu.Unlock()
	sort.Slice(due, func(i, j int) bool {
		if !due[i].at.Equal(due[j].at) {
			return due[i].at.Before(due[j].at)
		}
		return due[i].seq < due[j].seq
	})
	for _, t := range due {
		t.f()
	}
}

// Pending returns the number of functions waiting for the clock, and a
// channel closed when another is added.
func (c *Manual) Pending() (int, <-chan struct{}) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.timers), c.added
}
