package tourney

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// seatKey is an entrant of a tournament.
type seatKey struct{ code, key string }

// live is an entrant's board in play: its host, while a connection of
// theirs is at it. mu orders the starts and the closes of the
// entrant's boards (one board at a time per entrant); users and h are
// also read under Service.mu. refs counts the Plays and seats holding
// it (Service.mu): the service forgets it once none does and no host
// runs, so that entrants come and gone leave nothing behind.
type live struct {
	mu    sync.Mutex
	k     seatKey
	h     *host.Host
	set   *duplicate.BoardSet // h's board's set
	n     int                 // the board's number
	users int                 // the connections at it (Service.mu)
	refs  int                 // (Service.mu)
}

// Seat is a connection's place at its board: the table screen plays
// Port. Leave gives it up; the board's host stops once nobody of the
// entrant's is at it (its last moves written), and the board resumes
// from its log next time.
type Seat struct {
	Port   host.Port
	Board  int // its number, from 1
	Boards int // how many the tournament has
	// Resumed is set when the board was begun before (left in the
	// middle, or a restart).
	Resumed bool
	// DealtAgain is set when the board's saved play could not be read
	// (kept aside for the operator) and it is dealt again from its
	// start: the person is told, not left to wonder.
	DealtAgain bool
	// Ends is the tournament's end as it stood when the seat was
	// taken; its host may end it sooner (WaitEnded).
	Ends time.Time

	s     *Service
	l     *live
	once  sync.Once
	code  string
	end   *endSignal      // held until the seat is given up
	ended <-chan struct{} // closed when the host ends the tournament
	left  chan struct{}   // closed when the seat is given up
}

// newSeat is a seat at l's board n of tournament t, holding l and end
// (its end signal) until given up.
func (s *Service) newSeat(t clubdb.Tournament, end *endSignal, l *live, port host.Port, n, boards int, resumed bool) *Seat {
	s.mu.Lock()
	l.refs++ // the seat's, given up with it
	s.mu.Unlock()
	return &Seat{Port: port, Board: n, Boards: boards, Resumed: resumed, Ends: t.Ends, s: s, l: l,
		code: t.Code, end: end, ended: end.ch, left: make(chan struct{})}
}

// WaitEnded waits until the tournament's host ends it early (true) or
// the seat is given up (false), so that the board's screen says at once
// that the board no longer counts. An end at Ends signals nothing: the
// screen knows when that comes.
func (t *Seat) WaitEnded() bool {
	select {
	case <-t.ended:
		return true
	case <-t.left:
		return false
	}
}

// Leave gives the seat up (once; never waits for the disk): with the
// last connection, the board's host is closed on a goroutine of its own.
func (t *Seat) Leave() { t.giveUp(false) }

// Close is Leave, and when this was the last connection at the board it
// waits for the board's host to stop: its end is written and, for a
// board played out, its result recorded once Close returns. It waits for
// the disk: call it off a screen's Update.
func (t *Seat) Close() { t.giveUp(true) }

// giveUp gives up the port, once; the last connection at the board
// closes its host, waiting for it when wait is set.
func (t *Seat) giveUp(wait bool) {
	t.once.Do(func() {
		close(t.left)
		t.Port.Leave()
		t.s.releaseEndSignal(t.code, t.end)
		t.s.mu.Lock()
		t.l.users--
		last := t.l.users == 0
		t.s.mu.Unlock()
		switch {
		case last && wait:
			t.s.closeHost(t.l, true)
			t.s.unref(t.l)
		case last:
			go func() {
				t.s.closeHost(t.l, true)
				t.s.unref(t.l)
			}()
		default:
			t.s.unref(t.l)
		}
	})
}

// closeHost closes l's host; when idle, only if nobody came back to it
// meanwhile.
func (s *Service) closeHost(l *live, idle bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	s.mu.Lock()
	h := l.h
	if idle && l.users > 0 {
		h = nil
	} else {
		l.h = nil
	}
	s.mu.Unlock()
	if h != nil {
		h.Close()
	}
}

