package tui

import (
	"errors"
	"strings"
	"testing"

	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/tui/kit"
)

// brokenSource is a store whose list of saved games cannot be read,
// for a reason longer than the lines the screen gives it, in words so
// short that the line cut is full to the last cell.
type brokenSource struct{ emptySource }

func (brokenSource) History() ([]store.Entry, error) {
	return nil, errors.New("unreadable: " + strings.Repeat("a ", 200))
}

// TestASCIICutNote: under -ascii a note cut short (kit.WrapLines, here
// the saved games' alert) ends with the ASCII mark "...", whole and
// within the window, not with "…" turned into dots past the window's
// edge; with Unicode it ends with "…".
func TestASCIICutNote(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		hs := startHarness(t, NewHistory(brokenSource{}, ReplayConfig{ASCII: ascii}), 80, 24)
		// The alert's three lines, the first marked "!".
		var alert []string
		for _, l := range strings.Split(hs.screen(), "\n") {
			if l = strings.TrimRight(l, " "); strings.HasPrefix(l, " ! ") || len(alert) > 0 && len(alert) < 3 {
				alert = append(alert, l)
			}
		}
		if len(alert) != 3 {
			t.Fatalf("ascii %v: no alert:\n%s", ascii, hs.screen())
		}
		last, want := alert[2], "…"
		if ascii {
			want = "..."
		}
		if !strings.HasSuffix(last, want) || kit.WidthOf(last) > 79 {
			t.Errorf("ascii %v: the cut line ends %q (%d cells), not %q within the window:\n%s", ascii, last, kit.WidthOf(last), want, strings.Join(alert, "\n"))
		}
	}
}
