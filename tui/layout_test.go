package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestWidthOf(t *testing.T) {
	for _, s := range []string{
		"", "abc", "\x1b[1mbold\x1b[m", "10♥", "┏━━━┓", "▲ • ▶ ▮ ░ … · × ‹ ›", "←/→",
		"⠋", "日本", "a😀b", "\x1b]8;;http://x\x07link\x1b]8;;\x07", "tab\there", "\x1b", "é",
	} {
		if got, want := widthOf(s), ansi.StringWidth(s); got != want {
			t.Errorf("widthOf(%q) = %d, want %d", s, got, want)
		}
	}
	// Every line of real frames, styles included.
	for _, size := range [][2]int{{80, 24}, {200, 60}, {120, 40}} {
		hs := midDeal(t, size[0], size[1])
		for _, st := range []bool{true, false} {
			hs.app.Update(bgMsg(st))
			for i, l := range strings.Split(hs.app.render(), "\n") {
				if got, want := widthOf(l), ansi.StringWidth(l); got != want {
					t.Fatalf("%v line %d: widthOf %d, want %d: %q", size, i, got, want, l)
				}
			}
		}
	}
}

func TestFitAndCanvas(t *testing.T) {
	for _, tc := range []struct {
		s    string
		w    int
		want string
	}{
		{"abc", 5, "abc  "},
		{"abcdef", 3, "abc"},
		{"abc", 0, ""},
		{"abc", -1, ""},
		{"10♥", 2, "10"},
	} {
		if got := fit(tc.s, tc.w); got != tc.want {
			t.Errorf("fit(%q, %d) = %q, want %q", tc.s, tc.w, got, tc.want)
		}
	}
	if got := canvas([]string{"ab", "cdef"}, 3, 3); got != "ab \ncde\n   " {
		t.Errorf("canvas = %q", got)
	}
	if got := canvas(nil, 0, 5); got != "" {
		t.Errorf("canvas 0 wide = %q", got)
	}
}

// TestCanvasIsFitLines: canvas is every line fitted to the width, the
// missing ones blank, joined; wide windows need more padding than one
// run of blanks.
func TestCanvasIsFitLines(t *testing.T) {
	lines := []string{"", "plain", "\x1b[1mbold\x1b[m text", "a line much longer than the narrowest of the widths tried here, cut", "♠♥♦♣ 10♥"}
	for _, w := range []int{1, 5, 20, 80, 127, 128, 129, 300} {
		for _, h := range []int{1, 3, len(lines), len(lines) + 4} {
			want := make([]string, h)
			for i := range h {
				l := ""
				if i < len(lines) {
					l = lines[i]
				}
				want[i] = fit(l, w)
			}
			if got := canvas(lines, w, h); got != strings.Join(want, "\n") {
				t.Fatalf("canvas %d×%d:\ngot  %q\nwant %q", w, h, got, strings.Join(want, "\n"))
			}
		}
	}
}
