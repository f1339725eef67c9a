package table

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// resultView is a finished deal's breakdown in place of the table,
// until the person goes on: at a shared game, who is ready for the next.
func (s *Screen) resultView(ctx *kit.Context, sc *Scene) string {
	sn := &s.snap
	st := &ctx.Styles
	w, h := ctx.Width, ctx.Height
	lines := []string{sc.Header(ctx, w), kit.Rule(ctx, w),
		" " + st.Heading.Render(sc.OverTitle(max(1, sn.DealNo))), ""}
	// The last trick is shown when there is room for it: the score's
	// rows, the winner and what to press never give way to it.
	var last []string
	if n := len(sn.Deals); n > 0 {
		d := sn.Deals[n-1]
		lines = append(lines, sc.ResultLines(ctx, d.Score, d.Ending, d.Schmeisser, w)...)
		if d.Score.Outcome != rules.Abandoned {
			last = sc.LastTrickLines(ctx, w)
		}
	}
	claimed := s.claimedLines(ctx, sc, w)
	var winner []string
	if sn.Over && sc.Board == "" {
		winner = append([]string{""}, s.winnerLines(ctx, sc, w)...)
	}
	next, style := "Press enter for the next deal.", st.Key
	switch {
	case sn.Watching && (sn.Private || sn.Closed):
		// A spectator let go, or whose game closed, sees the game no
		// further: the note says why and that esc goes back, the one
		// key left (watchHelp); nothing is waited for.
		next = ""
	case (sn.Closed || sn.Kicked) && !sn.Over:
		// Nothing goes on from this seat: say why rather than wait.
		next, style = "! "+s.closedWords(), st.Error
	case sn.Over && s.cfg.AfterBoard != nil:
		next = "Press enter to go on."
	case sn.Over:
		next = "Press enter for the end of the game."
	case !sn.Can.Ready:
		next = "Waiting for " + s.notReady(sc) + " to go on."
		if left, ok := s.readyClock(); ok {
			next = "Waiting for " + s.notReady(sc) + " to go on (at most " + seconds(left) + ")."
		}
	case s.idle():
		next = "Press enter for the next deal: till you press a key, a bot plays for you."
	default:
		if left, ok := s.clockLeft(sn.Seat); ok && left <= ClockShown {
			next = "Press enter for the next deal (marked ready in " + seconds(left) + ")."
		}
	}
	if wait := s.readyWords(sc); wait != "" && sn.Can.Ready {
		lines = append(lines, "", " "+wait)
	}
	// The keys go beside what to press when they fit there whole, else
	// on a line of their own: cut to fit, "q leave" read "q lea".
	bs := s.KeyHelp(&ctx.Keys).ShortHelp()
	// A note (a refusal, "Welcome back") stands over what to press and
	// the keys, which end the screen as on every other.
	bottom := append([]string{""}, s.resultNote(ctx, w)...)
	if sn.Between && !sn.Over {
		for _, a := range s.awayWords(sc) {
			bottom = append(bottom, kit.Indent(" ", kit.WrapLines(a, w-2, 2, ctx.Ellipsis()), nil)...)
		}
	}
	if keys := kit.HintLine(bs); next == "" {
		bottom = append(bottom, " "+st.Dim.Render(kit.FitHintLine(ctx, bs, w-2)))
	} else if kit.WidthOf(next)+5+kit.WidthOf(keys) <= w {
		bottom = append(bottom, " "+style.Render(next)+"   "+st.Dim.Render(keys))
	} else {
		bottom = append(bottom, kit.Indent(" ", kit.WrapLines(next, w-2, 2, ctx.Ellipsis()), style.Render)...)
		bottom = append(bottom, " "+st.Dim.Render(kit.FitHintLine(ctx, bs, w-2)))
	}
	if e := sn.Save.Err; e != "" {
		bottom = append(bottom, kit.Alert(ctx, "autosave failed: "+e, w, maxSaveErrLines)...)
	}
	if s.talk.Typing {
		bottom = append(bottom, s.chatLine(ctx, w))
	}
	body := append(append([]string{}, lines...), winner...)
	// The table's talk takes the rows the score, the winner and what to
	// press leave; the last trick gives way to it.
	bottom = append(s.talkRows(ctx, w, h-filled(body)-filled(bottom)), bottom...)
	// The claim, if any, stands over the last trick it explains, and
	// stays when only one of them has room. Room is measured on the
	// screen as drawn, the blank rows it drops to fit dropped: counted
	// as taken, they kept the claim of the deal that ends the game
	// (with its winner's lines) and its last trick off rows left free.
	fits := func(extra []string) bool {
		all := append(append(append(append([]string{}, lines...), ""), extra...), winner...)
		return len(DropBlanks(append(all, bottom...), h)) <= h
	}
	switch both := append(append([]string{}, claimed...), last...); {
	case len(both) > 0 && fits(both):
		body = append(append(append(lines, ""), both...), winner...)
	case claimed != nil && fits(claimed):
		body = append(append(append(lines, ""), claimed...), winner...)
	}
	lines = DropBlanks(append(body, bottom...), h)
	if len(lines) > h {
		lines = append(lines[:max(0, h-len(bottom))], bottom...)
	}
	return kit.Canvas(lines, w, h)
}

