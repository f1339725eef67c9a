package table

import (
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// Talker is the chat of a shared table (Config.Talk): the lines said
// there and a way to say one. The screen shows the lines in the talk
// panel among the deal's words, in the order they came, and / opens a
// line to type one (enter sends, esc cancels). The lines are talk, not
// play: the screen hands them to no Port, so they never reach the game
// or its log.
type Talker interface {
	// Lines are the lines to show, oldest first, already cleaned (safe
	// to print as they are).
	Lines() []ChatLine
	// Say says text, or runs the command it is ("/mute ann"). note is
	// what to tell the person (a command's answer), err why the line
	// was refused: the text then stays in the box, nothing lost.
	Say(text string) (note string, err error)
	// Limit is the most characters a line may hold.
	Limit() int
}

// talkEnder is a Talker that can end: a spectator let go when the table
// turned private no longer talks there.
type talkEnder interface{ Ended() bool }

// canTalk reports whether the screen has a talk the person may write
// in now.
func (s *Screen) canTalk() bool {
	if s.cfg.Talk == nil {
		return false
	}
	e, ok := s.cfg.Talk.(talkEnder)
	return !ok || !e.Ended()
}

// ChatLine is one line of a table's chat.
type ChatLine struct {
	Seq      uint64 // numbers the lines of the room, in order
	Name     string // who said it, as they are named at the table
	Text     string
	Watching bool // said by a spectator
	// Skipped says lines before this one were not shown (the screen read
	// too late, or joined after them).
	Skipped bool
	// At is where the game stood when the line was said, nil when the
	// Talker does not know: the screen then places it where it first
	// reads it.
	At *host.Place
}

// ChatRefresh tells the screen that its Talker has new lines.
type ChatRefresh struct{}

// typingHelp is said beside the box while a line is typed.
const typingHelp = "enter send · esc cancel · /mute NAME hides a player"

// Typing reports whether the person is typing a line of chat, or after
// / at a quiet table keys that go nowhere, or keys of a burst the server
// dropped some of: every key but ctrl+c goes to it then, q and ? to do
// nothing.
func (s *Screen) Typing() bool { return s.talk.Typing || s.hushed || s.burst.On(s.now()) }

// talkQuieter is a Talker that may keep the person quiet for now (a
// rated table during a deal): / says so at once rather than when a line
// is sent, and opens the box, for /mute, only when pressed again.
type talkQuieter interface{ Quiet() error }

// slash takes /: it opens the box to type a line. While the person may
// not talk (a rated deal in play) a box would only take a line to
// refuse it: / says at once why and until when instead, and opens
// nothing; / again, while that note (or the one refusing a line) is on
// the screen, opens the box, for /mute NAME or the line kept. The keys
// typed after the first / go nowhere until enter or esc (hushedKey):
// a line typed in a box that did not open would otherwise bid and
// play ("thanks" takes with t).
func (s *Screen) slash() {
	err := s.quietNow()
	if err == nil || s.showsQuiet() {
		s.hushed = false
		s.openChat()
		return
	}
	keys := "Keys typed now go nowhere until enter or esc;"
	if s.snap.Watching {
		// A spectator's keys never act on the deal: only the note is
		// theirs to dismiss.
		keys = "Enter or esc takes this note away;"
	}
	s.quietSaid(err, keys)
	s.hushed = true
}

// quietSaid puts on the screen why the person may not talk (err), what
// the keys do now (keys), and how / opens the box all the same.
func (s *Screen) quietSaid(err error, keys string) {
	again := " / again opens the box for /mute NAME."
	if s.kept() {
		again = " Your line is kept: / again opens it."
	}
	s.note = kit.Note{Text: kit.Capital(err.Error()) + ". " + keys + again}
	// The game's next move leaves it: it is read before it goes.
	s.quietNote, s.held, s.heldQuiet = s.note.Text, s.note.Text, true
}

// hushedKey takes a key after / said the person may not talk: / opens
// the box, enter or esc give the keys back to the deal, any other key
// goes nowhere, the note saying why staying on the screen. A spectator
// has no deal to act on: enter or esc take the note away.
func (s *Screen) hushedKey(msg tea.KeyPressMsg) (kit.Screen, tea.Cmd) {
	switch msg.String() {
	case "/":
		s.slash()
	case "enter", "esc":
		s.hushed = false
		if err := s.quietNow(); err != nil && !s.snap.Watching {
			s.quietSaid(err, "Keys act on the deal again;")
		} else {
			s.SetNote("", false)
		}
	default:
		s.held = s.note.Text
	}
	return s, nil
}

// openChat opens the box to type a line.
func (s *Screen) openChat() {
	s.talk.Open(s.cfg.Talk.Limit(), &s.note)
	if err := s.quietNow(); err != nil {
		s.note = kit.Note{Text: kit.Capital(err.Error()) + " (/mute NAME still works)."}
		s.quietNote = s.note.Text
	}
}

// chatKey takes a key while the box is open: a line said is placed
// among the deal's words. A line refused because the table is quiet
// (a rated deal in play) is not sent and will not be by itself: the box
// closes, so that the keys play the deal again, and says so; the text
// stays for the next / to open, to send once the deal is over or clear
// with esc. A command (/mute NAME) is no line said: quiet or not, its
// answer or refusal shows as the talk gives it, the box open on a
// refusal to correct it.
func (s *Screen) chatKey(msg tea.KeyPressMsg) (kit.Screen, tea.Cmd) {
	var quiet error
	said := s.talk.Key(msg, &s.note, func(text string) (string, error) {
		answer, err := s.cfg.Talk.Say(text)
		if err != nil && !isCommand(text) {
			quiet = s.quietNow()
		}
		return answer, err
	})
	if said {
		s.placeChat()
	}
	if quiet != nil {
		s.talk.Keep(&s.note, quiet)
		s.quietNote = s.note.Text
	}
	if s.note.Err {
		s.held, s.heldQuiet = s.note.Text, quiet != nil
	}
	return s, nil
}

// isCommand reports whether a line typed is a command to the talk
// ("/mute ann"), which the talk runs rather than says.
func isCommand(text string) bool { return strings.HasPrefix(text, "/") }

// holdsNote reports whether the note says why the person's line was
// refused, and they have pressed no key since: the game's next move
// (a bot's card a fraction of a second later) must not take it away
// before it is read. The next key lets it go with the move after.
func (s *Screen) holdsNote() bool { return s.held != "" && s.note.Text == s.held }

// showsQuiet reports whether the note says why the person may not
// talk now: why, until when, and that a line refused is kept must all
// be read, so it takes up to maxQuietNoteLines rows, over the move
// clock's last seconds too (the table gives way: render.go).
func (s *Screen) showsQuiet() bool { return s.quietNote != "" && s.note.Text == s.quietNote }

// maxQuietNoteLines is the most rows a note saying why the person may
// not talk takes: the longest reason (a tournament's, its end with its
// date) and "Not sent: … Your line is kept" take three at 80 columns.
const maxQuietNoteLines = 4

// quietNow is why the person may not talk now (a rated table during a
// deal), nil when they may.
func (s *Screen) quietNow() error {
	if q, ok := s.cfg.Talk.(talkQuieter); ok {
		return q.Quiet()
	}
	return nil
}

// talkOffered reports whether the key lines offer / to talk: there is
// a talk the person may write in, and a line said now would be sent. At
// a quiet table / says why (slash) and the key lines do not offer a
// talk refused on enter: the talk panel's heading says the table is
// quiet instead (talkNote).
func (s *Screen) talkOffered() bool { return s.canTalk() && s.quietNow() == nil }

// talkNote follows the talk panel's heading: who watches the table
// (watchWords), then that the person may not talk now. A narrow panel
// drops the parts from the last: the key line already leaves out "/
// talk" while the table is quiet, and nothing else says who watches.
func (s *Screen) talkNote() string {
	var parts []string
	if w := s.watchWords(); w != "" {
		parts = append(parts, w)
	}
	if s.canTalk() && s.quietNow() != nil {
		parts = append(parts, "quiet now")
	}
	return strings.Join(parts, " · ")
}

// kept reports whether a line refused while the table was quiet waits
// in the closed box.
func (s *Screen) kept() bool { return !s.talk.Typing && s.talk.Input.Len() > 0 }

// placeChat notes where the lines not yet placed came: at the position
// on the screen now.
func (s *Screen) placeChat() {
	if s.cfg.Talk == nil {
		return
	}
	at := s.snap.Place()
	lines := s.cfg.Talk.Lines()
	keep := make(map[uint64]host.Place, len(lines))
	for _, l := range lines {
		p, ok := s.chatPos[l.Seq]
		if !ok {
			p = chatWhere(l, at)
		}
		keep[l.Seq] = p
	}
	s.chatPos = keep
}

// chatWhere is where line l goes among the deal's words: where it was
// said when the Talker knows (ChatLine.At), else at here.
func chatWhere(l ChatLine, here host.Place) host.Place {
	if l.At == nil {
		return here
	}
	return *l.At
}

// sceneChat is the chat as the scene draws it.
func (s *Screen) sceneChat() []SceneChat {
	if s.cfg.Talk == nil {
		return nil
	}
	var out []SceneChat
	for _, l := range s.cfg.Talk.Lines() {
		p, ok := s.chatPos[l.Seq]
		switch {
		case !ok:
			p = host.Place{Deal: s.snap.DealNo, Step: host.AfterDeal}
		case p.Game != s.snap.Game:
			// Said in an earlier game at the table (a rematch keeps the
			// screen and counts its deals from 1 again): before every
			// word of this game, as the lines of earlier deals are, so
			// the talk still reads in the order it was said and a line
			// of the last game's end never seems said during a deal.
			p = host.Place{}
		}
		out = append(out, SceneChat{ChatLine: l, Deal: p.Deal, Step: p.Step})
	}
	return out
}

// SceneChat is a chat line placed among the words of a deal: said
// during deal Deal after Step of its steps.
type SceneChat struct {
	ChatLine
	Deal, Step int
}

// chatText is a line as the talk panel writes it: the name (as short
// says, when not nil), "You" for the person's own lines (own is the
// name of their seat, "" for none), as the table names them everywhere,
// "(watching)" for a spectator, and the words in quotes, so talk never
// reads as a move; a mark before it when lines were skipped.
func chatText(ctx *kit.Context, l SceneChat, short func(string) string, own string) []string {
	st := &ctx.Styles
	who := l.Name
	switch {
	case own != "" && !l.Watching && l.Name == own:
		who = "You"
	case short != nil:
		who = short(who)
	}
	if l.Watching {
		who += " (watching)"
	}
	line := st.Heading.Render(who) + `: "` + l.Text + `"`
	if l.Skipped {
		return []string{st.Dim.Render("… some lines skipped"), line}
	}
	return []string{line}
}

// chatNames shortens the names of the chat's lines to w cells, so that
// a name longer than the talk column stays recognisable instead of being
// cut by the wrap: a seat's name as the table shortens it (short, the
// scene shortWordsTo gave), another's (a spectator's) as kit.ShortWords
// shortens it among the seats' names, its spaces kept.
func (sc *Scene) chatNames(ctx *kit.Context, short *Scene, w int) func(string) string {
	var seats []string
	bySeat := map[string]string{}
	for s := range rules.Seat(sc.players()) {
		seats = append(seats, sc.Name(s))
		bySeat[sc.Name(s)] = short.Name(s)
	}
	return func(name string) string {
		if kit.WidthOf(name) <= w {
			return name
		}
		if n, ok := bySeat[name]; ok && kit.WidthOf(n) <= w {
			return n
		}
		// A seat's own name is shortened among the seats' (twice in the
		// list, it could be told from nothing); another beside them.
		list, i := seats, slices.Index(seats, name)
		if i < 0 {
			list, i = append(slices.Clone(seats), name), len(seats)
		}
		if cut := kit.ShortWords(list, w, shortMark(ctx)); cut != nil {
			return cut[i]
		}
		mark := shortMark(ctx)
		return kit.Clip(name, max(1, w-kit.WidthOf(mark))) + mark
	}
}

// firstChat places the lines the room kept from before the screen
// opened where they were said among the deal's words (ChatLine.At), so
// that the talk reads in the order it happened; a line the Talker does
// not place goes where the screen opens, after the deal's words so far.
func (s *Screen) firstChat() {
	s.chatPos = map[uint64]host.Place{}
	if s.cfg.Talk == nil {
		return
	}
	at := s.snap.Place()
	for _, l := range s.cfg.Talk.Lines() {
		s.chatPos[l.Seq] = chatWhere(l, at)
	}
}

// chatLine is the box being typed, in w cells.
func (s *Screen) chatLine(ctx *kit.Context, w int) string {
	st := &ctx.Styles
	label := " Say: "
	help := "   " + typingHelp
	room := w - kit.WidthOf(label)
	if kit.WidthOf(s.talk.Input.String())+1+kit.WidthOf(help) <= room {
		return label + st.Selected.Render(s.talk.Input.View(room, "_")) + st.Dim.Render(help)
	}
	return label + st.Selected.Render(s.talk.Input.View(room, "_"))
}

// talkRows are the chat's last lines for the screens between deals and
// after the game (the result, the game's end), which have no talk
// panel: a shared table talks there above all, when a rated table is
// quiet during its deals. A blank row, the heading, then the newest
// lines that fit, each wrapped whole: at most rows rows besides the
// blank one (which gives way first), none without a chat or with fewer
// than two rows to take.
func (s *Screen) talkRows(ctx *kit.Context, w, rows int) []string {
	if s.cfg.Talk == nil || rows < 2 {
		return nil
	}
	st := &ctx.Styles
	head := " " + st.Heading.Render("Table talk")
	switch {
	case s.talkOffered() && s.kept():
		head += st.Dim.Render(" · / opens your unsent line")
	case s.talkOffered():
		head += st.Dim.Render(" · / to talk")
	}
	lines := s.cfg.Talk.Lines()
	if len(lines) == 0 {
		return []string{"", head + st.Dim.Render(" · nothing said yet")}
	}
	// The newest lines that fit, each wrapped onto as many rows as it
	// needs (kit.WrapTalk); the newest alone, cut with a mark and a row
	// saying v shows it whole (talkCut), when even it has not the rows.
	free := min(rows-1, maxTalkRows*talkLinesMax)
	var out []string
	n := 0
	for n < min(len(lines), maxTalkRows) {
		l := lines[len(lines)-1-n]
		text := chatText(ctx, SceneChat{ChatLine: l}, nil, s.ownName())
		wrapped := kit.WrapTalk(text[len(text)-1], max(1, w-2), 0, ctx.Ellipsis())
		if len(out)+len(wrapped) > free {
			if n > 0 {
				break
			}
			wrapped = talkCut(ctx, text[len(text)-1], max(1, w-2), free)
		}
		out = append(kit.Indent(" ", wrapped, nil), out...)
		n++
	}
	if n < len(lines) {
		head += st.Dim.Render(fmt.Sprintf(" · last %d of %d", n, len(lines)))
	}
	return append([]string{"", head}, out...)
}

// ownName is the name of the person's seat, as the chat's lines name
// it, or "" for a spectator.
func (s *Screen) ownName() string {
	if sn := &s.snap; !sn.Watching && sn.Seat != rules.NoSeat && int(sn.Seat) < len(sn.Players) {
		return sn.Players[sn.Seat].Name
	}
	return ""
}

// maxTalkRows is the most lines of chat the screens between deals show.
const maxTalkRows = 4
