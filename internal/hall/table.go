package hall

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/gamelog"
	"github.com/klob/klob/internal/store"
	"github.com/klob/klob/rules"
)

// Table is one game with several people. Its methods are safe for
// concurrent use; people act through their Conn.
type Table struct {
	h    *Hall
	code string
	opts Options
	host string // the host's player ID
	st   *store.Store

	mu       sync.Mutex
	seats    []*seat
	game     *rules.Game
	header   gamelog.Header
	comments []string // header comments: the bot takeovers
	started  bool
	closed   string // why the table closed, "" while open
	gen      int    // actions applied; a bot's answer carries the gen it was asked at
	botBusy  bool
	note     string // the last thing that happened, public
	saveErr  error
	archived bool
}

// seat is one place at the table.
type seat struct {
	player  Player    // ID "" while nobody has the seat
	conn    *Conn     // the person's connection, nil when away
	dropped time.Time // when the person went, zero while here
	timer   *time.Timer
	bot     ai.Bot // plays the seat: a seat nobody took, or a takeover
	back    bool   // the person came back: takes over from the bot at the next deal
	ready   bool   // ready for the next deal
}

// human reports whether a person plays the seat now (here or away).
func (s *seat) human() bool { return s.player.ID != "" && s.bot == nil }

func newTable(h *Hall, code string, o Options, host string) *Table {
	t := &Table{h: h, code: code, opts: o, host: host}
	if h.cfg.Dir != "" {
		t.st = store.New(filepath.Join(h.cfg.Dir, code), store.Options{})
	}
	for range o.Seats {
		t.seats = append(t.seats, &seat{})
	}
	first := rules.Seat(rand.New(rand.NewPCG(o.Seed, 0)).IntN(2))
	t.game = rules.NewGame(o.Rules, first)
	t.header = gamelog.Header{Event: "Klob table " + code}
	t.header.SetStart(h.cfg.Now())
	return t
}

// Code is the table's short code.
func (t *Table) Code() string { return t.code }

// deckFor returns the deck of deal n: each deal has its own stream of
// the seed, so a table brought back deals what it would have dealt.
func deckFor(seed uint64, n int) rules.Deck {
	return rules.Shuffle(rand.New(rand.NewPCG(seed, uint64(n))))
}

func (t *Table) newBot(s rules.Seat) (ai.Bot, error) {
	return t.h.cfg.NewBot(t.opts.Level, t.opts.Seed^uint64(s+1)*0x9e3779b97f4a7c15)
}

func (t *Table) holds(id string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.seatOf(id) >= 0
}

func (t *Table) seatOf(id string) int {
	for i, s := range t.seats {
		if s.player.ID == id {
			return i
		}
	}
	return -1
}

func (t *Table) info(id string) Info {
	t.mu.Lock()
	defer t.mu.Unlock()
	in := Info{Code: t.code, Seats: len(t.seats), Level: t.opts.Level, Target: t.opts.Rules.Target,
		Started: t.started, Yours: t.seatOf(id) >= 0}
	for _, s := range t.seats {
		in.Names = append(in.Names, s.player.Name)
		if s.player.ID == t.host {
			in.Host = s.player.Name
		}
	}
	return in
}

// name is what everyone reads for a seat.
func (t *Table) name(s rules.Seat) string {
	if int(s) >= len(t.seats) {
		return "nobody"
	}
	st := t.seats[s]
	switch {
	case st.player.ID != "" && st.bot != nil:
		return st.player.Name + "'s bot"
	case st.player.ID != "":
		return st.player.Name
	}
	return "Bot"
}

