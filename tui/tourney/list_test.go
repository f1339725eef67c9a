package tourney

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
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

// TestUntilSaysTheDaysChosen: a tournament made to end in 3 days reads
// "in 3 days" once a minute has gone, as the form said, and the hours
// under two days.
func TestUntilSaysTheDaysChosen(t *testing.T) {
	now := time.Date(2026, 12, 3, 14, 0, 0, 0, time.UTC)
	for d, want := range map[time.Duration]string{
		3*24*time.Hour - time.Minute:  "in 3 days",
		3*24*time.Hour - 11*time.Hour: "in 3 days",
		2*24*time.Hour + 11*time.Hour: "in 2 days",
		47 * time.Hour:                "in 47h 00m",
		30 * time.Minute:              "in 30m",
	} {
		assert.Equal(t, want, until(now, now.Add(d)), "%v", d)
	}
}
