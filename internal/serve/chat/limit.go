package chat

import (
	"sync"
	"time"
)

// Limiter is a token bucket per key, kept as one time per key (the
// generic cell rate algorithm): tat is when the key's bucket is full
// again. A token is there at t when tat-t <= (burst-1)*every, and
// spending it moves tat on by every. One map lookup and a few
// additions: the cost of a refusal does not depend on how many came
// before it. The chat's senders are limited by one, and so are the
// wrong table codes the hall is asked for.
type Limiter struct {
	every time.Duration
	tau   time.Duration // (burst-1)*every: how far ahead of t tat may run
	base  time.Time     // times are kept as offsets from it

	mu      sync.Mutex
	tat     map[string]time.Duration
	sweepAt int // size of tat at which full buckets are swept out
}

// minSweep is the smallest map swept: below it, sweeping is not worth it.
const minSweep = 64

// NewLimiter returns buckets of burst tokens that gain one every every,
// timed from base.
func NewLimiter(burst int, every time.Duration, base time.Time) *Limiter {
	return &Limiter{
		every:   every,
		tau:     time.Duration(burst-1) * every,
		base:    base,
		tat:     map[string]time.Duration{},
		sweepAt: minSweep,
	}
}

// Take spends one token of key's bucket at now. It returns 0 when the
// token was there, or how long until the next one.
func (l *Limiter) Take(key string, now time.Time) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	if wait := l.wait(key, now); wait > 0 {
		return wait
	}
	l.charge(key, now)
	return 0
}

// Wait is how long until every bucket of keys holds a token at now, 0
// when they all do.
func (l *Limiter) Wait(now time.Time, keys ...string) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	var wait time.Duration
	for _, k := range keys {
		wait = max(wait, l.wait(k, now))
	}
	return wait
}

// Charge spends a token of each bucket of keys at now, whether or not
// it holds one (then its wait grows).
func (l *Limiter) Charge(now time.Time, keys ...string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, k := range keys {
		l.charge(k, now)
	}
}

func (l *Limiter) wait(key string, now time.Time) time.Duration {
	t := now.Sub(l.base)
	tat, ok := l.tat[key]
	if !ok || tat < t {
		tat = t
	}
	if ahead := tat - t; ahead > l.tau {
		return ahead - l.tau
	}
	return 0
}

func (l *Limiter) charge(key string, now time.Time) {
	t := now.Sub(l.base)
	tat, ok := l.tat[key]
	l.tat[key] = max(tat, t) + l.every
	if !ok && len(l.tat) >= l.sweepAt {
		l.sweep(t)
	}
}

// sweep forgets the keys whose bucket is full at t: a full bucket is
// what a key never seen has. Sweeping when the map has doubled since
// the last sweep keeps the cost per token O(1) amortised and the map no
// larger than twice the keys active in the last burst*every.
func (l *Limiter) sweep(t time.Duration) {
	for k, tat := range l.tat {
		if tat <= t {
			delete(l.tat, k)
		}
	}
	l.sweepAt = max(minSweep, 2*len(l.tat))
}

// Len is the number of keys remembered.
func (l *Limiter) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.tat)
}