// Join seats p: at their own seat when they hold one (a reconnection,
// which takes the seat from an older connection of theirs), else at a
// free seat of a table not started. notify is called from the
// connection's own goroutine with every change, never under the
// table's lock.
func (t *Table) Join(p Player, notify func(Update)) (*Conn, error) {
	if p.ID == "" {
		return nil, ErrGuest
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed != "" {
		return nil, ErrClosed
	}
	i := t.seatOf(p.ID)
	if i < 0 {
		if t.started {
			return nil, ErrStarted
		}
		for j, s := range t.seats {
			if s.player.ID == "" {
				i = j
				break
			}
		}
		if i < 0 {
			return nil, ErrTableFull
		}
		t.seats[i].player = p
		t.note = p.Name + " sat down"
	}
	s := t.seats[i]
	if old := s.conn; old != nil {
		old.kicked = true
		old.wakeUp()
	}
	if s.timer != nil {
		s.timer.Stop()
		s.timer = nil
	}
	if !s.dropped.IsZero() {
		t.note = s.player.Name + " is back"
		t.h.cfg.Logf("table %s: %s back at seat %s", t.code, s.player.Name, rules.Seat(i))
	}
	s.dropped = time.Time{}
	if s.bot != nil && s.player.ID != "" {
		s.back = true
	}
	c := &Conn{t: t, seat: rules.Seat(i), notify: notify, wake: make(chan struct{}, 1), done: make(chan struct{})}
	s.conn = c
	go c.run()
	t.changed()
	return c, nil
}

// armTakeover starts the drop clock of seat i; t.mu is held.
func (t *Table) armTakeover(i rules.Seat) {
	s := t.seats[i]
	if s.timer != nil {
		s.timer.Stop()
	}
	s.timer = time.AfterFunc(t.h.cfg.Grace, func() { t.takeover(i) })
}

// takeover gives a bot the seat of a person who did not come back. A
// table not started closes when its host does not come back. Bots take
// seats only while somebody is at the table to play with.
func (t *Table) takeover(i rules.Seat) {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.seats[i]
	if t.closed != "" || s.conn != nil || s.dropped.IsZero() || s.bot != nil {
		return
	}
	if !t.started {
		if s.player.ID == t.host {
			t.close("the host left before the game started")
			return
		}
		s.player, s.dropped = Player{}, time.Time{}
		t.changed()
		return
	}
	if !t.anyoneHere() {
		t.armTakeover(i)
		return
	}
	bot, err := t.newBot(i)
	if err != nil {
		t.note = "no bot could take the seat: " + err.Error()
		t.changed()
		return
	}
	s.bot, s.timer = bot, nil
	deal := t.game.DealNo()
	if t.game.NeedDeal() {
		deal = len(t.game.Records()) + 1
	}
	line := fmt.Sprintf("deal %d: %s dropped; a %s bot took seat %s", deal, s.player.Name, t.opts.Level, i)
	t.comments = append(t.comments, line)
	t.note = fmt.Sprintf("%s did not come back: a %s bot plays the seat", s.player.Name, t.opts.Level)
	t.h.cfg.Logf("table %s: %s", t.code, line)
	t.save()
	t.changed()
	t.moveOn()
}

func (t *Table) anyoneHere() bool {
	for _, s := range t.seats {
		if s.conn != nil {
			return true
		}
	}
	return false
}

// close ends the table for everyone; t.mu is held.
func (t *Table) close(why string) {
	t.closed = why
	for _, s := range t.seats {
		if s.timer != nil {
			s.timer.Stop()
		}
	}
	if t.st != nil {
		_ = os.RemoveAll(t.st.Dir())
	}
	t.h.remove(t)
	t.h.cfg.Logf("table %s closed: %s", t.code, why)
	t.changed()
}

// Start begins the game; only the host may. Empty seats get bots.
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
	if t.started {
		return nil
	}
	for i, s := range t.seats {
		if s.player.ID != "" {
			continue
		}
		bot, err := t.newBot(rules.Seat(i))
		if err != nil {
			return err
		}
		s.bot = bot
	}
	t.started = true
	t.h.cfg.Logf("table %s: game started", t.code)
	if err := t.deal(); err != nil {
		return err
	}
	t.moveOn()
	return nil
}

// deal starts the next deal: people who came back take their seats
// from the bots first; t.mu is held.
func (t *Table) deal() error {
	for i, s := range t.seats {
		if s.back && s.conn != nil {
			s.bot, s.back = nil, false
			t.comments = append(t.comments, fmt.Sprintf("deal %d: %s took seat %s back", t.game.DealNo(), s.player.Name, rules.Seat(i)))
		}
		s.ready = false
	}
	if err := t.game.StartDeal(deckFor(t.opts.Seed, t.game.DealNo())); err != nil {
		return err
	}
	t.gen++
	t.note = fmt.Sprintf("Deal %d: %s deals", t.game.DealNo(), t.name(t.game.Dealer()))
	t.save()
	t.changed()
	return nil
}

