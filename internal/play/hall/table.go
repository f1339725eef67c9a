package hall

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/klob/klob/internal/platform/duration"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/internal/serve/chat"
	"github.com/klob/klob/rules"
)

// Table is one shared game: its code, its seats reserved by key, the
// waiting room until its host starts it, then the game, which a
// host.Host runs. Its methods are safe for concurrent use; people act
// through their Conn, and once the game starts through their seat's
// host.Port. The table's lock is never held while it waits for a disk:
// the waiting room's writes go to goroutines of their own, the game's
// to its host's writer.
type Table struct {
	h     *Hall
	code  string
	opts  Options
	host  string // the key of the person who opened the table
	start time.Time
	// restored says the table came back from its log after a restart:
	// its waiting room waits Abandon for its people, not AbandonWaiting.
	restored bool
	files    *files
	room     *chat.Room // the table's chat, nil without one (club.go)
	// said marks the room's lines with where the game stood when they
	// were said (Say, Placed), under talkMu: a lock of its own, never
	// held with mu.
	talkMu sync.Mutex
	said   map[uint64]host.Place

	mu     sync.Mutex
	seats  []*seat
	game   *host.Host // nil until the game starts
	closed string     // why the table closed, "" while open
	// filed is set once every history holds the ended game; released
	// once the hall let its host go.
	filed, released bool
	saves           int         // the waiting room's writes asked
	emptyStop       func() bool // the abandonment's clock, while nobody is here
	// emptySince is when the last person left (zero while somebody is
	// here), kept in the table's directory (files.markEmpty) so that a
	// restart runs the abandonment's clock on from it; emptySaves counts
	// its writes asked.
	emptySince  time.Time
	emptySaves  int
	refileStop  func() bool
	refileAfter time.Duration
	stopped     bool // the hall is closing: no clock starts again
	// watchers are the spectators' ports not left (Watch); watched,
	// by key, the deal a spectator left while it was quiet
	// (watchedDeal).
	watchers map[*watcher]bool
	watched  map[string]int
	// watching counts the spectators let in whose port the game is
	// still giving: they count against Config.MaxWatchers too.
	watching int
	// without holds the keys of the people whose seats a bot took as the
	// table started its next game without them (reopen): Join tells
	// them so, and tells anyone else only that the game has started.
	without map[string]bool
	// exempt: the people of without watching past the cap now, one
	// connection each (WatchFrom).
	exempt map[string]bool
	// owed holds the keys of the people of a finished game back at a
	// restart who have not come to it since: if the table goes before
	// they come, they read where its game went (letGo).
	owed map[string]bool
}

// seat is one place at the table.
type seat struct {
	player Player // ID "" while nobody holds the seat (a bot's once started)
	conn   *Conn  // the person's newest connection, nil when away
	// graceStop stops the wait of a seat reserved before the start
	// for its person away (armSeatGrace), which ends at graceEnd; after
	// is what they are away after, for the notices (" after the server
	// restarted", or "").
	graceStop func() bool
	graceEnd  time.Time
	after     string
	// at orders the person's arrivals across the hall (Hall.arrive):
	// the newest is the table they were at last (Hall.SeatOf).
	at uint64
	// opened is set on the host's seat from Open to their first Join,
	// which is no coming back (the log says nothing of it).
	opened bool
	// leftOver is set when the person left the game over by choice (not
	// a connection cut), until they join again: a reconnection does not
	// take them back to it (Hall.SeatOf).
	leftOver bool
}

func newTable(h *Hall, code string, o Options, hostID string, start time.Time, st *store.Store) *Table {
	t := &Table{h: h, code: code, opts: o, host: hostID, start: start, refileAfter: h.cfg.Refile, room: h.newRoom()}
	t.files = &files{st: st, fs: h.cfg.FS, history: h.cfg.History, record: h.cfg.Record, filedAll: t.filedAll, reopened: t.reopen,
		keepNotices: h.writeNotices, logf: t.logf, filed: map[string]bool{}}
	for range o.Seats {
		t.seats = append(t.seats, &seat{})
	}
	return t
}

// logf logs a line about the table, after "table <code>: ".
func (t *Table) logf(format string, args ...any) {
	t.h.cfg.Logf("table %s: "+format, append([]any{t.code}, args...)...)
}

