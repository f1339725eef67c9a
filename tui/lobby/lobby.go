package lobby

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/platform/seedmix"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/names"
	"github.com/klob/klob/internal/serve/chat"
	"github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/replay"
	"github.com/klob/klob/tui/setup"
	tourneyui "github.com/klob/klob/tui/tourney"
	"github.com/klob/klob/tui/train"
)

// Config is what the lobby of one `klob serve` connection needs.
type Config struct {
	// Player is who is connected: ID "" for a guest (bots only).
	Player hall.Player
	// Hall holds the tables.
	Hall *hall.Hall
	// Send delivers a message to this connection's program from any
	// goroutine (table updates).
	Send func(tea.Msg)
	// Done is closed when the connection ends: the table seat is left.
	Done <-chan struct{}
	// Active, when set, is called as a move is seen at the table the
	// person watches: the server's idle close counts it as activity, so
	// a spectator of a game that moves stays. It must not block.
	Active func()
	// Alone is the play against bots, with the player's own store: the
	// root package's game alone (alone.go).
	Alone Alone
	// Rename keeps a new name for the player; nil keeps it for this
	// connection only.
	Rename func(name string) error
	// Analyze grades a replayed game (the a key); nil is the real
	// analysis through Heavy, one decision at a time (Gate.Analyze).
	Analyze replay.Analyzer
	// Train is this connection's bidding trainer (train.go): its
	// Record keeps the player's record, nil for the connection only; its
	// Samples and Workers bound the grading (0: ServerTrainSamples, one
	// worker).
	Train train.Config
	// Heavy bounds the trainer's grading of all the sessions, in the
	// server's one host.Slots that the games' bots and hints share
	// (behind the bots); nil bounds nothing.
	Heavy *Gate
	// Seed gives each table, game alone and trainer opened here its
	// seed; nil draws a secret one (seedmix.Secret) each time. A seed
	// deals every card, so it is never shown before the game is over.
	Seed  func() uint64
	ASCII bool
	// Addr is the connection's address as the server's limits count it:
	// the wrong table codes tried are limited per address and per key
	// (hall.Lookup).
	Addr string
	// Start, when set, goes straight to a table at the connection's
	// start: `ssh host -t join CODE` or `watch CODE` (watch.go).
	Start Command
	// Chat is the server's talk: its Hub, whose rooms the tables have
	// (hall.Config.Chat), and the lobby's room (chat.go); nil
	// offers no talk.
	Chat  *chat.Hub
	Lobby *chat.Room
	// Club is the club's records (club.go): the person's rating,
	// the leaderboards; nil shows none.
	Club Club
	// Tourney runs the server's tournaments (tourney.go); nil
	// offers none.
	Tourney *tourney.Service
	// Clock is the time of the seats' countdowns and of their redraws
	// each second (seat.go); nil is the machine's. Tests give the
	// hall's clocktest.Manual.
	Clock host.Clock
}

// clock is Config.Clock, the machine's when none is given.
func (l *Lobby) clock() host.Clock {
	if l.cfg.Clock == nil {
		return host.SystemClock()
	}
	return l.cfg.Clock
}

// New returns the lobby of one connection, the first screen of its
// App: from it the person plays alone, opens a table or joins one. A
// person who holds a seat at a table goes straight back to it. The App
// around it takes the connection's quits and keys through Taken,
// QuitNow and Typing, and waits for its saves with Wait.
func New(cfg Config) *Lobby {
	c := &cfg
	if c.Analyze == nil {
		c.Analyze = c.Heavy.Analyze
	}
	// The connection's work (a replay's analysis, the trainer's
	// grading) ends with it, not only with esc: a client that asks and
	// hangs up must not leave the shared slots busy behind it.
	conn, hangUp := context.WithCancel(context.Background())
	c.Analyze = analyzeWithin(conn, c.Analyze)
	l := &Lobby{cfg: c, conn: conn, hangUp: hangUp, mutes: muteBook{}, every: 2 * time.Second}
	if c.Chat != nil && c.Player.ID != "" {
		// The mutes of the person's earlier connections still hold:
		// /unmute finds their names.
		l.mutes = c.Chat.MutedNames(c.Player.ID)
	}
	if cfg.Hall != nil {
		// The hall compares the names of the people connected, to tell
		// two keys under one name apart, and checks a rename against
		// the names of the people it knows (a guest's too, though it
		// lists no guest).
		send := cfg.Send
		l.visit = cfg.Hall.Visit(cfg.Player, func() {
			if send != nil {
				send(TakenMsg{})
			}
		})
		// A key connected already goes by its name there, not by this
		// connection's login name: the first frame says that name.
		l.sameName()
	}
	if cfg.Done != nil {
		go func() {
			<-cfg.Done
			l.hangUp()
			if l.visit != nil {
				l.visit.Leave()
			}
			l.connectionGone()
		}()
	}
	return l
}

// Wait waits for the saves of the game alone on view (current, the
// App's screen) and of the trainers: the App's last act before the
// program quits.
func (l *Lobby) Wait(current kit.Screen) {
	if b, ok := current.(*Away); ok {
		current = b.Shown
	}
	if m := l.game(current); m != nil {
		m.Wait()
	}
	for _, t := range l.trainers {
		if tr, ok := t.(*train.Screen); ok {
			tr.Wait()
		}
	}
}

// typer is a screen taking text: every key but ctrl+c goes to it, so q
// and ? can be typed.
type typer interface{ typing() bool }

// Typing reports whether s, the App's screen, takes text: the App then
// gives it every key but ctrl+c, q and ? included.
func Typing(s kit.Screen) bool {
	t, ok := s.(typer)
	return ok && t.typing()
}

// Taken is the screen after another connection of the same key took
// the game alone over (TakenMsg) while s is on view: back to the
// lobby, the game saved and let go; nil when s is no game alone. The
// caller runs its Enter.
func Taken(s kit.Screen) kit.Screen {
	if b, ok := s.(*Away); ok {
		return b.back(takenNote)
	}
	return nil
}

// quitter is a screen opened from the lobby that the App's quit takes
// back to the lobby.
type quitter interface {
	quitNow(ctx *kit.Context) (kit.Screen, tea.Cmd)
}

// QuitNow is the screen after the App's quit (q then y, or the game's
// end) on s: quitting a game played from the lobby, a seat, a watch or
// a tournament comes back to the lobby; nil when s is none of them, and
// the connection ends. The caller runs the next screen's Enter.
func QuitNow(ctx *kit.Context, s kit.Screen) (kit.Screen, tea.Cmd) {
	if q, ok := s.(quitter); ok {
		return q.quitNow(ctx)
	}
	return nil, nil
}

// Lobby is the first screen of a connection.
type Lobby struct {
	cfg    *Config
	conn   context.Context // ends with the connection (Config.Done)
	hangUp context.CancelFunc
	row    int
	tables []hall.Info
	// playing counts the games others play that the person may watch
	// (w), full the tables others filled that wait for their host to
	// start: the empty list says so, not that nothing goes on.
	playing, full int
	note          string
	isErr         bool

	// entry is open while the person types a code or a name; while it
	// lacks keys the server dropped (kit.LineInput.Gap) enter does not
	// send it.
	entry     kit.LineInput
	entryKind string // "code" or "name"
	entered   bool
	// burst is a burst of keys the server dropped some of: its keys run
	// no command here (kit.Burst).
	burst kit.Burst

	// trainAt is the trainer the t row offers (trainerSeats); trainers
	// are those opened, kept while the connection lasts.
	trainAt  int
	trainers map[int]kit.Screen

	// ticks are the list's refresh ticks: only the newest goes on.
	ticks kit.Ticker
	// every is the time between two ticks: 2 s (0 in the package's
	// tests, whose ticks come at once).
	every time.Duration
	// ticked counts the refresh ticks since the rating was last read.
	ticked int
	// resumed is set once the lobby has shown: only the first look
	// takes the person back to a seat they hold.
	resumed bool
	// inPlayRead is set once the lobby has read whether the person left
	// a tournament's board half-played (tourney.go); a return from the
	// tournaments clears it, so that the lobby reads again.
	inPlayRead bool
	// inPlayCode is the tournament of a board left half-played, as
	// the lobby said at its opening: d opens its page, once.
	inPlayCode string
	// savedAlone is whether the person has a game alone saved (read at
	// each look, off the Update): p's label says it resumes it.
	savedAlone bool
	// unread is the hall's notice of the first look when the person
	// went straight back to a seat before reading it (afterNotice).
	unread string
	// seatWaits is the code of the table whose seat the note says
	// waits for the person (seatWaitsNote), "" for none: once a bot
	// takes the seat, and once the game is over, Refresh says so
	// instead (seatTaken).
	seatWaits string

	// visit is this connection in the hall's list of the people
	// connected (a guest's is in no list); nil without a hall.
	visit *hall.Visit
	// present notes the person present to the talk (chat.Hub.Arrive):
	// nil without a talk.
	present *chat.Presence
	// hold is whether this connection has the person's game alone
	// (alone.go).
	hold gameHold
	// talk is the lobby's line (chat.go), nil without a chat.
	talk *talkPane
	// unsaid is set from a guest's / until enter or esc: a guest talks
	// not, yet what they type after / is meant as talk, so it is taken
	// and dropped rather than run as the lobby's keys (guestKey).
	unsaid bool
	// quietTitle is the tournament whose boards keep the person quiet,
	// as the last tick found it: the tick after it ends says they may
	// talk again (quietLifted).
	quietTitle string
	// quietUntil is when the tournament that keeps the person quiet
	// ends (kit.When), "" when none does, as the last Update found it
	// (readQuiet): the menu and the talk's heading then offer neither a
	// rename nor a line to say.
	quietUntil string
	// quietOf names the tournament that keeps the person quiet until
	// quietUntil ("tournament ABCD", the day's daily): the help says
	// which, for "a tournament of yours" reads as one they host.
	quietOf string
	// quietWhile says how long the person talks nowhere (readQuiet):
	// "until 13:00 UTC" for a tournament, "while your rated table ABCD
	// deals" for a rated deal, "" when they may talk. The talk's
	// heading, the keys' line and the help then offer / to mute only.
	quietWhile string
	// mutes are the people this connection muted (chat.go).
	mutes muteBook
	// club is the person's rating as last read (club.go).
	club clubState
	// tableForm is the open-a-table form as last left: q and esc leave
	// it at once, and the next o opens it with the same choices.
	tableForm *TableForm
	// tourneyForm is the new tournament's form as last left, kept the
	// same way.
	tourneyForm tourneyui.Choices
}

