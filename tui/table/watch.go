package table

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// A spectator's screen (host.Host.Watch gives the Port) is the same
// table, read-only: seat A is drawn at the bottom with its cards face
// down, every other seat as a seat's screen draws it, the talk and the
// score as everyone reads them. Once a deal is scored the snapshot
// opens it (Snapshot.Open): d shows every hand it held; a deal thrown
// in opens only at the game's end. A spectator's keys move nothing in
// the game: v lists the tricks, / talks (when the table has a chat), q
// leaves, and esc asks as q does when it has nothing open to close.

// watchNote answers a key that would play, on a spectator's screen.
const watchNote = "You are watching: spectators cannot play."

// watchKey takes a spectator's key before the game is over.
func (s *Screen) watchKey(ctx *kit.Context, msg tea.KeyPressMsg) (kit.Screen, tea.Cmd) {
	k := &ctx.Keys
	sn := &s.snap
	switch {
	case kit.IsKey(msg, k.LastTrick) && sn.HasDeal:
		s.tricks, s.opened, s.tricksAt = !s.tricks, false, -1
	case msg.String() == "d" && sn.Open != nil:
		s.opened, s.tricks = !s.opened, false
	case (s.tricks || s.opened) && kit.IsKey(msg, k.Back):
		s.tricks, s.opened = false, false
	case sn.Closed || sn.Private:
		// The board is frozen: esc back to the lobby is the one key
		// left (the lobby's), and the note saying so stays.
	case s.asksLeave() && kit.IsKey(msg, k.Back):
		// Nothing open to close: esc asks what q asks, so that an esc
		// meant for a box that already closed does not leave the game.
		return s, kit.AskQuit
	case kit.IsKey(msg, k.Choose) || kit.IsKey(msg, k.Nth) || kit.IsMenuLetter(msg.String()):
		s.SetNote(watchNote, false)
	}
	return s, nil
}

// UsesBack reports whether esc means something on the screen now (it
// closes a list, the hint or the chat's box, or at a watched game asks
// whether to stop watching): a screen around it that leaves on esc
// leaves only otherwise.
func (s *Screen) UsesBack() bool {
	return s.talk.Typing || s.tricks || s.opened || s.hintOpen() || s.asksLeave()
}

// asksLeave reports whether a spectator's esc asks before leaving, as q
// does: while the game goes on in view. A game closed or made private
// to them is left at once (the screen says esc goes back), and so is
// the game's end, where nothing more is played.
func (s *Screen) asksLeave() bool {
	sn := &s.snap
	return sn.Watching && !sn.Closed && !sn.Private && !(sn.Over && s.overSeen)
}

// watchHelp is a spectator's short help.
func (s *Screen) watchHelp(k *kit.KeyMap) []key.Binding {
	b := kit.Brief
	if sn := &s.snap; sn.Closed || sn.Private {
		// The game is shut to the spectator, the board frozen: only
		// going back to the lobby is left, at once.
		return []key.Binding{b("back to the lobby", k.Back)}
	}
	out := []key.Binding{kit.Bind("watching", "")}
	if s.snap.HasDeal {
		out = append(out, b(listWord, k.LastTrick))
	}
	if s.snap.Open != nil {
		word := "every hand"
		if s.opened {
			word = "close the hands" // d again, or esc
		}
		out = append(out, kit.Bind("d", word))
	}
	if s.talkOffered() {
		out = append(out, kit.Bind("/", "talk"))
	}
	return append(out, b("help", k.Help), b("leave", k.Quit))
}

// again says the person wants another game at the table.
func (s *Screen) again(ctx *kit.Context) {
	if s.sent(s.port.Again(s.snap.Gen), nil, nil, rules.Action{}) {
		note := s.againNote()
		if sn := &s.snap; sn.Can.NoAgain || int(sn.Seat) < len(sn.Players) && sn.Players[sn.Seat].No {
			note += takeBackNote // x is said here: it takes the again back
		}
		s.SetNote(note, false)
		s.answered(ctx)
	}
}

// answered reads the game as the host left it after the person's
// answer: the port's snapshot already shows it (Host.call), so a key
// typed right after it (x then n in one read) is judged by the answer
// just given, not by the snapshot from before it.
func (s *Screen) answered(ctx *kit.Context) {
	s.adopt(ctx)
}

