package lobby

import (
	"context"
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
	"github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	tablescreen "github.com/klob/klob/tui/table"
)

// Watching a table: from the lobby's list of the tables that may be
// watched (w), by its code, or straight from the command line
// (`ssh host -t watch CODE`). The spectator sees the one table screen
// (tui/table) over the game's public Port (hall.Table.Watch): never a
// hidden card while a deal is played, every hand once it is scored.
// Spectators read the table's talk and may write (chat.go); q or
// esc goes back to the lobby.

// Command is what a connection asks for at its start: `join CODE` or
// `watch CODE` on the ssh command line.
type Command struct {
	Verb string // "join" or "watch"; "" for none
	Code string
}

// startMsg runs the connection's command once the lobby shows.
type startMsg struct{}

// errGuestWatch refuses a guest a table to watch.
var errGuestWatch = errors.New("guests (no SSH key) play against bots only: connect with a key to watch a table")

// lookup finds a table by a code typed or given, within the guesses
// allowed for this connection (hall.Lookup).
func (l *Lobby) lookup(code string) (*hall.Table, error) {
	return l.cfg.Hall.Lookup(hall.Seeker{ID: l.cfg.Player.ID, Addr: l.cfg.Addr}, code)
}

// startCommand goes to the table the command names; a code that finds
// nothing says why, in the lobby.
func (l *Lobby) startCommand(ctx *kit.Context) (kit.Screen, tea.Cmd) {
	c := l.cfg.Start
	l.cfg.Start = Command{}
	if l.cfg.Hall == nil {
		return l, nil
	}
	if l.guest() {
		err := hall.ErrGuest
		if c.Verb == "watch" {
			err = errGuestWatch
		}
		l.afterNotice(err.Error(), true)
		return l, nil
	}
	t, err := l.lookup(c.Code)
	if errors.Is(err, hall.ErrBadCode) && l.cfg.Tourney != nil {
		// No table's code may still be a tournament's: its page opens
		// once the service finds it (off the Update: a read may wait
		// for the disk).
		return l, l.findTourney(c)
	}
	if err != nil {
		l.afterNotice(fmt.Sprintf("%s %q: %v. Here is the lobby.", c.Verb, c.Code, err), true)
		return l, nil
	}
	if c.Verb == "watch" {
		return l.watch(ctx, t)
	}
	return l.join(ctx, t)
}

// tourneyCodeMsg is the tournament a command's code names, or why none
// does (err).
type tourneyCodeMsg struct {
	c    Command
	code string
	err  error
}

// findTourney reads the tournament of the command's code.
func (l *Lobby) findTourney(c Command) tea.Cmd {
	s := l.cfg.Tourney
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), clubWait)
		defer cancel()
		i, err := s.Find(ctx, c.Code)
		return tourneyCodeMsg{c: c, code: i.Code, err: err}
	}
}

// takeTourneyCode opens the page of the tournament the command named;
// a code that names none is refused as no table's, and any other
// failure to read it (the disk, the database, the wait) is said as it
// is.
func (l *Lobby) takeTourneyCode(m tourneyCodeMsg) (kit.Screen, tea.Cmd) {
	if err := m.err; err != nil {
		if errors.Is(err, tourney.ErrNotFound) {
			err = hall.ErrBadCode
		}
		l.afterNotice(fmt.Sprintf("%s %q: %v. Here is the lobby.", m.c.Verb, m.c.Code, err), true)
		return l, nil
	}
	return l.openTourneys(m.code)
}

// watch watches table t; a person who holds a seat there is refused
// (hall.ErrSeated) and reads how to go back to it, or, their seat open
// in another connection of theirs, to take it over from there.
func (l *Lobby) watch(ctx *kit.Context, t *hall.Table) (kit.Screen, tea.Cmd) {
	port, err := t.WatchFrom(l.cfg.Player, l.cfg.Addr)
	var full *hall.TooManyWatchersError
	switch {
	case errors.As(err, &full):
		l.afterNotice(fmt.Sprintf("Table %s has %s: no room to watch.", t.Code(), kit.Plural(full.Max, "spectator")), true)
		return l, nil
	case errors.Is(err, hall.ErrSeated):
		how := fmt.Sprintf("choose it in the lobby's list (or connect with join %s) to go back to your seat", t.Code())
		if t.SeatOpen(l.cfg.Player.ID) {
			// Another connection is of no use: this one takes the seat
			// over from its lobby, and the note keeps to two rows.
			how = "choose it in the lobby's list to take it over from your other connection"
		}
		l.afterNotice(fmt.Sprintf("Table %s: %v: %s.", t.Code(), err, how), true)
		return l, nil
	case err != nil:
		l.afterNotice(fmt.Sprintf("Table %s: %v.", t.Code(), err), true)
		return l, nil
	}
	return newWatchSeat(l, t, port), nil
}

