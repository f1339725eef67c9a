package hall

import (
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
)

// Errors a person may read in the lobby.
var (
	ErrNoTable     = errors.New("no open table has that code")
	ErrTableFull   = errors.New("every seat of that table is taken")
	ErrStarted     = errors.New("that table's game has started without you")
	ErrNotHost     = errors.New("only the host starts the game")
	ErrNotYourTurn = errors.New("it is not your turn")
	ErrBotSeat     = errors.New("a bot plays your seat until the next deal")
	ErrClosed      = errors.New("the table is closed")
	ErrGuest       = errors.New("guests (no SSH key) play against bots only: connect with a key to sit at a table")
)

// TooManyTablesError says the hall holds its most tables.
type TooManyTablesError struct{ Max int }

func (e *TooManyTablesError) Error() string {
	return fmt.Sprintf("the server holds %d tables already, its most: join one, or try again later", e.Max)
}

// SeatsError says a seat count is not played (yet).
type SeatsError struct{ Seats int }

func (e *SeatsError) Error() string {
	return fmt.Sprintf("a table has 2, 3 or 4 seats, not %d", e.Seats)
}

// Player is a person: ID is their key's fingerprint, Name what the
// others read.
type Player struct {
	ID, Name string
}

// Archiver files a finished game into a person's history;
// *store.Store is one.
type Archiver interface {
	Archive(l *gamelog.Log) (string, error)
}

// Config configures a Hall.
type Config struct {
	// Dir keeps the open tables, one directory each.
	Dir string
	// MaxTables caps the tables open at once (default 50).
	MaxTables int
	// Grace is how long a dropped player's seat waits for them before a
	// bot takes it (default 2 minutes).
	Grace time.Duration
	// Pace is the least time before a bot's move, so people can follow.
	Pace time.Duration
	// NewBot makes the bots of two-handed tables; nil means ai.New.
	NewBot ai.Factory
	// Think bounds a bot's thinking (default 3 seconds).
	Think time.Duration
	// BotSlots, when set, bounds the bots thinking at once (shared with
	// the games against bots of the same server): a bot waits for a free
	// slot before it thinks, so the bots never take every core from the
	// people's screens. The wait is not taken from Think.
	BotSlots chan struct{}
	// History returns where a person's finished games go; nil keeps none.
	History func(playerID string) Archiver
	// Logf logs what happens to tables; nil discards.
	Logf func(format string, args ...any)
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Hall holds the open tables.
type Hall struct {
	cfg Config

	mu     sync.Mutex
	tables map[string]*Table

	// work counts the goroutines that may still change a table's files
	// (a bot's move, a drop clock); shut, under workMu, refuses new ones
	// once Close has begun, so Close can wait for the last.
	workMu sync.Mutex
	shut   bool
	work   sync.WaitGroup
}

// begin registers one piece of table work; it reports false once the
// hall is closing, and the work must then not run. Each true is paired
// with an end.
func (h *Hall) begin() bool {
	h.workMu.Lock()
	defer h.workMu.Unlock()
	if h.shut {
		return false
	}
	h.work.Add(1)
	return true
}

func (h *Hall) end() { h.work.Done() }

// Close stops the tables' own work (bots' moves, drop clocks) and waits
// for what is running to finish, so nothing writes to the state
// directory after it returns. The tables stay on disk, to come back at
// the next start.
func (h *Hall) Close() {
	h.workMu.Lock()
	h.shut = true
	h.workMu.Unlock()
	h.mu.Lock()
	tables := make([]*Table, 0, len(h.tables))
	for _, t := range h.tables {
		tables = append(tables, t)
	}
	h.mu.Unlock()
	for _, t := range tables {
		t.mu.Lock()
		for _, s := range t.seats {
			if s.timer != nil {
				s.timer.Stop()
			}
		}
		t.mu.Unlock()
	}
	h.work.Wait()
}

// New returns a hall with the tables kept in cfg.Dir brought back. A
// table whose log cannot be read is left where it is and reported in
// the error; the others still come back.
func New(cfg Config) (*Hall, error) {
	if cfg.MaxTables <= 0 {
		cfg.MaxTables = 50
	}
	if cfg.Grace < 0 {
		cfg.Grace = 0
	} else if cfg.Grace == 0 {
		cfg.Grace = 2 * time.Minute
	}
	if cfg.Think <= 0 {
		cfg.Think = 3 * time.Second
	}
	if cfg.NewBot == nil {
		cfg.NewBot = ai.New
	}
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	h := &Hall{cfg: cfg, tables: map[string]*Table{}}
	if cfg.Dir == "" {
		return h, nil
	}
	if err := os.MkdirAll(cfg.Dir, 0o700); err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(cfg.Dir)
	if err != nil {
		return nil, err
	}
	var errs []error
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		t, err := h.load(e.Name())
		if err != nil {
			errs = append(errs, fmt.Errorf("table %s: %w", e.Name(), err))
			continue
		}
		h.tables[t.code] = t
		cfg.Logf("table %s back from its log, waiting for its players", t.code)
	}
	return h, errors.Join(errs...)
}

