package hall

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/serve/chat"
)

// Errors of watching.
var (
	ErrPrivate    = errors.New("that table is private: its host lets nobody watch")
	ErrNotStarted = errors.New("that table's game has not started yet: watch it once its host starts it")
	ErrSeated     = errors.New("you have a seat there, and a spectator takes none")
)

// DefaultMaxWatchers is Config.MaxWatchers when not set: a table's
// spectators cost about 3 MB of the server's memory each, and a redraw
// at each of its changes; two dozen look on without slowing its play.
const DefaultMaxWatchers = 24

// TooManyWatchersError refuses a spectator at a table watched by its
// most (Config.MaxWatchers).
type TooManyWatchersError struct {
	Code string
	Max  int
}

func (e *TooManyWatchersError) Error() string {
	what := "spectators"
	if e.Max == 1 {
		what = "spectator"
	}
	return fmt.Sprintf("table %s has %d %s: no room to watch", e.Code, e.Max, what)
}

// Watch gives p a spectator's Port on the table's game: p needs a key,
// the game must have started and the table not be private. A person
// seated there is refused: watching never takes a seat nor moves one,
// and their seat stays on the connection that holds it.
func (t *Table) Watch(p Player) (host.Port, error) { return t.WatchFrom(p, "") }

// WatchFrom is Watch from the address from, whose log lines of
// spectators are bounded (quietlog; "" counts nowhere). A table
// watched by Config.MaxWatchers refuses more (*TooManyWatchersError),
// but never one of its people: one whose seat a bot took may watch the
// game it goes on with.
func (t *Table) WatchFrom(p Player, from string) (host.Port, error) {
	if p.ID == "" {
		return nil, ErrGuest
	}
	t.mu.Lock()
	g, closed, private, seated := t.game, t.closed != "" || t.released, t.opts.Private, t.seatOf(p.ID) >= 0
	// One whose seat a bot took may watch past the cap, from one
	// connection at a time.
	over := len(t.watchers)+t.watching >= t.h.cfg.MaxWatchers
	exempt := over && t.without[p.ID] && !t.exempt[p.ID]
	full := over && !exempt
	if !closed && !seated && !private && g != nil && !full {
		t.watching++ // a place held while the game gives the port
		if exempt {
			if t.exempt == nil {
				t.exempt = map[string]bool{}
			}
			t.exempt[p.ID] = true
		}
	}
	t.mu.Unlock()
	switch {
	case closed:
		return nil, ErrClosed
	case seated:
		return nil, ErrSeated
	case private:
		return nil, ErrPrivate
	case g == nil:
		return nil, ErrNotStarted
	case full:
		return nil, &TooManyWatchersError{Code: t.code, Max: t.h.cfg.MaxWatchers}
	}
	port, err := g.Watch()
	if err != nil {
		t.mu.Lock()
		t.watching--
		if exempt {
			delete(t.exempt, p.ID)
		}
		t.mu.Unlock()
	}
	switch {
	case errors.Is(err, host.ErrPrivate):
		return nil, ErrPrivate
	case errors.Is(err, host.ErrClosed):
		return nil, ErrClosed
	case err != nil:
		return nil, err
	}
	t.quietf(from, kindWatch, "%s watches", Who(p))
	w := &watcher{Port: port, t: t, id: p.ID, exempt: exempt}
	t.mu.Lock()
	t.watching--
	if t.watchers == nil {
		t.watchers = map[*watcher]bool{}
	}
	t.watchers[w] = true
	t.publishSeen()
	t.mu.Unlock()
	// A restart keeps who watches (their keys), who see the deal played.
	_ = g.Save()
	return w, nil
}

// watcher is a spectator's Port, which the table counts until it
// leaves: the spectator keeps quiet everywhere while the table does
// (Quiet).
type watcher struct {
	host.Port
	t  *Table
	id string // the spectator's key
	// exempt: let past the cap, their seat taken by a bot (WatchFrom).
	exempt bool
}