// RematchOf is the name the club's records give the game before the
// table's game, when "again" started it: the checksum of the copy of it
// the histories got, which the hall writes in the game's log in place
// of the host's own (Snapshot.RematchOf, the sum of the host's log,
// which lacks the table's tags). "" when the hall named none: the
// table's first game, or a game back from a restart, whose host read
// the name from the table's log. It does not wait for the disk.
func (t *Table) RematchOf() string {
	s, _ := t.files.named.Load().(string)
	return s
}

// Code is the table's short code.
func (t *Table) Code() string { return t.code }

// Options returns what the host chose when opening the table (and
// whether it is private now).
func (t *Table) Options() Options {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.opts
}

// seatOf is the seat the person of key id holds, -1 for none: a guest
// (id "") holds none, a bot's seat is nobody's. t.mu is held.
func (t *Table) seatOf(id string) int {
	if id == "" {
		return -1
	}
	return slices.IndexFunc(t.seats, func(s *seat) bool { return s.player.ID == id })
}

// arrivedAt is when (Hall.arrive) the person of key id came last to
// the seat they hold here, and whether the game here is over; ok is
// false when they hold none, left the game over by choice, or the table
// is closed.
func (t *Table) arrivedAt(id string) (at uint64, over, ok bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	i := t.seatOf(id)
	if i < 0 || t.seats[i].leftOver || t.closed != "" || t.released {
		return 0, false, false
	}
	return t.seats[i].at, t.overLocked(), true
}

// overLocked reports whether the game here is over: filed, its host
// done, or over on a screen of a person here before it is filed; t.mu
// is held.
func (t *Table) overLocked() bool {
	if t.game == nil {
		return false
	}
	if t.filed {
		return true
	}
	select {
	case <-t.game.Done():
		return true
	default:
	}
	return slices.ContainsFunc(t.seats, func(s *seat) bool {
		return s.conn != nil && s.conn.port != nil && s.conn.port.Snapshot().Over
	})
}

// listing is the table as the person of key id sees it in a list; ok
// is false once it is closed or released (unlisted, or about to be).
func (t *Table) listing(id string) (in Info, ok bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed != "" || t.released {
		return Info{}, false
	}
	return t.infoLocked(id), true
}

// rename gives the person of key id their new name at the seat they
// hold, if any: in a waiting room its list, screen and log (which a
// restart reads) name them so; at a game over, the list and the next
// game "again" starts (host.Host.RenameNext). A game keeps the names it
// started with, as its log and screens have them. The host is told
// outside t.mu: its loop may be waiting on the table.
func (t *Table) rename(id, name string) {
	t.mu.Lock()
	i := t.seatOf(id)
	if i < 0 || t.seats[i].player.Name == name || t.closed != "" || t.released {
		t.mu.Unlock()
		return
	}
	g := t.game
	if g == nil {
		t.seats[i].player.Name = name
		t.saveWaiting()
		t.tickAll()
		t.mu.Unlock()
		return
	}
	t.mu.Unlock()
	if err := g.RenameNext(rules.Seat(i), name); err != nil {
		return // under way (Visit.Rename refuses that first) or closed
	}
	t.mu.Lock()
	if t.game == g && t.seatOf(id) == i {
		t.seats[i].player.Name = name
		t.tickAll()
	}
	t.mu.Unlock()
}

// SeatOpen reports whether the person of key id has their seat here
// open in a connection now: another connection of theirs that joins
// takes the seat from it (Join), which a person does by choice only.
func (t *Table) SeatOpen(id string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.seatOpen(t.seatOf(id))
}

// seatOpen reports whether seat i (-1 for none) is open in a
// connection of its person now; t.mu is held.
func (t *Table) seatOpen(i int) bool {
	return i >= 0 && t.seats[i].conn != nil && !t.seats[i].conn.left
}

// playing says, as an *InPlayError, that the person of key id plays
// the game under way here; nil when they hold no seat or the game is
// not started, over or closed.
func (t *Table) playing(id string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	i := t.seatOf(id)
	if i < 0 || t.game == nil || t.filed || t.closed != "" || t.released {
		return nil
	}
	select {
	case <-t.game.Done():
		return nil
	default:
	}
	// Over before it is filed: the seat's screen has the game's end.
	if c := t.seats[i].conn; c != nil && c.port != nil && c.port.Snapshot().Over {
		return nil
	}
	return &InPlayError{Code: t.code, Name: t.seats[i].player.Name}
}