// entry returns the entrant's live, made on first use, held until
// unref.
func (s *Service) entry(k seatKey) *live {
	s.mu.Lock()
	defer s.mu.Unlock()
	l := s.live[k]
	if l == nil {
		l = &live{k: k}
		s.live[k] = l
	}
	l.refs++
	return l
}

// unref gives up a hold of l: the last, with no host running, forgets
// it. A host closes (its last write done) before its seat's hold goes,
// so a live made again for the entrant starts nothing beside it.
func (s *Service) unref(l *live) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if l.refs--; l.refs == 0 && l.h == nil && s.live[l.k] == l {
		delete(s.live, l.k)
	}
}

// Play seats p at their next board of the tournament of code: the board
// in progress (where they left it, from its log after a restart, or at
// the host still running when another connection of theirs is at it),
// else the first board not played, recorded as begun before it is
// dealt. p must have entered (ErrNotEntered); ErrAllPlayed when every
// board is played, ErrOver after the end.
func (s *Service) Play(ctx context.Context, p Player, code string) (seat *Seat, err error) {
	// The end signal is held before the tournament is read: an end
	// written after the read signals the seat.
	end := s.holdEndSignal(code)
	defer func() {
		if seat == nil {
			s.releaseEndSignal(code, end)
		}
	}()
	t, err := s.openedBy(ctx, p, code, ErrGuest)
	if err != nil {
		return nil, err
	}
	if !s.Now().Before(t.Ends) {
		return nil, ErrOver
	}
	set, err := s.set(ctx, t)
	if err != nil {
		return nil, err
	}
	l := s.entry(seatKey{t.Code, p.Key})
	defer s.unref(l)
	l.mu.Lock()
	defer l.mu.Unlock()
	if s.isClosed() {
		return nil, ErrClosed
	}
	if seat := s.rejoin(t, end, l, set); seat != nil {
		return seat, nil
	}
	mine, err := s.cfg.DB.BoardsOf(ctx, t.Code, p.Key)
	if err != nil {
		return nil, s.dbErr(err)
	}
	n, rel, resumed := nextBoard(mine, len(set.Boards))
	if n == 0 {
		return nil, ErrAllPlayed
	}
	if err := s.cfg.DB.SeePlayer(ctx, p.Key, p.Name); err != nil {
		return nil, s.dbErr(err)
	}
	if !resumed {
		entered, err := s.entered(ctx, t.Code, p.Key)
		if err != nil {
			return nil, err
		}
		if !entered {
			return nil, ErrNotEntered
		}
		rel = boardPath(t.Code, p.Key, n)
		// Begun before it is dealt: a board once seen is played.
		if err := s.cfg.DB.StartBoard(ctx, t.Code, p.Key, n, rel); err != nil {
			return nil, s.overErr(err)
		}
	}
	s.markPlayed(p.Key, s.info(t))
	h, again, err := s.startHost(t.Code, p, set, n, rel, resumed)
	if err != nil {
		return nil, err
	}
	port, err := h.Seat(set.Seat)
	if err != nil {
		h.Close()
		return nil, fmt.Errorf("board %d: %w", n, err)
	}
	s.mu.Lock()
	l.h, l.set, l.n, l.users = h, set, n, 1
	s.mu.Unlock()
	seat = s.newSeat(t, end, l, port, n, len(set.Boards), resumed)
	seat.DealtAgain = again
	return seat, nil
}

// rejoin seats another connection at the entrant's board in play, if
// one is and its deal goes on; a board whose deal is over is closed (the
// next is wanted). l.mu is held.
func (s *Service) rejoin(t clubdb.Tournament, end *endSignal, l *live, set *duplicate.BoardSet) *Seat {
	s.mu.Lock()
	h, n := l.h, l.n
	s.mu.Unlock()
	if h == nil {
		return nil
	}
	if !boardOver(h) {
		if np, err := h.Seat(set.Seat); err == nil {
			s.mu.Lock()
			l.users++
			s.mu.Unlock()
			return s.newSeat(t, end, l, np, n, len(set.Boards), true)
		}
	}
	s.mu.Lock()
	l.h = nil
	s.mu.Unlock()
	h.Close()
	return nil
}

