package lobby

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/names"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/replay"
	"github.com/klob/klob/tui/setup"
	tablescreen "github.com/klob/klob/tui/table"
)

// SharedSeat is a person's seat at a shared table: the waiting room,
// drawn here from the hall's Waiting, until the table's host starts the
// game; from then on the one table screen (tui/table) over the seat's
// host.Port, which is all it knows of the game. What only a shared game
// has (the seats' states, a dropped seat's countdown, who is ready
// between deals, the takeovers) comes in the port's Snapshot.
type SharedSeat struct {
	l     *Lobby
	conn  *hall.Conn
	w     hall.Waiting
	table *tablescreen.Screen // once the game has started

	note string // why the last key did nothing (start)
	// burst is a burst of keys the server dropped some of: in the
	// waiting room its keys run no command (kit.Burst).
	burst kit.Burst
	stay
	// wait is the talk's line in the waiting room, before the table
	// screen has it.
	wait *talkPane
	// club is the person's rating before and after the game
	// (club.go).
	club seatClub
}

// seatMsg is a tick of the waiting room's updates (closed: they ended).
type seatMsg struct {
	s      *SharedSeat
	closed bool
}

// newSharedSeat is the screen of conn; the connection's end leaves the
// seat.
func newSharedSeat(l *Lobby, conn *hall.Conn) *SharedSeat {
	s := &SharedSeat{l: l, conn: conn, w: conn.Waiting()}
	// The table's talk names the person as its seats do: a game under
	// way keeps the name it started with, whatever they renamed since.
	seatName := s.w.Seats[conn.Seat()].Name
	talk := l.tableTalk(conn.Table(), func() string { return seatName }, false)
	if talk != nil {
		talk.quiet = quietPlayed(l, quietAt(l, conn.Table()))
		s.wait = &talkPane{t: talk, title: "Table talk"}
	}
	// A connection cut is no leaving: the seat (the host's too) waits
	// for its person a while.
	s.begin(l, talk, conn.Drop)
	return s
}

// errQuietDeal refuses a line at a rated table of three or four while
// a deal is played.
var errQuietDeal = errors.New("at a rated table nobody talks while a deal is played, spectators neither: talk again when it ends")

// quietAt keeps the people at table t, seated or watching, quiet while
// a deal of a rated game of three or four is played (on a server that
// keeps ratings): a word could tell a partner, or the other defender,
// what a hand holds, and a second key watching the table could say a
// player's hand. Two players have nobody to tell; between deals and
// once the game is over everyone may talk; the hall says when
// (hall.Table.Quiet). A person who holds a seat at such a
// table (hall.Hall.Quiet), or watches it, or watched the deal played
// now and left, is quiet everywhere else too: in the lobby (t nil), at
// a table they watch or another of theirs, from another connection of
// theirs too.
func quietAt(l *Lobby, t *hall.Table) func() error {
	return func() error {
		if l.cfg.Club == nil {
			return nil
		}
		if t != nil && t.Quiet() {
			return errQuietDeal
		}
		code, how := l.quietDeal()
		if code != "" && t != nil && code == t.Code() {
			return errQuietDeal
		}
		switch how {
		case hall.QuietSaw:
			return fmt.Errorf("a rated deal you watched is still played at table %s: who saw it talks nowhere else until it ends", code)
		case hall.QuietWatch:
			return fmt.Errorf("a rated deal is played at table %s, which you watch: nobody there talks, nor anywhere else, until it ends", code)
		case hall.QuietSeat:
			return fmt.Errorf("a rated deal is played at your table %s: nobody there talks, nor anywhere else, until it ends", code)
		}
		return nil
	}
}

// quietDeal is the table whose rated deal keeps the person quiet
// everywhere (quietAt), "" for none, and how (hall.Hall.Quiet). The
// hall answers from memory, so the Update may ask.
func (l *Lobby) quietDeal() (code string, how hall.QuietHow) {
	if l.cfg.Club == nil || l.cfg.Hall == nil {
		return "", hall.QuietNone
	}
	return l.cfg.Hall.Quiet(l.cfg.Player.ID)
}

// quietPlayed adds to quiet the tournaments' rule: whoever has played a
// board of a tournament still running knows cards others have yet to
// play, so they talk nowhere others read (the lobby, a table they watch
// or sit at: whoever sits with them may play the boards later) until it
// ends; the daily's players until the day ends. A new name would carry
// words as well, so the lobby refuses it meanwhile (rename). The service
// answers from memory (tourney.Service.Quiet), so the Update may ask.
func quietPlayed(l *Lobby, quiet func() error) func() error {
	return func() error {
		if err := quiet(); err != nil {
			return err
		}
		return l.quietTourney()
	}
}