// claimedLines say, at the end of a deal whose rest a side claimed,
// who claimed it and how many of the last tricks had cards played for
// that side: without them the deal seems to end by itself. Nil when
// nobody claimed.
func (s *Screen) claimedLines(ctx *kit.Context, sc *Scene, w int) []string {
	sn := &s.snap
	if sn.Claimer == rules.NoSeat || sc.V.Players == 0 {
		return nil
	}
	// The tricks that hold a card played for the claim, counted from
	// the first: a claim made after the claimer's own card in a trick
	// plays only the next ones for them.
	first, tricks, plays := -1, 0, 0
	for i, st := range sc.V.History() {
		if st.Action.Kind != rules.PlayCard {
			continue
		}
		if first < 0 && i < len(sn.Moves) && sn.Moves[i].By == host.ByClaim {
			first = plays / sc.V.Players
		}
		plays++
	}
	if first >= 0 {
		tricks = (plays+sc.V.Players-1)/sc.V.Players - first
	}
	line := sc.Name(sn.Claimer) + " claimed the rest of the deal"
	switch {
	case tricks == 1:
		line += ": the last trick was played for " + sc.sideLower(sc.sideOf(sn.Claimer))
	case tricks > 1:
		line += fmt.Sprintf(": the last %d tricks were played for %s", tricks, sc.sideLower(sc.sideOf(sn.Claimer)))
	}
	return kit.Indent(" ", kit.WrapLines(line+".", w-2, 2, ctx.Ellipsis()), nil)
}

// filled counts the rows of lines that are not blank: the rows they
// take once DropBlanks has dropped all it may.
func filled(lines []string) int {
	n := 0
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			n++
		}
	}
	return n
}

// OverTitle heads the end of deal no: "Deal 2 is over", "Board 3 of 8
// is over".
func (sc *Scene) OverTitle(no int) string {
	if sc.Board != "" {
		return sc.Board + " is over"
	}
	return fmt.Sprintf("Deal %d is over", no)
}

// notReady names the people the next deal waits for.
func (s *Screen) notReady(sc *Scene) string {
	var names []string
	for i, p := range s.snap.Players {
		if !p.Ready && rules.Seat(i) != s.snap.Seat {
			names = append(names, sc.Name(rules.Seat(i)))
		}
	}
	if len(names) == 0 {
		return "the others"
	}
	return strings.Join(names, ", ")
}

