package lobby

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/names"
	"github.com/klob/klob/internal/serve/chat"
	"github.com/klob/klob/tui/kit"
	tablescreen "github.com/klob/klob/tui/table"
)

// The club's talk: a line at each table and one in the lobby, over the
// server's one chat.Hub (Config.Chat), one chat.Room per table
// (hall.Table.Room) and one for the lobby (Config.Lobby).
//
//   - / opens the line (t is already "take" at the table and "train"
//     in the lobby); enter says it, esc cancels. A line holds at most
//     200 characters, is rate-limited per key (5 at once, then one a
//     second) and cleaned of escapes, controls and bidirectional
//     overrides before anyone sees it (chat.Room.Say).
//   - /mute NAME hides a player's lines from you in every room, from
//     now on and in what the rooms kept; /unmute NAME shows their new
//     lines again (those hidden while muted stay hidden).
//     The name is one seen in the room's lines or of a person
//     connected now (chat.Hub.Present), with the key's tag shown after
//     it or without (when one key went by it).
//   - Spectators read a table's talk and may write too: they see
//     nothing hidden, so their words cannot give a card away; their
//     lines say "(watching)", and a player mutes one like anyone.
//   - At a rated table of three or four nobody talks while a deal is
//     played, and its players and spectators talk in no other room
//     meanwhile (quietAt).
//   - Whoever has played a board of a tournament still running talks
//     neither in the lobby nor at a table they watch or sit at, nor
//     takes a new name, until it ends; the daily's players until the
//     day ends (quietPlayed). / says why and
//     until when; a line typed meanwhile is not sent, but kept for the
//     next / (talkPane.key).
//   - Guests (no key) read the lobby's talk but do not write: without a
//     key a guest cannot be told apart, rate-limited or muted. / says
//     so, and what they type after it, up to enter or esc, is dropped
//     rather than run as the lobby's keys (Lobby.guestKey).
//   - Lines are talk, not play: they go to no host.Port, so never into
//     a game's log, nor into the server's log.

// watchingMark ends the name of a spectator's lines. A checked name
// holds no bracket of any kind, '(' nor a look-alike such as '❨'
// (names.Rune), so nobody can sign with it.
const watchingMark = " (watching)"

// maxTalkLines is how many lines a connection keeps of one room.
const maxTalkLines = 100

// roomTalk is one connection's part in a room: its subscription, the
// lines it has read and the sender it speaks as. It is a
// tablescreen.Talker. Only the program's goroutine touches it; a
// command goroutine waits for the subscription's lines (listen).
type roomTalk struct {
	hub  *chat.Hub
	room *chat.Room
	sub  *chat.Subscription
	me   chat.Sender // Key "" for a guest, who only reads
	// name is what the lines are signed with, asked at each line: a
	// namesake who came since tags the name with its key (Hall.Label).
	name func() string
	// watching marks the lines of a spectator.
	watching bool
	// lines and from are the lines read and their senders' keys.
	lines []tablescreen.ChatLine
	from  []string
	// skipped marks the next line read: lines were skipped before it.
	skipped bool
	closed  bool
	// waiting is set while a listen's goroutine waits: a screen entered
	// again starts no second one.
	waiting bool
	// muted are the people this connection muted, by key: their lines
	// are gone from every room, so /unmute finds their names here.
	muted muteBook
	// hid is set once a mute hid lines of this room from the person:
	// left out of the history at the start, or taken off at /mute
	// (lines not delivered since are the subscription's Hidden). An
	// /unmute does not bring those back.
	hid bool
	// quiet, when set, says why a line may not be said now.
	quiet func() error
	// table is the table whose talk this is, nil for the lobby's: lines
	// are said through it, which marks each with where the game stood
	// (hall.Table.Say), and read with that mark (ChatLine.At), so that
	// the table screen shows a line said before one joined among the
	// deal's words where it was said.
	table *hall.Table
}

// muteBook is the names of the keys a connection muted, by key (the
// lobby's, shared by its rooms).
type muteBook map[string]string

// talkMsg brings the lines of a room that came.
type talkMsg struct {
	t     *roomTalk
	batch chat.Batch
	err   error
}