func (l *Lobby) Name() string { return "lobby" }

// typing: a burst's keys come here too, q and ? included, to do nothing.
func (l *Lobby) typing() bool {
	return l.entered || l.talk.open() || l.unsaid || l.burst.On(l.clock().Now())
}

// QuitQuestion: q on the lobby itself ends the connection (on every
// screen reached from it q comes back to it); leaving keeps a table
// seat for a while. A key's games are saved; a guest's are not kept,
// and the question says so rather than promise them.
func (l *Lobby) QuitQuestion() string {
	if l.guest() {
		return "A guest's games are not kept."
	}
	return "Your games stay saved."
}

// tick asks to refresh the list of tables after every.
func (l *Lobby) tick() tea.Cmd { return l.ticks.Tick(l, l.every) }

// Enter lists the tables; at the connection's start it goes back to the
// person's seat at a table, if they hold one.
func (l *Lobby) Enter(ctx *kit.Context) tea.Cmd {
	l.Refresh()
	l.readQuiet()
	l.talk.quietEnded()
	first := !l.resumed
	l.resumed = true
	if first && !l.guest() && l.cfg.Hall != nil {
		// A table of theirs closed while they were away says so.
		if n := l.cfg.Hall.Notice(l.cfg.Player.ID); n != "" {
			l.setNote(n, false)
		}
	}
	listen := l.startTalk(first)
	// Until the lobby has had the answer (the first look may go straight
	// on to a seat, whose screen then gets it), each look asks again.
	inPlay := l.readSaved()
	if !l.inPlayRead {
		inPlay = tea.Batch(inPlay, l.readInPlay())
	}
	var next tea.Cmd // the connection's command, or back to a seat held
	switch {
	case first && l.cfg.Start.Verb != "":
		next = func() tea.Msg { return startMsg{} }
	case first && !l.guest() && l.cfg.Hall != nil && l.cfg.Hall.SeatOf(l.cfg.Player.ID) != nil:
		if t := l.cfg.Hall.SeatOf(l.cfg.Player.ID); t.SeatOpen(l.cfg.Player.ID) {
			l.seatElsewhere(t.Code())
			break
		}
		next = func() tea.Msg { return resumeMsg{} }
	}
	return tea.Batch(l.tick(), l.readClub(), listen, inPlay, next)
}

// seatElsewhere is the first look of a connection whose person's seat,
// at table code, is open in another connection of theirs: rather than
// take the seat from it unasked, the lobby says where it is and puts
// the table's row under the cursor, so that enter takes it over (the
// other connection is then told so), as the game alone asks first.
func (l *Lobby) seatElsewhere(code string) {
	if i := slices.IndexFunc(l.tables, func(in hall.Info) bool { return in.Code == code }); i >= 0 {
		l.row = len(items) + i
	}
	if l.note == "" {
		l.setNote("Your seat at table "+code+" is open in another connection: enter takes it over.", false)
	}
}

// resumeSeat goes back to the table where the person holds a seat.
func (l *Lobby) resumeSeat(ctx *kit.Context) (kit.Screen, tea.Cmd) {
	if t := l.cfg.Hall.SeatOf(l.cfg.Player.ID); t != nil {
		return l.join(ctx, t)
	}
	return l, nil
}

// Refresh lists the open tables again, as the lobby's tick does.
func (l *Lobby) Refresh() {
	l.sameName()
	if l.cfg.Hall != nil {
		l.tables = l.cfg.Hall.List(l.cfg.Player.ID)
		// The list says how many games go on that w lists (those paused
		// too), and an empty one why nobody may join.
		l.playing, l.full = 0, 0
		if !l.guest() {
			// Counted as watchTables lists them, in one pass each tick; a
			// game the person holds a seat in is theirs to go back to,
			// not one to watch (its row says so), and is not counted.
			l.playing = l.cfg.Hall.ToWatch(l.cfg.Player.ID)
		}
		if len(l.tables) == 0 && !l.guest() {
			l.full = len(l.cfg.Hall.Full(l.cfg.Player.ID))
		}
		// The person's own tables first, the one they came to last at
		// the top: a long list shows its start, and one who stepped out
		// to the lobby finds the table they left.
		sort.SliceStable(l.tables, func(i, j int) bool {
			a, b := l.tables[i], l.tables[j]
			if a.Yours != b.Yours {
				return a.Yours
			}
			return a.Came > b.Came
		})
	}
	l.seatTaken()
	// A table under the cursor may have closed: the cursor stays on the
	// list.
	l.row = min(l.row, l.rows()-1)
}

// seatWaitsNote says the person's seat at table code waits for them,
// as they leave it mid-game; botPlaysNote that a bot plays it since.
func seatWaitsNote(code string) string {
	return "Your seat at table " + code + " waits for you: choose the table to take it back."
}

func botPlaysNote(code string) string {
	return "A bot plays your seat at table " + code + " now: choose the table to take it back."
}

// seatOverNote says the game at table code, whose seat the person left,
// is over: no seat to take back, its end to see.
func seatOverNote(code string) string {
	return "The game at table " + code + " is over: choose the table to see how it ended."
}

// seatTaken keeps the note about the person's seat true as the table
// moves on: the seat waits, then a bot plays it (botPlaysNote), then
// the game is over (seatOverNote). A note since then, or the table no
// longer the person's, ends the watch.
func (l *Lobby) seatTaken() {
	code := l.seatWaits
	if code == "" {
		return
	}
	said := ""
	for _, n := range []string{seatWaitsNote(code), botPlaysNote(code)} {
		if strings.Contains(l.note, n) {
			said = n
		}
	}
	if said == "" {
		l.seatWaits = ""
		return
	}
	for _, in := range l.tables {
		if in.Code != code || !in.Yours {
			continue
		}
		switch {
		case in.Over:
			l.note, l.seatWaits = strings.Replace(l.note, said, seatOverNote(code), 1), ""
		case in.BotPlays:
			l.note = strings.Replace(l.note, said, botPlaysNote(code), 1)
		}
		return
	}
	l.seatWaits = ""
}

// Tables are the open tables listed, the person's own first.
func (l *Lobby) Tables() []hall.Info { return l.tables }

// The lobby's choices, then the open tables; help is what the help
// says of a choice when its label does not say enough.
var items = []struct{ key, label, help string }{
	{"p", "Play alone against bots", ""},
	{"t", "Train your bidding", ""},
	{"o", "Open a table for friends", ""},
	{"j", "Join a table by its code", ""},
	{"w", "Watch a table", "watch a table as a spectator; never your own: choose it in the list of tables to go back to your seat"},
	{"d", "Tournaments: the daily and the club's", ""},
	{"h", "Your games: history and replay", ""},
	{"r", "Rename yourself", ""},
	{"l", "Leaderboards", "the leaderboards, one per seat count. A rating such as 1500 ±350 is the club's estimate of your skill at that count (a newcomer's is 1500), and ± its uncertainty: how far off it may still be, shrinking with each rated game you play"},
}

// keyOnly are the lobby's choices a guest is refused, and the note that
// says why: the menu says so beside them, and the keys line leaves them
// out.
var keyOnly = map[string]string{
	"o": hall.ErrGuest.Error(),
	"j": hall.ErrGuest.Error(),
	"w": errGuestWatch.Error(),
	"h": "a guest's games are not kept: connect with an SSH key to have a history",
}

// readOnly are the lobby's choices a guest may open but not take part
// in, and what the menu and the help say beside them: a guest reads the
// tournaments and their standings, but plays no board.
var readOnly = map[string]string{
	"d": " (with an SSH key to take part)",
}

func (l *Lobby) rows() int { return len(items) + len(l.tables) }

