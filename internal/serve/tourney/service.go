package tourney

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/platform/seedmix"
	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/clubdb"
)

// DB is what the service needs of the club database; *clubdb.DB is
// one. Its clock must be the service's (Config.Now): the database
// refuses a board finished after the end by its own.
type DB interface {
	SeePlayer(ctx context.Context, key, name string) error
	Player(ctx context.Context, key string) (clubdb.Player, error)
	CreateTournament(ctx context.Context, t clubdb.Tournament, seed uint64) (clubdb.Tournament, error)
	Tournament(ctx context.Context, code string) (clubdb.Tournament, error)
	Tournaments(ctx context.Context) ([]clubdb.Tournament, error)
	EnteredTournaments(ctx context.Context, key string, limit int) ([]clubdb.Tournament, error)
	BoardSeed(ctx context.Context, code string) (uint64, error)
	SetPars(ctx context.Context, code string, pars []float64) error
	Pars(ctx context.Context, code string) ([]float64, error)
	Enter(ctx context.Context, code, key string) error
	EndTournament(ctx context.Context, code, key string) error
	Entrants(ctx context.Context, code string) ([]clubdb.Entrant, error)
	StartBoard(ctx context.Context, code, key string, board int, path string) error
	FinishBoard(ctx context.Context, code, key string, board int, result float64, path, sum string) error
	BoardsOf(ctx context.Context, code, key string) ([]clubdb.BoardResult, error)
	Unrecorded(ctx context.Context, code string) ([]clubdb.BoardResult, error)
	Results(ctx context.Context, code string) ([]clubdb.BoardResult, error)
}

// Config is what the service needs.
type Config struct {
	// DB is the club database; Dir the directory of the boards' logs
	// and the par lines (the state directory's tourneys/).
	DB  DB
	Dir string
	// NewBot makes the bots of the boards and of par (nil: ai.New on
	// one worker each, as the server's).
	NewBot ai.Factory
	// Slots are the server's: every decision of par's bots waits for
	// one, behind the games' bots. nil bounds nothing.
	Slots *host.Slots
	// Now is the clock of the ends and of the daily's day (nil:
	// time.Now); the DB must use the same. Location is the daily's
	// calendar (nil: the server's local time).
	Now      func() time.Time
	Location *time.Location
	// NoDaily leaves the daily tournaments out (tests of the club's).
	NoDaily bool
	// Clock paces the boards' bots (nil: the system clock); Pace is the
	// least time between a move and a bot's next (twice that after a
	// trick).
	Clock host.Clock
	Pace  time.Duration
	// MaxEntrantsPerAddr bounds the keys from one address that enter
	// one tournament, counted since the server started: free keys would
	// otherwise swell its entrants and the club database (0:
	// DefaultEntrantsPerAddr). A club whose players share one address,
	// behind one router, raises it.
	MaxEntrantsPerAddr int
	// MaxOpenPerAddr bounds the running tournaments created from one
	// address since the server started, as free keys could each create
	// their MaxOpenPerCreator (0: DefaultOpenPerAddr).
	MaxOpenPerAddr int
	// NewSeed draws a club tournament's board seed (nil: crypto/rand,
	// so nobody can know the boards); NewCode its code (nil: six random
	// letters). Tests give fixed ones.
	NewSeed func() uint64
	NewCode func() string
	// Logf logs what happens (the server's log); nil discards.
	Logf func(format string, args ...any)
}

// Limits of what a player may create.
const (
	MinBoards = 4
	MaxBoards = 24
	// MinLength and MaxLength bound the time from creation to the end.
	MinLength = 10 * time.Minute
	MaxLength = 31 * 24 * time.Hour
	// MaxOpenPerCreator bounds the running tournaments of one creator
	// (each asks its par of the server's bots), MaxOpen all the running
	// ones; DefaultOpenPerAddr is Config.MaxOpenPerAddr's default.
	MaxOpenPerCreator  = 3
	DefaultOpenPerAddr = 6
	MaxOpen            = 100
	// DefaultEntrantsPerAddr is Config.MaxEntrantsPerAddr's default.
	DefaultEntrantsPerAddr = 8
	// RecentEnded is how many of a player's ended tournaments List
	// shows.
	RecentEnded = 10
)