// readyClock is the time left on the longest move clock of the others
// the next deal waits for, once all are in their last seconds; false
// when one is not on the clock or has more time.
func (s *Screen) readyClock() (time.Duration, bool) {
	var most time.Duration
	found := false
	for i, p := range s.snap.Players {
		if p.Ready || rules.Seat(i) == s.snap.Seat {
			continue
		}
		left, ok := s.clockLeft(rules.Seat(i))
		if !ok || left > ClockShown {
			return 0, false
		}
		most, found = max(most, left), true
	}
	return most, found
}

// readyWords says, at a game of several people, who is ready already:
// the people here, not a seat a bot plays while its person is away
// (always ready, and nobody's word).
func (s *Screen) readyWords(sc *Scene) string {
	var ready []string
	people := 0
	for i, p := range s.snap.Players {
		if !p.Human || rules.Seat(i) == s.snap.Seat {
			continue
		}
		people++
		if p.Ready && p.State == host.SeatHere {
			ready = append(ready, sc.Name(rules.Seat(i)))
		}
	}
	if people == 0 || len(ready) == 0 {
		return ""
	}
	return "Ready for the next deal: " + strings.Join(ready, ", ") + "."
}

// awayWords say, between deals, of each person away what becomes of
// their seat: the countdown to its bot, as the seats say it during a
// deal, and that the next deal does not wait for them (an absent person
// counts as ready; their grace runs on into the deal).
func (s *Screen) awayWords(sc *Scene) []string {
	var out []string
	for i, p := range s.snap.Players {
		seat := rules.Seat(i)
		if !p.Human || seat == s.snap.Seat {
			continue
		}
		name := sc.Name(seat)
		switch {
		case p.State == host.SeatTakeover:
			out = append(out, name+" is away: a bot plays the seat until they are back.")
		case p.State != host.SeatAway:
		case p.Until.IsZero():
			out = append(out, name+" is away: the seat waits for them.")
		default:
			out = append(out, fmt.Sprintf("%s is away: a bot plays the seat in %s; the next deal does not wait.", name, p.Waits(s.now())))
		}
	}
	return out
}

// winnerLines say who won the game, from the person's side, wrapped to
// a window w wide: long names (24 cells each, a team two of them) would
// cut the score off.
func (s *Screen) winnerLines(ctx *kit.Context, sc *Scene, w int) []string {
	text, style := s.winnerWords(ctx, sc)
	// A name is one word: "Bot C" never breaks over two lines. Its
	// spaces are no-break ones while the text wraps.
	const nbsp = "\u00a0"
	for i := range sc.Players {
		if name := sc.Name(rules.Seat(i)); strings.Contains(name, " ") {
			text = strings.ReplaceAll(text, name, strings.ReplaceAll(name, " ", nbsp))
		}
	}
	lines := kit.Paragraph(text, w, style.Render)
	for i, l := range lines {
		lines[i] = strings.ReplaceAll(l, nbsp, " ")
	}
	return lines
}

// stoodInAtEnd names the people whose seats a bot played at the game's
// end (they left and did not come back), in seat order.
func (s *Screen) stoodInAtEnd(sc *Scene) []string {
	var out []string
	for i, p := range s.snap.Players {
		if p.Human && (p.State == host.SeatTakeover || p.State == host.SeatBack) && i < len(sc.Players) {
			out = append(out, sc.Name(rules.Seat(i)))
		}
	}
	return out
}