// The notes of an again said: what the next game waits for, or, with a
// person away, only that it was said (the lines above say the rest: b
// may start it with bots).
const (
	againAllNote  = "You said again: the next game starts once everyone at the table has said it."
	againSaidNote = "You said again."
	// takeBackNote ends the note where x may take the again back.
	takeBackNote = " x takes it back."
)

// againNote is the note of an again said, as the table is now.
func (s *Screen) againNote() string {
	if len(s.awaySeats()) > 0 {
		return againSaidNote
	}
	return againAllNote
}

// followAgainNote keeps the note of an again said true to the table
// now: a person who leaves or comes back after it changes what the next
// game waits for.
func (s *Screen) followAgainNote() {
	if t, back := strings.CutSuffix(s.note.Text, takeBackNote); t == againAllNote || t == againSaidNote {
		if back {
			t = s.againNote() + takeBackNote
		} else {
			t = s.againNote()
		}
		s.SetNote(t, false)
	}
}

// againBotsKey starts the next game at once, a bot in the seat of each
// person away, once everyone here has said again (Can.AgainWithBots).
var againBotsKey = kit.Bind("b", "", "b")

// noAgainKey says, at the end of a shared game, that the person wants
// no other game (Can.NoAgain); n takes it back, as x takes back an
// again. x is the exchange during the bidding, never at the game's end.
var noAgainKey = kit.Bind("x", "", "x")

// noAgainNote is the note of a no said.
const noAgainNote = "You said no to another game."

// noAgain says the person wants no other game at the table.
func (s *Screen) noAgain(ctx *kit.Context) {
	if s.sent(s.port.NoAgain(s.snap.Gen), nil, nil, rules.Action{}) {
		s.SetNote(noAgainNote, false)
		s.answered(ctx)
	}
}

// againWithBots starts the next game with bots for those away.
func (s *Screen) againWithBots() {
	s.sent(s.port.AgainWithBots(s.snap.Gen), nil, nil, rules.Action{})
}

// botsWord says what b puts in the seats of the people away (seats):
// "a bot in dan's seat", "bots in their seats".
func botsWord(sc *Scene, seats []rules.Seat) string {
	if len(seats) == 1 {
		return "a bot in " + sc.whose(seats[0]) + " seat"
	}
	return "bots in their seats"
}

// awaySeats are the seats of the people who played and are away, or
// said no to another game: a bot takes them if the others go on (b).
func (s *Screen) awaySeats() []rules.Seat {
	var out []rules.Seat
	for i, p := range s.snap.Players {
		if p.Human && (p.State == host.SeatAway || p.State == host.SeatTakeover || p.No) {
			out = append(out, rules.Seat(i))
		}
	}
	return out
}

// dropWait is what is left of the wait of those who left the game's end
// a moment ago (host.Config.OverWait: their seats are theirs yet, and b
// waits for them), with their names; 0 and none when nobody's runs.
func (s *Screen) dropWait(sc *Scene) (time.Duration, []string) {
	var left time.Duration
	var who []string
	for i, p := range s.snap.Players {
		away := p.State == host.SeatAway || p.State == host.SeatTakeover
		if !s.snap.Over || !p.Human || !away || p.No || p.Until.IsZero() {
			continue
		}
		who = append(who, sc.Name(rules.Seat(i)))
		left = max(left, p.Until.Sub(s.now()))
	}
	return left, who
}

// awayLeft is, between deals, the soonest end of the running graces of
// the others away (awayWords counts them down); 0 when none runs.
func (s *Screen) awayLeft() time.Duration {
	var soonest time.Duration
	for i, p := range s.snap.Players {
		if !p.Human || p.State != host.SeatAway || p.Until.IsZero() || rules.Seat(i) == s.snap.Seat {
			continue
		}
		if left := p.Until.Sub(s.now()); left > 0 && (soonest == 0 || left < soonest) {
			soonest = left
		}
	}
	return soonest
}

