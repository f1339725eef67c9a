package setup

import (
	"strings"
	"testing"

	"github.com/klob/klob/tui/kit"
)

// TestCutWarningEndsOnAWord: a warning cut short under the form ends
// its last line on a whole word before the ellipsis and "(w: all of
// it)", at every width and every number of lines it is cut to, never
// inside a word ("want s…") unless the word alone is longer than the
// room, and within the width.
func TestCutWarningEndsOnAWord(t *testing.T) {
	text := "! /home/someone/.config/klob/settings: line 1: pace = \"warp\": want slow, normal, fast; " +
		"line 2: sort = \"sideways\": want strength, suit; line 3: bell = \"maybe\": want on, off; and 1 more line"
	words := map[string]bool{}
	for _, f := range strings.Fields(text) {
		words[f] = true
	}
	for _, ascii := range []bool{false, true} {
		ctx := kit.NewContext(ascii)
		tail := ctx.Ellipsis() + " (w: all of it)"
		for w := 30; w <= 100; w++ {
			for limit := 1; limit <= 3; limit++ {
				whole := kit.Wrap(text, w)
				if len(whole) <= limit {
					continue // not cut
				}
				lines := cutLines(&ctx, text, w, limit)
				if len(lines) != limit {
					t.Fatalf("width %d, limit %d: %d lines", w, limit, len(lines))
				}
				for _, l := range lines {
					if kit.WidthOf(l) > w {
						t.Errorf("width %d, limit %d: %q is wider", w, limit, l)
					}
				}
				last := lines[limit-1]
				head, ok := strings.CutSuffix(last, " "+tail)
				if !ok {
					t.Fatalf("width %d, limit %d: %q does not end in %q", w, limit, last, tail)
				}
				f := strings.Fields(head)
				if len(f) == 0 {
					continue
				}
				if first := strings.Fields(whole[limit-1])[0]; len(f) == 1 && kit.WidthOf(first) > kit.WidthOf(head) {
					continue // a word longer than the room is cut where it must be
				}
				if end := f[len(f)-1]; !words[end] {
					t.Errorf("width %d, limit %d: the last line ends inside a word: %q", w, limit, last)
				}
			}
		}
	}
}
