package kit

import (
	"strings"
	"testing"
)

// TestWrapEvenLeavesNoWordAlone: a sentence that wraps is parted into
// lines of even widths, as many as Wrap gives, the last never a word
// alone, and none wider than the window.
func TestWrapEvenLeavesNoWordAlone(t *testing.T) {
	const s = "Please make it larger (q quits)."
	for w := 12; w < len(s); w++ {
		lines := WrapEven(s, w)
		if got, want := len(lines), len(Wrap(s, w)); got != want {
			t.Fatalf("%d wide: %d lines, want %d as Wrap: %q", w, got, want, lines)
		}
		if strings.Join(strings.Fields(strings.Join(lines, " ")), " ") != s {
			t.Fatalf("%d wide: the words changed: %q", w, lines)
		}
		for _, l := range lines {
			if WidthOf(l) > w {
				t.Fatalf("%d wide: line %q is wider", w, l)
			}
		}
		if last := lines[len(lines)-1]; len(strings.Fields(last)) < 2 {
			t.Fatalf("%d wide: the last line is a word alone: %q", w, lines)
		}
	}
	if got := WrapEven("Needs 80×24", 3); strings.Join(got, "") != "Needs80×24" {
		t.Fatalf("3 wide: words wider than the window are not cut as Wrap cuts them: %q", got)
	}
}

// TestBlockSetsLinesInTogether: every line of a block starts at the
// same column, the widest centred, and the block is centred in height.
func TestBlockSetsLinesInTogether(t *testing.T) {
	out := Block([]string{"a long first line", "short"}, 31, 6)
	if len(out) != 4 || out[0] != "" || out[1] != "" {
		t.Fatalf("not centred in height: %q", out)
	}
	if out[2] != "       a long first line" || out[3] != "       short" {
		t.Fatalf("the lines are not set in by the same margin: %q", out)
	}
	if got := Block([]string{"a", "b", "c"}, 5, 2); len(got) != 2 {
		t.Fatalf("a block taller than the frame keeps %d lines", len(got))
	}
}

// TestBlockLeavesItsLinesAlone: Block trims the spaces it lays out on
// its own copy, never on the caller's lines.
func TestBlockLeavesItsLinesAlone(t *testing.T) {
	in := []string{"one  ", "two"}
	Block(in, 20, 4)
	if in[0] != "one  " {
		t.Fatalf("Block changed its caller's line to %q", in[0])
	}
}