// newTalk subscribes me (watching: a spectator) to room, its lines
// signed with name; nil without a room. tb is the table whose talk the
// room is (roomTalk.table), nil for the lobby's: it is set before the
// lines so far are added, so that each is placed as it comes.
func newTalk(hub *chat.Hub, room *chat.Room, tb *hall.Table, me hall.Player, name func() string, watching bool, muted muteBook) *roomTalk {
	if hub == nil || room == nil {
		return nil
	}
	t := &roomTalk{hub: hub, room: room, table: tb, me: chat.Sender{Key: me.ID}, name: name, watching: watching, muted: muted}
	listener := me.ID
	if listener == "" {
		listener = "guest" // a guest mutes nobody: one listener for all
	}
	sub, h := room.Subscribe(listener)
	t.sub = sub
	t.skipped = h.Dropped > 0
	t.hid = h.Hidden > 0
	for _, l := range h.Lines {
		t.add(l)
	}
	return t
}

// talkIn is newTalk for the lobby's connection: its lines also count
// against its address's talk rate (chat.Sender.Addr), so fresh keys
// from one address cannot flood a room.
func (l *Lobby) talkIn(room *chat.Room, tb *hall.Table, name func() string, watching bool) *roomTalk {
	t := newTalk(l.cfg.Chat, room, tb, l.cfg.Player, name, watching, l.mutes)
	if t != nil {
		t.me.Addr = l.cfg.Addr
	}
	return t
}

// tableTalk is talkIn for the talk of table tb (roomTalk.table).
func (l *Lobby) tableTalk(tb *hall.Table, name func() string, watching bool) *roomTalk {
	return l.talkIn(tb.Room(), tb, name, watching)
}

// placed is where the game stood when line seq was said at the table,
// nil when the talk is the lobby's or the table did not mark it.
func (t *roomTalk) placed(seq uint64) *host.Place {
	if t.table == nil {
		return nil
	}
	if p, ok := t.table.Placed(seq); ok {
		return &p
	}
	return nil
}

// listen waits for the room's next lines on a goroutine of its own.
func (t *roomTalk) listen() tea.Cmd {
	if t == nil || t.closed || t.waiting {
		return nil
	}
	t.waiting = true
	sub := t.sub
	return func() tea.Msg {
		b, err := sub.Wait(context.Background())
		return talkMsg{t: t, batch: b, err: err}
	}
}

// take adds the lines a talkMsg brought, and listens again.
func (t *roomTalk) take(m talkMsg) tea.Cmd {
	t.waiting = false
	if t.closed || m.err != nil {
		return nil
	}
	if m.batch.Skipped > 0 {
		t.skipped = true
	}
	for _, l := range m.batch.Lines {
		t.add(l)
	}
	return t.listen()
}

// takeAt takes the lines of a talkMsg of t at a table, seated or
// watching: the table screen, once there is one, shows them.
func (t *roomTalk) takeAt(ctx *kit.Context, table *tablescreen.Screen, m talkMsg) tea.Cmd {
	if m.t != t {
		return nil
	}
	cmd := t.take(m)
	if table != nil {
		_, redraw := table.Update(ctx, tablescreen.ChatRefresh{})
		cmd = tea.Batch(cmd, redraw)
	}
	return cmd
}

// add keeps one line, the oldest going beyond maxTalkLines.
func (t *roomTalk) add(l chat.Line) {
	name, watching := strings.CutSuffix(l.Name, watchingMark)
	t.lines = append(t.lines, tablescreen.ChatLine{Seq: l.Seq, Name: name, Text: l.Text, Watching: watching, Skipped: t.skipped, At: t.placed(l.Seq)})
	t.from = append(t.from, l.From)
	t.skipped = false
	if n := len(t.lines); n > maxTalkLines {
		t.lines, t.from = t.lines[n-maxTalkLines:], t.from[n-maxTalkLines:]
	}
}

// hangUp ends the subscription from any goroutine (the connection's
// end): its waiting listen returns, and nothing else of t is touched.
func (t *roomTalk) hangUp() {
	if t != nil {
		t.sub.Close()
	}
}

// close ends the subscription; only the program's goroutine calls it.
func (t *roomTalk) close() {
	if t == nil || t.closed {
		return
	}
	t.closed = true
	t.sub.Close()
}

// Lines are the lines read, oldest first.
func (t *roomTalk) Lines() []tablescreen.ChatLine { return t.lines }

// mine reports whether the person said line i of Lines (their key) in
// their own person: in the lobby, in a waiting room, from a seat. The
// talk names those "You", as the table's does; a line they said while
// watching keeps their name and "(watching)", as the table shows it,
// for it says in which part it was said.
func (t *roomTalk) mine(i int) bool {
	return t.me.Key != "" && t.from[i] == t.me.Key && !t.lines[i].Watching
}

