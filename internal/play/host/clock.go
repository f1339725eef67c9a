package host

import (
	"context"
	"time"
)

// Clock is the host's time: the pace between moves, a bot's budget, a
// dropped player's grace and the wait before filing a game again. The
// program uses SystemClock; tests use clocktest.Manual, so no test
// waits on the wall clock.
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
