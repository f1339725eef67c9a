package table

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// ResultLines is the breakdown of the finished deal s, a column per side
// (a seat, or a team of four whose partners' lines count together): the
// lines of the score, the verdict in words, what each side scores and
// the game's totals after it; for a deal thrown in, why. ending and
// schmeisser say how a deal thrown in ended.
func (sc *Scene) ResultLines(ctx *kit.Context, s rules.Score, ending rules.Ending, schmeisser rules.Seat, w int) []string {
	st := &ctx.Styles
	p := ctx.Paint
	// A side's column is as wide as a team's names at four, as far as
	// the window leaves room beside the game row's "(game to N)".
	labelW, colW := 18, 9
	if sc.teams() {
		colW = 16
		for _, i := range sc.SideOrder() {
			colW = max(colW, min(kit.WidthOf(sc.SideName(i))+2, (w-2-labelW-len("   (game to 1000)"))/2))
		}
	}
	if s.ThrownIn() {
		why := "Every player passed twice: nobody named trump."
		switch {
		case ending == rules.SchmeissAccepted && sc.players() == 2:
			why = kit.AcceptedSchmeiss(sc.Name, schmeisser) + "." // a name as its person wrote it
		case ending == rules.SchmeissAccepted:
			why = sc.Does(schmeisser, "schmeiss") + ", and it was accepted."
		case sc.players() == 2:
			why = "Both players passed twice: nobody named trump."
		}
		// why may name a long name: it wraps.
		out := append([]string{" " + st.Heading.Render("The deal is thrown in: nobody scores.")}, kit.Indent(" ", kit.Wrap(why, max(20, w-3)), nil)...)
		if lost := sc.lostDeclarations(); lost != "" {
			// A declared 20 counts in its deal's total: lost with it.
			out = append(out, kit.Indent(" ", kit.Wrap(lost, max(10, w-1)), nil)...)
		}
		if g := sc.gameRows(ctx, labelW, colW, w); len(g) > 0 {
			// The sides' names head the figures, as over a scored deal.
			out = append(out, "", st.Heading.Render(resultRow(labelW, colW, "", sc.colNames(ctx, colW-1, false))))
			out = append(out, g...)
		}
		return out
	}
	order := sc.SideOrder()
	teams := sc.teams()
	row := func(label string, cols []string) string { return resultRow(labelW, colW, label, cols) }
	bySide := func(x [4]int) []string {
		var out []string
		for _, n := range sc.bySide(x) {
			out = append(out, fmt.Sprint(n))
		}
		return out
	}
	heads := sc.colNames(ctx, colW-1, false)
	title := fmt.Sprintf("%s · maker: %s", trumpTitle(p, s.Trump, nil), sc.Lower(s.Maker))
	if s.Forced {
		// One wording whether it named a suit or no trumps.
		title += " (forced dealer)"
	}
	// With the menage on its row is named for both in every deal,
	// whichever was said.
	bella := "Bella"
	if sc.V.Options.Menage {
		bella = "Bella / menage"
	}
	// With of_a_kind the sets score in the sequences' row: say so.
	seqs, seqsOf := kit.Capital(kit.SeqWord(&sc.V.Options)), "Sequences of"
	if sc.V.Options.OfAKind {
		seqsOf = "Sequences and sets of"
	}
	// The title names the maker: a long name wraps it.
	lines := kit.Indent(" ", kit.Wrap(title, max(20, w-3)), nil)
	lines = append(lines, st.Heading.Render(row("", heads)),
		row("Tricks", bySide(s.Tricks)),
		row("Card points", bySide(s.Cards)),
		row("Last trick", bySide(s.LastTrick)),
		row(seqs, bySide(s.Seqs)),
	)
	if s.Trump != rules.NoTrumps {
		// No trumps has no bella: no row that is always 0.
		lines = append(lines, row(bella, bySide(s.Bella)))
	}
	if s.Declared != [4]int{} {
		// The declarations this table plays, by the rules' names:
		// cleopatra needs four.
		var decl []string
		for _, k := range []string{"shlomo", "cleopatra"} {
			if sc.V.Options.PlaysVariant(k) {
				decl = append(decl, rules.VariantName(k))
			}
		}
		lines = append(lines, row(kit.Capital(strings.Join(decl, ", ")), bySide(s.Declared)))
	}
	lines = append(lines, st.Heading.Render(row("Total", bySide(s.Total))))
	if teams {
		// Partners' sequences count together: say whose they were.
		for _, side := range order {
			var parts []string
			for _, seat := range rules.SeatsOfSide(sc.players(), side) {
				if s.Seqs[seat] > 0 {
					parts = append(parts, fmt.Sprintf("%s %d", sc.Lower(seat), s.Seqs[seat]))
				}
			}
			if len(parts) > 0 {
				// Long names wrap: the points stay on the screen.
				text := fmt.Sprintf("%s %s: %s", seqsOf, sc.sideLower(side), strings.Join(parts, " + "))
				for _, l := range kit.WrapLines(text, max(20, w-3), 2, ctx.Ellipsis()) {
					lines = append(lines, " "+st.Dim.Render(l))
				}
			}
		}
	}
	if sw := sc.V.SeqWinner; sw != rules.NoSeat && sc.V.Options.MeldsNeedTrick {
		// The right was won in the dialogue, but a side without a trick
		// scores no sequences: say why its row holds 0.
		side, tricks, pts := sc.sideOf(sw), 0, 0
		for seat := range sc.players() {
			if sc.sideOf(rules.Seat(seat)) == side {
				tricks, pts = tricks+s.Tricks[seat], pts+s.Seqs[seat]
			}
		}
		if tricks == 0 && pts == 0 {
			// A long name wraps the line instead of cutting its end.
			text := fmt.Sprintf("%s took no trick: the %s won in the dialogue do not score.",
				sc.SideName(side), strings.ToLower(strings.TrimSuffix(seqsOf, " of")))
			lines = append(lines, kit.Indent(" ", kit.Wrap(text, max(20, w-3)), st.Dim.Render)...)
		}
	}
	lines = append(lines, kit.Indent(" ", kit.Wrap(sc.verdict(ctx, s), max(20, w-3)), nil)...)
	makerSide := sc.sideOf(s.Maker)
	if s.Outcome == rules.Bete && sc.players() == 3 {
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
		lines = append(lines, row("From the maker", share))
	}
	if s.Bimah > 0 {
		bimah := fmt.Sprintf("Bimah: +%d to %s, the forced dealer's side.", s.Bimah, sc.sideLower(makerSide))
		lines = append(lines, kit.Indent(" ", kit.Wrap(bimah, max(20, w-3)), nil)...)
	}
	var scored []string
	for _, side := range order {
		scored = append(scored, fmt.Sprintf("+%d", s.Scored[side]))
	}
	lines = append(lines, st.Heading.Render(row("This deal scores", scored)))
	return append(lines, sc.gameRows(ctx, labelW, colW, w)...)
}