// quietTourney says why the person keeps quiet for a tournament they
// began a board of (quietPlayed), or nil.
func (l *Lobby) quietTourney() error {
	if l.cfg.Tourney == nil || l.guest() {
		return nil
	}
	if title, ends, ok := l.cfg.Tourney.Quiet(l.cfg.Player.ID); ok {
		return quietPlayedError(title, kit.When(l.cfg.Tourney.Now(), ends))
	}
	return nil
}

// readQuiet reads whether a tournament (quietTourney) or a rated deal
// (quietDeal) keeps the person quiet, for the menu and the talk's
// heading to say so rather than offer what they may not do now. The
// tournament's end, later, is said when both do. The service and the
// hall answer from memory, so the Update may ask.
func (l *Lobby) readQuiet() {
	l.quietUntil, l.quietOf, l.quietWhile = "", "", ""
	heading := ""
	if l.cfg.Tourney != nil && !l.guest() {
		if title, ends, ok := l.cfg.Tourney.Quiet(l.cfg.Player.ID); ok {
			l.quietUntil, l.quietOf = kit.When(l.cfg.Tourney.Now(), ends), title
			l.quietWhile = "until " + l.quietUntil
			heading = "you're quiet until " + l.quietUntil
		}
	}
	if l.quietWhile == "" && !l.guest() {
		// The heading has a line of 80 columns, with / and c beside:
		// who is quiet, and why, in short; the help says it whole.
		code, how := l.quietDeal()
		switch how {
		case hall.QuietSaw:
			l.quietWhile = "while the rated deal you watched at table " + code + " is played"
			heading = "you're quiet: you saw " + code + "'s rated deal"
		case hall.QuietWatch:
			l.quietWhile = "while rated table " + code + ", which you watch, deals"
			heading = "you're quiet: you watch " + code + "'s rated deal"
		case hall.QuietSeat:
			l.quietWhile = "while your rated table " + code + " deals"
			heading = "you're quiet: your rated table " + code + " deals"
		}
	}
	if l.talk != nil {
		l.talk.quiet = heading
	}
}

// quietRename is what the menu says beside its rename while a
// tournament keeps the person quiet until until: r says the whole why.
func quietRename(until string) string {
	return " (off until " + until + ": you began a tournament's board)"
}

// quietPlayedError says why a player of the tournament named (in a
// sentence) keeps quiet, and until when (kit.When of its end): the end
// comes early, so that a note of two lines keeps it, in few enough
// words that the widest title and end fit two rows of 78 cells.
func quietPlayedError(title, ends string) error {
	return fmt.Errorf("you began a board of %s, which others may still play: until %s you talk nowhere and keep your name", title, ends)
}

// quietLifted tells the person, in the lobby's talk, when the
// tournament that kept them quiet has ended.
func (l *Lobby) quietLifted() {
	if l.talk == nil || l.cfg.Tourney == nil || l.guest() {
		return
	}
	if title, _, ok := l.cfg.Tourney.Quiet(l.cfg.Player.ID); ok {
		l.quietTitle = title
		return
	}
	if l.quietTitle != "" && !l.talk.open() {
		l.talk.note = kit.Note{Text: kit.Capital(l.quietTitle) + " has ended: you may talk again."}
		l.quietTitle = ""
	}
}

// stay is a seat's or a spectator's time at a table: the table's talk
// (chat.go, nil without one), the clock that redraws the table while a
// countdown shows on it, and its end, once: by the screen (end) or by
// the connection's.
type stay struct {
	talk  *roomTalk
	left  bool
	gone  chan struct{} // closed when the screen leaves the table
	clock countdown
}

// begin starts the stay, with talk t: the connection's end calls drop
// and hangs up the talk, unless the screen left first.
func (s *stay) begin(l *Lobby, t *roomTalk, drop func()) {
	s.talk, s.gone = t, make(chan struct{})
	s.clock = countdown{l: l, gone: s.gone}
	if done := l.cfg.Done; done != nil {
		go func() {
			select {
			case <-done:
				drop()
				t.hangUp()
			case <-s.gone:
			}
		}()
	}
}

// end leaves the table (leave lets the seat or the port go) and its
// talk, once.
func (s *stay) end(leave func()) {
	if !s.left {
		s.left = true
		close(s.gone)
		leave()
		s.talk.close()
	}
}

// QuitTitle: q leaves the table for the lobby.
func (stay) QuitTitle() (string, string) { return leaveTitle() }

func (s *SharedSeat) Name() string { return "shared table" }

// Code is the table's code.
func (s *SharedSeat) Code() string { return s.w.Code }

// Table is the table screen of the game, nil before it starts.
func (s *SharedSeat) Table() *tablescreen.Screen { return s.table }