// winnerWords say who won the game, from the person's side, and the
// style they are drawn in.
func (s *Screen) winnerWords(ctx *kit.Context, sc *Scene) (string, lipgloss.Style) {
	st := &ctx.Styles
	sn := &s.snap
	win := sn.WinnerSide
	if win < 0 {
		return "The game is not over.", st.Text
	}
	var others []string
	order := slices.Clone(sc.SideOrder())
	if sc.Sides() == 3 {
		// Three sides: the others highest first, whose total is whose
		// ("107 to East's 65 and your 0"), not "107 to 0 and 65".
		slices.SortStableFunc(order, func(a, b int) int { return sn.Totals[b] - sn.Totals[a] })
	}
	for _, side := range order {
		switch {
		case side == win:
		case sc.Sides() == 3 && rules.Seat(side) == sc.You:
			others = append(others, fmt.Sprintf("your %d", sn.Totals[side]))
		case sc.Sides() == 3:
			others = append(others, fmt.Sprintf("%s's %d", sc.Name(rules.Seat(side)), sn.Totals[side]))
		default:
			others = append(others, fmt.Sprint(sn.Totals[side]))
		}
	}
	score := fmt.Sprintf("%d to %s", sn.Totals[win], strings.Join(others, " and "))
	if sn.Watching {
		// A team of four are two: "West & East win".
		verb := " wins the game, "
		if sc.teams() {
			verb = " win the game, "
		}
		// The players read whose seat a bot played at the end: so do
		// the spectators.
		bots := ""
		switch stood := s.stoodInAtEnd(sc); len(stood) {
		case 0:
		case 1:
			bots = " A bot played " + stood[0] + "'s seat at the end."
		default:
			bots = " Bots played the seats of " + strings.Join(stood[:len(stood)-1], ", ") + " and " + stood[len(stood)-1] + " at the end."
		}
		return sc.SideName(win) + verb + score + "." + bots, st.Heading
	}
	mine := sc.sideOf(sn.Seat)
	stoodIn := false // a bot played the person's seat at the end
	if int(sn.Seat) < len(sn.Players) {
		st := sn.Players[sn.Seat].State
		stoodIn = st == host.SeatTakeover || st == host.SeatBack
	}
	// A game a bot finished for the person is not their win (a rated
	// one counts as their loss, as the club's rating line under it
	// says; the screen does not know whether the game is rated): the
	// side's win is said plainly, with who played the end, never cheered.
	switch {
	case win == mine && sc.teams() && stoodIn:
		return "Your team, " + sc.sideLower(win) + ", wins the game, " + score + "; a bot played your seat at the end.", st.Heading
	case win == mine && stoodIn:
		return "Your seat wins the game, " + score + "; a bot played it at the end.", st.Heading
	case win == mine && sc.teams():
		return "Your team, " + sc.sideLower(win) + ", wins the game, " + score + "!", st.Good
	case win == mine:
		return "You win the game, " + score + "!", st.Good
	case sc.teams():
		return "The other team, " + sc.SideName(win) + ", wins the game, " + score + ".", st.Bad
	}
	return sc.SideName(win) + " wins the game, " + score + ".", st.Bad
}

