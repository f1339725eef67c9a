package tui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
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
func (r *result) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	m := r.t.m
	if m.absorb(msg) {
		return r, nil
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if !kit.IsKey(msg, ctx.Keys.Choose) {
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
func (r *result) View(ctx *kit.Context) string {
	m := r.t.m
	g := m.game
	st := &ctx.Styles
	p := ctx.Paint
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
		kit.Fit(fmt.Sprintf(" %s  Deal %d is over", st.Title.Render("Klob"), no), w-20) + kit.Right(st.Heading.Render(fmt.Sprintf("You %d · Bot %d ", tot[humanSeat], tot[botSeat])), 20),
		st.Rule.Render(kit.Repeat(p.Glyphs.HRule, w)),
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
			lines = append(lines, fmt.Sprintf(" Last trick: %s %s, %s %s: %s won it.", m.name(leader), p.StyledCard(tr[0]),
				m.name(leader.Other()), p.StyledCard(tr[1]), m.name(winner)), "")
		}
	}
	next := "Press enter for the next deal."
	if g.Over() {
		next = "Press enter for the end of the game."
	} else {
		next += " " + kit.Capital(m.does(g.Dealer(), "deal")) + " it."
	}
	lines = append(lines, " "+st.Key.Render(next)+st.Dim.Render("   "+kit.HintLine(kit.AppKeys(&ctx.Keys))))
	if m.SaveErr() != nil {
		for _, l := range saveErrLines(m.SaveErr(), ctx.Width-1) {
			lines = append(lines, " "+st.Error.Render(l))
		}
	}
	return kit.JoinLines(lines)
}

// abandonReason says why a deal was thrown in.
func abandonReason(name func(rules.Seat) string, ending rules.Ending, schmeisser rules.Seat) string {
	if ending == rules.SchmeissAccepted {
		return kit.AcceptedSchmeiss(name, schmeisser) + "."
	}
	return "Both players passed twice: nobody named trump."
}

// breakdown is the table of a scored deal and what it means, the
// person's column first.
func breakdown(ctx *kit.Context, m *seated, sc rules.Score) []string {
	sw := kit.PersonWords(m.me, m.me.Other(), [2]string{"You", "Bot"}, m.name)
	title := fmt.Sprintf(" Trump %s · maker: %s", ctx.Paint.SuitName(sc.Trump), m.name(sc.Maker))
	return kit.ScoreLines(ctx, sc, sw, title, ctx.Width)
}
