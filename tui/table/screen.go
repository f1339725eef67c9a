package table

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// Config is what the table screen needs besides its seat's Port.
type Config struct {
	// Port is the person's seat at the game: the screen reads the game
	// from its Snapshot only and acts through it.
	Port host.Port
	// Sort is the hand's order at first; SortChanged takes the order the
	// person chooses with o into the settings and returns the save to
	// run off the UI goroutine (nil: nothing to save); a nil SortChanged
	// keeps the order for the game.
	Sort        kit.HandSort
	SortChanged func(kit.HandSort) (save func() error)
	// Tag ends the header's left part ("table K7Q2"); "" names the bots'
	// level.
	Tag string
	// Log reads the game's log once it is over, and Replay opens its
	// replay (analysed when asked), esc coming back to back; nil offers
	// no replay. NewGame opens the setup of another game; nil offers
	// none.
	Log     func() (*gamelog.Log, error)
	Replay  func(l *gamelog.Log, name string, analyse bool, back kit.Screen) (kit.Screen, error)
	NewGame func() kit.Screen
	// Rerun is the command the game-over screen gives to deal the game
	// again from its seed, as its parts in order, each part its words:
	// the command and its subcommand, then each flag with its value
	// ({"klob", "play"}, {"-seed", "7"}), so that a line of it breaks
	// between parts, never inside one. nil says nothing.
	Rerun func(seed uint64) [][]string
	// Shared is set at a seat of a game several people share: it takes
	// no takebacks nor claims, so the help leaves them out.
	Shared bool
	// QuitQuestion replaces the quit question's words ("" says whether
	// the game stays saved).
	QuitQuestion string
	// TakebacksOffIn names the game whose host takes nothing back, for
	// the refusal of a takeback ("in the daily challenge"); "" says "in
	// this game".
	TakebacksOffIn string
	// Now is the clock of the countdowns (a dropped seat's wait) and of
	// kit.Context.Settle; nil is time.Now.
	Now func() time.Time
	// Manual: the screen does not wait for the port's Updates itself;
	// whoever drives it sends Refresh when the game has moved (tests,
	// which drive the host step by step).
	Manual bool
	// Board, when set, names the duplicate board the game is ("Board 3
	// of 8"; a host with host.Config.Board): one deal, its result the
	// end. The header says it in place of the deal and the target, the
	// result shows no game totals nor winner, no hint is offered (on a
	// board the hint would be the bot that sets par), and enter on the
	// result goes to AfterBoard's screen.
	Board      string
	AfterBoard func() kit.Screen
	// Keys are the keys the screen's owner takes as well as the table's
	// (a tournament's board: esc to the standings once it has ended),
	// those that work now: the keys line lists the short ones before
	// the help and quit, the help the full. nil adds none.
	Keys func() kit.KeyHelp
	// Bell rings the terminal's bell when it becomes the person's turn
	// after another seat's move (Snapshot.Bell grew).
	Bell bool
	// Talk is the table's chat, nil for none: its lines show in the
	// talk panel and / opens a line to type one (chat.go).
	Talk Talker
	// Unkept is the sentence that says why a game played without a
	// store is not kept by design (a guest's over SSH): the header then
	// raises no "not saved" alarm, and the quit question and the
	// game-over screen say it. "" blames a missing state directory.
	Unkept string
	// Resume is how the game saved is resumed, said by the quit question
	// ("" for "start klob again to resume it."): a game saved in a
	// second state directory is resumed from it.
	Resume string
	// Afterword is a line the game-over screen shows under where the
	// log is filed (a club's rating change); "" or nil shows nothing.
	// It is called as the screen draws: it must only read what the
	// screen's owner keeps.
	Afterword func() string
	// ShowPath is how the game-over screen shows where the log is filed
	// ("~/..." for the home directory); nil shows it as it is.
	ShowPath kit.PathShower
}

// Refresh tells a Manual screen that its port's Snapshot changed.
type Refresh struct{}

// refreshMsg is a tick of the port's Updates (closed: they ended).
type refreshMsg struct {
	port   host.Port
	closed bool
}

// Screen is the table: one seat's view of a game of 2, 3 or 4 players
// through its host.Port, the deal in play, the result of a deal and the
// end of the game. It acts at the Gen of the Snapshot it shows (the
// package doc says why).
type Screen struct {
	cfg    Config
	port   host.Port
	snap   host.Snapshot
	remote bool // served over SSH (kit.Context.Remote), as Enter found it

	kit.Choice
	order kit.HandSort

	tricks bool // the trick list is open (v)
	// tricksAt is the v list's first line shown when it scrolls; -1
	// opens it at the tricks.
	tricksAt int
	opened   bool // a spectator's list of every hand of the scored deal is open (d)
	hinting  bool // the person asked for the hint of this position
	hintTop  int  // the hint's first option shown, by rank (page up/down)
	// hinted is the hard bot's choice in the last hint that came, and
	// the position it was for: a bella question opened there starts on
	// the hint's answer. Nil before any.
	hinted *hintedChoice
	// claimPassed says the person went on to a new decision (a bella
	// question) after a claim was refused: the refusal no longer shows.
	claimPassed bool
	overSeen    bool // the last deal's result was read: the game's end shows
	padBack     int  // the game's end: its score pad's rows scrolled up from the newest
	note        kit.Note
	overErr     string // why the replay did not open
	// botsWhy is the note of a b refused (againBotsWait), kept true to
	// the table as it changes (followBotsNote).
	botsWhy string
	// dropAt is when the countdown's tick on its way is due (zero: none
	// is), dropN the number of the newest asked for (dropTick).
	dropAt time.Time
	dropN  int

	// queued are keys typed in the card play while another seat was to
	// play: they are played on the person's next card, in the same deal.
	queued []queuedKey
	// stale is set when the game had moved on from the position on the
	// screen when the key being taken was pressed.
	stale bool
	acted bool // an action went to the host since the last refresh
	// shownAt is when what the screen shows came to it, a deal or a
	// turn that must settle before it takes a key that decides, or when
	// a key dropped as it came was pressed (settling); ahead is the note
	// that says why such a key was dropped. sentAt is when the person's
	// last move, or their going on, went to the host.
	shownAt time.Time
	ahead   string
	sentAt  time.Time
	// droppedAt is when the last key dropped as it came was pressed.
	droppedAt time.Time

	// ring is set when the bell is due (Config.Bell).
	ring bool
	// talk is the box a line of chat is typed in; chatPos is where each
	// line of the chat came among the deal's words.
	talk    kit.TalkBox
	chatPos map[uint64]host.Place
	// held is the note that said why the person's line of talk was
	// refused: the game's moves leave it (chat.go, holdsNote); heldQuiet
	// says it refused the line because the table was quiet (a rated
	// deal in play), which is out of date once the table may talk.
	held      string
	heldQuiet bool
	// quietNote is the note that says why the person may not talk now
	// and until when (chat.go): it takes the rows it needs.
	quietNote string
	// hushed: / at a quiet table said why and opened no box; the keys
	// the person types after it go nowhere until enter or esc (slash).
	hushed bool
	// burst is a burst of keys the server dropped some of: its keys
	// run no command here (kit.Burst), a line being typed holds them
	// by its own gap.
	burst kit.Burst
}

