package chat

import (
	"sync"
	"time"
)

// limiter is a token bucket per sender key, kept as one time per key
// (the generic cell rate algorithm): tat is when the sender's bucket is
// full again. A line at t is allowed when tat-t <= (burst-1)*every, and
// moves tat on by every. One map lookup and a few additions: the cost
// of a refused line does not depend on how many came before it.
type limiter struct {
	every time.Duration
	tau   time.Duration // (burst-1)*every: how far ahead of t tat may run
	base  time.Time     // times are kept as offsets from it

	mu      sync.Mutex
	tat     map[string]time.Duration
	sweepAt int // size of tat at which full buckets are swept out
}

// minSweep is the smallest map swept: below it, sweeping is not worth it.
const minSweep = 64

func newLimiter(burst int, every time.Duration, base time.Time) *limiter {
	return &limiter{
		every:   every,
		tau:     time.Duration(burst-1) * every,
		base:    base,
		tat:     map[string]time.Duration{},
		sweepAt: minSweep,
	}
}

// take spends one token of key's bucket at now. It returns 0 when the
// line may go, or how long the sender must wait for the next token.
func (l *limiter) take(key string, now time.Time) time.Duration {
	t := now.Sub(l.base)
	l.mu.Lock()
	defer l.mu.Unlock()
	tat, ok := l.tat[key]
	if !ok || tat < t {
		tat = t
	}
	if ahead := tat - t; ahead > l.tau {
		return ahead - l.tau
	}
	l.tat[key] = tat + l.every
	if !ok && len(l.tat) >= l.sweepAt {
		l.sweep(t)
	}
	return 0
}

// sweep forgets the senders whose bucket is full at t: a full bucket is
// what a sender never seen has. Sweeping when the map has doubled since
// the last sweep keeps the cost per line O(1) amortised and the map no
// larger than twice the senders active in the last burst*every.
func (l *limiter) sweep(t time.Duration) {
	for k, tat := range l.tat {
		if tat <= t {
			delete(l.tat, k)
		}
	}
	l.sweepAt = max(minSweep, 2*len(l.tat))
}

// size is the number of senders remembered.
func (l *limiter) size() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.tat)
}