// afterNotice sets the lobby's note after the hall's notice the person
// was taken past unread (a table that ended with a restart), which it
// then no longer holds: a refusal of a table (isErr, the connection's
// command's at its start) or the note of a return from a seat.
func (l *Lobby) afterNotice(note string, isErr bool) {
	if isErr {
		note = kit.Sentence(note)
	}
	if l.unread != "" {
		note = strings.TrimSpace(l.unread + "\n" + note) // each a paragraph
		l.unread = ""
	}
	l.setNote(note, isErr)
}

// setNote shows s under the tables; an error reads as a sentence, as
// the waiting room's do, whether the hall's (lower case, no stop) or
// the lobby's own.
func (l *Lobby) setNote(s string, isErr bool) {
	if isErr {
		s = kit.Sentence(s)
	}
	l.note, l.isErr = s, isErr
}

func (l *Lobby) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	l.sameName()
	l.readQuiet()
	switch msg := msg.(type) {
	case kit.TickMsg:
		if !l.ticks.Due(msg, l) {
			return l, nil
		}
		l.Refresh()
		// What happened to a table of theirs while the lobby is open
		// (the hall's notice: a table that started its next game
		// without them) is said as the list drops the table.
		if !l.guest() && l.cfg.Hall != nil {
			if n := l.cfg.Hall.Notice(l.cfg.Player.ID); n != "" {
				l.setNote(n, false)
			}
		}
		l.quietLifted()
		l.talk.quietEnded()
		// A game of theirs that a bot finishes while they sit here
		// changes their rating: read it again now and then.
		if l.ticked++; l.ticked >= clubTicks {
			l.ticked = 0
			return l, tea.Batch(l.tick(), l.readClub())
		}
		return l, l.tick()
	case resumeMsg, startMsg:
		// The hall's notice, shown as the lobby opened, is not read
		// yet when the person goes straight back to a seat, or the
		// connection's command on to a table: it waits for their
		// return (afterNotice).
		if l.note != "" && !l.isErr {
			l.unread = l.note
		}
		if _, start := msg.(startMsg); start {
			return l.startCommand(ctx)
		}
		return l.resumeSeat(ctx)
	case nameKept:
		if msg.err != nil && msg.name == l.cfg.Player.Name {
			l.setNote("the name could not be kept: "+msg.err.Error(), true)
		}
		return l, nil
	case talkMsg:
		cmd, _ := l.TakeTalk(msg)
		return l, cmd
	case kit.InputDropped:
		// The line being typed lacks keys: enter must not send it as
		// it is. The keys that follow in the burst run no command.
		l.burst.Drop(l.clock().Now())
		switch {
		case l.talk.open():
			l.talk.box.Gap(&l.talk.note)
		case l.entered:
			l.entry.Gap()
		case !l.unsaid:
			l.setNote(kit.BurstNote, true)
		}
		return l, nil
	case tea.PasteMsg:
		switch {
		case l.talk.open():
			l.talk.paste(msg.Content)
		case l.entered:
			// A code (or a name) pasted is typed, on one line.
			l.entry.Paste(strings.TrimSpace(msg.Content))
		}
		return l, nil
	case inPlayMsg:
		l.takeInPlay(msg)
		return l, nil
	case tourneyCodeMsg:
		return l.takeTourneyCode(msg)
	case savedMsg:
		l.savedAlone = bool(msg)
		return l, nil
	case clubCardMsg:
		l.takeCard(msg)
		return l, nil
	case tea.MouseClickMsg:
		return l.click(ctx, msg)
	case tea.KeyPressMsg:
		// A key of a burst goes to the line being typed, whose gap
		// holds it (Gap), and runs no command otherwise (burst).
		hushed := l.burst.Key(l.clock().Now())
		if l.entered {
			return l.typeKey(ctx, msg)
		}
		if l.talk.open() {
			l.talk.key(msg)
			return l, nil
		}
		if l.unsaid {
			l.guestKey(msg)
			return l, nil
		}
		if hushed {
			return l, nil
		}
		if msg.String() == "/" && l.talk != nil {
			if l.guest() {
				// A guest reads only: said now, not after a line typed;
				// the keys typed after it are the line, not the lobby's
				// keys, up to enter or esc.
				l.setNote("guests read the talk but do not write (connect with an SSH key to talk): what you type now is not sent; enter or esc ends it", true)
				l.talk.note = kit.Note{} // a line refused before is told again at enter
				l.unsaid = true
				return l, nil
			}
			// The note says what an earlier choice did: the line typed
			// is a new one, and takes its room.
			l.setNote("", false)
			l.talk.start()
			return l, nil
		}
		return l.key(ctx, msg)
	}
	return l, nil
}

// guestKey takes a key a guest types after /: enter and esc end the
// line nobody reads (enter saying it was not sent), any other key is
// dropped.
func (l *Lobby) guestKey(msg tea.KeyPressMsg) {
	switch msg.String() {
	case "enter":
		// The talk's note says so, as it says a key holder's line
		// refused: under it the talk still reads "(nothing said yet)".
		l.unsaid = false
		l.setNote("", false)
		l.talk.note = kit.Note{Text: kit.Sentence("not sent: guests read the talk but do not write"), Err: true}
	case "esc":
		l.unsaid = false
		l.setNote("", false)
	}
}

// resumeMsg asks the lobby to go back to the person's seat.
type resumeMsg struct{}

func (l *Lobby) key(ctx *kit.Context, msg tea.KeyPressMsg) (kit.Screen, tea.Cmd) {
	k := &ctx.Keys
	n := l.rows()
	// The letters first: j also moves down elsewhere.
	for i, it := range items {
		if msg.String() == it.key {
			l.row = i
			return l.choose(ctx, i)
		}
	}
	switch {
	case msg.String() == "c" && l.talk != nil:
		return newTalkLog(l), nil
	case kit.MoveRow(k, msg, &l.row, n):
		return l, nil
	case kit.IsKey(msg, k.Choose):
		return l.choose(ctx, l.row)
	case kit.Step(k, msg) != 0 && l.row < len(items) && items[l.row].key == "t":
		l.stepTrainer(kit.Step(k, msg))
		return l, nil
	}
	return l, nil
}

func (l *Lobby) guest() bool { return l.cfg.Player.ID == "" }

// seed is a fresh seed for a table, a game alone or a trainer opened
// here: Config.Seed's, else a secret one.
func (l *Lobby) seed() uint64 {
	if l.cfg.Seed != nil {
		return l.cfg.Seed()
	}
	return seedmix.Secret()
}

// choose takes row i: an item, or an open table.
func (l *Lobby) choose(ctx *kit.Context, i int) (kit.Screen, tea.Cmd) {
	l.setNote("", false)
	if i >= len(items) {
		if i >= l.rows() {
			return l, nil // a row the list no longer has
		}
		info := l.tables[i-len(items)]
		t, err := l.cfg.Hall.Find(info.Code)
		if err != nil {
			l.setNote(err.Error(), true)
			l.Refresh()
			return l, nil
		}
		return l.join(ctx, t)
	}
	if note := keyOnly[items[i].key]; note != "" && l.guest() {
		l.setNote(note, true)
		return l, nil
	}
	switch items[i].key {
	case "p":
		return l.playAlone()
	case "t":
		return l.openTrainer()
	case "o":
		if l.tableForm == nil {
			l.tableForm = newTableForm(l)
		}
		l.tableForm.err = "" // said of the last try
		return l.tableForm, nil
	case "j":
		l.openEntry("code", "")
	case "w":
		return newWatchList(l), nil
	case "d":
		return l.openTourneys(l.inPlayCode)
	case "h":
		st, ok := l.cfg.Alone.Store.(replay.Source)
		if !ok {
			l.setNote(keyOnly["h"], true)
			return l, nil
		}
		return &Away{l: l, Inside: kit.Inside{Shown: replay.NewHistory(st, replay.Config{ASCII: l.cfg.ASCII, Analyze: l.cfg.Analyze,
			HidePaths: true, Player: l.cfg.Player.ID})}}, nil
	case "r":
		// A seat in a game keeps its name: said before anything is
		// typed.
		if l.visit != nil {
			if err := l.visit.CanRename(); err != nil {
				l.setNote(err.Error(), true)
				return l, nil
			}
		}
		if err := l.quietTourney(); err != nil {
			l.setNote("Not now: "+err.Error()+".", true)
			return l, nil
		}
		// The line starts empty, the name now beside it: what is typed
		// is the new name, not added to the end of the old one.
		l.openEntry("name", "")
	case "l":
		if l.cfg.Club == nil {
			l.setNote("this server keeps no ratings", true)
			return l, nil
		}
		return newBoardScreen(l), nil
	}
	return l, nil
}

// Away shows screens opened from the lobby: a game alone (setup,
// resume, table, result, game over) or the history (and the replays it
// opens). Quitting them (q then y, or the game over's quit) comes back
// to the lobby, the game saved; so does esc on the history's list.
// ctrl+c still ends the connection.
type Away struct {
	l *Lobby
	kit.Inside
}