// Port is the seat's port on the game as it is now (the table screen
// shows it as it came), nil before the game starts.
func (s *SharedSeat) Port() host.Port { return s.conn.Port() }

// Enter reads the seat and starts listening: to the waiting room, or
// (through the table screen) to the game.
func (s *SharedSeat) Enter(ctx *kit.Context) tea.Cmd {
	s.w = s.conn.Waiting()
	if s.w.Started {
		return tea.Batch(s.onTable(ctx), s.talk.listen())
	}
	return tea.Batch(s.listen(), s.talk.listen(), s.clock.start(s.redraw()))
}

// typing reports whether a line of talk is being typed at the table:
// every key goes to it.
func (s *SharedSeat) typing() bool {
	if s.table != nil {
		return s.table.Typing()
	}
	// A burst's keys come here too, q and ? included, to do nothing.
	return s.wait.open() || s.burst.On(s.l.clock().Now())
}

// waiting reports whether the waiting room is on view (not closed).
func (s *SharedSeat) waiting() bool {
	return s.table == nil && s.w.Closed == "" && !s.w.Kicked
}

// togglePrivate lets the table's host close it to spectators, or open
// it to them again.
func (s *SharedSeat) togglePrivate() (kit.Screen, tea.Cmd) {
	private := !s.conn.Table().Private()
	err := s.conn.SetPrivate(private)
	// "Now", not "again": a table private from its start had nobody
	// watching its game before.
	note, isErr := "Spectators may watch this table now.", false
	switch {
	case err != nil:
		note, isErr = kit.Capital(err.Error())+".", true
	case private:
		note = "The table is private now: nobody may watch it."
	}
	if s.table != nil {
		s.table.SetNote(note, isErr)
	} else {
		s.note = ""
		if isErr {
			s.note = note
		}
	}
	return s, nil
}

// listen waits for the next tick of the waiting room.
func (s *SharedSeat) listen() tea.Cmd {
	ch := s.conn.Updates()
	return func() tea.Msg {
		_, ok := <-ch
		return seatMsg{s: s, closed: !ok}
	}
}

// onTable shows the game through the seat's Port (made on first use).
func (s *SharedSeat) onTable(ctx *kit.Context) tea.Cmd {
	if s.table == nil {
		port := s.conn.Port()
		if port == nil {
			return nil
		}
		s.table = tablescreen.New(s.tableConfig(port))
	}
	return tea.Batch(s.table.Enter(ctx), s.clock.start(s.redraw()), s.watchClub())
}

// kicked reports whether a newer connection of the person took the
// seat at the game.
func (s *SharedSeat) kicked() bool { return s.table != nil && s.table.Snapshot().Kicked }

// kickedOver reports whether the seat was taken by a newer connection
// at a game over: the table screen's end of the game, which offers
// again, is not this connection's to show, so the seat says why instead
// (during a deal the table says it).
func (s *SharedSeat) kickedOver() bool { return s.kicked() && s.table.Snapshot().Over }

// redraw is the countdowns' redraw: the table's once the game started;
// in the waiting room, each second while a seat waits for its person.
func (s *SharedSeat) redraw() redraw {
	if s.table != nil {
		return tableRedraw(s.table)
	}
	return func(time.Time) time.Duration {
		if s.waiting() {
			for _, in := range s.w.Seats {
				if !in.Until.IsZero() {
					return time.Second
				}
			}
		}
		return -1
	}
}

// tableConfig is the table screen of a seat at a shared game: the
// table's code in the header, the game's replay at its end (the
// lobby's analysis, which a server may refuse), and no new game: the
// lobby is where the next one starts.
func (s *SharedSeat) tableConfig(port host.Port) tablescreen.Config {
	l := s.l
	cfg := tablescreen.Config{
		Port: port, Sort: kit.ByStrength, Tag: "table " + s.w.Code, Shared: true, Bell: l.bell(), Now: l.clock().Now,
		Log: s.conn.Log, Afterword: s.afterword,
		Replay: func(lg *gamelog.Log, name string, analyse bool, _ kit.Screen) (kit.Screen, error) {
			r, err := lg.Replay()
			if err != nil {
				return nil, err
			}
			return &seatReplay{s: s, Inside: kit.Inside{Shown: replay.New(r, name, replay.Config{ASCII: l.cfg.ASCII, Analyze: l.cfg.Analyze, Analyse: analyse, Player: l.cfg.Player.ID, Mine: true}, s)}}, nil
		},
	}
	if s.talk != nil {
		cfg.Talk = s.talk
	}
	return cfg
}