// Options is what a host decides when opening a table.
type Options struct {
	Seats int // 2, 3 or 4: the rules' players option is set to it
	Rules rules.Options
	Level ai.Level // the bots' level for seats nobody takes
	Seed  uint64   // the seed every deck is drawn from
}

// Info is a table as the lobby lists it.
type Info struct {
	Code    string
	Host    string
	Seats   int
	Names   []string // "" for a free seat
	Level   ai.Level
	Target  int
	Started bool
	Yours   bool // the asking player holds a seat
}

// List returns the tables a player may join (not started, a seat free)
// or return to (they hold a seat), by code.
func (h *Hall) List(playerID string) []Info {
	h.mu.Lock()
	ts := make([]*Table, 0, len(h.tables))
	for _, t := range h.tables {
		ts = append(ts, t)
	}
	h.mu.Unlock()
	var out []Info
	for _, t := range ts {
		in := t.info(playerID)
		if in.Yours || (!in.Started && slices.Contains(in.Names, "")) {
			out = append(out, in)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// Count returns the number of open tables.
func (h *Hall) Count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.tables)
}

// Find returns the table with code (any case).
func (h *Hall) Find(code string) (*Table, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	t, ok := h.tables[normalCode(code)]
	if !ok {
		return nil, ErrNoTable
	}
	return t, nil
}

// SeatOf returns the table where the player holds a seat, if any.
func (h *Hall) SeatOf(playerID string) *Table {
	if playerID == "" {
		return nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	var found *Table
	for _, t := range h.tables {
		if t.holds(playerID) && (found == nil || t.code < found.code) {
			found = t
		}
	}
	return found
}

// Open opens a table with host in seat A, not started.
func (h *Hall) Open(host Player, o Options) (*Table, error) {
	if host.ID == "" {
		return nil, ErrGuest
	}
	if o.Seats < 2 || o.Seats > 4 {
		return nil, &SeatsError{Seats: o.Seats}
	}
	o.Rules.Players = o.Seats
	if o.Seats == 2 {
		o.Rules.Players = 0 // the default, as the rules keep it
	}
	if _, err := rules.ParseOptions(o.Rules.String()); err != nil {
		return nil, fmt.Errorf("the table's rules: %w", err)
	}
	if _, err := h.cfg.NewBot(o.Level, ai.Config{Seed: 1}); err != nil {
		return nil, err
	}
	h.mu.Lock()
	if len(h.tables) >= h.cfg.MaxTables {
		h.mu.Unlock()
		return nil, &TooManyTablesError{Max: h.cfg.MaxTables}
	}
	code := h.newCode()
	t := newTable(h, code, o, host.ID)
	h.tables[code] = t
	h.mu.Unlock()
	t.mu.Lock()
	t.seats[0].player = host
	t.save()
	t.mu.Unlock()
	h.cfg.Logf("table %s opened by %s (%d seats, %s bots)", code, host.Name, o.Seats, o.Level)
	return t, nil
}

// remove forgets a closed table.
func (h *Hall) remove(t *Table) {
	h.mu.Lock()
	if h.tables[t.code] == t {
		delete(h.tables, t.code)
	}
	h.mu.Unlock()
}

// codeLetters leaves out I and O, which read as 1 and 0.
const codeLetters = "ABCDEFGHJKLMNPQRSTUVWXYZ"

// newCode returns an unused four-letter code; h.mu is held.
func (h *Hall) newCode() string {
	for {
		var b [4]byte
		_, _ = rand.Read(b[:])
		for i := range b {
			b[i] = codeLetters[int(b[i])%len(codeLetters)]
		}
		if _, ok := h.tables[string(b[:])]; !ok {
			return string(b[:])
		}
	}
}

func normalCode(s string) string {
	b := []byte(s)
	out := b[:0]
	for _, c := range b {
		switch {
		case c >= 'a' && c <= 'z':
			out = append(out, c-'a'+'A')
		case c >= 'A' && c <= 'Z':
			out = append(out, c)
		}
	}
	return string(out)
}

// The extra tags of a table's log.
const (
	tagTable = "Table"
	tagSeats = "Seats"
	tagLevel = "BotLevel"
	tagHost  = "Host"
	tagKey   = "Key" // KeyA, KeyB
)

// load brings back the table kept in Dir/name.
func (h *Hall) load(name string) (*Table, error) {
	st := store.New(filepath.Join(h.cfg.Dir, name), store.Options{})
	l, err := st.LoadCurrent()
	if err != nil {
		return nil, err
	}
	tags := map[string]string{}
	for _, tg := range l.Header.Extra {
		tags[tg.Name] = tg.Value
	}
	code := tags[tagTable]
	if code == "" || normalCode(code) != code {
		return nil, fmt.Errorf("no %s tag", tagTable)
	}
	seed, err := strconv.ParseUint(tags[session.SeedTag], 10, 64)
	if err != nil {
		return nil, fmt.Errorf("%s tag: %v", session.SeedTag, err)
	}
	seats, err := strconv.Atoi(tags[tagSeats])
	if err != nil || seats < 2 || seats > 4 {
		return nil, &SeatsError{Seats: seats}
	}
	level, err := ai.ParseLevel(tags[tagLevel])
	if err != nil {
		return nil, fmt.Errorf("%s tag: %v", tagLevel, err)
	}
	g, err := l.Game()
	if err != nil {
		return nil, err
	}
	if g.Players() != seats {
		return nil, fmt.Errorf("the log's game has %d players, its %s tag %d", g.Players(), tagSeats, seats)
	}
	o := Options{Seats: seats, Rules: g.Options(), Level: level, Seed: seed}
	t := newTable(h, code, o, tags[tagHost])
	t.st = st // the store that loaded the log may write over it
	t.comments = append([]string(nil), l.Comment...)
	if start, ok := l.Header.Start(nil); ok {
		t.start = start
	}
	if len(l.Deals) > 0 {
		if t.sess, err = session.Resume(l, session.Config{Seed: seed, Store: tableStore{t}, NewBot: h.cfg.NewBot}); err != nil {
			return nil, err
		}
	}
	now := h.cfg.Now()
	for i := range t.seats {
		seat := rules.Seat(i)
		id := tags[tagKey+seat.String()]
		if id == "" {
			continue // a free seat, or a bot's
		}
		s := t.seats[i]
		s.player = Player{ID: id, Name: l.Header.Name(seat)}
		s.dropped = now
		if t.sess != nil && tookOver(t.comments, seat) {
			// A bot played the seat when the server stopped: it plays on
			// until the person comes back and a deal starts.
			if s.bot, err = t.takeoverBot(seat); err != nil {
				return nil, err
			}
			continue
		}
		t.armTakeover(seat)
	}
	return t, nil
}

// The header comments of a takeover and of a seat taken back (Table's
// takeover and deal write them).
var (
	takeoverRE  = regexp.MustCompile(`^deal \d+: .* dropped; an? \S+ bot took seat ([A-D])$`)
	takenBackRE = regexp.MustCompile(`^deal \d+: .* took seat ([A-D]) back$`)
)

// tookOver reports whether the last of the comments about seat s says a
// bot took it (and none that the person took it back).
func tookOver(comments []string, s rules.Seat) bool {
	bot := false
	for _, c := range comments {
		if m := takeoverRE.FindStringSubmatch(c); m != nil && m[1] == s.String() {
			bot = true
		} else if m := takenBackRE.FindStringSubmatch(c); m != nil && m[1] == s.String() {
			bot = false
		}
	}
	return bot
}
