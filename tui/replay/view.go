package replay

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/table"
)

// View draws the replay at the position.
func (s *Screen) View(ctx *kit.Context) string {
	st := &ctx.Styles
	w, h := ctx.Width, ctx.Height
	if len(s.r.Deals) == 0 {
		lines := append(kit.Titled(ctx, "Replay · "+s.name), "", " This log has no deal yet: there is nothing to replay.", "")
		for _, l := range hintLines(s.KeyHelp(&ctx.Keys).ShortHelp(), w-1, ctx.ASCII) {
			lines = append(lines, " "+st.Dim.Render(l))
		}
		return kit.Canvas(lines, w, h)
	}
	sc, d := s.scene(ctx)
	bottom := s.bottomLines(ctx, sc, &d)
	hand := table.Hand{Cards: kit.ViewHand(&sc.V, s.cfg.Sort), Cursor: -1}
	if s.tricks {
		body := append(sc.TrickList(ctx, w), " "+st.Dim.Render("v or esc closes the list"))
		out, _ := table.RenderPanel(ctx, sc, hand, body, bottom)
		return out
	}
	if s.over() {
		return s.resultView(ctx, sc, bottom)
	}
	out, _ := table.Render(ctx, sc, hand, bottom)
	return out
}

// over reports whether the position is the end of a deal played out.
func (s *Screen) over() bool {
	rd := &s.r.Deals[s.pos.deal]
	return rd.Done && s.pos.n == len(rd.Steps)
}

// takeover names the bot that played step i of rd for a person who had
// dropped from a shared table, as the table said it ("ann's bot", "Your
// bot"); "" for a step the seat's player made.
func (s *Screen) takeover(sc *table.Scene, rd *gamelog.ReplayDeal, i int) string {
	if i < 0 || i >= len(rd.Steps) || !s.takeovers.Has(rd.No, i) {
		return ""
	}
	if seat := rd.Steps[i].Seat; seat != sc.You {
		return sc.Name(seat) + "'s bot"
	}
	return "Your bot"
}

// forcedSteps are the steps of deal k (rd) that the game took for the
// person said "you" (a local game's, who is not asked a move with one
// answer), with the reason the table gave, so that the talk reads as it
// did: "You: good (automatic: you hold no sequence)". A bot's move for
// them is not theirs; another seat's was chosen. Made once a deal, on
// its first frame: it replays the deal from its start.
//
// Their reasons speak to the person ("you hold no sequence"), who is
// said "you" in every view.
func (s *Screen) forcedSteps(k int, rd *gamelog.ReplayDeal) map[int]string {
	if s.person == rules.NoSeat {
		return nil
	}
	if out, ok := s.forced[k]; ok {
		return out
	}
	out := map[int]string{}
	if s.forced == nil {
		s.forced = map[int]map[int]string{}
	}
	s.forced[k] = out
	d := rd.At(0)
	for i, st := range rd.Steps {
		if st.Seat == s.person && !s.takeovers.Has(rd.No, i) {
			v := d.View(st.Seat)
			if why, ok := session.ForcedReason(&v); ok {
				out[i] = why
			}
		}
		d.ApplyUnchecked(st.Action)
	}
	return out
}

// scene is the position as the table draws it: the bottom seat's view,
// the hands shown open, the talk marked with the analysis' grades.
func (s *Screen) scene(ctx *kit.Context) (*table.Scene, rules.Deal) {
	rd := &s.r.Deals[s.pos.deal]
	d := rd.At(s.pos.n)
	h := &s.r.Header
	// The person is "you" in every view, theirs or another seat's, as
	// in their own: one name for them wherever they sit on the screen.
	// The words of sides are the person's in every view ("us", "them"),
	// so a bare "partner" over the seat across says the person's
	// partner only in the person's own view. In another seat's view
	// the seat across is named whose partner it is ("bob's partner"),
	// as a spectator's table does. With no person, no side is "us":
	// "partner" is the bottom seat's, whose hand is named under it.
	watching := s.person != rules.NoSeat && s.bottom != s.person
	sc := &table.Scene{V: d.View(s.bottom), You: s.person, DealNo: rd.No, Totals: rd.Before, Next: rules.NoCard,
		Board: s.cfg.Board, Watching: watching}
	sc.Who = func(i int) string { return s.takeover(sc, rd, i) }
	// The next step's too: the line under the step says it will be
	// automatic.
	forced, n := s.forcedSteps(s.pos.deal, rd), min(s.pos.n+1, len(rd.Steps))
	sc.Forced = func(i int) (string, bool) {
		why, ok := forced[i]
		return why, ok && i < n
	}
	for o := range rules.Seat(s.r.Players()) {
		// The level under the name, unless the log's name says it
		// already (a match log names its bots by their level: "normal"
		// once).
		tag := h.Level(o)
		if tag == gamelog.Human || o == s.person || gamelog.NameIsLevel(h.PlayerName(o), tag) {
			tag = ""
		}
		sc.Players = append(sc.Players, table.Player{Name: s.seatName(ctx, o), Tag: tag})
		if s.open && o != s.bottom {
			sc.Open[o] = d.Hand(o)
		}
	}
	for i := 0; i < s.pos.deal; i++ {
		if s.r.Deals[i].Done {
			sc.Pad = append(sc.Pad, s.r.Deals[i].Score)
		}
	}
	if s.over() {
		sc.Totals = rd.After
		sc.Pad = append(sc.Pad, rd.Score)
	}
	if s.pos.n < len(rd.Steps) {
		if st := rd.Steps[s.pos.n]; st.Seat == s.bottom && st.Action.Kind == rules.PlayCard {
			sc.Next = st.Action.Card
		}
	}
	steps := rd.Steps
	deal := s.pos.deal
	if s.on && s.report != nil {
		// The grades are shown: the panel lists the graded card plays
		// too, and is headed so.
		sc.Mark = func(i int) string {
			// A chance step (a shlomo draw) is nobody's decision.
			if i < 0 || i >= len(steps) || steps[i].Seat == rules.ChanceSeat {
				return ""
			}
			return s.markOf(ctx, deal, i)
		}
	}
	return sc, d
}

