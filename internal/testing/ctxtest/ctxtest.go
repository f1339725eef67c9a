// Package ctxtest gives tests contexts that end by count, not by clock:
// a search or an evaluation cut by one is cut at the same place on any
// machine, however loaded.
package ctxtest

import (
	"context"
	"sync"
	"sync/atomic"
)

// Looks is a context whose deadline passes at its n-th look (a call of
// Err): from then on Err says so and Done is closed.
type Looks struct {
	context.Context
	at   int64
	n    atomic.Int64
	once sync.Once
	done chan struct{}
}

// DeadlineAfter returns a context whose deadline passes at its looks-th
// look.
func DeadlineAfter(looks int64) *Looks {
	return &Looks{Context: context.Background(), at: looks, done: make(chan struct{})}
}

// Err is nil before the deadline's look, context.DeadlineExceeded from
// it on.
func (c *Looks) Err() error {
	if c.n.Add(1) < c.at {
		return nil
	}
	c.once.Do(func() { close(c.done) })
	return context.DeadlineExceeded
}

// Done is closed from the deadline's look on.
func (c *Looks) Done() <-chan struct{} { return c.done }

// Count returns how many times Err was called.
func (c *Looks) Count() int64 { return c.n.Load() }
