package testkit

import (
	"sync"
	"time"
)

// Clock is a test clock: it reads the time it was set to until the
// test moves it. It is safe for concurrent use.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock returns a clock that reads start.
func NewClock(start time.Time) *Clock { return &Clock{t: start} }

// StoppedClock returns a clock that reads noon on 1 December 2026, UTC,
// until the test moves it: the tests' usual fixed time.
func StoppedClock() *Clock {
	return NewClock(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))
}

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Add moves the clock on by d.
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}