// dropWords say that b waits for those who left the end a moment ago
// (dropWait): "bob dropped: b can start it with a bot in bob's seat in
// 25s."; "" when nobody's wait runs.
func (s *Screen) dropWords(sc *Scene) string {
	left, who := s.dropWait(sc)
	if len(who) == 0 {
		return ""
	}
	if left <= 0 {
		// Out by the screen's clock, before the host's word that it is.
		return kit.JoinAnd(who) + " dropped: b can start it now with " + botsWord(sc, s.awaySeats()) + "."
	}
	return kit.JoinAnd(who) + " dropped: b can start it with " + botsWord(sc, s.awaySeats()) + " in " + seconds(left) + "."
}

// dropTickMsg is a tick of the countdown of dropWords: the screen draws
// the seconds left again, and the note of a b refused follows them.
type dropTickMsg struct {
	s *Screen
	n int
}

// dropTick is the tick of dropWords' countdown due next (between deals,
// awayWords'; during a deal, the seats' "away, waits 1m54s"), when the
// seconds it says change, on the screen's clock; nil while no countdown
// runs or a tick is on its way already (one that never came, the screen
// handed over when it was due, is asked for again once overdue).
func (s *Screen) dropTick() tea.Cmd {
	var left time.Duration
	switch {
	case s.snap.Over:
		if l, who := s.dropWait(s.scene()); len(who) > 0 {
			left = l
		}
	default:
		// The graces of the people away, on the deal's result and on
		// their seats during a deal, said rounded to the second as the
		// seats say them: the words change on the half second. No scene
		// is made for it on every message.
		if a := s.awayLeft(); a > 0 {
			left = a + time.Second/2
		}
	}
	now := s.now()
	if left <= 0 {
		return nil
	}
	if s.dropAt.After(now.Add(-time.Second)) {
		return nil
	}
	wait := left % time.Second
	if wait == 0 {
		wait = time.Second
	}
	s.dropAt = now.Add(wait)
	s.dropN++
	n := s.dropN
	return tea.Tick(wait, func(time.Time) tea.Msg { return dropTickMsg{s, n} })
}

// dropTicked takes a tick of the countdown: the note of a b refused
// says the seconds left now.
func (s *Screen) dropTicked(msg dropTickMsg) {
	if msg.s != s || msg.n != s.dropN {
		return
	}
	s.dropAt = time.Time{}
	s.followBotsNote()
}

