package host

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/platform/seedmix"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/serve/quietlog"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/rules"
)

// Player is who sits at a seat: a person, or a bot of a level.
type Player = session.Player

// Board is a fixed deal played as a whole game (Game.Board).
type Board = session.Board

// Game is the game a host runs, as the session takes it: the rules
// (Options.Target is the target), the seed of the first dealer and every
// deck, who sits where, the bots' factory (nil: ai.New), the start time
// recorded in the log, practice, and the board of a fixed deal.
type Game = session.Config

// Store keeps a game: the save after every change and the filing of the
// finished game. *store.Store is one. Its methods are called on the
// host's writer goroutine only, one at a time, never under a lock a
// seat's caller takes; they may be slow.
type Store interface {
	SaveCurrent(l *gamelog.Log) error
	// Archive files a finished game and returns where (a path a local
	// player may read, "" when it names nothing useful).
	Archive(l *gamelog.Log) (string, error)
}

// HintFunc evaluates a seat's decision for its hint, from its view alone;
// seed is the seed of the game analysis's samples (analysis.Options).
type HintFunc func(ctx context.Context, v *rules.View, seed uint64) (eval.Evaluation, error)

// Config is what a host needs.
type Config struct {
	// Game is the game. With its Board set, a duplicate board, the game
	// is over with the deal and each bot is bounded by its work (no Think
	// deadline: its play depends on the board and the people's actions,
	// never on the clock). Resume needs the Board again.
	Game
	// NoHints refuses hints (Port.Hint): on a duplicate board the hint
	// would be the advice of the bot that sets par.
	NoHints bool
	// NoHintsFor, when set, decides from a game's players whether it
	// refuses hints too, for each game the host plays: the first, one
	// resumed, and each "again" starts, whose seats may be bots' now
	// (a rated game between people gives none; one no rating counts
	// does).
	NoHintsFor func(players []Player) bool

	// Store keeps the game; nil plays without saving.
	Store Store
	// Clock drives every wait; nil is the system clock.
	Clock Clock
	// Slots bounds the bots and hints of every game of a server; nil
	// bounds nothing.
	Slots *Slots

	// Pace is the least time between a move and a bot's next, so people
	// can follow; TrickPace the same after a move that finished a trick
	// (the trick stays on view).
	Pace, TrickPace time.Duration
	// Think is a bot's budget (default 5 s): its context ends then.
	Think time.Duration
	// HoldTricks keeps a finished trick on the table, when a bot leads
	// the next, until a person says Ready.
	HoldTricks bool
	// Takebacks lets people take back their decisions (Port.Undo).
	Takebacks bool
	// NoClaims refuses claims (Port.Claim): a game of several people,
	// where a claim would play a partner's cards for them.
	NoClaims bool
	// Grace is how long a dropped person's seat waits before a bot of
	// TakeoverLevel plays it (default 2 minutes; TakeoverLevel default
	// normal).
	Grace         time.Duration
	TakeoverLevel ai.Level
	// MoveClock is how long a person here may take over a decision, or
	// over Ready between deals, while another person is at the game: then
	// the bot of TakeoverLevel makes that one decision for them (recorded
	// as a takeover's move), or they are marked ready. After idleAfter
	// run-outs in a row the seat is idle: the bot decides for them at
	// once until they act or press a key (Port.Here). 0 is no clock (a
	// game alone; a person alone with bots is never hurried anyway).
	MoveClock time.Duration

	// Hint evaluates a hint (nil: the game analysis's evaluation of the
	// decision, on one core a slot with Slots); HintBudget bounds it
	// (default 5 s).
	Hint       HintFunc
	HintBudget time.Duration
	// RetryFiling is the first wait before filing a finished game again
	// after a failure (default 5 s); it doubles up to 5 minutes.
	RetryFiling time.Duration
	// Server hides the server's file paths from the people: save errors
	// name what failed, not where.
	Server bool
	// Logf logs what happens to the game (a server's log); nil discards.
	Logf func(format string, args ...any)
	// Who names the person at seat s, called name, in Logf's lines (a
	// server adds the short tag of their key, as its other lines do);
	// nil names them by name.
	Who func(s rules.Seat, name string) string

	// Private refuses spectators (Watch); SetPrivate changes it later.
	Private bool
	// StandStill keeps the game still while every person of it is away,
	// spectators or not: no bot moves, no deal is dealt, and the game
	// goes on where it stood when one of them comes back. A shared
	// table says it is paused then; bots playing on for its spectators
	// would play the people's game without them. Without it the bots
	// play on for a spectator as for a person.
	StandStill bool
	// NewSeed draws the seed of a game started by "again" (Port.Again):
	// nil draws a secret one from crypto/rand, so nobody can know the
	// decks to come. Tests give a fixed one.
	NewSeed func() uint64
	// Tags are extra header tags every game of this host writes in its
	// log, a rematch's too (a server's table code, the people's keys).
	Tags []gamelog.Tag
	// AgainBot is the bot that takes the seat of a person who played the
	// game and is away at its end, when the people here start the next
	// game without them (Port.AgainWithBots); nil offers no such start,
	// and the next game waits for every person who played.
	AgainBot func(s rules.Seat) Player
	// OverWait is how long the seat of a person who leaves at the game's
	// end stays theirs (default DefaultOverWait): a connection cut there must not
	// cost them their seat. Meanwhile the others cannot start the next
	// game with a bot in it (AgainWithBots), and the person coming back
	// finds their answer (again, or no) as they left it.
	OverWait time.Duration
}

