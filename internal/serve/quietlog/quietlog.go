// Package quietlog bounds the log lines an address may cause: lines
// that cost their client nothing (a connection dialled and closed, a
// table opened and left) would otherwise fill the operator's disk at
// the client's pace. Each address gets the first Kind.Most lines of
// each kind in a Window, counted from its first; the lines beyond are
// counted and said in one summary line when the window ends. The SSH
// server bounds its connections' lines with it, the hall its tables'
// lines before their games.
package quietlog

import (
	"fmt"
	"sync"
	"time"
)

// Window is how long an address's count runs, from its first line.
const Window = time.Minute

// windowWords is Window as the summary line says it.
const windowWords = "minute"

// MaxAddrs is the most addresses counted apart at once; beyond it the
// lines of new addresses share one count (OtherAddrs), so that a flood
// from many addresses keeps the map bounded too.
const MaxAddrs = 4096

// OtherAddrs is the address the summary gives the count of the
// addresses beyond MaxAddrs.
const OtherAddrs = "other addresses"

// Kind is a kind of line bounded: an address gets Most of them a
// Window. The summary says "<n> more <One or Many> from <address>
// <What> in the last minute": "7 more connections from 192.0.2.1
// refused in the last minute".
type Kind struct {
	One, Many string
	What      string
	Most      int
}

// Log bounds lines per address; its methods are safe for concurrent
// use.
type Log struct {
	after func(d time.Duration, f func()) (stop func() bool)
	print func(line string)
	kinds []Kind

	mu   sync.Mutex
	addr map[string]*window
}

// window is one address's lines in its window, by kind.
type window struct {
	logged  map[Kind]int
	dropped map[Kind]int
}

// New returns a Log that prints with print and ends an address's window
// with after (a clock's AfterFunc); kinds are the kinds it bounds, in
// the order the summary lines give them.
func New(after func(time.Duration, func()) func() bool, print func(string), kinds ...Kind) *Log {
	return &Log{after: after, print: print, kinds: kinds, addr: map[string]*window{}}
}

// Printf logs the line unless addr has had its kind.Most lines of kind
// in its window; those it does not log are counted for the summary. An
// empty addr (a line no client caused) is always logged.
func (q *Log) Printf(addr string, kind Kind, format string, args ...any) {
	if addr == "" {
		q.print(fmt.Sprintf(format, args...))
		return
	}
	q.mu.Lock()
	a := q.addr[addr]
	if a == nil {
		if len(q.addr) >= MaxAddrs {
			addr = OtherAddrs
			a = q.addr[addr]
		}
		if a == nil {
			a = &window{logged: map[Kind]int{}, dropped: map[Kind]int{}}
			q.addr[addr] = a
			// The window ends a minute from its first line; the timer
			// is the map's only sweep.
			q.after(Window, func() { q.end(addr) })
		}
	}
	if a.logged[kind] >= kind.Most {
		a.dropped[kind]++
		q.mu.Unlock()
		return
	}
	a.logged[kind]++
	q.mu.Unlock()
	q.print(fmt.Sprintf(format, args...))
}

// end closes addr's window: a summary line for each kind it held back.
func (q *Log) end(addr string) {
	q.mu.Lock()
	a := q.addr[addr]
	delete(q.addr, addr)
	q.mu.Unlock()
	if a == nil {
		return
	}
	for _, kind := range q.kinds {
		if n := a.dropped[kind]; n > 0 {
			what := kind.Many
			if n == 1 {
				what = kind.One
			}
			q.print(fmt.Sprintf("%d more %s from %s %s in the last %s (not logged one by one)", n, what, addr, kind.What, windowWords))
		}
	}
}
