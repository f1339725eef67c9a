package chat

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"
)

// Config sets a Hub's limits. A zero field takes its default.
type Config struct {
	// Now is the clock (default time.Now): rate limits and the time of
	// each line read it, and tests inject their own.
	Now func() time.Time
	// MaxChars is the most characters in a line, counted by Length
	// after cleaning (default 200). A line whose text before NFKC
	// already holds three times as many (spaces and marks aside) is
	// refused as too long without being normalised.
	MaxChars int
	// MaxBytes is the most bytes of a line as typed or pasted, checked
	// before anything else: a longer one is refused at once, unread, so
	// the work spent on any line is bounded (default 4096: 200
	// characters of four bytes with their accents fit).
	MaxBytes int
	// Burst lines may be said at once; after them, one every Every
	// (defaults 5 and one second). The bucket is per sender key,
	// shared by all the Hub's rooms.
	Burst int
	Every time.Duration
	// AddrBurst lines may be said at once from one address (Sender.Addr)
	// by all its keys together; after them, one every AddrEvery
	// (defaults 20 and a quarter of a second: four times a key's, for a
	// family behind one router). Keys cost nothing, so without it one
	// address with fresh keys says as much as it likes.
	AddrBurst int
	AddrEvery time.Duration
	// History is the number of lines a room keeps for those who join
	// later (default 100).
	History int
	// Pending is the number of lines kept for a listener that has not
	// read them yet (default 64); beyond it the oldest are dropped for
	// that listener and counted as skipped.
	Pending int
	// MaxMutes is the most keys one listener may mute (default 1000).
	MaxMutes int
	// MaxMutesAll is the most mutes the Hub keeps for all its listeners
	// (default 100,000): keys cost nothing, so listeners without end
	// could each keep their mutes for the server's life. Beyond it the
	// mutes of the listener who changed theirs least lately go.
	MaxMutesAll int
	// OnMutes, when set, is given a listener's mutes (a copy: muted key
	// -> the name muted; nil for none) each time Mute or Unmute changes
	// them, for the caller to store. It runs under the Hub's lock, so
	// the sets arrive in the order they were made: it must not block
	// (hand the set to a writer and return). Restore and the drops of
	// MaxMutesAll do not call it: what is stored stays.
	OnMutes func(listener string, muted map[string]string)
}

// Defaults of Config.
const (
	DefaultMaxChars    = 200
	DefaultMaxBytes    = 4096
	DefaultBurst       = 5
	DefaultEvery       = time.Second
	DefaultAddrBurst   = 20
	DefaultAddrEvery   = time.Second / 4
	DefaultHistory     = 100
	DefaultPending     = 64
	DefaultMaxMutes    = 1000
	DefaultMaxMutesAll = 100000
)

// withDefaults fills the zero fields and checks the others.
func (c Config) withDefaults() (Config, error) {
	if c.Now == nil {
		c.Now = time.Now
	}
	ints := []struct {
		name string
		v    *int
		def  int
	}{
		{"MaxChars", &c.MaxChars, DefaultMaxChars},
		{"MaxBytes", &c.MaxBytes, DefaultMaxBytes},
		{"Burst", &c.Burst, DefaultBurst},
		{"AddrBurst", &c.AddrBurst, DefaultAddrBurst},
		{"History", &c.History, DefaultHistory},
		{"Pending", &c.Pending, DefaultPending},
		{"MaxMutes", &c.MaxMutes, DefaultMaxMutes},
		{"MaxMutesAll", &c.MaxMutesAll, DefaultMaxMutesAll},
	}
	for _, f := range ints {
		switch {
		case *f.v < 0:
			return c, fmt.Errorf("chat: Config.%s is %d; it must be positive (0 takes the default %d)", f.name, *f.v, f.def)
		case *f.v == 0:
			*f.v = f.def
		}
	}
	switch {
	case c.Every < 0:
		return c, fmt.Errorf("chat: Config.Every is %s; it must be positive (0 takes the default %s)", c.Every, DefaultEvery)
	case c.Every == 0:
		c.Every = DefaultEvery
	}
	switch {
	case c.AddrEvery < 0:
		return c, fmt.Errorf("chat: Config.AddrEvery is %s; it must be positive (0 takes the default %s)", c.AddrEvery, DefaultAddrEvery)
	case c.AddrEvery == 0:
		c.AddrEvery = DefaultAddrEvery
	}
	if c.MaxBytes < c.MaxChars {
		return c, fmt.Errorf("chat: Config.MaxBytes (%d) is below MaxChars (%d): a line of MaxChars letters could not be said", c.MaxBytes, c.MaxChars)
	}
	return c, nil
}

