package server

import (
	"fmt"
	"sync"
	"time"
)

// quietLog bounds the log lines of connections that never ran a
// session (refused at the accept, or ended without one): a client that
// dials and closes in a loop costs a line per connection and nothing
// else, so unbounded it fills the operator's disk. Each address gets
// the first quietLines lines of each kind in a quietWindow, counted
// from its first; the lines beyond are counted and said in one summary
// line when the window ends. Sessions' own lines are not bounded here:
// a session costs a login and counts against the session caps.
type quietLog struct {
	now   func() time.Time
	after func(d time.Duration, f func()) (stop func() bool)
	print func(line string)

	mu   sync.Mutex
	addr map[string]*quietAddr
}

// quietAddr is one address's lines in its window, by kind.
type quietAddr struct {
	logged  map[string]int
	dropped map[string]int
}

// quietWindow and quietLines: the first quietLines lines of a kind from
// one address in a minute are logged, the rest summed up. Connections
// the server closed (a deadline, or room made for a newer one) get
// quietClosedLines: the tests of those limits, and an operator chasing
// one, read each.
const (
	quietWindow      = time.Minute
	quietLines       = 5
	quietClosedLines = 20
)

// maxQuietAddrs is the most addresses counted apart at once; beyond it
// the lines of new addresses share one count (otherAddrs), so that a
// flood from many addresses keeps the map bounded too.
const maxQuietAddrs = 4096

// otherAddrs is the count of the addresses beyond maxQuietAddrs.
const otherAddrs = "other addresses"

// The kinds of line bounded, as the summary line says them.
const (
	kindRefused   = "refused"
	kindNoSession = "without a session"
	kindClosed    = "without a session closed by the server"
)

// quietKinds are the kinds in the order the summary gives them.
var quietKinds = []string{kindRefused, kindNoSession, kindClosed}

// most is how many lines of kind an address gets in a window.
func most(kind string) int {
	if kind == kindClosed {
		return quietClosedLines
	}
	return quietLines
}

func newQuietLog(now func() time.Time, after func(time.Duration, func()) func() bool, print func(string)) *quietLog {
	return &quietLog{now: now, after: after, print: print, addr: map[string]*quietAddr{}}
}

// printf logs the line unless addr has had its most(kind) lines of kind
// in its window; those it does not log are counted for the summary.
func (q *quietLog) printf(addr, kind, format string, args ...any) {
	q.mu.Lock()
	a := q.addr[addr]
	if a == nil {
		if len(q.addr) >= maxQuietAddrs {
			addr = otherAddrs
			a = q.addr[addr]
		}
		if a == nil {
			a = &quietAddr{logged: map[string]int{}, dropped: map[string]int{}}
			q.addr[addr] = a
			// The window ends a minute from its first line; the timer
			// is the map's only sweep.
			q.after(quietWindow, func() { q.end(addr) })
		}
	}
	if a.logged[kind] >= most(kind) {
		a.dropped[kind]++
		q.mu.Unlock()
		return
	}
	a.logged[kind]++
	q.mu.Unlock()
	q.print(fmt.Sprintf(format, args...))
}

// end closes addr's window: a summary line for each kind it held back.
func (q *quietLog) end(addr string) {
	q.mu.Lock()
	a := q.addr[addr]
	delete(q.addr, addr)
	q.mu.Unlock()
	if a == nil {
		return
	}
	for _, kind := range quietKinds {
		if n := a.dropped[kind]; n > 0 {
			conns := "connections"
			if n == 1 {
				conns = "connection"
			}
			q.print(fmt.Sprintf("%d more %s from %s %s in the last %s (not logged one by one)", n, conns, addr, kind, quietWindowWords))
		}
	}
}

// quietWindowWords is quietWindow as the summary line says it.
const quietWindowWords = "minute"