// infoLocked is the table's Info for person id; t.mu is held.
func (t *Table) infoLocked(id string) Info {
	in := Info{Code: t.code, Seats: len(t.seats), Level: t.opts.Level, Target: t.opts.Rules.Target,
		Rules: t.opts.Rules, Started: t.game != nil, Over: t.filed, Yours: t.seatOf(id) >= 0, Private: t.opts.Private,
		Here: t.anyoneHere()}
	in.Paused = in.Started && !in.Over && !in.Here
	if i := t.seatOf(id); i >= 0 {
		in.Came = t.seats[i].at
		in.BotPlays = t.game != nil && t.game.BotPlays(rules.Seat(i))
		in.SeatOpen = t.seatOpen(i)
	}
	people := t.people()
	for _, s := range t.seats {
		name := ""
		if s.player.ID != "" {
			name = t.h.Label(s.player, people)
		}
		in.Names = append(in.Names, name)
		if s.player.ID != "" && s.player.ID == t.host {
			in.Host = name
		}
	}
	return in
}

// people are the persons holding seats; t.mu is held.
func (t *Table) people() []Player {
	var out []Player
	for _, s := range t.seats {
		if s.player.ID != "" {
			out = append(out, s.player)
		}
	}
	return out
}

// botName names the bot of an empty seat (BotName).
func (t *Table) botName(s rules.Seat) string { return BotName(len(t.seats), s) }

// BotName names the bot at seat s of a table of n seats: "Bot", or at
// a table of three or four "Bot C", so the talk says which. The game,
// its screens and the lobby's lists all use this name.
func BotName(n int, s rules.Seat) string {
	if n == 2 {
		return "Bot"
	}
	return "Bot " + s.String()
}

func (t *Table) anyoneHere() bool {
	return slices.ContainsFunc(t.seats, func(s *seat) bool { return s.conn != nil })
}

// Join seats p: at their own seat when they hold one (a reconnection,
// which takes the seat from an older connection of theirs), else at a
// free seat of a table not started. Once the game has started the
// Conn's Port is the seat's.
func (t *Table) Join(p Player) (*Conn, error) { return t.JoinFrom(p, "") }

// JoinFrom is Join from the address from, as the server's limits count
// it ("" counts nowhere): a free seat taken at a table not started is
// paced per address and key (Config.Seats; *TooFastError), and the
// log's lines of the seat before the game are bounded per address.
func (t *Table) JoinFrom(p Player, from string) (*Conn, error) {
	if p.ID == "" {
		return nil, ErrGuest
	}
	p = t.h.current(p) // before t.mu: present.mu is taken after a table's
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed != "" || t.released {
		return nil, ErrClosed
	}
	i := t.seatOf(p.ID)
	if i < 0 {
		if t.filed {
			return nil, ErrOver
		}
		if t.game != nil && t.without[p.ID] {
			return nil, ErrStarted
		}
		if t.game != nil {
			return nil, ErrInPlay
		}
		i = slices.IndexFunc(t.seats, func(s *seat) bool { return s.player.ID == "" })
		if i < 0 {
			return nil, ErrTableFull
		}
		if wait, byKey := paced(t.h.seatTakes, t.h.cfg.Clock.Now(), p.ID, from); wait > 0 {
			return nil, &TooFastError{Seat: true, ByKey: byKey, Wait: wait}
		}
		t.seats[i].player = p
		// In the log at once: a restart keeps the seat.
		t.saveWaiting()
		t.quietf(from, kindSeat, "%s took seat %s", Who(p), rules.Seat(i))
	} else if t.game == nil && !t.seats[i].opened {
		// The seat keeps its name: a person who comes back under
		// another (the same key, another SSH user name) is not renamed
		// before the others; a rename of theirs reaches it (rename).
		t.quietf(from, kindSeat, "%s is back at seat %s", Who(t.seats[i].player), rules.Seat(i))
	}
	t.seats[i].opened, t.seats[i].leftOver = false, false
	delete(t.owed, p.ID) // they see where the game stands
	s := t.seats[i]
	s.at = t.h.arrive()
	c := newConn(t, rules.Seat(i), from)
	if t.game != nil {
		port, err := t.game.Seat(rules.Seat(i))
		if errors.Is(err, host.ErrNoPerson) {
			// The next game started without them a moment ago: a bot
			// has the seat, which the table lets go (reopen).
			return nil, ErrStarted
		}
		if err != nil {
			return nil, err
		}
		c.port = port
	}
	if old := s.conn; old != nil {
		old.kicked = true
		old.end()
	}
	stopClock(&s.graceStop)
	s.conn, s.after = c, ""
	t.armGraces()
	stopClock(&t.emptyStop)
	t.markEmpty(time.Time{})
	t.tickAll()
	return c, nil
}