// DefaultOverWait is Config.OverWait's default: long enough for a cut
// connection to come back, short enough that the others hardly wait.
const DefaultOverWait = 30 * time.Second

// The errors of a Port.
var (
	ErrClosed      = errors.New("the game is closed")
	ErrLeft        = errors.New("this connection has left the seat")
	ErrKicked      = errors.New("your seat was taken over from another connection of yours")
	ErrStale       = errors.New("the game has moved on since you looked: look again")
	ErrNotYourTurn = errors.New("it is not your turn")
	ErrBotSeat     = errors.New("a bot is making your seat's move")
	ErrNotBetween  = errors.New("there is nothing to go on to: the deal goes on")
	ErrGameOver    = errors.New("the game is over")
	ErrNoTakebacks = errors.New("takebacks are off in this game")
	ErrRevealed    = errors.New("cards were shown or told of since your last decision: it stands")
	// ErrClaimStands refuses a takeback across an accepted claim, as
	// the session does.
	ErrClaimStands = session.ErrClaimStands
	ErrStoodIn     = errors.New("a bot made your seat's last move while you were away: it stands")
	ErrNoPerson    = errors.New("a bot plays that seat")
	ErrClaimed     = errors.New("your side has claimed the rest of the deal")
	ErrNoHints     = errors.New("there are no hints in this game")
	ErrBoardOnce   = errors.New("a board is played once: there is no other game here")
	ErrWatching    = errors.New("you are watching this game: spectators cannot play")
	ErrPrivate     = errors.New("this game is private: it cannot be watched")
	ErrNotOver     = errors.New("the game is not over: finish it before playing again")
	ErrNoClaims    = errors.New("claims are off in this game")
	ErrNoAgainBots = errors.New("the next game here waits for everyone who played")
	ErrNotAllAgain = errors.New("not everyone here has said again yet")
	ErrNotFiled    = errors.New("the game is not filed yet: the next game waits for it")
	ErrOverWait    = errors.New("a person who left at the end may still come back: the next game waits for them a little")
)