// AtBoard reports whether a connection of key is at their board of the
// tournament of code now: a connection that holds no seat there reads
// that its board is open in another connection of the person's, which
// Play takes it over from. It reads memory only.
func (s *Service) AtBoard(code, key string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	l := s.live[seatKey{code, key}]
	return l != nil && l.h != nil && l.users > 0
}

// nextBoard is the entrant's board to play: the one begun and not
// finished (with its log), else the first not begun; 0 when every board
// is played.
func nextBoard(mine []clubdb.BoardResult, boards int) (n int, rel string, resumed bool) {
	begun := map[int]bool{}
	for _, b := range mine {
		begun[b.Board] = true
		if !b.Finished {
			return b.Board, b.Log, true
		}
	}
	for n := 1; n <= boards; n++ {
		if !begun[n] {
			return n, "", false
		}
	}
	return 0, "", false
}

// boardOver reports whether h's board is played out (or h stopped).
func boardOver(h *host.Host) bool {
	l, err := h.Log()
	if err != nil {
		return true
	}
	rp, err := l.Replay()
	return err != nil || len(rp.Deals) == 1 && rp.Deals[0].Done
}

// entered reports whether key entered code.
func (s *Service) entered(ctx context.Context, code, key string) (bool, error) {
	es, err := s.cfg.DB.Entrants(ctx, code)
	if err != nil {
		return false, s.dbErr(err)
	}
	return slices.ContainsFunc(es, func(e clubdb.Entrant) bool { return e.Key == key }), nil
}

// boardPath is where an entrant's board is kept, relative to
// Config.Dir.
func boardPath(code, key string, n int) string {
	return filepath.Join(code, key, fmt.Sprintf("board-%02d.klob", n))
}

// players are a board's seats: the person at the set's seat, the bots
// elsewhere.
func players(set *duplicate.BoardSet, name string) []host.Player {
	return host.AgainstBots(set.Players(), host.Player{Name: name, Human: true}, set.Seat, set.Level)
}

// Log header tags of a tournament's board.
const (
	TagTournament = "Tournament"
	TagBoard      = "Board"
	TagKey        = "Key"
)

// startHost starts the host of board n: dealt anew, or resumed from
// its log at rel. A log that is missing (nothing was saved before a
// crash) deals the board anew; one that does not read is moved aside
// and the board dealt anew (again), the server's log saying so, and one
// that cannot be moved keeps the board from starting.
func (s *Service) startHost(code string, p Player, set *duplicate.BoardSet, n int, rel string, resume bool) (h *host.Host, again bool, err error) {
	b, _ := set.Board(n)
	// The log names the board's player as a table's lines name a
	// person: their name and the short tag of their key.
	store := &boardStore{s: s, code: code, key: p.Key, who: hall.Who(hall.Player{ID: p.Key, Name: p.Name}), n: n, rel: rel, set: set}
	cfg := host.Config{Game: host.Game{Options: set.Options, Players: players(set, p.Name), NewBot: s.cfg.NewBot, Start: s.Now(),
		Board: &host.Board{Dealer: b.Dealer, Deck: b.Deck, BotSeed: b.BotSeed, Chance: b.Chance}},
		Store: store, Clock: s.cfg.Clock, Slots: s.cfg.Slots, Pace: s.cfg.Pace, TrickPace: 2 * s.cfg.Pace,
		NoHints: true, Server: true, Private: true,
		// The game's lines (a drop, a filing, a failing bot) say whose
		// board of which tournament they are about, as the other lines
		// of a board do.
		Logf: store.logf,
		Tags: []gamelog.Tag{{Name: TagTournament, Value: code}, {Name: TagBoard, Value: strconv.Itoa(n)},
			{Name: TagKey, Value: p.Key}}}
	if !resume {
		if err := store.setAsideUnknown(); err != nil {
			return nil, false, err
		}
	} else {
		l, err := gamelog.ReadFile(store.path())
		if err == nil {
			h, rerr := host.Resume(l, cfg)
			if rerr == nil {
				return h, false, nil
			}
			err = rerr
		}
		if !errors.Is(err, fs.ErrNotExist) {
			// Dealt again only once the log is out of the way: the new
			// board's first save would write over one left in place.
			d := store.setAside("a board in progress", "damaged", err)
			if d.Aside == "" {
				store.logf("%v: not dealt again over it", d)
				return nil, false, fmt.Errorf("board %d could not start (the server's log says why)", n)
			}
			store.logf("%v: dealt again", d)
			again = true
		}
	}
	h, err = host.New(cfg)
	if err != nil {
		return nil, false, fmt.Errorf("board %d: %w", n, err)
	}
	return h, again, nil
}