// Move takes the connection's person to the next free seat round the
// table, before the game starts, at every seat count: so that two
// friends at a table of four can sit opposite as partners, or beside
// each other as opponents, and anyone may take the seat they like.
func (c *Conn) Move() error {
	t := c.t
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := c.check(); err != nil {
		return err
	}
	if t.game != nil {
		return ErrStarted
	}
	n := len(t.seats)
	for k := 1; k < n; k++ {
		j := rules.SeatAfter(c.seat, k, n)
		if t.seats[j].player.ID == "" && t.seats[j].conn == nil {
			t.seats[c.seat], t.seats[j] = t.seats[j], t.seats[c.seat]
			c.seat = j
			t.saveWaiting() // a restart keeps the new seat
			t.tickAll()
			t.quietf(c.from, kindSeat, "%s moved to seat %s", Who(t.seats[j].player), j)
			return nil
		}
	}
	return ErrNoSeat
}

// saveWaiting writes the waiting room as it stands, on a goroutine of
// its own; t.mu is held.
func (t *Table) saveWaiting() {
	if t.files.st == nil || t.game != nil {
		return
	}
	t.saves++
	seq, l := t.saves, t.waitingLog()
	t.h.goWork(func() { t.files.write(seq, l) })
}

// waitingLog records the waiting room: the seats and rules over a game
// not dealt, with the table's tags; t.mu is held.
func (t *Table) waitingLog() *gamelog.Log {
	h := gamelog.Header{}
	h.SetStart(t.start)
	for i, s := range t.seats {
		if s.player.ID != "" {
			h.SetPlayer(rules.Seat(i), s.player.Name, gamelog.Human)
		} else {
			h.SetPlayer(rules.Seat(i), t.botName(rules.Seat(i)), string(t.opts.Level))
		}
	}
	l := gamelog.FromGame(h, rules.NewGame(t.opts.Rules, session.FirstDealerOf(t.opts.Seed, len(t.seats))))
	t.tagsNow().decorate(l)
	return l
}

// tagsNow is the table's tags as its seats stand; t.mu is held (or the
// table is not yet shared).
func (t *Table) tagsNow() *tableTags {
	tg := &tableTags{code: t.code, host: t.host, seed: t.opts.Seed, level: string(t.opts.Level), private: t.opts.Private}
	for i, s := range t.seats {
		tg.keys = append(tg.keys, s.player.ID)
		name := s.player.Name
		if s.player.ID == "" {
			name = t.botName(rules.Seat(i))
		}
		tg.names = append(tg.names, name)
	}
	return tg
}

// hostConfig is the config of the table's game: players the people of
// the seats and the bots of the others (nil for a game resumed from its
// log, which names them).
func (t *Table) hostConfig(players []host.Player) host.Config {
	cfg := &t.h.cfg
	return host.Config{
		// Every person is asked each declaration, one with a single
		// answer too: the wait then tells nobody (a spectator neither)
		// who holds the 7 of trump, a shlomo or a sequence.
		Game:  host.Game{Options: t.opts.Rules, Seed: t.opts.Seed, Players: players, NewBot: cfg.NewBot, AskAll: true},
		Store: t.files, Clock: cfg.Clock, Slots: cfg.Slots, Pace: cfg.Pace, TrickPace: 2 * cfg.Pace,
		Think: cfg.Think, Grace: cfg.Grace, TakeoverLevel: t.opts.Level, MoveClock: cfg.MoveClock, Hint: cfg.Hint, RetryFiling: cfg.Refile,
		// Several people share the game: nobody takes back a decision
		// or plays a partner's cards by a claim. A game people play on
		// two sides or more changes their ratings: nobody there gets
		// the hard bot's advice; one "again" starts with bots for the
		// people of all sides but one changes none, and gives it.
		NoClaims: true, NoHintsFor: ratedPlayers, Server: true, Private: t.opts.Private,
		// A table whose people are all away is paused (Info.Paused):
		// its bots wait with it, whoever watches.
		StandStill: true,
		Logf:       t.logf,
		// At the end, the people here may start the next game without a
		// person who left: a bot of the table's level takes the seat, as
		// one takes a free seat at the start.
		AgainBot: func(s rules.Seat) host.Player { return host.Player{Name: t.botName(s), Level: t.opts.Level} },
		// The game's lines name a person as the table's do (Who): the
		// keys are the table's tags, set before its game starts.
		Who: func(s rules.Seat, name string) string {
			if tg := t.files.tags.Load(); tg != nil && int(s) < len(tg.keys) && tg.keys[s] != "" {
				return Who(Player{ID: tg.keys[s], Name: name})
			}
			return fmt.Sprintf("%q", name)
		},
	}
}

