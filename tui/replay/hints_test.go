package replay

import (
	"fmt"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/tui/kit"
)

// replayHints are the key line's hints of a replay of deals deals,
// sealed or not, opened from a screen esc goes back to when back.
func replayHints(deals int, back, sealed bool) []key.Binding {
	km := kit.DefaultKeys()
	s := &Screen{keys: defaultKeys(), r: &gamelog.Replay{Deals: make([]gamelog.ReplayDeal, deals)}, sealed: sealed}
	if back {
		s.back = s // esc goes back somewhere
	}
	return s.KeyHelp(&km).ShortHelp()
}

// TestHintsFitUnderASCII: the replay's key line fits the window as drawn,
// also under -ascii, where the arrows take two letters each; there the
// narrow form names the letter keys (l/h, j/k), never an arrow written
// "v" that reads as the v key. Every replay's line ends with the help
// and quit, as every screen's does: a game's of several deals or a
// board's, opened from a file or from a screen esc goes back to,
// sealed or not.
func TestHintsFitUnderASCII(t *testing.T) {
	for _, deals := range []int{1, 3} {
		for _, back := range []bool{false, true} {
			for _, sealed := range []bool{false, true} {
				bs := replayHints(deals, back, sealed)
				for _, w := range []int{79, 100} {
					for _, ascii := range []bool{false, true} {
						name := fmt.Sprintf("%d deals, back %v, sealed %v, width %d, ascii %v", deals, back, sealed, w, ascii)
						got := fitHints(bs, w, ascii)
						if ascii {
							got = kit.ASCIIText(got)
						}
						if kit.WidthOf(got) > w {
							t.Errorf("%s: %q is %d columns", name, got, kit.WidthOf(got))
						}
						if strings.Contains(got, "v^") || strings.Contains(got, "^/v") {
							t.Errorf("%s: %q writes an arrow as v", name, got)
						}
						if !strings.HasSuffix(got, "? help · q quit") && !strings.HasSuffix(got, "? help - q quit") && !strings.HasSuffix(got, "? help  q quit") {
							t.Errorf("%s: %q does not end with the help and quit", name, got)
						}
						if back && !strings.Contains(got, "esc back") {
							t.Errorf("%s: %q does not say esc", name, got)
						}
					}
				}
			}
		}
	}
}

// TestHintsListEveryKeyAt80: at 80 columns (the line has 79), and
// wider, the replay's key lines list the list of tricks (v) and, with
// several deals, the way to a deal by number (g), whether esc goes back
// or not, also under -ascii: one deal or several, the same keys show,
// on a second line rather than left out, the help and quit last.
func TestHintsListEveryKeyAt80(t *testing.T) {
	for _, deals := range []int{1, 3} {
		for _, back := range []bool{false, true} {
			bs := replayHints(deals, back, false)
			for _, w := range []int{79, 100, 140} {
				for _, ascii := range []bool{false, true} {
					name := fmt.Sprintf("%d deals, back %v, width %d, ascii %v", deals, back, w, ascii)
					lines := hintLines(bs, w, ascii)
					for i, l := range lines {
						if ascii {
							lines[i] = kit.ASCIIText(l)
						}
						if kit.WidthOf(lines[i]) > w {
							t.Errorf("%s: %q is %d columns", name, lines[i], kit.WidthOf(lines[i]))
						}
					}
					got := strings.Join(lines, "  ")
					if len(lines) > 2 || !strings.HasSuffix(got, "? help  q quit") && !strings.HasSuffix(got, "? help · q quit") && !strings.HasSuffix(got, "? help - q quit") {
						t.Errorf("%s: %q is more than two lines or does not end with the help and quit", name, lines)
					}
					if !strings.Contains(got, "v tricks") {
						t.Errorf("%s: %q leaves out v", name, got)
					}
					if deals > 1 && !strings.Contains(got, "g go to") && !strings.Contains(got, "n/p/g deal") {
						t.Errorf("%s: %q leaves out g", name, got)
					}
				}
			}
		}
	}
}

// TestHintsWriteEachKeyOneWay: the replay writes each key of its key
// line one way, whether it is opened from the game-over screen (esc goes
// back) or from a file, with one deal or several, at 80 columns or
// wider: "n/p/g deal", never "n/p deal" in one and "n/p/g deal" in the
// other, nor "→/← step" in one and "→← step" in another.
func TestHintsWriteEachKeyOneWay(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		written := map[string]string{} // a hint's words, as first written
		for _, deals := range []int{3, 1} {
			for _, back := range []bool{true, false} {
				bs := replayHints(deals, back, false)
				for _, w := range []int{79, 100, 140} {
					name := fmt.Sprintf("%d deals, back %v, width %d, ascii %v", deals, back, w, ascii)
					hints := strings.Split(strings.Join(hintLines(bs, w, ascii), "  "), "  ")
					for _, h := range hints {
						k, words, ok := strings.Cut(h, " ")
						if !ok || strings.Contains(words, " · ") {
							t.Fatalf("%s: %q is not one key's hint", name, h)
						}
						if was, seen := written[words]; seen && was != k {
							t.Errorf("%s: %q writes its key %q, elsewhere %q", name, words, k, was)
						}
						written[words] = k
					}
				}
			}
		}
		if written["deal"] != "n/p/g" || written["go to"] != "" {
			t.Errorf("ascii %v: the deal's keys are written %q and %q", ascii, written["deal"], written["go to"])
		}
	}
}