// Leave stops watching. A spectator who leaves while the table is
// quiet saw the deal's play: they stay quiet everywhere until that deal
// ends, as its players do (watchedDeal).
func (w *watcher) Leave() {
	t := w.t
	t.mu.Lock()
	delete(t.watchers, w)
	if w.exempt {
		delete(t.exempt, w.id)
	}
	if t.quiet() {
		if t.watched == nil {
			t.watched = map[string]int{}
		}
		t.watched[w.id] = w.Snapshot().DealNo
	}
	t.publishSeen()
	g := t.game
	t.mu.Unlock()
	w.Port.Leave()
	if g != nil {
		_ = g.Save() // a restart keeps the spectator quiet (watchedDeal)
	}
}

// publishSeen hands the table's saves who of the spectators has seen
// its deals (files.seen), which the host's next save writes into the
// table's log (tagWatched); t.mu is held.
func (t *Table) publishSeen() {
	s := &seenBy{left: maps.Clone(t.watched)}
	for w := range t.watchers {
		s.watching = append(s.watching, w.id)
	}
	t.files.seen.Store(s)
}

// watchedDeal reports whether the person of key id left watching the
// table during the deal it plays now, which is quiet: what they saw of
// it stays unsaid until it ends. The note is forgotten once the table
// is found not quiet, or plays another deal. With nobody at the table
// to read the deal from, the game stands still in the deal it was
// left in. t.mu is held.
func (t *Table) watchedDeal(id string) bool {
	deal, ok := t.watched[id]
	if !ok {
		return false
	}
	if !t.quiet() {
		delete(t.watched, id)
		t.publishSeen()
		return false
	}
	now := deal
	for _, s := range t.seats {
		if s.conn != nil && s.conn.port != nil {
			now = s.conn.port.Snapshot().DealNo
			break
		}
	}
	if now != deal {
		delete(t.watched, id)
		t.publishSeen()
		return false
	}
	return true
}

// watches reports whether the person of key id watches the table (a
// spectator let go, the table turned private or closed, no more);
// t.mu is held.
func (t *Table) watches(id string) bool {
	for w := range t.watchers {
		if sn := w.Snapshot(); w.id == id && !sn.Private && !sn.Closed {
			return true
		}
	}
	return false
}

// Private reports whether the table refuses spectators.
func (t *Table) Private() bool { return t.Options().Private }

// SetPrivate makes the table private (the spectators watching are let
// go) or lets spectators watch again; only its host may. It goes into
// the table's log at once, so that a restart keeps it: the waiting
// room's write, or during the game a save of the game as it stands on
// its host's writer (the table's tags carry it).
func (c *Conn) SetPrivate(private bool) error {
	t := c.t
	t.mu.Lock()
	if err := c.check(); err != nil {
		t.mu.Unlock()
		return err
	}
	if t.seats[c.seat].player.ID != t.host {
		t.mu.Unlock()
		return ErrNotHostPrivate
	}
	t.opts.Private = private
	g := t.game
	if g == nil {
		t.saveWaiting()
	} else if tg := t.files.tags.Load(); tg != nil {
		cp := *tg
		cp.private = private
		t.files.tags.Store(&cp)
	}
	t.tickAll()
	t.mu.Unlock()
	if g != nil {
		if err := g.SetPrivate(private); err != nil {
			return err
		}
		return g.Save()
	}
	return nil
}

// ErrNotHostPrivate refuses a guest's change of who may watch.
var ErrNotHostPrivate = errors.New("only the table's host decides whether it may be watched")

// Watchable returns the tables one may watch: started, not over, not
// private, with someone at them (a deserted game stands still), by
// code. playerID's own table is among them (Info.Yours) even deserted.
func (h *Hall) Watchable(playerID string) []Info {
	return h.infos(playerID, watchable)
}

func watchable(in Info) bool { return in.Started && !in.Over && !in.Private && (in.Here || in.Yours) }

// Paused returns the tables Watchable leaves out because every one of
// their people is away (Info.Paused): still open to watch by code
// (Table.Watch), they stand still until one of them comes back (no
// grace runs meanwhile), so that a spectator's list shows them marked
// rather than deny a table its code opens. By code; playerID's own are
// not among them (Watchable lists those).
func (h *Hall) Paused(playerID string) []Info {
	return h.infos(playerID, paused)
}

func paused(in Info) bool { return in.Paused && !in.Private && !in.Yours }