type queuedKey struct {
	k    tea.KeyPressMsg
	deal int
	seen bool // pressed at the person's own turn, on the screen
}

// maxQueued is how many keys typed ahead are kept; the note says when
// one more is not.
const maxQueued = 8

// New returns the table screen of cfg.Port.
func New(cfg Config) *Screen {
	s := &Screen{cfg: cfg, port: cfg.Port, order: cfg.Sort, Choice: kit.Choice{Bella: rules.NoCard}, ahead: aheadNote}
	s.snap = s.port.Snapshot()
	if s.snap.HasDeal && !s.snap.Between {
		s.shownAt = s.now()
	}
	if s.snap.Over && cfg.AfterBoard == nil {
		// A game that ended before the screen opened (a person back at
		// a finished table from the lobby): its end, whose score pad
		// holds the last deal, is what there is to do; its last deal's
		// result would only stand in the way of again.
		s.overSeen = true
	}
	s.prepareTurn()
	s.firstChat()
	return s
}

// DefaultSettle is the programs' kit.Context.Settle: less than anyone
// needs to read a new hand, more than the gap of a double press.
const DefaultSettle = 400 * time.Millisecond

// aheadNote says why a key pressed as a new deal came was not taken,
// turnAheadNote why one pressed as the person's turn came.
const (
	aheadNote     = "That key came before this deal showed: it was not taken."
	turnAheadNote = "That key came before your turn showed: it was not taken."
)

// settledMsg ends the wait of the deal or turn shown at the time: the
// note that dropped a key goes, so the screen says it now takes keys.
type settledMsg struct{ s *Screen }

// settling is the wait left of the deal on the screen, or of the
// person's turn that came right after their own key, before it takes a
// key that decides (enter, a digit, a bid's letter) or a click: one
// sooner was meant before it could be read, the second of a double
// enter or a double click, which would bid on cards never seen, or
// play a card on a trick never seen after the enter that went on from
// the last one. 0: the screen takes them.
func (s *Screen) settling(ctx *kit.Context) time.Duration {
	if ctx.Settle <= 0 || s.shownAt.IsZero() || s.snap.Watching || s.snap.Between || s.snap.Over {
		return 0
	}
	return max(0, ctx.Settle-s.now().Sub(s.shownAt))
}

// turnCame starts the wait of the person's turn just shown when it
// came less than Settle after their own move or their going on (a
// held trick, a result): the bots played in between faster than the
// person could see, so the second key of a double press would decide
// on a position never seen. A deal still settling keeps its own wait.
func (s *Screen) turnCame(ctx *kit.Context) {
	if ctx.Settle <= 0 || s.sentAt.IsZero() || !s.myTurn() || s.snap.Watching || s.settling(ctx) > 0 {
		return
	}
	if now := s.now(); now.Sub(s.sentAt) < ctx.Settle {
		s.shownAt, s.ahead = now, turnAheadNote
	}
}

// decides reports whether msg is a key that decides something: enter,
// a digit, the bella key, a bid's letter.
func decides(ctx *kit.Context, msg tea.KeyPressMsg) bool {
	k := &ctx.Keys
	return kit.IsKey(msg, k.Choose) || kit.IsKey(msg, k.Nth) || kit.IsKey(msg, k.Bella) || kit.IsMenuLetter(msg.String())
}

// dropAhead drops a key or a click that came while the deal or the
// turn settled: the note says why. A key that follows the last dropped
// one within half the settle time (a held key repeating) starts the
// wait again, so that a held enter decides nothing while it is held;
// one pressed again after a pause waits only for the rest of the
// wait. A tick ends the note once the screen takes keys, so a person
// (or a script) who waits for the screen to change presses in time.
func (s *Screen) dropAhead(ctx *kit.Context) tea.Cmd {
	s.SetNote(s.ahead, false)
	now := s.now()
	if !s.droppedAt.IsZero() && now.Sub(s.droppedAt) < ctx.Settle/2 {
		s.shownAt = now
	}
	s.droppedAt = now
	// The note stays a whole settle time, however little of the wait
	// was left: a note that came and went at once would not be seen.
	return tea.Tick(ctx.Settle, func(time.Time) tea.Msg { return settledMsg{s} })
}

// Snapshot is the game as the screen shows it.
func (s *Screen) Snapshot() host.Snapshot { return s.snap }

// Port is the seat the screen plays.
func (s *Screen) Port() host.Port { return s.port }

func (s *Screen) Name() string { return "table" }

// Enter reads the game and starts listening to its updates.
func (s *Screen) Enter(ctx *kit.Context) tea.Cmd {
	s.remote = ctx.Remote
	s.adopt(ctx)
	if s.cfg.Manual {
		return s.listen()
	}
	s.dropAt = time.Time{} // a tick asked for before the screen left is not waited for
	return tea.Batch(s.listen(), s.dropTick())
}

// toLobby reports whether q leaves for the lobby rather than quitting:
// at a shared seat, and at any game over SSH (klob serve), whose screens
// all open from its lobby.
func (s *Screen) toLobby() bool { return s.cfg.Shared || s.remote }

// listen waits for the next tick of the port's updates.
func (s *Screen) listen() tea.Cmd {
	if s.cfg.Manual {
		return nil
	}
	p := s.port
	ch := p.Updates()
	return func() tea.Msg {
		_, ok := <-ch
		return refreshMsg{port: p, closed: !ok}
	}
}

// SetNote sets the line under the table.
func (s *Screen) SetNote(text string, isErr bool) { s.note = kit.Note{Text: text, Err: isErr} }

// HoldNote shows text as SetNote does, kept through the game's moves
// until the person presses a key: what they must read before play goes
// on ("this board is dealt again").
func (s *Screen) HoldNote(text string, isErr bool) {
	s.SetNote(text, isErr)
	s.held = text
}

// ClearRefusal drops a refusal once the selection moves: it spoke of the
// card that was selected.
func (s *Screen) ClearRefusal() {
	if s.note.Err {
		s.SetNote("", false)
	}
}

// myTurn reports whether the person decides now.
func (s *Screen) myTurn() bool { return s.snap.Can.Act && s.snap.HasDeal && !s.snap.Between }

// botHolds reports whether a bot plays the person's seat for now (the
// person dropped, or came back and takes the seat once the bot's move
// for it is made): no key is kept for a turn the bot plays.
func (s *Screen) botHolds() bool {
	sn := &s.snap
	if sn.Watching || int(sn.Seat) >= len(sn.Players) {
		return false
	}
	st := sn.Players[sn.Seat].State
	return st == host.SeatTakeover || st == host.SeatBack
}