// seatReplay is the game's replay opened at its end from a seat. Its
// esc comes back to the game's end, as the replay's does; its q leaves
// for the lobby unasked, as q at the game's end does: the game is over
// and the replay keeps nothing. Only the lobby's q ends the connection.
type seatReplay struct {
	s *SharedSeat
	kit.Inside
}

func (r *seatReplay) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	next, cmd := r.Shown.Update(ctx, msg)
	if next == kit.Screen(r.s) {
		return r.s, cmd // esc: back to the game's end
	}
	return r, kit.Show(ctx, &r.Shown, next, cmd)
}

// KeyHelp is the replay's, but for q: back to the lobby, unasked.
func (r *seatReplay) KeyHelp(k *kit.KeyMap) help.KeyMap {
	km := kit.KeyHelpOf(r.Shown, k, kit.KeyHelp{Full: kit.PlayHelp(k, rules.DefaultOptions())})
	q := kit.Brief("back to the lobby", k.Quit)
	swap := func(bs []key.Binding) []key.Binding {
		out := slices.Clone(bs)
		for i, b := range out {
			if slices.Equal(b.Keys(), k.Quit.Keys()) {
				out[i] = q
			}
		}
		return out
	}
	h := kit.KeyHelp{Short: swap(km.ShortHelp())}
	for _, col := range km.FullHelp() {
		h.Full = append(h.Full, swap(col))
	}
	return h
}

// QuitsAtOnce: nothing is kept, so nothing is asked.
func (r *seatReplay) QuitsAtOnce() bool { return true }

// QuitTitle: q comes back to the lobby. Its word is the App's for q
// (kit.KeyMap.QuitWord), so the replay's own line of keys says what
// KeyHelp says, not "q leave".
func (r *seatReplay) QuitTitle() (string, string) {
	title, _ := leaveTitle()
	return title, "back to the lobby"
}

// quitNow: back to the lobby, the seat given up as at the game's end.
func (r *seatReplay) quitNow(ctx *kit.Context) (kit.Screen, tea.Cmd) { return r.s.leave(ctx) }

// quitNow: the App's quit gives up the seat.
func (s *SharedSeat) quitNow(ctx *kit.Context) (kit.Screen, tea.Cmd) { return s.leave(ctx) }

// leave gives up the seat and goes back to the lobby.
func (s *SharedSeat) leave(ctx *kit.Context) (kit.Screen, tea.Cmd) {
	started := s.table != nil
	over := started && s.table.Snapshot().Over
	s.end(s.conn.Leave)
	note := ""
	if started && !over && !s.table.Snapshot().Kicked && !s.table.Snapshot().Closed {
		note = seatWaitsNote(s.w.Code)
		s.l.seatWaits = s.w.Code
	}
	s.l.afterNotice(note, false)
	s.l.Refresh()
	return s.l, nil
}

// QuitQuestion says what leaving the seat does: q goes back to the
// lobby, as from a game alone; ctrl+c ends the connection.
func (s *SharedSeat) QuitQuestion() string {
	// A waiting room closed or taken by another connection holds no
	// seat to free: it says so as the game's table does.
	switch {
	case s.table != nil && s.table.Snapshot().Kicked, s.table == nil && s.w.Kicked:
		return "Back to the lobby: your other connection has the seat now."
	case s.table != nil && s.table.Snapshot().Over:
		return "Back to the lobby: the game is over."
	case s.table != nil && s.table.Snapshot().Closed, s.table == nil && s.w.Closed != "":
		return "Back to the lobby: the table is closed."
	case s.table != nil:
		return "Back to the lobby. Your seat waits for you a while: choose the table in the lobby, or connect again with the same key, to take it back."
	case s.host():
		return "Back to the lobby: the table closes (you opened it)."
	}
	return "Back to the lobby: your seat at the table is freed."
}

// HelpRules is the table's rules for the help: the game's once it is
// on, the waiting room's before (its seat count and house variants, as
// the game will play them).
func (s *SharedSeat) HelpRules() (rules.Options, bool) {
	if s.table == nil {
		return s.w.Rules, s.w.Rules.Target > 0
	}
	return s.table.HelpRules()
}

// HelpMarks: the waiting room shows seats, no card; the game's table
// has the marks the help explains.
func (s *SharedSeat) HelpMarks() bool { return s.table != nil }

// QuitsAtOnce: once the game is over (its last deal's result on) q
// goes back to the lobby unasked, as a spectator's does: nothing is
// left to play.
func (s *SharedSeat) QuitsAtOnce() bool {
	return s.table != nil && (s.table.QuitsAtOnce() || s.table.Snapshot().Over)
}