// startTalk subscribes the lobby to its room at the connection's start
// and listens.
func (l *Lobby) startTalk(first bool) tea.Cmd {
	if first && l.cfg.Chat != nil && l.cfg.Lobby != nil {
		t := l.talkIn(l.cfg.Lobby, nil, l.label, false)
		t.quiet = quietPlayed(l, quietAt(l, nil))
		l.talk = &talkPane{t: t}
		// Present to the talk while connected: others may /mute the
		// person by name before they say a line.
		l.present = l.cfg.Chat.Arrive(l.cfg.Player.ID, l.cfg.Player.Name)
		present := l.present
		if done := l.cfg.Done; done != nil {
			go func() {
				<-done
				t.hangUp()
				present.Leave()
			}()
		}
		return t.listen()
	}
	return nil
}

// TakeTalk takes the lobby's lines whatever screen is on view: the
// screen shown drops a message not its own, and the lobby would then
// hear its room no more. ok reports whether msg was the lobby's.
func (l *Lobby) TakeTalk(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	m, ok := msg.(talkMsg)
	if !ok || l.talk == nil || m.t != l.talk.t {
		return nil, false
	}
	return l.talk.t.take(m), true
}

// label is how others read this person: the name, with the key's tag
// when another key goes by a name that looks the same.
func (l *Lobby) label() string {
	if l.cfg.Hall == nil {
		return l.cfg.Player.Name
	}
	return l.cfg.Hall.Label(l.cfg.Player, nil)
}

// bell says whether the person's settings ring the bell on their turn
// (on unless they switched it off).
func (l *Lobby) bell() bool { return l.cfg.Alone.Bell == nil || l.cfg.Alone.Bell() }

// watchList is the list of the tables one may watch, and a code to
// type: letters go to the code (q too: Q is a code's letter), ↑/↓
// choose, enter watches, esc goes back, ? opens the help.
type watchList struct {
	l *Lobby
	// tables are those listed; a person's own whose seat is open in
	// another connection of theirs (hall.Info.SeatOpen) says to take it
	// over rather than go back to it.
	tables []hall.Info
	row    int
	code   kit.LineInput
	note   string
	ticks  kit.Ticker
	// help is the list's help while it is open: the App gives a typing
	// screen every key, so the list opens and draws it itself.
	help *kit.HelpView
}

func newWatchList(l *Lobby) *watchList {
	w := &watchList{l: l}
	w.code.Max = 4
	w.refresh()
	return w
}

func (w *watchList) Name() string { return "watch list" }

// typing: every key but ctrl+c comes here, q being a letter of a code
// (hall.CodeLetters); ? opens the list's own help (openHelp), no code
// holding it.
func (w *watchList) typing() bool { return true }

// refresh reads the list again, the cursor kept on the table it was on;
// when that table has gone (its game over, made private, deserted) the
// list says so, lest enter watch the one that took its row unseen.
func (w *watchList) refresh() {
	was := ""
	if w.row < len(w.tables) {
		was = w.tables[w.row].Code
	}
	w.tables = watchTables(w.l.cfg.Hall, w.l.cfg.Player.ID)
	if i := slices.IndexFunc(w.tables, func(in hall.Info) bool { return in.Code == was }); i >= 0 {
		w.row = i
		return
	}
	if was != "" && w.note == "" {
		w.note = "Table " + was + " is no longer there to watch."
	}
	w.row = min(w.row, max(0, len(w.tables)-1))
}

// watchTables are the tables the list offers, by code: those being
// played, and those paused because all their people are away, which
// their code opens to watch as well (their lines say they are paused).
func watchTables(h *hall.Hall, id string) []hall.Info {
	out := append(h.Watchable(id), h.Paused(id)...)
	slices.SortFunc(out, func(a, b hall.Info) int { return strings.Compare(a.Code, b.Code) })
	return out
}

// tick asks to refresh the list in 2 s.
func (w *watchList) tick() tea.Cmd { return w.ticks.Tick(w, 2*time.Second) }

func (w *watchList) Enter(*kit.Context) tea.Cmd {
	w.refresh()
	return w.tick()
}