// overView is the end of the game: who won, the seed that deals it
// again, the score of every deal, where the log is filed, and what next,
// with where the offers lie (a click on one presses its key), and how
// far back its score pad scrolls (0 when it shows every deal): ↑/↓
// scroll a pad cut to the room.
func (s *Screen) overView(ctx *kit.Context) (string, []kit.Hit, int) {
	sn := &s.snap
	w, h := ctx.Width, ctx.Height
	sc := s.sceneFor(ctx)
	lines := append(append(kit.Titled(ctx, "Game over"), ""), s.winnerLines(ctx, sc, w)...)
	about := kit.Plural(len(sn.Deals), "deal") + " played"
	switch t := s.tag(); {
	case s.cfg.Tag != "":
		// A tag names where the game was played ("table K7Q2").
		about += " at the " + t
	case t != "":
		about += " against the " + t
	}
	about += fmt.Sprintf(", game to %d", sn.Options.Target)
	// Moves taken back are part of the game's record (the log counts
	// them): said here as the log and the list of games say them.
	if sn.Takebacks > 0 {
		about += ", " + kit.Plural(sn.Takebacks, "takeback")
	}
	about += "."
	lines = append(lines, kit.Paragraph(about, w, nil)...)
	switch {
	case sn.SeedShown && s.cfg.Rerun != nil && s.remote:
		// Over SSH the person runs no klob command: the seed is told as
		// a fact, without the command that deals it again.
		lines = append(lines, kit.Paragraph(fmt.Sprintf("Seed %d dealt this game.", sn.Seed), w, nil)...)
	case sn.SeedShown && s.cfg.Rerun != nil:
		// Shown only now: the seed deals every card of the game. Its
		// sentence starts a line, so that a seed of twenty digits does
		// not part it from "deals this game again".
		lines = append(lines, kit.Paragraph(fmt.Sprintf("Seed %d deals this game again, as practice:", sn.Seed), w, nil)...)
		lines = append(lines, commandLines(s.cfg.Rerun(sn.Seed), w)...)
	}
	lines = append(lines, "")
	var tail []string
	sv := &sn.Save
	switch {
	case sn.Watching:
		// The log is the players', kept in their histories: a
		// spectator has none to be told of.
	case sv.NoStore && s.cfg.Unkept != "":
		tail = append(tail, kit.Paragraph(s.cfg.Unkept, w, nil)...)
	case sv.NoStore:
		tail = append(tail, " The game was not saved: there was no state directory.")
	case sv.FileErr != "":
		// Three lines: the cause ends the error, after the history
		// folder's path, and a long path would push it off two.
		why := strings.TrimPrefix(sv.FileErr, "archive: ")
		tail = append(tail, kit.Alert(ctx, "The game log could not be filed (it is tried again): "+why, w, 3)...)
	case !sv.Filed:
		tail = append(tail, " Saving the game log…")
	case sv.Path != "" && s.remote:
		// Over SSH the path is on the server, out of the person's
		// reach: they find the game in their list of games.
		tail = append(tail, kit.Paragraph("The game log is saved: h in the lobby lists it, for replay and analysis.", w, nil)...)
	case sv.Path != "":
		tail = append(tail, " The game log is saved at:")
		tail = append(tail, kit.Indent("   ", kit.PathLines(s.cfg.ShowPath.Show(sv.Path), w-4, 0), nil)...)
	default:
		tail = append(tail, " The game log is saved.")
	}
	keys, hits := s.overOfferRows(ctx, w)
	again := s.againLines(ctx, sc, w)
	keys = append(keys, s.resultNote(ctx, w)...)
	if s.talk.Typing {
		keys = append(keys, s.chatLine(ctx, w))
	}
	if s.overErr != "" {
		keys = append(keys, kit.Alert(ctx, s.overErr, w, 2)...)
	}
	sc.V.Seat = sn.Seat
	if sn.Watching {
		sc.V.Seat = rules.SeatA
	}
	full := len(sc.scorePad(ctx, min(60, w-2), h))
	if s.cfg.Afterword != nil {
		if a := s.cfg.Afterword(); a != "" {
			// Wrapped to the rows the other lines leave, the score pad
			// kept at overPadMin rows (the talk gives way first), and
			// at least two: a rating's reasons run to four lines.
			room := h - filled(lines) - filled(tail) - filled(again) - filled(keys) - min(full, overPadMin)
			tail = append(tail, kit.Indent(" ", kit.WrapLines(a, w-2, max(2, room), ctx.Ellipsis()), nil)...)
		}
	}
	if again != nil {
		tail = append(append(tail, ""), again...)
	}
	if len(tail) > 0 { // a blank line under the lines above, not a second
		tail = append(tail, "")
	}
	// The score pad takes the rows the text leaves, the blank ones
	// among them (they give way first): every deal where they hold it,
	// else its heads, its last deals and the sums. The table's talk goes
	// above the keys, in the rows the pad leaves: the pad shows every
	// deal where the talk keeps its heading and its last lines
	// (talkWant rows) beside it, else it gives its oldest deals up to
	// the talk, down to overPadMin rows.
	free := h - filled(lines) - filled(tail) - filled(keys)
	padH := min(full, max(overPadMin, free-s.talkWant()))
	talk := s.talkRows(ctx, w, free-padH)
	if talk != nil {
		tail = append(append(tail, talk[1:]...), "")
	}
	tail = append(tail, keys...)
	padLines, most := sc.scorePadAt(ctx, min(60, w-2), padH, padScroll{on: true, back: s.padBack})
	lines = append(lines, kit.Indent(" ", padLines, nil)...)
	lines = append(lines, "")
	// The offers' row: its place among the lines, less the blank lines
	// above it that DropBlanks takes out (it takes them from the top).
	at := len(lines) + len(tail) - len(keys)
	all := append(lines, tail...)
	lines = DropBlanks(all, h)
	at -= min(len(all)-len(lines), at-filled(all[:at]))
	for i := range hits {
		hits[i].Rect.Y += at
	}
	if at >= h {
		hits = nil // cut off the window: nothing there to click
	}
	return kit.Canvas(lines, w, h), hits, most
}