// setAsideUnknown moves a log already at rel, the place of a board the
// database says was never begun, into "superseded" beside it: a log from
// before the database was rebuilt (a rebuild keeps no tournaments), of
// other cards, which the new board would write over. A log that cannot
// be moved keeps the board from starting.
func (b *boardStore) setAsideUnknown() error {
	f, err := b.s.fs.Open(b.path())
	if err != nil {
		return nil // none: the usual case
	}
	_ = f.Close()
	d := b.setAside("a board's log", "superseded", errors.New("the club's database has no record of it"))
	if d.Aside == "" {
		b.logf("a log the database has no record of is at %s and could not be set aside: %v", d.Path, d.Err)
		return fmt.Errorf("board %d could not start (the server's log says why)", b.n)
	}
	b.logf("a log the database has no record of (a database rebuilt?) is kept as %s", d.Aside)
	return nil
}

// boardStore keeps an entrant's board: its log after every move, and
// once played its result in the database. It is the board's
// host.Store: its methods run on the host's writer, one at a time.
type boardStore struct {
	s         *Service
	code, key string
	who       string // the player as the log names them
	n         int
	rel       string
	set       *duplicate.BoardSet
}

// path is where the board's log is.
func (b *boardStore) path() string { return filepath.Join(b.s.cfg.Dir, b.rel) }

// logf logs a line about the board: whose, of which tournament.
func (b *boardStore) logf(f string, a ...any) {
	b.s.cfg.Logf("tournament %s, board %d of %s: "+f, append([]any{b.code, b.n, b.who}, a...)...)
}

// setAside moves the board's log into dir beside it (durable.Damaged:
// what it is, and cause, why).
func (b *boardStore) setAside(what, dir string, cause error) *durable.DamagedError {
	path := b.path()
	return durable.Damaged(b.s.fs, what, path, filepath.Join(filepath.Dir(path), dir), fmt.Sprintf("board-%02d", b.n), ".klob", cause)
}

func (b *boardStore) write(l *gamelog.Log) ([]byte, error) {
	data, err := l.MarshalText()
	if err == nil {
		err = b.s.writeFile(b.path(), ".board-*.tmp", data)
	}
	return data, err
}

// SaveCurrent writes the board in progress.
func (b *boardStore) SaveCurrent(l *gamelog.Log) error {
	_, err := b.write(l)
	return durable.Public(err)
}

// Archive writes the board played out and records its result. A board
// finished after the end does not count: it is kept, not recorded.
func (b *boardStore) Archive(l *gamelog.Log) (string, error) {
	data, err := b.write(l)
	if err != nil {
		return "", durable.Public(err)
	}
	return "", b.record(l, data)
}

