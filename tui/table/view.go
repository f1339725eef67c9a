package table

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai/claim"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// maxNoteLines is how many lines a note may wrap to; a save error, whose
// cause comes at its end, maxSaveErrLines.
const (
	maxNoteLines    = 2
	maxSaveErrLines = 3
)

// View draws the screen.
func (s *Screen) View(ctx *kit.Context) string {
	out, _ := s.render(ctx)
	return out
}

// render draws the screen and returns where the clickable things lie:
// View and the mouse both use it, so a click means what is on screen.
func (s *Screen) render(ctx *kit.Context) (string, []kit.Hit) {
	sn := &s.snap
	w, h := ctx.Width, ctx.Height
	switch {
	case !sn.HasDeal:
		lines := append(kit.Titled(ctx, "the first deal"), "", " The first deal is being dealt…")
		if sn.Closed || sn.Kicked {
			lines = append(lines[:3], " "+ctx.Styles.Error.Render("! "+s.closedWords()))
		}
		return kit.Canvas(lines, w, h), nil
	case sn.Over && s.overSeen && !s.tricks:
		out, hits, _ := s.overView(ctx)
		return out, hits
	}
	sc := s.sceneFor(ctx)
	hand := s.tableHand()
	between := sn.Between || sn.Over
	switch {
	case s.opened && sn.Open != nil:
		bottom, _ := s.bottomLines(ctx, sc)
		return RenderPanel(ctx, sc, hand, s.openLines(ctx, sc, w), bottom)
	case s.tricks:
		body, bottom := s.dealList(ctx, sc, hand)
		return RenderPanel(ctx, sc, hand, body, bottom)
	case between:
		return s.resultView(ctx, sc), nil
	}
	bottom, menuHits := s.bottomLines(ctx, sc)
	if s.hintOpen() {
		out, hits := RenderPanel(ctx, sc, hand, s.hintLines(ctx, sc, w, PanelRoom(ctx, sc, hand, bottom)), bottom)
		return out, append(hits, menuHits...)
	}
	out, hits := Render(ctx, sc, hand, bottom)
	return out, append(hits, menuHits...)
}

// tableHand is the hand under the table: the person's cards, a
// spectator's view of seat A's backs, none between deals.
func (s *Screen) tableHand() Hand {
	sn := &s.snap
	if sn.Between || sn.Over {
		return Hand{Cursor: -1}
	}
	if sn.Watching {
		// Seat A at the bottom, its cards face down.
		return Hand{Cursor: -1, Backs: sn.View.Counts[rules.SeatA]}
	}
	return Hand{Cards: s.hand(), Legal: kit.LegalCards(&sn.View), Cursor: s.Cursor,
		Playing: s.myTurn() && sn.View.Phase == rules.PhasePlay && s.Bella == rules.NoCard, InPlay: sn.View.Phase == rules.PhasePlay}
}

// dealList is the v list in the room the panel gives it, and the lines
// under the table: the deal's words, then its tricks (DealList), with
// what closes it. Longer than its room, it scrolls (↑/↓, page up and
// down, home and end): it opens where DealList says, at the tricks
// once one is played; the last line says what is above or below.
func (s *Screen) dealList(ctx *kit.Context, sc *Scene, hand Hand) (body, bottom []string) {
	st := &ctx.Styles
	bottom, _ = s.bottomLines(ctx, sc)
	lines, opens := sc.DealList(ctx, ctx.Width)
	closes := "v or esc closes the list"
	room := PanelRoom(ctx, sc, hand, bottom)
	if len(lines)+1 <= room {
		return append(lines, " "+st.Dim.Render(closes)), bottom
	}
	rows := max(1, room-1)
	top := listTop(s.tricksAt, opens, len(lines), rows)
	var more []string
	if top > 0 {
		more = append(more, fmt.Sprintf("↑ %s above", kit.Plural(top, "line")))
	}
	if below := len(lines) - top - rows; below > 0 {
		more = append(more, fmt.Sprintf("↓ %d below", below))
	}
	foot := strings.Join(append(more, "↑/↓ scroll", closes), " · ")
	if kit.WidthOf(foot)+1 > ctx.Width {
		foot = "↑/↓ scroll · " + closes
	}
	end := min(len(lines), top+rows)
	return append(slices.Clone(lines[top:end]), " "+st.Dim.Render(foot)), bottom
}

// listTop is the first line of a list of n lines shown rows at a time:
// at, kept in the list (at < 0: the line opens, where the list opens).
func listTop(at, opens, n, rows int) int {
	if at < 0 {
		at = opens
	}
	return max(0, min(at, n-rows))
}

// scrollList moves the v list by dir lines, or pages when page.
func (s *Screen) scrollList(ctx *kit.Context, dir int, page bool) {
	s.moveList(ctx, func(top, rows, _ int) int {
		if page {
			dir *= rows
		}
		return top + dir
	})
}

// endList moves the v list to its first line (dir < 0, home) or its
// last (dir > 0, end), as the help's home and end do.
func (s *Screen) endList(ctx *kit.Context, dir int) {
	s.moveList(ctx, func(_, rows, n int) int {
		if dir < 0 {
			return 0
		}
		return n - rows
	})
}

// moveList sets the v list's first line shown to to(top, rows, n), the
// first line shown now, as many as show and as the list has, kept in
// the list.
func (s *Screen) moveList(ctx *kit.Context, to func(top, rows, n int) int) {
	sc := s.sceneFor(ctx)
	bottom, _ := s.bottomLines(ctx, sc)
	lines, opens := sc.DealList(ctx, ctx.Width)
	rows := max(1, PanelRoom(ctx, sc, s.tableHand(), bottom)-1)
	n := len(lines)
	s.tricksAt = listTop(max(0, to(listTop(s.tricksAt, opens, n, rows), rows, n)), opens, n, rows)
}

// closedWords says why the seat can no longer play.
func (s *Screen) closedWords() string {
	if s.snap.Kicked {
		return kit.Capital(host.ErrKicked.Error()) + "."
	}
	return "The game is closed."
}

