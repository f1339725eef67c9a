package hall

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/platform/duration"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/internal/serve/chat"
	"github.com/klob/klob/internal/serve/quietlog"
	"github.com/klob/klob/rules"
)

// Errors a person may read in the lobby.
var (
	ErrNoTable   = errors.New("no open table has that code")
	ErrTableFull = errors.New("every seat of that table is taken")
	ErrStarted   = errors.New("that table's game has started without you")
	// ErrInPlay turns away from a game under way a person who never
	// held a seat at it (ErrStarted is for one it started without).
	ErrInPlay   = errors.New("that table's game has started")
	ErrOver     = errors.New("that table's game is over")
	ErrNotHost  = errors.New("only the host starts the game")
	ErrSeatAway = errors.New("a player is away: wait for them, or for their seat to come free")
	ErrNoSeat   = errors.New("no other seat is free")
	ErrClosed   = errors.New("the table is closed")
	ErrGuest    = errors.New("guests (no SSH key) play against bots only: connect with a key to sit at a table")
)

// TooManyTablesError says the hall holds its most tables: in all, or
// opened by the key (ByKey), or from the address (ByAddr).
type TooManyTablesError struct {
	Max           int
	ByKey, ByAddr bool
	// Abandon is how long a table waits with nobody at it before it
	// closes (Config.Abandon): a game under way is not closed by leaving.
	Abandon time.Duration
}

func (e *TooManyTablesError) Error() string {
	tables, are := fmt.Sprintf("%d tables", e.Max), "are"
	if e.Max == 1 {
		tables, are = "1 table", "is"
	}
	switch {
	case e.ByKey:
		return fmt.Sprintf("you have opened %s already, the most one person may: play at one of them. One not started closes when you leave it, a game under way when it ends or after %s with nobody at it", tables, duration.Words(e.Abandon.Round(time.Second)))
	case e.ByAddr:
		return fmt.Sprintf("%s %s open from your address already, its most: join one, or try again later", tables, are)
	}
	return fmt.Sprintf("the server holds %d tables already, its most: join one, or try again later", e.Max)
}

