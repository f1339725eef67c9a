package tui

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
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

// TestTooSmallKeepsTheSize: a window too small says the size Klob
// needs, whole, at every size down to 1×1 (in pieces only where the
// window is narrower than it, its start kept where it has no room),
// and what q does wherever "Needs 80×24; q quits" fits; the quit
// question keeps y and n.
func TestTooSmallKeepsTheSize(t *testing.T) {
	app, err := NewLearn(LearnConfig{})
	if err != nil {
		t.Fatal(err)
	}
	hs := startHarness(t, app, 80, 24)
	need := fmt.Sprintf("%d×%d", kit.MinWidth, kit.MinHeight)
	for w := 1; w < kit.MinWidth; w++ {
		for _, h := range []int{1, 2, 3, 5, 12, kit.MinHeight - 1} {
			hs.send(tea.WindowSizeMsg{Width: w, Height: h})
			frame := hs.app.render()
			kittest.CheckSize(t, frame, w, h)
			text := kittest.Flat(ansi.Strip(frame))
			if w >= len([]rune(need)) && !strings.Contains(text, need) {
				t.Fatalf("%d×%d does not say %s: %q", w, h, need, text)
			}
			// Narrower, the words break where they must.
			if tight := strings.ReplaceAll(text, " ", ""); !strings.Contains(tight, need) && !strings.HasPrefix(need, tight) {
				t.Fatalf("%d×%d says %q, not %s", w, h, text, need)
			}
			if w*h >= 20 && w >= 14 && !strings.Contains(text, "q quits") {
				t.Fatalf("%d×%d does not say what q does: %q", w, h, text)
			}
		}
	}
	hs.send(tea.WindowSizeMsg{Width: 10, Height: 2})
	hs.press("q")
	if text := kittest.Flat(ansi.Strip(hs.app.render())); !strings.Contains(text, "y: quit, n: stay") {
		t.Fatalf("the quit question at 10×2 loses its keys: %q", text)
	}
}

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