// againLines say, at the end of a shared game, who wants another, and
// who wants none (x, SeatInfo.No): the others may start it with a bot
// in that seat (b), as for a person away. While the person may still
// say no, the lines say x does it; a person who leaves is said away at
// once, not only once the person has answered.
func (s *Screen) againLines(ctx *kit.Context, sc *Scene, w int) []string {
	sn := &s.snap
	if !s.cfg.Shared && !sn.Watching {
		return nil
	}
	var yes, wait, gone, no, out, without []string
	away, silent, mine := false, false, false // a person away or who said no; one here who has not said it; the person said no
	meAgain := false                          // the person said again
	for i, p := range sn.Players {
		if !p.Human {
			continue // the bots are not asked
		}
		seat := rules.Seat(i)
		name := sc.Lower(seat) // "you", mid-line
		me := seat == sn.Seat && !sn.Watching
		switch {
		case p.No && me:
			mine, away = true, true
		case p.No:
			// Starts a sentence: the name as written, never "you".
			no = append(no, sc.Name(seat))
			without = append(without, sc.Name(seat))
			away = true
		case p.State == host.SeatAway || p.State == host.SeatTakeover:
			// The next game waits for every person who played; one who
			// said again and left took it back, as the others read.
			if p.AgainLeft {
				wait = append(wait, name+" (away: their again went when they left)")
				gone = append(gone, name)
			} else {
				wait = append(wait, name+" (away)")
				out = append(out, sc.Name(seat))
				without = append(without, sc.Name(seat))
			}
			away = true
		case p.Again:
			yes = append(yes, name)
			meAgain = meAgain || me
		default:
			wait = append(wait, name)
			silent = true
		}
	}
	var said string
	switch {
	case mine && sn.Closed:
		// Gone on without the person: what the others said before is
		// past.
	case len(no) == 1:
		said = no[0] + " does not want another game. "
	case len(no) > 1:
		said = kit.JoinAnd(no) + " do not want another game. "
	}
	if len(yes) == 0 && len(out) > 0 && len(gone) == 0 && !mine && !sn.Watching {
		// Said as soon as they leave: the lines below ask about a game
		// without them.
		if len(out) == 1 {
			said += out[0] + " is away. "
		} else {
			said += kit.JoinAnd(out) + " are away. "
		}
	}
	var text string
	switch {
	case mine && sn.Closed && len(yes) > 0:
		text = fmt.Sprintf("You wanted no other game: %s started the next one with a bot in your seat.", kit.JoinAnd(yes))
	case mine && sn.Closed:
		text = "You wanted no other game: the others started the next one with a bot in your seat."
	case mine && len(yes) > 0 && !silent:
		// Everyone else has answered: those who said again are the ones
		// who may start it.
		text = fmt.Sprintf("You want no other game: %s may start it with a bot in your seat. n takes your no back.", kit.JoinAnd(yes))
	case mine:
		text = "You want no other game: the others may start it with a bot in your seat, or leave. n takes your no back."
	case len(yes) == 0 && sn.Watching && len(no) == 0:
		return nil
	case len(yes) == 0 && len(gone) > 0:
		// Nobody here has said it, but one who had is gone: what the
		// others read before ("… said it") must not just vanish.
		text = fmt.Sprintf("Another game at this table? %s said again, then left: it went with them. Everyone who played says again (n) to start it.", kit.JoinAnd(gone))
	case len(yes) == 0 && sn.Watching:
	case len(yes) == 0 && len(without) > 0 && s.dropWords(sc) != "":
		// b waits for one who dropped a moment ago: the countdown
		// after says how long, and this must not promise b now.
		text = "Another game without " + kit.JoinAnd(without) + "? Those who want one say again (n), and b then starts it with " + botsWord(sc, s.awaySeats()) + " once the wait is over; x says you want none."
	case len(yes) == 0 && len(without) > 0:
		text = "Another game without " + kit.JoinAnd(without) + "? Those who want one say again (n), and b then starts it with " + botsWord(sc, s.awaySeats()) + "; x says you want none."
	case len(yes) == 0 && sn.Can.NoAgain:
		text = "Another game at this table? Everyone who played says again (n) to start it; x says you want none."
	case len(yes) == 0:
		text = "Another game at this table? Everyone who played says again (n) to start it."
	case len(wait) == 0 && len(no) == 0:
		text = "Everyone said again: the next game starts."
	case len(wait) == 0:
		text = fmt.Sprintf("Again: %s said it.", kit.JoinAnd(yes))
	default:
		text = fmt.Sprintf("Again: %s said it; waiting for %s.", kit.JoinAnd(yes), kit.JoinAnd(wait))
	}
	if drop := s.dropWords(sc); drop != "" && !mine && !sn.Watching {
		// One who left a moment ago may yet come back: b waits a
		// little for them, and the line says how long.
		text += " " + drop
	} else if away && !mine && len(yes) > 0 && !sn.Watching {
		// Not a wait without end: those here may go on without them,
		// each seat away, or of a person who said no, taken by a bot (b).
		bots := botsWord(sc, s.awaySeats())
		switch {
		case sn.Can.AgainWithBots:
			text += " b starts it now with " + bots + "."
		case silent:
			text += " Once everyone here has said it, b can start it with " + bots + "."
		default:
			text += " b can start it with " + bots + " once the game is filed."
		}
	}
	if len(yes) > 0 && !meAgain && sn.Can.NoAgain && !sn.Watching {
		// The person has not answered: others' again does not take x
		// away (the note of their own again says x takes it back).
		text += " x says you want none."
	}
	return kit.Indent(" ", kit.WrapLines(strings.TrimSpace(said+text), w-2, 3, ctx.Ellipsis()), nil)
}