// Rated reports whether the table's game is one the club rates (rated).
func (t *Table) Rated() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.rated()
}

// rated reports whether the table's game is one the club rates: people
// (keyed seats) on two sides or more, as internal/serve/club counts them
// when the game is recorded. t.mu is held, or the table is not yet
// shared.
func (t *Table) rated() bool {
	return ratedSeats(len(t.seats), func(i int) bool { return t.seats[i].player.ID != "" })
}

// ratedPlayers reports whether a game of these players is one the club
// rates (ratedSeats): a person at the table is a keyed one.
func ratedPlayers(players []host.Player) bool {
	return ratedSeats(len(players), func(i int) bool { return players[i].Human })
}

// ratedSeats reports whether a game of n seats, person telling which
// seats a person plays, has people on two sides or more: the rule of a
// rated game, for the table's seats and for each game its host plays.
func ratedSeats(n int, person func(i int) bool) bool {
	var sides [4]bool
	count := 0
	for i := range n {
		if x := rules.SideOfSeat(n, rules.Seat(i)); person(i) && !sides[x] {
			sides[x] = true
			count++
		}
	}
	return count >= 2
}

// setGame hands the table its resumed game; one whose filing ended
// meanwhile is let go.
func (t *Table) setGame(g *host.Host) {
	t.mu.Lock()
	t.game = g
	idle := t.filed && !t.anyoneHere()
	t.armEmpty()
	t.mu.Unlock()
	if idle {
		t.release()
	}
}

// Start begins the game; only the host may, and not while a person who
// holds a seat is away (ErrSeatAway): a bot would play their whole game
// in their name, and a rated one would rate them for it. Their seat is
// freed after Config.Grace (armSeatGrace). Bots of the table's level
// take the seats nobody holds, and every person here gets their seat's
// Port (Conn.Port).
func (c *Conn) Start() error {
	t := c.t
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := c.check(); err != nil {
		return err
	}
	if t.seats[c.seat].player.ID != t.host {
		return ErrNotHost
	}
	if t.game != nil {
		return nil
	}
	if t.stopped {
		// The hall has closed (a session still unwinding at shutdown):
		// a host started now would write after Close, owned by nobody.
		return ErrClosed
	}
	if slices.ContainsFunc(t.seats, func(s *seat) bool { return s.player.ID != "" && s.conn == nil }) {
		return ErrSeatAway
	}
	people := t.people()
	players := make([]host.Player, len(t.seats))
	for i, s := range t.seats {
		if s.player.ID != "" {
			// Two keys by one name at the table read apart: the name
			// with the key's tag (names.go), in the game and its log.
			players[i] = host.Player{Name: seatLabel(s.player, people), Human: true}
		} else {
			players[i] = host.Player{Name: t.botName(rules.Seat(i)), Level: t.opts.Level}
		}
	}
	tg := t.tagsNow()
	for i, p := range players {
		tg.names[i] = p.Name
	}
	t.files.tags.Store(tg)
	cfg := t.hostConfig(players)
	// The game's log starts now, not when the table opened: its time
	// orders the club's games (a database rebuilt from the logs rates
	// them in that order) and names the game in the histories.
	cfg.Game.Start = t.h.cfg.Clock.Now()
	g, err := host.New(cfg)
	if err != nil {
		t.files.tags.Store(nil)
		return err
	}
	t.game = g
	for i, s := range t.seats {
		if s.conn == nil {
			continue
		}
		p, err := g.Seat(rules.Seat(i))
		if err != nil {
			t.logf("seating %s: %v", Who(s.player), err)
			continue
		}
		s.conn.port = p
	}
	t.logf("game started: %s", t.seatsLine())
	t.tickAll()
	return nil
}

