package hall

import (
	"errors"
	"slices"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// Conn is one connection's hold on a seat: in the waiting room, then,
// once the game has started, the seat's host.Port (Port), through which
// alone the person sees and plays the game.
type Conn struct {
	t    *Table
	seat rules.Seat
	ch   chan struct{}
	// from is the address the person joined from (JoinFrom): the log's
	// lines of their seat before the game count against it.
	from string

	// Under t.mu.
	port   host.Port
	ended  bool // ch is closed
	left   bool
	kicked bool // a newer connection of the same person took the seat
}

func newConn(t *Table, s rules.Seat, from string) *Conn {
	return &Conn{t: t, seat: s, ch: make(chan struct{}, 1), from: from}
}

// Seat returns the connection's seat (Move changes it before the start).
func (c *Conn) Seat() rules.Seat {
	c.t.mu.Lock()
	defer c.t.mu.Unlock()
	return c.seat
}

// Table returns the connection's table.
func (c *Conn) Table() *Table { return c.t }

// Updates ticks when the waiting room changed or the game started (the
// Port is then ready); ticks are coalesced and never waited for. It is
// closed once the connection has left, lost its seat or the table
// closed before its game started.
func (c *Conn) Updates() <-chan struct{} { return c.ch }

// Port is the seat at the game, nil until the game starts.
func (c *Conn) Port() host.Port {
	c.t.mu.Lock()
	defer c.t.mu.Unlock()
	return c.port
}

// errNotOver refuses the log of a game not over: it holds every hand.
var errNotOver = errors.New("the game is not over: its log holds every hand")

// Log returns the game's log once it is over (for its replay), every
// card of it: before, it is refused.
func (c *Conn) Log() (*gamelog.Log, error) {
	c.t.mu.Lock()
	g := c.t.game
	c.t.mu.Unlock()
	if g == nil {
		return nil, errNotOver
	}
	l, err := g.Log()
	if err != nil {
		return nil, err
	}
	if gm, err := l.Game(); err != nil || !gm.Over() {
		return nil, errNotOver
	}
	// The seat's key, as the filed copy has it, so that the replay
	// shows the game from this seat (gamelog.Header.PersonSeat).
	c.t.mu.Lock()
	id := c.t.seats[c.seat].player.ID
	c.t.mu.Unlock()
	mine := *l
	mine.Header.Extra = slices.Clone(l.Header.Extra)
	mine.Header.SetKey(c.seat, id)
	return &mine, nil
}

// tick tells the reader that the table changed; t.mu is held.
func (c *Conn) tick() {
	if c.ended {
		return
	}
	select {
	case c.ch <- struct{}{}:
	default:
	}
	if c.t.closed != "" && c.port == nil {
		c.end()
	}
}

// end closes Updates, once; t.mu is held.
func (c *Conn) end() {
	if !c.ended {
		c.ended = true
		close(c.ch)
	}
}

// errKicked says a newer connection of the person took the seat.
var errKicked = errors.New("your seat was taken over from another connection of yours")

// check refuses an action of a connection that lost its seat; t.mu is
// held.
func (c *Conn) check() error {
	switch {
	case c.left:
		return ErrClosed
	case c.kicked:
		return errKicked
	case c.t.closed != "":
		return ErrClosed
	}
	return nil
}

// SeatInfo is one seat of the waiting room as everyone sees it.
type SeatInfo struct {
	// Name is the person's ("" for a free seat), with their key's tag
	// when another key connected goes by a name that looks the same.
	Name string
	Here bool // the person is connected
	Host bool // the person opened the table and starts it
	// Until is when the seat of a person away is given up (the table
	// closed, for its host); zero while no wait runs, as while nobody
	// else is at the table.
	Until time.Time
}

// Waits is how long the seat still waits for its person at now, in
// whole seconds, reckoned as a game's seat is (host.SeatInfo.Waits).
func (s SeatInfo) Waits(now time.Time) time.Duration {
	return host.SeatInfo{Until: s.Until}.Waits(now)
}

// Waiting is the waiting room as one seat sees it: who holds the seats
// and who is here, the table's rules, and whether the game has started
// (the seat then plays through Conn.Port) or the table closed.
type Waiting struct {
	Code  string
	Seat  rules.Seat
	Seats []SeatInfo
	Level ai.Level
	Rules rules.Options // the table's rules, house variants included
	// Started is set once the game has started; Closed says why the
	// table closed, Kicked that a newer connection of the person took
	// the seat.
	Started bool
	Closed  string
	Kicked  bool
}

// Free counts the seats no person holds: bots play them once the game
// starts.
func (w Waiting) Free() int {
	names := make([]string, len(w.Seats))
	for i, s := range w.Seats {
		names[i] = s.Name
	}
	return free(names)
}

// free counts the names that are "": the seats no person holds.
func free(names []string) int {
	n := 0
	for _, name := range names {
		if name == "" {
			n++
		}
	}
	return n
}

// Waiting returns the waiting room now.
func (c *Conn) Waiting() Waiting {
	t := c.t
	t.mu.Lock()
	defer t.mu.Unlock()
	w := Waiting{Code: t.code, Seat: c.seat, Level: t.opts.Level, Rules: t.opts.Rules,
		Started: t.game != nil, Closed: t.closed, Kicked: c.kicked}
	people := t.people()
	for _, s := range t.seats {
		in := SeatInfo{Here: s.conn != nil, Host: s.player.ID != "" && s.player.ID == t.host}
		if s.graceStop != nil {
			in.Until = s.graceEnd
		}
		if s.player.ID != "" {
			in.Name = t.h.Label(s.player, people)
		}
		w.Seats = append(w.Seats, in)
	}
	return w
}