// Host runs one game on its own goroutine: the people's moves come in
// through their seats' Ports; the bots think on goroutines of their
// own, off the host's; saves go to a writer goroutine in order. Every
// seat sees the game through a Port only.
type Host struct {
	cfg   Config
	clock Clock
	logf  func(string, ...any)
	// comings bounds the lines of a person dropping from the seat and
	// coming back (kindComings), per person.
	comings *quietlog.Log

	events chan func()
	stop   chan struct{} // closed by Close
	done   chan struct{} // closed when the loop has stopped
	ctx    context.Context
	cancel context.CancelFunc
	work   sync.WaitGroup // the bots', hints' and claims' goroutines
	w      *writer
	once   sync.Once

	st *state // the game; only the loop goroutine touches it
	// inDeal says whether a deal shown to a person is being played
	// (DealSeen): the loop sets it before the seats' snapshots go out,
	// false once stopped.
	inDeal atomic.Bool
	// takenOver has a bit for each person's seat a bot plays because
	// they left and did not come back in time (BotPlays), set by the
	// loop as inDeal is.
	takenOver atomic.Uint32
	// place is where the game stands (Place), set by the loop as inDeal
	// is.
	place atomic.Pointer[Place]
	// replies are the answers to the callers of the event being handled,
	// sent once the snapshots are out; only the loop touches them.
	replies []func()

	// What outlives a game when "again" starts the next; only the loop
	// touches it. watchers are the spectators' ports and eye the port a
	// spectator's snapshot is built for (one for them all); bells count,
	// by seat, the decisions that came after another seat's move, and
	// turnWas says whose decision it was at the last event; cause is the
	// seat whose call the event being handled is (NoSeat for a bot, a
	// timer, the disk).
	private  bool
	watchers map[*port]struct{}
	eye      *port
	bells    []int
	turnWas  []bool
	cause    rules.Seat
}

// New starts a new game. Nothing moves until a person's Port connects
// (Seat); the first deal is dealt then.
func New(cfg Config) (*Host, error) {
	s, err := session.New(cfg.Game)
	if err != nil {
		return nil, err
	}
	return start(cfg, s, nil)
}

// Resume continues the game a log saved: the players, levels and rules
// come from the log, the decks still to come as session.Resume draws
// them (the log's seed when it deals the log, else a seed from the
// log's first deck, cfg.Seed before any deal). The log's comments say which seats a bot had
// taken from a dropped person: bots play them again until the person
// comes back and a deal starts.
func Resume(l *gamelog.Log, cfg Config) (*Host, error) {
	s, err := session.Resume(l, cfg.Game)
	if err != nil {
		return nil, err
	}
	return start(cfg, s, l)
}

func start(cfg Config, s *session.Session, l *gamelog.Log) (*Host, error) {
	if cfg.Clock == nil {
		cfg.Clock = SystemClock()
	}
	if cfg.NewBot == nil {
		cfg.NewBot = ai.New
	}
	if cfg.Think <= 0 {
		cfg.Think = 5 * time.Second
	}
	if cfg.Grace <= 0 {
		cfg.Grace = 2 * time.Minute
	}
	if cfg.OverWait <= 0 {
		cfg.OverWait = DefaultOverWait
	}
	if cfg.TakeoverLevel == "" {
		cfg.TakeoverLevel = ai.Normal
	}
	if cfg.Hint == nil {
		// A server's slot is one core, as its bots and analyses take.
		workers := 0
		if cfg.Slots != nil {
			workers = 1
		}
		cfg.Hint = analysisHint(workers)
	}
	if cfg.HintBudget <= 0 {
		cfg.HintBudget = 5 * time.Second
	}
	if cfg.RetryFiling <= 0 {
		cfg.RetryFiling = 5 * time.Second
	}
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	if cfg.Who == nil {
		cfg.Who = func(_ rules.Seat, name string) string { return name }
	}
	if cfg.NewSeed == nil {
		cfg.NewSeed = seedmix.Secret
	}
	h := &Host{cfg: cfg, clock: cfg.Clock, logf: cfg.Logf, events: make(chan func(), 64),
		stop: make(chan struct{}), done: make(chan struct{}),
		private: cfg.Private, watchers: map[*port]struct{}{}, cause: rules.NoSeat}
	h.comings = quietlog.New(cfg.Clock.AfterFunc, func(line string) { cfg.Logf("%s", line) }, kindComings)
	h.eye = newPort(h, rules.NoSeat)
	n := s.Game().Players()
	h.bells, h.turnWas = make([]int, n), make([]bool, n)
	h.ctx, h.cancel = context.WithCancel(context.Background())
	st, err := newState(h, s, l)
	if err != nil {
		return nil, err
	}
	h.st = st
	if st.dealInPlay() {
		st.seenDeal = st.sess.Game().DealNo() // its people saw it before the restart
	}
	h.inDeal.Store(st.dealSeen())
	h.takenOver.Store(st.takenOver())
	h.place.Store(st.place())
	h.w = newWriter(h)
	// A resumed game that was over but not yet filed is filed now,
	// whoever comes (the loop is not running yet: no race).
	st.flush()
	go h.w.run()
	go h.run()
	return h, nil
}