// Act takes the seat's action.
func (c *Conn) Act(a rules.Action) error {
	t := c.t
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := c.check(); err != nil {
		return err
	}
	g := t.game
	if !t.started || g.Over() || g.NeedDeal() || g.Deal().Turn() != c.seat {
		return ErrNotYourTurn
	}
	if t.seats[c.seat].bot != nil {
		return ErrBotSeat
	}
	if err := t.apply(c.seat, a); err != nil {
		return err
	}
	t.moveOn()
	return nil
}

// Ready says the person has read the deal's result; the next deal
// starts when every person at the table is ready.
func (c *Conn) Ready() error {
	t := c.t
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := c.check(); err != nil {
		return err
	}
	t.seats[c.seat].ready = true
	t.changed()
	t.moveOn()
	return nil
}

// apply applies a for seat s, notes it, saves, and files a finished
// game; t.mu is held.
func (t *Table) apply(s rules.Seat, a rules.Action) error {
	before := t.game.Deal().View(s)
	if err := t.game.Apply(a); err != nil {
		return err
	}
	t.gen++
	t.note = t.describe(&before, s, a)
	if t.game.NeedDeal() || t.game.Over() {
		sc := t.game.Records()[len(t.game.Records())-1].Score
		t.note += fmt.Sprintf(" · deal over: %s %d, %s %d", t.name(0), sc.Scored[0], t.name(1), sc.Scored[1])
	}
	t.save()
	if t.game.Over() {
		t.archive()
	}
	t.changed()
	return nil
}

// describe says what seat s did, from what everyone saw: every action
// is public.
func (t *Table) describe(before *rules.View, s rules.Seat, a rules.Action) string {
	who := t.name(s)
	switch a.Kind {
	case rules.PlayCard:
		line := fmt.Sprintf("%s played %s", who, a.Card.Pretty(false))
		if a.Bella {
			line += " and said bella"
		}
		if before.Lead != rules.NoCard {
			w := before.Leader
			if rules.TrickWinner(before.Lead, a.Card, before.Trump) == 1 {
				w = w.Other()
			}
			line += ": " + t.name(w) + " won the trick"
		}
		return line
	case rules.Exchange:
		return fmt.Sprintf("%s exchanged the dix: took %s", who, before.OrigUpcard.Pretty(false))
	case rules.Name:
		return who + ": " + a.Suit.Name()
	}
	return who + ": " + a.Words()
}

// moveOn plays what the table plays by itself: a person's only choice
// outside card play, the next deal once everyone is ready, and the
// bots' moves (off the lock, paced); t.mu is held.
func (t *Table) moveOn() {
	for range 64 {
		g := t.game
		if !t.started || t.closed != "" || g.Over() {
			return
		}
		if g.NeedDeal() {
			for _, s := range t.seats {
				if s.conn != nil && !s.ready && s.bot == nil {
					return
				}
			}
			if !t.anyoneHere() {
				return
			}
			if err := t.deal(); err != nil {
				t.note = "cannot deal: " + err.Error()
				return
			}
			continue
		}
		turn := g.Deal().Turn()
		s := t.seats[turn]
		if s.bot != nil {
			t.think(turn)
			return
		}
		v := g.Deal().View(turn)
		legal := v.Legal()
		if len(legal) == 1 && v.Phase != rules.PhasePlay {
			if err := t.apply(turn, legal[0]); err != nil {
				return
			}
			t.note += " (auto: only choice)"
			continue
		}
		return
	}
}