// Paused reports whether sn is of a game whose people are all away: not
// one of its persons' seats is connected (nor being handed back). Only a
// spectator sees such a snapshot; at a shared table the game then
// stands still, no seat's countdown running, until one comes back.
func Paused(sn *host.Snapshot) bool {
	if sn.Over || sn.Closed || sn.Private {
		return false
	}
	human := false
	for _, p := range sn.Players {
		if !p.Human {
			continue
		}
		human = true
		if p.State == host.SeatHere || p.State == host.SeatBack {
			return false
		}
	}
	return human
}

// hand is the person's hand as shown.
func (s *Screen) hand() []rules.Card {
	if s.snap.Watching {
		return nil // a spectator holds no cards
	}
	return kit.ViewHand(&s.snap.View, s.order)
}

// adopt reads the port's Snapshot: what the person sees from now on.
func (s *Screen) adopt(ctx *kit.Context) {
	old := s.snap
	s.snap = s.port.Snapshot()
	s.acted = false
	if s.cfg.Bell && !s.snap.Watching && s.snap.Bell > old.Bell {
		s.ring = true
	}
	if s.snap.Game != old.Game {
		// "Again": a new game at the table, from its first deal.
		s.overSeen, s.overErr, s.padBack = false, "", 0
	}
	s.followAgainNote()
	s.followBotsNote()
	moved := s.snap.Gen != old.Gen || s.snap.Between != old.Between || s.snap.Over != old.Over
	if !moved {
		if old.Hint == nil || old.Hint.Pending {
			s.hintCame() // the cursor goes to the hard bot's choice
		}
		return
	}
	if s.note.Text != "" && !strings.HasPrefix(s.note.Text, keptPrefix) && !s.holdsNote() {
		s.SetNote("", false)
	}
	if s.hushed && s.quietNow() == nil {
		// The table may talk again: the keys play again.
		s.hushed = false
	}
	if s.holdsNote() && s.heldQuiet && s.quietNow() == nil {
		// The table may talk again: why the line could not be sent then
		// is out of date (the talk's heading says a kept line waits).
		s.held, s.heldQuiet = "", false
		s.SetNote("", false)
	}
	if s.snap.DealNo != old.DealNo || s.snap.Between != old.Between {
		s.tricks, s.opened = false, false
		if s.snap.HasDeal && !s.snap.Between && !s.snap.Over {
			s.shownAt, s.ahead = s.now(), aheadNote
		}
	}
	s.hinting, s.claimPassed = false, false
	s.prepareTurn()
	s.turnCame(ctx)
	if s.snap.Between || s.snap.Over || s.snap.DealNo != old.DealNo {
		s.queued = nil
	}
}

// prepareTurn resets the choices for a new decision: the menu's first
// item, the cursor on the first playable card. In the sequence dialogue
// "good" comes first but concedes: where the hand has a better answer
// the menu starts on it, so an enter never gives away a better meld.
func (s *Screen) prepareTurn() {
	s.Menu, s.Bella = 0, rules.NoCard
	if !s.myTurn() {
		return
	}
	if v := &s.snap.View; v.Phase == rules.PhaseSequences {
		if legal := v.Legal(); len(legal) > 1 && legal[0].Kind == rules.Good {
			s.Menu = 1
		}
	}
	if s.snap.View.Phase != rules.PhasePlay {
		return
	}
	if i := slices.IndexFunc(s.hand(), kit.LegalCards(&s.snap.View).Has); i >= 0 {
		s.Cursor = i
	}
}

// Update takes one message; the bell rings when the game has come to
// the person's turn after another seat's move.
func (s *Screen) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	next, cmd := s.update(ctx, msg)
	if !s.cfg.Manual {
		// Whoever drives a Manual screen sends its ticks too.
		cmd = tea.Batch(cmd, s.dropTick())
	}
	if s.ring {
		s.ring = false
		cmd = tea.Batch(cmd, tea.Raw("\a"))
	}
	return next, cmd
}

func (s *Screen) update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case ChatRefresh:
		s.placeChat()
		return s, nil
	case tea.PasteMsg:
		if s.talk.Typing {
			s.talk.Paste(msg.Content, &s.note)
		}
		return s, nil
	case kit.InputDropped:
		// The server dropped keys typed too fast: a line being typed
		// lacks them, and enter must not send it as it is. The keys that
		// follow in the burst run no command: they may be the words of a
		// line whose / was dropped.
		s.burst.Drop(s.now())
		if s.talk.Typing {
			s.talk.Gap(&s.note)
		} else {
			s.SetNote(kit.BurstNote, true)
		}
		return s, nil
	case refreshMsg:
		if msg.port != s.port {
			return s, nil // a game left behind
		}
		s.adopt(ctx)
		s.placeChat()
		next, cmd := s.playQueued(ctx)
		if !msg.closed {
			cmd = tea.Batch(cmd, s.listen())
		}
		return next, cmd
	case Refresh:
		s.adopt(ctx)
		return s.playQueued(ctx)
	case settledMsg:
		if msg.s != s || s.note.Text != s.ahead {
			return s, nil
		}
		if left := s.settling(ctx); left > 0 {
			// A key dropped since started the wait again: the note
			// goes when the deal takes keys, never before.
			return s, tea.Tick(left, func(time.Time) tea.Msg { return settledMsg{s} })
		}
		s.SetNote("", false)
		return s, nil
	case dropTickMsg:
		s.dropTicked(msg)
		return s, nil
	case keptMsg:
		if msg.s == s && msg.err != nil {
			s.SetNote(msg.what+" could not be kept: "+msg.err.Error(), true)
		}
		return s, nil
	case tea.KeyPressMsg:
		s.held = "" // read: the next move may take it
		// A key of a burst goes to the line being typed, whose gap
		// holds it (Gap), and runs no command otherwise (kit.Burst).
		burst := s.burst.Key(s.now())
		if s.talk.Typing {
			return s.chatKey(msg)
		}
		if s.hushed {
			return s.hushedKey(msg)
		}
		if s.idle() && !s.snap.Watching {
			// Any key brings an idle person back from the bot that
			// plays for them (the move clock).
			_ = s.port.Here()
		}
		if burst {
			return s, nil
		}
		if decides(ctx, msg) && s.settling(ctx) > 0 {
			return s, s.dropAhead(ctx)
		}
		// seen: the person's turn was on the screen, with no action of
		// theirs on its way, when the key was pressed.
		seen := s.myTurn() && !s.acted
		s.stale = false
		next, cmd := s.key(ctx, msg)
		if s.stale {
			// The game had moved on from what the screen showed: show it
			// now, and keep the key for the person's card when it chooses
			// one, or plays one at a turn the person saw.
			typedIn := s.snap
			s.adopt(ctx)
			if typedIn.View.Phase == rules.PhasePlay && !typedIn.Between && typedIn.DealNo == s.snap.DealNo &&
				s.snap.View.Phase == rules.PhasePlay && !s.snap.Between && !s.snap.Over && (keepable(ctx, msg) || seen && plays(ctx, msg)) {
				s.queued = append([]queuedKey{{msg, s.snap.DealNo, seen}}, s.queued...)
				return s.playQueued(ctx)
			}
		}
		return next, cmd
	case tea.MouseClickMsg:
		if msg.Button == tea.MouseLeft && s.settling(ctx) > 0 {
			return s, s.dropAhead(ctx)
		}
		return s.click(ctx, msg)
	}
	return s, nil
}