// Hub holds what the rooms of one server share: the limits, each
// sender's rate bucket and each listener's mutes. Make one with New;
// its rooms with NewRoom. It is safe for concurrent use.
type Hub struct {
	cfg   Config
	limit *Limiter
	// byAddr is the buckets of addresses; rateMu makes the look at both
	// buckets of a line and their charge one step.
	byAddr *Limiter
	rateMu sync.Mutex

	muteMu  sync.RWMutex
	mutes   map[string]map[string]string // listener -> keys they muted -> the name they muted
	changed map[string]time.Time         // listener -> when they last muted someone
	all     int                          // the mutes of every listener

	here presence // the people present (Arrive)
}

// New makes a Hub with cfg's limits.
func New(cfg Config) (*Hub, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	return &Hub{
		cfg:    cfg,
		limit:  NewLimiter(cfg.Burst, cfg.Every, cfg.Now()),
		byAddr: NewLimiter(cfg.AddrBurst, cfg.AddrEvery, cfg.Now()),
		mutes:  map[string]map[string]string{}, changed: map[string]time.Time{},
	}, nil
}

// Config returns the Hub's limits, defaults filled in.
func (h *Hub) Config() Config { return h.cfg }

// Mute stops lines from muted reaching listener, in every room, from
// now on and in the history they are given. Keys are what Sender.Key
// holds. Mutes live as long as the Hub; a caller that wants them to
// outlive the server stores them (Config.OnMutes) and gives them back
// when the listener comes (Restore). name is the
// name the listener muted (MutedNames gives it back to a new connection
// of the listener, for /unmute).
func (h *Hub) Mute(listener, muted, name string) error {
	switch {
	case listener == "" || muted == "":
		return errors.New("chat: mute needs the keys of both the listener and the muted")
	case listener == muted:
		return errors.New("you cannot mute yourself")
	}
	h.muteMu.Lock()
	defer h.muteMu.Unlock()
	set := h.mutes[listener]
	if _, ok := set[muted]; ok {
		return nil
	}
	if len(set) >= h.cfg.MaxMutes {
		return fmt.Errorf("you have muted %d players, the most there can be: unmute one first", len(set))
	}
	if set == nil {
		set = map[string]string{}
		h.mutes[listener] = set
	}
	set[muted] = name
	h.all++
	h.changed[listener] = h.cfg.Now()
	for h.all > h.cfg.MaxMutesAll && h.dropOldestLocked(listener) {
	}
	h.changedLocked(listener)
	return nil
}

// changedLocked gives listener's mutes to Config.OnMutes; under muteMu.
func (h *Hub) changedLocked(listener string) {
	if h.cfg.OnMutes != nil {
		h.cfg.OnMutes(listener, maps.Clone(h.mutes[listener]))
	}
}

// Restore gives listener back the mutes stored from an earlier Hub
// (muted key -> the name muted), when the Hub holds none of theirs: a
// Hub that does holds the newer set, made since. Empty keys and
// listener's own are skipped, and no more than MaxMutes are taken (the
// first keys in order). It reports whether it took them.
func (h *Hub) Restore(listener string, muted map[string]string) bool {
	if listener == "" || len(muted) == 0 {
		return false
	}
	h.muteMu.Lock()
	defer h.muteMu.Unlock()
	if len(h.mutes[listener]) > 0 {
		return false
	}
	set := map[string]string{}
	for _, k := range slices.Sorted(maps.Keys(muted)) {
		if k != "" && k != listener && len(set) < h.cfg.MaxMutes {
			set[k] = muted[k]
		}
	}
	if len(set) == 0 {
		return false
	}
	h.mutes[listener] = set
	h.all += len(set)
	h.changed[listener] = h.cfg.Now()
	for h.all > h.cfg.MaxMutesAll && h.dropOldestLocked(listener) {
	}
	return true
}

// dropOldestLocked drops the mutes of the listener, not keep, who
// changed theirs least lately, and reports whether there was one; under
// muteMu.
func (h *Hub) dropOldestLocked(keep string) bool {
	oldest, at := "", time.Time{}
	for l, t := range h.changed {
		if l != keep && (oldest == "" || t.Before(at)) {
			oldest, at = l, t
		}
	}
	if oldest == "" {
		return false
	}
	h.forgetLocked(oldest)
	return true
}

// forgetLocked drops listener's mutes; under muteMu.
func (h *Hub) forgetLocked(listener string) {
	h.all -= len(h.mutes[listener])
	delete(h.mutes, listener)
	delete(h.changed, listener)
}