// analysisSeed is the seed the hints sample with: the game analysis's
// default (analysis.Options' zero value, klob analyze's and the
// replay's), so that a hint is what the analysis of the game will say.
const analysisSeed = 0

// analysisHint is the default hint: the evaluation the game's analysis
// grades the decision by (analysis.Evaluate, with the seed the host
// gives: the analysis's), so that the hint and `klob analyze` or the
// replay's analysis later rank the options alike, on the same figures,
// and grade each alike. Its evaluation runs on workers goroutines (0:
// every core); the figures do not depend on them. Each hint has an
// evaluator of its own, as two seats' hints may run at once; they share
// the win tables.
func analysisHint(workers int) HintFunc {
	wins := &eval.WinTables{}
	return func(ctx context.Context, v *rules.View, seed uint64) (eval.Evaluation, error) {
		an, err := analysis.Evaluate(ctx, eval.NewWith(wins), v, analysis.Options{Seed: seed, Workers: workers})
		if err == nil && an.Samples == 0 {
			err = errors.New("no time to evaluate")
		}
		return an.Evaluation(), err
	}
}

// run is the host's loop: it takes one event at a time (a person's
// action, a bot's answer, a timer, a save's result), moves the game on
// as far as it goes by itself and tells the seats.
func (h *Host) run() {
	defer close(h.done)
	defer h.inDeal.Store(false)
	for {
		select {
		case f := <-h.events:
			if err := safely(func() error {
				f()
				// moveOn may start the next game ("again"), which then
				// moves on in turn.
				for st := h.st; ; st = h.st {
					st.moveOn()
					if h.st == st {
						break
					}
				}
				h.st.clocks()
				h.st.ring()
				h.st.flush()
				h.inDeal.Store(h.st.dealSeen())
				h.takenOver.Store(h.st.takenOver())
				h.place.Store(h.st.place())
				h.st.publish()
				h.cause = rules.NoSeat
				return nil
			}); err != nil {
				// A fault of this game must not take the server down:
				// the game stops, its seats are told, the log says why.
				h.logf("the game stopped: %v", err)
				h.st.setNote(Note{Kind: NoteError, Seat: rules.NoSeat, Text: "the game stopped on an error"})
				_ = safely(func() error { h.st.shutdown(); return nil })
				h.reply()
				return
			}
			h.reply()
		case <-h.stop:
			h.st.shutdown()
			return
		}
	}
}

// reply answers the callers of the event just handled.
func (h *Host) reply() {
	for _, r := range h.replies {
		r()
	}
	h.replies = h.replies[:0]
}

// safely runs f, turning a panic into an error with its stack.
func safely(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v\n%s", r, debug.Stack())
		}
	}()
	return f()
}

// post hands f to the loop; it does nothing once the host has stopped.
func (h *Host) post(f func()) {
	select {
	case h.events <- f:
	case <-h.done:
	}
}

// call runs f on the loop and returns its answer, ErrClosed once the
// host has stopped. The answer comes once the seats' snapshots show what
// f did, so a caller reads the game after its own action. f does no
// slow work, so a caller (a Bubble Tea Update) waits only for the
// loop's turn.
func (h *Host) call(f func() error) error {
	reply := make(chan error, 1)
	ev := func() {
		err := f()
		h.replies = append(h.replies, func() { reply <- err })
	}
	select {
	case h.events <- ev:
	case <-h.done:
		return ErrClosed
	}
	select {
	case err := <-reply:
		return err
	case <-h.done:
		select {
		case err := <-reply:
			return err
		default:
			return ErrClosed
		}
	}
}