// playQueued takes the keys typed ahead once the person's card is due:
// each moves the cursor (a digit puts it on that card); only a key
// pressed at a turn the person saw plays, so that no card is played
// before the person has seen their turn. Keys of another deal are
// dropped.
func (s *Screen) playQueued(ctx *kit.Context) (kit.Screen, tea.Cmd) {
	var next kit.Screen = s
	var cmds []tea.Cmd
	for len(s.queued) > 0 && s.myTurn() && !s.acted {
		q := s.queued[0]
		s.queued = s.queued[1:]
		if q.deal != s.snap.DealNo || s.snap.View.Phase != rules.PhasePlay {
			s.queued = nil
			break
		}
		if !q.seen && kit.IsKey(q.k, ctx.Keys.Nth) {
			if why := s.aheadRefused(ctx, int(q.k.String()[0]-'1')); why != "" {
				// Not left pointing at a card that cannot go: the keys
				// after it moved from it, they go too.
				s.queued = nil
				s.SetNote(why, false)
				break
			}
			s.Cursor = int(q.k.String()[0] - '1')
			continue
		}
		var cmd tea.Cmd
		next, cmd = s.key(ctx, q.k)
		cmds = append(cmds, cmd)
		if next != s {
			break
		}
	}
	if s.note.Text != "" && strings.HasPrefix(s.note.Text, keptPrefix) && len(s.queued) == 0 {
		s.SetNote("", false)
	}
	return next, tea.Batch(cmds...)
}

// aheadRefused says why the person's i-th card, chosen by a digit typed
// ahead, cannot be played now that their turn has come, and that the
// key is dropped; "" when it can.
func (s *Screen) aheadRefused(ctx *kit.Context, i int) string {
	hand := s.hand()
	if i >= len(hand) {
		return fmt.Sprintf("The %d typed ahead is dropped: you hold %s. Choose your card.", i+1, kit.Plural(len(hand), "card"))
	}
	c := hand[i]
	p := s.snap.View.Play()
	why, err := p.Refusal(c)
	if err == nil {
		return ""
	}
	return kit.Plain(&ctx.Paint.Glyphs, fmt.Sprintf("The %d typed ahead is dropped, since %s cannot be played now: %s. Choose your card.",
		i+1, ctx.Paint.Glyphs.CardText(c), why))
}

// keptPrefix starts the note listing the keys typed ahead.
const keptPrefix = "Kept for your card: "

// aheadWord is how the note of keys typed ahead writes a key kept: ←
// and → for the cursor however typed (h, l, the arrows), a digit as
// itself.
func aheadWord(ctx *kit.Context, msg tea.KeyPressMsg) string {
	switch k := &ctx.Keys; {
	case kit.IsKey(msg, k.Left):
		return "←"
	case kit.IsKey(msg, k.Right):
		return "→"
	}
	return msg.String()
}

// keepable reports whether a key typed while another seat plays is one
// to keep for the person's card: one that chooses a card (the cursor,
// a digit, which then only points at its card), never one that plays.
func keepable(ctx *kit.Context, msg tea.KeyPressMsg) bool {
	k := &ctx.Keys
	return kit.IsKey(msg, k.Left) || kit.IsKey(msg, k.Right) || kit.IsKey(msg, k.Nth)
}

// plays reports whether a key plays a card in the card play: enter,
// the bella key.
func plays(ctx *kit.Context, msg tea.KeyPressMsg) bool {
	k := &ctx.Keys
	return kit.IsKey(msg, k.Choose) || kit.IsKey(msg, k.Bella)
}

// key takes one key press.
func (s *Screen) key(ctx *kit.Context, msg tea.KeyPressMsg) (kit.Screen, tea.Cmd) {
	k := &ctx.Keys
	sn := &s.snap
	if s.canTalk() && msg.String() == "/" {
		s.slash()
		return s, nil
	}
	if dir := scrollKey(k, msg); dir != 0 && s.tricks {
		// ↑/↓ and page up/down scroll the v list; the menu keeps ←/→.
		s.scrollList(ctx, -dir, kit.PageDir(msg) != 0)
		return s, nil
	}
	if dir := kit.EndDir(msg); dir != 0 && s.tricks {
		// Home and end go to either end of it, as in the help.
		s.endList(ctx, dir)
		return s, nil
	}
	if sn.Watching && !(sn.Over && s.overSeen) {
		// The last deal's result: d opens its hands, enter goes on to
		// the game's end as at a seat, the hands open or not (the screen
		// said it would), unless the game is shut to the spectator (only
		// esc is left then). With the v list open enter goes nowhere, as
		// at a seat, and the note says how to close the list.
		if sn.Over && !sn.Closed && !sn.Private && kit.IsKey(msg, k.Choose) {
			if s.tricks {
				s.SetNote(listOpenNote, false)
				return s, nil
			}
			s.opened = false
			return s.resultKey(ctx, msg)
		}
		return s.watchKey(ctx, msg)
	}
	switch {
	case sn.Over && s.overSeen && s.tricks:
		// The v list over the game's end: v or esc closes it, and no
		// other key reaches the end behind it.
		if kit.IsKey(msg, k.LastTrick) || kit.IsKey(msg, k.Back) {
			s.closeList()
		} else {
			s.SetNote(listOpenNote, false)
		}
		return s, nil
	case sn.Over && s.overSeen:
		return s.overKey(ctx, msg)
	case kit.IsKey(msg, k.LastTrick) && sn.HasDeal:
		if s.tricks {
			s.closeList()
		} else {
			s.tricks, s.tricksAt = true, -1
		}
		return s, nil
	case s.tricks && kit.IsKey(msg, k.Back):
		s.closeList()
		return s, nil
	case s.tricks:
		// The list covers the table: a key meant for the game would bid
		// or play unseen behind it, so none reaches the game; the note
		// says how to close the list.
		s.SetNote(listOpenNote, false)
		return s, nil
	case (sn.Closed || sn.Kicked) && !sn.Over:
		// Nothing reaches the game from here any more: no key is kept
		// for a card this seat will not play.
		return s, nil
	case sn.Over || sn.Between:
		return s.resultKey(ctx, msg)
	case !sn.HasDeal:
		return s, nil
	case sn.Hold && sn.Can.Ready:
		// The finished trick is on view, and the lines say enter, space
		// or a key they do not list goes on: so does every key but
		// those listed (v above; ?, q and ctrl+c are the App's), o, u
		// and H too; u takes back nothing from here.
		s.ready()
		return s, nil
	case kit.IsKey(msg, k.SortHand):
		return s.toggleOrder()
	case kit.IsKey(msg, k.Undo):
		return s.undo()
	case kit.IsKey(msg, k.Hint):
		return s.askHint()
	case s.hintOpen() && kit.IsKey(msg, k.Back):
		s.hideHint()
		return s, nil
	case s.hintOpen() && kit.PageDir(msg) != 0:
		s.scrollHint(ctx, kit.PageDir(msg))
		return s, nil
	}
	if !s.myTurn() {
		if s.cfg.Shared && sn.View.Phase == rules.PhasePlay && kit.IsKey(msg, k.Claim) {
			// The host says whether the table takes claims at all (a
			// shared table takes none): no turn to wait for.
			return s.claim()
		}
		play := sn.View.Phase == rules.PhasePlay
		if s.botHolds() {
			if play && (keepable(ctx, msg) || plays(ctx, msg)) || kit.IsKey(msg, k.Choose) || kit.IsMenuLetter(msg.String()) {
				s.SetNote(botHoldsNote, false)
			}
			return s, nil
		}
		full := false
		if play && keepable(ctx, msg) {
			if full = len(s.queued) >= maxQueued; !full {
				s.queued = append(s.queued, queuedKey{msg, sn.DealNo, false})
			}
		}
		switch {
		case play && len(s.queued) > 0 && (keepable(ctx, msg) || plays(ctx, msg)):
			var ks []string
			for _, q := range s.queued {
				ks = append(ks, aheadWord(ctx, q.k))
			}
			more := ""
			if full {
				more = fmt.Sprintf("; no more than %d keys are kept", maxQueued)
			}
			s.SetNote(keptPrefix+strings.Join(ks, " ")+" (enter plays it at your turn"+more+")", false)
		case play && plays(ctx, msg):
			// A card is played only at a turn the person has seen.
			s.SetNote(waitNote+" Choose your card then; enter plays it.", false)
		case kit.IsKey(msg, k.Choose) || kit.IsKey(msg, k.Nth) || kit.IsMenuLetter(msg.String()):
			s.SetNote(waitNote, false)
		}
		return s, nil
	}
	v := &sn.View
	// c claims in the card play; elsewhere it is a menu letter (clubs,
	// the count of cards).
	if kit.IsKey(msg, k.Claim) && v.Phase == rules.PhasePlay && s.Bella == rules.NoCard {
		return s.claim()
	}
	d := s.decision(k)
	if pass := kit.ActionKey(rules.PassAction()); msg.String() == pass && s.Bella == rules.NoCard && mustName(v) &&
		!slices.Contains(kit.MenuKeys(d.Legal), pass) {
		// The pass the rules do not offer now is refused with why, not
		// only with the keys that act.
		s.SetNote(mustNameNote(&ctx.Paint.Glyphs, v, pass, d), true)
		return s, nil
	}
	asked := s.Bella
	scr, cmd := s.Choice.Key(ctx, s, msg, d)
	if asked == rules.NoCard && s.Bella != rules.NoCard {
		s.answerAsHinted()
		s.claimPassed = true
	}
	return scr, cmd
}