// bottomLines are the rule, the note, the prompt and the keys under the
// table; the menu's items' places are for a window ctx.Height high.
func (s *Screen) bottomLines(ctx *kit.Context, sc *Scene) ([]string, []kit.Hit) {
	st := &ctx.Styles
	w := ctx.Width
	notes := s.noteLines(ctx, sc, w)
	prompt, hits := s.promptLines(ctx, sc, w)
	lines := []string{kit.Rule(ctx, w)}
	lines = append(lines, notes...)
	y := ctx.Height - (len(lines) + len(prompt) + 1) + len(lines)
	for i := range hits {
		hits[i].Rect.Y += y
	}
	lines = append(lines, prompt...)
	if s.talk.Typing {
		lines = append(lines, s.chatLine(ctx, w))
	} else {
		lines = append(lines, " "+st.Dim.Render(s.keyHints(ctx)))
	}
	return lines, hits
}

// noteLines say, wrapped to the window, a save that failed, why a key
// was refused, a claim's verdict, or what just happened; with nothing
// else to say, what the chosen item of a menu means. There is always
// one line.
func (s *Screen) noteLines(ctx *kit.Context, sc *Scene, w int) []string {
	st := &ctx.Styles
	sn := &s.snap
	text, style, limit := "", st.Text, maxNoteLines
	quiet := false // the note says why the person may not talk now
	// The move clock's last seconds take the second line: the note
	// keeps one, but for why the person may not talk (showsQuiet).
	clock := s.clockWords()
	if clock != "" {
		limit = 1
	}
	switch {
	case sn.Save.Err != "" && (s.note.Text == "" || !s.note.Err):
		text, style, limit = "! autosave failed: "+sn.Save.Err, st.Error, maxSaveErrLines
	case s.note.Text != "" && s.note.Err:
		text, style, quiet = "! "+s.note.Text, st.Error, s.showsQuiet()
	case s.note.Text != "":
		text, quiet = s.note.Text, s.showsQuiet()
	case sn.Closed || sn.Kicked:
		text, style = "! "+s.closedWords(), st.Error
	case !sn.Watching && (sn.Clocked != nil || s.idle()):
		text = s.clockedWords(ctx, sc)
	case sn.Claim != nil && !(s.claimPassed && s.refused()):
		text, style = s.claimWords(ctx, sc, w-2, limit)
	default:
		// A held trick is said by the prompt line, so the note says what
		// happened, as at any other time.
		text = s.lastWords(ctx, sc)
		if strings.HasPrefix(text, "! ") {
			style = st.Error
		}
	}
	if clock != "" {
		limit = 1 // over an autosave's three lines too
	}
	if quiet {
		limit = maxQuietNoteLines
	}
	var out []string
	if text != "" {
		out = append(out, kit.Indent(" ", kit.WrapLines(text, w-2, limit, ctx.Ellipsis()), style.Render)...)
	}
	if clock != "" {
		// A decision with one answer keeps saying why over the clock's
		// last seconds: the reason matters more than the last move.
		if e := s.explainChoice(ctx); s.snap.Only != "" && e != "" && !s.note.Err && !quiet {
			out = explainLines(ctx, e, w)
		}
		return append(out, " "+st.Heading.Render(kit.Clip(clock, w-2)))
	}
	// A one-line note leaves room for what the chosen item means.
	if len(out) <= 1 && !s.note.Err {
		if e := s.explainChoice(ctx); e != "" {
			out = append(out, explainLines(ctx, e, w)...)
		}
	}
	if len(out) == 0 {
		return []string{""}
	}
	return out
}

// explainLines is explainChoice's line e in a window w wide, dim,
// wrapped rather than cut (a one-answer reason may be longer than a
// line) in at most maxNoteLines lines.
func explainLines(ctx *kit.Context, e string, w int) []string {
	return kit.Indent(" ", kit.WrapLines(e, w-2, maxNoteLines, ctx.Ellipsis()), ctx.Styles.Dim.Render)
}

// idle reports whether the move clock counts the person as idle: a bot
// makes their decisions until they press a key.
func (s *Screen) idle() bool {
	sn := &s.snap
	return int(sn.Seat) < len(sn.Players) && sn.Players[sn.Seat].Idle
}

// clockWords say, at the person's decision, that their move clock is
// in its last seconds or has run out; "" otherwise.
func (s *Screen) clockWords() string {
	sn := &s.snap
	if !s.myTurn() || sn.Watching {
		return ""
	}
	if sn.Thinking == sn.Seat {
		if s.idle() {
			// The note says the bot plays for them until they press a
			// key: their time did not run out on this decision.
			return ""
		}
		return "Your time is up: a bot is choosing for you…"
	}
	if left, ok := s.clockLeft(sn.Seat); ok && left <= ClockShown {
		return "A bot plays for you in " + seconds(left) + "."
	}
	return ""
}

// clockedWords say what the bot played for the person when their move
// clock ran out, or at once while they are idle, and while they are
// idle that it plays on.
func (s *Screen) clockedWords(ctx *kit.Context, sc *Scene) string {
	sn := &s.snap
	var line string
	if m := sn.Clocked; m != nil {
		// "Your bot: pass" reads "your bot said pass" inside the line.
		said := s.describe(ctx, sc, m)
		if strings.HasPrefix(said, yourBot+": ") {
			said = "your bot said " + strings.TrimPrefix(said, yourBot+": ")
		}
		if sn.ClockedRanOut {
			line = "Your time ran out: " + strings.Replace(said, yourBot, "your bot", 1) + "."
		} else {
			line = kit.Capital(strings.Replace(said, yourBot, "your bot", 1)) + "."
		}
	}
	if s.idle() {
		line += " A bot plays for you until you press a key."
	}
	return strings.TrimSpace(line)
}

// refused reports whether the person's claim on screen was refused.
func (s *Screen) refused() bool {
	c := s.snap.Claim
	return c != nil && !c.Pending && (c.Err != nil || !c.Verdict.OK)
}

