package hall

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
)

// Table is one game with several people. Its methods are safe for
// concurrent use; people act through their Conn. Once started, the game
// is an internal/play/session.Session, which the table calls under its lock
// only: the session deals from the seed, checks every action's seat,
// takes the people's forced moves, runs the bots of the empty seats and
// orders the autosaves; the table adds the seats' comings and goings.
type Table struct {
	h     *Hall
	code  string
	opts  Options
	host  string // the host's player ID
	st    *store.Store
	start time.Time

	mu       sync.Mutex
	seats    []*seat
	sess     *session.Session // nil until the game starts
	comments []string         // header comments: the bot takeovers
	closed   string           // why the table closed, "" while open
	botBusy  bool
	note     string // the last thing that happened to the table, public
	move     *Move  // the last action taken, nil after a table event
	saveErr  error
	archived bool
}

// seat is one place at the table.
type seat struct {
	player  Player    // ID "" while nobody has the seat (a bot's once started)
	conn    *Conn     // the person's connection, nil when away
	dropped time.Time // when the person went, zero while here
	timer   *time.Timer
	bot     ai.Bot // a bot playing the seat of a person who did not come back
	back    bool   // the person came back: takes over from the bot at the next deal
	ready   bool   // ready for the next deal
}

func newTable(h *Hall, code string, o Options, host string) *Table {
	t := &Table{h: h, code: code, opts: o, host: host, start: h.cfg.Now()}
	if h.cfg.Dir != "" {
		t.st = store.New(filepath.Join(h.cfg.Dir, code), store.Options{})
	}
	for range o.Seats {
		t.seats = append(t.seats, &seat{})
	}
	return t
}

// Code is the table's short code.
func (t *Table) Code() string { return t.code }

// Options returns what the host chose when opening the table.
func (t *Table) Options() Options {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.opts
}

// started reports whether the game has begun; t.mu is held.
func (t *Table) started() bool { return t.sess != nil }

// game is the session's game; t.mu is held and the game started.
func (t *Table) game() *rules.Game { return t.sess.Game() }

// takeoverBot makes the bot for a person's seat: the table's level,
// seeded from the table's seed and the seat.
func (t *Table) takeoverBot(s rules.Seat) (ai.Bot, error) {
	cfg := ai.Config{Seed: t.opts.Seed ^ uint64(s+1)*0x9e3779b97f4a7c15}
	b, err := t.h.cfg.NewBot(t.opts.Level, cfg)
	if err != nil {
		return nil, err
	}
	if b == nil {
		return nil, errors.New("no bot")
	}
	return b, nil
}

// mark is where the deal stands before a move: its number and the
// tricks done, for applied to tell whether the move completed a trick.
type mark struct{ deal, tricks int }

// mark returns where the deal stands; t.mu is held and the game started.
func (t *Table) mark() mark {
	return mark{t.game().DealNo(), int(t.sess.Deal().Play().Tricks)}
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
		Started: t.started(), Yours: t.seatOf(id) >= 0}
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
	return t.botName(s)
}

// botName names the bot of an empty seat: "Bot", or at a table of
// three or four "Bot C", so the talk says which.
func (t *Table) botName(s rules.Seat) string {
	if len(t.seats) == 2 {
		return "Bot"
	}
	return "Bot " + s.String()
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
		if t.started() {
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
		t.event(p.Name + " sat down")
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
		t.event(s.player.Name + " is back")
		t.h.cfg.Logf("table %s: %s back at seat %s", t.code, s.player.Name, rules.Seat(i))
	}
	s.dropped = time.Time{}
	if s.bot != nil {
		s.back = true
	}
	c := &Conn{t: t, seat: rules.Seat(i), notify: notify, wake: make(chan struct{}, 1), done: make(chan struct{})}
	s.conn = c
	go c.run()
	t.changed()
	t.moveOn() // the bots wait while nobody is here
	return c, nil
}