// resultRow is a row of a deal's breakdown: its label in labelW cells,
// then a cell a side, right-aligned in columns of colW.
func resultRow(labelW, colW int, label string, cols []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, " %-*s", labelW, label)
	for _, c := range cols {
		fmt.Fprintf(&b, "%*s", colW, c)
	}
	return b.String()
}

// gameRows are the game's totals after the deal, by side, and the
// target, with what the totals mean once one reaches it: who won, or,
// equal at the top, that play goes on (RULES §9). The note goes on a
// line of its own when the row has no room for it in w. None on a
// board, which is no game.
func (sc *Scene) gameRows(ctx *kit.Context, labelW, colW, w int) []string {
	if sc.Board != "" {
		return nil
	}
	var cols []string
	for _, side := range sc.SideOrder() {
		cols = append(cols, fmt.Sprint(sc.Totals[side]))
	}
	row := resultRow(labelW, colW, "Game", cols)
	target := sc.V.Options.Target
	note := fmt.Sprintf("game to %d", target)
	totals := sc.Totals[:sc.Sides()]
	if win := rules.SideWinner(totals, target); win >= 0 {
		note += ": won by " + sc.sideLower(win)
	} else if slices.Max(totals) >= target {
		note += ": equal at the top, so play goes on"
	}
	dim := ctx.Styles.Dim
	if line := row + "   (" + note + ")"; kit.WidthOf(line) <= w {
		return []string{row + dim.Render("   ("+note+")")}
	}
	out := []string{row}
	for _, l := range kit.Wrap("("+note+")", max(20, w-3)) {
		out = append(out, " "+dim.Render(l))
	}
	return out
}