// claimWords say where the person's claim stands, a refusal in lines
// of w cells, at most limit of them (no limit when limit <= 0).
func (s *Screen) claimWords(ctx *kit.Context, sc *Scene, w, limit int) (string, lipgloss.Style) {
	st := &ctx.Styles
	c := s.snap.Claim
	switch {
	case c.Pending:
		return "Checking the claim against every way the others' cards may lie…", st.Text
	case c.Err != nil:
		return "! The claim was not decided: " + c.Err.Error(), st.Error
	case c.Verdict.OK:
		return "Claim accepted: your side takes every remaining trick whatever the others hold; its cards are played for it.", st.Text
	}
	reasons := s.claimReasons(ctx, sc)
	for _, r := range reasons {
		text := "! Claim refused: " + r + "."
		if limit <= 0 || len(kit.WrapLines(text, w, 0, "")) <= limit {
			return text, st.Error
		}
	}
	return "! Claim refused: " + reasons[len(reasons)-1] + ".", st.Error
}

// claimReasons say why the claim was refused in the table's words, the
// same at every seat count: the seats by the names the table shows, and
// a claim too early said in two lines (the check's own words, with its
// counts, need three). A refusal that names hands comes in forms from
// the longest to the shortest, each a whole sentence opening with who
// can take a trick, for the note to take the first that fits its lines.
func (s *Screen) claimReasons(ctx *kit.Context, sc *Scene) []string {
	v := s.snap.Claim.Verdict
	var early *claim.TooEarlyError
	switch {
	case errors.As(v.Err, &early):
		return []string{"too early to claim: the cards you cannot see could lie in too many ways to check them all; claim again when fewer cards are left"}
	case v.Err != nil:
		return []string{v.Reason(ctx.ASCII)}
	}
	hidden := false
	for o := rules.Seat(0); o < rules.Seat(v.Players); o++ {
		hidden = hidden || o != v.Seat && v.Counters[o] != 0
	}
	if !hidden || sc.V.TrickLost() {
		// Every other card is on the table, or none the person may
		// play wins the trick there for its side: that trick is lost
		// whatever the others hold, and no hand need be supposed.
		if sc.Sides() < v.Players {
			return []string{"the trick on the table is not your team's whatever you play"}
		}
		return []string{"the trick on the table is not yours whatever you play"}
	}
	// The hands of the other seats; those of the other side alone say
	// as much, the partner holding the rest.
	var parts, theirs []string
	for o := rules.Seat(0); o < rules.Seat(v.Players); o++ {
		if o == v.Seat {
			continue
		}
		var cards []string
		for _, c := range v.Counters[o].Cards() {
			cards = append(cards, ctx.Paint.StyledCard(c))
		}
		held := "nothing"
		if len(cards) > 0 {
			held = strings.Join(cards, " ")
		}
		parts = append(parts, sc.Verb(o, "hold")+" "+held)
		if sc.sideOf(o) != sc.sideOf(v.Seat) {
			theirs = append(theirs, parts[len(parts)-1])
		}
	}
	who := "another player"
	switch {
	case v.Players == 2:
		who = sc.Name(v.Seat.Other())
	case sc.Sides() < v.Players:
		who = "the other team"
	}
	// The hands are one way the cards may lie, not the others' hands:
	// "for instance" says so, or a list of nine cards reads as all of
	// them held.
	takes := who + " can take a trick"
	// With a partner, the other side's hands alone: the partner's hand,
	// which the claimer cannot see either, reads oddly named, and the
	// others' are shorter to say.
	named := parts
	if len(theirs) < len(parts) {
		named = theirs
	}
	// Every form opens the same way, who can take a trick, so that
	// refusals at one table read alike whichever form fits the note.
	return []string{
		takes + " if, for instance, " + kit.JoinAnd(named),
		takes + ", depending on how the cards you cannot see lie",
		takes,
	}
}

// lastWords say what last happened: a move, or a note of the host's.
func (s *Screen) lastWords(ctx *kit.Context, sc *Scene) string {
	sn := &s.snap
	n := sn.Note
	me := sn.Seat
	switch n.Kind {
	case host.NoteNone:
		if sn.Last != nil {
			return s.describe(ctx, sc, sn.Last)
		}
		return ""
	case host.NoteDealt:
		if sc.Board != "" {
			return fmt.Sprintf("%s: %s.", sc.Board, sc.Verb(n.Seat, "deal"))
		}
		return fmt.Sprintf("Deal %d: %s.", sn.DealNo, sc.Verb(n.Seat, "deal"))
	case host.NoteTakeback:
		if n.Seat == me {
			return "Taken back: decide again. (The game log notes that takebacks were used.)"
		}
		return sc.Name(n.Seat) + " took back a decision."
	case host.NoteClaimed:
		if sc.sideOf(n.Seat) == sc.sideOf(me) {
			return "Claim accepted: your side takes every remaining trick; its cards are played for it."
		}
		return sc.Name(n.Seat) + " claimed the rest of the deal: the cards are played for that side."
	case host.NoteBotFailed, host.NoteError:
		return "! " + n.Text
	case host.NoteDropped:
		return sc.Name(n.Seat) + " is away: the seat waits for them."
	case host.NoteBack:
		if n.Seat == me {
			return "You are back."
		}
		return sc.Name(n.Seat) + " is back."
	case host.NoteTakeover:
		return sc.Name(n.Seat) + " did not come back: a bot plays the seat until they do."
	}
	// The host's own words start with a name, written as its person
	// writes it ("ann", not "Ann").
	return n.Text + "."
}

