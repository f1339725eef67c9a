package testkit

import (
	"sync"
	"time"

	"github.com/klob/klob/internal/testing/clocktest"
)

// Clock is a test clock: it reads the time it was set to until the
// test moves it. It is safe for concurrent use.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock returns a clock that reads start.
func NewClock(start time.Time) *Clock { return &Clock{t: start} }

// StoppedClock returns a clock that reads the tests' usual fixed time
// (clocktest.Start) until the test moves it.
func StoppedClock() *Clock { return NewClock(clocktest.Start()) }

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