// againBotsWait says why b does not start the next game yet, for the
// person who pressed it: whom it waits for, or what; "" when b is not
// the person's at all (a spectator, a game not over or gone on).
func (s *Screen) againBotsWait(sc *Scene) string {
	sn := &s.snap
	if !s.cfg.Shared || sn.Watching || !sn.Over || sn.Closed {
		return ""
	}
	var silent []string
	away, me := false, host.SeatInfo{}
	for i, p := range sn.Players {
		switch {
		case !p.Human:
		case rules.Seat(i) == sn.Seat:
			me = p
		case p.No || p.State == host.SeatAway || p.State == host.SeatTakeover:
			away = true
		case !p.Again:
			silent = append(silent, sc.Name(rules.Seat(i)))
		}
	}
	switch {
	case !me.No && !sn.Can.NoAgain:
		return "" // no bot takes a seat at this table: b is nothing here
	case me.No:
		return "b is for those who want another game: n says you want one."
	case len(silent) == 1:
		return "b starts the game once " + silent[0] + " has answered."
	case len(silent) > 1:
		return "b starts the game once " + kit.JoinAnd(silent) + " have answered."
	case s.dropWords(sc) != "":
		return s.dropWords(sc)
	case !away:
		return "b is for a game without one who left or said no: here everyone who says again (n) starts it."
	case !me.Again:
		return "b starts the game once you have said again (n)."
	case !sn.Save.Filed:
		return "b starts the game once this one is filed."
	}
	return ""
}

// followBotsNote keeps the note of a b refused true to the table now:
// the reason as it stands (a wait shorter), or no note once b may go.
func (s *Screen) followBotsNote() {
	if s.botsWhy == "" || s.note.Text != s.botsWhy {
		s.botsWhy = ""
		return
	}
	s.botsWhy = s.againBotsWait(s.scene())
	s.SetNote(s.botsWhy, s.botsWhy != "")
}

// watchWords say, for the talk panel's heading, who else looks on: how
// many watch, or that the table is private.
func (s *Screen) watchWords() string {
	sn := &s.snap
	switch {
	case !s.cfg.Shared && !sn.Watching:
		return ""
	case sn.Private:
		return "private"
	case sn.Watchers > 0:
		return fmt.Sprintf("%d watching", sn.Watchers)
	}
	return ""
}

// openLines list every hand of the scored deal a spectator sees: each
// seat's hand as it played the deal (after the exchange of the seven
// and the cards drawn and given), then who exchanged the seven of trump
// for the upcard and what moved face down.
func (s *Screen) openLines(ctx *kit.Context, sc *Scene, w int) []string {
	st := &ctx.Styles
	p := ctx.Paint
	o := s.snap.Open
	out := []string{" " + st.Heading.Render(fmt.Sprintf("Deal %d, every hand", o.No)), ""}
	nameW := 6
	names := make([]string, sc.players())
	for i := range names {
		names[i] = sc.Name(rules.Seat(i))
		nameW = max(nameW, min(12, kit.WidthOf(names[i])))
	}
	// A name too long is cut with the ellipsis, told apart from the
	// others, never cut silently into what reads as another name.
	if short := kit.ShortNames(names, nameW, ctx.Ellipsis()); short != nil {
		names = short
	}
	for i := range sc.players() {
		line := fmt.Sprintf(" %s  %s", kit.Fit(kit.Cut(names[i], nameW, ctx.Ellipsis()), nameW), strings.Join(sc.faceUp(ctx, o.Held[i]), " "))
		if i == int(o.Dealer) {
			line += st.Dim.Render("  (dealer)")
		}
		out = append(out, kit.Clip(line, w))
	}
	var moved, swapped []string
	for _, stp := range o.Steps {
		switch a := stp.Action; a.Kind {
		case rules.Exchange:
			seven := rules.Dix(sc.V.Trump)
			swapped = append(swapped, sc.Name(stp.Seat)+" exchanged "+p.StyledCard(seven)+" for the upcard "+p.StyledCard(sc.V.OrigUpcard))
		case rules.Draw:
			moved = append(moved, "drawn "+p.StyledCard(a.Card))
		case rules.Give:
			moved = append(moved, sc.Name(stp.Seat)+" gave "+p.StyledCard(a.Card))
		}
	}
	if len(swapped) > 0 || len(moved) > 0 {
		out = append(out, "")
	}
	if len(swapped) > 0 {
		out = append(out, kit.Paragraph(strings.Join(swapped, " · "), w, nil)...)
	}
	if len(moved) > 0 {
		out = append(out, kit.Paragraph("Face down: "+strings.Join(moved, " · "), w, nil)...)
	}
	return out
}
