package tui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/rules"
)

// result shows how the deal just finished scored, and waits for a key.
type result struct {
	t *table
}

func newResult(t *table) *result { return &result{t: t} }

func (r *result) Name() string { return "result" }

// Update: enter, space or a click goes on, to the next deal or to the
// end of the game. Other keys do nothing, so a card key pressed as the
// deal ends does not skip the breakdown.
func (r *result) Update(ctx *screenCtx, msg tea.Msg) (screenModel, tea.Cmd) {
	m := r.t.m
	if m.absorb(msg) {
		return r, nil
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if !isKey(msg, ctx.Keys.Choose) {
			return r, nil
		}
	case tea.MouseClickMsg:
	default:
		return r, nil
	}
	if m.game.Over() {
		return newGameOver(r.t), nil
	}
	r.t.note = ""
	return r.t, nil
}

// View draws the breakdown.
func (r *result) View(ctx *screenCtx) string {
	m := r.t.m
	g := m.game
	st := &ctx.Styles
	p := ctx.paint
	w := ctx.Width
	recs := g.Records()
	if len(recs) == 0 {
		return ""
	}
	no := len(recs)
	rec := recs[no-1]
	sc := rec.Score
	tot := g.Totals()
	lines := []string{
		fit(fmt.Sprintf(" %s  Deal %d is over", st.Title.Render("Klob"), no), w-20) + right(st.Heading.Render(fmt.Sprintf("You %d · Bot %d ", tot[humanSeat], tot[botSeat])), 20),
		st.Rule.Render(repeat(p.g.hrule, w)),
	}
	if sc.Outcome == rules.Abandoned {
		lines = append(lines, "", " "+st.Heading.Render("The deal is thrown in: nobody scores."), " "+abandonReason(m.name, rec.Ending, rec.Schmeisser), "")
	} else {
		lines = append(lines, breakdown(ctx, m, sc)...)
	}
	row := func(label, a, b string) string { return fmt.Sprintf(" %-18s %8s %8s", label, a, b) }
	lines = append(lines,
		row("Game", fmt.Sprint(tot[humanSeat]), fmt.Sprint(tot[botSeat]))+st.Dim.Render(fmt.Sprintf("   (game to %d)", g.Options().Target)), "")
	if sc.Outcome != rules.Abandoned {
		d := g.Deal()
		if tr, leader, ok := d.LastTrick(); ok {
			winner := d.LastTrickWinner()
			lines = append(lines, fmt.Sprintf(" Last trick: %s %s, %s %s: %s won it.", m.name(leader), p.styledCard(tr[0]),
				m.name(leader.Other()), p.styledCard(tr[1]), m.name(winner)), "")
		}
	}
	next := "Press enter for the next deal."
	if g.Over() {
		next = "Press enter for the end of the game."
	} else {
		next += " " + capital(m.does(g.Dealer(), "deal")) + " it."
	}
	lines = append(lines, " "+st.Key.Render(next)+st.Dim.Render("   "+hintLine(appKeys(&ctx.Keys))))
	if m.SaveErr() != nil {
		for _, l := range saveErrLines(m.SaveErr(), ctx.Width-1) {
			lines = append(lines, " "+st.Error.Render(l))
		}
	}
	return joinLines(lines)
}

// abandonReason says why a deal was thrown in.
func abandonReason(name func(rules.Seat) string, ending rules.Ending, schmeisser rules.Seat) string {
	if ending == rules.SchmeissAccepted {
		return acceptedSchmeiss(name, schmeisser) + "."
	}
	return "Both players passed twice: nobody named trump."
}

// breakdown is the table of a scored deal and what it means, the
// person's column first.
func breakdown(ctx *screenCtx, m *seated, sc rules.Score) []string {
	sw := personWords(m.me, m.me.Other(), [2]string{"You", "Bot"}, m.name)
	title := fmt.Sprintf(" Trump %s · maker: %s", ctx.paint.suitName(sc.Trump), m.name(sc.Maker))
	return scoreLines(ctx, sc, sw, title, ctx.Width)
}

// seatWords says who is who in a score breakdown: the seats of the two
// columns and their headings, and how a sentence names a seat and puts
// a verb after it ("you score", "Bot scores"; "you have", "B has").
type seatWords struct {
	cols  [2]rules.Seat
	heads [2]string
	name  func(rules.Seat) string
	does  func(s rules.Seat, verb string) string
	has   func(rules.Seat) string
}

// personWords are the seatWords of a breakdown seen from the person's
// seat me: the person's column first, then other's; the person said
// "you" ("you score", "you have"), the others by name ("Bot has").
func personWords(me, other rules.Seat, heads [2]string, name func(rules.Seat) string) seatWords {
	return seatWords{
		cols:  [2]rules.Seat{me, other},
		heads: heads,
		name:  name,
		does:  func(s rules.Seat, verb string) string { return does(name(s), s == me, verb) },
		has: func(s rules.Seat) string {
			if s == me {
				return "have"
			}
			return "has"
		},
	}
}

// scoreLines is the breakdown of a scored deal under title: the lines of
// RULES.md section 8 by seat, the verdict in words, and what each
// scores. The result screen and the replay share it.
func scoreLines(ctx *screenCtx, sc rules.Score, sw seatWords, title string, width int) []string {
	st := &ctx.Styles
	row := func(label string, v [4]int) string {
		return fmt.Sprintf(" %-18s %8d %8d", label, v[sw.cols[0]], v[sw.cols[1]])
	}
	maker, def := sc.Maker, sc.Maker.Other()
	lines := []string{
		title,
		"",
		st.Heading.Render(fmt.Sprintf(" %-18s %8s %8s", "", sw.heads[0], sw.heads[1])),
		row("Tricks", sc.Tricks),
		row("Card points", sc.Cards),
		row("Last trick", sc.LastTrick),
		row("Sequences", sc.Seqs),
		row("Bella", sc.Bella),
		st.Heading.Render(row("Total", sc.Total)),
		"",
	}
	a, b := sc.Total[maker], sc.Total[def]
	has := sw.has(maker)
	var verdict string
	switch sc.Outcome {
	case rules.Made:
		verdict = st.Good.Render("Made.") + fmt.Sprintf(" %s, the maker, %s more (%d to %d): each scores their own total.", sw.name(maker), has, a, b)
	case rules.Tie:
		verdict = st.Bad.Render("Tie.") + fmt.Sprintf(" Both have %d: the maker (%s) scores nothing, %s %d.", a, sw.name(maker), sw.does(def, "score"), b)
	case rules.Bete:
		verdict = st.Bad.Render("Bete!") + fmt.Sprintf(" %s, the maker, %s less (%d to %d): %s both totals, %d.", sw.name(maker), has, a, b, sw.does(def, "score"), a+b)
	}
	for _, l := range wrap(verdict, max(20, width-3)) {
		lines = append(lines, " "+l)
	}
	scored := func(s rules.Seat) string { return fmt.Sprintf("+%d", sc.Scored[s]) }
	lines = append(lines, st.Heading.Render(fmt.Sprintf(" %-18s %8s %8s", "This deal scores", scored(sw.cols[0]), scored(sw.cols[1]))))
	return lines
}