// SeatsError says a seat count is not played.
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
	// Dir keeps the open tables, one directory each ("" keeps none);
	// FS is its file system (nil: the real one).
	Dir string
	FS  durable.FS
	// MaxTables caps the tables open at once (default 50);
	// MaxTablesPerKey those one key has opened (default 3), and
	// MaxTablesPerAddr those opened from one address (Options.From,
	// default 8): keys cost nothing, so one address with many could
	// otherwise take every table.
	MaxTables, MaxTablesPerKey, MaxTablesPerAddr int
	// MaxWatchers caps the spectators of one table at once (default
	// DefaultMaxWatchers): each costs the server a connection's memory
	// and the table's every change a redraw for them. The table's
	// people (seated, or whose seat a bot took) are never refused.
	MaxWatchers int
	// Grace is how long a dropped player's seat waits for them before a
	// bot takes it, and how long a seat reserved before the start waits
	// after a restart (default 2 minutes; negative: not at all). A
	// grace runs only while somebody is at the table: after a restart
	// it starts when somebody first comes back.
	Grace time.Duration
	// MoveClock is how long a person may take over a decision, or over
	// Ready between deals, while another person is at the game, before
	// the bot of the table's level makes it for them (host.Config's
	// MoveClock; 0: no clock).
	MoveClock time.Duration
	// Pace is the least time between a move and a bot's next, so people
	// can follow; twice that after a trick.
	Pace time.Duration
	// NewBot makes the bots; nil means ai.New.
	NewBot ai.Factory
	// Think bounds a bot's thinking (default 3 seconds).
	Think time.Duration
	// Slots bounds the heavy work of the whole server: every game's
	// bots, hints and claims' checks wait for a slot, the bots ahead of
	// the rest (host.Slots). nil bounds nothing.
	Slots *host.Slots
	// Hint evaluates a person's hint (nil: the hard bot's evaluation).
	Hint host.HintFunc
	// History returns where a person's finished games go; nil keeps none.
	History func(playerID string) Archiver
	// Record indexes a finished (or abandoned) game in the club's
	// database, its ratings with it, once the people's histories have
	// it: path is a copy (one history's, else the table's log), l the
	// log every history holds. nil records nothing. It must be safe to
	// call again for a game it has (after a restart): the table's log
	// stays until it returns nil, and a failure is tried again as a
	// history's is.
	Record func(path string, l *gamelog.Log) error
	// Logf logs what happens to tables; nil discards.
	Logf func(format string, args ...any)
	// Clock drives every wait (the bots' pace, the graces, the
	// abandonment, the filing's retries); nil is the system clock.
	Clock host.Clock
	// Abandon is how long a table may have nobody connected before it
	// is closed, its game (ended or not) filed into every person's
	// history (default 30 minutes).
	Abandon time.Duration
	// AbandonWaiting is how long a table whose game has not started may
	// have nobody connected before it is closed (default 2 minutes, as
	// Grace; never more than Abandon). Keys cost nothing: a table opened
	// and left by a throwaway key would hold one of MaxTables for all of
	// Abandon. A waiting room back from a restart waits Abandon for its
	// people, who may not know the server is back.
	AbandonWaiting time.Duration
	// Refile is how long after a failed filing of an ended game (a full
	// disk) it is tried again, doubling up to 10 minutes (default 30
	// seconds). The table's log stays until every history holds the game.
	Refile time.Duration
	// Chat, when set, gives every table a room of its own (Table.Room)
	// in the server's one Hub (club.go).
	Chat *chat.Hub
	// Guesses bounds the wrong codes one address or key may try
	// (Lookup, guess.go); the zero value takes its defaults.
	Guesses GuessLimit
	// Opens paces the tables one address or key may open, Seats the
	// free seats it may take at tables not started (pace.go); a value
	// not set takes its default: a burst of MaxTablesPerAddr+2 tables
	// then one every DefaultOpenEvery, of 2*MaxTablesPerAddr seats then
	// one every DefaultSeatEvery.
	Opens, Seats Pace
	// Code draws a table's code (nil: RandomCode(4)); a test draws from
	// a few codes to have them come free and be drawn again.
	Code func() string
}

// Hall is the registry of the shared games of a server: their codes,
// the list, the waiting rooms, the seats reserved by key. Each game,
// once its host starts it, runs in a host.Host.
type Hall struct {
	cfg Config

	mu sync.Mutex
	// tables are the tables one may join or return to, by code; live is
	// every table whose game or filing still runs (Close stops them).
	tables map[string]*Table
	live   map[*Table]bool

	// present is who is connected, for the names (names.go).
	present presence
	// members are the names of the club's members (names.go).
	members members
	// guesses are the wrong codes tried, by address and key (guess.go).
	guesses *chat.Limiter
	// opens and seatTakes are the tables opened and the seats taken at
	// tables not started, by address and key; quiet bounds the log's
	// lines of both per address (pace.go).
	opens, seatTakes *chat.Limiter
	quiet            *quietlog.Log
	// lobby is the lobby's chat room, nil without Config.Chat.
	lobby *chat.Room

	// work counts the goroutines that may still change a table's files
	// (a waiting room's write, a clock's callback, a host closing);
	// shut, under workMu, refuses new ones once Close has begun, so
	// Close can wait for the last.
	workMu sync.Mutex
	shut   bool
	work   sync.WaitGroup
	// stopping is set once the server begins to stop (Stopping).
	stopping atomic.Bool
	// notices are what people away when their table closed read when
	// they come back (Notice), by key, under mu. They are kept in
	// Config.Dir (notices.go), written off mu: noticesGen counts their
	// changes and noticesQueued says a write is on its way, under mu.
	notices       map[string]string
	noticesGen    uint64
	noticesQueued bool
	// noticesMu orders the writes of the notices: noticesSaved is the
	// change the file holds, noticesDone says Close has written the
	// last. noticesOff (set by New only) says no file is written: no
	// Config.Dir, or one that could not be read stays where it was.
	noticesMu    sync.Mutex
	noticesSaved uint64
	noticesDone  bool
	noticesOff   bool
	// arrivals counts the people's arrivals at seats (arrive).
	arrivals atomic.Uint64
}