// someoneAway names a person who holds a seat and is away, "" for none:
// the hall does not start the game then (hall.ErrSeatAway).
func (s *SharedSeat) someoneAway() string {
	for _, in := range s.w.Seats {
		if in.Name != "" && !in.Here {
			return in.Name
		}
	}
	return ""
}

// host reports whether the person opened the table.
func (s *SharedSeat) host() bool {
	return int(s.w.Seat) < len(s.w.Seats) && s.w.Seats[s.w.Seat].Host
}

func (s *SharedSeat) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case seatMsg:
		if msg.s != s || s.left {
			return s, nil
		}
		s.w = s.conn.Waiting()
		if s.note == hall.ErrSeatAway.Error() && s.someoneAway() == "" {
			s.note = "" // they are back, or their seat is free
		}
		if s.w.Started && s.table == nil {
			return s, s.onTable(ctx)
		}
		if msg.closed || s.table != nil {
			return s, nil
		}
		return s, tea.Batch(s.listen(), s.clock.start(s.redraw()))
	case talkMsg:
		return s, s.talk.takeAt(ctx, s.table, msg)
	case kit.InputDropped:
		// The waiting room's line being typed lacks keys: enter must
		// not send it as it is, and the keys that follow in the burst
		// run no command (the table's line and keys are the table's).
		if s.table == nil {
			s.burst.Drop(s.l.clock().Now())
			if s.wait.open() {
				s.wait.box.Gap(&s.wait.note)
			} else {
				s.note = kit.BurstNote
			}
			return s, nil
		}
	case countdownMsg:
		return s, s.clock.take(msg, s.redraw())
	case clubSeatMsg:
		s.takeSeatClub(msg)
		return s, nil
	case tea.PasteMsg:
		if s.table == nil {
			if s.wait.open() {
				s.wait.paste(msg.Content)
			}
			return s, nil
		}
	case tea.KeyPressMsg:
		return s.key(ctx, msg)
	case tea.MouseClickMsg:
		if s.table == nil || s.kickedOver() {
			return s.click(ctx, msg)
		}
	}
	if s.table != nil {
		next, cmd := s.toTable(ctx, msg)
		return next, tea.Batch(cmd, s.watchClub())
	}
	return s, nil
}

// toTable gives msg to the table screen, staying the screen while the
// table does (a replay from the game's end comes back here).
func (s *SharedSeat) toTable(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	next, cmd := s.table.Update(ctx, msg)
	if t, ok := next.(*tablescreen.Screen); ok && t == s.table {
		if s.kicked() {
			// The seat is the newer connection's: this one talks no
			// more as it (the talk offers no line once ended).
			s.talk.close()
		}
		return s, tea.Batch(cmd, s.clock.start(s.redraw()))
	}
	s.clock.stop()
	return next, cmd
}

// key takes a key: the waiting room's and the closed table's here, the
// game's on the table screen.
func (s *SharedSeat) key(ctx *kit.Context, msg tea.KeyPressMsg) (kit.Screen, tea.Cmd) {
	k := &ctx.Keys
	w := &s.w
	// A key of a burst goes to the line being typed, whose gap holds
	// it (Gap), and runs no command otherwise (burst).
	if s.table == nil && s.burst.Key(s.l.clock().Now()) && !s.wait.open() {
		return s, nil
	}
	switch {
	case s.kickedOver():
		// Nothing reaches the seat from here any more: enter or esc go
		// back to the lobby, other keys do nothing.
		if kit.IsKey(msg, k.Choose) || kit.IsKey(msg, k.Back) {
			return s.leave(ctx)
		}
		return s, nil
	case s.table != nil && s.table.Typing():
		return s.toTable(ctx, msg)
	case s.table == nil && s.wait.open():
		s.wait.key(msg)
		return s, nil
	case msg.String() == "/" && s.wait != nil && s.waiting():
		s.wait.start()
		return s, nil
	case msg.String() == "P" && s.host() && w.Closed == "" && !w.Kicked:
		return s.togglePrivate()
	case s.table != nil:
		if sn := s.table.Snapshot(); (sn.Kicked || sn.Closed) && (kit.IsKey(msg, k.Choose) || kit.IsKey(msg, k.Back)) {
			return s.leave(ctx)
		}
		return s.toTable(ctx, msg)
	case w.Closed != "" || w.Kicked:
		if kit.IsKey(msg, k.Choose) || kit.IsKey(msg, k.Back) {
			return s.leave(ctx)
		}
	case msg.String() == "m" && s.canMove():
		s.note = ""
		if err := s.conn.Move(); err != nil {
			s.note = kit.Capital(err.Error()) + "."
		}
		s.w = s.conn.Waiting()
		return s, nil
	case msg.String() == "s":
		s.note = ""
		if err := s.conn.Start(); err != nil {
			s.note = err.Error()
			return s, nil
		}
		s.w = s.conn.Waiting()
		return s, s.onTable(ctx)
	case kit.IsKey(msg, k.Back):
		if s.host() && s.guests() {
			// The host's going closes the table under the guests:
			// esc asks first, as q does.
			return s, kit.AskQuit
		}
		return s.leave(ctx)
	}
	return s, nil
}