// armTakeover starts the drop clock of seat i; t.mu is held.
func (t *Table) armTakeover(i rules.Seat) {
	s := t.seats[i]
	if s.timer != nil {
		s.timer.Stop()
	}
	s.timer = time.AfterFunc(t.h.cfg.Grace, func() {
		if !t.h.begin() {
			return
		}
		defer t.h.end()
		t.takeover(i)
	})
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
	if !t.started() {
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
	bot, err := t.takeoverBot(i)
	if err != nil {
		t.note = "no bot could take the seat: " + err.Error()
		t.changed()
		return
	}
	s.bot, s.timer = bot, nil
	line := fmt.Sprintf("deal %d: %s dropped; a %s bot took seat %s", t.dealNo(), s.player.Name, t.opts.Level, i)
	t.comments = append(t.comments, line)
	t.event(fmt.Sprintf("%s did not come back: a %s bot plays the seat", s.player.Name, t.opts.Level))
	t.h.cfg.Logf("table %s: %s", t.code, line)
	t.save()
	t.changed()
	t.moveOn()
}

// dealNo is the number of the deal on the table, or of the next one
// between deals; t.mu is held and the game started.
func (t *Table) dealNo() int {
	g := t.game()
	if g.NeedDeal() || g.Over() {
		return len(g.Records()) + 1
	}
	return g.DealNo()
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

// Start begins the game; only the host may. Empty seats get bots of
// the table's level.
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
	if t.started() {
		return nil
	}
	players := make([]session.Player, len(t.seats))
	for i, s := range t.seats {
		if s.player.ID != "" {
			players[i] = session.Player{Name: s.player.Name, Human: true}
		} else {
			players[i] = session.Player{Name: t.botName(rules.Seat(i)), Level: t.opts.Level}
		}
	}
	sess, err := session.New(session.Config{
		Options: t.opts.Rules, Seed: t.opts.Seed, Players: players,
		Store: tableStore{t}, NewBot: t.h.cfg.NewBot, Start: t.start,
	})
	if err != nil {
		return err
	}
	t.sess = sess
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
			t.comments = append(t.comments, fmt.Sprintf("deal %d: %s took seat %s back", t.dealNo(), s.player.Name, rules.Seat(i)))
		}
		s.ready = false
	}
	w, err := t.sess.StartDeal()
	if err != nil {
		return err
	}
	t.event(fmt.Sprintf("Deal %d: %s deals", t.game().DealNo(), t.name(t.game().Dealer())))
	t.write(w)
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
	if !t.started() {
		return ErrNotYourTurn
	}
	if t.seats[c.seat].bot != nil {
		return ErrBotSeat
	}
	before := t.mark()
	w, err := t.sess.Apply(c.seat, a)
	var te *session.TurnError
	switch {
	case errors.As(err, &te), errors.Is(err, session.ErrNoTurn):
		return ErrNotYourTurn
	case err != nil:
		return err
	}
	t.applied(before, c.seat, a, w)
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

// applied notes what seat s did, saves (and files a finished game) and
// tells everyone; t.mu is held.
func (t *Table) applied(before mark, s rules.Seat, a rules.Action, w session.Write) {
	m := &Move{Seat: s, Action: a, TrickTo: rules.NoSeat}
	if a.Kind == rules.PlayCard {
		// The deal that was played (the last one between deals).
		if tb := t.sess.Deal(); before.deal != t.game().DealNo() || int(tb.Play().Tricks) > before.tricks {
			m.TrickTo = tb.LastTrickWinner()
		}
	}
	t.move, t.note = m, ""
	t.write(w)
	t.changed()
}

// event notes something that happened to the table (not a move).
func (t *Table) event(note string) { t.note, t.move = note, nil }

// moveOn plays what the table plays by itself: the people's forced
// moves (the session's Advance), the next deal once everyone is ready,
// and the bots' moves (off the lock, paced). Nothing moves while nobody
// is at the table; t.mu is held.
func (t *Table) moveOn() {
	for range 64 {
		if !t.started() || t.closed != "" || !t.anyoneHere() {
			return
		}
		g := t.game()
		if g.Over() {
			return
		}
		if g.NeedDeal() {
			for _, s := range t.seats {
				if s.conn != nil && !s.ready && s.bot == nil {
					return
				}
			}
			if err := t.deal(); err != nil {
				t.note = "cannot deal: " + err.Error()
				return
			}
			continue
		}
		turn, _ := t.sess.ToMove()
		if t.seats[turn].bot != nil {
			t.thinkTakeover(turn)
			return
		}
		steps := len(t.sess.Deal().Steps())
		before := t.mark()
		w, err := t.sess.Advance()
		if err != nil {
			t.note = "cannot move on: " + err.Error()
			return
		}
		if w != nil {
			var d *rules.Deal
			if !g.NeedDeal() && !g.Over() {
				d = t.sess.Deal()
			}
			if d != nil && len(d.Steps()) > steps {
				last := d.Steps()[len(d.Steps())-1]
				t.applied(before, last.Seat, last.Action, w)
				t.move.Auto = true
			} else {
				t.write(w)
				t.changed()
			}
			continue
		}
		if th, ok := t.sess.Think(); ok {
			t.thinkSession(th)
		}
		return
	}
}

