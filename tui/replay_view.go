package tui

import (
	"fmt"
	"strings"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// The replay's fixed rows: header and rule above; rule, step line,
// analysis line and key hints below.
const (
	replayTopRows    = 2
	replayBottomRows = 4
)

// View draws the viewer at the current position.
func (s *replayScreen) View(ctx *kit.Context) string {
	w, h := ctx.Width, ctx.Height
	st := &ctx.Styles
	g := &ctx.Paint.Glyphs
	if len(s.r.Deals) == 0 {
		lines := []string{s.header(ctx, w), st.Rule.Render(kit.Repeat(g.HRule, w)), "",
			" This log has no deal yet: there is nothing to replay.", "",
			" " + st.Dim.Render(s.hints(ctx, w-1))}
		return kit.Canvas(lines, w, h)
	}
	size := kit.SmallCard
	if w >= 120 && h >= 40 {
		size = kit.LargeCard
	}
	rightW := max(24, min(44, w-(kit.HandWidth(9, size)+3)-1))
	leftW := max(0, w-rightW-1)
	midH := max(0, h-replayTopRows-replayBottomRows)
	rd := &s.r.Deals[s.pos.deal]
	d := rd.At(s.pos.n)

	left := s.leftColumn(ctx, rd, &d, leftW, midH, size)
	rightCol := s.rightColumn(ctx, rd, rightW, midH)
	lines := make([]string, 0, h)
	lines = append(lines, s.header(ctx, w), st.Rule.Render(kit.Repeat(g.HRule, w)))
	lines = append(lines, kit.Columns(ctx, left, rightCol, leftW, rightW, midH)...)
	lines = append(lines, st.Rule.Render(kit.Repeat(g.HRule, w)),
		kit.Clip(s.stepLine(ctx, rd), w), kit.Clip(s.analysisLine(ctx), w), " "+st.Dim.Render(kit.Clip(s.hints(ctx, w-1), w-1)))
	return kit.Canvas(lines, w, h)
}

// header is the top line: the file and the position on the left, the
// game totals at this point on the right.
func (s *replayScreen) header(ctx *kit.Context, w int) string {
	st := &ctx.Styles
	left := fmt.Sprintf(" %s  Replay", st.Title.Render("Klob"))
	if len(s.r.Deals) == 0 {
		return kit.Clip(left+" · "+s.name, w)
	}
	rd := &s.r.Deals[s.pos.deal]
	// The position first; the file name gets the room left, shortened
	// by whole words (kit.ElideName), never cut mid-word.
	left += fmt.Sprintf(" · deal %d of %d · step %d of %d", rd.No, len(s.r.Deals), s.pos.n, len(rd.Steps))
	tot := s.totals()
	rightS := fmt.Sprintf("A %d · B %d ", tot[0], tot[1])
	lw := w - len(rightS) - 1
	if lw < 20 {
		return kit.Clip(left, w)
	}
	if name := kit.ElideName(s.name, lw-kit.WidthOf(left)-4); name != "" {
		left += " · " + name
	}
	return kit.Fit(left, lw) + "  " + st.Heading.Render(rightS)
}

// over reports whether the position is the end of a deal played out.
func (s *replayScreen) over() bool {
	rd := &s.r.Deals[s.pos.deal]
	return rd.Done && s.pos.n == len(rd.Steps)
}

// totals are the game totals at the position: after the deal once it is
// over, before it until then.
func (s *replayScreen) totals() [4]int {
	rd := &s.r.Deals[s.pos.deal]
	if s.over() {
		return rd.After
	}
	return rd.Before
}

// seatName is the player's name from the log, or "Player A".
func (s *replayScreen) seatName(seat rules.Seat) string {
	n := s.r.Header.Players[seat]
	if n == "" {
		n = "Player " + seat.String()
	}
	return n
}

// open reports whether seat's hand is shown.
func (s *replayScreen) open(seat rules.Seat) bool {
	if s.sealed {
		return seat == s.bottom
	}
	return s.mode == handsBoth || seat == s.bottom
}

// leftColumn is the table: the top player and hand, the upcard and trump
// (or the breakdown once the deal is over), the trick, the bottom player
// and hand.
func (s *replayScreen) leftColumn(ctx *kit.Context, rd *gamelog.ReplayDeal, d *rules.Deal, w, h int, size kit.CardSize) []string {
	top, bot := s.bottom.Other(), s.bottom
	var next *rules.Step
	if s.pos.n < len(rd.Steps) {
		next = &rd.Steps[s.pos.n]
	}
	topHand := s.handRows(ctx, d, top, next, w, size)
	botHand := s.handRows(ctx, d, bot, next, w, size)
	var mid [][]string
	if s.over() && rd.Score.Outcome != rules.Abandoned {
		mid = [][]string{s.breakdown(ctx, rd.Score, w)}
	} else {
		mid = [][]string{kit.CenterBlock(s.upcardBlock(ctx, rd, d, size), w), kit.CenterBlock(s.trickBlock(ctx, d, size), w)}
	}
	fixed := 2 + len(topHand) + len(botHand)
	for _, b := range mid {
		fixed += len(b)
	}
	free := max(0, h-fixed)
	gaps := make([]int, len(mid)+1)
	for i := range gaps {
		gaps[i] = free / len(gaps)
	}
	gaps[len(gaps)/2] += free % len(gaps)
	out := []string{s.playerLine(ctx, d, top)}
	out = append(out, topHand...)
	for i, b := range mid {
		out = append(out, make([]string, gaps[i])...)
		out = append(out, b...)
	}
	out = append(out, make([]string, gaps[len(mid)])...)
	bottom := append([]string{s.playerLine(ctx, d, bot)}, botHand...)
	if len(out)+len(bottom) > h {
		out = out[:max(0, h-len(bottom))]
	}
	return append(out, bottom...)
}

// playerLine names a player with what they are this deal: dealer, maker,
// and, when the hand is not shown, its cards as backs.
func (s *replayScreen) playerLine(ctx *kit.Context, d *rules.Deal, seat rules.Seat) string {
	st := &ctx.Styles
	g := &ctx.Paint.Glyphs
	line := fmt.Sprintf(" %s  %s", st.Heading.Render(seat.String()), s.seatName(seat))
	if lv := s.r.Header.Levels[seat]; lv != "" {
		line += st.Dim.Render(" (" + lv + ")")
	}
	var roles []string
	if d.Dealer() == seat {
		roles = append(roles, "dealer")
	}
	if d.Maker() == seat {
		roles = append(roles, "maker")
	}
	if len(roles) > 0 {
		line += " · " + strings.Join(roles, ", ")
	}
	n := d.Hand(seat).Count()
	if !s.open(seat) && n > 0 {
		line += "  " + st.Dim.Render(kit.Repeat(g.BackMini, n)+" hidden")
	}
	return line
}

// handRows draws seat's hand, sorted as the player holds it, centred;
// the card the next step plays is drawn selected. A hidden or empty hand
// takes no rows.
func (s *replayScreen) handRows(ctx *kit.Context, d *rules.Deal, seat rules.Seat, next *rules.Step, w int, size kit.CardSize) []string {
	hand := d.Hand(seat)
	if hand == 0 || !s.open(seat) {
		return nil
	}
	p := ctx.Paint
	v := d.View(seat)
	cards := kit.SortHand(hand, hand|v.Played[seat], d.Trump())
	playNext := rules.NoCard
	if next != nil && next.Seat == seat && next.Action.Kind == rules.PlayCard {
		playNext = next.Action.Card
	}
	x0 := max(0, (w-kit.HandWidth(len(cards), size))/2)
	rows := make([]string, size.H)
	for r := range rows {
		var sb strings.Builder
		sb.WriteString(kit.Repeat(" ", x0))
		for i, c := range cards {
			if i > 0 {
				sb.WriteString(kit.Repeat(" ", kit.HandGap))
			}
			lk := kit.LookFace
			if c == playNext {
				lk = kit.LookSelected
			}
			sb.WriteString(p.Card(c, lk, size)[r])
		}
		rows[r] = sb.String()
	}
	return rows
}

// upcardBlock shows the upcard and the bottom card with what is known of
// trump, the maker, the dix and the sequences beside them.
func (s *replayScreen) upcardBlock(ctx *kit.Context, rd *gamelog.ReplayDeal, d *rules.Deal, size kit.CardSize) []string {
	st := &ctx.Styles
	p := ctx.Paint
	up := p.Card(d.Upcard(), kit.LookFace, size)
	bottom := p.Card(rules.NoCard, kit.LookBack, size)
	if d.Bottom() != rules.NoCard {
		bottom = p.Card(d.Bottom(), kit.LookFace, size)
	}
	var info []string
	if d.Trump() == rules.NoSuit {
		// The cards have their labels above them: the line beside them
		// says only what the upcard proposes.
		info = append(info, "Proposed trump: "+p.SuitName(d.OrigUpcard().Suit()))
		switch d.Phase() {
		case rules.PhaseBid1:
			info = append(info, "Bidding, round one")
		case rules.PhaseSchmeiss:
			info = append(info, d.Schmeisser().String()+" said schmeiss")
		case rules.PhaseBid2:
			info = append(info, "Bidding, round two")
		case rules.PhaseOver:
			info = append(info, st.Heading.Render("Thrown in: ")+abandonWhy(rd, s.seatName))
		}
	} else {
		info = append(info, st.Trump.Render("Trump:")+" "+p.SuitName(d.Trump()))
		maker := "Maker: " + d.Maker().String()
		if d.SchmeissRefused() {
			maker += " (schmeiss refused)"
		}
		info = append(info, maker)
		if d.DixBy() != rules.NoSeat {
			info = append(info, fmt.Sprintf("Dix: %s took %s for the 7", d.DixBy(), p.StyledCard(d.OrigUpcard())))
		}
		switch {
		case d.Phase() == rules.PhaseDix:
			info = append(info, "The dix exchange")
		case d.Phase() == rules.PhaseSequences:
			info = append(info, "The sequence dialogue")
		case d.SeqWinner() != rules.NoSeat:
			info = append(info, "Sequences: "+d.SeqWinner().String()+" has the right")
		default:
			info = append(info, "Sequences: nobody scores them")
		}
	}
	return kit.UpcardRows(up, bottom, info, size)
}

// abandonWhy says why a deal was thrown in, naming the players by name:
// "Bot accepted your schmeiss", "alice accepted Bot's schmeiss".
func abandonWhy(rd *gamelog.ReplayDeal, name func(rules.Seat) string) string {
	if rd.Ending == rules.SchmeissAccepted {
		return kit.AcceptedSchmeiss(name, rd.Schmeisser)
	}
	return rules.AllPassed.String()
}

// trickBlock shows the trick on the table (the one just taken when none
// is led), the top player's card on the left, with the tricks and card
// points so far beside it.
func (s *replayScreen) trickBlock(ctx *kit.Context, d *rules.Deal, size kit.CardSize) []string {
	st := &ctx.Styles
	p := ctx.Paint
	top, bot := s.bottom.Other(), s.bottom
	cards := [2]rules.Card{rules.NoCard, rules.NoCard}
	pl := d.Play()
	lead, leader := d.Trick()
	title := "No trick yet"
	playing := d.Phase() == rules.PhasePlay || (d.Phase() == rules.PhaseOver && d.Maker() != rules.NoSeat)
	switch {
	case d.Phase() == rules.PhaseOver && !playing:
		title = "No trick: the deal is thrown in"
	case d.Phase() == rules.PhasePlay && len(lead) > 0:
		cards[leader] = lead[0]
		title = fmt.Sprintf("Trick %d: %s led", pl.Tricks+1, leader)
	case playing && pl.Tricks > 0:
		tr, by, _ := d.LastTrick()
		cards[by], cards[by.Other()] = tr[0], tr[1]
		title = fmt.Sprintf("Trick %d: %s won it", pl.Tricks, d.LastTrickWinner())
	case playing:
		title = "Trick 1: " + leader.String() + " to lead"
	}
	draw := func(c rules.Card) []string {
		if c == rules.NoCard {
			return p.Card(rules.NoCard, kit.LookSlot, size)
		}
		return p.Card(c, kit.LookFace, size)
	}
	tc, bc := draw(cards[top]), draw(cards[bot])
	info := []string{st.Heading.Render(title)}
	if playing {
		info = append(info,
			fmt.Sprintf("Tricks: A %d, B %d", pl.Won[0], pl.Won[1]),
			fmt.Sprintf("Card points: A %d, B %d", pl.Points[0], pl.Points[1]))
		if by := d.BellaBy(); by != rules.NoSeat {
			info = append(info, "Bella: "+by.String())
		}
	}
	return kit.CardPair(kit.TrickLabels(top.String(), bot.String(), size), tc, bc, info, size)
}

// breakdown is the score of a deal played out, as the result screen
// shows it, with the seats as A and B.
func (s *replayScreen) breakdown(ctx *kit.Context, sc rules.Score, w int) []string {
	sw := kit.SeatWords{
		Cols:  [2]rules.Seat{rules.SeatA, rules.SeatB},
		Heads: [2]string{"A", "B"},
		Name:  rules.Seat.String,
		Does:  func(s rules.Seat, verb string) string { return s.String() + " " + verb + "s" },
		Has:   func(rules.Seat) string { return "has" },
	}
	title := fmt.Sprintf(" %s: trump %s · maker: %s", ctx.Styles.Heading.Render("Deal over"), ctx.Paint.SuitName(sc.Trump), sc.Maker)
	return kit.ScoreLines(ctx, sc, sw, title, w)
}

// rightColumn is the score pad over the moves of the deal.
func (s *replayScreen) rightColumn(ctx *kit.Context, rd *gamelog.ReplayDeal, w, h int) []string {
	st := &ctx.Styles
	g := &ctx.Paint.Glyphs
	out := s.scorePad(ctx, w-1, max(4, h/2-1))
	out = append(out, st.Rule.Render(kit.Repeat(g.HRule, w-1)), st.Heading.Render(fmt.Sprintf("Deal %d, step by step", rd.No)))
	moves := s.moves(ctx, rd, s.pos.n)
	var wrapped []string
	for _, l := range moves {
		wrapped = append(wrapped, kit.Wrap(l, w-2)...)
	}
	room := h - len(out)
	if room > 0 && len(wrapped) > room {
		wrapped = wrapped[len(wrapped)-room:]
	}
	if len(wrapped) == 0 {
		wrapped = []string{st.Dim.Render("(as dealt: nothing said yet)")}
	}
	return append(out, wrapped...)
}

// scorePad is the running score up to the position: a row for each deal
// over, the maker's score starred, and the totals; the oldest rows give
// way when there is no room.
func (s *replayScreen) scorePad(ctx *kit.Context, w, h int) []string {
	st := &ctx.Styles
	row := func(a, b, c, d string) string { return kit.Fit(fmt.Sprintf("%4s %5s %5s %s", a, b, c, d), w) }
	out := []string{
		st.Heading.Render(kit.Fit(fmt.Sprintf("Score (game to %d)", s.r.Header.Options.Target), w)),
		st.Dim.Render(row("deal", "A ", "B ", "")),
	}
	done := s.pos.deal
	if s.over() {
		done++
	}
	room := max(1, h-3)
	first := 0
	if done > room {
		first = done - room + 1
		out = append(out, st.Dim.Render(row("…", "", "", "")))
	}
	for i := first; i < done; i++ {
		sc := s.r.Deals[i].Score
		if sc.Outcome == rules.Abandoned {
			word := "thrown in"
			if w < 26 {
				word = "thrown"
			}
			out = append(out, row(fmt.Sprint(i+1), "- ", "- ", word))
			continue
		}
		pts := [2]string{fmt.Sprint(sc.Scored[0]) + " ", fmt.Sprint(sc.Scored[1]) + " "}
		pts[sc.Maker] = fmt.Sprint(sc.Scored[sc.Maker]) + "*"
		out = append(out, row(fmt.Sprint(i+1), pts[0], pts[1], sc.Outcome.String()))
	}
	tot := s.totals()
	out = append(out, st.Heading.Render(row("sum", fmt.Sprint(tot[0])+" ", fmt.Sprint(tot[1])+" ", "")))
	if s.r.Over && s.pos == s.end() {
		out = append(out, st.Good.Render(kit.Fit(fmt.Sprintf(" %s wins the game", s.seatName(rules.Seat(s.r.Winner))), w)))
	}
	return out
}

// moves are the lines of the deal's first n steps: each bid and word of
// the dialogue, one line per trick (the winner after the arrow), the
// sequences shown; with the analysis on, each decision's mark (?! ? ??).
func (s *replayScreen) moves(ctx *kit.Context, rd *gamelog.ReplayDeal, n int) []string {
	st := &ctx.Styles
	p := ctx.Paint
	g := &p.Glyphs
	d := rd.At(0)
	var out []string
	trick := -1 // the index in out of the trick being played
	for i, step := range rd.Steps[:n] {
		a := step.Action
		mark := s.markOf(ctx, rd.No-1, i)
		if d.Phase() != rules.PhasePlay {
			var line string
			switch a.Kind {
			case rules.Exchange:
				line = fmt.Sprintf("%s: exchanges the dix for %s", step.Seat, p.StyledCard(d.Upcard()))
			case rules.Name:
				line = fmt.Sprintf("%s: %s", step.Seat, p.SuitName(a.Suit))
			default:
				line = fmt.Sprintf("%s: %s", step.Seat, a.Words())
			}
			d.ApplyUnchecked(a)
			out = append(out, st.Talk.Render(line)+mark)
			continue
		}
		c := p.StyledCard(a.Card)
		if a.Bella {
			c += " bella"
		}
		lead, _ := d.Trick()
		no := d.Play().Tricks + 1
		d.ApplyUnchecked(a)
		if len(lead) == 0 {
			out = append(out, fmt.Sprintf("%d. %s %s%s", no, step.Seat, c, mark))
			trick = len(out) - 1
		} else if trick >= 0 {
			out[trick] += fmt.Sprintf("  %s %s%s %s %s", step.Seat, c, mark, g.Arrow(), d.LastTrickWinner())
			trick = -1
			if no == 1 {
				for w, cards := range d.ShownCards() {
					for _, q := range rules.Sequences(cards) {
						out = append(out, fmt.Sprintf("%s shows %s (%d)", rules.Seat(w), kit.SeqText(g, q), q.Value()))
					}
				}
			}
		}
	}
	if n == len(rd.Steps) && rd.Done && rd.Score.Outcome == rules.Abandoned {
		out = append(out, "Thrown in: "+abandonWhy(rd, s.seatName)+".")
	}
	return out
}

// stepLine says where the replay stands: the go-to prompt, or the last
// action taken with its grade.
func (s *replayScreen) stepLine(ctx *kit.Context, rd *gamelog.ReplayDeal) string {
	st := &ctx.Styles
	switch {
	case s.goTo:
		return fmt.Sprintf(" %s %s%s  (1 to %d; enter goes, esc cancels)", st.Heading.Render("Go to deal:"), s.digits,
			st.Selected.Render("_"), len(s.r.Deals))
	case s.note != "":
		return " " + st.Error.Render("! "+s.note)
	case s.pos.n == 0:
		return fmt.Sprintf(" Deal %d as dealt: %s deals, %s speaks first.", rd.No, rd.Dealer, rd.Dealer.Other())
	}
	i := s.pos.n - 1
	step := rd.Steps[i]
	line := fmt.Sprintf(" Step %d: %s %s", s.pos.n, step.Seat, s.actionText(ctx, rd, i))
	if s.pos == s.end() && !s.r.Over {
		line += ". The log stops here"
	}
	dec := s.decision(s.pos.deal, i)
	if dec == nil {
		return line + "."
	}
	// The better action of a hidden hand would show its cards.
	better := ""
	if s.open(step.Seat) {
		better = s.actionWords(ctx, dec.Best)
	}
	return line + gradeNote(ctx, dec, better)
}

// actionText is what step i did, in words: "played J♥", "said take".
func (s *replayScreen) actionText(ctx *kit.Context, rd *gamelog.ReplayDeal, i int) string {
	a := rd.Steps[i].Action
	if a.Kind == rules.PlayCard {
		return "played " + s.actionWords(ctx, a)
	}
	if a.Kind == rules.Exchange {
		return "exchanged the dix"
	}
	return "said " + s.actionWords(ctx, a)
}

// actionWords writes an action for a person: "J♥", "J♥ with bella",
// "take", "hearts".
func (s *replayScreen) actionWords(ctx *kit.Context, a rules.Action) string {
	p := ctx.Paint
	switch a.Kind {
	case rules.PlayCard:
		if a.Bella {
			return p.StyledCard(a.Card) + " with bella"
		}
		return p.StyledCard(a.Card)
	case rules.Name:
		return p.SuitName(a.Suit)
	}
	return a.Words()
}

// analysisLine says how the analysis stands, and once done what each
// player lost this deal and over the game.
func (s *replayScreen) analysisLine(ctx *kit.Context) string {
	st := &ctx.Styles
	if line, ok := s.statusLine(ctx, s.sealed); ok {
		return line
	}
	dr := &s.report.Deals[s.pos.deal]
	if !dr.Analysed {
		return " " + st.Dim.Render("Deal not analysed.")
	}
	g := &s.report.Players
	return fmt.Sprintf(" %s this deal A %.1f, B %.1f · game A %.1f, B %.1f", st.Heading.Render("Points lost:"),
		dr.Players[0].Lost, dr.Players[1].Lost, g[0].Lost, g[1].Lost)
}

// hints lists the keys (the viewer's short help), in fewer words when
// the window is narrow.
func (s *replayScreen) hints(ctx *kit.Context, w int) string {
	return fitHints(s.KeyHelp(&ctx.Keys).ShortHelp(), w)
}
