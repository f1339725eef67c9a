package tui

import (
	"errors"
	"fmt"
	"slices"
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

// TestTooSmallIsOneBlock: on every screen (the setup form, the offer
// to resume, a deal in play, the saved games, the lessons) and with
// the quit question open, a window too small says its words as one
// block: every line starts at the same column, the widest centred; a
// sentence that fits the width is on a line of its own, and one that
// wraps leaves no word alone on a line. At several sizes, -ascii too.
func TestTooSmallIsOneBlock(t *testing.T) {
	learn, err := NewLearn(LearnConfig{})
	if err != nil {
		t.Fatal(err)
	}
	screens := map[string]func() *harness{
		"setup":  func() *harness { return newHarness(t, testConfig(dealSeed, &memStore{}), 80, 24) },
		"resume": func() *harness { return resumeOffer(t, testConfig(dealSeed, &memStore{})) },
		"table":  func() *harness { return midDeal(t, 80, 24) },
		"saved games": func() *harness {
			return startHarness(t, NewHistory(brokenSource{}, ReplayConfig{ASCII: true}), 80, 24)
		},
		"learn": func() *harness { return startHarness(t, learn, 80, 24) },
	}
	asked := 0 // screens seen with the quit question
	sizes := [][2]int{{79, 23}, {70, 24}, {60, 20}, {50, 12}, {40, 24}, {31, 10}, {24, 8}}
	for name, start := range screens {
		hs := start()
		for _, quitting := range []bool{false, true} {
			if quitting {
				// A screen with nothing to keep quits at once: no question.
				if hs.press("q"); hs.app.overlay == nil {
					continue
				}
				asked++
			}
			for _, size := range sizes {
				w, h := size[0], size[1]
				hs.send(tea.WindowSizeMsg{Width: w, Height: h})
				frame := ansi.Strip(hs.app.render())
				kittest.CheckSize(t, frame, w, h)
				var block []string
				for _, l := range strings.Split(frame, "\n") {
					if strings.TrimSpace(l) != "" {
						block = append(block, strings.TrimRight(l, " "))
					}
				}
				margin, widest := -1, 0
				for _, l := range block {
					in := len(l) - len(strings.TrimLeft(l, " "))
					if margin >= 0 && in != margin {
						t.Fatalf("%s (quit question %v) at %d×%d: the lines do not start at one column:\n%s", name, quitting, w, h, frame)
					}
					margin, widest = in, max(widest, kit.WidthOf(l)-in)
					if words := strings.Fields(l); len(words) == 1 && len(block) > 1 && w >= 30 {
						t.Fatalf("%s (quit question %v) at %d×%d: a word alone on a line:\n%s", name, quitting, w, h, frame)
					}
				}
				if margin != (w-widest)/2 {
					t.Fatalf("%s (quit question %v) at %d×%d: the block is set in by %d, not centred:\n%s", name, quitting, w, h, margin, frame)
				}
				if quitting && w >= 40 && !strings.Contains(kittest.Flat(frame), "y: ") {
					t.Fatalf("%s at %d×%d: the quit question is not said:\n%s", name, w, h, frame)
				}
				if larger := "Please make it larger (q quits)."; !quitting && w >= 60 && !slices.ContainsFunc(block, func(l string) bool { return strings.TrimSpace(l) == larger }) {
					t.Fatalf("%s at %d×%d: %q is not a line of its own:\n%s", name, w, h, larger, frame)
				}
			}
			hs.send(tea.WindowSizeMsg{Width: 80, Height: 24})
		}
	}
	if asked < 3 {
		t.Fatalf("the quit question was open on %d screens only", asked)
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