// Ended reports whether the talk was closed: the screen offers no line
// to type then.
func (t *roomTalk) Ended() bool { return t.closed }

// Limit is the most characters of a line.
func (t *roomTalk) Limit() int { return t.hub.Config().MaxChars }

// errTalkEnded refuses a line typed as the talk closed (a spectator let
// go when the table turned private).
var errTalkEnded = errors.New("this talk is closed to you now: esc goes back to the lobby")

// errGuestTalk refuses a guest's line.
var errGuestTalk = errors.New("guests read the talk but do not write: connect with an SSH key to talk")

// quietError is a line refused because the person keeps quiet for now
// (Quiet): it is Quiet's error, marked so that the line typed is kept
// rather than refused for good.
type quietError struct{ error }

func (e quietError) Unwrap() error { return e.error }

// Quiet says why the person may not talk now, nil when they may.
func (t *roomTalk) Quiet() error {
	if t.quiet == nil {
		return nil
	}
	return t.quiet()
}

// Say says text, or runs /mute or /unmute.
func (t *roomTalk) Say(text string) (string, error) {
	if cmd, rest, ok := strings.Cut(text+" ", " "); strings.HasPrefix(text, "/") && ok {
		return t.command(cmd, strings.TrimSpace(rest))
	}
	if t.me.Key == "" {
		return "", errGuestTalk
	}
	if t.closed {
		return "", errTalkEnded
	}
	if err := t.Quiet(); err != nil {
		return "", quietError{err}
	}
	me := t.me
	me.Name = t.name()
	if t.watching {
		me.Name += watchingMark
	}
	var err error
	if t.table != nil {
		_, err = t.table.Say(me, text)
	} else {
		_, err = t.room.Say(me, text)
	}
	if r, ok := errors.AsType[*chat.Refusal](err); ok && r.Reason == chat.TooFast {
		return "", tooFast{r}
	}
	return "", err
}

// tooFast is a line refused for coming too fast: it stays in the box
// as it is (kit.LineHolder), so that the next lines of a burst are not
// typed onto it.
type tooFast struct{ r *chat.Refusal }

func (e tooFast) Error() string {
	return fmt.Sprintf("not sent, too fast: %s, then enter sends this line (what you type meanwhile is not added)", e.r.Error())
}
func (e tooFast) Unwrap() error   { return e.r }
func (e tooFast) HoldsLine() bool { return true }

// command runs a command of the line.
func (t *roomTalk) command(cmd, name string) (string, error) {
	switch cmd {
	case "/mute", "/unmute":
	default:
		return "", fmt.Errorf("%s is no command: /mute NAME hides a player's lines, /unmute NAME shows them again", cmd)
	}
	if t.me.Key == "" {
		return "", errGuestTalk
	}
	if name == "" {
		return "", fmt.Errorf("%s whom? Give a name from the talk: %s NAME", cmd, cmd)
	}
	if cmd == "/unmute" {
		key, who, err := t.mutedKey(name)
		if err != nil {
			return "", err
		}
		t.hub.Unmute(t.me.Key, key)
		delete(t.muted, key)
		return fmt.Sprintf("You see %s's lines again from now on: those hidden so far stay hidden.", who), nil
	}
	key, who, err := t.keyOf(name)
	if err != nil {
		return "", err
	}
	if err := t.hub.Mute(t.me.Key, key, who); err != nil {
		return "", err
	}
	if t.muted != nil {
		t.muted[key] = who
	}
	// What was read from them goes too.
	var lines []tablescreen.ChatLine
	var from []string
	for i, f := range t.from {
		if f != key {
			lines, from = append(lines, t.lines[i]), append(from, f)
		}
	}
	t.hid = t.hid || len(lines) < len(t.lines)
	t.lines, t.from = lines, from
	return fmt.Sprintf("You no longer see %s's lines, here or anywhere (/unmute %s shows them again).", who, who), nil
}

// wantName is a name as typed, as names compare (any case).
func wantName(name string) string {
	if n, err := names.Normal(name); err == nil {
		return strings.ToLower(n)
	}
	return strings.ToLower(strings.TrimSpace(name))
}

// mutedKey finds the key of a name this connection muted (namedKey).
func (t *roomTalk) mutedKey(name string) (key, who string, err error) {
	var said []signed
	for k, n := range t.muted {
		said = append(said, signed{k, n})
	}
	key, who, several := namedKey(name, said, "")
	switch {
	case several != "":
		return "", "", fmt.Errorf("you muted several players called %q: /unmute one of %s", name, several)
	case key == "":
		return "", "", fmt.Errorf("you muted nobody called %q", name)
	}
	return key, who, nil
}