// verdict says in words how the deal went for the maker and what each
// side scores.
func (sc *Scene) verdict(ctx *kit.Context, s rules.Score) string {
	st := &ctx.Styles
	order := sc.SideOrder()
	makerSide := sc.sideOf(s.Maker)
	mk := s.SideTotal[makerSide]
	if sc.players() == 2 {
		def := s.Maker.Other()
		a, b := s.Total[s.Maker], s.Total[def]
		switch s.Outcome {
		case rules.Made:
			return st.Good.Render("Made.") + fmt.Sprintf(" %s, the maker, %s more (%d to %d): each scores their own total.", sc.Name(s.Maker), sc.have(s.Maker), a, b)
		case rules.Tie:
			return st.Bad.Render("Equal.") + fmt.Sprintf(" Both have %d: the maker (%s) scores nothing, %s %d.", a, sc.Lower(s.Maker), sc.Verb(def, "score"), b)
		case rules.Bete:
			return st.Bad.Render("Bete!") + fmt.Sprintf(" %s, the maker, %s less (%d to %d): %s both totals, %d.", sc.Name(s.Maker), sc.have(s.Maker), a, b, sc.Verb(def, "score"), s.Scored[sc.sideOf(def)])
		}
		return ""
	}
	var others []string
	for _, side := range order {
		if side != makerSide {
			others = append(others, fmt.Sprintf("%s %d", sc.sideLower(side), s.SideTotal[side]))
		}
	}
	// Without teams the deal turns on the best other player: named
	// first, the rest in brackets ("Bot C 97 (Bob 45)").
	best := func(noun string) string {
		top := -1
		for _, side := range order {
			if side != makerSide {
				top = max(top, s.SideTotal[side])
			}
		}
		var first, rest []string
		for _, side := range order {
			if side == makerSide {
				continue
			}
			t := fmt.Sprintf("%s %d", sc.sideLower(side), s.SideTotal[side])
			if s.SideTotal[side] == top {
				first = append(first, t)
			} else {
				rest = append(rest, t)
			}
		}
		out := "the " + noun + ", " + first[0]
		if len(first) > 1 {
			out = "the " + noun + "s, " + strings.Join(first, " and ")
		}
		if len(rest) > 0 {
			out += " (" + strings.Join(rest, ", ") + ")"
		}
		return out
	}
	who := sc.Name(s.Maker)
	if sc.teams() {
		who = sc.SideName(makerSide) + " (maker " + sc.Lower(s.Maker) + ")"
	}
	switch {
	case s.Outcome == rules.Made && sc.teams():
		return st.Good.Render("Made.") + fmt.Sprintf(" %s: %d, more than the other team (%s). Each team scores its own total.", who, mk, strings.Join(others, ", "))
	case s.Outcome == rules.Made:
		return st.Good.Render("Made.") + fmt.Sprintf(" %s: %d, more than each other player (%s). Each scores their own total.", who, mk, strings.Join(others, ", "))
	case s.Outcome == rules.Tie && sc.teams():
		return st.Bad.Render("Equal.") + fmt.Sprintf(" %s: %d, equal to the other team (%s). The maker's team scores nothing, the other team its own.", who, mk, strings.Join(others, ", "))
	case s.Outcome == rules.Tie:
		return st.Bad.Render("Equal.") + fmt.Sprintf(" %s: %d, equal to %s. The maker scores nothing, the others their own.", who, mk, best("best other player"))
	}
	switch s.Outcome {
	case rules.Bete:
		if sc.teams() {
			return st.Bad.Render("Bete!") + fmt.Sprintf(" %s: %d, less than the other team (%s). The other team scores both totals.", who, mk, strings.Join(others, ", "))
		}
		share := fmt.Sprintf(" and their share of the maker's %d", mk)
		if mk == 0 {
			share = ""
		}
		return st.Bad.Render("Bete!") + fmt.Sprintf(" %s: %d, less than %s. The maker scores nothing; each opponent scores their own total%s.", who, mk, best("best opponent"), share)
	}
	return ""
}

// LastTrickLines says the deal's last trick, wrapped to w: "Last trick:
// East J♥, you Q♥, West J♠; won by East." It breaks after a comma, so
// that a name of two words ("Random B") and its card stay on one line.
func (sc *Scene) LastTrickLines(ctx *kit.Context, w int) []string {
	if sc.V.LastLeader == rules.NoSeat {
		return nil
	}
	l := sc.lastSaid(ctx, "Last trick: ", "; won by ")(sc) + "."
	return kit.Indent(" ", kit.BreakRow(l, max(10, w-2), max(10, w-2)), nil)
}

// DropBlanks takes out blank lines, from the top, until lines fit in
// room.
func DropBlanks(lines []string, room int) []string {
	out := lines
	for i := 0; len(out) > room && i < len(out); {
		if strings.TrimSpace(out[i]) == "" {
			out = append(out[:i:i], out[i+1:]...)
			continue
		}
		i++
	}
	return out
}

// trumpTitle names a deal's trump as a title: "Trump ♠ spades", or "No
// trumps" (not "Trump no trumps"); the word Trump in style when one is
// given.
func trumpTitle(p *kit.Painter, t rules.Suit, style *lipgloss.Style) string {
	word := "Trump"
	if t == rules.NoTrumps {
		word = "No trumps"
	}
	if style != nil {
		word = style.Render(word)
	}
	if t == rules.NoTrumps {
		return word
	}
	return word + " " + p.SuitName(t)
}

// lostDeclarations says that the shlomo or cleopatra declared in the
// deal, thrown in, lost its 20 with the rest ("" when none was
// declared): "The 20 of the shlomo declared is lost too."
func (sc *Scene) lostDeclarations() string {
	if !sc.V.Declared() {
		return ""
	}
	n := 0
	var kinds []string
	for _, st := range sc.V.History() {
		if k := st.Action.Kind; k == rules.Shlomo || k == rules.Cleopatra {
			n++
			if name := rules.VariantName(st.Action.String()); !slices.Contains(kinds, name) {
				kinds = append(kinds, name)
			}
		}
	}
	if n == 1 {
		return "The 20 of the " + kinds[0] + " declared is lost too."
	}
	return "The 20 of each " + strings.Join(kinds, " and ") + " declared is lost too."
}
