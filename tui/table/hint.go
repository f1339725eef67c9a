package table

import (
	"fmt"
	"slices"
	"strings"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// The hint (H) is the hard bot's evaluation of the person's decision,
// which the host works out off the screen from the seat's own view. It
// is shown the same way for every decision and at every seat count: what
// the hard bot would do and why, then every option in rank order, best
// first, with the columns of the trainer (kit.AnalysisTable). Closing
// the hint hides it: the host keeps the hint of the decision (or goes on
// working it out), so H at the same decision shows it again at once,
// and only a new decision asks for another.

// hintLines are the hint panel's lines for the position on screen, on
// at most room lines (none: -1). The last says how to close the hint,
// and is kept whatever the room: the hint's own lines give way above
// it.
func (s *Screen) hintLines(ctx *kit.Context, sc *Scene, w, room int) []string {
	st := &ctx.Styles
	h := s.snap.Hint
	table := s.onTable(ctx, sc, w)
	keep := 1 + len(table) // the lines kept under the hint's own
	var out []string
	switch {
	case h == nil || h.Pending:
		out = []string{" " + st.Heading.Render("Hint: the hard bot is weighing your options…")}
	case h.Err != nil:
		out = []string{" " + st.Error.Render("! No hint: "+h.Err.Error())}
	default:
		out, _ = hintWindow(ctx, &s.snap.View, h.Eval, s.Bella, w, max(-1, room-keep), s.hintTop)
	}
	if room > 0 && len(out) > room-keep {
		out = out[:max(0, room-keep)]
	}
	out = append(out, table...)
	closing := "H or esc closes the hint"
	if s.onHinted() {
		closing += "; the cursor is on the hard bot's choice"
		if s.Bella != rules.NoCard {
			closing = "H or esc closes the hint; the answer marked is the hard bot's"
		}
	}
	return append(out, " "+st.Dim.Render(closing))
}

// onTable says in one line what lies on the table, for the hint panel,
// which covers the table and the line over it: the hint speaks of
// those cards, in one form ("On the table: …"), so that the line reads
// as what the hint covers. From the declarations to the dix, the upcard
// ("On the table: the upcard 9♣") while it lies face up, in nobody's hand (UpcardTaker): the
// bids are about it, the dix takes it. In the play, the trick, each
// card with its player ("On the table: West A♦, East K♦"). Nil when no
// card lies on it.
func (s *Screen) onTable(ctx *kit.Context, sc *Scene, w int) []string {
	v := &s.snap.View
	switch v.Phase {
	case rules.PhaseDeclare, rules.PhaseBid1, rules.PhaseSchmeiss, rules.PhaseBid2, rules.PhaseDix:
		if !v.OrigUpcard.Valid() || v.UpcardTaker() != rules.NoSeat {
			return nil
		}
		return []string{cutTo(ctx, " On the table: the upcard "+ctx.Paint.StyledCard(v.OrigUpcard), w)}
	}
	if v.Phase != rules.PhasePlay || v.InTrick == 0 {
		return nil
	}
	line, _ := sc.fitAny(ctx, w, 1, func(sc *Scene) string {
		return " On the table: " + sc.playedBy(ctx, v.Leader, v.Trick[:v.InTrick])
	})
	return []string{cutTo(ctx, line, w)}
}

// onHinted reports whether the cursor (or the open question's answer)
// is on what the hint on screen says: at a bella question, the hard
// bot's way to play the question's card.
func (s *Screen) onHinted() bool {
	h := s.snap.Hint
	if h == nil || h.Pending || h.Err != nil || h.Eval.Best < 0 || h.Eval.Best >= len(h.Eval.Results) {
		return false
	}
	if s.Bella != rules.NoCard {
		a, ok := bestPlaying(&s.snap.View, h.Eval, s.Bella)
		items := s.bellaItems()
		return ok && s.Menu >= 0 && s.Menu < len(items) && sameAnswer(items[s.Menu], a)
	}
	best := h.Eval.Results[h.Eval.Best].Action
	if best.Kind == rules.PlayCard {
		hand := s.hand()
		return s.Cursor >= 0 && s.Cursor < len(hand) && hand[s.Cursor] == best.Card
	}
	items := s.menuItems()
	return s.Menu >= 0 && s.Menu < len(items) && items[s.Menu] == best
}

// bestPlaying is the hard bot's best way to play card c at v (with an
// announcement or without), by the hint's ranking of ev.
func bestPlaying(v *rules.View, ev eval.Evaluation, c rules.Card) (rules.Action, bool) {
	an, err := drill.FromEval(v, ev)
	if err != nil || len(an.Rows) == 0 {
		return rules.Action{}, false
	}
	ranked, _ := an.InRankOrder(-1)
	if q := questionRows(an, ranked, ev, c); q != nil {
		return q.Rows[0].Action, true
	}
	return rules.Action{}, false
}

// sameAnswer reports whether a and b play the same card the same way:
// with the same announcement, or both without.
func sameAnswer(a, b rules.Action) bool {
	return a.Kind == b.Kind && a.Card == b.Card && a.Bella == b.Bella && (!a.Bella || a.N == b.N)
}

// hintWindow draws the hint for the decision at v from its evaluation,
// in lines of at most w cells and at most room lines (none: -1), the
// options from rank top on (kept so that the window is full), and
// returns the page of them it shows. Short of room, the options ranked
// lowest give way first (a line says how many; the two best stay), then
// the count of sampled deals, then the reason's sentences, whole, last
// first: in a short window the two best options and how many more
// outrank the reason.
//
// With the bella (or menage) question open on card asked (else
// rules.NoCard), the hint answers that question: the ways to play asked
// come first, the best of them said, and the hard bot's own card, when
// another, after.
func hintWindow(ctx *kit.Context, v *rules.View, ev eval.Evaluation, asked rules.Card, w, room, top int) ([]string, kit.Page) {
	st := &ctx.Styles
	if ev.Samples == 0 || len(ev.Results) == 0 {
		return []string{" " + st.Dim.Render("No hint: nothing was evaluated.")}, kit.Page{}
	}
	an, err := drill.FromEval(v, ev)
	if err != nil {
		return []string{" " + st.Error.Render("! No hint: "+err.Error())}, kit.Page{}
	}
	ranked, _ := an.InRankOrder(-1) // best first
	best := ranked.Rows[0]
	var out, why []string
	order := "best first" // how the rows are ordered, as the page's note says
	if q := questionRows(an, ranked, ev, asked); q != nil {
		order = drill.Label(rules.PlayAction(asked), ctx.ASCII) + " first, then best first"
		// The question's rows first, in rank order, then the others.
		ranked.Rows = append(slices.Clone(q.Rows), slices.DeleteFunc(slices.Clone(ranked.Rows), func(r drill.Row) bool { return playsCard(r.Action, asked) })...)
		qb := q.Rows[q.Best].Action
		out = []string{" " + st.Heading.Render("Hint: the hard bot would "+answerSay(ctx, v, qb, q.Rows)+".")}
		if !playsCard(best.Action, asked) {
			why = append(why, "Of all your cards it would rather "+hintSay(ctx, v, best.Action)+".")
		}
		why = append(why, q.Reason(ctx.ASCII)...)
	} else {
		out = []string{" " + st.Heading.Render("Hint: the hard bot would "+hintSay(ctx, v, best.Action)+".")}
		if v.Phase == rules.PhasePlay && v.InTrick > 0 && best.Action.Card.Valid() {
			why = append(why, trickWords(v, best.Action.Card))
		}
		why = append(why, an.Reason(ctx.ASCII)...)
	}
	wrap := func(why []string) []string {
		if len(why) == 0 {
			return nil
		}
		return kit.Indent(" ", kit.Wrap(strings.Join(why, " "), max(10, w-2)), nil)
	}
	shown := ranked
	all := len(ranked.Rows)
	// The rows of the page, by their rank, and under a cut page the keys
	// that show the others: no option is out of reach.
	table := func(pg kit.Page) []string {
		shown.Rows = ranked.Rows[pg.Top : pg.Top+pg.Rows]
		rows := kit.AnalysisTable(ctx, &shown, -1)
		if pg.Cut() {
			rows = append(rows, " "+st.Dim.Render("   "+strings.Replace(pg.Note(""), "best first", order, 1)))
		}
		return rows
	}
	samples := []string{" " + st.Dim.Render(fmt.Sprintf("(%d sampled deals; the columns: ? help, then Numbers and marks)", an.Samples))}
	size := func(pg kit.Page) int { return len(out) + len(wrap(why)) + len(table(pg)) + len(samples) }
	pg := kit.FitPage(top, all, 2, func(n int) bool { return room < 0 || size(kit.Page{Rows: n, All: all}) <= room })
	if room >= 0 && size(pg) > room {
		samples = nil
	}
	for room >= 0 && size(pg) > room && len(why) > 0 {
		why = why[:len(why)-1]
	}
	out = append(out, wrap(why)...)
	out = append(out, table(pg)...)
	out = append(out, samples...)
	for i, l := range out {
		out[i] = kit.Clip(l, w)
	}
	return out, pg
}

// questionRows is the analysis of the bella question on card asked:
// the ways to play it, in rank order, the best first; nil when no
// question is open or the analysis has no row of it.
// The hard bot's choice (ev.Best) comes first when it plays asked.
func questionRows(an drill.Analysis, ranked drill.Analysis, ev eval.Evaluation, asked rules.Card) *drill.Analysis {
	if !asked.Valid() {
		return nil
	}
	q := an
	q.Rows = nil
	for _, r := range ranked.Rows {
		if playsCard(r.Action, asked) {
			q.Rows = append(q.Rows, r)
		}
	}
	if len(q.Rows) == 0 {
		return nil
	}
	if ev.Best >= 0 && ev.Best < len(ev.Results) {
		if i := slices.IndexFunc(q.Rows, func(r drill.Row) bool { return r.Action == ev.Results[ev.Best].Action }); i > 0 {
			r := q.Rows[i]
			q.Rows = slices.Insert(slices.Delete(q.Rows, i, i+1), 0, r)
		}
	}
	q.Best = 0
	return &q
}

// playsCard reports whether a plays card c.
func playsCard(a rules.Action, c rules.Card) bool { return a.Kind == rules.PlayCard && a.Card == c }

// answerSay is the answer a to the bella question, among the question's
// ways rows: "play K♣ and say bella", "play K♣ without bella".
func answerSay(ctx *kit.Context, v *rules.View, a rules.Action, rows []drill.Row) string {
	if a.Bella {
		return hintSay(ctx, v, a)
	}
	for _, r := range rows {
		if w := kit.BellaWord(r.Action); w != "" {
			return hintSay(ctx, v, a) + " without " + w
		}
	}
	return hintSay(ctx, v, a)
}

// scrollHint moves the hint's options a page up (dir -1) or down (1),
// as far as the last page: the window is laid out as the view lays it.
func (s *Screen) scrollHint(ctx *kit.Context, dir int) {
	h := s.snap.Hint
	if h == nil || h.Pending || h.Err != nil {
		return
	}
	sc := s.sceneFor(ctx)
	bottom, _ := s.bottomLines(ctx, sc)
	room := PanelRoom(ctx, sc, s.tableHand(), bottom)
	keep := 1 + len(s.onTable(ctx, sc, ctx.Width))
	_, pg := hintWindow(ctx, &s.snap.View, h.Eval, s.Bella, ctx.Width, max(-1, room-keep), s.hintTop)
	s.hintTop = pg.Turn(dir)
}

// trickWords says what card c, played now to the trick on the table,
// does to it, claiming only what is certain: a card ahead "wins" the
// trick only when no card a later opponent may hold can beat it; with
// four players a trick the partner holds is the side's, not given up.
func trickWords(v *rules.View, c rules.Card) string {
	side := func(s rules.Seat) int { return rules.SideOfSeat(v.Players, s) }
	w := v.WinnerIf(c)
	var threat rules.CardSet // what the opponents still to play may hold
	partnerLater := false
	for i := v.InTrick + 1; i < v.Players; i++ {
		o := rules.SeatAfter(v.Leader, i, v.Players)
		if side(o) == side(v.Seat) {
			partnerLater = true
			continue
		}
		threat |= v.Unseen() | v.Known(o)
	}
	if side(w) != side(v.Seat) {
		if partnerLater {
			return "It does not take this trick; your partner plays after you."
		}
		return "It gives this trick up."
	}
	trick := append(append([]rules.Card(nil), v.Trick[:v.InTrick]...), c, rules.NoCard)
	beaten := false
	for _, x := range threat.Cards() {
		trick[len(trick)-1] = x
		if rules.TrickWinnerOf(trick, v.Trump) == len(trick)-1 {
			beaten = true
			break
		}
	}
	switch {
	case w == v.Seat && !beaten:
		return "It wins this trick."
	case w == v.Seat:
		return "It is ahead in this trick for now; a later card may beat it."
	case !beaten:
		return "Your partner wins this trick."
	}
	return "Your partner stays ahead in this trick for now."
}

// hintSay is an action at v as the hint says it: "take", "name ♥
// hearts", "play A♠", `say "same"`; a pass that declines a declaration
// as the menu's "no shlomo" means it, "not declare shlomo".
func hintSay(ctx *kit.Context, v *rules.View, a rules.Action) string {
	p := ctx.Paint
	switch a.Kind {
	case rules.Pass:
		if k := v.Declaring(); k != rules.NoAction {
			return "not declare " + rules.Action{Kind: k}.Words()
		}
	case rules.PlayCard:
		s := "play " + p.StyledCard(a.Card)
		if w := kit.BellaWord(a); w != "" {
			s += " and say " + w
		}
		return s
	case rules.Name:
		return "name " + p.SuitName(a.Suit)
	case rules.Give:
		return "give " + p.StyledCard(a.Card)
	}
	return drill.Verb(a, ctx.ASCII)
}

// hintedChoice is the hard bot's choice in a hint, and the position
// (the snapshot's Gen) the hint was for.
type hintedChoice struct {
	gen int
	a   rules.Action
}

// pointAt puts the cursor on the hinted card, or the menu on the hinted
// item, so that enter takes it. With the bella question open on the
// hinted card, the question's answer goes to the hint's: with or
// without the announcement.
func (s *Screen) pointAt(a rules.Action) {
	if s.Bella != rules.NoCard {
		// The hint came at the question: it answers the question, on
		// the card asked.
		if b, ok := bestPlaying(&s.snap.View, s.snap.Hint.Eval, s.Bella); ok {
			s.answerAs(b)
		}
		return
	}
	if a.Kind == rules.PlayCard {
		if i := slices.Index(s.hand(), a.Card); i >= 0 {
			s.Cursor = i
		}
		s.answerAs(a)
	} else if i := slices.Index(s.menuItems(), a); i >= 0 {
		s.Menu = i
	}
}

// answerAs puts the open bella question's answer on a, when a plays the
// question's card: with the announcement or without.
func (s *Screen) answerAs(a rules.Action) {
	if a.Kind != rules.PlayCard || a.Card != s.Bella {
		return
	}
	if i := slices.IndexFunc(s.bellaItems(), func(b rules.Action) bool { return b.Bella == a.Bella && (!a.Bella || b.N == a.N) }); i >= 0 {
		s.Menu = i
	}
}

// answerAsHinted starts a bella question just opened on the answer of
// the hint shown for this position, if any: following the hint's
// cursor then enter, enter plays what the hint said. Without a hint the
// question starts on the announcement.
func (s *Screen) answerAsHinted() {
	if h := s.hinted; h != nil && h.gen == s.snap.Gen {
		s.answerAs(h.a)
	}
}