// keyOf finds the key of a name seen in the room's lines, or of a
// person connected now (chat.Hub.Present): a talk emptied by a restart,
// or someone who has not talked yet, can be muted too (namedKey).
func (t *roomTalk) keyOf(name string) (key, who string, err error) {
	said := make([]signed, len(t.lines))
	for i, l := range t.lines {
		said[i] = signed{t.from[i], l.Name}
	}
	for _, p := range t.hub.Present() {
		said = append(said, signed{p.Key, p.Name})
	}
	key, who, several := namedKey(name, said, t.me.Key)
	switch {
	case several != "":
		return "", "", fmt.Errorf("several players go by %q: /mute one of %s", name, several)
	case key == "":
		return "", "", fmt.Errorf("nobody called %q is here now or has talked here", name)
	case key == t.me.Key:
		return "", "", errors.New("you cannot mute yourself")
	}
	return key, who, nil
}

// signed is a key and a name it went by in the talk.
type signed struct{ key, name string }

// namedKey finds the key that went by name in names (as the talk shows
// it: with the key's tag when another key's name looks the same, "bob
// #1a2b3c4d5e6f"), in any case: the name with the key's tag, else the
// name without it when one key went by it. When several keys other
// than me went by the name without a tag, several lists them with their
// tags to choose from ("bob #1a2b3c4d5e6f or bob #7a8b9c0d1e2f").
func namedKey(name string, names []signed, me string) (key, who, several string) {
	want := wantName(name)
	plain := map[string]string{} // the keys whose name without its tag is want
	for _, n := range names {
		base := untagged(n.name)
		if strings.ToLower(base+" #"+hall.KeyTag(n.key)) == want {
			return n.key, n.name, ""
		}
		if strings.ToLower(base) == want {
			plain[n.key] = n.name // the latest
		}
	}
	if len(plain) > 1 {
		delete(plain, me) // oneself is no choice: the others are
	}
	var tagged []string
	for k, n := range plain {
		key, who = k, n
		tagged = append(tagged, untagged(n)+" #"+hall.KeyTag(k))
	}
	if len(tagged) < 2 {
		return key, who, ""
	}
	slices.Sort(tagged)
	return "", "", strings.Join(tagged[:len(tagged)-1], ", ") + " or " + tagged[len(tagged)-1]
}

// untagged is a name as the talk shows it without the key's tag that
// follows it (hall.Label): a name holds no '#' (names.Rune).
func untagged(name string) string {
	if n, tag, ok := strings.Cut(name, " #"); ok && len(tag) == hall.TagLen {
		return n
	}
	return name
}

var _ tablescreen.Talker = (*roomTalk)(nil)

// talkPane is a room's line on a screen that is not the table: the
// room's last lines under the screen's own, / to type one. The lobby's
// ("Lobby talk") and a table's waiting room ("Table talk").
type talkPane struct {
	t     *roomTalk
	title string // the heading; "Lobby talk" when empty
	box   kit.TalkBox
	note  kit.Note
	// hush is the note that says why the person keeps quiet (a line
	// refused, or the line opened meanwhile), why the reason it tells,
	// and lifted that it has since said they may talk again: the
	// lobby's tick looks again (quietEnded), so that the note does not
	// outlast what it tells of. A note written since is left alone.
	hush   kit.Note
	why    string
	lifted bool
	// quiet is what the heading says of the person kept quiet, "you're
	// quiet until 13:00 UTC" or "you're quiet: your rated table ABCD
	// deals", "" when they may talk (Lobby.readQuiet): the heading then
	// says that / mutes only, rather than offer a line nobody would read.
	quiet string
}

// TalkLines are the lines the lobby's talk read, oldest first (none
// without a talk).
func (l *Lobby) TalkLines() []tablescreen.ChatLine {
	if l.talk == nil {
		return nil
	}
	return l.talk.t.Lines()
}

// TalkNote is the note under the lobby's line (why a line was refused,
// what a command did), and whether a line is being typed.
func (l *Lobby) TalkNote() (note string, typing bool) {
	if l.talk == nil {
		return "", false
	}
	return l.talk.note.Text, l.talk.open()
}

// open reports whether a line is being typed.
func (lt *talkPane) open() bool { return lt != nil && lt.box.Typing }