// canMove reports whether the person may move to another seat: at a
// table not started, with a seat free, whatever its seat count.
func (s *SharedSeat) canMove() bool {
	return s.waiting() && s.w.Free() > 0
}

// moveKey and privateKey are the help's lines of m and of the host's P.
var (
	moveKey    = kit.Bind("m", "move to the next free seat (at four, partners sit opposite)")
	privateKey = kit.Bind("P", "private: let nobody watch, or let spectators watch again")
)

// guests reports whether anyone but the person sits in the waiting
// room.
func (s *SharedSeat) guests() bool {
	for i, in := range s.w.Seats {
		if rules.Seat(i) != s.w.Seat && in.Name != "" {
			return true
		}
	}
	return false
}

// KeyHelp is the help of the screen on view.
func (s *SharedSeat) KeyHelp(k *kit.KeyMap) help.KeyMap {
	if s.kickedOver() {
		keys := []key.Binding{kit.Brief("back to the lobby", k.Choose), k.Help, kit.QuitAsks(k)}
		return kit.KeyHelp{Short: keys, Full: [][]key.Binding{keys}}
	}
	if s.table != nil {
		km := s.table.KeyHelp(k)
		if !s.host() {
			return km
		}
		return kit.KeyHelp{Short: km.ShortHelp(), Full: append(km.FullHelp(), []key.Binding{privateKey})}
	}
	keys := []key.Binding{kit.Brief("leave the table", k.Back), k.Help, kit.QuitAsks(k)}
	if s.wait != nil && s.waiting() {
		keys = append([]key.Binding{kit.Bind("/", "talk: a line to the table")}, keys...)
	}
	if s.canMove() {
		keys = append([]key.Binding{moveKey}, keys...)
	}
	if s.host() && s.w.Closed == "" && !s.w.Kicked {
		keys = append([]key.Binding{kit.Bind("s", "start the game: bots take the free seats"), privateKey}, keys...)
	}
	return kit.KeyHelp{Short: keys, Full: [][]key.Binding{keys}}
}

// seatNameCol is the widest the waiting room's column of names grows,
// in cells: a name of names.Max letters and " (you)".
const seatNameCol = names.Max + len(seatYou)

// seatYou marks the person's own seat in the waiting room.
const seatYou = " (you)"

// seatStateRoom is the least room the states' column keeps, in cells:
// a narrow window narrows the names' column first.
const seatStateRoom = 20

// seatLines list the seats of the waiting room and who is in them, in
// two columns that each wrap within themselves: the names (a name with
// its key's tag, or of wide letters, may be wider than the column) and
// the states, which start in one column at every name's length.
func (s *SharedSeat) seatLines(ctx *kit.Context) []string {
	type row struct{ name, state string }
	var rows []row
	// The names' column, in cells (wide letters take two): names of
	// usual length set none, and their states start 30 cells in.
	col := 19
	for i, in := range s.w.Seats {
		name, state := in.Name, "here"
		switch {
		case name == "":
			name, state = "(free)", "a bot plays it if nobody sits down"
		case !in.Here && !in.Until.IsZero():
			state = fmt.Sprintf("away: the seat waits %s for them", in.Waits(s.l.clock().Now()))
		case !in.Here:
			state = "away: the seat waits for them"
		}
		if rules.Seat(i) == s.w.Seat {
			name += seatYou
		}
		if in.Host {
			state += ", host"
		}
		rows = append(rows, row{name, state})
		col = max(col, min(kit.WidthOf(name), seatNameCol))
	}
	// " Seat A  " before the names, two spaces after them.
	const lead, gap = 9, 2
	col = max(10, min(col, ctx.Width-1-lead-gap-seatStateRoom))
	var out []string
	for i, r := range rows {
		nameLines := kit.Wrap(r.name, col)
		states := kit.Wrap(r.state, max(1, ctx.Width-1-lead-col-gap))
		for j := range max(len(nameLines), len(states)) {
			line := strings.Repeat(" ", lead)
			if j == 0 {
				line = fmt.Sprintf(" Seat %s  ", rules.Seat(i))
			}
			var name, state string
			if j < len(nameLines) {
				name = nameLines[j]
			}
			if j < len(states) {
				state = states[j]
			}
			out = append(out, strings.TrimRight(line+kit.Fit(name, col)+strings.Repeat(" ", gap)+state, " "))
		}
	}
	return out
}