// seatsLine says who sits where, for the server's log: "A "ann"
// #1a2b3c4d5e6f, B Bot (random)"; t.mu is held.
func (t *Table) seatsLine() string {
	var b strings.Builder
	for i, s := range t.seats {
		if i > 0 {
			b.WriteString(", ")
		}
		if s.player.ID != "" {
			fmt.Fprintf(&b, "%s %s", rules.Seat(i), Who(s.player))
		} else {
			fmt.Fprintf(&b, "%s bot (%s)", rules.Seat(i), t.opts.Level)
		}
	}
	return b.String()
}

// Leave ends the connection's hold: before the start a guest's seat is
// freed and the host's going closes the table (not once the server is
// stopping: Hall.Stopping); once started the seat waits for its person
// (the host's grace, then a bot).
func (c *Conn) Leave() { c.leave(false) }

// Drop is the end of the connection under its person (not their
// choice: a network's cut): before the start their seat, the host's
// too, waits Config.Grace for them to connect again, as after a
// restart; once started it is Leave.
func (c *Conn) Drop() { c.leave(true) }

func (c *Conn) leave(dropped bool) {
	t := c.t
	t.mu.Lock()
	if c.left {
		t.mu.Unlock()
		return
	}
	c.left = true
	c.end()
	port := c.port
	s := t.seats[c.seat]
	mine := s.conn == c
	if mine {
		s.conn = nil
	}
	var idle bool
	switch {
	case !mine || t.closed != "":
	case t.game == nil && t.h.stopping.Load():
		// Cut by the server's stop: the seat stays the person's, in the
		// log, for the restart (the host's too, or the table would go).
	case t.game == nil && dropped:
		// Cut under the person: the seat waits for them a while; the
		// others read that they are away.
		t.armSeatGrace(c.seat)
		t.tickAll()
	case t.game == nil && s.player.ID == t.host:
		t.close("the host left before the game started")
	case t.game == nil:
		t.quietf(c.from, kindSeat, "%s left seat %s", Who(s.player), c.seat)
		s.player = Player{}
		t.saveWaiting()
		t.tickAll()
	default:
		over := port != nil && port.Snapshot().Over
		s.leftOver = over && !dropped
		// A game over whose filing is done (or not yet begun) needs its
		// host no longer once nobody looks at it.
		idle = !t.anyoneHere() && over && !t.files.pending()
	}
	if t.game == nil && !t.anyoneHere() {
		t.stopGraces()
	}
	t.armEmpty()
	t.mu.Unlock()
	switch {
	case port == nil:
	case dropped:
		port.Leave()
	default:
		port.Quit()
	}
	if idle {
		t.release()
	}
}

// close ends a table not started for everyone; t.mu is held.
func (t *Table) close(why string) {
	t.closed = why
	t.stopGraces()
	t.tickAll()
	stopClock(&t.emptyStop)
	t.h.forget(t)
	t.h.goWork(t.files.remove)
	// Bounded per address it was opened from: a table opened and left
	// in a loop costs its client nothing.
	t.h.quiet.Printf(t.opts.From, kindClosed, "table %s closed: %s", t.code, why)
}

// tickAll tells every connection the table changed; t.mu is held.
func (t *Table) tickAll() {
	for _, s := range t.seats {
		if s.conn != nil {
			s.conn.tick()
		}
	}
}

// armSeatGrace starts the wait of a seat reserved before the start
// whose person is away (after a restart, or their connection cut): if
// they do not come within Config.Grace the seat is freed, and the
// host's going closes the table. A wait runs only while somebody is at
// the table (armGraces), as nothing happens there otherwise. t.mu is
// held.
func (t *Table) armSeatGrace(i rules.Seat) {
	s := t.seats[i]
	if s.graceStop != nil || t.stopped || !t.anyoneHere() {
		return
	}
	s.graceEnd = t.h.cfg.Clock.Now().Add(t.h.cfg.Grace)
	s.graceStop = t.h.after(t.h.cfg.Grace, func() {
		t.mu.Lock()
		defer t.mu.Unlock()
		s.graceStop = nil
		if t.game != nil || t.closed != "" || s.conn != nil || s.player.ID == "" {
			return
		}
		if s.player.ID == t.host {
			t.close("the host did not come back before the game started")
			t.tellClosed("you did not come back within "+duration.Words(t.h.cfg.Grace)+s.after,
				"its host did not come back"+s.after)
			return
		}
		t.logf("%s did not come back: seat %s is free", Who(s.player), i)
		s.player = Player{}
		t.saveWaiting()
		t.tickAll()
	})
}