// describe says a move in one line: "Bot played A♠: you won the trick",
// "West: pass", "ann's bot exchanged the dix".
func (s *Screen) describe(ctx *kit.Context, sc *Scene, m *host.Move) string {
	p := ctx.Paint
	who := sc.Name(m.Seat)
	switch {
	case m.By != host.ByTakeover:
	case m.Seat == sc.You:
		who = yourBot
	default:
		who += botSuffix
	}
	a := m.Action
	var line string
	switch a.Kind {
	case rules.PlayCard:
		line = fmt.Sprintf("%s played %s", who, p.StyledCard(a.Card))
		if w := kit.BellaWord(a); w != "" {
			line += " and said " + w
		}
		if m.TrickTo != rules.NoSeat {
			line += ": " + sc.Lower(m.TrickTo) + " won the trick"
		}
	case rules.Exchange:
		line = who + " exchanged the dix: took " + p.StyledCard(sc.V.OrigUpcard) + " for the " + p.StyledCard(rules.Dix(sc.V.OrigUpcard.Suit()))
	case rules.Give, rules.Draw:
		verb := map[rules.Kind]string{rules.Give: " gave ", rules.Draw: " drew "}[a.Kind]
		c := "a card"
		if a.Card != rules.NoCard {
			c = p.StyledCard(a.Card)
		}
		line = who + verb + c
	case rules.Name:
		line = who + ": " + p.SuitName(a.Suit)
	default:
		line = who + ": " + a.Words()
		// A declaration declined says which, as the table talk does:
		// "pass" would read as a bid. The move is the seat's last step,
		// though others may have moved since.
		if a.Kind == rules.Pass {
			h := sc.V.History()
			i := len(h) - 1
			for i >= 0 && h[i].Seat != m.Seat {
				i--
			}
			if i >= 0 && h[i].Action == a {
				if w := Declined(&sc.V, i); w != "" {
					line = who + ": " + w
				}
			}
		}
	}
	if m.By == host.ByClaim {
		line += " (claimed)"
	}
	return line
}

// explainChoice is the line under a menu: what the chosen item means.
func (s *Screen) explainChoice(ctx *kit.Context) string {
	v := &s.snap.View
	if !s.myTurn() {
		return ""
	}
	var items []rules.Action
	switch {
	case s.Bella != rules.NoCard:
		items = s.bellaItems()
	case v.Phase != rules.PhasePlay:
		items = s.menuItems()
	}
	if len(items) == 0 {
		return ""
	}
	if why := s.snap.Only; why != "" && len(items) == 1 {
		return onlyLine(why, items[0].Kind, ctx.Width-2)
	}
	return s.choiceLine(ctx, v, items, max(0, min(s.Menu, len(items)-1)))
}

// onlyLine says why a decision asked at a shared table has one answer
// (Snapshot.Only), and, when it fits in w, that everyone is asked: a
// declaration declined, whose answer (and how long it took) then tells
// the others nothing. A top card or a length asked is told truly by
// the rules: that needs no more.
func onlyLine(why string, k rules.Kind, w int) string {
	line := "Only answer: " + why + "."
	switch k {
	case rules.Top, rules.Length:
		return line
	}
	for _, more := range []string{" Everyone is asked, so it tells nothing.", " Everyone is asked."} {
		if kit.WidthOf(line+more) <= w {
			return line + more
		}
	}
	return line
}

// choiceLine is the explanation of items[i] of a menu at v, after the
// item's key and words as the menu writes them.
func (s *Screen) choiceLine(ctx *kit.Context, v *rules.View, items []rules.Action, i int) string {
	g := &ctx.Paint.Glyphs
	a := items[i]
	if a.Kind == rules.PlayCard {
		word := "bella"
		if hasBella(items, 50) {
			word = "menage"
		}
		if a.Bella {
			return kit.KeyTag(ctx.Keys.Bella) + " " + word + ": " + kit.ChoiceExplain(g, v, a)
		}
		return kit.KeyTag(ctx.Keys.NoBella) + " no " + word + ": play it and keep quiet, no " + word + " points"
	}
	e := kit.ChoiceExplain(g, v, a)
	if e == "" {
		return ""
	}
	// The line is drawn dim as a whole: the item's words without their
	// own colours.
	return ansi.Strip(s.itemLabel(ctx, a, i, fullLabel)) + ": " + e
}