// think asks the bot of seat s for its move on its own goroutine; the
// answer is applied if the table has not moved since.
func (t *Table) think(s rules.Seat) {
	if t.botBusy || !t.anyoneHere() {
		return
	}
	t.botBusy = true
	gen := t.gen
	bot := t.seats[s].bot
	v := t.game.Deal().View(s)
	pace, limit := t.h.cfg.Pace, t.h.cfg.Think
	go func() {
		start := time.Now()
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		a, err := bot.Choose(ctx, v)
		cancel()
		if wait := pace - time.Since(start); wait > 0 {
			time.Sleep(wait)
		}
		t.mu.Lock()
		defer t.mu.Unlock()
		t.botBusy = false
		if t.gen != gen || t.closed != "" || t.game.NeedDeal() || t.game.Over() || t.game.Deal().Turn() != s || t.seats[s].bot != bot {
			t.moveOn()
			return
		}
		if err != nil || t.apply(s, a) != nil {
			legal := t.game.Deal().Legal()
			if len(legal) == 0 || t.apply(s, legal[0]) != nil {
				t.note = "the bot failed"
				t.changed()
				return
			}
		}
		t.moveOn()
	}()
}

// Leave ends the connection's hold: its seat waits for the person. On
// a table not started, a guest's seat is freed at once and the host's
// going closes the table.
func (c *Conn) Leave() {
	t := c.t
	t.mu.Lock()
	defer t.mu.Unlock()
	if c.left {
		return
	}
	c.left = true
	close(c.done)
	s := t.seats[c.seat]
	if s.conn != c {
		return
	}
	s.conn = nil
	if t.closed != "" {
		return
	}
	if t.game.Over() {
		if !t.anyoneHere() {
			t.close("the game is over")
		}
		return
	}
	if !t.started {
		if s.player.ID == t.host {
			t.close("the host left")
			return
		}
		t.note = s.player.Name + " left"
		s.player = Player{}
		t.changed()
		return
	}
	s.dropped = t.h.cfg.Now()
	t.note = s.player.Name + " dropped"
	t.h.cfg.Logf("table %s: %s dropped from seat %s", t.code, s.player.Name, c.seat)
	t.armTakeover(c.seat)
	t.changed()
}

// log records the table's game as it stands; t.mu is held.
func (t *Table) log() *gamelog.Log {
	h := t.header
	h.Extra = []gamelog.Tag{
		{Name: tagTable, Value: t.code},
		{Name: tagSeed, Value: strconv.FormatUint(t.opts.Seed, 10)},
		{Name: tagSeats, Value: strconv.Itoa(len(t.seats))},
		{Name: tagLevel, Value: string(t.opts.Level)},
		{Name: tagHost, Value: t.host},
	}
	for i, s := range t.seats {
		seat := rules.Seat(i)
		if s.player.ID != "" {
			h.Players[i], h.Levels[i] = s.player.Name, gamelog.Human
			h.Extra = append(h.Extra, gamelog.Tag{Name: tagKey + seat.String(), Value: s.player.ID})
		} else {
			h.Players[i], h.Levels[i] = "Bot", string(t.opts.Level)
		}
	}
	l := gamelog.FromGame(h, t.game)
	l.Comment = append([]string(nil), t.comments...)
	return l
}

// save writes the table's log; t.mu is held.
func (t *Table) save() {
	if t.st == nil || t.closed != "" {
		return
	}
	t.saveErr = t.st.SaveCurrent(t.log())
	if t.saveErr != nil {
		t.h.cfg.Logf("table %s: autosave failed: %v", t.code, t.saveErr)
	}
}

// archive files the finished game into every person's history and
// forgets the table's file; t.mu is held.
func (t *Table) archive() {
	l := t.log()
	if t.h.cfg.History != nil {
		for _, s := range t.seats {
			if s.player.ID == "" {
				continue
			}
			if _, err := t.h.cfg.History(s.player.ID).Archive(l); err != nil {
				t.h.cfg.Logf("table %s: filing the game for %s: %v", t.code, s.player.Name, err)
			}
		}
	}
	t.archived = true
	if t.st != nil {
		_ = os.RemoveAll(t.st.Dir())
	}
	t.h.remove(t)
	t.h.cfg.Logf("table %s: game over, %s won", t.code, t.name(t.game.Winner()))
}

// changed wakes every connection to send its seat's update; t.mu is
// held.
func (t *Table) changed() {
	for _, s := range t.seats {
		if s.conn != nil {
			s.conn.wakeUp()
		}
	}
}