func (b *Away) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && kit.IsKey(k, ctx.Keys.Back) {
		if _, list := b.Shown.(*replay.History); list {
			return b.l, nil
		}
		if t, ok := b.Shown.(*train.Screen); ok && !t.Reviewing() {
			t.Pause()
			return b.l, nil
		}
	}
	next, cmd := b.Shown.Update(ctx, msg)
	cmd = kit.Show(ctx, &b.Shown, next, cmd)
	b.l.keepGame(b.Shown)
	return b, cmd
}

// KeyHelp is the screen's own: the trainer's names the esc that comes
// back to the lobby (train.Config.Back).
func (b *Away) KeyHelp(k *kit.KeyMap) help.KeyMap {
	return kit.KeyHelpOf(b.Shown, k, kit.KeyHelp{Full: kit.PlayHelp(k, rules.DefaultOptions())})
}

// HelpMarks: the lobby lists games and tables, no card, score nor
// grade for the help's numbers and marks to explain.
func (l *Lobby) HelpMarks() bool { return false }

// KeyHelp: the lobby's letters and moves.
func (l *Lobby) KeyHelp(k *kit.KeyMap) help.KeyMap {
	var letters []key.Binding
	for _, it := range items {
		words := it.help
		if words == "" || l.guest() && keyOnly[it.key] != "" {
			words = strings.ToLower(it.label[:1]) + it.label[1:]
		}
		if l.guest() && keyOnly[it.key] != "" {
			words += " (with an SSH key)" // as the menu says beside it
		}
		if l.guest() {
			words += readOnly[it.key]
		}
		if it.key == "r" && l.quietUntil != "" {
			words += quietRename(l.quietUntil) // as the menu says beside it
		}
		letters = append(letters, key.NewBinding(key.WithKeys(it.key), key.WithHelp(it.key, words)))
	}
	moves := []key.Binding{kit.Brief("choose", k.Up, k.Down), kit.Brief("take it", k.Choose), k.Help, kit.QuitAsks(k)}
	// On the trainer's line ←/→ change its seat count ("‹ 2 players ›"):
	// the full help says so, the keys' line has no room.
	full := []key.Binding{moves[0], kit.Brief("on the trainer's line: its players, 2, 3 or 4", k.Left, k.Right)}
	full = append(full, moves[1:]...)
	if l.talk != nil && !l.guest() {
		// The keys' line offers it: the help says it too.
		words := "talk: a line to the lobby (/mute NAME hides a player, /unmute NAME shows them)"
		switch {
		case l.quietUntil != "":
			words = "/mute NAME hides a player, /unmute NAME shows them; you talk nowhere until " + l.quietUntil + " (you began a board of " + l.quietOf + ")"
		case l.quietWhile != "":
			words = "/mute NAME hides a player, /unmute NAME shows them; you talk nowhere " + l.quietWhile + " (a word could tell a hand)"
		}
		letters = append(letters, kit.Bind("/", words))
	}
	if l.talk != nil {
		letters = append(letters, kit.Bind("c", "read the lobby's talk back: its last lines, not only the newest"))
	}
	return kit.KeyHelp{Short: moves, Full: [][]key.Binding{letters, full}}
}

// KeyHelp: the form's moves; q leaves at once, as esc does, and the
// full help says the choices are kept for the next o.
func (f *TableForm) KeyHelp(k *kit.KeyMap) help.KeyMap {
	moves := []key.Binding{kit.Brief("choose a line", k.Up, k.Down), kit.Brief("change it", k.Left, k.Right),
		kit.Brief("open the table", k.Choose)}
	short := append(slices.Clone(moves), backKeys(k), k.Help)
	full := append(moves, kit.Brief("back to the lobby, your choices kept: o opens the form as you left it", k.Quit, k.Back), k.Help)
	return kit.KeyHelp{Short: short, Full: [][]key.Binding{full}}
}

// HelpRules is the form's rules as they stand, for the help's rules in
// short: the seat count, target and variants of the table it will open,
// as the local setup's help tells its game's.
func (f *TableForm) HelpRules() (rules.Options, bool) { return f.form.Setup.Options, true }

// HelpMarks: the form shows no card, score nor grade for the help's
// numbers and marks to explain, as the local setup's shows none.
func (f *TableForm) HelpMarks() bool { return false }

// backKeys are q and esc on a screen reached from the lobby that keeps
// nothing: both come back to the lobby at once (leavesAtOnce).
func backKeys(k *kit.KeyMap) key.Binding { return kit.Brief("back to the lobby", k.Quit, k.Back) }

// leavesAtOnce is what a screen of the lobby's menu that loses nothing
// on leaving (the form, which the lobby keeps; the leaderboards, a game
// open elsewhere) gives the App: its q comes back to the lobby (l)
// unasked, as esc does, and only the lobby's own q ends the
// connection. The key hints say "q leave".
type leavesAtOnce struct{ l *Lobby }

// QuitsAtOnce: nothing is kept here, so nothing is asked.
func (a leavesAtOnce) QuitsAtOnce() bool { return true }

// QuitTitle: q comes back to the lobby.
func (a leavesAtOnce) QuitTitle() (string, string) { return leaveTitle() }

// quitNow: back to the lobby.
func (a leavesAtOnce) quitNow(*kit.Context) (kit.Screen, tea.Cmd) { return a.l, nil }

// QuitsAtOnce: q on the saved games' list comes back to the lobby
// unasked, as esc does: the list keeps nothing; so do q and esc on the
// game alone's form, which has started nothing (its settings are kept
// as they change), as on the form that opens a table; and q on a
// screen whose own q leaves unasked (the game's end: "[q] back to the
// lobby").
func (b *Away) QuitsAtOnce() bool {
	switch b.Shown.(type) {
	case *replay.History, *setup.Screen:
		return true
	}
	return kit.QuitsAtOnce(b.Shown)
}

func (b *Away) QuitQuestion() string {
	// A game alone left unfinished is resumed from the lobby, not by
	// starting klob again as the table says of a game played at home.
	if t, ok := b.Shown.(interface{ Snapshot() host.Snapshot }); ok {
		if sn := t.Snapshot(); sn.HasDeal && !sn.Over && !sn.Save.NoStore && sn.Save.Err == "" {
			return "Back to the lobby. The game stays saved: p in the lobby resumes it."
		}
	}
	if q, ok := b.Shown.(kit.QuitAsker); ok {
		return "Back to the lobby. " + q.QuitQuestion()
	}
	if _, ok := b.Shown.(*setup.Screen); ok {
		return "Back to the lobby." // no game started yet, none to keep
	}
	return "Back to the lobby; the game stays saved (p resumes it)."
}

// leaveTitle is the quit question's heading and y's word on the
// screens whose q comes back to the lobby: Klob goes on.
func leaveTitle() (title, yes string) { return "Leave?", "leave" }

// QuitTitle: q comes back to the lobby.
func (b *Away) QuitTitle() (string, string) { return leaveTitle() }

// back leaves for the lobby once the game's saves have landed: it waits
// for them off the UI goroutine (opening), then sets the lobby's note
// (note, when set, in place of the usual one). The caller runs the
// screen's Enter.
func (b *Away) back(note string) kit.Screen {
	t, training := b.Shown.(*train.Screen)
	if training {
		t.Pause()
	}
	m := b.l.game(b.Shown)
	l := b.l
	return kit.NewOpening("Saving…", func() func() kit.Screen {
		if training {
			t.Wait()
		}
		if m != nil {
			m.Wait()
		}
		// The saves have landed: another connection of the same key may
		// open the game.
		l.releaseGame()
		return func() kit.Screen {
			if m != nil && !m.Over() && l.cfg.Alone.Store != nil && m.SaveErr() == nil {
				l.setNote("Your game is saved: p resumes it.", false)
			}
			if note != "" {
				l.setNote(note, false)
			}
			return l
		}
	})
}

// quitNow: back to the lobby, the game saved.
func (b *Away) quitNow(*kit.Context) (kit.Screen, tea.Cmd) { return b.back(""), nil }

// Inner is the screen shown: the game alone's, the history's, the
// trainer's.
func (b *Away) Inner() kit.Screen { return b.Shown }

// playAlone opens the local flow: the saved game, or the setup form.
// The lock and the saved game are read off the UI goroutine (openSaved).
func (l *Lobby) playAlone() (kit.Screen, tea.Cmd) {
	// Each new game its own seed: the last one was shown at its end.
	return l.cfg.Alone.Open(l.cfg.Player.Name, l.seed(), l.holdGame, func() kit.Screen { return newElsewhere(l) },
		func(s kit.Screen) kit.Screen {
			l.keepGame(s)
			return &Away{l: l, Inside: kit.Inside{Shown: s}}
		}), nil
}

