package kit

import (
	"slices"
	"strings"
)

// WrapEven word-wraps s to at most w cells on as few lines as Wrap
// takes, made as even as they can be: the narrowest width that keeps
// that count, so that no line ends the paragraph with a word alone
// while the lines above it are full. A word wider than w is cut as
// Wrap cuts it.
func WrapEven(s string, w int) []string {
	lines := Wrap(s, w)
	if len(lines) < 2 {
		return lines
	}
	// Never narrower than the widest word, which would be cut.
	least := 1
	for _, f := range strings.Fields(s) {
		least = max(least, WidthOf(f))
	}
	for x := w - 1; x >= least; x-- {
		l := Wrap(s, x)
		if len(l) != len(lines) {
			break
		}
		lines = l
	}
	return lines
}

// Block lays lines out as one block in a w×h frame: set in from the
// left by the same margin, the widest line centred, and the block
// centred from top to bottom. Lines past h are left out.
func Block(lines []string, w, h int) []string {
	lines = slices.Clone(lines[:min(len(lines), max(h, 0))]) // the caller's stay as given
	widest := 0
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
		widest = max(widest, WidthOf(lines[i]))
	}
	pad := strings.Repeat(" ", max(0, (w-widest)/2))
	out := make([]string, max(0, (h-len(lines))/2), h)
	for _, l := range lines {
		out = append(out, pad+l)
	}
	return out
}
