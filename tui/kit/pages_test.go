package kit

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

// FitPage takes the most rows that fit, never fewer than the least,
// and keeps the last page full; Turn goes a page at a time within the
// table; the note names the ranks shown and the keys that show the
// others.
func TestPages(t *testing.T) {
	fitsUpTo := func(m int) func(int) bool { return func(n int) bool { return n <= m } }
	for _, tc := range []struct {
		top, all, least, fit int
		want                 Page
		note                 string
	}{
		{0, 5, 2, 9, Page{0, 5, 5}, ""},
		{0, 9, 2, 4, Page{0, 4, 9}, "(options 1-4 of 9, best first; PgDn shows lower ones)"},
		{4, 9, 2, 4, Page{4, 4, 9}, "(options 5-8 of 9, best first; PgUp/PgDn show the others)"},
		{7, 9, 2, 4, Page{5, 4, 9}, "(options 6-9 of 9, best first; PgUp shows higher ones)"},
		{0, 9, 2, 0, Page{0, 2, 9}, "(options 1-2 of 9, best first; PgDn shows lower ones)"},
		{8, 9, 1, 1, Page{8, 1, 9}, "(option 9 of 9, best first; PgUp shows higher ones)"},
		{0, 1, 2, 0, Page{0, 1, 1}, ""},
	} {
		pg := FitPage(tc.top, tc.all, tc.least, fitsUpTo(tc.fit))
		if pg != tc.want {
			t.Errorf("FitPage(%d, %d, %d, fits %d) = %+v, want %+v", tc.top, tc.all, tc.least, tc.fit, pg, tc.want)
		}
		if note := pg.Note(""); pg.Cut() != (tc.note != "") || pg.Cut() && note != tc.note {
			t.Errorf("%+v: cut %v, note %q, want %q", pg, pg.Cut(), note, tc.note)
		}
	}
	pg := Page{Top: 0, Rows: 4, All: 9}
	for _, want := range []int{4, 5, 5} {
		pg.Top = pg.Turn(1)
		if pg.Top != want {
			t.Errorf("page down: top %d, want %d", pg.Top, want)
		}
	}
	for _, want := range []int{1, 0, 0} {
		pg.Top = pg.Turn(-1)
		if pg.Top != want {
			t.Errorf("page up: top %d, want %d", pg.Top, want)
		}
	}
	if got := (Page{0, 2, 3}).Note(" and yours"); got != "(options 1-2 of 3 and yours, best first; PgDn shows lower ones)" {
		t.Errorf("note with yours: %q", got)
	}
	for _, tc := range []struct {
		key  tea.Key
		want int
	}{{tea.Key{Code: tea.KeyPgUp}, -1}, {tea.Key{Code: tea.KeyPgDown}, 1}, {tea.Key{Code: tea.KeyDown}, 0}, {tea.Key{Code: 'j', Text: "j"}, 0}} {
		if got := PageDir(tea.KeyPressMsg(tc.key)); got != tc.want {
			t.Errorf("PageDir(%s) = %d, want %d", tea.KeyPressMsg(tc.key), got, tc.want)
		}
	}
}
