package kit_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// resizes are the sizes TestHelpKeepsItsPlaceOnResize goes through, the
// last the first.
var resizes = [][2]int{{40, 10}, {200, 60}, {80, 24}}

// shownHelp is what the window shows of h: the App cuts it to the
// window's height.
func shownHelp(ctx *kit.Context, h *kit.HelpView) []string {
	l := strings.Split(ansi.Strip(h.View(ctx, "")), "\n")
	return l[:min(len(l), ctx.Height)]
}

// TestHelpKeepsItsPlaceOnResize: the help scrolled to the end of the
// rules stays at their end through a resize to 40×10, 200×60 and back
// to 80×24; scrolled into the keys or the rules, it keeps the same top
// line (the line that holds its words, the text wrapped anew) at every
// size, and shows the very same screen once back at 80×24.
func TestHelpKeepsItsPlaceOnResize(t *testing.T) {
	ctx := kittest.Context(80, 24)
	h := kit.NewHelpView(nil)
	h.Update(&ctx, kittest.Key("r"))
	h.Update(&ctx, kittest.Key("end"))
	end := shownHelp(&ctx, h)
	for _, s := range resizes {
		ctx.Width, ctx.Height = s[0], s[1]
		got := shownHelp(&ctx, h)
		if lines := h.Lines(&ctx); got[len(got)-1] != ansi.Strip(lines[len(lines)-1]) {
			t.Errorf("%dx%d: the end of the rules is not kept; the last line shown is %q", s[0], s[1], got[len(got)-1])
		}
	}
	if got := shownHelp(&ctx, h); strings.Join(got, "\n") != strings.Join(end, "\n") {
		t.Errorf("back at 80x24 the end is not shown:\n%s", strings.Join(got, "\n"))
	}
	// From the top (the keys) and from the rules' heading, some lines
	// down and on to a line of prose.
	for _, c := range []struct {
		rules bool
		downs int
	}{{false, 2}, {true, 40}, {true, 300}, {true, 700}} {
		t.Run(fmt.Sprintf("rules %v, %d down", c.rules, c.downs), func(t *testing.T) {
			ctx := kittest.Context(80, 24)
			h := kit.NewHelpView(nil)
			if c.rules {
				h.Update(&ctx, kittest.Key("r"))
			}
			for range c.downs {
				h.Update(&ctx, kittest.Key("down"))
			}
			for range 100 {
				if len(strings.Fields(shownHelp(&ctx, h)[2])) >= 6 {
					break
				}
				h.Update(&ctx, kittest.Key("down"))
			}
			was := shownHelp(&ctx, h)
			words := strings.Fields(was[2])
			if len(words) < 6 {
				t.Fatalf("no line of prose on top: %q", was[2])
			}
			first := strings.Join(words[:2], " ")
			for _, s := range resizes {
				ctx.Width, ctx.Height = s[0], s[1]
				if got := shownHelp(&ctx, h); !strings.Contains(strings.Join(strings.Fields(got[2]), " "), first) {
					t.Errorf("%dx%d: the top line %q does not hold %q", s[0], s[1], got[2], first)
				}
			}
			if got := shownHelp(&ctx, h); strings.Join(got, "\n") != strings.Join(was, "\n") {
				t.Errorf("back at 80x24 the help is not where it was:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(was, "\n"))
			}
		})
	}
}