// Errors.
var (
	ErrGuest      = errors.New("a guest cannot take part in tournaments: connect with an SSH key")
	ErrOver       = clubdb.ErrTournamentOver
	ErrNotOver    = clubdb.ErrNotOver
	ErrNotFound   = errors.New("no tournament has that code")
	ErrAllPlayed  = errors.New("you have played every board of this tournament")
	ErrNotEntered = errors.New("you have not entered this tournament")
	ErrClosed     = errors.New("the tournaments are closed: the server is stopping")
	ErrTooMany    = errors.New("too many tournaments are running")
	ErrNotHost    = errors.New("only the tournament's host may end it")
	// ErrAddrFull is what refuses an entrant beyond
	// Config.MaxEntrantsPerAddr is (errors.Is); its message says the cap.
	ErrAddrFull = errors.New("this tournament has the most entrants from your address already")
	// ErrTrouble is what a player reads when the club database fails:
	// its own words, which name the server's files, go to the log.
	ErrTrouble = errors.New("the server's database failed (the server's log says why)")
)

// Player is who acts: the SSH key's fingerprint (hex) and the name
// shown; Addr is the address they connect from (for MaxOpenPerAddr;
// never stored).
type Player struct {
	Key, Name, Addr string
}

// Service runs the tournaments of one server. Its methods are safe for
// concurrent use; they read and write the database and the files, so
// screens call them off their Update (in a tea.Cmd).
type Service struct {
	cfg    Config
	ctx    context.Context // ends at Close: par stops
	cancel context.CancelFunc
	fs     durable.FS

	mu     sync.Mutex
	closed bool
	// sets holds the board sets by code: every one of a tournament
	// not ended, and the closedSets last used of those ended (set makes
	// them again from their seeds when asked). setUses counts the uses,
	// to find the least recently used.
	sets     map[string]*setEntry
	setUses  uint64
	live     map[seatKey]*live                // the boards in play, by entrant
	played   map[string]map[string]quietEntry // the running tournaments each key began a board of (quiet.go)
	daily    duplicate.Date                   // the day whose dailies exist
	parWant  map[string]bool                  // codes queued for par, or being worked out
	from     map[string]string                // the address each open tournament created since the start came from, by code
	entrants map[addrEntrants]map[string]bool // the keys that entered an open tournament from an address since the start
	// opening holds the club tournaments being created, and those
	// written while a Create that began counting before the write still
	// counts: that Create's read of the database may not have them, so
	// it counts them too. counting holds the Creates counting, each by
	// its number in order of beginning (counted the last given).
	opening  map[*opening]bool
	counting map[uint64]bool
	counted  uint64
	// endSignals holds, by code, the signal of a tournament's end early
	// while a seat of it (or a Play) holds it: its seats hear of it at
	// once. A Play holds it before it reads the tournament, so an end
	// written after that read finds it (signalEnd), and one written
	// before is read.
	endSignals map[string]*endSignal
	// entrySignals holds, by code, the signal of the next entry while a
	// page waits on it (changed.go).
	entrySignals map[string]*endSignal
	parQ         []string
	parWake      chan struct{}
	work         sync.WaitGroup // the par worker
}

// New starts the service: par is worked out in the background for every
// running tournament that lacks it (a restart in the middle of one). The
// day's daily tournaments are made by the first List of the day, so a
// server nobody asks for tournaments spends nothing on their par.
func New(cfg Config) (*Service, error) {
	if cfg.DB == nil || cfg.Dir == "" {
		return nil, errors.New("tourney: no database or no directory")
	}
	if cfg.NewBot == nil {
		cfg.NewBot = oneWorker
	}
	// The service's bots, of the boards and of par, build each win
	// table once between them.
	cfg.NewBot = ai.WithWinTables(cfg.NewBot, &eval.WinTables{})
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Location == nil {
		cfg.Location = time.Local
	}
	if cfg.Clock == nil {
		cfg.Clock = host.SystemClock()
	}
	if cfg.MaxEntrantsPerAddr <= 0 {
		cfg.MaxEntrantsPerAddr = DefaultEntrantsPerAddr
	}
	if cfg.MaxOpenPerAddr <= 0 {
		cfg.MaxOpenPerAddr = DefaultOpenPerAddr
	}
	if cfg.NewSeed == nil {
		cfg.NewSeed = seedmix.Secret
	}
	if cfg.NewCode == nil {
		cfg.NewCode = randomCode
	}
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	if err := os.MkdirAll(cfg.Dir, 0o700); err != nil {
		return nil, fmt.Errorf("tourney: %w", err)
	}
	s := &Service{cfg: cfg, fs: durable.OS(), sets: map[string]*setEntry{}, live: map[seatKey]*live{},
		parWant: map[string]bool{}, from: map[string]string{}, entrants: map[addrEntrants]map[string]bool{}, endSignals: map[string]*endSignal{}, entrySignals: map[string]*endSignal{},
		opening: map[*opening]bool{}, counting: map[uint64]bool{}, parWake: make(chan struct{}, 1)}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.work.Add(1)
	go s.parWorker()
	ctx := context.Background()
	ts, err := cfg.DB.Tournaments(ctx)
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("tourney: %w", err)
	}
	s.recordPlayed(ctx, ts)
	for _, t := range ts {
		s.wantPar(ctx, t.Code)
	}
	return s, nil
}