// seatName is the name of seat o as drawn: the log's, but for a seat
// the log names "you" that is not the person said "you" (two seats so
// named, or someone else's play), which goes by its letter as klob
// analyze names it ("player A"): never a place at the table, which
// would disagree with where the view shown puts it. It is ctx.Shown
// (under -ascii a wide letter is one '?'), so that what measures the
// name measures it as wide as the App shows it.
func (s *Screen) seatName(ctx *kit.Context, o rules.Seat) string {
	name := s.r.Header.PlayerName(o)
	if o != s.person && strings.EqualFold(name, "you") {
		name = "player " + o.String()
	}
	return ctx.Shown(name)
}

// bottomLines are the rule, where the replay stands, the last step with
// its grade, the analysis and the keys.
func (s *Screen) bottomLines(ctx *kit.Context, sc *table.Scene, d *rules.Deal) []string {
	st := &ctx.Styles
	w := ctx.Width
	rd := &s.r.Deals[s.pos.deal]
	who := "every hand open"
	if !s.open {
		who = ownView(sc, s.bottom)
	}
	where := fmt.Sprintf("deal %d of %d", rd.No, len(s.r.Deals))
	if s.cfg.Board != "" {
		// "Board 3 of 8" heads a board's screens; here it goes on the
		// line in lower case, as "deal 3 of 9" does.
		where = strings.ToLower(s.cfg.Board[:1]) + s.cfg.Board[1:]
	}
	place := fmt.Sprintf(" Replay · %s · step %d of %d · %s", where, s.pos.n, len(rd.Steps), who)
	// The file's name is shortened to the room the widest of these
	// lines leaves, so that it reads the same at every step and view.
	room := w - s.widestPlace(ctx) - 4
	name := kit.ElideName(ctx.Shown(s.name), room, ctx.Ellipsis())
	if name != "" {
		place += " · " + name
	}
	// A step with its grade and the better card runs past 80 columns:
	// it wraps under its words, on two lines at most, so that the
	// better card is never cut off.
	step := []string{s.stepLine(ctx, sc, d)}
	if kit.WidthOf(step[0]) > w {
		step = kit.Hang(" ", "   ", kit.WrapAtSpaces(strings.TrimPrefix(step[0], " "), max(1, w-3), 2, ctx.Ellipsis()))
	}
	// Whose turn comes next goes on a line of its own under the step,
	// at every step alike: the step line keeps its width and its
	// sentence, and the table does not move as the line would wrap.
	if next := turnWords(sc, s.pos.n); next != "" && !s.goTo && s.note == "" {
		// An automatic move's reason may run past 80 columns: it wraps
		// as the step does.
		if kit.WidthOf(next) > w {
			step = append(step, kit.Hang(" ", "   ", kit.WrapAtSpaces(strings.TrimPrefix(next, " "), max(1, w-3), 2, ctx.Ellipsis()))...)
		} else {
			step = append(step, next)
		}
	}
	if c := claimLine(sc, rd, s.pos.n); c != "" {
		step = append(step, c)
	}
	out := []string{kit.Rule(ctx, w)}
	for _, line := range slices.Concat([]string{place}, step, s.analysisLines(ctx, sc, w)) {
		out = append(out, kit.Clip(line, w))
	}
	for _, l := range hintLines(s.KeyHelp(&ctx.Keys).ShortHelp(), w-1, ctx.ASCII) {
		out = append(out, " "+st.Dim.Render(kit.Clip(l, w-1)))
	}
	return out
}

// claimLine says, from the point a claim came in rd on (n steps
// shown), who claimed and how the cards after it were played: "You
// claimed the rest of the deal: the remaining cards were played out."
// "" before the claim or in a deal without one.
func claimLine(sc *table.Scene, rd *gamelog.ReplayDeal, n int) string {
	c := rd.Claim
	if c == nil || n < c.Step {
		return ""
	}
	how := "the remaining cards were played out"
	if !c.PlayedOut {
		how = "the players played the remaining cards"
	}
	return " " + sc.Name(c.Seat) + " claimed the rest of the deal: " + how + "."
}

// widestPlace is the width of the widest line of where the replay
// stands, over the game's deals, steps and views, before the file's
// name, the names measured as drawn. It depends only on the log and on
// -ascii, so it is worked out once for each and kept.
func (s *Screen) widestPlace(ctx *kit.Context) int {
	i := 0
	if ctx.ASCII {
		i = 1
	}
	if s.widest[i] == 0 {
		s.widest[i] = s.measurePlace(ctx)
	}
	return s.widest[i]
}

// measurePlace is widestPlace, measured afresh.
func (s *Screen) measurePlace(ctx *kit.Context) int {
	most := 0
	for i := range s.r.Deals {
		most = max(most, len(s.r.Deals[i].Steps))
	}
	n := len(s.r.Deals)
	where := fmt.Sprintf("deal %d of %d", n, n)
	if s.cfg.Board != "" {
		where = s.cfg.Board
	}
	// Every seat's view as it is named when shown, "your view" for the
	// person's own, whatever the view shown now.
	who := max(kit.WidthOf("every hand open"), kit.WidthOf("your view"))
	for o := range rules.Seat(s.r.Players()) {
		if o != s.person {
			who = max(who, kit.WidthOf(s.seatName(ctx, o)+"'s view"))
		}
	}
	return kit.WidthOf(fmt.Sprintf(" Replay · %s · step %d of %d · ", where, most, most)) + who
}