// arrive numbers an arrival at a seat, each after the last.
func (h *Hall) arrive() uint64 { return h.arrivals.Add(1) }

// maxNotices bounds the notices kept for people not back yet.
const maxNotices = 1000

// tell keeps a notice for the person of key id, read when they next
// come (Notice); a newer one replaces theirs.
func (h *Hall) tell(id, text string) {
	h.keepNotice(id, text, false)
}

// Tell keeps text for the person of key id to read when their lobby
// opens (Notice), after what the hall already keeps for them, unless
// that says it already (a table told at a restart, told again at the
// next before they came).
func (h *Hall) Tell(id, text string) {
	h.keepNotice(id, text, true)
}

// keepNotice keeps text for the person of key id, after what the hall
// keeps for them when add is set, in place of it otherwise, and has it
// written. A text longer than the file keeps is cut (boundNotice); an
// id that is none of the server's (longer than maxNoticeID) is told
// nothing.
func (h *Hall) keepNotice(id, text string, add bool) {
	if id == "" || text == "" || len(id) > maxNoticeID {
		return
	}
	h.mu.Lock()
	if h.notices == nil {
		h.notices = map[string]string{}
	}
	old, ok := h.notices[id]
	switch {
	case ok && add && strings.Contains(old, text):
		h.mu.Unlock()
		return
	case ok && add:
		text = old + "\n" + text // each told as a paragraph of its own
	case !ok && len(h.notices) >= maxNotices:
		h.mu.Unlock()
		return
	}
	h.notices[id] = boundNotice(text)
	write := h.noticesChanged()
	h.mu.Unlock()
	if write {
		h.goWork(func() { h.writeNotices() })
	}
}

// Notice returns, once, what happened to the person's table while they
// were away (a table closed before its start, or for want of anyone at
// it; a finished game filed at the server's restart), "" when nothing
// did: the lobby says it when they connect, so that the table is not
// silently gone. The file forgets it with its next write, done off the
// hall's lock.
func (h *Hall) Notice(id string) string {
	h.mu.Lock()
	n, ok := h.notices[id]
	write := false
	if ok {
		delete(h.notices, id)
		write = h.noticesChanged()
	}
	h.mu.Unlock()
	if write {
		h.goWork(func() { h.writeNotices() })
	}
	return n
}

// begin registers one piece of table work; it reports false once the
// hall is closing, and the work must then not run. Each true is paired
// with an h.work.Done.
func (h *Hall) begin() bool {
	h.workMu.Lock()
	defer h.workMu.Unlock()
	if h.shut {
		return false
	}
	h.work.Add(1)
	return true
}

// goWork runs f on a goroutine of its own that Close waits for; nothing
// once Close has begun.
func (h *Hall) goWork(f func()) {
	if !h.begin() {
		return
	}
	go func() {
		defer h.work.Done()
		f()
	}()
}

// after calls f once d has passed on the hall's clock, as table work;
// the returned function cancels it.
func (h *Hall) after(d time.Duration, f func()) func() bool {
	return h.cfg.Clock.AfterFunc(d, func() {
		if !h.begin() {
			return
		}
		defer h.work.Done()
		f()
	})
}

// Stopping tells the hall that the server is stopping and is about to
// cut its connections: a connection that ends from now on is no one
// leaving, so a table not started keeps its host and its seats
// (Conn.Leave changes nothing of it) and comes back with them at the
// next start, as after a kill. Close follows.
func (h *Hall) Stopping() { h.stopping.Store(true) }

