package tui

import (
	"fmt"
	"strings"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// resultLines34 is the breakdown of a finished deal at a table of three
// (a column per seat) or four (a column per team, partners' lines
// counted together, each partner's sequences named): the lines of
// RULES.md sections 8 and 10, the verdict in words, and what each side
// scores, with the three-handed bete split shown as each opponent's
// share of the maker's points.
func resultLines34(ctx *kit.Context, sc *tableScene, s rules.Score, width int) []string {
	st := &ctx.Styles
	p := ctx.Paint
	v := &sc.V
	if s.Outcome == rules.Abandoned || s.Maker == rules.NoSeat {
		return []string{" " + st.Heading.Render("The deal is thrown in: nobody scores."),
			" Every player passed twice: nobody named trump."}
	}
	order := sc.sideOrder()
	four := sc.players() == 4
	colW := 9
	if four {
		colW = 16
	}
	row := func(label string, cols []string) string {
		var b strings.Builder
		fmt.Fprintf(&b, " %-18s", label)
		for _, c := range cols {
			fmt.Fprintf(&b, "%*s", colW, c)
		}
		return b.String()
	}
	bySide := func(x [4]int) []string {
		var out []string
		for _, side := range order {
			sum := 0
			for seat := range sc.players() {
				if seat%sc.sides() == side {
					sum += x[seat]
				}
			}
			out = append(out, fmt.Sprint(sum))
		}
		return out
	}
	var heads []string
	for _, side := range order {
		heads = append(heads, kit.Clip(sc.sideName(side), colW-1))
	}
	title := fmt.Sprintf(" Trump %s · maker: %s", p.SuitName(s.Trump), sc.name(s.Maker))
	if s.Forced {
		title += " (forced to name trump)"
	}
	lines := []string{title, "", st.Heading.Render(row("", heads)),
		row("Tricks", bySide(s.Tricks)),
		row("Card points", bySide(s.Cards)),
		row("Last trick", bySide(s.LastTrick)),
		row("Sequences", bySide(s.Seqs)),
		row("Bella / menage", bySide(s.Bella)),
	}
	if s.Declared != [4]int{} {
		lines = append(lines, row("Shlomo, cleopatra", bySide(s.Declared)))
	}
	lines = append(lines, st.Heading.Render(row("Total", bySide(s.Total))))
	if four {
		// Partners' sequences count together: say whose they were.
		for _, side := range order {
			var parts []string
			for seat := range 4 {
				if seat%2 == side && s.Seqs[seat] > 0 {
					parts = append(parts, fmt.Sprintf("%s %d", sc.name(rules.Seat(seat)), s.Seqs[seat]))
				}
			}
			if len(parts) > 0 {
				lines = append(lines, " "+st.Dim.Render(fmt.Sprintf("Sequences of %s: %s", sc.sideName(side), strings.Join(parts, " + "))))
			}
		}
	}
	lines = append(lines, "")
	makerSide := int(s.Maker) % sc.sides()
	mk := s.SideTotal[makerSide]
	var others []string
	for _, side := range order {
		if side != makerSide {
			others = append(others, fmt.Sprintf("%s %d", sc.sideName(side), s.SideTotal[side]))
		}
	}
	who := sc.name(s.Maker)
	if four {
		who = sc.sideName(makerSide) + " (maker " + sc.name(s.Maker) + ")"
	}
	var verdict string
	switch s.Outcome {
	case rules.Made:
		verdict = st.Good.Render("Made.") + fmt.Sprintf(" %s: %d, more than each other side (%s). Each side scores its own total.", who, mk, strings.Join(others, ", "))
	case rules.Tie:
		verdict = st.Bad.Render("Tie.") + fmt.Sprintf(" %s: %d, equal to the best other side (%s). The maker's side scores nothing, the others their own.", who, mk, strings.Join(others, ", "))
	case rules.Bete:
		if four {
			verdict = st.Bad.Render("Bete!") + fmt.Sprintf(" %s: %d, less than %s. The other team scores both totals.", who, mk, strings.Join(others, " and "))
		} else {
			verdict = st.Bad.Render("Bete!") + fmt.Sprintf(" %s: %d, not more than each opponent (%s). The maker scores nothing; each opponent scores its own total and its share of the maker's %d.", who, mk, strings.Join(others, ", "), mk)
		}
	}
	for _, l := range kit.Wrap(verdict, max(20, width-3)) {
		lines = append(lines, " "+l)
	}
	if s.Outcome == rules.Bete && !four {
		// The split of the maker's points, the odd point included: what
		// each opponent scores over its own total.
		var share []string
		for _, side := range order {
			if side == makerSide {
				share = append(share, "")
				continue
			}
			share = append(share, fmt.Sprintf("+%d", s.Scored[side]-s.SideTotal[side]))
		}
		lines = append(lines, row("Share of maker's", share))
	}
	if s.Bimah > 0 {
		lines = append(lines, fmt.Sprintf(" Bimah: +%d to %s, the forced dealer's side.", s.Bimah, sc.sideName(makerSide)))
	}
	var scored []string
	for _, side := range order {
		scored = append(scored, fmt.Sprintf("+%d", s.Scored[side]))
	}
	lines = append(lines, st.Heading.Render(row("This deal scores", scored)))
	var tot []string
	for _, side := range order {
		tot = append(tot, fmt.Sprint(sc.Totals[side]))
	}
	lines = append(lines, row("Game", tot)+st.Dim.Render(fmt.Sprintf("   (game to %d)", v.Options.Target)))
	return lines
}