// ownView names one seat's view: "your view", "West's view".
func ownView(sc *table.Scene, seat rules.Seat) string {
	if seat == sc.You && seat != rules.NoSeat {
		return "your view"
	}
	return sc.Players[seat].Name + "'s view"
}

// resultView is the end of a deal: its result as the table shows it,
// and with the analysis the points each seat lost there by grade.
func (s *Screen) resultView(ctx *kit.Context, sc *table.Scene, bottom []string) string {
	st := &ctx.Styles
	w, h := ctx.Width, ctx.Height
	rd := &s.r.Deals[s.pos.deal]
	lines := []string{sc.Header(ctx, w), kit.Rule(ctx, w),
		" " + st.Heading.Render(sc.OverTitle(rd.No)), ""}
	lines = append(lines, sc.ResultLines(ctx, rd.Score, rd.Ending, rd.Schmeisser, w)...)
	// The game's winner is in the result's game row ("won by …").
	withLast := lines
	if last := sc.LastTrickLines(ctx, w); last != nil && rd.Score.Outcome != rules.Abandoned {
		withLast = append(append(lines[:len(lines):len(lines)], ""), last...)
	}
	room := h - len(bottom)
	// With the analysis, the points each seat lost this deal by grade:
	// in rows when they fit, else in a line or a few. Where none fits
	// under the last trick, the last trick gives way (a step back shows
	// it on the table), then the page's title (the header and the place
	// line name the deal): the summary is this page's alone. Where none
	// fits even so, it is left out (the analysis line still sums it up).
	page := withLast
	if rows, briefs := s.lostByGrade(ctx, sc, w); rows != nil {
		forms := append([][]string{append([]string{""}, rows...)}, briefs...)
		untitled := slices.Delete(slices.Clone(lines), 2, 3)
	fit:
		for _, above := range [][]string{withLast, lines, untitled} {
			for _, f := range forms {
				if all := table.DropBlanks(slices.Concat(above, f), room); len(all) <= room {
					page = all
					break fit
				}
			}
		}
	}
	lines = kit.Padded(table.DropBlanks(page, room), room)
	return kit.Canvas(append(lines[:max(0, room)], bottom...), w, h)
}

// stepLine says where the replay stands: the go-to prompt, or the last
// step taken with its grade.
func (s *Screen) stepLine(ctx *kit.Context, sc *table.Scene, d *rules.Deal) string {
	st := &ctx.Styles
	rd := &s.r.Deals[s.pos.deal]
	switch {
	case s.goTo:
		return fmt.Sprintf(" %s %s%s  (1 to %d; enter goes, esc cancels)", st.Heading.Render("Go to deal:"), s.digits,
			st.Selected.Render("_"), len(s.r.Deals))
	case s.note != "":
		return " " + st.Error.Render("! "+s.note)
	case s.pos.n == 0 && s.cfg.Board != "":
		// A board is the first deal of its log: its number is the
		// board's, not "Deal 1".
		return fmt.Sprintf(" The board as dealt: %s.", sc.Verb(rd.Dealer, "deal"))
	case s.pos.n == 0:
		return fmt.Sprintf(" Deal %d as dealt: %s.", rd.No, sc.Verb(rd.Dealer, "deal"))
	}
	i := s.pos.n - 1
	step := rd.Steps[i]
	who := cmp.Or(s.takeover(sc, rd, i), sc.Name(step.Seat))
	act := step.Action
	// A card drawn or given between two other players (shlomo,
	// cleopatra) is not shown in one seat's view: that seat's history
	// holds it as NoCard, and its table talk says "a card unseen".
	if h := sc.V.History(); !s.open && i < len(h) && h[i].Action.Card == rules.NoCard &&
		(act.Kind == rules.Draw || act.Kind == rules.Give) {
		act.Card = rules.NoCard
	}
	did := actionText(ctx, act, d)
	if w, ok := swapText(ctx, sc, rd.Steps, i, act); ok {
		did = w
	}
	// A declaration declined says which, as the table talk does.
	if h := sc.V.History(); i < len(h) && h[i].Seat == step.Seat && h[i].Action == step.Action {
		if w := table.Declined(&sc.V, i); w != "" {
			did = "said " + w
		}
	}
	line := fmt.Sprintf(" Step %d: %s %s", s.pos.n, who, did)
	if step.Seat == rules.ChanceSeat {
		line = fmt.Sprintf(" Step %d: by chance, %s", s.pos.n, did)
	}
	// The step is a sentence, its grade's note in it: "Step 3: Ann
	// played 7♦ · best.", as the replay's other lines are sentences.
	stop := ""
	if s.pos == s.end() && !s.finished() {
		stop = " The log stops here."
	}
	dec := s.decision(s.pos.deal, i)
	why, auto := "", false
	if sc.Forced != nil {
		why, auto = sc.Forced(i)
	}
	switch {
	case auto:
		// Taken for the person, said as the table's talk said it; its
		// one choice needs no grade.
		return line + ctx.Styles.Dim.Render(" (automatic: "+why+")") + "." + stop
	case rd.ClaimedAt(i):
		// Played for the side after its claim: nobody's decision.
		return line + ctx.Styles.Dim.Render(" (played out after the claim)") + "." + stop
	case dec == nil || step.Seat == rules.ChanceSeat:
		return fullStop(line) + stop
	case dec.ByBot:
		// A bot's move for the person, as klob analyze counts it.
		return line + ctx.Styles.Dim.Render(" (not graded: made by a bot in the seat)") + "." + stop
	case dec.Grade == analysis.NotGraded:
		// The analysis grades the seats people played (every seat when
		// none did): a seat it left out was a bot's. "Forced" would say
		// it had no choice; the grades' " · " is not used, as no grade.
		return line + ctx.Styles.Dim.Render(" (not graded: a bot's decision)") + "." + stop
	}
	// The better action of a hidden hand would show its cards. It is
	// named as the trainer and the hint name an option ("name clubs").
	better := ""
	if s.open || step.Seat == s.bottom {
		better = kit.OptionLabel(ctx, dec.Best)
	}
	return line + gradeNote(ctx, dec, better) + "." + stop
}

