package kit

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Page is a window onto a table of options in rank order, best first,
// where the room holds fewer rows than there are: Rows of All from
// rank Top on (0 the best). Page up and down move it, so that no option
// is out of reach in a short window. The table's hint and the
// trainer's result page alike.
type Page struct{ Top, Rows, All int }

// FitPage is the page from top of a table of all rows, with as many
// rows as fit (fits(n): n rows fit the room), never fewer than least
// (or all, when fewer); top is moved up where the page would run past
// the last row, so that the last page is full.
func FitPage(top, all, least int, fits func(rows int) bool) Page {
	n := all
	for n > min(least, all) && !fits(n) {
		n--
	}
	return Page{Top: max(0, min(top, all-n)), Rows: n, All: all}
}

// Cut reports whether the page leaves rows out.
func (p Page) Cut() bool { return p.Rows < p.All }

// Turn is the top of the page a page up (dir -1) or down (1) from p;
// FitPage keeps it within the table.
func (p Page) Turn(dir int) int { return max(0, min(p.Top+dir*p.Rows, p.All-p.Rows)) }

// Note is the line under a cut page: the rows shown by their ranks and
// the keys that show the others, "(options 3-6 of 9, best first;
// PgUp/PgDn show the others)", "(option 9 of 9, ...)"; also names a
// row shown besides the page (" and yours"), or is "".
func (p Page) Note(also string) string {
	keys := "PgDn shows lower ones"
	switch {
	case p.Top > 0 && p.Top+p.Rows < p.All:
		keys = "PgUp/PgDn show the others"
	case p.Top > 0:
		keys = "PgUp shows higher ones"
	}
	ranks := fmt.Sprintf("options %d-%d", p.Top+1, p.Top+p.Rows)
	if p.Rows == 1 {
		ranks = fmt.Sprintf("option %d", p.Top+1)
	}
	return fmt.Sprintf("(%s of %d%s, best first; %s)", ranks, p.All, also, keys)
}

// PageKeys is the binding of page up and down through a table of
// options, as the keys line and the help name it.
func PageKeys(desc string) key.Binding { return Bind("PgUp/PgDn", desc, "pgup", "pgdown") }

// EndKeys are home and end, which go to either end of a list, with what
// they do.
func EndKeys(desc string) key.Binding { return Bind("home/end", desc, "home", "end") }

// EndDir is -1 for home, 1 for end and 0 for any other key (EndKeys).
func EndDir(msg tea.KeyPressMsg) int {
	switch msg.String() {
	case "home":
		return -1
	case "end":
		return 1
	}
	return 0
}

// PageDir is -1 for page up, 1 for page down and 0 for any other key.
func PageDir(msg tea.KeyPressMsg) int {
	switch msg.String() {
	case "pgup":
		return -1
	case "pgdown":
		return 1
	}
	return 0
}