// key takes a key while the line is open. A line refused because the
// person keeps quiet for now is not sent, and will not be by itself:
// the line closes, so that the lobby's keys work again, and says why
// and until when; its text stays for the next / to open, to send once
// the quiet lifts or clear with esc, as the table's line does.
func (lt *talkPane) key(msg tea.KeyPressMsg) {
	var quiet quietError
	lt.box.Key(msg, &lt.note, func(text string) (string, error) {
		answer, err := lt.t.Say(text)
		errors.As(err, &quiet)
		return answer, err
	})
	if quiet.error != nil {
		lt.box.Keep(&lt.note, quiet)
		lt.hushed(quiet.Error())
	}
}

// hushed notes that the note says why the person keeps quiet: why.
func (lt *talkPane) hushed(why string) {
	lt.hush, lt.why, lt.lifted = lt.note, why, false
}

// quietEnded looks again at a note that says why the person keeps
// quiet. Once that has ended (the rated deal they played or watched,
// say), it says they may talk again; while something else keeps them
// quiet, it says that instead; if they are kept quiet again after it
// said they may talk, it goes. Quiet answers from memory, so the
// Update may ask.
func (lt *talkPane) quietEnded() {
	if lt == nil || lt.hush.Text == "" {
		return
	}
	if lt.note != lt.hush {
		lt.hush, lt.why, lt.lifted = kit.Note{}, "", false
		return
	}
	err := lt.t.Quiet()
	switch {
	case lt.lifted && err != nil:
		lt.note = kit.Note{}
		lt.hush, lt.why, lt.lifted = kit.Note{}, "", false
	case lt.lifted:
	case err == nil:
		lt.note = kit.Note{Text: "You may talk again."}
		if lt.kept() {
			lt.note.Text = "You may talk again: / opens your unsent line."
		}
		lt.hush, lt.why, lt.lifted = lt.note, "", true
	case err.Error() != lt.why:
		lt.note = kit.Note{Text: kit.Capital(err.Error()) + "."}
		lt.hushed(err.Error())
	}
}

// kept reports whether a line refused while the person kept quiet
// waits in the closed box.
func (lt *talkPane) kept() bool { return !lt.box.Typing && lt.box.Input.Len() > 0 }

// paste adds a paste to the open line.
func (lt *talkPane) paste(text string) { lt.box.Paste(text, &lt.note) }

// start opens the line, with the line kept from before if any. When a
// line could not be sent now (a rated deal of the person's is played,
// a tournament of theirs runs), it says so at once, and until when,
// not only when the line typed is refused; the line still opens, for
// /mute, which the keys' line offers.
func (lt *talkPane) start() {
	lt.box.Open(lt.t.Limit(), &lt.note)
	if err := lt.t.Quiet(); err != nil {
		lt.note = kit.Note{Text: kit.Capital(err.Error()) + "."}
		lt.hushed(err.Error())
	}
}