// fullStop ends sentence s with a full stop, unless it ends with its
// own "?" or "!" ("North said how high?"): a stop after one is stray.
func fullStop(s string) string {
	if strings.HasSuffix(s, "?") || strings.HasSuffix(s, "!") {
		return s
	}
	return s + "."
}

// turnWords say whose turn comes next at the position shown, as the
// rules give it (the view's Turn and Phase), for every seat alike, the
// bottom one too, whose name has no turn mark on the table: " Next: you
// to bid.", " Next: West to answer." (a claim stands in the sequence
// dialogue); "" once the deal is over. A move the game takes for the
// person (sc.Forced of step n, the next) is said automatic, with why, as
// the table's talk says it: " Next: you to answer (automatic: you hold
// no sequence)."
func turnWords(sc *table.Scene, n int) string {
	v := &sc.V
	t := v.Turn
	switch {
	case t == rules.ChanceSeat:
		return " Next: a card drawn by chance."
	case t == rules.NoSeat || int(t) >= v.Players || v.Phase == rules.PhaseOver:
		return ""
	}
	verb := "bid"
	switch v.Phase {
	case rules.PhaseSchmeiss:
		verb = "answer the schmeiss"
	case rules.PhaseDix:
		verb = "exchange the dix or not"
	case rules.PhaseSequences:
		verb = "speak"
		if claimant, _, _, _ := v.Claim(); claimant != rules.NoSeat {
			verb = "answer"
		}
	case rules.PhasePlay:
		verb = "play"
	case rules.PhaseDeclare:
		verb = "declare"
	}
	if sc.Forced != nil {
		if why, ok := sc.Forced(n); ok {
			return " Next: " + sc.Lower(t) + " to " + verb + " (automatic: " + why + ")."
		}
	}
	return " Next: " + sc.Lower(t) + " to " + verb + "."
}

// swapText is a shlomo's or cleopatra's card moving, in words that say
// between whom, as the table talk does: "West drew 8♦ from North" (a
// chance step: the declarer draws), "gave Q♥ to North"; ok false for any
// other step. The declaration before step i says who declared what.
func swapText(ctx *kit.Context, sc *table.Scene, steps []rules.Step, i int, act rules.Action) (string, bool) {
	_, from, to, ok := rules.Swap(sc.V.Players, steps, i)
	if !ok {
		return "", false
	}
	card := "a card unseen"
	if act.Card != rules.NoCard {
		card = actionWords(ctx, act)
	}
	if act.Kind == rules.Draw {
		return sc.Lower(to) + " drew " + card + " from " + sc.Lower(from), true
	}
	return "gave " + card + " to " + sc.Lower(to), true
}

// actionText is what a step did, in words: "played J♥", "said take",
// "exchanged the dix"; a card drawn or given as NoCard was not seen
// from the view shown: "gave a card unseen".
func actionText(ctx *kit.Context, a rules.Action, d *rules.Deal) string {
	switch a.Kind {
	case rules.PlayCard:
		return "played " + actionWords(ctx, a)
	case rules.Exchange:
		return "exchanged the dix"
	case rules.Draw:
		if a.Card == rules.NoCard {
			return "a card was drawn unseen"
		}
		return "a card was drawn: " + actionWords(ctx, a)
	case rules.Give:
		if a.Card == rules.NoCard {
			return "gave a card unseen"
		}
		return "gave " + actionWords(ctx, a)
	}
	return "said " + actionWords(ctx, a)
}

// actionWords writes what a step did for a person, after "played" or
// "said": "J♥", "J♥ with bella", "take", "♥ hearts".
func actionWords(ctx *kit.Context, a rules.Action) string {
	p := ctx.Paint
	switch a.Kind {
	case rules.PlayCard, rules.Draw, rules.Give:
		s := p.StyledCard(a.Card)
		switch w := kit.BellaWord(a); w {
		case "menage":
			s += " with the menage"
		case "bella":
			s += " with bella"
		}
		return s
	case rules.Name:
		return p.SuitName(a.Suit)
	}
	return a.Words()
}

// gradedSides are the seats the analysis graded, by side in the table's
// order (partners together); a side with no graded seat is left out: a
// bot's seat not graded lost no points it could be shown.
func gradedSides(sc *table.Scene, graded [4]bool) [][]rules.Seat {
	var out [][]rules.Seat
	for _, side := range sc.SideOrder() {
		var team []rules.Seat
		for _, o := range rules.SeatsOfSide(sc.V.Players, side) {
			if graded[o] {
				team = append(team, o)
			}
		}
		if team != nil {
			out = append(out, team)
		}
	}
	return out
}

// analysisLines say how the analysis stands, and once it is done the
// points each seat lost this deal and over the game ("deal/game") with
// one decimal at every seat count, partners side by side; when that is
// too wide, by side. The form is chosen once for the game: the widest
// that every analysed deal's line fits in, so that it stays put as the
// player steps from deal to deal. Beside decisions graded by
// the chance to win, which lose no points, it says that chance too, on
// average per decision graded by it, as a percentage with one decimal
// ("chance to win lost per decision: 1.4%/3.0%"): else a blunder of
// that kind would stand over a loss of 0.0. When no form of the two that names the
// seats fits one line, the chance gets a line of its own, both lines
// naming the seats alike, shortened only as far as they must.
func (s *Screen) analysisLines(ctx *kit.Context, sc *table.Scene, w int) []string {
	st := &ctx.Styles
	other := ""
	if seat, ok := analysis.YouSeat(&s.r.Header); ok && seat != s.person {
		other = s.seatName(ctx, seat)
	}
	if line, ok := s.statusLine(ctx, s.sealed, s.person, other); ok {
		return []string{line}
	}
	dr := s.dealReport(s.pos.deal)
	if dr == nil || !dr.Analysed {
		return []string{" " + st.Dim.Render("Deal not analysed.")}
	}
	from := 0
	for i := range s.report.Deals {
		if d := &s.report.Deals[i]; d.Analysed {
			_, at := s.lostLines(ctx, sc, d, w, 0)
			from = max(from, at)
		}
	}
	lines, _ := s.lostLines(ctx, sc, dr, w, from)
	return lines
}