// mustNameNote refuses the pass key of the forced dealer, naming the
// keys that act: "p: you cannot pass, the dealer must name another
// suit: d, e or s. u undo." That the person is the forced dealer is the
// rules' to say (mustName).
func mustNameNote(g *kit.Glyphs, v *rules.View, key string, d kit.Decision) string {
	note := fmt.Sprintf("%s: you cannot pass, the dealer must name %s: %s.",
		key, bid2Names(v, g.Suit), kit.JoinOr(kit.MenuKeys(d.Legal)))
	for i, b := range d.Also {
		sep := ", "
		if i == 0 {
			sep = " "
		}
		note += sep + b.Help().Key + " " + b.Help().Desc
		if i == len(d.Also)-1 {
			note += "."
		}
	}
	return note
}

// listOpenNote answers a key meant for the game while the v list is
// open.
const listOpenNote = "v or esc closes the list first."

// closeList closes the v list, and the note that said how: it spoke of
// the list.
func (s *Screen) closeList() {
	s.tricks = false
	if s.note.Text == listOpenNote {
		s.SetNote("", false)
	}
}

// botHoldsLine says on the keys line that a bot plays the person's
// seat for now; botHoldsNote answers a key that would choose or play
// then.
const (
	botHoldsLine = "A bot is making your move: the seat is yours after it."
	botHoldsNote = "A bot is making your move: your cards are yours again after it."
)

// waitNote answers a key pressed while another seat is to act.
const waitNote = "Wait: it is not your turn."

// decision is what the person chooses from now, with the keys besides
// the choices that act now (claim, undo), which a key refused names.
func (s *Screen) decision(k *kit.KeyMap) kit.Decision {
	v := &s.snap.View
	d := kit.Decision{Bella: s.bellaItems(), Legal: s.menuItems(), Play: v.Phase == rules.PhasePlay, Hand: s.hand(),
		ClearOnMove: true}
	for _, offer := range []func(*kit.KeyMap) (key.Binding, bool){s.claimKey, s.undoKey} {
		if b, ok := offer(k); ok {
			d.Also = append(d.Also, b)
		}
	}
	return d
}

// menuItems are the engine's legal actions, the menu outside the card
// play, with the cards to give (after a shlomo or a cleopatra) in the
// order the hand shows them, so that [1] is the leftmost: the engine
// lists them in its own card order.
func (s *Screen) menuItems() []rules.Action {
	legal := s.snap.View.Legal()
	if len(legal) < 2 || legal[0].Kind != rules.Give {
		return legal
	}
	at := map[rules.Card]int{}
	for i, c := range s.hand() {
		at[c] = i
	}
	slices.SortStableFunc(legal, func(a, b rules.Action) int {
		if a.Kind != rules.Give || b.Kind != rules.Give {
			return 0
		}
		return at[a.Card] - at[b.Card]
	})
	return legal
}

// bellaItems are the ways to play the card of the open bella question:
// with the announcement (bella or menage) and without; nil when none is
// open.
func (s *Screen) bellaItems() []rules.Action {
	if s.Bella == rules.NoCard {
		return nil
	}
	var with []rules.Action
	for _, a := range s.snap.View.Legal() {
		if a.Kind == rules.PlayCard && a.Card == s.Bella && a.Bella {
			with = append(with, a)
		}
	}
	return append(with, rules.PlayAction(s.Bella))
}

// Take sends the person's action to the host, or says why it is
// refused.
func (s *Screen) Take(ctx *kit.Context, a rules.Action) (kit.Screen, tea.Cmd) {
	if s.acted {
		// An action is on its way: the next waits for the screen to
		// show where it led.
		s.stale = true
		return s, nil
	}
	if !s.sent(s.port.Act(s.snap.Gen, a), &ctx.Paint.Glyphs, &s.snap.View, a) {
		return s, nil
	}
	s.sentAt = s.now()
	s.Bella, s.Menu = rules.NoCard, 0
	s.tricks = false
	if s.note.Text != "" && !s.note.Err && !strings.HasPrefix(s.note.Text, keptPrefix) {
		s.SetNote("", false)
	}
	if s.hinting {
		s.closeHint()
	}
	return s, nil
}