// typeKey edits the code or the name.
func (l *Lobby) typeKey(ctx *kit.Context, msg tea.KeyPressMsg) (kit.Screen, tea.Cmd) {
	switch msg.String() {
	case "esc":
		l.entered = false
		return l, nil
	case "enter":
		text := strings.TrimSpace(l.entry.String())
		if l.entry.Gapped() && text != "" {
			return l, nil // the line says it lacks keys
		}
		l.entered = false
		switch {
		case text == "":
			return l, nil // nothing typed: as esc, the name stays, no error
		case l.entryKind == "name" && l.entry.Dropped != 0:
			// The line left it out; a name that silently lost it would
			// not be the one typed.
			l.setNote(fmt.Sprintf("a name may not hold %U: an invisible, control or escape character", l.entry.Dropped), true)
			return l, nil
		case l.entryKind == "name":
			return l.rename(text, l.entry.Cut)
		}
		t, err := l.lookup(text)
		if err != nil {
			l.setNote(fmt.Sprintf("%q: %v", text, err), true)
			return l, nil
		}
		return l.join(ctx, t)
	}
	l.entry.Key(msg)
	return l, nil
}

// openEntry opens the line of a code or a name (kind), holding text:
// at most 24 characters, edited as the talk's line is (kit.LineInput).
func (l *Lobby) openEntry(kind, text string) {
	l.entered, l.entryKind = true, kind
	l.entry = kit.LineInput{Max: names.Max}
	l.entry.Paste(text)
}

// nameLine is the rename line in w cells: the name typed, the name now
// (or that the typing was cut) and the keys. Short of room the keys go
// first (the keys' line under it says them too), then the name now is
// shortened to end in "…", then the name typed shows its end.
func (l *Lobby) nameLine(ctx *kit.Context, w int) string {
	st := &ctx.Styles
	const label = " Your name: "
	keys := "   enter keep · esc cancel"
	typed := l.entry.View(max(1, w-kit.WidthOf(label)), "_")
	now, style := "", st.Dim
	switch {
	case l.entry.Gapped():
		now, keys, style = gapMark, "   esc cancel", st.Error
	case l.entry.Len() == 0:
		now = "  (now " + l.cfg.Player.Name + ")"
		if room := w - kit.WidthOf(label+typed+"  (now )"); kit.WidthOf(now) > w-kit.WidthOf(label+typed) && room >= 4 {
			now = "  (now " + kit.Cut(l.cfg.Player.Name, room, ctx.Ellipsis()) + ")"
		}
	case l.entry.Cut:
		now = fmt.Sprintf("  (cut to %d)", l.entry.Max)
	}
	tail := now + keys
	if kit.WidthOf(label+typed+tail) > w {
		tail = now
	}
	if kit.WidthOf(label+typed+tail) > w {
		tail = ""
	}
	return label + st.Selected.Render(typed) + style.Render(tail)
}

// gapMark follows a code or a name that lacks keys the server dropped:
// enter does not send it as it is (kit.LineInput.Gap).
const gapMark = "  ! keys were dropped: edit it"

// sameName takes the name the person goes by now, which a rename from
// another connection of the same key changes (hall.Visit.Name): the
// welcome, the tables opened and joined, the talk all say it.
func (l *Lobby) sameName() {
	if l.visit != nil {
		l.cfg.Player.Name = l.visit.Name()
		l.present.Rename(l.cfg.Player.Name)
	}
}

// rename checks and keeps the new name; cut says the line typed or
// pasted was longer than a name holds, and the note says so.
func (l *Lobby) rename(name string, cut bool) (kit.Screen, tea.Cmd) {
	// A name others read carries words as talk does: whoever keeps
	// quiet for a tournament keeps their name too.
	if err := l.quietTourney(); err != nil {
		l.setNote("Not renamed: "+err.Error()+".", true)
		return l, nil
	}
	name, err := checkName(name)
	if err == nil && l.visit != nil {
		err = l.visit.Rename(name) // another person's name is refused
	}
	if err != nil {
		l.setNote(err.Error(), true)
		return l, nil
	}
	l.cfg.Player.Name = name
	l.present.Rename(name)
	if cut {
		l.setNote(fmt.Sprintf("You are %s now: a name holds at most %d characters, the rest was left out.", name, names.Max), false)
	} else {
		l.setNote("You are "+name+" now.", false)
	}
	if l.cfg.Rename == nil {
		return l, nil
	}
	// Kept on disk off the Update: a file written may wait on a busy disk.
	keep := l.cfg.Rename
	return l, func() tea.Msg { return nameKept{name: name, err: keep(name)} }
}

// nameKept is the end of keeping a new name (Config.Rename).
type nameKept struct {
	name string
	err  error
}

// checkName accepts a name others can read and the game log can keep,
// and returns it normalised (names.Normal: NFKC, something visible,
// no invisible, blank or reordering character, nothing that reads as a
// key's tag, a bracket, a bot or another of the tables' labels): 1 to
// 24 letters of any script (with their accents), digits, spaces and
// - _ . ' and the four suits: no other punctuation, no other symbol
// nor emoji, whose widths terminals disagree on. A letter takes at most two cells, so a name
// at most 48, which every screen that shows names leaves room for.
func checkName(name string) (string, error) {
	const nameHolds = "letters of any script, digits, spaces, ♠♥♦♣ and - _ . ' only"
	// A keyboard's typographic apostrophe (O’Brien) is the apostrophe.
	name, err := names.Normal(strings.NewReplacer("’", "'", "‘", "'").Replace(name))
	if err != nil {
		return "", err
	}
	for _, r := range name {
		switch {
		case unicode.IsLetter(r), unicode.IsMark(r), unicode.Is(unicode.Nd, r):
		case strings.ContainsRune(" -_.'♠♥♦♣", r):
		case unicode.IsPrint(r):
			return "", fmt.Errorf("a name may not hold %q: %s", r, nameHolds)
		default:
			return "", fmt.Errorf("a name may not hold %U: %s", r, nameHolds)
		}
	}
	h := gamelog.Header{Players: [4]string{name, "Bot"}, Levels: [4]string{gamelog.Human, "normal"}, Options: rules.DefaultOptions()}
	if _, err := (&gamelog.Log{Header: h}).MarshalText(); err != nil {
		return "", fmt.Errorf("the game log cannot keep that name: %v", err)
	}
	return name, nil
}

// join sits at table t and shows it: the waiting room, then the game.
func (l *Lobby) join(ctx *kit.Context, t *hall.Table) (kit.Screen, tea.Cmd) {
	conn, err := t.JoinFrom(l.cfg.Player, l.cfg.Addr)
	switch {
	case errors.Is(err, hall.ErrInPlay) && l.watchable(t):
		l.afterNotice(err.Error()+": w watches it", true)
		return l, nil
	case err != nil:
		l.afterNotice(err.Error(), true)
		return l, nil
	}
	return newSharedSeat(l, conn), nil
}

// watchable reports whether the person may watch table t now, as the
// lobby's w offers it.
func (l *Lobby) watchable(t *hall.Table) bool {
	return slices.ContainsFunc(watchTables(l.cfg.Hall, l.cfg.Player.ID), func(in hall.Info) bool { return in.Code == t.Code() })
}

func (l *Lobby) View(ctx *kit.Context) string {
	out, _ := l.render(ctx)
	return out
}