// lostLines are analysisLines for the deal dr, in the first of the
// forms from index from on that fits w, and that form's index.
func (s *Screen) lostLines(ctx *kit.Context, sc *table.Scene, dr *analysis.DealReport, w, from int) ([]string, int) {
	st := &ctx.Styles
	game := &s.report.Players
	figures := ", deal/game:"
	if s.oneDeal() {
		// The deal is the whole log (a board): one number each.
		figures = ":"
	}
	head := " " + st.Heading.Render("Points lost"+figures) + " "
	// One decimal in every form, at every seat count: the deal's end
	// writes the same figures.
	const num = "%.1f/%.1f"
	sides := gradedSides(sc, s.report.Graded)
	// lost writes the seats' points lost in the deal and in the game by
	// num: in a log of one deal, the deal's alone. Seats
	// whose graded decisions in the game were all graded by the chance
	// to win have no figure of points: "" (the chance says what they
	// lost). A deal of theirs graded so is pointsNone: a 0 there would
	// read as no loss beside a blunder.
	lost := func(num string, seats ...rules.Seat) string {
		var d, g []*analysis.Summary
		for _, o := range seats {
			d, g = append(d, &dr.Players[o]), append(g, &game[o])
		}
		dn, gn, _ := strings.Cut(num, "/")
		switch {
		case chanceOnly(g...):
			return ""
		case s.oneDeal():
			return pointsLost(dn, d...)
		}
		return pointsLost(dn, d...) + "/" + pointsLost(gn, g...)
	}
	// The chance to win seats lost per decision, as percentages: said (ok)
	// only for the seats that lost any, this deal or in the game, or
	// that have no figure of points to say (lost "").
	won := func(seats ...rules.Seat) (words string, ok bool) {
		var d, g []*analysis.Summary
		for _, o := range seats {
			d, g = append(d, &dr.Players[o]), append(g, &game[o])
		}
		dl, gl := winPerDecision(d...), winPerDecision(g...)
		words = drill.PercentOne(dl)
		if !s.oneDeal() {
			words += "/" + drill.PercentOne(gl)
		}
		return words, dl > 0 || (gl > 0 && !s.oneDeal()) || lost(num, seats...) == ""
	}
	anyWin := slices.ContainsFunc(sides, func(team []rules.Seat) bool { _, ok := won(team...); return ok })
	// points and wins are the two parts in each form, widest first:
	// the whole names, then (from index cut on) by side with the names
	// shortened to fewer and fewer cells, as kit.ShortNames keeps them
	// told apart, as the rest of the screen names them. Only where no
	// name is short enough (a screen narrower than 80) do the seats'
	// letters stand for them, in the last two forms.
	type form struct {
		bySide  bool
		short   int // cells for a name, 0 for the whole name
		letters bool
	}
	forms := []form{{false, 0, false}, {true, 0, false}}
	cut := len(forms)
	var seats []rules.Seat
	longest := 0
	for _, team := range sides {
		for _, o := range team {
			seats = append(seats, o)
			longest = max(longest, kit.WidthOf(sc.Name(o)))
		}
	}
	for k := longest - 1; k >= 3; k-- {
		forms = append(forms, form{true, k, false})
	}
	forms = append(forms, form{false, 0, true}, form{true, 0, true})
	mark := "…"
	if ctx.ASCII {
		mark = "."
	}
	var points, wins []string
	noPoints := true // no seat has a figure of points
	for _, f := range forms {
		nameOf := sc.Name
		if f.letters {
			nameOf = rules.Seat.String
		}
		if f.short > 0 {
			var whole []string
			for _, o := range seats {
				whole = append(whole, sc.Name(o))
			}
			short := kit.ShortNames(whole, f.short, mark)
			if short == nil {
				continue
			}
			nameOf = func(o rules.Seat) string { return short[slices.Index(seats, o)] }
		}
		var parts, win []string
		for _, team := range sides {
			var each, names, winEach []string
			for _, o := range team {
				name := nameOf(o)
				if x := lost(num, o); x != "" {
					each = append(each, name+" "+x)
				}
				names = append(names, name)
				if x, ok := won(o); ok {
					winEach = append(winEach, name+" "+x)
				}
			}
			part := strings.Join(each, ", ")
			if f.bySide {
				sep := " & "
				if f.letters {
					sep = ""
				}
				part = ""
				if x := lost(num, team...); x != "" {
					part = strings.Join(names, sep) + " " + x
				}
				winEach = nil
				if x, ok := won(team...); ok {
					winEach = []string{strings.Join(names, sep) + " " + x}
				}
			}
			if part != "" {
				parts = append(parts, part)
			}
			win = append(win, winEach...)
		}
		noPoints = parts == nil
		// One graded seat needs no name beside its points: they name it.
		if len(sides) == 1 && len(sides[0]) == 1 && !noPoints {
			x, _ := won(sides[0]...)
			win = []string{x}
		}
		points = append(points, head+strings.Join(parts, " · "))
		wins = append(wins, winHead+": "+strings.Join(win, ", "))
	}
	from = min(from, len(points)-1)
	if noPoints {
		// Every decision was graded by the chance to win: the line
		// says that chance alone, headed as the points would be.
		var lines []string
		for _, x := range wins {
			_, items, _ := strings.Cut(x, ": ")
			lines = append(lines, " "+st.Heading.Render(kit.Capital(winHead)+figures)+" "+items)
		}
		return fitting(lines, w, from)
	}
	if !anyWin {
		return fitting(points, w, from)
	}
	// One line with the whole names, else two lines that name the seats
	// alike: the first form from index from on in which both fit.
	for i := from; i < min(cut, len(points)); i++ {
		if line := points[i] + "; " + wins[i]; kit.WidthOf(line) <= w {
			return []string{line}, i
		}
	}
	at := len(points) - 1
	for i := from; i < len(points); i++ {
		if kit.WidthOf(points[i]) <= w && kit.WidthOf(wins[i]) <= w-1 {
			at = i
			break
		}
	}
	// A line of its own starts a sentence: "Chance to win lost, …".
	win := wins[at]
	return []string{points[at], " " + kit.Capital(win)}, at
}

