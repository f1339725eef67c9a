package kit

import (
	"strings"
	"testing"
)

// A path in a wrapped note is parted at no hyphen of its names: its
// lines read as one path, not as two names; prose still breaks after a
// hyphen where it must.
func TestWrapKeepsPathHyphens(t *testing.T) {
	const path = "/tmp/qa-crash/st4/klob/klob.lock"
	for w := 20; w <= 80; w++ {
		lines := Wrap("! autosave failed: open "+path+": permission denied", w)
		for _, l := range lines {
			if strings.HasSuffix(strings.TrimSpace(l), "qa-") {
				t.Fatalf("width %d: the path parts at its hyphen: %q", w, lines)
			}
			if strings.Contains(l, "\u2011") {
				t.Fatalf("width %d: a non-breaking hyphen is left in %q", w, l)
			}
			if WidthOf(l) > w {
				t.Fatalf("width %d: %q is wider", w, l)
			}
		}
		if w >= len(path) && !strings.Contains(strings.Join(lines, "\n"), path) {
			t.Fatalf("width %d: the path is not whole on a line: %q", w, lines)
		}
	}
	if lines := Wrap("the deal's twenty-eight points", 18); strings.TrimSpace(lines[0]) != "the deal's twenty-" {
		t.Errorf("prose no longer breaks after a hyphen: %q", lines)
	}
}

// A figure and its error stay on one line at every width they fit,
// and no no-break space is left in the lines.
func TestWrapKeepsAFigureWithItsError(t *testing.T) {
	for _, pm := range []string{"±", "+-"} {
		fig := "5.6% " + pm + " 1.5%"
		text := "the take loses " + fig + " of the chance to win the game"
		for w := len(fig) + 1; w <= 60; w++ {
			lines := Wrap(text, w)
			joined := strings.Join(lines, "\n")
			if !strings.Contains(joined, fig) {
				t.Fatalf("%s at width %d: the figure parts from its error: %q", pm, w, lines)
			}
			if strings.Contains(joined, "\u00a0") {
				t.Fatalf("%s at width %d: a no-break space is left: %q", pm, w, lines)
			}
			for _, l := range lines {
				if WidthOf(l) > w {
					t.Fatalf("%s at width %d: %q is wider", pm, w, l)
				}
			}
		}
	}
}

// A date is never parted at its hyphens ("It is 2026-" over "12-07
// now"), at any width it fits in; its hyphens read as hyphens.
func TestWrapKeepsADateWhole(t *testing.T) {
	text := "The day of 2026-12-06 is saved, 7 of 8 boards played. It is 2026-12-07 now: klob daily offers to finish it."
	for w := 12; w <= 80; w++ {
		lines := Wrap(text, w)
		joined := strings.Join(lines, "\n")
		for _, date := range []string{"2026-12-06", "2026-12-07"} {
			if !strings.Contains(joined, date) {
				t.Fatalf("width %d: %s parted:\n%s", w, date, joined)
			}
		}
		if strings.Contains(joined, nbHyphen) {
			t.Fatalf("width %d: a non-breaking hyphen is left:\n%s", w, joined)
		}
	}
}
