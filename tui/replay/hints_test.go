package replay

import (
	"strings"
	"testing"

	"github.com/klob/klob/tui/kit"
)

// TestHintsFitUnderASCII: the replay's key line fits the window as drawn,
// also under -ascii, where the arrows take two letters each; there the
// narrow form names the letter keys (l/h, j/k), never an arrow written
// "v" that reads as the v key.
func TestHintsFitUnderASCII(t *testing.T) {
	km := kit.DefaultKeys()
	s := &Screen{keys: defaultKeys()} // opened from a file: q quits
	bs := s.KeyHelp(&km).ShortHelp()
	for _, w := range []int{79, 100} {
		for _, ascii := range []bool{false, true} {
			got := fitHints(bs, w, ascii)
			if ascii {
				got = kit.ASCIIText(got)
			}
			if kit.WidthOf(got) > w {
				t.Errorf("width %d, ascii %v: %q is %d columns", w, ascii, got, kit.WidthOf(got))
			}
			if strings.Contains(got, "v^") || strings.Contains(got, "^/v") {
				t.Errorf("width %d, ascii %v: %q writes an arrow as v", w, ascii, got)
			}
		}
	}
}