// ToWatch counts the games the watch list offers playerID, those paused
// included, less their own (theirs to go back to, not to watch): what
// len(Watchable) not Yours plus len(Paused) is, in one pass over the
// tables and without sorting, for a lobby that counts them every tick.
func (h *Hall) ToWatch(playerID string) int {
	n := 0
	for _, t := range h.all() {
		if in, ok := t.listing(playerID); ok && !in.Yours && (watchable(in) || paused(in)) {
			n++
		}
	}
	return n
}

// Full returns the tables playerID may not join because every seat is
// taken, waiting for their host to start them (none private), by code:
// a lobby with none to join says why.
func (h *Hall) Full(playerID string) []Info {
	return h.infos(playerID, func(in Info) bool {
		return !in.Started && !in.Private && !in.Yours && !slices.Contains(in.Names, "")
	})
}

// Room is the table's chat room, nil when the hall has no chat
// (Config.Chat).
func (t *Table) Room() *chat.Room { return t.room }

// Talk is the server's chat: its Hub and the lobby's room, both nil
// without Config.Chat.
func (h *Hall) Talk() (*chat.Hub, *chat.Room) { return h.cfg.Chat, h.lobby }

// newRoom gives a table its chat room.
func (h *Hall) newRoom() *chat.Room {
	if h.cfg.Chat == nil {
		return nil
	}
	return h.cfg.Chat.NewRoom()
}

// The line a table back from a restart says first in its talk, and
// how it is signed. The talk is never written anywhere (chat: a line
// is talk, not play; doc, The club), so its earlier lines are gone:
// a person who finds the pane empty reads that they were not kept
// rather than that nothing was said. The key, one per table, is none
// of a person's (theirs are hex), so no one's mute or rate counts it.
const (
	restartedName = "Klob"
	restartedLine = "The server restarted: what was said at this table before is not kept."
)

// sayRestarted puts restartedLine in the talk of a table back from a
// restart, once its game is back: Say marks it with where the game
// resumes, so that it reads before what is said since for everyone.
func (t *Table) sayRestarted() {
	if t.room == nil {
		return
	}
	if _, err := t.Say(chat.Sender{Key: "server " + t.code, Name: restartedName}, restartedLine); err != nil {
		t.logf("saying in its talk that the server restarted: %v", err)
	}
}

// Say says text in the table's talk as from (chat.Room.Say), and marks
// the line with where the game stands (host.Host.Place; the zero Place
// before the game starts), so that whoever reads it later, a spectator
// come late or a player back, finds it among the deal's words where it
// was said (Placed). The mark is taken with the line under talkMu, which
// Placed takes too: a reader that has the line finds its mark.
func (t *Table) Say(from chat.Sender, text string) (chat.Line, error) {
	if t.room == nil {
		return chat.Line{}, chat.ErrClosed
	}
	t.mu.Lock()
	g := t.game
	t.mu.Unlock()
	t.talkMu.Lock()
	defer t.talkMu.Unlock()
	// The place is read under talkMu, so that of two lines said at once
	// the later (the higher Seq) never has the earlier place.
	var at host.Place
	if g != nil {
		at = g.Place()
	}
	l, err := t.room.Say(from, text)
	if err != nil {
		return l, err
	}
	if t.said == nil {
		t.said = map[uint64]host.Place{}
	}
	t.said[l.Seq] = at
	// The room keeps its last History lines: older marks serve nobody.
	delete(t.said, l.Seq-uint64(t.h.cfg.Chat.Config().History))
	return l, nil
}

// Placed is where the game stood when the table's talk took line seq
// (Say); false for a line it did not mark (said before the server
// restarted, or gone from the room's history).
func (t *Table) Placed(seq uint64) (host.Place, bool) {
	t.talkMu.Lock()
	defer t.talkMu.Unlock()
	p, ok := t.said[seq]
	return p, ok
}

// closeRoom closes the table's room once the hall forgets the table.
func (t *Table) closeRoom() {
	if t.room != nil {
		t.room.Close()
	}
}