// winHead heads the chance to win lost in the analysis' summary line:
// an average over the decisions graded by that chance, which a reader
// can weigh (a sum over many decisions can pass 100%), worded as klob
// analyze's report words it.
const winHead = analysis.WinHead

// winPerDecision is the chance to win ss lost, on average over their
// decisions graded by that chance, taken together (a team's seats); 0
// without such decisions.
func winPerDecision(ss ...*analysis.Summary) float64 {
	all := together(ss...)
	return all.WinPerDecision()
}

// pointsNone stands for the points lost by decisions of which none was
// graded by points, all by the chance to win: such decisions lose a
// chance, and no figure of points says what they gave up.
const pointsNone = "–"

// pointsLost is the points lost summed over ss written by num
// ("%.1f"), or pointsNone when chanceOnly(ss...).
func pointsLost(num string, ss ...*analysis.Summary) string {
	all := together(ss...)
	if all.ChanceOnly() {
		return pointsNone
	}
	return fmt.Sprintf(num, all.Lost)
}

// chanceOnly is analysis.Summary.ChanceOnly of ss taken together (a
// team's seats).
func chanceOnly(ss ...*analysis.Summary) bool {
	all := together(ss...)
	return all.ChanceOnly()
}

// together sums the counts and losses of ss (a team's seats) into one
// summary, for the figures a side's seats make together.
func together(ss ...*analysis.Summary) analysis.Summary {
	var all analysis.Summary
	for _, sm := range ss {
		all.Graded, all.ByPoints = all.Graded+sm.Graded, all.ByPoints+sm.ByPoints
		all.Lost, all.WinLost = all.Lost+sm.Lost, all.WinLost+sm.WinLost
	}
	return all
}

// fitting is the first of lines, widest first, from index from on,
// that fits in w, else the last, with its index.
func fitting(lines []string, w, from int) ([]string, int) {
	for i := from; i < len(lines); i++ {
		if kit.WidthOf(lines[i]) <= w {
			return lines[i : i+1], i
		}
	}
	return lines[len(lines)-1:], len(lines) - 1
}

// lostByGrade is the end of a deal's points lost by grade, once the deal
// is analysed: rows, a heading and one row per seat (partners next to
// each other), with the points lost by blunders, mistakes and
// inaccuracies (headed in words) and all (a good decision loses
// nothing, as the legend says);
// briefs are the same in a line or a few for a window without room
// for the rows, fullest first, each line fitting in w (the widest of
// lostLines that does in one line, then lostLines on more lines, as
// three or four graded seats need at 80 columns); none when none fits.
// rows is nil without analysis.
func (s *Screen) lostByGrade(ctx *kit.Context, sc *table.Scene, w int) (rows []string, briefs [][]string) {
	dr := s.dealReport(s.pos.deal)
	if dr == nil || !dr.Analysed || s.sealed {
		return nil, nil
	}
	st := &ctx.Styles
	lost := lostOf(dr)
	// A seat whose decisions this deal were all graded by the chance to
	// win has no row of points: a row of "-" would read as no loss. The
	// chance's line under the rows says what it lost.
	order := slices.DeleteFunc(slices.Concat(gradedSides(sc, s.report.Graded)...), func(o rules.Seat) bool {
		return chanceOnly(&dr.Players[o])
	})
	// The grades head their columns in words ("blunder"), which read
	// without the help, each column as wide as its word and a gap.
	colW := make([]int, len(lossGrades))
	sumW := 7 // "all"
	for i, g := range lossGrades {
		colW[i] = max(7, kit.WidthOf(g.String())+2)
		sumW += colW[i]
	}
	// Beside decisions graded by the chance to win (their line comes
	// under the rows), the rows say they count points: a seat whose
	// losses were all in the chance would read "-" as no loss at all.
	win := winLostLine(ctx, sc, s.report.Graded, dr, true)
	label := "Lost"
	if win != "" {
		label = "Points lost"
	}
	nameW := max(8, kit.WidthOf(label))
	for _, o := range order {
		nameW = max(nameW, kit.WidthOf(sc.Name(o)))
	}
	nameW = min(nameW, max(8, w-2-sumW))
	cell := func(x, shown float64) string {
		if x == 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f", shown)
	}
	head := " " + kit.Fit(label, nameW)
	for i, g := range lossGrades {
		head += fmt.Sprintf("%*s", colW[i], g.String())
	}
	rows = []string{}
	if len(order) > 0 {
		rows = append(rows, st.Heading.Render(kit.Clip(head+fmt.Sprintf("%7s", "all"), w)))
	}
	for _, o := range order {
		row := " " + kit.Fit(sc.Name(o), nameW)
		parts := lost[o][:]
		shown, all := apportion(parts, 10)
		sum := 0.0
		for i := range lossGrades {
			row += fmt.Sprintf("%*s", colW[i], cell(parts[i], shown[i]))
			sum += parts[i]
		}
		rows = append(rows, kit.Clip(row+fmt.Sprintf("%7s", cell(sum, all)), w))
	}
	// The decisions graded by the chance to win lose no points, so the
	// rows leave them out: a line under them says what they cost.
	if win != "" {
		for _, l := range kit.Hang(" ", "   ", kit.Wrap(win, max(1, w-3))) {
			rows = append(rows, kit.Clip(l, w))
		}
	}
	// The brief forms, the fullest first: the points by grade with the
	// chance and the grades' counts on one line, else on two, else the
	// points as totals ("Points lost: You 99.5") on one; then the same
	// with the chance without the counts. Where the seats lost both
	// points and chances, every form says both: the chance alone would
	// hide the points, the points alone read as no other loss.
	lines, wrapped := lostLines(ctx, sc, s.report.Graded, dr, &lost, w)
	// The points alone, fullest first: a line, else the same on two or
	// more (every seat graded at three and four).
	points := append(nonNil(fitsOne(lines, w)), wrapped...)
	if win == "" {
		return rows, points
	}
	both := lostAny(&lost, s.report.Graded)
	var totals []string
	for _, o := range order {
		totals = append(totals, sc.Name(o)+" "+pointsLost("%.1f", &dr.Players[o]))
	}
	short := " " + st.Heading.Render("Points lost:") + " " + strings.Join(totals, ", ")
	for _, x := range []string{win, winLostLine(ctx, sc, s.report.Graded, dr, false)} {
		var with []string
		for _, l := range lines {
			with = append(with, l+" · "+x)
		}
		if l := fitsOne(with, w); l != nil {
			briefs = append(briefs, l)
		}
		chance := fitsOne([]string{" " + x}, w)
		switch {
		case chance == nil:
		case !both:
			// The chance alone: the analysis line gives the points (none).
			briefs = append(briefs, chance)
		default:
			for _, p := range points {
				briefs = append(briefs, append(slices.Clone(p), chance...))
			}
			if l := fitsOne([]string{short + " · " + x}, w); l != nil {
				briefs = append(briefs, l)
			}
		}
	}
	if !both {
		briefs = append(briefs, points...)
	}
	return rows, briefs
}