// talkWant is the rows the game's end keeps for the table's talk before
// its score pad's older deals: the heading and the last two lines, as
// many as were said; none without a talk.
func (s *Screen) talkWant() int {
	if s.cfg.Talk == nil {
		return 0
	}
	return max(2, min(3, 1+len(s.cfg.Talk.Lines())))
}

// overPadMin is the fewest rows the game's end leaves its score pad
// when the table's talk wants rows: its heads, the last deal or two and
// the sums.
const overPadMin = 6

// resultNote is the note under a result or the game's end, wrapped to
// the window: as an error when it is one; none without a note. Why the
// person may not talk takes the rows it needs (showsQuiet).
func (s *Screen) resultNote(ctx *kit.Context, w int) []string {
	text := s.note.Text
	if s.botsWhy != "" && text == s.botsWhy {
		// A b refused says why as the table stands as drawn, with the
		// seconds the lines over it say: its ticks may come late or
		// not at all (a screen handed over), and the seconds it said
		// when pressed stayed. Once b may go, it goes.
		text = s.againBotsWait(s.scene())
	}
	if text == "" {
		return nil
	}
	style := ctx.Styles.Text
	if s.note.Err {
		style = ctx.Styles.Error
	}
	limit := maxNoteLines
	if s.showsQuiet() {
		limit = maxQuietNoteLines
	}
	return kit.Indent(" ", kit.WrapLines(text, w-2, limit, ctx.Ellipsis()), style.Render)
}

// commandLines lay a shell command out in a window w wide, indented by
// three: too wide for a line, it breaks between its parts (the command
// and its subcommand, then each flag with its value: Config.Rerun's
// parts, each part its words, taken as given) onto lines ended
// by " \" (the shell's continuation) and indented by five, so that it
// still copies and runs whole and no line parts a flag from its value.
// A part too long for a line of its own (-rules with many options) has
// its value put in double quotes and broken after its commas: inside
// the quotes the shell drops each "\" and its newline and keeps the
// next line's indent as spaces after a comma, which the options' reader
// (rules.ParseOptions) skips, so the pasted lines give the same options.
func commandLines(parts [][]string, w int) []string {
	var out []string
	line, indent := "", "   "
	add := func(part string) {
		switch {
		case line == "":
			line = indent + part
		case kit.WidthOf(line)+1+kit.WidthOf(part)+2 <= w:
			line += " " + part
		default:
			out = append(out, line+" \\")
			line, indent = "     "+part, "     "
		}
	}
	for _, words := range parts {
		if len(words) == 0 {
			continue
		}
		part := strings.Join(words, " ")
		value := words[len(words)-1]
		if 5+kit.WidthOf(part)+2 <= w || len(words) != 2 || !strings.Contains(value, ",") {
			add(part)
			continue
		}
		pieces := strings.SplitAfter(`"`+value+`"`, ",")
		// The flag and the value's first piece go on the line they
		// follow when they fit there, the other pieces after them on
		// the same line while they fit.
		add(words[0] + " " + pieces[0])
		for _, p := range pieces[1:] {
			if kit.WidthOf(line)+kit.WidthOf(p)+2 <= w {
				line += p
				continue
			}
			out = append(out, line+" \\")
			line = "     " + p
		}
	}
	return append(out, line)
}