// teamsLine says which seats play together at a table of n seats, as
// the rules make the sides (rules.SidesAt, rules.SideOfSeat); "" when
// each plays for themselves.
func teamsLine(n int) string {
	if rules.SidesAt(n) == n {
		return ""
	}
	sides := make([]string, rules.SidesAt(n))
	for i := range n {
		side := rules.SideOfSeat(n, rules.Seat(i))
		if sides[side] != "" {
			sides[side] += " and "
		}
		sides[side] += rules.Seat(i).String()
	}
	return "Teams: seats " + strings.Join(sides, " against seats ") + " (partners sit opposite)."
}

func (s *SharedSeat) View(ctx *kit.Context) string {
	if s.kickedOver() {
		out, _ := s.kickedView(ctx)
		return out
	}
	if s.table != nil {
		return s.table.View(ctx)
	}
	out, _ := s.render(ctx)
	return out
}

// click takes a left click on the waiting room, the closed table or
// the seat taken at the game's end: on an offer ("[s] start") it is
// that key. A click while a line of talk is typed does nothing, as it
// would type the key's letter.
func (s *SharedSeat) click(ctx *kit.Context, msg tea.MouseClickMsg) (kit.Screen, tea.Cmd) {
	if s.typing() {
		return s, nil
	}
	var hits []kit.Hit
	if s.kickedOver() {
		_, hits = s.kickedView(ctx)
	} else {
		_, hits = s.render(ctx)
	}
	if press, ok := kit.Clicked(hits, msg); ok {
		return s.key(ctx, press)
	}
	return s, nil
}

// render draws the waiting room (or the closed table) and returns
// where its offers lie: a click on one presses its key.
func (s *SharedSeat) render(ctx *kit.Context) (string, []kit.Hit) {
	var hits []kit.Hit
	// offer lays offers out on lines of the window's width, breaking
	// between two offers, never inside one.
	offer := func(lines []string, offers ...kit.Offer) []string {
		for len(offers) > 0 {
			n := 1
			for n < len(offers) {
				line, _ := kit.OfferLine(ctx, " ", offers[:n+1], 0)
				if kit.WidthOf(line) > ctx.Width {
					break
				}
				n++
			}
			line, h := kit.OfferLine(ctx, " ", offers[:n], len(lines))
			hits = append(hits, h...)
			lines = append(lines, line)
			offers = offers[n:]
		}
		return lines
	}
	w := &s.w
	st := &ctx.Styles
	title := fmt.Sprintf("Table %s · %s", st.Heading.Render(w.Code), setup.BotsOf(w.Level, w.Free()))
	lines := append(kit.Titled(ctx, title), "")
	var keys string
	switch {
	case w.Kicked || w.Closed != "":
		why := []string{" " + st.Error.Render("Your seat was taken over from another connection of yours.")}
		if !w.Kicked {
			why = kit.Paragraph("The table is closed: "+w.Closed+".", ctx.Width, st.Error.Render)
		}
		lines = offer(append(append(lines, why...), ""), kit.Offer{Key: ctx.Keys.Choose, What: "back to the lobby"})
		keys = "enter lobby · q " + ctx.Keys.QuitHint().Help().Desc
	default:
		lines = append(lines, s.waitHeading(ctx), "")
		lines = append(lines, s.seatLines(ctx)...)
		if t := teamsLine(len(w.Seats)); t != "" {
			lines = append(lines, kit.Paragraph(t, ctx.Width, nil)...)
		}
		// Joiners see the house rules before the game starts: the rules
		// changed from the standard ones, then the variants.
		vs := "none"
		if on := w.Rules.VariantsPlayed(); len(on) > 0 {
			vs = strings.Join(on, ", ")
		}
		told := append([]string{fmt.Sprintf("Game to %d", w.Rules.Target)}, setup.ChangedRules(w.Rules)...)
		lines = append(lines, "")
		lines = append(lines, kit.Paragraph(strings.Join(append(told, "house variants: "+vs), " · "), ctx.Width, nil)...)
		watch := "Spectators may watch once the game starts."
		if s.conn.Table().Private() {
			watch = "The table is private: nobody may watch."
		}
		if s.host() {
			watch += " P changes it (during the game too)."
		}
		lines = append(lines, kit.Paragraph(watch, ctx.Width, nil)...)
		if s.l.cfg.Club != nil {
			// Whether the game moves ratings, told before it starts: it
			// changes as people take and leave seats.
			rated := "Not rated: a rated game has people on two sides or more."
			if s.conn.Table().Rated() {
				rated = "Rated: the club's ratings move with this game."
			}
			lines = append(lines, kit.Paragraph(rated, ctx.Width, nil)...)
		}
		lines = append(lines, "")
		// The keys of the room, each offered to click: [s] on its own
		// line with what it does, the others under it.
		var more []kit.Offer
		if s.canMove() {
			more = append(more, kit.Offer{Key: kit.Bind("m", "", "m"), What: "move to the next free seat"})
		}
		if s.host() {
			private := "make it private"
			if s.conn.Table().Private() {
				private = "let spectators watch"
			}
			more = append(more, kit.Offer{Key: kit.Bind("P", "", "P"), What: private})
		}
		more = append(more, kit.Offer{Key: kit.Brief("", ctx.Keys.Back), What: "leave the table"})
		if s.host() {
			start := "bots take the free seats"
			switch w.Free() {
			case 0:
				start = "every seat is taken"
			case 1:
				start = "a bot takes the free seat"
			}
			if away := s.someoneAway(); away != "" {
				// The hall refuses the start (hall.ErrSeatAway).
				lines = append(lines, kit.Paragraph(away+" is away: s starts the game once they are back, or once their seat is free for a bot.", ctx.Width, nil)...)
			} else {
				lines = offer(lines, kit.Offer{Key: kit.Bind("s", "", "s"), What: "start: " + start})
			}
			// The footer offers what P does now, as the body's [P] does.
			private := "P private"
			if s.conn.Table().Private() {
				private = "P let watch"
			}
			keys = "s start · " + private + " · esc leave the table · ? help · q " + ctx.Keys.QuitHint().Help().Desc
		} else {
			start := " The host starts the game."
			for _, in := range w.Seats {
				if in.Host && !in.Here {
					// Not a wait without end: the hall closes the table.
					start = " The host is away: the table closes if they do not come back soon."
				}
			}
			lines = append(lines, start)
			keys = "esc leave the table · ? help · q " + ctx.Keys.QuitHint().Help().Desc
		}
		lines = offer(append(lines, ""), more...)
		if s.canMove() {
			keys = strings.Replace(keys, "esc leave", "m move · esc leave", 1)
		}
		if s.wait != nil {
			keys = strings.Replace(keys, "esc leave", "/ talk · esc leave", 1)
			if s.wait.open() {
				keys = typingKeys
			}
		}
	}
	if s.note != "" {
		lines = append(lines, "", " "+st.Error.Render("! "+s.note))
	}
	h := ctx.Height
	if s.wait != nil && s.waiting() {
		// The talk takes the room left above the keys' line.
		if room := h - 2 - len(lines); room > 0 {
			lines = append(append(lines, ""), s.wait.lines(ctx, ctx.Width, room)...)
		}
	}
	return kit.Canvas(kit.Footed(lines, h, " "+st.Dim.Render(keys)), ctx.Width, h), hits
}