// thinkSession runs the session's bot for an empty seat off the lock;
// its answer goes back through BotMove, which drops a stale one.
func (t *Table) thinkSession(th session.Thinker) {
	if t.botBusy {
		return
	}
	t.botBusy = true
	t.offLock(th.Think, func(a rules.Action, err error) {
		before := t.mark()
		w, err := t.sess.BotMove(th, a, err)
		var be *session.BotError
		switch {
		case errors.Is(err, session.ErrStale):
			return
		case errors.As(err, &be) && be.Instead != nil:
			t.applied(before, th.Seat, *be.Instead, w)
			t.note = "the bot failed and took its first choice"
		case err != nil:
			t.note = "the bot failed: " + err.Error()
			t.changed()
		default:
			t.applied(before, th.Seat, a, w)
		}
	})
}

// thinkTakeover runs the bot that plays a person's seat off the lock.
func (t *Table) thinkTakeover(s rules.Seat) {
	if t.botBusy {
		return
	}
	t.botBusy = true
	bot, gen := t.seats[s].bot, t.sess.Gen()
	v := t.sess.View(s)
	first := v.Legal()[0]
	think := func(ctx context.Context) (rules.Action, error) { return bot.Choose(ctx, &v) }
	t.offLock(think, func(a rules.Action, err error) {
		if turn, ok := t.sess.ToMove(); !ok || turn != s || t.sess.Gen() != gen || t.seats[s].bot != bot {
			return
		}
		before := t.mark()
		var w session.Write
		if err == nil {
			w, err = t.sess.Apply(s, a)
		}
		if err != nil {
			a = first
			if w, err = t.sess.Apply(s, a); err != nil {
				t.note = "the bot failed: " + err.Error()
				t.changed()
				return
			}
		}
		t.applied(before, s, a, w)
	})
}

