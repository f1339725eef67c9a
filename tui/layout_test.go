package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/tui/kit"
)

// TestWidthOfFrames: WidthOf agrees with ansi.StringWidth on every line
// of real frames, styles included.
func TestWidthOfFrames(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {200, 60}, {120, 40}} {
		hs := midDeal(t, size[0], size[1])
		for _, st := range []bool{true, false} {
			hs.app.Update(bgMsg(st))
			for i, l := range strings.Split(hs.app.render(), "\n") {
				if got, want := kit.WidthOf(l), ansi.StringWidth(l); got != want {
					t.Fatalf("%v line %d: widthOf %d, want %d: %q", size, i, got, want, l)
				}
			}
		}
	}
}