// waitHeading heads the waiting room with what the game waits for: with
// a seat free, players, and the code that brings them; with every seat
// taken, someone away to come back, else the host to start it (the
// person's own s when they are the host).
func (s *SharedSeat) waitHeading(ctx *kit.Context) string {
	st := &ctx.Styles
	w := &s.w
	if w.Free() > 0 {
		return " " + st.Heading.Render("Waiting for players") + "  give friends the code " + st.Heading.Render(w.Code)
	}
	head := " " + st.Heading.Render("Every seat is taken") + "  "
	why := "waiting for the host to start the game"
	switch away := s.someoneAway(); {
	case away != "":
		// A name too long for the line is read in the seats below.
		why = "waiting for " + away + " to come back"
		if kit.WidthOf(head+why) > ctx.Width {
			why = "waiting for those away to come back"
		}
	case s.host():
		why = "s starts the game"
	}
	return head + why
}

// kickedView says that a newer connection of the person took the seat
// at the game over, in the words the table uses during a deal.
func (s *SharedSeat) kickedView(ctx *kit.Context) (string, []kit.Hit) {
	st := &ctx.Styles
	lines := append(kit.Titled(ctx, fmt.Sprintf("Table %s · game over", st.Heading.Render(s.w.Code))), "")
	lines = append(lines, kit.Paragraph(kit.Capital(host.ErrKicked.Error())+".", ctx.Width, st.Error.Render)...)
	back, hits := kit.OfferLine(ctx, " ", []kit.Offer{{Key: ctx.Keys.Choose, What: "back to the lobby"}}, len(lines)+1)
	lines = append(lines, "", back)
	keys := "enter lobby · q " + ctx.Keys.QuitHint().Help().Desc
	return kit.Canvas(kit.Footed(lines, ctx.Height, " "+st.Dim.Render(keys)), ctx.Width, ctx.Height), hits
}