// nonNil is brief as the one form of briefs, none when nil.
func nonNil(brief []string) [][]string {
	if brief == nil {
		return nil
	}
	return [][]string{brief}
}

// fitsOne is the first of lines, widest first, that fits in w, as a
// brief of one line; nil when none does.
func fitsOne(lines []string, w int) []string {
	for _, l := range lines {
		if kit.WidthOf(l) <= w {
			return []string{l}
		}
	}
	return nil
}

// lostAny reports whether a graded seat lost points by any grade.
func lostAny(lost *[4][len(lossGrades)]float64, graded [4]bool) bool {
	for o := range lost {
		if graded[o] && slices.ContainsFunc(lost[o][:], func(x float64) bool { return x > 0 }) {
			return true
		}
	}
	return false
}

// winLostLine is the chance to win each graded seat lost in the deal
// dr by the decisions graded by that chance (Decision.WinLost), with
// how many of each grade when byGrade is set: "Chance to win lost: You
// 5.6% (1 blunder)"; "" when none was. The chance has one decimal, as
// in the footer's sum below it and in the analysis' report.
func winLostLine(ctx *kit.Context, sc *table.Scene, graded [4]bool, dr *analysis.DealReport, byGrade bool) string {
	var lost [4]float64
	var counts [4][analysis.Blunder + 1]int
	for i := range dr.Decisions {
		dec := &dr.Decisions[i]
		if x := dec.WinLost(); x > 0 && int(dec.Seat) < len(lost) {
			lost[dec.Seat] += x
			counts[dec.Seat][dec.Grade]++
		}
	}
	var parts []string
	for _, o := range slices.Concat(gradedSides(sc, graded)...) {
		// A seat graded by the chance alone says it, lost or not: it
		// has no row of points.
		if lost[o] == 0 && !chanceOnly(&dr.Players[o]) {
			continue
		}
		part := sc.Name(o) + " " + drill.PercentOne(lost[o])
		if by := gradeCounts(&counts[o]); byGrade && by != "" {
			part += " (" + by + ")"
		}
		parts = append(parts, part)
	}
	if parts == nil {
		return ""
	}
	return ctx.Styles.Heading.Render("Chance to win lost:") + " " + strings.Join(parts, " · ")
}

// apportion rounds parts to 1/scale each so that the rounded parts add
// up to their rounded total (largest remainders get the rest), and
// returns them with that total: a row of losses by grade then adds up
// as shown. Parts are not negative.
func apportion(parts []float64, scale float64) (shown []float64, total float64) {
	sum := 0.0
	for _, p := range parts {
		sum += p
	}
	units := int(math.Round(sum * scale))
	whole := make([]int, len(parts))
	left := units
	for i, p := range parts {
		whole[i] = int(math.Floor(p * scale))
		left -= whole[i]
	}
	order := make([]int, len(parts))
	for i := range order {
		order[i] = i
	}
	rem := func(i int) float64 { return parts[i]*scale - float64(whole[i]) }
	sort.SliceStable(order, func(a, b int) bool { return rem(order[a]) > rem(order[b]) })
	for k := 0; left > 0 && k < len(order); k++ {
		whole[order[k]]++
		left--
	}
	shown = make([]float64, len(parts))
	for i, n := range whole {
		shown[i] = float64(n) / scale
	}
	return shown, float64(units) / scale
}