func (w *watchList) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case kit.TickMsg:
		if w.ticks.Due(msg, w) {
			return w, w.Enter(ctx)
		}
	case tea.KeyPressMsg:
		if w.help != nil {
			if open, _ := w.help.Update(ctx, msg); !open {
				w.help = nil
			}
			return w, nil
		}
		return w.key(ctx, msg)
	case tea.MouseClickMsg:
		if w.help != nil {
			// As the App's help: a left click closes it.
			if msg.Button == tea.MouseLeft {
				w.help = nil
			}
			return w, nil
		}
		return w.click(ctx, msg)
	case kit.InputDropped:
		// The code being typed lacks keys: enter does not watch it. The
		// keys that follow in the burst run no command, here nor back in
		// the lobby, whose burst this is (kit.Burst).
		w.code.Gap()
		w.l.burst.Drop(w.l.clock().Now())
	case tea.PasteMsg:
		// A code pasted is typed: its letters.
		for _, r := range msg.Content {
			if r|0x20 >= 'a' && r|0x20 <= 'z' {
				w.code.Paste(string(r))
			}
		}
		w.note = ""
	}
	return w, nil
}

func (w *watchList) key(ctx *kit.Context, msg tea.KeyPressMsg) (kit.Screen, tea.Cmd) {
	t := msg.Text
	code := msg.String() == "backspace" || (len(t) == 1 && (t[0]|0x20 >= 'a' && t[0]|0x20 <= 'z'))
	if w.l.burst.Key(w.l.clock().Now()) && !code {
		return w, nil // a key of a burst: the code's gap holds its letters
	}
	switch msg.String() {
	case "esc":
		w.ticks.Stop() // the list's clock stops
		return w.l, w.l.Enter(ctx)
	case "up":
		if n := len(w.tables); n > 0 {
			w.row = (w.row + n - 1) % n
		}
		return w, nil
	case "down":
		if n := len(w.tables); n > 0 {
			w.row = (w.row + 1) % n
		}
		return w, nil
	case "enter":
		if w.code.Gapped() {
			return w, nil // the code's line says it lacks keys
		}
		return w.choose(ctx)
	}
	if kit.IsKey(msg, ctx.Keys.Help) {
		w.openHelp(ctx)
		return w, nil
	}
	if code {
		w.code.Key(msg)
		w.note = ""
	}
	return w, nil
}

// choose watches the code typed, else the table chosen.
func (w *watchList) choose(ctx *kit.Context) (kit.Screen, tea.Cmd) {
	var t *hall.Table
	var err error
	switch code := strings.TrimSpace(w.code.String()); {
	case code != "":
		t, err = w.l.lookup(code)
		if err != nil {
			err = fmt.Errorf("%q: %w", code, err)
		}
	case len(w.tables) > 0:
		t, err = w.l.cfg.Hall.Find(w.tables[w.row].Code)
	default:
		return w, nil
	}
	if err != nil {
		w.note = err.Error()
		w.refresh()
		return w, nil
	}
	w.ticks.Stop()
	next, cmd := w.l.watch(ctx, t)
	if next == w.l {
		// Refused (private, closed): say so here.
		w.note = w.l.note
		w.l.setNote("", false)
		return w, cmd
	}
	return next, cmd
}

func (w *watchList) View(ctx *kit.Context) string {
	out, _ := w.render(ctx)
	if w.help != nil {
		return w.help.View(ctx, out)
	}
	return out
}

// openHelp opens the help the App would: the list's keys, without the
// marks of the cards (the list shows none) nor any game's rules in
// short.
func (w *watchList) openHelp(ctx *kit.Context) {
	w.help = kit.NewHelpView(w.KeyHelp(&ctx.Keys).FullHelp()).NoMarks()
}

// click takes a left click on a table of the list: it chooses it, or,
// chosen, watches it (kit.Pick), the code typed left aside.
func (w *watchList) click(ctx *kit.Context, msg tea.MouseClickMsg) (kit.Screen, tea.Cmd) {
	_, hits := w.render(ctx)
	row, ok := kit.RowClicked(hits, msg)
	if !ok || !kit.Pick(&w.row, row) {
		return w, nil
	}
	w.code = kit.LineInput{Max: w.code.Max} // enter would watch the code typed
	return w.choose(ctx)
}

