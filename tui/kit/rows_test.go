package kit

import (
	"strings"
	"testing"
)

// TestBreakRowNoDanglingSeparator: a row broken at a " · " leaves the
// "·" at no line's end nor start, at every width; a name's comma stays
// at the end of its line; every piece stays whole and in order.
func TestBreakRowNoDanglingSeparator(t *testing.T) {
	text := "Your rating: 2 players 1500 ±350 (no game yet) · 3 players 1512 ±210 (+12 last game) · 4 players 1500 ±350 (no game yet)"
	names := "ABCD  playing · Anne Marie, Bob Smith, Cid Diaz, Dan · 4 seats · normal bots · to 500"
	for _, row := range []string{text, names} {
		for w := 30; w <= 90; w++ {
			lines := BreakRow(row, w, w)
			for _, l := range lines {
				if s := strings.TrimSpace(l); strings.HasSuffix(s, "·") || strings.HasPrefix(s, "·") {
					t.Errorf("%d cells: a separator dangles: %q in %q", w, l, lines)
				}
				if WidthOf(l) > w {
					t.Errorf("%d cells: a line of %d: %q", w, WidthOf(l), l)
				}
			}
			// Joined again, the breaks being spaces or " · ", the
			// pieces read as before.
			flat := strings.Join(strings.Fields(strings.ReplaceAll(row, " · ", " ")), " ")
			if got := strings.Join(strings.Fields(strings.ReplaceAll(strings.Join(lines, " "), " · ", " ")), " "); got != flat {
				t.Errorf("%d cells: %q does not read %q", w, lines, flat)
			}
		}
	}
	if got := BreakRow("Anne Marie, Bob Smith", 15, 15); len(got) != 2 || got[0] != "Anne Marie," {
		t.Errorf("a name's comma does not end its line: %q", got)
	}
}