// render draws the lobby and returns where its rows lie: a click on a
// choice of the menu ("[p] Play alone") presses its letter, one on a
// table chooses it, and on the chosen table joins it (kit.Pick). View
// and the mouse both use it, so a click means what is on screen.
func (l *Lobby) render(ctx *kit.Context) (string, []kit.Hit) {
	st := &ctx.Styles
	w := ctx.Width
	who := "guest: you play against bots (connect with an SSH key to sit at tables)"
	if !l.guest() {
		// The tag others read beside the name when another key shares
		// it.
		who = "your SSH key (#" + hall.KeyTag(l.cfg.Player.ID) + ") is who you are"
	}
	lines := append(kit.Titled(ctx, "Klaberjass over SSH"), "")
	// Every line fits the window: a long one wraps, never is cut. Too
	// long for one line, it breaks at its "·", the welcome a sentence
	// over who the person is, so that no word is left alone on its last
	// line, nor the key's tag parted from "your SSH key".
	hello := "Welcome, " + l.cfg.Player.Name
	welcome := kit.Wrap(hello+" · "+who, w-2)
	if len(welcome) > 1 && kit.WidthOf(hello+".") <= w-2 {
		welcome = append([]string{hello + "."}, kit.WrapEven(strings.ToUpper(who[:1])+who[1:], w-2)...)
	}
	for i, line := range welcome {
		if i == 0 && strings.HasPrefix(line, hello) {
			line = "Welcome, " + st.Heading.Render(l.cfg.Player.Name) + line[len(hello):]
		}
		lines = append(lines, " "+line)
	}
	clubAt, club := len(lines), l.clubLines(ctx, 0)
	lines = append(lines, club...)
	var menu []string
	var menuRows []int // the item of each line of the menu
	for i, it := range items {
		label := it.label
		switch {
		case it.key == "t":
			label = l.trainerLabel()
		case it.key == "p" && l.savedAlone:
			label = "Play alone against bots: your saved game"
		}
		if l.guest() && keyOnly[it.key] != "" {
			label += " (with an SSH key)"
		}
		if l.guest() {
			label += readOnly[it.key]
		}
		if it.key == "r" && l.quietUntil != "" {
			label += quietRename(l.quietUntil)
		}
		row := kit.MarkRow(ctx, "["+it.key+"] "+label, i == l.row)
		menu = append(menu, row...)
		menuRows = append(menuRows, slices.Repeat([]int{i}, len(row))...)
	}
	// Each table's lines, or the line saying there is none.
	tables := lobbyEntries(ctx, l.tables, l.row-len(items))
	if hint := l.listHint(); hint != "" {
		tables = []entry{{lines: []string{"   " + st.Dim.Render(hint)}}}
	}
	var tail []string // the line typed, or the note
	// noteLines is the note in at most limit lines (0: all of them).
	noteLines := func(limit int) []string {
		if l.isErr {
			return kit.Alert(ctx, l.note, w, limit)
		}
		return kit.Indent(" ", kit.WrapLines(l.note, w-2, limit, ctx.Ellipsis()), nil)
	}
	switch {
	case l.entered && l.entryKind == "code" && l.entry.Gapped():
		tail = append(tail, " Table code: "+st.Selected.Render(l.entry.String()+"_")+st.Error.Render(gapMark))
	case l.entered && l.entryKind == "code":
		tail = append(tail, " Table code: "+st.Selected.Render(l.entry.String()+"_")+st.Dim.Render("   enter join · esc cancel"))
	case l.entered:
		tail = append(tail, l.nameLine(ctx, w))
	case l.note != "":
		tail = noteLines(0)
	}
	keys := "↑/↓ choose · enter take · p t o j w d h r l · ? help · q quit"
	if l.guest() {
		keys = "↑/↓ choose · enter take · p t d r l · ? help · q quit"
	}
	// talk and typed are the rows the talk asks (talkPane.least).
	talk, typed := 0, 0
	if l.talk != nil {
		if !l.guest() {
			keys = "↑/↓ choose · enter take · p t o j w d h r l · / talk · ? help · q quit"
		}
		switch {
		case l.quietUntil != "":
			// A tournament keeps them quiet: no rename, and / mutes only
			// (the menu and the talk's heading say until when).
			keys = "↑/↓ choose · enter take · p t o j w d h l · / mute · ? help · q quit"
		case l.quietWhile != "":
			// A rated deal keeps them quiet: / mutes only (the talk's
			// heading says till when); the rename stays.
			keys = "↑/↓ choose · enter take · p t o j w d h r l · / mute · ? help · q quit"
		}
		if l.talk.open() {
			keys = typingKeys
		}
		if l.unsaid {
			keys = "guests do not talk: what you type is not sent · enter or esc ends it"
		}
		typed, talk = l.talk.least(ctx, w)
	}
	switch {
	// A code or a name being typed takes every letter (q and ? too):
	// the keys' line says what the line takes, not the menu's keys.
	case l.entered && l.entry.Gapped():
		keys = "keys were dropped: backspace or ctrl+u edits the line · esc cancel"
	case l.entered && l.entryKind == "code":
		keys = "type the table's code · backspace erases · enter join · esc cancel"
	case l.entered:
		keys = "type your name · backspace erases · enter keep · esc cancel"
	}
	foot := []string{"", " " + st.Dim.Render(kit.Clip(keys, w-2))}
	// The rating's lines past its second (its pools one a line at 80
	// columns) show only with room besides for the most any table asks,
	// the talk's heading and last lines, and a line under the tables (a
	// note, a line typed): else it says its pools in two lines, so that
	// neither a note, the cursor nor a line said moves it.
	if len(club) > 2 {
		need := 1
		for _, e := range tables {
			need = max(need, 1+e.least())
		}
		if l.talk != nil {
			need += 1 + talkLeast
		}
		if ctx.Height-len(lines)-len(menu)-1-len(foot) < need {
			club = l.clubLines(ctx, 2)
			lines = append(lines[:clubAt], club...)
		}
	}
	// The room is shared in this order: what always shows (the menu,
	// the keys), the least of a table (the cursor's, else the first:
	// its first line and its house variants), the talk's heading and
	// last lines, the rest of the tables, the blank lines between the
	// parts, then more of the talk. The list of tables scrolls; its
	// heading says how many are out of view.
	room := ctx.Height - len(lines) - len(menu) - 1 - len(foot)
	least := tables[0].least()
	if at := l.row - len(items); at >= 0 && at < len(tables) {
		least = tables[at].least()
	}
	shown, of, above, below := window(tables, l.row-len(items), max(least, room-talk), w, ctx.Ellipsis())
	room -= len(shown)
	gaps := max(0, min(3, room-talk)) // after the rating, the menu, the tables
	// The lines that come and go under the tables (the code or the name
	// typed, the note, the talk's line typed) take their rows from under
	// the tables' first row, so that opening one moves nothing above it:
	// the talk's rows beyond its least (with nothing said, all but its
	// heading, unless the talk's own note asks the room), the blank
	// before the talk's heading (after the tables when no talk shows),
	// the rest of the tables (the list is cut, its heading counts
	// them), the talk's last lines but its latest
	// (talkFloor); the blanks above the tables and the rating's lines
	// but its first only when the window has no more; the talk's latest
	// line last: a note (a board left half-played) and the talk both
	// show, the note first.
	short := len(tail) + typed - (room - talk - gaps)
	floor := talkFloor
	if l.talk != nil && len(l.talk.t.Lines()) == 0 && (l.entered || l.talk.open()) {
		// "(nothing said yet)" says no more than the heading: it goes
		// first under a line typed (and the heading with it, when
		// nothing else of the talk shows: talkPane.lines), so that
		// opening the line moves nothing above it. Under a note (the
		// lobby's, or the talk's own: a line refused) it stays as a
		// line said would: the talk is as empty as before, and should
		// read so.
		floor = 1
		short -= talk - min(talk, floor)
		talk = min(talk, floor)
	}
	after := gaps >= 1
	if short > 0 && after && (l.talk == nil || len(tail) == 0) {
		after, short = false, short-1
	}
	if n := len(shown); short > 0 && n > least {
		shown, of, above, below = window(tables, l.row-len(items), max(least, n-short), w, ctx.Ellipsis())
		short -= n - len(shown)
	}
	short -= talk - min(talk, floor)
	if short > 0 && after {
		// A note or a line typed over the talk keeps the blank that
		// parts it from the talk's heading longer: after the rest of
		// the tables and the talk's lines but its latest.
		after, short = false, short-1
	}
	if short > 0 {
		// The blank lines shown: gap(1) is not while after is false,
		// so fewer gaps free a row only past it.
		blanks := func() int {
			if gaps >= 1 && !after {
				return gaps - 1
			}
			return gaps
		}
		was := blanks()
		gaps = max(0, gaps-short)
		short -= was - blanks()
	}
	if short > 0 && len(lines)-clubAt > 1 {
		short -= len(lines) - clubAt - 1
		lines = append(lines[:clubAt], l.clubLines(ctx, 1)...)
	}
	if short > 0 && len(tail) > 1 && !l.entered {
		// Last, the note gives way to the talk's newest line, to a line
		// at least, cut at its end.
		tail = noteLines(max(1, len(tail)-short))
	}
	gap := func(n int) []string {
		if gaps < n || (n == 1 && !after) {
			return nil
		}
		return []string{""}
	}
	// The heading says how many tables are out of view and, over a
	// list of some, the games w lists besides (an empty list's line
	// says them): in fewer words when the whole does not fit.
	heading := " " + st.Heading.Render("Tables")
	var marks []string
	if mark := moreMark(above, below); mark != "" {
		marks = append(marks, mark)
	}
	if len(l.tables) > 0 && l.playing > 0 {
		marks = append(marks, l.watchHint(true))
		if kit.WidthOf(strings.Join(marks, " · ")) > w-9 {
			marks[len(marks)-1] = l.watchHint(false)
		}
	}
	if len(marks) > 0 {
		heading += st.Dim.Render(kit.Clip("  "+strings.Join(marks, " · "), w-8))
	}
	lines = append(lines, gap(3)...)
	var hits []kit.Hit
	for i, at := range menuRows {
		// The whole row is its choice's offer: a click presses its letter.
		r := kit.Rect{X: 0, Y: len(lines) + i, W: w, H: 1}
		hits = append(hits, kit.Hit{Rect: r, Kind: kit.HitKey, Key: key.NewBinding(key.WithKeys(items[at].key))})
	}
	lines = append(append(lines, menu...), gap(2)...)
	lines = append(lines, heading)
	if len(l.tables) > 0 {
		rows := make([]int, len(of))
		for i, e := range of {
			rows[i] = len(items) + e // the lobby's row of the table
		}
		hits = append(hits, kit.RowHits(rows, len(lines), w)...)
	}
	lines = append(lines, shown...)
	if l.talk != nil {
		// The line typed or the note goes under the tables, the blank
		// before the talk's heading, which it would otherwise sit on.
		lines = append(append(lines, tail...), gap(1)...)
		lines = append(lines, l.talk.lines(ctx, w, ctx.Height-len(lines)-len(foot))...)
	} else {
		lines = append(append(lines, gap(1)...), tail...)
	}
	return kit.JoinLines(kit.Footed(lines, ctx.Height, foot...)), hits
}