// offLock runs think on its own goroutine with the time limit, waits
// out the pace, then calls done under the lock and moves on.
func (t *Table) offLock(think func(context.Context) (rules.Action, error), done func(rules.Action, error)) {
	pace, limit := t.h.cfg.Pace, t.h.cfg.Think
	if !t.h.begin() {
		return
	}
	go func() {
		defer t.h.end()
		start := time.Now()
		a, err := func() (rules.Action, error) {
			if slots := t.h.cfg.BotSlots; slots != nil {
				slots <- struct{}{}
				defer func() { <-slots }()
			}
			ctx, cancel := context.WithTimeout(context.Background(), limit)
			defer cancel()
			return think(ctx)
		}()
		if wait := pace - time.Since(start); wait > 0 {
			time.Sleep(wait)
		}
		t.mu.Lock()
		defer t.mu.Unlock()
		t.botBusy = false
		if t.closed == "" {
			done(a, err)
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
	if t.started() && t.game().Over() {
		if !t.anyoneHere() {
			t.close("the game is over")
		}
		return
	}
	if !t.started() {
		if s.player.ID == t.host {
			t.close("the host left")
			return
		}
		t.event(s.player.Name + " left")
		s.player = Player{}
		t.save()
		t.changed()
		return
	}
	s.dropped = t.h.cfg.Now()
	t.event(s.player.Name + " dropped")
	t.h.cfg.Logf("table %s: %s dropped from seat %s", t.code, s.player.Name, c.seat)
	t.armTakeover(c.seat)
	t.changed()
}

// decorate adds to a log of the table's game what the game log format
// does not know: the table's tags and the takeovers; t.mu is held.
func (t *Table) decorate(l *gamelog.Log) *gamelog.Log {
	extra := []gamelog.Tag{
		{Name: tagTable, Value: t.code},
		{Name: session.SeedTag, Value: strconv.FormatUint(t.opts.Seed, 10)},
		{Name: tagSeats, Value: strconv.Itoa(len(t.seats))},
		{Name: tagLevel, Value: string(t.opts.Level)},
		{Name: tagHost, Value: t.host},
	}
	for i, s := range t.seats {
		if s.player.ID != "" {
			extra = append(extra, gamelog.Tag{Name: tagKey + rules.Seat(i).String(), Value: s.player.ID})
		}
	}
	l.Header.Extra = extra
	l.Header.Event = "Klob table " + t.code
	l.Comment = append([]string(nil), t.comments...)
	return l
}

// log records the table as it stands: the session's log once started;
// before, the seats and rules over a game not dealt; t.mu is held.
func (t *Table) log() *gamelog.Log {
	if t.started() {
		return t.decorate(t.sess.Log())
	}
	h := gamelog.Header{}
	h.SetStart(t.start)
	for i, s := range t.seats {
		if s.player.ID != "" {
			h.SetPlayer(rules.Seat(i), s.player.Name, gamelog.Human)
		} else {
			h.SetPlayer(rules.Seat(i), t.botName(rules.Seat(i)), string(t.opts.Level))
		}
	}
	return t.decorate(gamelog.FromGame(h, rules.NewGame(t.opts.Rules, session.FirstDealerOf(t.opts.Seed, len(t.seats)))))
}

// write runs a session's Write at once, under the lock, so the saves
// land in order; t.mu is held.
func (t *Table) write(w session.Write) {
	if w == nil {
		return
	}
	r := w()
	t.sess.Record(r)
	if r.Saved {
		t.saveErr = r.SaveErr
		if r.SaveErr != nil {
			t.h.cfg.Logf("table %s: autosave failed: %v", t.code, r.SaveErr)
		}
	}
	if r.Archived {
		t.archived = true
		t.h.remove(t)
		t.h.cfg.Logf("table %s: game over, %s won", t.code, t.sideNames(t.game().Winner()))
	}
}

// save writes the table's log outside the session's saves (a seat
// taken, a takeover); t.mu is held.
func (t *Table) save() {
	if t.st == nil || t.closed != "" || t.archived {
		return
	}
	t.saveErr = t.st.SaveCurrent(t.log())
	if t.saveErr != nil {
		t.h.cfg.Logf("table %s: autosave failed: %v", t.code, t.saveErr)
	}
}

// tableStore is the session's Store: the table's own file, and at the
// end every person's history. Its methods run under the table's lock
// (Table.write).
type tableStore struct{ t *Table }

func (s tableStore) SaveCurrent(l *gamelog.Log) error {
	if s.t.st == nil {
		return nil
	}
	return s.t.st.SaveCurrent(s.t.decorate(l))
}

func (s tableStore) LoadCurrent() (*gamelog.Log, error) {
	if s.t.st == nil {
		return nil, store.ErrNoSave
	}
	return s.t.st.LoadCurrent()
}

// Archive files the finished game into every person's history and
// forgets the table's file.
func (s tableStore) Archive(l *gamelog.Log) (string, error) {
	t := s.t
	l = t.decorate(l)
	var errs []error
	if t.h.cfg.History != nil {
		for _, st := range t.seats {
			if st.player.ID == "" {
				continue
			}
			if _, err := t.h.cfg.History(st.player.ID).Archive(l); err != nil {
				errs = append(errs, fmt.Errorf("filing the game for %s: %w", st.player.Name, err))
				t.h.cfg.Logf("table %s: filing the game for %s: %v", t.code, st.player.Name, err)
			}
		}
	}
	if t.st != nil {
		_ = os.RemoveAll(t.st.Dir())
	}
	return "", errors.Join(errs...)
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

// sideNames names the players of side (a seat, or with four a team);
// t.mu is held.
func (t *Table) sideNames(side int) string {
	var names []string
	for s := range rules.Seat(len(t.seats)) {
		if t.game().SideOf(s) == side {
			names = append(names, t.name(s))
		}
	}
	return strings.Join(names, " and ")
}