// promptLines say what the person is to do, a decision as a menu
// (wrapped to a second line when it does not fit), with the places of
// its items relative to the first line.
func (s *Screen) promptLines(ctx *kit.Context, sc *Scene, w int) ([]string, []kit.Hit) {
	st := &ctx.Styles
	p := ctx.Paint
	sn := &s.snap
	v := &sn.View
	if !s.myTurn() {
		switch {
		case sn.Closed || sn.Kicked || sn.Watching && sn.Private:
			// The note says why: nobody is waited for here any more (a
			// spectator let go sees the game no further).
		case sn.Hold:
			// v, ?, q (and / where there is talk) do what the key line
			// says; every other key goes on.
			return []string{" " + st.Heading.Render("Trick over.") + " Enter, space or a key not listed below: the next trick."}, nil
		case s.botHolds():
			// A dropped person came back: the bot standing in makes the
			// move it was asked for, then the seat is theirs.
			return []string{" " + botHoldsLine}, nil
		case sn.Thinking != rules.NoSeat && int(sn.Thinking) < len(sn.Players) && sn.Players[sn.Thinking].Human:
			// A person's seat thinks only when a bot stands in for them.
			return []string{" A bot is thinking for " + sc.Name(sn.Thinking) + "…"}, nil
		case sn.Thinking != rules.NoSeat:
			return []string{" " + sc.Name(sn.Thinking) + " is thinking…"}, nil
		case Paused(sn):
			// Every player is away: the game waits for whichever comes
			// back, not for the seat whose turn it is.
			return []string{" Paused."}, nil
		case v.Phase != rules.PhaseOver && v.Turn != rules.NoSeat && int(v.Turn) < len(sn.Players) && v.Turn != sn.Seat:
			if left, ok := s.clockLeft(v.Turn); ok && left <= ClockShown {
				return []string{" Waiting for " + sc.Name(v.Turn) + "… a bot plays for them in " + seconds(left) + "."}, nil
			}
			return []string{" Waiting for " + sc.Name(v.Turn) + "…"}, nil
		}
		return []string{""}, nil
	}
	legend := "   " + st.Selected.Render(p.Glyphs.SelMark) + " selected  " + st.Playable.Render(p.Glyphs.PlayMark) + " playable"
	if v.Phase == rules.PhasePlay && s.Bella == rules.NoCard {
		line := " " + st.Heading.Render("Your lead:") + " choose a card and play it"
		if v.InTrick > 0 {
			line = " " + st.Heading.Render("Your turn:") + " answer " + p.StyledCard(v.Trick[0])
		}
		if kit.WidthOf(line+legend) <= w {
			line += legend
		}
		return []string{line}, nil
	}
	items := s.menuItems()
	prompt := s.menuPrompt(ctx, sc)
	if s.Bella != rules.NoCard {
		items = s.bellaItems()
	}
	// The full words first, as the trainer writes them ("[c] ♣ clubs"),
	// then the same a cell closer together (round two at four), then
	// the full words over two lines (the four-handed dealer in round
	// two, offered every suit, no trumps and pass), and only then the
	// fewest words, on one line or two.
	head := " " + st.Heading.Render(prompt)
	for _, lay := range []struct {
		form labelForm
		two  bool
	}{{fullLabel, false}, {fullTight, false}, {fullLabel, true}, {shortLabel, false}, {shortLabel, true}} {
		labels := make([]string, len(items))
		for i, a := range items {
			labels[i] = s.itemLabel(ctx, a, i, lay.form)
		}
		if !lay.two {
			gap := 2
			if lay.form == fullTight {
				gap = 1
			}
			line, hits := kit.MenuLineGap(ctx, head, labels, s.Menu, 0, gap)
			if kit.WidthOf(line) <= w {
				return []string{line}, hits
			}
			continue
		}
		// Two lines: the prompt and the first items, then the rest
		// under the first.
		half := (len(labels) + 1) / 2
		l1, h1 := kit.MenuLine(ctx, head, labels[:half], s.Menu, 0)
		l2, h2 := kit.MenuLine(ctx, kit.Repeat(" ", kit.WidthOf(prompt)+1), labels[half:], s.Menu-half, 1)
		if lay.form == shortLabel || max(kit.WidthOf(l1), kit.WidthOf(l2)) <= w {
			for i := range h2 {
				h2[i].Index += half
			}
			return []string{l1, l2}, append(h1, h2...)
		}
	}
	return nil, nil
}

// menuPrompt names the decision.
func (s *Screen) menuPrompt(ctx *kit.Context, sc *Scene) string {
	p := ctx.Paint
	v := &s.snap.View
	if s.Bella != rules.NoCard {
		// Named by what the card may be said with: the bella, the
		// menage, or either.
		items := s.bellaItems()
		switch bella, menage := hasBella(items, 20), hasBella(items, 50); {
		case bella && menage:
			return "Bella or menage?"
		case menage:
			return "Menage?"
		}
		return "Bella?"
	}
	switch v.Phase {
	case rules.PhaseDeclare:
		if as := v.Legal(); len(as) > 0 && as[0].Kind == rules.Give {
			// After a shlomo its declarer gives to the player drawn
			// from; after a cleopatra both partners give, each to the
			// other.
			h := v.History()
			kind, _ := rules.Declaration(h, len(h))
			return "Give " + sc.Lower(rules.Counterpart(v.Players, v.Seat, kind)) + ":"
		}
		return "Declare?"
	case rules.PhaseBid1:
		return "Your bid on " + p.StyledSuit(v.OrigUpcard.Suit()) + ":"
	case rules.PhaseSchmeiss:
		return sc.Name(v.Schmeisser) + " said schmeiss:"
	case rules.PhaseBid2:
		return "Round two:"
	case rules.PhaseDix:
		return "The dix:"
	case rules.PhaseSequences:
		b := v.OwnBest()
		if b.Len >= 3 && b.Set {
			// A set has no suit and so no top card: say its rank.
			return fmt.Sprintf("Sequences (yours: %d, %s):", b.Value(), strings.TrimSuffix(drill.MeldWords(b), fmt.Sprintf(" (%d)", b.Value())))
		}
		if b.Len >= 3 {
			return fmt.Sprintf("Sequences (yours: %d, %s high):", b.Value(), p.Glyphs.CardText(rules.NewCard(b.Top, b.Suit)))
		}
		return "Sequences:"
	}
	return "Your choice:"
}

// bellaWord is what the open question offers to say with s.Bella:
// "menage" when the card completes the menage, else "bella".
func (s *Screen) bellaWord() string {
	if hasBella(s.bellaItems(), 50) {
		return "menage"
	}
	return "bella"
}

// hasBella reports whether an announcement of n points is among as.
func hasBella(as []rules.Action, n int) bool {
	return slices.ContainsFunc(as, func(a rules.Action) bool { return a.Kind == rules.PlayCard && a.Bella && int(a.N) == n })
}

// labelForm is how much a menu item says, the first whose line (or two
// lines, promptLines) fits the window: its words in full ("[c] ♣ clubs",
// as the trainer writes it), the same with the items a cell closer
// (round two at four, with no trumps among the choices), or for a
// narrow window a suit by its sign alone ("[c] ♣") and the other items
// in their fewest words.
type labelForm int

const (
	fullLabel labelForm = iota
	fullTight
	shortLabel
)