// armGraces starts the wait of every seat reserved before the start
// whose person is away, once somebody is at the table: after a restart,
// or once everyone was gone, each person away gets a whole
// Config.Grace from when somebody next comes. t.mu is held.
func (t *Table) armGraces() {
	if t.game != nil || t.closed != "" {
		return
	}
	for i, s := range t.seats {
		if s.player.ID != "" && s.conn == nil {
			t.armSeatGrace(rules.Seat(i))
		}
	}
}

// stopGraces stops the waits of the seats: when nobody is left at the
// table (armGraces starts them afresh), or the table closes, or the
// hall. t.mu is held.
func (t *Table) stopGraces() {
	for _, s := range t.seats {
		stopClock(&s.graceStop)
	}
}

// tellClosed keeps a notice for each person away who held a seat at
// the table closed before its game started, the host reading hostWhy
// and the others why: they learn it when they come back (Hall.Notice).
// t.mu is held.
func (t *Table) tellClosed(hostWhy, why string) {
	for _, s := range t.seats {
		switch {
		case s.player.ID == "" || s.conn != nil:
		case s.player.ID == t.host:
			t.h.tell(s.player.ID, fmt.Sprintf("Your table %s was closed before its game started: %s. Open a new one with o.", t.code, hostWhy))
		default:
			t.h.tell(s.player.ID, fmt.Sprintf("Table %s was closed before its game started: %s.", t.code, why))
		}
	}
}

// armEmpty starts the abandonment's clock when nobody is connected to
// an open table: it runs out Config.Abandon after the table became
// empty, which a table back from a restart knows from its directory
// (at once when that is past; never later than Abandon from now, were
// the time kept ahead of the clock). A table opened here and not
// started gets Config.AbandonWaiting instead (waiting); t.mu is held.
func (t *Table) armEmpty() {
	if t.closed != "" || t.anyoneHere() || t.emptyStop != nil || t.stopped || t.released {
		return
	}
	now := t.h.cfg.Clock.Now()
	if t.emptySince.IsZero() {
		t.markEmpty(now)
	}
	left := min(max(t.emptySince.Add(t.h.cfg.Abandon).Sub(now), 0), t.h.cfg.Abandon)
	if t.waiting() {
		left = min(left, max(t.emptySince.Add(t.h.cfg.AbandonWaiting).Sub(now), 0))
	}
	t.emptyStop = t.h.after(left, t.abandon)
}

// waiting says the table's empty clock is Config.AbandonWaiting: its
// game has not started and it was opened since the server started;
// t.mu is held.
func (t *Table) waiting() bool { return t.game == nil && !t.restored }

// markEmpty sets when the table became empty (zero: somebody is here)
// and writes it into the table's directory on a goroutine of its own,
// so that a server restarted more often than Config.Abandon still
// closes a table nobody comes to; t.mu is held.
func (t *Table) markEmpty(since time.Time) {
	if t.emptySince.Equal(since) {
		return
	}
	t.emptySince = since
	t.emptySaves++
	seq := t.emptySaves
	t.h.goWork(func() { t.files.markEmpty(seq, since) })
}

// abandon closes a table nobody came back to: its game, ended or not,
// is filed into every person's history (kept until it is), so abandoned
// tables never hold the hall's places.
func (t *Table) abandon() {
	t.mu.Lock()
	t.emptyStop = nil
	if t.closed != "" || t.anyoneHere() || t.released {
		t.mu.Unlock()
		return
	}
	why := fmt.Sprintf("nobody was at the table for %s", t.h.cfg.Abandon)
	g := t.game
	if g == nil {
		// Nobody came back to the waiting room, its host neither: each
		// person who held a seat reads why when they come.
		d := t.h.cfg.Abandon
		if t.waiting() {
			d = t.h.cfg.AbandonWaiting
		}
		why = fmt.Sprintf("nobody was at the table for %s before its game started", d)
		nobody := "nobody came to it for " + duration.Words(d)
		t.tellClosed(nobody, nobody)
		t.close(why)
		t.mu.Unlock()
		return
	}
	t.closed, t.released = why, true
	t.h.unlist(t) // with released, so no list shows a table one cannot join
	// Each person who held a seat reads, when they next come, where the
	// game went: after a restart nobody may have seen the table close.
	for _, s := range t.seats {
		if s.player.ID != "" {
			t.h.tell(s.player.ID, fmt.Sprintf("Table %s was closed: nobody was at it for %s. "+
				"Its game is filed in your history.", t.code, duration.Words(t.h.cfg.Abandon)))
		}
	}
	t.mu.Unlock()
	t.files.mu.Lock()
	t.files.closed = why
	t.files.mu.Unlock()
	t.h.cfg.Logf("table %s closed: %s; its game is filed", t.code, why)
	if err := g.Abandon(); err != nil {
		t.logf("%v", err)
	}
	t.afterHost()
}