// Unmute lets lines from muted reach listener again (the lines said
// while muted stay unseen).
func (h *Hub) Unmute(listener, muted string) {
	h.muteMu.Lock()
	defer h.muteMu.Unlock()
	set := h.mutes[listener]
	_, was := set[muted]
	if was {
		delete(set, muted)
		h.all--
	}
	if len(set) == 0 {
		h.forgetLocked(listener)
	}
	if was {
		h.changedLocked(listener)
	}
}

// Muted returns the keys listener muted, sorted.
func (h *Hub) Muted(listener string) []string {
	h.muteMu.RLock()
	defer h.muteMu.RUnlock()
	return slices.Sorted(maps.Keys(h.mutes[listener]))
}

// MutedNames returns the keys listener muted with the names they were
// muted by: a copy.
func (h *Hub) MutedNames(listener string) map[string]string {
	h.muteMu.RLock()
	defer h.muteMu.RUnlock()
	out := make(map[string]string, len(h.mutes[listener]))
	for k, n := range h.mutes[listener] {
		out[k] = n
	}
	return out
}

// mutedLocked reports whether listener muted from; under muteMu.
func (h *Hub) mutedLocked(listener, from string) bool {
	_, ok := h.mutes[listener][from]
	return ok
}

// Sender is who says a line: Key identifies them for rate limits and
// mutes (a player's key fingerprint; for a guest, an id of their
// connection), Name is how the line is signed (the caller's display
// name, already checked and normalised), Addr is the address they came
// from, as the server's per-address limits count it ("" for none: only
// the key's bucket applies).
type Sender struct {
	Key  string
	Name string
	Addr string
}

// Line is one line said in a room.
type Line struct {
	Seq  uint64 // 1, 2, 3... in the order the room took the lines
	From string // the sender's key
	Name string // the sender's name when they said it
	Text string // cleaned: safe to print as it is
	At   time.Time
}

// Reason is why a line was refused.
type Reason int

// The reasons a line is refused.
const (
	TooLong Reason = iota + 1 // over MaxChars once cleaned, or over MaxBytes as sent
	Empty                     // nothing left once cleaned
	TooFast                   // over the sender's rate, or their address's
)

// Refusal is the error of a refused line: Error says why, in words to
// show the sender. Their text is not kept anywhere: the caller leaves
// it in the input box so nothing is lost.
type Refusal struct {
	Reason Reason
	// Wait is, for TooFast, how long until a line is accepted.
	Wait time.Duration
	// Addr is, for TooFast, whether it is the address's rate (the lines
	// of all its keys together) that was met.
	Addr bool
	// Chars is, for TooLong, the characters the line has once cleaned
	// (0 when it was refused on its bytes, unread); Max the limit.
	Chars, Max int
	// Blank is, for Empty, whether the line held nothing but spaces
	// (else it held only characters that are removed).
	Blank bool
}

func (r *Refusal) Error() string {
	switch r.Reason {
	case TooLong:
		if r.Chars == 0 {
			return fmt.Sprintf("too long: a line holds at most %d characters", r.Max)
		}
		return fmt.Sprintf("too long: %d characters, a line holds at most %d", r.Chars, r.Max)
	case Empty:
		if r.Blank {
			return "nothing to send"
		}
		return "nothing to send: the line holds only control or invisible characters, which are removed"
	case TooFast:
		wait := (r.Wait + time.Second - 1) / time.Second
		if r.Addr {
			return fmt.Sprintf("slow down: many lines come from your address; wait %d s", wait)
		}
		return fmt.Sprintf("slow down: wait %d s", wait)
	}
	return "refused"
}

// ErrClosed is the error of a room that was closed, and of its
// subscriptions once their last lines are read.
var ErrClosed = errors.New("chat: the room is closed")

// Room is one conversation: a table's, or the lobby's. It keeps the last
// Config.History lines and hands each new line to its subscribers
// without ever waiting for them. Safe for concurrent use.
type Room struct {
	hub *Hub

	mu     sync.Mutex
	closed bool
	seq    uint64 // lines taken so far
	hist   []Line // ring of the last lines: hist[(head+i)%len] for i < n
	head   int
	n      int
	subs   map[*Subscription]struct{}
}

// NewRoom makes a room under h's limits and mutes.
func (h *Hub) NewRoom() *Room {
	return &Room{hub: h, hist: make([]Line, h.cfg.History), subs: map[*Subscription]struct{}{}}
}

