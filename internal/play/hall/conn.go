package hall

import (
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
)

// Conn is one connection's hold on a seat.
type Conn struct {
	t      *Table
	seat   rules.Seat
	notify func(Update)
	wake   chan struct{}
	done   chan struct{}
	left   bool // t.mu
	kicked bool // t.mu: a newer connection of the same player took the seat
}

// Seat returns the connection's seat.
func (c *Conn) Seat() rules.Seat { return c.seat }

// Table returns the connection's table.
func (c *Conn) Table() *Table { return c.t }

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

type kickedError struct{}

func (kickedError) Error() string {
	return "you sat down at this table from another connection: this one has left the seat"
}

var errKicked error = kickedError{}

func (c *Conn) wakeUp() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// run sends the seat's update after every change, outside the table's
// lock (notify may block until the person's program reads it).
func (c *Conn) run() {
	for {
		select {
		case <-c.done:
			return
		case <-c.wake:
			u := c.Snapshot()
			select {
			case <-c.done:
				return
			default:
			}
			c.notify(u)
		}
	}
}

// SeatState is what everyone reads about a seat.
type SeatState uint8

// The seat states.
const (
	SeatFree    SeatState = iota // nobody yet (a bot once the game starts)
	SeatHere                     // the person is connected
	SeatAway                     // the person dropped: the seat waits
	SeatBot                      // a bot plays the seat
	SeatBotBack                  // a bot plays it; the person is back for the next deal
)

// Move is the last action taken at the table, public as every action
// is: each screen says it in its own words ("you", a name).
type Move struct {
	Seat   rules.Seat
	Action rules.Action
	// TrickTo is who won the trick the move completed, NoSeat when it
	// completed none.
	TrickTo rules.Seat
	// Auto is set when the move was the person's only choice and was
	// taken for them.
	Auto bool
}

// SeatInfo is one seat as everyone sees it.
type SeatInfo struct {
	Name  string
	State SeatState
	Host  bool
	// Wait is how long the seat still waits for its dropped person.
	Wait  time.Duration
	Ready bool
}

// Update is everything one seat's screen shows of the table. It is
// built from that seat's rules.View and public facts only.
type Update struct {
	Code   string
	Seat   rules.Seat
	Seats  []SeatInfo
	Level  ai.Level
	Target int
	Rules  rules.Options // the table's rules, house variants included

	Started bool
	Closed  string // why the table closed, "" while open
	Kicked  bool   // this connection lost the seat to a newer one
	Gen     int

	// HasDeal is set once a deal has been dealt; View is then the seat's
	// view of the current deal (or the finished one between deals), a
	// partner's hand hidden like an opponent's.
	HasDeal bool
	View    rules.View
	DealNo  int
	Between bool // the deal is over; the next waits for everyone's ready
	Over    bool // the game is over
	// Records are the finished deals' scores by seat and side: public
	// once a deal is over (the score pad and the breakdown draw them).
	Records []rules.Score
	// Endings and Schmeissers say how each finished deal ended and who
	// said schmeiss (NoSeat: nobody), for a thrown-in deal's reason.
	Endings     []rules.Ending
	Schmeissers []rules.Seat
	// The game by side at every seat count (a side is a seat, or with
	// four players a team, rules.SideName): the totals, what each side
	// scored by finished deal, and the winning side (-1 while the game
	// goes on).
	Sides      int
	SideTotals []int
	SideScores [][]int
	WinnerSide int
	// Forced gives, by step of the deal on the table, why a move of this
	// seat was taken for the person ("you hold none").
	Forced   map[int]string
	Note     string // what happened to the table ("Bob dropped"), "" after a move
	Move     *Move  // the last action taken
	SaveErr  string
	BotSeat  bool // a bot plays this seat now
	Archived bool
}

// dealOf is the number of the deal g shows: the current one, or the
// last finished between deals.
func (u *Update) dealOf(g *rules.Game) int {
	if g.NeedDeal() || g.Over() {
		return len(g.Records())
	}
	return g.DealNo()
}

// Snapshot returns the seat's update now.
func (c *Conn) Snapshot() Update {
	t := c.t
	t.mu.Lock()
	defer t.mu.Unlock()
	u := Update{
		Code: t.code, Seat: c.seat, Level: t.opts.Level, Target: t.opts.Rules.Target, Rules: t.opts.Rules,
		Started: t.started(), Closed: t.closed, Kicked: c.kicked,
		Note: t.note, Move: t.move, BotSeat: t.seats[c.seat].bot != nil, Archived: t.archived,
	}
	if t.saveErr != nil {
		u.SaveErr = t.saveErr.Error()
	}
	now := t.h.cfg.Now()
	for i, s := range t.seats {
		in := SeatInfo{Name: t.name(rules.Seat(i)), Host: s.player.ID != "" && s.player.ID == t.host,
			Ready: s.ready || s.bot != nil || s.player.ID == ""}
		switch {
		case s.player.ID == "" && !t.started():
			in.State, in.Name = SeatFree, ""
		case s.player.ID == "":
			in.State = SeatBot
		case s.bot != nil && s.back && s.conn != nil:
			in.State = SeatBotBack
		case s.bot != nil:
			in.State = SeatBot
		case s.conn != nil:
			in.State = SeatHere
		default:
			in.State = SeatAway
			in.Wait = max(0, t.h.cfg.Grace-now.Sub(s.dropped))
		}
		u.Seats = append(u.Seats, in)
	}
	if !t.started() {
		return u
	}
	g := t.game()
	u.Gen, u.Over = t.sess.Gen(), g.Over()
	u.Sides, u.WinnerSide = g.Sides(), g.Winner()
	tot := g.Totals()
	u.SideTotals = append([]int(nil), tot[:u.Sides]...)
	for _, r := range g.Records() {
		u.SideScores = append(u.SideScores, append([]int(nil), r.Score.Scored[:u.Sides]...))
		u.Records = append(u.Records, r.Score)
		u.Endings = append(u.Endings, r.Ending)
		u.Schmeissers = append(u.Schmeissers, r.Schmeisser)
	}
	u.HasDeal = true
	u.View = t.sess.View(c.seat)
	for i, st := range u.View.History() {
		if why, ok := t.sess.Forced(u.dealOf(g), i); ok && st.Seat == c.seat {
			if u.Forced == nil {
				u.Forced = map[int]string{}
			}
			u.Forced[i] = why
		}
	}
	u.Between = g.NeedDeal()
	u.DealNo = g.DealNo()
	if g.NeedDeal() || g.Over() {
		u.DealNo = len(g.Records())
	}
	return u
}

// HiddenFrom returns the number of the deal on the table and the cards
// seat s may not know of it: the other hands (a partner's too) less what
// s's view knows of them, and at three or four the cards s cannot place. It is for tests and audits that check no screen shows them; it is
// never sent to anyone.
func (t *Table) HiddenFrom(s rules.Seat) (deal int, hidden rules.CardSet) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.started() {
		return 0, 0
	}
	g := t.game()
	deal = g.DealNo()
	if g.NeedDeal() || g.Over() {
		deal = len(g.Records())
	}
	// Every other hand, a partner's included, less what s knows of it,
	// and every card s cannot place (the stock nobody was dealt).
	tb := t.sess.Deal()
	v := tb.View(s)
	for o := range rules.Seat(len(t.seats)) {
		if o != s {
			hidden |= tb.Hand(o) &^ v.Known(o)
		}
	}
	return deal, hidden | v.Unseen()
}
