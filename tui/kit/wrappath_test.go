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