// Say cleans text (see cleanUpTo) and, unless it is refused, hands it to
// every subscriber who has not muted the sender, and keeps it in the
// history. A refusal is a *Refusal (or ErrClosed), checked in an order
// that bounds the work of a flood: the byte length first (a 1 MB paste
// is refused without being read, and costs no token), then the rate
// (a refused line is not cleaned), then the cleaned text, which has
// spent its token. Say never waits for a listener.
//
// The line is not written anywhere else: a caller must keep it out of
// the game log, which records play, not talk.
func (r *Room) Say(from Sender, text string) (Line, error) {
	cfg := &r.hub.cfg
	if from.Key == "" {
		return Line{}, errors.New("chat: a sender needs a key")
	}
	if len(text) > cfg.MaxBytes {
		return Line{}, &Refusal{Reason: TooLong, Max: cfg.MaxChars}
	}
	now := cfg.Now()
	if refusal := r.hub.take(from, now); refusal != nil {
		return Line{}, refusal
	}
	clean, n := cleanUpTo(text, cfg.MaxChars)
	if n > cfg.MaxChars {
		return Line{}, &Refusal{Reason: TooLong, Chars: n, Max: cfg.MaxChars}
	}
	if clean == "" {
		return Line{}, &Refusal{Reason: Empty, Blank: strings.TrimFunc(text, unicode.IsSpace) == ""}
	}

	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return Line{}, ErrClosed
	}
	r.seq++
	l := Line{Seq: r.seq, From: from.Key, Name: from.Name, Text: clean, At: now}
	r.hist[(r.head+r.n)%len(r.hist)] = l
	if r.n < len(r.hist) {
		r.n++
	} else {
		r.head = (r.head + 1) % len(r.hist)
	}
	r.hub.muteMu.RLock()
	defer r.hub.muteMu.RUnlock()
	for s := range r.subs {
		if !r.hub.mutedLocked(s.listener, l.From) {
			s.push(l)
		} else {
			s.hide()
		}
	}
	return l, nil
}

// take spends a token of the sender's bucket and of their address's,
// or neither: a refusal when either is empty, the longer wait said.
func (h *Hub) take(from Sender, now time.Time) *Refusal {
	if from.Addr == "" {
		if wait := h.limit.Take(from.Key, now); wait > 0 {
			return &Refusal{Reason: TooFast, Wait: wait}
		}
		return nil
	}
	h.rateMu.Lock()
	defer h.rateMu.Unlock()
	key, addr := h.limit.Wait(now, from.Key), h.byAddr.Wait(now, from.Addr)
	if key > 0 || addr > 0 {
		return &Refusal{Reason: TooFast, Wait: max(key, addr), Addr: addr > key}
	}
	h.limit.Charge(now, from.Key)
	h.byAddr.Charge(now, from.Addr)
	return nil
}

// History is the lines a room keeps, oldest first, and how many older
// ones it no longer keeps (shown as a mark such as "earlier lines are
// gone" above them).
type History struct {
	Lines   []Line
	Dropped uint64
	// Hidden is how many of the lines kept are left out: their sender
	// is muted by the listener.
	Hidden int
}

// History returns the lines the room keeps, without those of senders
// listener muted.
func (r *Room) History(listener string) History {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.historyLocked(listener)
}

func (r *Room) historyLocked(listener string) History {
	h := History{Lines: make([]Line, 0, r.n), Dropped: r.seq - uint64(r.n)}
	r.hub.muteMu.RLock()
	defer r.hub.muteMu.RUnlock()
	for i := range r.n {
		l := r.hist[(r.head+i)%len(r.hist)]
		if !r.hub.mutedLocked(listener, l.From) {
			h.Lines = append(h.Lines, l)
		} else {
			h.Hidden++
		}
	}
	return h
}

// Subscribe starts listener's subscription and returns it with the
// history up to it: every line after the history reaches the
// subscription (unless muted), none twice. In a closed room the
// subscription is already closed.
func (r *Room) Subscribe(listener string) (*Subscription, History) {
	s := &Subscription{
		room:     r,
		listener: listener,
		ready:    make(chan struct{}, 1),
		buf:      make([]Line, r.hub.cfg.Pending),
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	h := r.historyLocked(listener)
	if r.closed {
		s.finish()
	} else {
		r.subs[s] = struct{}{}
	}
	return s, h
}

// Listeners returns the number of subscriptions open.
func (r *Room) Listeners() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.subs)
}

// Close closes the room: Say refuses with ErrClosed, and each
// subscription gives its last lines, then ErrClosed.
func (r *Room) Close() {
	r.mu.Lock()
	subs := r.subs
	r.closed, r.subs = true, nil
	r.mu.Unlock()
	for s := range subs {
		s.finish()
	}
}