// sent takes the host's answer to a request made at the game shown
// (an action, ready, again, a hint) and reports whether it went
// through: the screen then waits to show where it led (acted). A stale
// request waits for the screen to catch up; any other refusal is said,
// with the action refused when g and v are given (Refusal).
func (s *Screen) sent(err error, g *kit.Glyphs, v *rules.View, a rules.Action) bool {
	switch {
	case err == nil:
		s.acted = true
		return true
	case errors.Is(err, host.ErrStale):
		s.stale = true
	default:
		s.SetNote(Refusal(g, v, a, err), true)
	}
	return false
}

// ready says the person goes on: the next deal, or the trick held on
// the table.
func (s *Screen) ready() {
	if s.sent(s.port.Ready(s.snap.Gen), nil, nil, rules.Action{}) {
		s.sentAt = s.now()
	}
}

// resultKey takes a key on a deal's result: enter goes on (to the next
// deal, or at the end to the game's end).
func (s *Screen) resultKey(ctx *kit.Context, msg tea.KeyPressMsg) (kit.Screen, tea.Cmd) {
	if s.snap.Over && s.cfg.AfterBoard == nil && !s.snap.Watching && kit.IsKey(msg, ctx.Keys.New) {
		// n at the game's last result: the end of the game, where n is
		// again at a shared table (said at once), a new game alone (the
		// next n, once the end is read).
		s.seeOver()
		if s.cfg.Shared && s.snap.Can.Again {
			s.again(ctx)
		}
		return s, nil
	}
	if !kit.IsKey(msg, ctx.Keys.Choose) {
		return s, nil
	}
	if s.snap.Over && s.cfg.AfterBoard != nil {
		return s.cfg.AfterBoard(), nil
	}
	if s.snap.Over {
		s.seeOver()
		return s, nil
	}
	if s.snap.Can.Ready {
		s.ready()
	}
	return s, nil
}

// seeOver goes on from the last deal's result to the game's end. A
// note answered a key on the result, not on the end: it goes, but for
// one the person has not yet read (holdsNote, the talk's).
func (s *Screen) seeOver() {
	s.overSeen = true
	if !s.holdsNote() {
		s.SetNote("", false)
	}
}

// overKey takes a key at the end of the game: r replays it, a replays
// it analysed, n starts a new game. Enter does not leave: a second enter
// typed at the last deal's result would skip the end unread; q leaves.
func (s *Screen) overKey(ctx *kit.Context, msg tea.KeyPressMsg) (kit.Screen, tea.Cmd) {
	k := &ctx.Keys
	if dir := scrollKey(k, msg); dir != 0 {
		// A score pad cut to the room scrolls, every deal in reach.
		_, _, most := s.overView(ctx)
		step := dir
		if d := kit.PageDir(msg); d != 0 {
			step = -d * max(1, ctx.Height/3)
		}
		s.padBack = max(0, min(s.padBack+step, most))
		return s, nil
	}
	switch {
	case (msg.String() == "r" || msg.String() == "a") && s.cfg.Replay != nil && s.cfg.Log != nil:
		l, err := s.cfg.Log()
		if err == nil {
			name := "this game"
			if p := s.snap.Save.Path; p != "" {
				name = baseName(p)
			}
			var next kit.Screen
			if next, err = s.cfg.Replay(l, name, msg.String() == "a", s); err == nil {
				return next, nil
			}
		}
		s.overErr = "the game cannot be replayed: " + err.Error()
	case kit.IsKey(msg, k.New) && s.cfg.NewGame != nil:
		return s.cfg.NewGame(), nil
	case kit.IsKey(msg, k.New) && s.cfg.Shared && s.snap.Can.Again:
		s.again(ctx)
	case kit.IsKey(msg, againBotsKey) && s.cfg.Shared && s.snap.Can.AgainWithBots:
		s.againWithBots()
	case kit.IsKey(msg, againBotsKey) && s.cfg.Shared:
		// Not yet: b says whom or what it waits for, as a refused key
		// does, rather than doing nothing.
		if why := s.againBotsWait(s.scene()); why != "" {
			s.SetNote(why, true)
			s.botsWhy = why
		}
	case kit.IsKey(msg, noAgainKey) && s.cfg.Shared && s.snap.Can.NoAgain:
		s.noAgain(ctx)
	case kit.IsKey(msg, k.LastTrick) && s.snap.HasDeal:
		// The last deal's list, which ends with the whole table talk
		// (end goes there): the end's rows keep only its last lines.
		s.overErr = ""
		s.tricks, s.tricksAt = true, -1
	case kit.IsKey(msg, k.Choose):
		// Enter does nothing here: the note names the keys that do.
		s.overErr = ""
		var says []string
		for _, o := range s.overOffers(k) {
			if o.key.Help().Key == k.Quit.Help().Key && s.cfg.Shared && s.snap.Can.NoAgain {
				// Not among the offers (their row has no room for it),
				// but a way on from here all the same.
				says = append(says, "x for no other game")
			}
			if o.note != "" {
				says = append(says, kit.Brief("", o.key).Help().Key+" "+o.note)
			}
		}
		s.SetNote("The game is over: press "+kit.JoinOr(says)+".", false)
	}
	return s, nil
}

// scrollKey is 1 for a key that scrolls back to earlier lines (↑, page
// up), -1 for one that scrolls on (↓, page down), 0 for any other key:
// the keys of the game end's score pad and of the v list.
func scrollKey(k *kit.KeyMap, msg tea.KeyPressMsg) int {
	switch {
	case kit.IsKey(msg, k.Up) || kit.PageDir(msg) < 0:
		return 1
	case kit.IsKey(msg, k.Down) || kit.PageDir(msg) > 0:
		return -1
	}
	return 0
}

// HelpRules is the game's rules for the help's rules in short: its seat
// count and target. A duplicate board is one deal with no target, told
// by a target of 0.
func (s *Screen) HelpRules() (rules.Options, bool) {
	o := s.snap.Options
	if o.Target > 0 && s.cfg.Board != "" {
		o.Target = 0
		return o, true
	}
	return o, o.Target > 0
}

// HelpHints: a duplicate board offers no hint (the hard bot that would
// give it sets par) and ends before any analysis, and a game whose host
// gives none (a rated game between people) offers none either, so their
// help leaves the hints' and grades' legend out, as their keys leave
// out H.
func (s *Screen) HelpHints() bool { return s.cfg.Board == "" && !s.snap.NoHints }

// QuitsAtOnce: at the game's end nothing is lost, nor at a seat another
// connection of the person took, so q leaves without asking.
func (s *Screen) QuitsAtOnce() bool { return s.snap.Over && s.overSeen || s.snap.Kicked }

// baseName is the last element of a path.
func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

// toggleOrder sorts the hand the other way, the cursor staying on its
// card, and keeps the choice.
func (s *Screen) toggleOrder() (kit.Screen, tea.Cmd) {
	s.order.Turn(s.hand, &s.Cursor)
	s.SetNote(s.order.Note(), false)
	if s.cfg.SortChanged != nil {
		return s, s.Keep("The hand's order", s.cfg.SortChanged(s.order))
	}
	return s, nil
}

