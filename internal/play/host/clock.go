package host

import (
	"context"
	"sort"
	"sync"
	"time"
)

// Clock is the host's time: the pace between moves, a bot's budget, a
// dropped player's grace and the wait before filing a game again. The
// program uses SystemClock; tests use a ManualClock, so no test waits
// on the wall clock.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f on its own goroutine once d has passed; stop
	// cancels it and reports whether it did so before f was called.
	AfterFunc(d time.Duration, f func()) (stop func() bool)
	// WithTimeout returns a context that is cancelled once d has passed.
	WithTimeout(parent context.Context, d time.Duration) (context.Context, context.CancelFunc)
}

// SystemClock is the clock of the machine.
func SystemClock() Clock { return systemClock{} }

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

func (systemClock) AfterFunc(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }

func (systemClock) WithTimeout(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(parent, d)
}

// ManualClock is a clock that moves only when told (Advance): a test
// decides when a pace, a grace or a bot's budget has passed. Its
// contexts carry no deadline, so bots under test must be bounded by
// their work.
type ManualClock struct {
	mu     sync.Mutex
	now    time.Time
	seq    int
	timers []*manualTimer
	added  chan struct{} // closed and replaced whenever a timer is added
}

type manualTimer struct {
	at  time.Time
	seq int
	f   func()
}

// NewManualClock returns a clock that reads start until advanced.
func NewManualClock(start time.Time) *ManualClock {
	return &ManualClock{now: start, added: make(chan struct{})}
}

// Now returns the clock's time.
func (c *ManualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// AfterFunc calls f when the clock is advanced past d from now.
func (c *ManualClock) AfterFunc(d time.Duration, f func()) func() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seq++
	t := &manualTimer{at: c.now.Add(d), seq: c.seq, f: f}
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
func (c *ManualClock) WithTimeout(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(parent)
	stop := c.AfterFunc(d, cancel)
	return ctx, func() { stop(); cancel() }
}

// Advance moves the clock on by d and calls, in time order, every
// function that became due, each on the caller's goroutine.
func (c *ManualClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	now := c.now
	var due []*manualTimer
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
func (c *ManualClock) Pending() (int, <-chan struct{}) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.timers), c.added
}
