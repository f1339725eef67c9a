package setup

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/tui/kit"
)

// Form is a form of rows that ends with a button, as the shared table's
// and the tournament's forms are: TableRows, then rows of the form's
// own. Row is the chosen line, len(rows) the button. Its rows are drawn
// as the setup's are, the house variants under their heading and the
// form's own rows under Sections.
type Form struct {
	Setup Setup
	Row   int
	// Sections head the form's own groups of rows, as the house
	// variants' heading heads theirs: a row after the variants needs
	// one, not to read as a variant.
	Sections []Section
}

// TableRows are the first rows of a form whose seats bots take: the
// seat count (explain says what it means on that form), then the rules
// and house variants for the count. The level row says "Bot" or "Bots",
// not "Opponent": people may take the seats.
func TableRows(s *Setup, explain string) []Row {
	seats := Row{Key: "seats", Label: "Seats", Value: func(s *Setup) string { return fmt.Sprint(players(s)) },
		Step: stepSeats, Explain: func(*Setup) string { return explain }}
	rows := append(append([]Row{seats}, RuleRows(s)...), VariantRows(s)...)
	rows[1].Label = "Bots"
	if players(s) == 2 {
		rows[1].Label = "Bot"
	}
	return rows
}

// Key moves the choice through rows (made again after a step) and the
// button, or steps the chosen row; it reports whether the key stepped
// (on the button a step changes nothing, but counts).
func (f *Form) Key(k *kit.KeyMap, msg tea.KeyPressMsg, rows func() []Row) bool {
	rs := rows()
	switch d := kit.Step(k, msg); {
	case moveLine(k, msg, &f.Row, len(rs)+1):
	case d != 0:
		if f.Row < len(rs) {
			rs[f.Row].Step(&f.Setup, d)
		}
		// The rows change with the seats and dealer_forced: keep the
		// cursor in range.
		f.Row = min(f.Row, len(rows()))
		return true
	}
	return false
}

// Drawn is a Form drawn in its room: the lines to show, and what each
// of them is, for Click.
type Drawn struct {
	Lines []string
	of    []line
}

// Draw lays the form out in room lines: the rows under their headings
// (rowLines), what the chosen one means (explain when the button is
// chosen) on at most two lines, a blank line and the button. Short of
// room the blank lines go first, then the rows scroll as the setup's
// do, a line saying where rows are left out.
func (f *Form) Draw(ctx *kit.Context, rows []Row, button, explain string, room int) Drawn {
	body := rowLines(ctx, &f.Setup, rows, append([]Section{variantsSection}, f.Sections...), f.Row)
	if f.Row < len(rows) {
		explain = rows[f.Row].Explain(&f.Setup)
	}
	var foot []line
	// The explanation wraps: cut at the edge, shlomo's lost its end.
	for _, l := range kit.Indent("     ", kit.WrapLines(explain, ctx.Width-5, 2, ctx.Ellipsis()), ctx.Styles.Dim.Render) {
		foot = append(foot, line{text: l, row: noRow})
	}
	foot = append(foot, line{text: "", row: noRow, spare: spareBeforeStart},
		line{text: kit.Mark(ctx, button, f.Row == len(rows)), row: startRow})
	for level := spareBeforeHints; level > 0 && len(body)+len(foot) > room; level-- {
		body, foot = drop(body, level), drop(foot, level)
	}
	d := Drawn{of: append(scroll(ctx, body, f.Row, room-len(foot)), foot...)}
	for _, l := range d.of {
		d.Lines = append(d.Lines, l.text)
	}
	return d
}

// Click takes a left click on the form drawn as d, its lines starting
// on row y of the screen, as the setup's form takes one: a row's label
// chooses it, its ‹ or › steps its value, and the button reports
// press (the caller opens what it opens, as on enter).
func (f *Form) Click(msg tea.MouseClickMsg, rows func() []Row, y int, d Drawn) (press bool) {
	if msg.Button != tea.MouseLeft || msg.Y < y || msg.Y-y >= len(d.of) {
		return false
	}
	rs := rows()
	switch row, step := d.of[msg.Y-y].hit(msg.X); {
	case row == startRow:
		f.Row = len(rs)
		return true
	case row >= 0 && row < len(rs):
		f.Row = row
		if step != 0 {
			rs[row].Step(&f.Setup, step)
		}
		f.Row = min(f.Row, len(rows()))
	}
	return false
}
