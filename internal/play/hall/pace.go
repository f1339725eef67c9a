package hall

import (
	"time"

	"github.com/klob/klob/internal/platform/duration"
	"github.com/klob/klob/internal/serve/chat"
	"github.com/klob/klob/internal/serve/quietlog"
)

// Opening a table and taking a seat at one not started cost their
// client nothing but a key press, and each writes the log and redraws
// the screens at the table. Both are paced per address (and per key,
// as the wrong codes are: guess.go): a burst, then one every so often;
// and their log lines are bounded per address (quietlog), the lines of
// started games and of their play kept whole.

// Pace bounds how often something may be done: Burst at once, then one
// every Every, for each address and each key.
type Pace struct {
	Burst int
	Every time.Duration
}

// The defaults of Config.Opens: as many tables at once as an address
// may hold (MaxTablesPerAddr, 8 by default) and two more, then one
// every fifteen seconds. A host who opens a table, finds a rule wrong,
// leaves and opens another does so a few times at most, within the
// burst, even at an address holding its most; people sharing one
// address (whose operator raised MaxTablesPerAddr) open their tables
// at once; an address opening tables in a loop gets four a minute (240
// an hour) instead of dozens a second.
const DefaultOpenEvery = 15 * time.Second

// The defaults of Config.Seats: twice MaxTablesPerAddr free seats taken
// at tables not started at once (16 by default: the people at an
// address fill a few tables' seats), then one every ten seconds. Taking
// and leaving a seat in a loop then redraws the host's screen a dozen
// times a minute, not several times a second.
const DefaultSeatEvery = 10 * time.Second

// withDefaults is p, each value not set taken from burst and every.
func (p Pace) withDefaults(burst int, every time.Duration) Pace {
	if p.Burst <= 0 {
		p.Burst = burst
	}
	if p.Every <= 0 {
		p.Every = every
	}
	return p
}

// newPace is a token bucket of p per address and per key.
func newPace(p Pace, base time.Time) *chat.Limiter {
	return chat.NewLimiter(p.Burst, p.Every, base)
}

// paced asks l for a token of the address from and of the key id at
// now, and spends one of each when both have it. It returns 0 then,
// else how long until both have one, and whether the key's bucket is
// the one empty (the person did it themself, not only their address).
func paced(l *chat.Limiter, now time.Time, id, from string) (wait time.Duration, byKey bool) {
	keys := Seeker{ID: id, Addr: from}.keys()
	if wait = l.Wait(now, keys...); wait > 0 {
		return wait, id != "" && l.Wait(now, "key "+id) == wait
	}
	l.Charge(now, keys...)
	return 0, false
}

// TooFastError refuses a table opened (Seat false) or a seat taken
// (Seat true) too soon after many others from the same address or key.
type TooFastError struct {
	Seat  bool
	ByKey bool // the person's own key, not only their address, did many
	Wait  time.Duration
}

func (e *TooFastError) Error() string {
	what := "opened many tables"
	if e.Seat {
		what = "took many seats"
	}
	who := "you " + what
	if !e.ByKey {
		who = "you (or others at your address) " + what
	}
	return who + " in a short time: wait " + waitWords(e.Wait)
}

// waitWords is a wait in whole seconds, rounded up, in words: "6 s"
// wrapped at its space left the "s" alone on a line.
func waitWords(d time.Duration) string {
	return duration.Words(max(time.Second, (d + time.Second - 1).Truncate(time.Second)))
}

// The log lines bounded per address (quietlog): a table opened, one
// closed before its game started (counted for the address it was opened
// from), a seat taken, left or moved before the game, a spectator come.
var (
	kindOpened = quietlog.Kind{One: "table", Many: "tables", What: "opened", Most: 5}
	kindClosed = quietlog.Kind{One: "table", Many: "tables", What: "closed before a game started", Most: 5}
	kindSeat   = quietlog.Kind{One: "seat", Many: "seats", What: "taken or left before a game started", Most: 5}
	kindWatch  = quietlog.Kind{One: "spectator", Many: "spectators", What: "came to watch a table", Most: 5}
)

// newQuiet bounds the hall's lines per address, written with logf.
func newQuiet(after func(time.Duration, func()) func() bool, logf func(string, ...any)) *quietlog.Log {
	return quietlog.New(after, func(line string) { logf("%s", line) }, kindOpened, kindClosed, kindSeat, kindWatch)
}

// quietf logs a line about the table caused from the address from,
// within the address's bound of lines of kind.
func (t *Table) quietf(from string, kind quietlog.Kind, format string, args ...any) {
	t.h.quiet.Printf(from, kind, "table %s: "+format, append([]any{t.code}, args...)...)
}
