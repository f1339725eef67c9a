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