// keptMsg is the end of a save of the person's settings: what was
// saved, and why it failed.
type keptMsg struct {
	s    *Screen
	what string
	err  error
}

// Keep runs save (nil: nothing) in a tea.Cmd, off the UI goroutine; a
// failure shows as a note: "what could not be kept: why".
func (s *Screen) Keep(what string, save func() error) tea.Cmd {
	if save == nil {
		return nil
	}
	return func() tea.Msg { return keptMsg{s: s, what: what, err: save()} }
}

// undo takes back the person's last decision.
func (s *Screen) undo() (kit.Screen, tea.Cmd) {
	if err := s.port.Undo(); err != nil {
		note := Refusal(nil, nil, rules.Action{}, err)
		if errors.Is(err, host.ErrNoTakebacks) && s.cfg.TakebacksOffIn != "" {
			note = noTakebacks(s.cfg.TakebacksOffIn)
		}
		s.SetNote(note, !isInfo(err))
		return s, nil
	}
	s.acted = true
	s.queued = nil
	return s, nil
}

// claim claims the rest of the deal; the host checks it off the screen
// and its verdict comes in the Snapshot.
func (s *Screen) claim() (kit.Screen, tea.Cmd) {
	s.claimPassed = false
	if err := s.port.Claim(); err != nil {
		s.SetNote(Refusal(nil, nil, rules.Action{}, err), !isInfo(err))
		return s, nil
	}
	s.SetNote("", false)
	return s, nil
}

// hintOpen reports whether the hint belongs on the screen: asked for
// the position shown.
func (s *Screen) hintOpen() bool {
	h := s.snap.Hint
	return s.hinting && s.myTurn() && (h == nil || h.Gen == s.snap.Gen)
}

// askHint asks the hard bot's view of the person's decision, or closes
// the hint when it is open.
func (s *Screen) askHint() (kit.Screen, tea.Cmd) {
	if s.hintOpen() {
		s.hideHint()
		return s, nil
	}
	if s.cfg.Board != "" {
		s.SetNote(noHintNote, true)
		return s, nil
	}
	if s.snap.NoHints {
		// A game that gives none is not one to wait in for a turn.
		s.SetNote(Refusal(nil, nil, rules.Action{}, host.ErrNoHints), true)
		return s, nil
	}
	if !s.myTurn() {
		s.SetNote("A hint is for your own decisions: wait for your turn.", false)
		return s, nil
	}
	if h := s.snap.Hint; h != nil && h.Gen == s.snap.Gen {
		// The hint of this decision, closed and opened again: the host
		// kept it (or goes on working it out), so it shows as it stands,
		// and a finished one puts the cursor on its choice at once.
		s.hinting, s.hintTop = true, 0
		s.hintCame()
		return s, nil
	}
	if s.sent(s.port.Hint(s.snap.Gen), nil, nil, rules.Action{}) {
		s.hinting, s.hintTop = true, 0
	}
	return s, nil
}

// hintCame puts the cursor on the hard bot's choice of the hint shown,
// once it has come: the choice is kept for a bella question opened at
// the same position (answerAsHinted).
func (s *Screen) hintCame() {
	if h := s.snap.Hint; s.hinting && h != nil && !h.Pending && h.Err == nil && h.Eval.Best >= 0 && h.Eval.Best < len(h.Eval.Results) {
		s.hinted = &hintedChoice{gen: h.Gen, a: h.Eval.Results[h.Eval.Best].Action}
		s.pointAt(s.hinted.a)
	}
}

// hideHint closes the hint's panel and leaves its work to the host:
// the hint is of the decision still on screen, which H asks again,
// and the host drops it once the game moves on.
func (s *Screen) hideHint() { s.hinting = false }

// noHintNote refuses the hint key on a duplicate board, marked as the
// other refusals are.
const noHintNote = "No hint on a duplicate board: the hard bot that would give it sets par."

func (s *Screen) closeHint() {
	s.hinting = false
	s.port.CloseHint()
}

// click takes a left click. Where the screen waits for a key to go on
// (a held trick, a deal's result) a click anywhere does what enter
// does; at the game's end a click on an offer presses its key; at the
// person's turn it plays the card or takes the menu item under it,
// unless the v list is open. Any other click does nothing: none plays a
// card ahead of the turn.
func (s *Screen) click(ctx *kit.Context, msg tea.MouseClickMsg) (kit.Screen, tea.Cmd) {
	if msg.Button != tea.MouseLeft || s.talk.Typing {
		return s, nil
	}
	if s.waitsForKey() {
		// The key's own way, synchronously: a command would bring the
		// key after a refresh that may have made it the person's turn.
		return s.update(ctx, kit.Press(ctx.Keys.Choose))
	}
	_, hits := s.render(ctx)
	if press, ok := kit.Clicked(hits, msg); ok {
		switch {
		case kit.IsKey(press, ctx.Keys.Quit):
			return s, kit.AskQuit // q is the App's key: it asks, or leaves at once
		case kit.IsKey(press, ctx.Keys.Help):
			return s, func() tea.Msg { return press } // the App's key: it opens the help
		}
		return s.update(ctx, press)
	}
	if !s.myTurn() {
		return s, nil
	}
	for _, h := range hits {
		if h.Rect.Has(msg.X, msg.Y) && s.tricks {
			// The list is open: as with the keys, nothing reaches the
			// game behind it.
			s.SetNote(listOpenNote, false)
			return s, nil
		}
		if h.Rect.Has(msg.X, msg.Y) {
			asked := s.Bella
			scr, cmd := s.Choice.Click(ctx, s, h, s.decision(&ctx.Keys))
			if asked == rules.NoCard && s.Bella != rules.NoCard {
				s.answerAsHinted()
				s.claimPassed = true
			}
			return scr, cmd
		}
	}
	return s, nil
}

// waitsForKey reports whether the screen asks for a key to go on, as
// its words say: a finished trick held on the table ("any key"), a
// deal's result ("press enter for the next deal"), the last one's
// before the game's end.
func (s *Screen) waitsForKey() bool {
	sn := &s.snap
	switch {
	case !sn.HasDeal || sn.Over && s.overSeen:
		return false
	case sn.Watching:
		// A spectator goes on only from the last deal's result, its
		// hands open or not (enter goes on from both).
		return sn.Over && !sn.Private && !s.tricks
	case sn.Over:
		return true
	case sn.Closed || sn.Kicked:
		return false
	case sn.Between:
		return sn.Can.Ready
	}
	return sn.Hold && sn.Can.Ready
}