// itemLabel is how the menu writes item i in form: its key in brackets
// (its letter, or its number) and its words.
func (s *Screen) itemLabel(ctx *kit.Context, a rules.Action, i int, form labelForm) string {
	p := ctx.Paint
	k := fmt.Sprint(i + 1)
	// The words are the trainer's (kit.ItemLabel) but for a card played
	// with or without bella, and in the shortest form.
	l := kit.TableActionLabel(ctx, a)
	declines := false
	if items := s.menuItems(); s.Bella == rules.NoCard && i < len(items) && items[i] == a {
		k, l = kit.MenuKeys(items)[i], kit.ItemLabel(ctx, items, i)
		declines = a.Kind == rules.Pass && kit.Declined(items) != rules.NoAction
	}
	if s.Bella != rules.NoCard {
		k = map[bool]string{true: "b", false: "n"}[a.Bella]
	}
	switch {
	case declines:
		// "no shlomo" is as short as it is said.
	case a.Kind == rules.PlayCard:
		l = "play " + p.StyledCard(a.Card) + " without " + s.bellaWord()
		if w := kit.BellaWord(a); w != "" {
			l = "play " + p.StyledCard(a.Card) + " and say " + w
		}
	case form != shortLabel:
	case a.Kind == rules.Name && a.Suit == rules.NoTrumps:
	case a.Kind == rules.Name && ctx.ASCII:
		// In ASCII a letter alone would read as a key (H is the hint's):
		// the name alone is as short and cannot.
		l = a.Suit.Name()
	case a.Kind == rules.Name:
		l = p.StyledSuit(a.Suit)
	case a.Kind != rules.Shlomo && a.Kind != rules.Cleopatra && a.Kind != rules.Give:
		l = a.Words()
	}
	return "[" + k + "] " + l
}

// KeyHelp is the table's keys as help: the short help (the status
// line) lists the keys that work now.
func (s *Screen) KeyHelp(k *kit.KeyMap) help.KeyMap {
	sn := &s.snap
	if sn.Watching && !(sn.Over && s.overSeen) {
		h := kit.KeyHelp{Short: s.watchHelp(k)}
		h.Full = [][]key.Binding{h.Short}
		if s.snap.HasDeal && !s.snap.Closed && !s.snap.Private {
			// The v list scrolls for a spectator as at a seat.
			h.Full[0] = append(slices.Clone(h.Short), kit.Spelled("scroll the v list", k.Up, k.Down),
				kit.PageKeys("scroll the v list a page"), kit.EndKeys("the first or last line of the v list"))
		}
		return h
	}
	var drop []key.Binding
	if s.cfg.Shared {
		drop = append(drop, k.Undo, k.Claim)
	} else if sn.NoTakebacks || !sn.Can.Undo && !sn.Can.Act {
		drop = append(drop, k.Undo)
	}
	// A duplicate board has no hint, nor a game the host gives none in
	// (a rated game between people): H is not offered there.
	hint := s.cfg.Board == "" && !sn.NoHints && (sn.Can.Hint || !sn.Can.Act)
	if !hint {
		drop = append(drop, k.Hint)
	}
	h := kit.KeyHelp{Full: kit.PlayHelp(k, sn.Options, drop...)}
	if s.cfg.Shared && k.QuitWord != "" {
		// A shared game does not wait as a game alone does: the seat
		// waits a while, then a bot plays it until the person is back.
		const away = "the seat waits a while, then a bot plays it until you come back"
		for i, b := range h.Full[0] {
			switch b.Help().Key {
			case k.Quit.Help().Key:
				h.Full[0][i] = kit.Bind(b.Help().Key, k.QuitWord+" (asks first; "+away+")", b.Keys()...)
			case k.ForceQuit.Help().Key:
				h.Full[0][i] = kit.Bind(b.Help().Key, "end the connection at once ("+away+")", b.Keys()...)
			}
		}
	}
	// esc, after n: the bella question's third answer, as its key line
	// says (the v list and the hint say themselves that esc closes them).
	question := "bella"
	if sn.Options.Menage {
		question = "bella or menage"
	}
	esc := kit.Bind(k.Back.Help().Key, "at the "+question+" question: choose another card", k.Back.Keys()...)
	at := slices.IndexFunc(h.Full[0], func(b key.Binding) bool { return b.Help().Key == k.NoBella.Help().Key })
	h.Full[0] = slices.Insert(h.Full[0], at+1, esc)
	if s.canTalk() {
		h.Full[0] = append(h.Full[0], kit.Bind("/", "talk to the table: enter says the line, esc cancels (a rated table of three or four is quiet while a deal is played: / then says why and until when, and / again opens the box for /mute NAME); the v list ends with the table talk, every line whole (end goes to it)", "/"))
	}
	b := kit.Brief
	undo := func(bs []key.Binding) []key.Binding {
		if u, ok := s.undoKey(k); ok {
			return append(bs, u)
		}
		return bs
	}
	switch {
	case sn.Over && s.overSeen && !s.tricks:
		// The keys the screen offers, in its words (enter only says
		// which they are).
		h.Short = s.overKeys(k)
		h.Full = [][]key.Binding{h.Short, {kit.Spelled("scroll the score pad when it is cut", k.Up, k.Down),
			kit.PageKeys("scroll the score pad a page")}}
		if sn.HasDeal {
			// A game alone has no talk: the list then ends with the pad.
			what := "the last deal's list and the score pad"
			if s.cfg.Talk != nil {
				what = "the last deal's list, the score pad and the whole table talk"
			}
			h.Full[1] = append(h.Full[1], kit.Brief(what+" (v or esc closes it; ↑/↓, home and end scroll it)", k.LastTrick))
		}
		return h
	case s.tricks:
		h.Short = []key.Binding{kit.Either("closes the list", k.LastTrick, k.Back)}
	case (sn.Closed || sn.Kicked) && !sn.Over:
		// The seat can do nothing more: look at the tricks, or leave
		// (a shared seat leaves on enter or esc).
		h.Short = []key.Binding{b(listWord, k.LastTrick)}
		var lead []key.Binding
		if s.cfg.Shared {
			h.Short = append(h.Short, kit.Either("back to the lobby", k.Choose, k.Back))
			lead = append(lead, kit.Either("back to the lobby (esc closes the v list first)", k.Choose, k.Back))
		}
		h.Full = s.waitHelp(k, h.Full[0], lead...)
	case sn.Between || sn.Over:
		h.Short = []key.Binding{b(listWord, k.LastTrick)}
		h.Full = s.waitHelp(k, h.Full[0], s.resultHelp(k)...)
	case sn.Hold:
		h.Short = []key.Binding{kit.Bind("enter/space", "next trick"), b(listWord, k.LastTrick)}
		h.Full = s.waitHelp(k, h.Full[0], kit.Bind(k.Choose.Help().Key, "the next trick (so does any key this help does not list)", k.Choose.Keys()...))
	case !s.myTurn():
		h.Short = undo([]key.Binding{b(listWord, k.LastTrick), b("sort", k.SortHand)})
		claimed := sn.Claimer != rules.NoSeat && rules.SideOfSeat(sn.View.Players, sn.Claimer) == rules.SideOfSeat(sn.View.Players, sn.Seat)
		if n := len(s.hand()); sn.View.Phase == rules.PhasePlay && n > 0 && !claimed && !s.botHolds() {
			// The arrows and digits are kept for the person's turn, where
			// enter plays the card they point at; the digits are those of
			// the cards held, as on the person's turn ("1-8" with eight).
			// Not while the side's claim plays its cards for it, nor while
			// a bot plays the seat to the deal's end.
			h.Short = append(h.Short, kit.Bind(b("", k.Left, k.Right).Help().Key+" "+k.NthFor(n, "").Help().Key, "choose ahead"))
		}
	case s.Bella != rules.NoCard:
		w := s.bellaWord()
		h.Short = []key.Binding{b(w, k.Bella), b("no "+w, k.NoBella)}
		// esc closes an open hint before it goes back to another card.
		if !s.hintOpen() {
			h.Short = append(h.Short, b("another card", k.Back))
		}
		if hint {
			h.Short = append(h.Short, s.hintKey(k))
		}
	case sn.View.Phase == rules.PhasePlay:
		// A digit plays its card as enter plays the one chosen: one
		// hint says both, with the numbers of the cards held.
		h.Short = playByNumber([]key.Binding{b("choose", k.Left, k.Right), b("play", k.Choose), k.NthFor(len(s.hand()), "card")})
		// b only when a card may be played with bella now: at any other
		// time it is refused.
		switch legal := sn.View.Legal(); {
		case hasBella(legal, 50):
			h.Short = append(h.Short, b("menage", k.Bella))
		case hasBella(legal, 0):
			h.Short = append(h.Short, b("bella", k.Bella))
		}
		h.Short = undo(append(h.Short, b(listWord, k.LastTrick), b("sort", k.SortHand)))
		if c, ok := s.claimKey(k); ok {
			h.Short = append(h.Short, c)
		}
		if hint {
			h.Short = append(h.Short, s.hintKey(k))
		}
	default:
		// The letters of the menu's items, as the menu writes them (a
		// number is not one).
		var letters []string
		for _, l := range kit.MenuKeys(sn.View.Legal()) {
			if !strings.ContainsAny(l, "0123456789") {
				letters = append(letters, l)
			}
		}
		h.Short = undo([]key.Binding{b("choose", k.Left, k.Right), b("confirm", k.Choose),
			// A choice's key is the letter in brackets before it ("[p]
			// pass"): the hint says so in words, not with a letter of
			// its own that would read as a key ("x for [x]").
			key.NewBinding(key.WithKeys(letters...), key.WithHelp("[ ] letter", "picks")),
			b(listWord, k.LastTrick), b("sort", k.SortHand)})
		if hint {
			h.Short = append(h.Short, s.hintKey(k))
		}
	}
	if s.talkOffered() {
		h.Short = append(h.Short, kit.Bind("/", "talk"))
	}
	if s.cfg.Keys != nil {
		more := s.cfg.Keys()
		h.Short = append(h.Short, more.Short...)
		h.Full = append(h.Full, more.Full...)
	}
	h.Short = append(h.Short, b("help", k.Help), k.QuitHint())
	return h
}

