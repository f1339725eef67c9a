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
func (r *result) Update(ctx *Context, msg tea.Msg) (Screen, tea.Cmd) {
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
func (r *result) View(ctx *Context) string {
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
		lines = append(lines, "", " "+st.Heading.Render("The deal is thrown in: nobody scores."), " "+abandonReason(m, rec), "")
	} else {
		lines = append(lines, breakdown(ctx, m, sc)...)
	}
	row := func(label, a, b string) string { return fmt.Sprintf(" %-18s %8s %8s", label, a, b) }
	lines = append(lines,
		row("Game", fmt.Sprint(tot[humanSeat]), fmt.Sprint(tot[botSeat]))+st.Dim.Render(fmt.Sprintf("   (game to %d)", g.Options().Target)), "")
	if sc.Outcome != rules.Abandoned {
		d := g.Deal()
		if tr, leader, ok := d.LastTrick(); ok {
			winner := leader
			if rules.TrickWinner(tr[0], tr[1], d.Trump()) == 1 {
				winner = leader.Other()
			}
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
	lines = append(lines, " "+st.Key.Render(next)+st.Dim.Render("   ? help · q quit"))
	if m.saveErr != nil {
		lines = append(lines, " "+st.Error.Render("! autosave failed: "+m.saveErr.Error()))
	}
	return joinLines(lines)
}

// abandonReason says why a deal was thrown in.
func abandonReason(m *match, rec rules.DealRecord) string {
	for _, s := range rec.Steps {
		if s.Action.Kind == rules.Accept {
			return fmt.Sprintf("%s accepted %s's schmeiss.", m.name(s.Seat), m.name(s.Seat.Other()))
		}
	}
	return "Both players passed twice: nobody named trump."
}

// breakdown is the table of a scored deal and what it means.
func breakdown(ctx *Context, m *match, sc rules.Score) []string {
	st := &ctx.Styles
	p := ctx.paint
	row := func(label string, v [2]int) string {
		return fmt.Sprintf(" %-18s %8d %8d", label, v[humanSeat], v[botSeat])
	}
	maker, def := sc.Maker, sc.Maker.Other()
	lines := []string{
		fmt.Sprintf(" Trump %s %s · maker: %s", p.styledSuit(sc.Trump), sc.Trump.Name(), m.name(maker)),
		"",
		st.Heading.Render(fmt.Sprintf(" %-18s %8s %8s", "", "You", "Bot")),
		row("Tricks", sc.Tricks),
		row("Card points", sc.Cards),
		row("Last trick", sc.LastTrick),
		row("Sequences", sc.Seqs),
		row("Bella", sc.Bella),
		st.Heading.Render(row("Total", sc.Total)),
		"",
	}
	a, b := sc.Total[maker], sc.Total[def]
	has := "has"
	if maker == humanSeat {
		has = "have"
	}
	var verdict string
	switch sc.Outcome {
	case rules.Made:
		verdict = st.Good.Render("Made.") + fmt.Sprintf(" %s, the maker, %s more (%d to %d): each scores their own total.", m.name(maker), has, a, b)
	case rules.Tie:
		verdict = st.Bad.Render("Tie.") + fmt.Sprintf(" Both have %d: the maker (%s) scores nothing, %s %d.", a, m.name(maker), m.does(def, "score"), b)
	case rules.Bete:
		verdict = st.Bad.Render("Bete!") + fmt.Sprintf(" %s, the maker, %s less (%d to %d): %s both totals, %d.", m.name(maker), has, a, b, m.does(def, "score"), a+b)
	}
	lines = append(lines, wrap(" "+verdict, max(20, ctx.Width-2))...)
	lines = append(lines, st.Heading.Render(fmt.Sprintf(" %-18s %8s %8s", "This deal scores", fmt.Sprintf("+%d", sc.Scored[humanSeat]), fmt.Sprintf("+%d", sc.Scored[botSeat]))))
	return lines
}