// Seat connects a person to their seat and returns its Port. A newer
// connection to a seat takes it from an older one, whose Port then
// refuses everything (Snapshot.Kicked). A person who comes back to a
// seat a bot took plays it again from its next decision, once a move
// the bot is making for it lands.
func (h *Host) Seat(s rules.Seat) (Port, error) {
	var p *port
	err := h.call(func() (err error) {
		h.cause = s
		p, err = h.st.join(s)
		return err
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Close stops the game: the bots, hints and timers stop, the seats'
// Updates close, and the last change is written before Close returns
// (it waits for the file system). A game not over stays saved, to be
// resumed.
func (h *Host) Close() {
	h.once.Do(func() {
		close(h.stop)
		<-h.done
		h.cancel()
		h.work.Wait()
		h.w.close()
	})
}

// Abandon files the game as it stands, over or not (a game given up, a
// shared game nobody came back to), and stops it: nothing is saved
// after. It waits for the file system, as Close does.
func (h *Host) Abandon() error {
	err := h.call(func() error {
		h.st.abandon()
		return nil
	})
	h.Close()
	return err
}

// Save has the writer save the game as it stands, though no move
// changed it: the Store may add to the game what the host does not
// keep (a shared table's privacy, its spectators), and a change of that
// is to be on the disk as a move is. Nothing is saved once the finished
// game is being filed, or the host has stopped (ErrClosed).
func (h *Host) Save() error {
	return h.call(func() error {
		h.st.changed = true
		return nil
	})
}

// DealSeen reports whether a deal is being played (dealt, and neither
// over nor waiting for the next, nor the game over) that a person at a
// seat has been shown: false for a deal dealt while every person was
// away, until one comes back to it, and false once the host has
// stopped. It waits for nothing (no loop's turn, no lock), so it may be
// asked under any lock, with nobody connected to the game: a game all
// its people left stands still in the middle of its deal.
func (h *Host) DealSeen() bool { return h.inDeal.Load() }

// Place is where the game stands now (Snapshot.Place), read without
// waiting for the loop: the table's talk marks each line with it.
func (h *Host) Place() Place { return *h.place.Load() }

// BotPlays reports whether a bot plays seat s for its person, who left
// and did not come back in time (SeatTakeover, SeatBack). Like DealSeen
// it waits for nothing, so it may be asked under any lock.
func (h *Host) BotPlays(s rules.Seat) bool {
	return s >= 0 && s < 32 && h.takenOver.Load()&(1<<s) != 0
}

// Done is closed once the host has stopped.
func (h *Host) Done() <-chan struct{} { return h.done }

// Log returns the game's log as it stands (for a replay or an analysis
// after the game); it waits for the loop's turn.
func (h *Host) Log() (*gamelog.Log, error) {
	var l *gamelog.Log
	err := h.call(func() error {
		l = h.st.log()
		return nil
	})
	return l, err
}

// HiddenFrom returns the number of the deal shown and every card seat s
// may not know of it: the other hands (a partner's too) less what its
// view knows of them, and the cards it cannot place (for a spectator,
// s is rules.NoSeat). It is for tests and audits that check no screen
// shows them; it is never sent to a seat.
func (h *Host) HiddenFrom(s rules.Seat) (deal int, hidden rules.CardSet, err error) {
	err = h.call(func() error {
		st := h.st
		if !st.hasDeal() {
			return nil
		}
		d := st.sess.Deal()
		v := d.View(s)
		hidden = v.Unseen()
		for o := range rules.Seat(d.Players()) {
			if o != s {
				hidden |= d.Hand(o) &^ v.Known(o)
			}
		}
		deal = st.dealShown()
		return nil
	})
	return deal, hidden, err
}

// after calls f on the loop once d has passed on the host's clock; the
// returned function cancels it.
func (h *Host) after(d time.Duration, f func()) func() bool {
	return h.clock.AfterFunc(d, func() { h.post(f) })
}

// errorText is err as the people read it: on a server without the
// server's paths.
func (h *Host) errorText(err error) string {
	if err == nil {
		return ""
	}
	if h.cfg.Server {
		return publicError(err)
	}
	return err.Error()
}

// AgainstBots is the seats of a game of one person against bots of
// level: the person at seat, the bots named by where they sit around
// the person (the bot across at two; West on the left and East on the
// right at three; North opposite, the partner, at four).
func AgainstBots(n int, person Player, seat rules.Seat, level ai.Level) []Player {
	ps := make([]Player, n)
	for i := range ps {
		name := ai.PlaceName(n, i)
		if name == "" {
			name = "Bot"
		}
		ps[rules.SeatAfter(seat, i, n)] = Player{Name: name, Level: level}
	}
	ps[seat] = person
	return ps
}