// overOffer is a key the game's end offers: what the offers' line and
// the key line say of it, and what the note after a stray enter says
// ("" says nothing).
type overOffer struct {
	key        key.Binding
	what, note string
}

// overOffers are the keys the game's end offers, in the order shown:
// the replays when there is a log, a new game or a rematch, the help,
// and leaving.
func (s *Screen) overOffers(k *kit.KeyMap) []overOffer {
	var offers []overOffer
	if s.cfg.Replay != nil && s.cfg.Log != nil {
		offers = append(offers, overOffer{kit.Bind("r", "", "r"), "replay", "to replay it"},
			overOffer{kit.Bind("a", "", "a"), "analysis", "for its analysis"})
	}
	if s.cfg.NewGame != nil {
		offers = append(offers, overOffer{key: k.New, what: "new game", note: "for a new game"})
	}
	if s.cfg.Shared && s.snap.Can.Again {
		offers = append(offers, overOffer{key: k.New, what: "again", note: "to play again"})
	}
	if s.cfg.Shared && s.snap.Can.AgainWithBots {
		// Short, to keep every offer in 80 columns: the lines over the
		// offers say whose seat the bot takes.
		what, note := "with a bot", "to start the next game with "+botsWord(s.scene(), s.awaySeats())
		if len(s.awaySeats()) > 1 {
			what = "with bots"
		}
		offers = append(offers, overOffer{key: againBotsKey, what: what, note: note})
	}
	// ? is the App's, as on every screen; the stray enter's note names
	// the ways on from here, not the help.
	offers = append(offers, overOffer{key: k.Help, what: "help"})
	if s.toLobby() {
		return append(offers, overOffer{key: k.Quit, what: "back to the lobby", note: "for the lobby"})
	}
	return append(offers, overOffer{key: k.Quit, what: "quit", note: "to quit"})
}

// overOfferLine lays the game end's offers out on their line, and
// returns where each lies. The offers' words are short enough for
// every offer at 80 columns (q back to the lobby over SSH too), and
// the same at every width and in the key line (overKeys).
func (s *Screen) overOfferLine(ctx *kit.Context, w int) (string, []kit.Hit) {
	var offers []kit.Offer
	for _, o := range s.overOffers(&ctx.Keys) {
		offers = append(offers, kit.Offer{Key: o.key, What: o.what})
	}
	return kit.OfferLine(ctx, " ", offers, 0)
}

// overOfferRows are the game end's offers as shown, each row's place
// in the hits' Y: overOfferLine, with at a shared table's end x (no
// other game), which the lines over the offers name too, after the
// others where the row holds it, else on a row of its own under them.
func (s *Screen) overOfferRows(ctx *kit.Context, w int) ([]string, []kit.Hit) {
	line, hits := s.overOfferLine(ctx, w)
	if !s.cfg.Shared || !s.snap.Can.NoAgain {
		return []string{line}, hits
	}
	x := kit.Offer{Key: noAgainKey, What: "no other game"}
	if one, h := kit.OfferLine(ctx, line+"   ", []kit.Offer{x}, 0); kit.WidthOf(one) <= w {
		return []string{one}, append(hits, h...)
	}
	row, h := kit.OfferLine(ctx, " ", []kit.Offer{x}, 1)
	return []string{line, row}, append(hits, h...)
}

// overKeys are the game end's offers as a key line (the help's), the
// talk among them where the person may talk.
func (s *Screen) overKeys(k *kit.KeyMap) []key.Binding {
	var out []key.Binding
	for _, o := range s.overOffers(k) {
		if o.key.Help().Key == k.Help.Help().Key && s.cfg.Shared && s.snap.Can.NoAgain {
			// Said in the lines above the offers, whose row it would
			// push past 80 columns.
			out = append(out, kit.Brief("no other game", noAgainKey))
		}
		if s.talkOffered() && o.key.Help().Key == k.Help.Help().Key {
			out = append(out, kit.Bind("/", "talk"))
		}
		out = append(out, kit.Brief(o.what, o.key))
	}
	return out
}