// release stops the host of a game that is over and that nobody looks
// at, on a goroutine of its own (it waits for the last write).
func (t *Table) release() {
	t.mu.Lock()
	g := t.game
	if t.released || g == nil {
		t.mu.Unlock()
		return
	}
	t.released = true
	// Off the list as it is released, under the table's lock: a list
	// read meanwhile shows no table that refuses its people (ErrClosed).
	t.h.unlist(t)
	stopClock(&t.emptyStop)
	t.mu.Unlock()
	t.h.goWork(func() {
		g.Close()
		t.afterHost()
	})
}

// afterHost follows the table's host's stop: a game not yet in every
// history is filed again later; otherwise the hall forgets the table.
func (t *Table) afterHost() {
	if t.files.pending() {
		t.refileLater(t.nextRefile())
		return
	}
	t.letGo()
}

// letGo forgets a table whose game every history holds, with its
// directory, and tells the people of a game back at a restart who did
// not come to it where it went (owed); neither while the server stops
// (its people cut, not gone): the restart reads who was there, to tell
// them (files.markEnded), or brings the game back again.
//
// The notices are on the disk before the directory goes: until then its
// keys (files.markEnded) tell a restart, so a crash in between tells
// those people, not nobody. When the notices cannot be written the
// directory stays for the next start to tell them.
func (t *Table) letGo() {
	if !t.h.stopping.Load() {
		t.mu.Lock()
		owed := false
		for _, s := range t.seats {
			if id := s.player.ID; t.owed[id] {
				t.h.Tell(id, endedAtRestart(t.code))
				owed = true
			}
		}
		t.owed = nil
		t.mu.Unlock()
		if !owed || t.h.writeNotices() == nil {
			t.files.gone()
		}
	}
	t.h.forget(t)
}

// maxRefile is the longest wait between two tries at filing a game.
const maxRefile = 10 * time.Minute

// nextRefile is the wait before the next try at filing, doubling from
// Config.Refile up to maxRefile.
func (t *Table) nextRefile() time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	d := t.refileAfter
	t.refileAfter = min(2*d, maxRefile)
	return d
}

// refileLater tries filing the game again after d (at once for 0),
// and again after each failure, until every history holds it.
func (t *Table) refileLater(d time.Duration) {
	try := func() {
		if t.files.retry() {
			t.logf("the game is filed in every history")
			t.letGo()
			return
		}
		t.refileLater(t.nextRefile())
	}
	if d == 0 {
		t.h.goWork(try)
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.stopped {
		t.refileStop = t.h.after(d, try)
	}
}

// filedAll is told once every history holds the ended game: the table
// and its host go once nobody looks at it (release). Until then it
// stays listed for its people: one gone to the lobby may come back to
// say again, which the others wait for.
func (t *Table) filedAll() {
	t.mu.Lock()
	t.filed = true
	idle := t.game != nil && !t.anyoneHere()
	t.mu.Unlock()
	if idle {
		t.release()
	}
}

// stop stops the table's clocks for the hall's Close and returns its
// game's host, to be closed.
func (t *Table) stop() *host.Host {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stopped = true
	t.stopGraces()
	stopClock(&t.emptyStop)
	stopClock(&t.refileStop)
	return t.game
}

// stopClock stops the clock *stop, if one runs, and forgets it.
func stopClock(stop *func() bool) {
	if *stop != nil {
		(*stop)()
		*stop = nil
	}
}

// HiddenFrom returns the number of the deal shown and every card seat
// s may not know of it (host.Host.HiddenFrom): for tests and audits that
// check no screen shows them, never sent to anyone.
func (t *Table) HiddenFrom(s rules.Seat) (deal int, hidden rules.CardSet) {
	t.mu.Lock()
	g := t.game
	t.mu.Unlock()
	if g == nil {
		return 0, 0
	}
	deal, hidden, _ = g.HiddenFrom(s)
	return deal, hidden
}