// lines are the talk's lines for the lobby in room lines of w cells:
// the heading, the last lines said, the line being typed or a note.
// With little room the older lines go first, the heading last; the
// line being typed always shows (the lobby's last line says its keys,
// typingKeys).
func (lt *talkPane) lines(ctx *kit.Context, w, room int) []string {
	st := &ctx.Styles
	var tail []string
	if lt.box.Typing {
		label := " Say: "
		tail = append(tail, label+st.Selected.Render(lt.box.Input.View(w-kit.WidthOf(label), "_")))
	}
	if lt.note.Text != "" {
		// The heading and the newest line said keep their rows: a note
		// too long for the room gives way to them, down to one line cut
		// at its end. Under the line typed, "(nothing said yet)" gives
		// way to the note, as the lobby lays it out (render), not the
		// note to it. Asked with no room (least), it says its whole.
		kept := 2
		if lt.box.Typing && len(lt.t.Lines()) == 0 {
			kept = 1
		}
		note := lt.noteLines(ctx, w, 3)
		if spare := room - len(tail) - kept; room > 0 && spare < len(note) {
			note = lt.noteLines(ctx, w, max(1, spare))
		}
		tail = append(tail, note...)
	}
	keep := room - len(tail)
	if keep < 1 {
		return tail
	}
	// The heading takes a line of the room.
	keep--
	if keep < 1 && len(tail) == 0 && len(lt.t.Lines()) == 0 {
		// Nothing said and no row for "(nothing said yet)" under it (a
		// note or a code typed above took it): a heading over nothing
		// reads as a talk cut off, so the talk shows nothing until the
		// row is back.
		return nil
	}
	// The latest lines show whole; when the latest alone does not fit,
	// its start shows, cut with "…": a line's tail alone would read as
	// nobody's.
	said := []string{"   " + st.Dim.Render("("+lt.t.nothingSaid()+")")}
	if ls := lt.t.Lines(); len(ls) > 0 {
		said = nil
		for i := len(ls) - 1; i >= 0; i-- {
			text := talkText(ls[i], lt.t.mine(i))
			// At spaces: a hyphened name parted at its hyphen reads as two;
			// later rows set in, so that none passes for a line of its own.
			rows := kit.WrapTalk(text, max(10, w-4), 0, ctx.Ellipsis())
			if len(said)+len(rows) > keep {
				if len(said) == 0 {
					if keep > 1 {
						said = kit.WrapTalk(text, max(10, w-4), keep, ctx.Ellipsis())
					} else {
						// One row is cut, not wrapped: wrapped, a long first
						// word would leave the name alone on it.
						said = []string{kit.Cut(text, max(10, w-4), ctx.Ellipsis())}
					}
				}
				break
			}
			said = append(rows, said...)
		}
		said = kit.Indent("   ", said, nil)
	}
	// The heading shows whenever anything of the talk does: a line alone
	// under the tables reads as theirs.
	how := "  / to talk"
	if lt.quiet != "" {
		// It is the person who may not talk, not the lobby: / still
		// mutes a player.
		how = "  " + lt.quiet + " · / mutes"
	}
	if lt.kept() {
		how = "  / opens your unsent line"
	}
	if lt.t.me.Key == "" {
		how = "  (guests read: connect with an SSH key to talk)"
	}
	title := lt.title
	if title == "" {
		// The lobby's talk reads back whole (talkLog); a waiting
		// room's lines stay on the table's own talk.
		title, how = "Lobby talk", how+" · c reads back"
	}
	head := " " + st.Heading.Render(title) + st.Dim.Render(kit.Clip(how, w-2-kit.WidthOf(title)))
	if len(said) > keep {
		said = said[len(said)-max(keep, 0):]
	}
	return append(append([]string{head}, said...), tail...)
}

// nothingSaid is what the talk shows of a room without a line: the
// lines of the people muted are gone, not unsaid, and those a mute hid
// stay hidden after the /unmute, so the talk says so while any were.
func (t *roomTalk) nothingSaid() string {
	if len(t.muted) > 0 || t.hid || t.sub.Hidden() > 0 {
		return "nothing said yet, or only by people you muted"
	}
	return "nothing said yet"
}

// talkText is a line said as the talk shows it: the name (a
// spectator's marked), "You" for the person's own (you), then the words
// in quotes.
func talkText(l tablescreen.ChatLine, you bool) string {
	who := l.Name
	switch {
	case you:
		who = "You"
	case l.Watching:
		who += watchingMark
	}
	return who + `: "` + l.Text + `"`
}

// talkLeast is how many of the last lines said the lobby's talk shows
// however many tables are open; talkFloor is the rows it keeps under a
// long note (its heading and its latest line), before the rating's
// second line.
const (
	talkLeast = 3
	talkFloor = 2
)

// least is the rows the talk asks of the lobby before the tables take
// more than a row: typed those of the line typed with its note (the
// lines with no room), talk its heading and its last talkLeast rows
// (fewer when less was said). It is the rows the talk fills in that
// room: a line said that does not fit whole there shows not, and its
// rows go to the tables rather than stay blank.
func (lt *talkPane) least(ctx *kit.Context, w int) (typed, talk int) {
	typed = len(lt.lines(ctx, w, 0))
	return typed, len(lt.lines(ctx, w, typed+1+talkLeast)) - typed
}

// noteLines are the note, wrapped in at most limit lines: a name in it
// can make it long, and its end (how to undo a mute) must not be lost
// at the edge.
func (lt *talkPane) noteLines(ctx *kit.Context, w, limit int) []string {
	var style func(...string) string
	if lt.note.Err {
		style = ctx.Styles.Error.Render
	}
	return kit.Indent(" ", kit.WrapLines(lt.note.Text, w-2, limit, ctx.Ellipsis()), style)
}

// typingKeys are the keys of the lobby's line while it is typed.
const typingKeys = "enter send · esc cancel · /mute NAME hides a player · /unmute NAME"