// render draws the list and returns where its tables lie, for clicks.
func (w *watchList) render(ctx *kit.Context) (string, []kit.Hit) {
	st := &ctx.Styles
	lines := append(kit.Titled(ctx, "Watch a table"), "")
	if len(w.tables) == 0 {
		lines = append(lines, "   "+st.Dim.Render("(no table is being played that may be watched)"))
	}
	var tail []string
	typed, keys := " Or type a table's code: "+st.Selected.Render(w.code.View(8, "_")), "↑/↓ choose · letters: a code · enter watch · esc back · ? help"
	if w.code.Gapped() {
		typed += st.Error.Render(gapMark)
		keys = "keys were dropped: backspace edits the code · esc back"
	}
	tail = append(tail, "", typed)
	if w.note != "" {
		tail = append(tail, kit.Paragraph("! "+w.note, ctx.Width, st.Error.Render)...)
	}
	tail = append(tail, "", " "+st.Dim.Render(kit.Clip(keys, ctx.Width-2)))
	// The tables take the room the code's line and the keys leave, a
	// long list the part around the cursor and a line saying how many
	// tables are out of view; a long line wraps.
	var tables []entry
	for i, t := range w.tables {
		tables = append(tables, tableEntry(ctx, watchLine(t), t, i == w.row))
	}
	room := ctx.Height - len(lines) - len(tail)
	all, of, above, below := window(tables, w.row, room, ctx.Width, ctx.Ellipsis())
	if above+below > 0 {
		all, of, above, below = window(tables, w.row, room-1, ctx.Width, ctx.Ellipsis())
		them := "them"
		if above+below == 1 {
			them = "it"
		}
		all = append(all, "   "+st.Dim.Render(kit.Clip(moreMark(above, below)+" (↑/↓ to see "+them+")", ctx.Width-4)))
	}
	hits := kit.RowHits(of, len(lines), ctx.Width)
	lines = append(append(lines, all...), tail...)
	return kit.JoinLines(lines), hits
}

// watchLine is a table of the watch list. The person's own table is
// no table to watch (enter refuses it): its row says where the seat is
// taken back, or taken over when it is open in another connection of
// theirs (SeatOpen); in fewer words only "your seat".
func watchLine(t hall.Info) rowText {
	tail, short := fmt.Sprintf(" · %d seats · to %d", t.Seats, t.Target), fmt.Sprintf(" · to %d", t.Target)
	switch {
	case t.SeatOpen:
		tail, short = tail+" · your seat, open in another connection: take it over from the lobby", short+" · your seat"
	case t.Yours:
		tail, short = tail+" · your seat: go back to it from the lobby", short+" · your seat"
	}
	if t.Paused {
		tail, short = tail+" · "+pausedWords, short+" · "+pausedWords
	}
	r := newRowText(t.Code+"  ", t, tail)
	r.short = short
	return r
}

// pausedWords mark a table of the watch list whose people are all away.
const pausedWords = "paused: everyone is away"

// pausedNote is what a spectator reads while every person of the game
// is away: it stands still, no seat's countdown running (hall doc), so
// "the seat waits for them" with no time would read as a stuck game.
const pausedNote = "Paused: every player is away. The game goes on when one of them comes back; no bot takes a seat meanwhile."

// KeyHelp: the list's keys.
func (w *watchList) KeyHelp(k *kit.KeyMap) help.KeyMap {
	keys := []key.Binding{kit.Bind("↑/↓", "choose a table", "up", "down"), kit.Bind("a-z", "type a code, q included"),
		kit.Bind("enter", "watch it", "enter"), kit.Bind("esc", "back to the lobby", "esc"), kit.Brief("this help", k.Help)}
	return kit.KeyHelp{Short: keys, Full: [][]key.Binding{keys}}
}

// WatchSeat is a spectator at a table: the table screen over the
// spectator's Port, the table's talk, esc or q back to the lobby.
type WatchSeat struct {
	l     *Lobby
	code  string
	port  host.Port
	table *tablescreen.Screen
	stay
	// told is set once the screen said the table turned private.
	told bool
	// paused is set while every player is away, pausedGen the game's
	// position when the screen last said so (pausedNote).
	paused    bool
	pausedGen int
	// gen is the game's position last seen (Snapshot.Gen): a new one
	// is a move, reported to Config.Active.
	gen int
}

func newWatchSeat(l *Lobby, t *hall.Table, port host.Port) *WatchSeat {
	s := &WatchSeat{l: l, code: t.Code(), port: port, gen: port.Snapshot().Gen}
	talk := l.tableTalk(t, l.label, true)
	cfg := tablescreen.Config{Port: port, Sort: kit.ByStrength, Tag: "table " + s.code, Shared: true, Now: l.clock().Now,
		QuitQuestion: "Stop watching table " + s.code + ": back to the lobby."}
	if talk != nil {
		talk.quiet = quietPlayed(l, quietAt(l, t))
		cfg.Talk = talk
	}
	s.table = tablescreen.New(cfg)
	s.begin(l, talk, port.Leave)
	s.sayPaused()
	return s
}

