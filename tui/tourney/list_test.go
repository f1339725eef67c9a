package tourney

import (
	"strings"
	"testing"
)

// TestListLineBreaksBetweenParts: a club tournament's line longer than
// the window breaks between its parts, the rest set in under it, so
// that no line of the list starts with a "·" and reads as a row of its
// own; the "·" broken at goes with the break, ending no line either.
func TestListLineBreaksBetweenParts(t *testing.T) {
	cl := newClub(t, false)
	a := cl.open(ann)
	a.press("n", "left", "up", "up", "up", "left", "left", "enter")
	a.see("is open")
	a.press("esc")
	a.see("Club tournaments")
	lines := strings.Split(a.text(), "\n")
	var row []string
	for i, l := range lines {
		if strings.Contains(l, "by Ann") {
			row = lines[i : i+2]
		}
	}
	if row == nil {
		t.Fatalf("no line of Ann's tournament:\n%s", a.text())
	}
	first, rest := row[0], row[1]
	if !strings.HasSuffix(first, " · 4 boards") {
		t.Errorf("the line breaks inside a part, or leaves its \"·\":\n%s", a.text())
	}
	if strings.HasPrefix(strings.TrimSpace(rest), "·") || !strings.HasPrefix(rest, "     ") {
		t.Errorf("the line's rest reads as a row of its own:\n%s", a.text())
	}
	if !strings.Contains(rest, "1 entered") {
		t.Errorf("the line's rest is not under it:\n%s", a.text())
	}
}