// gradeCounts counts the decisions of each losing grade among counts
// (indexed by grade), worst first: "1 blunder, 2 inaccuracies"; "" when
// there are none.
func gradeCounts(counts *[analysis.Blunder + 1]int) string {
	var by []string
	for _, g := range lossGrades {
		switch n := counts[g]; {
		case n == 1:
			by = append(by, "1 "+g.String())
		case n > 1 && g == analysis.Inaccuracy:
			by = append(by, fmt.Sprintf("%d inaccuracies", n))
		case n > 1:
			by = append(by, fmt.Sprintf("%d %ss", n, g))
		}
	}
	return strings.Join(by, ", ")
}

// lossGrades are the grades that lose points, worst first: the order
// the points lost by grade are told in.
var lossGrades = [...]analysis.Grade{analysis.Blunder, analysis.Mistake, analysis.Inaccuracy}

// lostOf is the points each seat lost in the deal dr by grade, in the
// order of lossGrades (Decision.PointsLost: nothing for a good
// decision).
func lostOf(dr *analysis.DealReport) (lost [4][len(lossGrades)]float64) {
	for i := range dr.Decisions {
		dec := &dr.Decisions[i]
		g := slices.Index(lossGrades[:], dec.Grade)
		if g >= 0 && dec.Seat != rules.ChanceSeat && int(dec.Seat) < len(lost) {
			lost[dec.Seat][g] += dec.PointsLost()
		}
	}
	return lost
}

// lostLines are the ways to write the points each seat lost this deal in
// one line, widest first: the points with the count of the decisions of
// each grade that lost them ("Points lost: You 4.5 pts (1 inaccuracy)",
// as the chance's line counts its own), then with the worst grade
// ("4.5 pts (inaccuracy)"). Each gives every graded seat's total with
// one decimal (DealReport.Players), the deal's figure of the footer, so
// that the lines agree with it and with the rows. The seats go by name:
// by seat letter, which nothing on the screen explains, or with the
// totals alone, which the analysis line under it already gives, the
// line is left out. wrapped are the same forms each on the lines of w
// it needs (wrapLost), where one line is too narrow for it.
func lostLines(ctx *kit.Context, sc *table.Scene, graded [4]bool, dr *analysis.DealReport, lost *[4][len(lossGrades)]float64, w int) (lines []string, wrapped [][]string) {
	st := &ctx.Styles
	// The decisions graded by points that lost some, by seat and grade.
	var counts [4][analysis.Blunder + 1]int
	for i := range dr.Decisions {
		dec := &dr.Decisions[i]
		if dec.PointsLost() > 0 && int(dec.Seat) < len(counts) {
			counts[dec.Seat][dec.Grade]++
		}
	}
	figure := func(o rules.Seat) string { return pointsLost("%.1f", &dr.Players[o]) + " pts" }
	forms := []struct {
		head string
		seat func(o rules.Seat) string
	}{
		{"Points lost:", func(o rules.Seat) string {
			if by := gradeCounts(&counts[o]); by != "" {
				return figure(o) + " (" + by + ")"
			}
			return figure(o)
		}},
		{"Lost (worst grade):", func(o rules.Seat) string {
			for i, g := range lossGrades {
				if lost[o][i] > 0 {
					return figure(o) + " (" + g.String() + ")"
				}
			}
			return figure(o)
		}},
	}
	for _, f := range forms {
		var teams [][]string
		var parts []string
		for _, seats := range gradedSides(sc, graded) {
			var team []string
			for _, o := range seats {
				// No figure of points for a seat graded by the chance
				// alone: the chance's line says what it lost.
				if !chanceOnly(&dr.Players[o]) {
					team = append(team, sc.Name(o)+" "+f.seat(o))
				}
			}
			if team != nil {
				teams = append(teams, team)
				parts = append(parts, strings.Join(team, ", "))
			}
		}
		if parts == nil {
			return nil, nil
		}
		head := " " + st.Heading.Render(f.head)
		lines = append(lines, head+" "+strings.Join(parts, " · "))
		if l := wrapLost(head, teams, w); len(l) > 1 {
			wrapped = append(wrapped, l)
		}
	}
	return lines, wrapped
}

// wrapLost writes the seats' points lost after head on as many lines
// as w needs, each after the first hanging under it: a line breaks
// between sides, ending with " ·" (a team of four is not parted), and
// between a side's seats, ending with ",", only where a side is too
// wide for a line of its own. nil where a seat's words are too wide
// for a line.
func wrapLost(head string, teams [][]string, w int) []string {
	for _, bySeat := range []bool{false, true} {
		var texts, seps []string
		for i, team := range teams {
			sep := " · "
			if i == 0 {
				sep = " "
			}
			if !bySeat {
				texts, seps = append(texts, strings.Join(team, ", ")), append(seps, sep)
				continue
			}
			for j, seat := range team {
				if j > 0 {
					sep = ", "
				}
				texts, seps = append(texts, seat), append(seps, sep)
			}
		}
		if out := wrapItems(head, texts, seps, w); out != nil {
			return out
		}
	}
	return nil
}

// wrapItems writes texts after head, each after its separator in seps,
// on as many lines of w as they need: a line that breaks before a text
// ends with that text's separator's mark ("," or " ·"), and the next
// starts three cells in. nil where a text does not fit a line.
func wrapItems(head string, texts, seps []string, w int) []string {
	var out []string
	line := head
	for i, text := range texts {
		// The line may break after this text: two cells are kept for
		// the mark, but after the last.
		mark := 2
		if i == len(texts)-1 {
			mark = 0
		}
		if kit.WidthOf(line+seps[i]+text)+mark <= w {
			line += seps[i] + text
			continue
		}
		if i == 0 {
			return nil
		}
		out = append(out, line+strings.TrimRight(seps[i], " "))
		line = "   " + text
		if kit.WidthOf(line)+mark > w {
			return nil
		}
	}
	return append(out, line)
}