// sayPaused says on the table screen that the game is paused, when
// every player has just been found away or the game's position changed
// since (the screen drops its note at a change: a spectator come, say),
// and takes the note away once one of them is back.
func (s *WatchSeat) sayPaused() {
	sn := s.table.Snapshot()
	now := tablescreen.Paused(&sn)
	switch {
	case now && (!s.paused || sn.Gen != s.pausedGen):
		s.table.SetNote(pausedNote, false)
		s.pausedGen = sn.Gen
	case !now && s.paused:
		s.table.SetNote("", false)
	}
	s.paused = now
}

func (s *WatchSeat) Name() string { return "watching" }

// Table is the table screen over the game's public port.
func (s *WatchSeat) Table() *tablescreen.Screen { return s.table }

func (s *WatchSeat) typing() bool { return s.table.Typing() }

func (s *WatchSeat) Enter(ctx *kit.Context) tea.Cmd {
	cmd := s.table.Enter(ctx)
	// Entering reads the game anew: a move made since the note was set
	// dropped it, and no Update may come before the screen is drawn.
	s.sayPaused()
	return tea.Batch(cmd, s.talk.listen(), s.clock.start(tableRedraw(s.table)))
}

func (s *WatchSeat) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case talkMsg:
		return s, s.talk.takeAt(ctx, s.table, msg)
	case countdownMsg:
		return s, s.clock.take(msg, tableRedraw(s.table))
	case tea.KeyPressMsg:
		if !s.table.UsesBack() && kit.IsKey(msg, ctx.Keys.Back) {
			return s.leave(ctx)
		}
	}
	next, cmd := s.table.Update(ctx, msg)
	if gen := s.table.Snapshot().Gen; gen != s.gen {
		s.gen = gen
		if s.l.cfg.Active != nil {
			s.l.cfg.Active()
		}
	}
	s.sayPaused()
	if sn := s.table.Snapshot(); (sn.Private || sn.Closed) && !s.told {
		s.told = true
		why := "The game is closed."
		if sn.Private {
			why = "The table's host made it private: nobody may watch it now."
		}
		// Let go, the spectator neither reads nor writes the table's
		// talk any more.
		s.talk.close()
		s.table.SetNote(why+" Esc goes back to the lobby.", true)
	}
	if t, ok := next.(*tablescreen.Screen); ok && t == s.table {
		return s, tea.Batch(cmd, s.clock.start(tableRedraw(s.table)))
	}
	s.clock.stop()
	return next, cmd
}

func (s *WatchSeat) View(ctx *kit.Context) string { return s.table.View(ctx) }

// KeyHelp is the table's help for a spectator. The full help (the ?
// overlay) leaves out the "watching" mark of the keys' line, which is
// no key, and says what esc and q do here: back to the lobby, both
// asking first while the game goes on (QuitsAtOnce; the table's esc
// asks what q asks).
func (s *WatchSeat) KeyHelp(k *kit.KeyMap) help.KeyMap {
	km := s.table.KeyHelp(k)
	var full []key.Binding
	for _, col := range km.FullHelp() {
		for _, b := range col {
			if b.Help().Desc == "" || slices.Equal(b.Keys(), k.Quit.Keys()) {
				continue
			}
			full = append(full, b)
		}
	}
	if s.QuitsAtOnce() {
		full = append(full, backKeys(k)) // the game's end: q asks nothing
	} else {
		full = append(full, kit.Brief(k.QuitHint().Help().Desc+" (asks first)", k.Back, k.Quit))
	}
	return kit.KeyHelp{Short: km.ShortHelp(), Full: [][]key.Binding{full}}
}

func (s *WatchSeat) QuitQuestion() string { return s.table.QuitQuestion() }

// HelpRules is the watched game's rules for the help.
func (s *WatchSeat) HelpRules() (rules.Options, bool) { return s.table.HelpRules() }

// quitNow: the App's quit stops watching.
func (s *WatchSeat) quitNow(ctx *kit.Context) (kit.Screen, tea.Cmd) { return s.leave(ctx) }

// leave stops watching and goes back to the lobby.
func (s *WatchSeat) leave(ctx *kit.Context) (kit.Screen, tea.Cmd) {
	s.end(s.port.Leave)
	s.l.afterNotice("", false)
	return s.l, s.l.Enter(ctx)
}

// QuitsAtOnce: a spectator keeps nothing, and once the game is over
// (from its last deal's result on, the game's end's "[q] back to the
// lobby" too) or closed to them nothing is left to watch: q goes back
// to the lobby unasked, as esc does. While the game goes on q asks
// first, so that a stray q does not lose the spectator their place.
func (s *WatchSeat) QuitsAtOnce() bool {
	sn := s.table.Snapshot()
	return sn.Over || sn.Closed || sn.Private
}