// record records the result of the board played out in l, whose text
// is data. A board not played out is an error.
func (b *boardStore) record(l *gamelog.Log, data []byte) error {
	if len(l.Deals) != 1 {
		return fmt.Errorf("board %d: its log holds %d deals", b.n, len(l.Deals))
	}
	bd, _ := b.set.Board(b.n)
	d, err := bd.Replay(b.set.Options, l.Deals[0].Steps)
	if err != nil {
		return err
	}
	if !d.Over() {
		return errNotPlayedOut
	}
	result := duplicate.Result(&d, b.set.Seat)
	err = b.s.cfg.DB.FinishBoard(context.Background(), b.code, b.key, b.n, result, b.rel, clubdb.SumLog(data))
	switch {
	case errors.Is(err, clubdb.ErrTournamentOver):
		b.s.cfg.Logf("tournament %s: board %d of %s finished after the end: it does not count", b.code, b.n, b.who)
		return nil
	case errors.Is(err, clubdb.ErrBoardFinished):
		return nil
	case err != nil:
		return fmt.Errorf("the result could not be recorded: %w", b.s.dbErr(err))
	}
	return nil
}

// errNotPlayedOut: a board's log ends before its deal does.
var errNotPlayedOut = errors.New("the board is not played out")

// recordPlayed records the boards of the tournaments ts whose logs are
// played out but whose results the database has not: the server
// stopped between a board's last move, written, and its result. Such a
// board counts, whether or not its player comes back before the end.
// A board whose log is missing, unreadable or not played out is left
// to its player, who goes on with it.
func (s *Service) recordPlayed(ctx context.Context, ts []clubdb.Tournament) {
	for _, t := range ts {
		bs, err := s.cfg.DB.Unrecorded(ctx, t.Code)
		if err == nil && len(bs) > 0 {
			var es []clubdb.Entrant
			if es, err = s.cfg.DB.Entrants(ctx, t.Code); err == nil {
				for _, br := range bs {
					if i := slices.IndexFunc(es, func(e clubdb.Entrant) bool { return e.Key == br.Key }); i >= 0 {
						s.recordBoard(ctx, t, es[i], br)
					}
				}
			}
		}
		if err != nil {
			s.cfg.Logf("tournament %s: its boards played out before the restart cannot be looked for: %v", t.Code, err)
		}
	}
}

// recordBoard records the unrecorded board br of e when its log is
// played out (recordPlayed).
func (s *Service) recordBoard(ctx context.Context, t clubdb.Tournament, e clubdb.Entrant, br clubdb.BoardResult) {
	l, err := gamelog.ReadFile(filepath.Join(s.cfg.Dir, br.Log))
	if err != nil {
		return // missing or unreadable: the board's next opening says so
	}
	set, err := s.set(ctx, t)
	if err != nil {
		s.cfg.Logf("tournament %s: %v", t.Code, err)
		return
	}
	data, err := l.MarshalText()
	if err != nil {
		return
	}
	b := &boardStore{s: s, code: t.Code, key: e.Key, who: hall.Who(hall.Player{ID: e.Key, Name: e.Name}), n: br.Board, rel: br.Log, set: set}
	switch err := b.record(l, data); {
	case errors.Is(err, errNotPlayedOut):
	case err != nil:
		b.logf("played out before the restart, but %v", err)
	default:
		b.logf("played out before the restart; its result is recorded now")
	}
}

// HiddenFrom returns the board the entrant key has in play in the
// tournament of code and every card of it their seat may not know now
// (host.Host.HiddenFrom); ok is false when none is in play. It is for
// tests and audits that check no screen shows them: never sent to
// anyone.
func (s *Service) HiddenFrom(code, key string) (board int, hidden rules.CardSet, ok bool) {
	s.mu.Lock()
	l := s.live[seatKey{code, key}]
	var h *host.Host
	var set *duplicate.BoardSet
	if l != nil {
		h, set, board = l.h, l.set, l.n
	}
	s.mu.Unlock()
	if h == nil {
		return 0, 0, false
	}
	_, hidden, err := h.HiddenFrom(set.Seat)
	return board, hidden, err == nil
}

// cachedSet is code's set if the service holds it, nil if not.
func (s *Service) cachedSet(code string) *duplicate.BoardSet {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e := s.sets[code]; e != nil {
		s.setUses++
		e.used = s.setUses
		return e.set
	}
	return nil
}