// click takes a left click: on a choice of the menu it is that
// choice's letter, on a table it chooses it or, chosen, joins it. A
// click while a code or a name is typed does nothing: the line keeps
// what was typed.
func (l *Lobby) click(ctx *kit.Context, msg tea.MouseClickMsg) (kit.Screen, tea.Cmd) {
	if l.typing() {
		return l, nil
	}
	out, hits := l.render(ctx)
	if d := trainerArrow(out, msg); d != 0 {
		// The trainer's ‹ › change its seat count, as in a form; a
		// click on its words opens it.
		l.row = slices.IndexFunc(items, func(it struct{ key, label, help string }) bool { return it.key == "t" })
		l.stepTrainer(d)
		return l, nil
	}
	if press, ok := kit.Clicked(hits, msg); ok {
		return l.key(ctx, press)
	}
	if row, ok := kit.RowClicked(hits, msg); ok && kit.Pick(&l.row, row) {
		return l.choose(ctx, row)
	}
	return l, nil
}

// trainerArrow is -1 or +1 for a left click on the ‹ or › of the
// trainer's row in the lobby as drawn (out), 0 elsewhere.
func trainerArrow(out string, msg tea.MouseClickMsg) int {
	lines := strings.Split(ansi.Strip(out), "\n")
	if msg.Button != tea.MouseLeft || msg.Y < 0 || msg.Y >= len(lines) {
		return 0
	}
	line := lines[msg.Y]
	at := strings.Index(line, "Train your bidding ‹")
	if at < 0 {
		return 0
	}
	for d, mark := range map[int]string{-1: "‹", 1: "›"} {
		if i := strings.Index(line[at:], mark); i >= 0 && kit.WidthOf(line[:at+i]) == msg.X {
			return d
		}
	}
	return 0
}

// listHint is the line that stands for an empty list of tables, nil
// when the list has some: why nobody may join (tables full, games being
// played, counted) or that none is open. It fits 80 columns with the
// list's indent.
func (l *Lobby) listHint() string {
	if len(l.tables) > 0 {
		return ""
	}
	full := "one is full"
	if l.full != 1 {
		full = fmt.Sprintf("%d are full", l.full)
	}
	switch {
	case l.guest():
		return "(tables are for players with an SSH key: guests play alone against bots)"
	case l.playing > 0 && l.full > 0:
		return "(no table to join: " + full + ", " + l.watchHint(true) + ")"
	case l.playing > 0:
		return "(no table to join: " + l.watchHint(true) + ")"
	case l.full == 1:
		return "(no table to join: one is full and waits for its host to start)"
	case l.full > 1:
		return "(no table to join: " + full + " and wait for their hosts to start)"
	}
	return "(no open table: open one and give its code to friends)"
}

// watchHint says how many games are being played that w lists, counted
// ("a game", "2 games"), in fewer words unless long; "" for none.
func (l *Lobby) watchHint(long bool) string {
	switch {
	case l.playing == 0:
		return ""
	case l.playing == 1 && long:
		return "a game is being played, w to watch it"
	case l.playing == 1:
		return "a game is on, w to watch it"
	case long:
		return fmt.Sprintf("%d games are being played, w to watch one", l.playing)
	}
	return fmt.Sprintf("%d games are on, w to watch one", l.playing)
}

// rowText is a table's row in a list, in three parts: head (its code,
// and in the lobby its state), the seats by name, and tail (the rest,
// from its " · " on).
type rowText struct {
	head string
	// headShort is head in fewer words, for a row that does not fit one
	// line otherwise (fit); "" when head has none fewer.
	headShort string
	seats     []string
	// person says which seats a person holds: only their names are
	// shortened (brief), "(free)" and "Bot D" always read whole.
	person []bool
	tail   string
	// tags keeps the key's tag after a namesake's name whole when the
	// name is cut (cutName).
	tags bool
	// short is the tail without what the seats listed already say (their
	// count), for a row in brief: "" for none.
	short string
}

// newRowText is the row of table t: a free seat is "(free)" while the
// table waits, and its bot's name once it plays, as the game names it
// (hall.BotName: "Bot" at a table of two, "Bot D" at three or four).
// Several free seats read as one, "(3 free)", and several bots as
// "(3 bots)", where the first of them is: the row names the people, and
// the seat count follows it.
func newRowText(head string, t hall.Info, tail string) rowText {
	r := rowText{head: head, tail: tail}
	empty := 0
	for _, n := range t.Names {
		if n == "" {
			empty++
		}
	}
	several := fmt.Sprintf("(%d free)", empty)
	if t.Started {
		several = fmt.Sprintf("(%d bots)", empty)
	}
	for i, n := range t.Names {
		switch {
		case n != "":
		case empty > 1 && slices.Contains(r.seats, several):
			continue
		case empty > 1:
			n = several
		case t.Started:
			n = hall.BotName(len(t.Names), rules.Seat(i))
		default:
			n = "(free)"
		}
		r.person = append(r.person, t.Names[i] != "")
		r.seats = append(r.seats, n)
	}
	return r
}

func (r rowText) String() string { return r.head + strings.Join(r.seats, ", ") + r.tail }

// fit is the row on one line of at most w cells with every part of it:
// whole when it fits; else the people's names cut, each to end in mark
// with the key's tag of a namesake's kept after it, to no fewer than
// fitName characters, then with the head in its fewer words
// (headShort), the names cut to two characters and the mark, then
// without their tags, then to one character. Only a window too narrow
// for even that has the row cut at its end.
func (r rowText) fit(w int, mark string) string {
	// fitName is the fewest characters of a name cut before the head
	// says less: fewer read as nobody's.
	const fitName = 4
	if line := r.String(); kit.WidthOf(line) <= w {
		return line
	}
	short := r
	if r.headShort != "" {
		short.head = r.headShort
	}
	tagged, shortTagged := r, short
	tagged.tags, shortTagged.tags = true, true
	for _, try := range []struct {
		r     rowText
		least int
	}{{tagged, fitName}, {shortTagged, 2}, {short, 2}, {short, 1}} {
		if line, ok := try.r.line(w, mark, try.least+kit.WidthOf(mark)); ok {
			return line
		}
	}
	return kit.Cut(short.String(), w, mark)
}

// line is the whole row on one line of at most w cells, the people's
// names cut as little as needed, each to end in mark, none to fewer
// than least cells: the seats, the bots and the target stay. ok is
// false when even that is too wide.
func (r rowText) line(w int, mark string, least int) (line string, ok bool) {
	seats, ok := r.cutSeats(w-kit.WidthOf(r.head)-kit.WidthOf(r.tail), mark, least)
	return r.head + seats + r.tail, ok
}

// brief is the row on one line of at most w cells, for a list too
// short to show it whole: the whole row with the people's names cut
// down to two letters (line), else with its short tail (the bots and
// the target: the seats listed say how many they are); where even that
// is too wide, the head and every seat, so that the free ones show,
// then " " and mark (the screen's ellipsis) for the tail left out. ok
// is false when even that is too wide.
func (r rowText) brief(w int, mark string) (line string, ok bool) {
	least := 2 + kit.WidthOf(mark)
	if line, ok := r.line(w, mark, least); ok {
		return line, true
	}
	if r.short != "" {
		s := r
		s.tail = r.short
		if line, ok := s.line(w, mark, least); ok {
			return line, true
		}
	}
	seats, ok := r.cutSeats(w-kit.WidthOf(r.head)-1-kit.WidthOf(mark), mark, least)
	return r.head + seats + " " + mark, ok
}

// cutSeats are the seats, joined, in room cells: the longest people's
// names cut first, each to end in mark, none to fewer than least cells
// ("(free)" and "Bot D" always whole); ok is false when they do not fit.
func (r rowText) cutSeats(room int, mark string, least int) (string, bool) {
	room -= 2 * (len(r.seats) - 1)
	widest := 0
	for _, s := range r.seats {
		widest = max(widest, kit.WidthOf(s))
	}
	// The widest cap on the people's names that lets every seat fit.
	for c := widest; c >= least; c-- {
		used := 0
		for i, s := range r.seats {
			if r.person[i] {
				s = cutName(s, c, mark, r.tags)
			}
			used += kit.WidthOf(s)
		}
		if used > room {
			continue
		}
		seats := make([]string, len(r.seats))
		for i, s := range r.seats {
			seats[i] = s
			if r.person[i] {
				seats[i] = cutName(s, c, mark, r.tags)
			}
		}
		return strings.Join(seats, ", "), true
	}
	return "", false
}

// cutName is a person's name cut to c cells, ending in mark; with tags,
// the key's tag that follows a namesake's name (hall.Label) stays whole
// after it, for it tells the namesakes apart: "alexandr… #eeeeee22ffff".
func cutName(s string, c int, mark string, tags bool) string {
	if n, tag := untagged(s), strings.TrimPrefix(s, untagged(s)); tags && tag != "" {
		return kit.Cut(n, c, mark) + tag
	}
	return kit.Cut(s, c, mark)
}

