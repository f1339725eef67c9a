package server

import (
	"time"

	"github.com/klob/klob/internal/serve/quietlog"
)

// The log lines of connections that never ran a session (refused at
// the accept, or ended without one) are bounded per address
// (quietlog): a client that dials and closes in a loop costs a line per
// connection and nothing else, so unbounded it fills the operator's
// disk. Sessions' own lines are not bounded: a session costs a login
// and counts against the session caps.
//
// The first five lines of a kind from one address in a minute are
// logged, the rest summed up. Connections the server closed (a
// deadline, or room made for a newer one) get twenty: the tests of
// those limits, and an operator chasing one, read each.
var (
	kindRefused   = quietlog.Kind{One: "connection", Many: "connections", What: "refused", Most: 5}
	kindNoSession = quietlog.Kind{One: "connection", Many: "connections", What: "without a session", Most: 5}
	kindClosed    = quietlog.Kind{One: "connection", Many: "connections", What: "without a session closed by the server", Most: 20}
)

// newQuietLog bounds the lines of connections without a session, the
// kinds summed up in that order.
func newQuietLog(after func(d time.Duration, f func()) func() bool, print func(string)) *quietlog.Log {
	return quietlog.New(after, print, kindRefused, kindNoSession, kindClosed)
}