// Close stops every table: the clocks stop, every game's host stops
// with its last change written, and Close waits for what is running,
// so nothing writes to the state directory after it returns. The
// tables stay on disk, to come back at the next start.
func (h *Hall) Close() {
	h.workMu.Lock()
	h.shut = true
	h.workMu.Unlock()
	h.mu.Lock()
	tables := slices.Collect(maps.Keys(h.live))
	h.mu.Unlock()
	var wg sync.WaitGroup
	for _, t := range tables {
		if g := t.stop(); g != nil {
			wg.Add(1)
			go func() {
				defer wg.Done()
				g.Close()
			}()
		}
	}
	wg.Wait()
	h.work.Wait()
	h.flushNotices()
}

// New returns a hall with the tables kept in cfg.Dir brought back, and
// the notices kept for the people away. A table whose log cannot be
// read is left where it is and reported in the error; the others still
// come back. A notices file that cannot be read is moved aside and
// reported too; the hall starts without its notices.
func New(cfg Config) (*Hall, error) {
	if cfg.MaxTables <= 0 {
		cfg.MaxTables = 50
	}
	if cfg.MaxTablesPerKey <= 0 {
		cfg.MaxTablesPerKey = 3
	}
	if cfg.MaxTablesPerAddr <= 0 {
		cfg.MaxTablesPerAddr = 8
	}
	if cfg.MaxWatchers <= 0 {
		cfg.MaxWatchers = DefaultMaxWatchers
	}
	cfg.Opens = cfg.Opens.withDefaults(cfg.MaxTablesPerAddr+2, DefaultOpenEvery)
	cfg.Seats = cfg.Seats.withDefaults(2*cfg.MaxTablesPerAddr, DefaultSeatEvery)
	if cfg.Grace < 0 {
		cfg.Grace = time.Nanosecond
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
	if cfg.Clock == nil {
		cfg.Clock = host.SystemClock()
	}
	if cfg.Refile <= 0 {
		cfg.Refile = 30 * time.Second
	}
	if cfg.Abandon <= 0 {
		cfg.Abandon = 30 * time.Minute
	}
	if cfg.AbandonWaiting <= 0 {
		cfg.AbandonWaiting = 2 * time.Minute
	}
	cfg.AbandonWaiting = min(cfg.AbandonWaiting, cfg.Abandon)
	if cfg.FS == nil {
		cfg.FS = durable.OS()
	}
	if cfg.Code == nil {
		cfg.Code = func() string { return RandomCode(4) }
	}
	h := &Hall{cfg: cfg, tables: map[string]*Table{}, live: map[*Table]bool{}}
	h.guesses = newGuesses(cfg.Guesses, cfg.Clock.Now())
	h.opens = newPace(cfg.Opens, cfg.Clock.Now())
	h.seatTakes = newPace(cfg.Seats, cfg.Clock.Now())
	// As table work: no summary is logged once the hall has closed.
	h.quiet = newQuiet(h.after, cfg.Logf)
	h.lobby = h.newRoom()
	if cfg.Dir == "" {
		h.noticesOff = true // in memory only: there is no file
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
	// The notices kept before the restart first: the tables' restart
	// adds to them.
	if err := h.loadNotices(); err != nil {
		errs = append(errs, err)
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		if err := h.load(e.Name()); err != nil {
			errs = append(errs, fmt.Errorf("table %s: %w", e.Name(), err))
		}
	}
	// What the restart told is kept before the first person comes.
	h.writeNotices()
	return h, errors.Join(errs...)
}

// Options is what a host decides when opening a table.
type Options struct {
	Seats int // 2, 3 or 4: the rules' players option is set to it
	Rules rules.Options
	Level ai.Level // the bots' level for seats nobody takes
	Seed  uint64   // the seed every deck is drawn from
	// Private refuses spectators (club.go); the host may change it.
	Private bool
	// From is the address the host opens the table from, for
	// Config.MaxTablesPerAddr ("" counts nowhere); not a rule of the
	// table, and never saved.
	From string
}

// Info is a table as the lobby lists it.
type Info struct {
	Code    string
	Host    string
	Seats   int
	Names   []string // "" for a free seat (a bot's once started)
	Level   ai.Level
	Target  int
	Started bool
	// Over says the game is over and filed: the table stays listed for
	// its people while any of them is at it, so that one who stepped
	// out may come back and say again.
	Over  bool
	Yours bool // the asking person holds a seat
	// BotPlays says a bot plays the asking person's seat: they left and
	// did not come back in time. Joining takes the seat back.
	BotPlays bool
	// SeatOpen says the asking person's seat is open in a connection of
	// theirs now (Table.SeatOpen).
	SeatOpen bool
	Private  bool // nobody may watch
	// Here says someone is connected to the table: one nobody is at
	// waits for its people (or its abandonment), and is not offered to
	// watch, nor counted as a game being played.
	Here bool
	// Paused says the game has started, is not over, and none of its
	// people is connected (not Here): it waits for one of them, no
	// seat's grace running (a bot would otherwise play the people's
	// game for spectators), so nothing moves until one comes back.
	Paused bool
	// Came orders the asking person's own tables: the higher, the later
	// they last came to it (0 for a table not theirs, or not come to
	// since a restart).
	Came uint64
	// Rules are the table's rules, house variants included: the lists
	// say the variants, which a joiner looks for.
	Rules rules.Options
}

// Free counts the seats no person holds: bots play them once the game
// starts.
func (i Info) Free() int { return free(i.Names) }

// all returns the open tables, taken under the hall's lock and read
// after it: a table answers its own questions under its own lock.
func (h *Hall) all() []*Table {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Collect(maps.Values(h.tables))
}

// List returns the tables a person may join (not started, a seat free)
// or return to (they hold a seat), by code. A guest (ID "") holds no
// seat: a bot's seat is nobody's.
func (h *Hall) List(playerID string) []Info {
	return h.infos(playerID, func(in Info) bool {
		return in.Yours || (!in.Started && slices.Contains(in.Names, ""))
	})
}

// infos returns the open tables as playerID sees them that keep says
// to list, by code.
func (h *Hall) infos(playerID string, keep func(Info) bool) []Info {
	var out []Info
	for _, t := range h.all() {
		if in, ok := t.listing(playerID); ok && keep(in) {
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

// SeatOf returns the table where the person holds a seat, if any, to
// take them back to on connecting: a game under way (or a waiting room)
// before a game over, and none they left over by choice; of several,
// the one they came to last (a reconnection goes back to the table it
// dropped from); among those they have not come to since a restart,
// the one opened last; then the lowest code.
func (h *Hall) SeatOf(playerID string) *Table {
	if playerID == "" {
		return nil
	}
	var found *Table
	var last uint64
	var foundOver bool
	for _, t := range h.all() {
		at, over, ok := t.arrivedAt(playerID)
		if !ok {
			continue
		}
		if found == nil || foundOver && !over || over == foundOver && (at > last || at == last && (t.start.After(found.start) ||
			t.start.Equal(found.start) && t.code < found.code)) {
			found, last, foundOver = t, at, over
		}
	}
	return found
}

// Open opens a table with host in seat A, not started.
func (h *Hall) Open(host Player, o Options) (*Table, error) {
	if host.ID == "" {
		return nil, ErrGuest
	}
	host = h.current(host) // the name of the key's connections now
	if !rules.ValidPlayers(o.Seats) {
		return nil, &SeatsError{Seats: o.Seats}
	}
	o.Rules = o.Rules.WithPlayers(o.Seats)
	if _, err := rules.ParseOptions(o.Rules.String()); err != nil {
		return nil, fmt.Errorf("the table's rules: %w", err)
	}
	if _, err := h.cfg.NewBot(o.Level, ai.Config{Seed: 1}); err != nil {
		return nil, err
	}
	h.mu.Lock()
	if err := h.roomFor(host.ID, o.From); err != nil {
		h.mu.Unlock()
		return nil, err
	}
	if wait, byKey := paced(h.opens, h.cfg.Clock.Now(), host.ID, o.From); wait > 0 {
		h.mu.Unlock()
		return nil, &TooFastError{ByKey: byKey, Wait: wait}
	}
	code := h.newCode()
	t := newTable(h, code, o, host.ID, h.cfg.Clock.Now(), h.tableStore(code))
	h.tables[code], h.live[t] = t, true
	h.mu.Unlock()
	t.mu.Lock()
	t.seats[0].player, t.seats[0].at, t.seats[0].opened = host, h.arrive(), true
	t.saveWaiting()
	t.armEmpty()
	t.mu.Unlock()
	h.quiet.Printf(o.From, kindOpened, "table %s opened by %s (%d seats, %s bots)", code, Who(host), o.Seats, o.Level)
	return t, nil
}

// roomFor reports whether the hall may hold one more table opened by
// the key id from the address from; h.mu is held. A table counts for
// its key and address while it is listed.
func (h *Hall) roomFor(id, from string) error {
	if len(h.tables) >= h.cfg.MaxTables {
		return &TooManyTablesError{Max: h.cfg.MaxTables}
	}
	byKey, byAddr := 0, 0
	for _, t := range h.tables {
		if t.host == id {
			byKey++
		}
		if from != "" && t.opts.From == from {
			byAddr++
		}
	}
	switch {
	case byKey >= h.cfg.MaxTablesPerKey:
		return &TooManyTablesError{Max: h.cfg.MaxTablesPerKey, ByKey: true, Abandon: h.cfg.Abandon}
	case byAddr >= h.cfg.MaxTablesPerAddr:
		return &TooManyTablesError{Max: h.cfg.MaxTablesPerAddr, ByAddr: true}
	}
	return nil
}

// tableStore is the store of the table code's directory, nil without
// one.
func (h *Hall) tableStore(code string) *store.Store {
	if h.cfg.Dir == "" {
		return nil
	}
	return store.New(filepath.Join(h.cfg.Dir, code), store.Options{FS: h.cfg.FS})
}

// unlist takes a table off the list: it is closed, or its game is over
// and filed and nobody is at it. Its game or filing may still run
// (live).
func (h *Hall) unlist(t *Table) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.tables[t.code] == t {
		delete(h.tables, t.code)
	}
}

// forget drops a table whose game and filing are done.
func (h *Hall) forget(t *Table) {
	h.unlist(t)
	h.mu.Lock()
	delete(h.live, t)
	h.mu.Unlock()
	t.closeRoom()
}

// CodeLetters are the letters of a table's or a tournament's code: I
// and O are left out, as they read as 1 and 0.
const CodeLetters = "ABCDEFGHJKLMNPQRSTUVWXYZ"

// isCode reports whether name is a table's code: four code letters.
func isCode(name string) bool {
	if len(name) != 4 {
		return false
	}
	for _, c := range name {
		if !strings.ContainsRune(CodeLetters, c) {
			return false
		}
	}
	return true
}

// RandomCode draws n code letters from crypto/rand.
func RandomCode(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = CodeLetters[int(b[i])%len(CodeLetters)]
	}
	return string(b)
}

// newCode returns an unused four-letter code; h.mu is held.
func (h *Hall) newCode() string {
	for {
		code := h.cfg.Code()
		taken := h.tables[code] != nil
		for t := range h.live {
			taken = taken || t.code == code
		}
		if !taken {
			return code
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

// endedAtRestart is what the people of table code read when its game,
// finished as the server stopped, was filed at the restart.
func endedAtRestart(code string) string {
	return fmt.Sprintf("Table %s ended with the server's restart: its finished game is in your history.", code)
}

// tellDamaged tells the people whose keys the head of the damaged log
// at aside names that their table code is not opened again, and returns
// how many it told.
func (h *Hall) tellDamaged(code, aside string) int {
	data, err := h.cfg.FS.ReadFile(aside)
	if err != nil {
		return 0
	}
	head := gamelog.ReadHead(data)
	told := map[string]bool{}
	for s := range rules.Seat(4) {
		if id := head.Key(s); id != "" && !told[id] {
			told[id] = true
			h.Tell(id, fmt.Sprintf("Table %s could not be opened again after the server's restart: its saved game was damaged, and the server's operator keeps it.", code))
		}
	}
	return len(told)
}

// load brings back the table kept in Dir/name: a waiting room with its
// seats reserved, a game going on (resumed in a host, waiting for its
// people), a finished game not yet in every history (resumed, to be
// filed), or an abandoned one being filed (filed only).
func (h *Hall) load(name string) error {
	st := h.tableStore(name)
	l, err := st.LoadCurrent()
	if errors.Is(err, store.ErrNoSave) {
		if !isCode(name) {
			// Not a directory the hall made (a table's is named by its
			// code): someone else's, kept whatever it holds.
			return errors.New("not a table's directory (its name is no table code): left as it is")
		}
		if _, err := os.Stat(filepath.Join(st.Dir(), store.DamagedDir)); err == nil {
			// Only a damaged game, moved aside at an earlier start:
			// kept for the operator, never removed.
			return fmt.Errorf("no game to open, only damaged ones in %s: left as they are", filepath.Join(st.Dir(), store.DamagedDir))
		}
		keys, err := readEnded(h.cfg.FS, filepath.Join(st.Dir(), endedFile))
		switch {
		case err == nil:
			// Its game ended and was filed, its people at "again" when
			// the server stopped: that offer does not come back. Each
			// reads where the table went when they next come (after
			// what else the hall keeps for them: two such tables are
			// both told).
			for _, id := range keys {
				h.Tell(id, endedAtRestart(name))
			}
			// The notices are kept before the keys go: a stop in
			// between tells them at the next start, not never.
			if err := h.writeNotices(); err != nil {
				return fmt.Errorf("the notices of who was at the ended table cannot be kept: %w; left as it is", err)
			}
			h.cfg.Logf("table %s ended with the restart (its game was filed): its people are told when they come", name)
			return os.RemoveAll(st.Dir())
		case !errors.Is(err, fs.ErrNotExist):
			return fmt.Errorf("who was at the ended table: %w; left as it is", err)
		}
		// A table stopped (killed) before its waiting room's first
		// write: nothing of it was kept, and nothing comes back.
		h.cfg.Logf("table %s had no saved game: its directory is removed", name)
		return os.RemoveAll(st.Dir())
	}
	var damaged *store.DamagedError
	if errors.As(err, &damaged) && damaged.Aside != "" {
		// The store's words ("starting afresh") are a player's; a table
		// whose game cannot be read is not opened again. Its people, as
		// far as the log's head still names them, read why when they
		// next come, rather than find the table gone.
		told := "its people are told when they next come"
		if n := h.tellDamaged(name, damaged.Aside); n == 0 {
			told = "its people cannot be told: its head names nobody"
		}
		return fmt.Errorf("its saved game could not be read and is kept as %s; the table is not opened again (%s): %v", damaged.Aside, told, damaged.Err)
	}
	if err != nil {
		return err
	}
	tg := map[string]string{}
	for _, x := range l.Header.Extra {
		tg[x.Name] = x.Value
	}
	code := tg[tagTable]
	if code == "" || normalCode(code) != code {
		return fmt.Errorf("no %s tag", tagTable)
	}
	seed, err := strconv.ParseUint(tg[session.SeedTag], 10, 64)
	if err != nil {
		return fmt.Errorf("%s tag: %v", session.SeedTag, err)
	}
	seats, err := strconv.Atoi(tg[tagSeats])
	if err != nil || !rules.ValidPlayers(seats) {
		return &SeatsError{Seats: seats}
	}
	level, err := ai.ParseLevel(tg[tagLevel])
	if err != nil {
		return fmt.Errorf("%s tag: %v", tagLevel, err)
	}
	g, err := l.Game()
	if err != nil {
		return err
	}
	if g.Players() != seats {
		return fmt.Errorf("the log's game has %d players, its %s tag %d", g.Players(), tagSeats, seats)
	}
	start := h.cfg.Clock.Now()
	if s, ok := l.Header.Start(nil); ok {
		start = s
	}
	t := newTable(h, code, Options{Seats: seats, Rules: g.Options(), Level: level, Seed: seed, Private: tg[tagPrivate] != ""}, tg[tagHost], start, st)
	t.restored = true
	for i := range t.seats {
		seat := rules.Seat(i)
		if id := l.Header.Key(seat); id != "" {
			t.seats[i].player = Player{ID: id, Name: l.Header.Name(seat)}
		}
	}
	// The abandonment's clock runs on from when the table became empty
	// before the stop; from now when that is not known.
	since, err := readEmpty(t.files.fs, filepath.Join(st.Dir(), emptyFile))
	if err != nil {
		t.logf("%v; its abandonment's clock starts now", err)
	}
	t.emptySince = since
	f := t.files
	f.kept = g.Over() || tg[tagClosed] != "" // the log holds the game that ended
	for i, s := range t.seats {
		if s.player.ID != "" && strings.Contains(tg[tagFiled], rules.Seat(i).String()) {
			f.filed[s.player.ID] = true
		}
	}
	h.mu.Lock()
	h.live[t] = true
	h.mu.Unlock()

	switch {
	case len(l.Deals) == 0 && tg[tagClosed] == "":
		// A waiting room: the seats reserved wait for their people.
		h.list(t)
		t.mu.Lock()
		// Nobody is here yet: each seat's wait starts when somebody
		// comes (armGraces), nothing happening at the table till then.
		for _, s := range t.seats {
			s.after = " after the server restarted"
		}
		t.armEmpty()
		t.mu.Unlock()
		h.cfg.Logf("table %s back from its log, waiting for its players to start", code)
	case tg[tagClosed] != "":
		// Abandoned before the stop, its filing not done: filed only.
		f.tags.Store(t.tagsNow())
		f.closed, f.final = tg[tagClosed], l
		f.unfiled.Store(true)
		t.mu.Lock()
		t.closed = tg[tagClosed]
		t.mu.Unlock()
		h.cfg.Logf("table %s back from its log: filing its abandoned game", code)
		t.refileLater(0)
	default:
		f.tags.Store(t.tagsNow())
		t.mu.Lock()
		if deal, keys, ok := readWatched(tg[tagWatched]); ok {
			// The spectators who saw the deal the game stands in, and
			// left it or were cut off by the stop, stay quiet until it
			// ends (watchedDeal), as its players do.
			t.watched = map[string]int{}
			for _, k := range keys {
				t.watched[k] = deal
			}
		}
		t.publishSeen() // the next save keeps them
		if g.Over() {
			// Its people, away at the stop, find the game's end here
			// with its offer to play again; those it goes without
			// (filed, nobody here) read where it went when they next
			// come, as after a filing finished before the stop (letGo).
			t.owed = map[string]bool{}
			for _, st := range t.seats {
				if id := st.player.ID; id != "" {
					t.owed[id] = true
				}
			}
		}
		t.mu.Unlock()
		h.list(t)
		game, err := host.Resume(l, t.hostConfig(nil))
		if err != nil {
			h.forget(t)
			return err
		}
		t.setGame(game)
		if g.Over() {
			h.cfg.Logf("table %s back from its log: its ended game is being filed", code)
		} else {
			h.cfg.Logf("table %s back from its log, waiting for its players", code)
		}
	}
	t.sayRestarted()
	return nil
}

// list puts a table on the list.
func (h *Hall) list(t *Table) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.tables[t.code] = t
}