// waitHelp is the full help of a screen that waits rather than asks a
// decision (a deal's result, a trick held on the table, a seat that can
// do no more): lead, the keys that go on from it, then those of all
// (the table's keys, as the help words them here) that still act: the
// v list and its scrolling, talk, the help and quitting. The keys of
// the play (cards, bella, claim, undo, hint) do nothing there, so the
// help leaves them out.
func (s *Screen) waitHelp(k *kit.KeyMap, all []key.Binding, lead ...key.Binding) [][]key.Binding {
	keys := append([]key.Binding{}, lead...)
	for _, b := range all {
		switch b.Help().Key {
		case k.LastTrick.Help().Key, kit.PageKeys("").Help().Key, kit.EndKeys("").Help().Key, "/", k.Help.Help().Key, k.Quit.Help().Key, k.ForceQuit.Help().Key:
			keys = append(keys, b)
		}
		if b.Help().Key == k.LastTrick.Help().Key {
			keys = append(keys, kit.Spelled("scroll the v list", k.Up, k.Down))
		}
		if b.Help().Key == kit.PageKeys("").Help().Key {
			keys = append(keys, kit.Bind(k.Back.Help().Key, "close the v list", k.Back.Keys()...))
		}
	}
	mouse := "a click anywhere goes on"
	if !s.waitsForKey() {
		mouse = "nothing to click here"
	}
	return [][]key.Binding{keys, {kit.Bind("mouse", mouse)}}
}

// resultHelp is what goes on from a deal's result, as its line says:
// enter to the next deal, or after the last to the game's end (n too).
func (s *Screen) resultHelp(k *kit.KeyMap) []key.Binding {
	sn := &s.snap
	enter := func(desc string) key.Binding { return kit.Bind(k.Choose.Help().Key, desc, k.Choose.Keys()...) }
	switch {
	case sn.Over && s.cfg.AfterBoard != nil:
		return []key.Binding{enter("go on: the board is played")}
	case sn.Over:
		n := "the end of the game, as enter"
		if s.cfg.Shared && sn.Can.Again {
			n = "the end of the game, asking the table to play again"
		}
		return []key.Binding{enter("go on to the end of the game: its score and what to do next"),
			kit.Bind(k.New.Help().Key, n, k.New.Keys()...)}
	case sn.Can.Ready:
		return []key.Binding{enter("go on to the next deal")}
	}
	// Gone on already: the next deal waits for the other seats.
	return nil
}