// QuitQuestion says whether quitting loses the game.
func (s *Screen) QuitQuestion() string {
	sv := &s.snap.Save
	switch {
	case s.snap.Over && s.cfg.Board != "":
		// A board played out: its result is in, whatever the board's
		// owner says of one in play.
		return "This board is played, and its result kept."
	case s.cfg.QuitQuestion != "":
		return s.cfg.QuitQuestion
	case s.snap.Over:
		return "The game is over."
	case sv.NoStore && s.cfg.Unkept != "":
		return s.cfg.Unkept
	case sv.NoStore:
		return "The game is not saved (no state directory): it will be lost."
	case sv.Err != "":
		return "The game is not saved (the last autosave failed): it will be lost."
	}
	return "The game stays saved: " + cmp.Or(s.cfg.Resume, "start klob again to resume it.")
}

// Refusal says why an action (or a key) was refused, in one sentence:
// the rules' reason with the card or the words refused (g and v given),
// or what the host said.
func Refusal(g *kit.Glyphs, v *rules.View, a rules.Action, err error) string {
	switch {
	case errors.Is(err, host.ErrNotYourTurn):
		return waitNote
	case errors.Is(err, host.ErrRevealed):
		return "Nothing to take back: cards were shown or told of since your last decision, so it stands."
	case errors.Is(err, host.ErrClaimStands):
		return "Nothing to take back: your side's claim stands, and a claim cannot be taken back."
	case errors.Is(err, host.ErrNoTakebacks):
		return noTakebacks("in this game")
	case isInfo(err):
		return "Nothing to take back: " + err.Error() + "."
	case errors.Is(err, host.ErrNoHints):
		// A duplicate board answers before asking (noHintNote): a game
		// that refuses is one between people, which the club rates.
		return "No hints in a rated game: it is played between people."
	case errors.Is(err, host.ErrNoClaims):
		// Only a shared table refuses claims: among people a claim
		// would play cards for a partner or ask the others to agree.
		return "Claims are off at a shared table: they are for a game alone with bots."
	case errors.Is(err, host.ErrClaimed):
		return "Your side has claimed the rest of the deal: its cards are played for it."
	case g != nil && v != nil && a.Kind != rules.NoAction:
		return kit.RefusalText(g, v, a, err)
	}
	return kit.Capital(err.Error()) + "."
}

// noTakebacks refuses a takeback in a game that takes none, where
// saying which game ("in this game").
func noTakebacks(where string) string {
	return "Nothing to take back: takebacks are off " + where + "."
}

// isInfo reports whether err is no failure, only nothing to do.
func isInfo(err error) bool {
	return strings.Contains(err.Error(), "no decision of yours to take back")
}

// ClockShown is how long before a move clock runs out the screens count
// it down: the person to act reads when a bot plays for them, the
// others the seat's seconds (before, the seat reads "on the clock").
const ClockShown = 30 * time.Second

// now is the time of the countdowns.
func (s *Screen) now() time.Time {
	if s.cfg.Now != nil {
		return s.cfg.Now()
	}
	return time.Now()
}

// clockLeft is the time left on the move clock of seat's person, false
// when theirs is not running.
func (s *Screen) clockLeft(seat rules.Seat) (time.Duration, bool) {
	if int(seat) >= len(s.snap.Players) || s.snap.Players[seat].Due.IsZero() {
		return 0, false
	}
	return max(0, s.snap.Players[seat].Due.Sub(s.now())), true
}

// seconds says a time left in whole seconds, rounded up: "20s".
func seconds(d time.Duration) string {
	return fmt.Sprintf("%ds", (max(0, d)+time.Second-1)/time.Second)
}

// seatTag is what a seat is besides its name: the bot's level, or the
// state of a person's seat at a shared game. A line break in it is
// where it breaks when a side column is too narrow for it whole
// (between its phrases, each at most 11 cells: a line at 80 columns).
func (s *Screen) seatTag(i int, p host.SeatInfo) string {
	switch p.State {
	case host.SeatBot:
		return string(p.Level)
	case host.SeatAway:
		if p.Until.IsZero() {
			// The grace waits for a person to sit at the table (a
			// spectator alone runs none): no time is counting down.
			return "away"
		}
		return fmt.Sprintf("away,\nwaits %s", p.Waits(s.now()))
	case host.SeatHere:
		// The move clock: the seat is played for once it runs out.
		if p.Idle {
			return "idle:\na bot plays"
		}
		if left, ok := s.clockLeft(rules.Seat(i)); ok && left <= ClockShown {
			return "a bot plays\nin " + seconds(left)
		} else if ok {
			return "on the\nclock"
		}
	case host.SeatTakeover:
		return "a bot plays\nfor now"
	case host.SeatBack:
		return "back after\nbot's move"
	}
	return ""
}

// scene is the Snapshot as the table draws it.
func (s *Screen) scene() *Scene {
	sn := &s.snap
	sc := &Scene{V: sn.View, You: sn.Seat, DealNo: sn.DealNo, Totals: sn.Totals, Tag: s.tag(), Code: s.cfg.Shared && s.cfg.Tag != "",
		Unsaved: sn.Save.NoStore && s.cfg.Unkept == "" || sn.Save.Err != "", Next: rules.NoCard, Board: s.cfg.Board,
		Chat: s.sceneChat(), TalkNote: s.talkNote(), Talk: s.cfg.Talk != nil, Watching: sn.Watching}
	if sn.Watching {
		// A spectator sees the table from seat A's place, naming every
		// seat.
		sc.V.Seat = rules.SeatA
	}
	for i, p := range sn.Players {
		sc.Players = append(sc.Players, Player{Name: p.Name, Tag: s.seatTag(i, p), Person: p.Human})
	}
	for _, d := range sn.Deals {
		sc.Pad = append(sc.Pad, d.Score)
	}
	sc.Who = func(i int) string {
		if i >= 0 && i < len(sn.Moves) && sn.Moves[i].By == host.ByTakeover && sn.Moves[i].Seat == sn.Seat {
			return yourBot
		}
		return sn.Who(i)
	}
	sc.Forced = func(i int) (string, bool) {
		why, ok := sn.Forced[i]
		return why, ok
	}
	return sc
}

// sceneFor is scene as ctx draws it: under -ascii with the names in
// ASCII already (kit.Context.Shown), so that a name shortened or laid
// out to fit is as wide as the App shows it, a wide letter one '?'.
func (s *Screen) sceneFor(ctx *kit.Context) *Scene {
	sc := s.scene()
	if !ctx.ASCII {
		return sc
	}
	for i := range sc.Players {
		sc.Players[i].Name = ctx.Shown(sc.Players[i].Name)
	}
	if who := sc.Who; who != nil {
		sc.Who = func(i int) string { return ctx.Shown(who(i)) }
	}
	return sc
}

// tag is the header's tag: the config's, or the bots' level.
func (s *Screen) tag() string {
	if s.cfg.Tag != "" {
		return s.cfg.Tag
	}
	var levels []string
	bots := 0
	for _, p := range s.snap.Players {
		if p.State == host.SeatBot {
			bots++
			if l := string(p.Level); !slices.Contains(levels, l) {
				levels = append(levels, l)
			}
		}
	}
	switch {
	case bots == 0:
		return ""
	case bots == 1:
		return strings.Join(levels, "+") + " bot"
	}
	return strings.Join(levels, "+") + " bots"
}