// tableLine is one table of the list.
func tableLine(t hall.Info) rowText {
	// The state first: a row cut short (when the list has few lines)
	// keeps what the person acts on. In fewer words (brief), for a row
	// that does not fit its line otherwise: "waiting", "over (yours)".
	state, brief := "waiting for players", "waiting"
	switch {
	case t.Over:
		state, brief = "game over", "over" // its people may come back to play again
	case t.Started:
		state, brief = "playing", "playing"
	}
	if t.Yours {
		state += " · your seat"
		brief += " (yours)"
	}
	r := newRowText(t.Code+"  "+state+" · ", t, fmt.Sprintf(" · %d seats · %s · to %d", t.Seats, setup.BotsOf(t.Level, t.Free()), t.Target))
	r.headShort = t.Code + "  " + brief + " · "
	r.short = fmt.Sprintf(" · %s · to %d", setup.BotsOf(t.Level, t.Free()), t.Target)
	return r
}

// houseLines say a table's house variants under its row in the lists,
// by the rules' names for them ("three or four of a kind, menage"): a
// joiner looks for them before sitting down, so they wrap whole over
// as many lines as the window needs, each variant whole on a line and
// set in under the first; none for a table without variants.
func houseLines(ctx *kit.Context, t hall.Info, chosen bool) []string {
	on := t.Rules.VariantsPlayed()
	if len(on) == 0 {
		return nil
	}
	const set = "     " // as kit.MarkRow sets in a row's end
	const head = "house: "
	style := ctx.Styles.Dim.Render
	if chosen {
		style = ctx.Styles.Selected.Render
	}
	w := max(10+len(head), ctx.Width-len(set))
	var out []string
	for i, line := range kit.BreakRow(head+strings.Join(on, ", "), w, w-len(head)) {
		if i > 0 {
			line = strings.Repeat(" ", len(head)) + line
		}
		out = append(out, set+style(line))
	}
	return out
}

// tableEntry is a table of a list: its row (text, marked when chosen)
// and its house variants under it. Every row follows one rule: too
// long for the window, it wraps whole, names whole (a name cut reads
// as another). When the room cuts it, the row's first line and the
// variants stay, the rest of the row giving way first; the first line
// is then the row in brief, the same row on one line with the people's
// names shortened first so that its seats, bots and target stay
// (rowText.brief): a long list still says where a seat is free and
// what the table plays. The lobby keeps those lines before its talk's
// (entry.least).
func tableEntry(ctx *kit.Context, text rowText, t hall.Info, chosen bool) entry {
	w := ctx.Width - kit.WidthOf(kit.Mark(ctx, "", false))
	row := kit.MarkRow(ctx, text.String(), chosen)
	house := houseLines(ctx, t, chosen)
	e := entry{lines: append(row, house...), rank: make([]int, len(row)+len(house)), keep: 1 + len(house)}
	if b, ok := text.brief(w, ctx.Ellipsis()); ok && len(row) > 1 {
		e.brief = kit.Mark(ctx, b, chosen)
	}
	for i := range e.rank {
		switch {
		case i == 0:
		case i < len(row):
			e.rank[i] = 2
		default:
			e.rank[i] = 1
		}
	}
	return e
}

// lobbyEntry is a table of the lobby's list: its row on one line of the
// window, every part of it whatever the names (rowText.fit: the list
// shows as many tables as it can, each saying the same things, its
// seat count too), and its house variants under it.
func lobbyEntry(ctx *kit.Context, t hall.Info, chosen bool) entry {
	return lobbyEntries(ctx, []hall.Info{t}, map[bool]int{true: 0, false: -1}[chosen])[0]
}

// lobbyEntries are the lobby's tables (lobbyEntry), the one at index
// chosen marked. The rows read alike: when one of them needs its head
// in fewer words to fit ("waiting" for "waiting for players"), every
// row has it so, not only that one.
func lobbyEntries(ctx *kit.Context, ts []hall.Info, chosen int) []entry {
	w := ctx.Width - kit.WidthOf(kit.Mark(ctx, "", false))
	texts := make([]rowText, len(ts))
	fits := make([]string, len(ts)) // each row fitted once, refitted only in brief
	brief := false
	for i, t := range ts {
		texts[i] = tableLine(t)
		fits[i] = texts[i].fit(w, ctx.Ellipsis())
		brief = brief || !strings.HasPrefix(fits[i], texts[i].head)
	}
	out := make([]entry, len(ts))
	for i, t := range ts {
		if brief && texts[i].headShort != "" {
			texts[i].head = texts[i].headShort
			fits[i] = texts[i].fit(w, ctx.Ellipsis())
		}
		row := kit.Mark(ctx, fits[i], i == chosen)
		house := houseLines(ctx, t, i == chosen)
		e := entry{lines: append([]string{row}, house...), rank: make([]int, 1+len(house)), keep: 1 + len(house)}
		for i := 1; i < len(e.rank); i++ {
			e.rank[i] = 1
		}
		out[i] = e
	}
	return out
}

// TableForm is the host's choice of a new table: seats, bots' level,
// target and rules (the setup rows of a game alone). The lobby keeps it
// for the connection: left, it opens again with the same choices.
type TableForm struct {
	leavesAtOnce
	form setup.Form
	err  string
	// private refuses spectators (the host may change it later).
	private bool
}

func newTableForm(l *Lobby) *TableForm {
	o := rules.DefaultOptions()
	o.Players = 2
	return &TableForm{leavesAtOnce: leavesAtOnce{l}, form: setup.Form{Setup: setup.Setup{Level: ai.Normal, Options: o},
		Sections: tableSections}}
}

// tableSections head the form's rows: the table's rules from the seats
// on, and after the house variants, the spectators.
var tableSections = []setup.Section{
	{First: "seats", Heading: "The table", Note: "(the bots take the seats nobody takes)"},
	{First: "spectators", Heading: "Who may watch"},
}

func (f *TableForm) Name() string { return "table form" }

// Setup is the table's bots and rules as the form has them.
func (f *TableForm) Setup() setup.Setup { return f.form.Setup }

// rows are the form's lines: the seats, the setup's rules and house
// variants for the seat count (no bottom card at four), the spectators.
func (f *TableForm) rows() []setup.Row {
	rows := setup.TableRows(&f.form.Setup, "how many sit at the table: two, three each for themselves, or four in two teams")
	return append(rows, setup.Row{Key: "spectators", Label: "Spectators",
		Value: func(*setup.Setup) string { return map[bool]string{false: "may watch", true: "private"}[f.private] },
		Step:  func(*setup.Setup, int) { f.private = !f.private },
		// A switch: either step changes it.
		Steps: func(*setup.Setup, int) bool { return true },
		Explain: func(*setup.Setup) string {
			if f.private {
				return "nobody may watch the game (P at the table changes it)"
			}
			return "anyone with a key may watch, never seeing a hidden card (P at the table changes it)"
		}})
}

func (f *TableForm) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	k := &ctx.Keys
	if click, ok := msg.(tea.MouseClickMsg); ok {
		// As the setup's form: a line chooses, ‹ › change, the button opens.
		_, y, d := f.render(ctx)
		if f.form.Click(click, f.rows, y, d) {
			return f.open(ctx)
		}
		return f, nil
	}
	key, ok := msg.(tea.KeyPressMsg)
	switch {
	case !ok:
	case kit.IsKey(key, k.Back):
		return f.l, nil
	case f.form.Key(k, key, f.rows):
		f.err = ""
	case kit.IsKey(key, k.Choose):
		return f.open(ctx)
	}
	return f, nil
}

// open opens the table and sits the host at it.
func (f *TableForm) open(ctx *kit.Context) (kit.Screen, tea.Cmd) {
	s := &f.form.Setup
	t, err := f.l.cfg.Hall.Open(f.l.cfg.Player, hall.Options{Seats: s.Options.Players, Rules: s.Options, Level: s.Level, Seed: f.l.seed(),
		Private: f.private, From: f.l.cfg.Addr})
	if err != nil {
		f.err = kit.Sentence(err.Error())
		return f, nil
	}
	return f.l.join(ctx, t)
}

func (f *TableForm) View(ctx *kit.Context) string {
	out, _, _ := f.render(ctx)
	return out
}

// render draws the form and returns where its lines start and the form
// drawn, for clicks (setup.Form.Click). The form takes the lines the
// title, an error and the keys leave it: short of room, its rows scroll.
func (f *TableForm) render(ctx *kit.Context) (out string, y int, d setup.Drawn) {
	st := &ctx.Styles
	lines := kit.Titled(ctx, "Open a table")
	var foot []string
	if f.err != "" {
		foot = append(foot, "")
		foot = append(foot, kit.Indent(" ", kit.Wrap("! "+f.err, max(20, ctx.Width-2)), st.Error.Render)...)
	}
	foot = append(foot, "", " "+st.Dim.Render(setup.KeyLine(ctx, ctx.Width-1,
		kit.Bind("enter", "open"), kit.Bind("q/esc", "back"), kit.Bind("?", "help"))))
	d = f.form.Draw(ctx, f.rows(), "[ Open the table ]",
		"the bots take the seats nobody takes when the host starts", ctx.Height-len(lines)-len(foot))
	y = len(lines)
	lines = append(append(lines, d.Lines...), foot...)
	return kit.JoinLines(lines), y, d
}