// undoKey is u as the key line names it, and whether it takes back a
// decision now (the host says whether one may be).
func (s *Screen) undoKey(k *kit.KeyMap) (key.Binding, bool) {
	return kit.Brief("undo", k.Undo), s.snap.Can.Undo
}

// claimKey is c as the key line names it, and whether it claims now:
// in the card play with no bella question open (elsewhere c is a menu
// letter), where the host takes a claim.
func (s *Screen) claimKey(k *kit.KeyMap) (key.Binding, bool) {
	sn := &s.snap
	return kit.Brief("claim", k.Claim), sn.Can.Claim && sn.View.Phase == rules.PhasePlay && s.Bella == rules.NoCard
}

// hintKey is H in the key line: it opens the hint, or closes it (esc
// too) while it is open, as the hint's last line says.
func (s *Screen) hintKey(k *kit.KeyMap) key.Binding {
	if s.hintOpen() {
		return kit.Either(closeHintWord, k.Hint, k.Back)
	}
	return kit.Brief("hint", k.Hint)
}

// closeHintWord is what H does in the key line while the hint is open.
const closeHintWord = "close the hint"

// listWord names the v list in the key line as the help and the
// replay's footer do ("v tricks"): "history" is the saved games. The
// list holds the deal's words then its tricks. Short, so that the key
// keeps its place in the bidding's line at 80 columns.
const listWord = "tricks"

// keyHints lists the keys that work now in the window's width. The
// whole line is shown with " · " between the hints when it fits;
// otherwise with the hints two spaces apart (narrower by a cell a gap)
// when that holds every key. Where it does not, the least needed keys
// go one at a time, and at each step the line takes " · " if it fits
// so, two spaces apart if only that fits: " · " is the line's form
// whenever the room allows it.
// Every key that works is listed while the line holds them; the least
// needed then go, one at a time, until it fits: the sort, then the
// arrows (a digit plays a card, the
// keys in brackets answer a menu, and the help lists them), and only
// then the v list, which outranks them: it stays whenever the line
// can hold it. While the hint is open on a card to play, the line
// says how to close it instead: v goes after the sort, then "H or
// esc" becomes "H/esc", then goes (the hint's last line says how to
// close it), before the arrows. Past that, claim (the help lists it)
// before the words get shorter; in a menu the hint goes first. The
// steps are the same with -ascii, whose arrows are wider. The line
// never runs off the screen, and the key that commits the decision
// (enter) is never left out.
func (s *Screen) keyHints(ctx *kit.Context) string {
	bs, w := s.KeyHelp(&ctx.Keys).ShortHelp(), ctx.Width-2
	// FitHintLine with room for anything is the line as shown.
	if line := kit.FitHintLine(ctx, bs, math.MaxInt); kit.WidthOf(line) <= w {
		return line
	}
	fit := func(bs []key.Binding) (string, bool) {
		if line := kit.FitHintLine(ctx, bs, math.MaxInt); kit.WidthOf(line) <= w {
			return line, true
		}
		line := spacedHints(ctx, bs)
		return line, kit.WidthOf(line) <= w
	}
	without := func(bs []key.Binding, desc string) []key.Binding {
		return slices.DeleteFunc(slices.Clone(bs), func(b key.Binding) bool { return b.Help().Desc == desc })
	}
	if line, ok := fit(bs); ok {
		return line
	}
	bs = without(bs, "sort")
	if line, ok := fit(bs); ok {
		return line
	}
	play := slices.ContainsFunc(bs, func(b key.Binding) bool { return b.Help().Desc == "play" })
	drop := []string{"choose", listWord}
	if play && slices.ContainsFunc(bs, func(b key.Binding) bool { return b.Help().Desc == closeHintWord }) {
		// While the hint is open the line says how to close it: the v
		// list goes first, then the open hint's "H or esc" becomes
		// "H/esc", then it goes too (the hint's last line says how to
		// close it), before the arrows.
		bs = without(bs, listWord)
		if line, ok := fit(bs); ok {
			return line
		}
		bs = slices.Clone(bs)
		for i, b := range bs {
			if h := b.Help(); h.Desc == closeHintWord {
				bs[i] = kit.Bind(strings.Replace(h.Key, " or ", "/", 1), h.Desc, b.Keys()...)
			}
		}
		if line, ok := fit(bs); ok {
			return line
		}
		drop = []string{closeHintWord, "choose"}
	}
	for _, d := range drop {
		bs = without(bs, d)
		if line, ok := fit(bs); ok {
			return line
		}
	}
	if play {
		return kit.FitHintLine(ctx, bs, w, "claim", "card")
	}
	return kit.FitHintLine(ctx, bs, w, "hint", closeHintWord, "card")
}

// spacedHints is the line of bs with two spaces between the hints in
// place of " · ", as the screen shows it: narrower by one cell a gap.
func spacedHints(ctx *kit.Context, bs []key.Binding) string {
	parts := make([]string, len(bs))
	for i, b := range bs {
		parts[i] = kit.HintLine([]key.Binding{b})
	}
	return ctx.Shown(strings.Join(parts, "  "))
}

// playByNumber joins the card numbers to enter in one hint, "enter/1-7
// play", as a digit plays its card as enter plays the one chosen.
func playByNumber(bs []key.Binding) []key.Binding {
	play := slices.IndexFunc(bs, func(b key.Binding) bool { return b.Help().Desc == "play" })
	card := slices.IndexFunc(bs, func(b key.Binding) bool { return b.Help().Desc == "card" })
	if play < 0 || card < 0 {
		return bs
	}
	p, c := bs[play], bs[card]
	out := slices.Clone(bs)
	out[play] = key.NewBinding(key.WithKeys(append(slices.Clone(p.Keys()), c.Keys()...)...),
		key.WithHelp(p.Help().Key+"/"+c.Help().Key, "play"))
	return slices.Delete(out, card, card+1)
}