// reopen lists the table again when "again" started a new game at it
// after the last was filed (files.go).
func (t *Table) reopen() {
	t.mu.Lock()
	if t.released || t.closed != "" {
		t.mu.Unlock()
		return
	}
	t.filed = false
	t.watched = nil // a new game: no deal of it was watched yet
	t.publishSeen()
	// A person the others started without (away, or here and said no)
	// holds the seat no more: a bot plays it (files.botSeats took their
	// key from the tags). They read why when they next come.
	var out []string
	if tg := t.files.tags.Load(); tg != nil {
		for i, s := range t.seats {
			if s.player.ID == "" || i >= len(tg.keys) || tg.keys[i] != "" {
				continue
			}
			out = append(out, Who(s.player))
			if t.without == nil {
				t.without = map[string]bool{}
			}
			t.without[s.player.ID] = true
			t.h.tell(s.player.ID, fmt.Sprintf("Table %s started its next game without you: a bot took your seat. "+
				"The game you played there is in your history.", t.code))
			s.player, s.leftOver = Player{}, false
			if c := s.conn; c != nil {
				// Here, they said no to the game (host.Port.NoAgain):
				// their connection holds the seat no more either.
				c.left = true
				c.end()
				s.conn = nil
			}
		}
	}
	t.h.list(t) // under the lock: release unlists under it too
	t.mu.Unlock()
	t.logf("a new game (again)")
	switch {
	case len(out) == 1:
		t.logf("%s holds the seat no more: a bot plays it", out[0])
	case len(out) > 1:
		t.logf("%s hold their seats no more: bots play them", strings.Join(out, ", "))
	}
}

// QuietDeal reports whether sn shows a deal being played: dealt, and
// neither over nor the game. At a rated table of three or four nobody
// talks then (Quiet).
func QuietDeal(sn host.Snapshot) bool { return sn.HasDeal && !sn.Between && !sn.Over }

// quiet reports whether the table is one of three or four seats whose
// game is rated (rated) and plays a deal now that one of its people has
// seen (host.Host.DealSeen, QuietDeal's state read from the game
// itself): a word said anywhere by one of its people could tell a
// partner, or the other defender, what a hand holds. That holds while
// nobody is at the table too: the game stands still in the middle of
// its deal, and its people could otherwise all step out, talk about
// their hands and come back. A deal dealt while they were all away
// (stepped out between deals) has shown nobody a hand: they talk freely
// until one comes back to it. The quiet ends with the deal, the game,
// or the table: filed, closed, or abandoned by the hall once nobody
// came back for Config.Abandon. With a person at the table the state is
// read from their port, so that it changes exactly when what the people
// see changes (the host's own flag moves a moment before the snapshots
// go out). t.mu is held (neither takes a lock).
func (t *Table) quiet() bool {
	if len(t.seats) < 3 || t.game == nil || t.filed || t.closed != "" || t.released || !t.rated() {
		return false
	}
	for _, s := range t.seats {
		if s.conn != nil && s.conn.port != nil {
			return QuietDeal(s.conn.port.Snapshot())
		}
	}
	return t.game.DealSeen()
}

// Quiet reports whether the table is quiet now (quiet): nobody at it,
// spectators included, talks anywhere.
func (t *Table) Quiet() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.quiet()
}

// QuietHow says how a rated deal keeps a person quiet (Hall.Quiet).
type QuietHow int

// The ways a rated deal keeps a person quiet.
const (
	QuietNone  QuietHow = iota // no rated deal does
	QuietSaw                   // they watched a deal still played, and left
	QuietWatch                 // they watch the table playing it
	QuietSeat                  // they hold a seat at the table playing it
)

// Quiet returns the code of a table where the person of key id holds a
// seat, or which they watch or watched during the deal it plays, and
// which is quiet now (a deal of its rated game of three or four
// played): the lowest of several, a seat's first; "" for none. how says
// which of the three it is, from the same look at the table, so that a
// caller need not ask the table again.
func (h *Hall) Quiet(id string) (code string, how QuietHow) {
	if id == "" {
		return "", QuietNone
	}
	for _, t := range h.all() {
		t.mu.Lock()
		seated, watches := t.seatOf(id) >= 0, t.watches(id)
		saw := !watches && t.watchedDeal(id)
		if (seated || watches || saw) && t.quiet() {
			now := QuietSaw
			switch {
			case seated:
				now = QuietSeat
			case watches:
				now = QuietWatch
			}
			apart := (now == QuietSeat) != (how == QuietSeat) // a seat goes before watching
			if code == "" || apart && now == QuietSeat || !apart && t.code < code {
				code, how = t.code, now
			}
		}
		t.mu.Unlock()
	}
	return code, how
}