// oneWorker is ai.New on one goroutine: the server's bots share the
// cores with everyone's screens.
func oneWorker(level ai.Level, cfg ai.Config) (ai.Bot, error) {
	cfg.Workers = 1
	return ai.New(level, cfg)
}

// Close stops the boards in play (their last moves written) and par.
// Calls after it fail with ErrClosed.
func (s *Service) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	lives := slices.Collect(maps.Values(s.live))
	s.mu.Unlock()
	for _, l := range lives {
		s.closeHost(l, false)
	}
	s.cancel()
	s.work.Wait()
}

func (s *Service) isClosed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closed
}

// endSignal is the end early of a tournament: ch is closed once its
// host ends it (closed set); holders count the seats and Plays holding
// it (Service.mu).
type endSignal struct {
	ch      chan struct{}
	closed  bool
	holders int
}

// holdEndSignal holds code's end signal, made on first use, until
// releaseEndSignal.
func (s *Service) holdEndSignal(code string) *endSignal { return s.holdSignal(s.endSignals, code) }

// releaseEndSignal gives up a hold of code's end signal e: the last
// drops it.
func (s *Service) releaseEndSignal(code string, e *endSignal) {
	s.releaseSignal(s.endSignals, code, e)
}

// holdSignal holds code's signal in signals (the ends' or the
// entries'), made on first use, until releaseSignal.
func (s *Service) holdSignal(signals map[string]*endSignal, code string) *endSignal {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := signals[code]
	if e == nil {
		e = &endSignal{ch: make(chan struct{})}
		signals[code] = e
	}
	e.holders++
	return e
}

// releaseSignal gives up a hold of code's signal e in signals: the last
// drops it.
func (s *Service) releaseSignal(signals map[string]*endSignal, code string, e *endSignal) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e.holders--; e.holders == 0 && signals[code] == e {
		delete(signals, code)
	}
}

// signalEnd tells code's seats that its host ended it (once). With no
// holder there is nothing to tell: a Play after this reads the end.
func (s *Service) signalEnd(code string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e := s.endSignals[code]; e != nil && !e.closed {
		e.closed = true
		close(e.ch)
	}
}

// WaitEnded waits until the host of the tournament of code ends it
// early (true), or ctx ends (false), so that a page showing it says at
// once that it has ended. ends is the end the page read: an end written
// before the wait began, sooner than ends, is found in the database and
// returns true at once. An end at its time signals nothing: the page
// knows when that comes.
func (s *Service) WaitEnded(ctx context.Context, code string, ends time.Time) bool {
	e := s.holdEndSignal(code)
	defer s.releaseEndSignal(code, e)
	// The signal is held before the database is read: an end after the
	// read closes it.
	if t, err := s.cfg.DB.Tournament(ctx, code); err == nil && t.Ends.Before(ends) {
		return true
	}
	select {
	case <-e.ch:
		return true
	case <-ctx.Done():
		return false
	}
}

// Now is the service's clock: what the screens count the time to an
// end by.
func (s *Service) Now() time.Time { return s.cfg.Now() }

// dbErr is a database error as a player reads it. The answers a player
// should read (no such tournament, it is over, the server is stopping,
// the wait ran out) pass as they are; any other failure is logged with
// the database's own words and reads ErrTrouble.
func (s *Service) dbErr(err error) error {
	for _, known := range []error{clubdb.ErrNotFound, clubdb.ErrTournamentOver, clubdb.ErrNotOver, clubdb.ErrClosed, context.Canceled, context.DeadlineExceeded} {
		if errors.Is(err, known) {
			return fmt.Errorf("tourney: %w", err)
		}
	}
	s.cfg.Logf("tourney: the club database failed: %v", err)
	return ErrTrouble
}

// overErr is dbErr, but the tournament being over reads ErrOver alone.
func (s *Service) overErr(err error) error {
	if errors.Is(err, clubdb.ErrTournamentOver) {
		return ErrOver
	}
	return s.dbErr(err)
}
