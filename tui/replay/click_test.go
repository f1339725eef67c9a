package replay

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// clickHint clicks the second cell of word on the line of hints, the
// screen's last line that holds anything.
func clickHint(t *testing.T, hs *kittest.Driver, word string) {
	t.Helper()
	lines := strings.Split(hs.Text(), "\n")
	for y := len(lines) - 1; y >= 0; y-- {
		if strings.TrimSpace(lines[y]) == "" {
			continue
		}
		i := strings.Index(lines[y], word)
		if i < 0 {
			t.Fatalf("no %q on the line of hints %q", word, lines[y])
		}
		hs.Click(kit.WidthOf(lines[y][:i])+min(1, kit.WidthOf(word)-1), y)
		return
	}
}

// A replay goes by clicks alone, at every seat count: a click on the
// table steps to the next action, and the keys on the line of hints
// take clicks where they are drawn (← back a step, ↓ a trick on, v the
// list of tricks, o one seat's view; ? goes to the App and steps not),
// under -ascii too.
func TestReplayClicks(t *testing.T) {
	for _, tc := range []struct {
		n    int
		file string
	}{{2, "07-sequences-decided-by-trump.klob"}, {3, "tables/3-01-every-house-variant.klob"}, {4, "tables/4-14-shlomo-and-cleopatra-in-one-deal.klob"}} {
		for _, ascii := range []bool{false, true} {
			t.Run(fmt.Sprint(tc.n, ascii), func(t *testing.T) {
				hs := kittest.New(t, New(readGame(t, tc.file), "game.klob", Config{Analyze: fakeAnalyze}, nil), 80, 24, ascii)
				s := replayOf(hs)
				clickHint(t, hs, "? help") // the App's: it does not step
				if s.pos != (pos{}) {
					t.Fatalf("a click on ? help stepped to %+v", s.pos)
				}
				hs.Click(40, 8)
				hs.Click(40, 8)
				if s.pos != (pos{0, 2}) {
					t.Fatalf("two clicks on the table went to %+v, not step 2", s.pos)
				}
				back, trick := "←", "↓"
				if ascii {
					back, trick = "h", "j" // the letters: a narrow line's arrows
				}
				clickHint(t, hs, back)
				if s.pos != (pos{0, 1}) {
					t.Fatalf("a click on %s went to %+v, not step 1", back, s.pos)
				}
				clickHint(t, hs, trick)
				if s.pos.n <= 2 {
					t.Fatalf("a click on %s went to %+v, not a trick on", trick, s.pos)
				}
				clickHint(t, hs, "o hands")
				if s.open {
					t.Fatalf("a click on o did not show one seat's view")
				}
				clickHint(t, hs, "v tricks")
				if !s.tricks {
					t.Fatalf("a click on v did not open the list of tricks:\n%s", hs.Text())
				}
				at := s.pos
				hs.Click(40, 8)
				if s.pos != at {
					t.Fatalf("a click on the list of tricks stepped")
				}
			})
		}
	}
}

// A click that is not the left button does nothing.
func TestReplayRightClick(t *testing.T) {
	hs := open(t, readGame(t, "09-tie.klob"), "game.klob", 80, 24)
	hs.Send(tea.MouseClickMsg{X: 40, Y: 8, Button: tea.MouseRight})
	if p := replayOf(hs).pos; p != (pos{}) {
		t.Fatalf("a right click stepped to %+v", p)
	}
}

// The list of saved games takes clicks: a click on a game chooses it,
// a second click replays it, and enter on the line of hints replays
// the game chosen.
func TestHistoryClicks(t *testing.T) {
	dir, keep := historyState(t)
	for _, f := range []struct{ name, src string }{
		{"2026-01-05-1200-vs-Bot-easy-won.klob", "05-target-not-500.klob"},
		{"2026-01-06-1200-vs-Bot-normal-lost.klob", "09-tie.klob"},
	} {
		b, err := os.ReadFile(filepath.Join(games, f.src))
		if err != nil {
			t.Fatal(err)
		}
		keep(f.name, b)
	}
	hs := openHistory(t, dir, Config{Analyze: fakeAnalyze})
	list := hs.Screen.(*History)
	hs.ClickOn("2026-01-05")
	if list.cursor != 1 || hs.Screen != kit.Screen(list) {
		t.Fatalf("a click on the second game chose %d (on %s)", list.cursor, hs.Screen.Name())
	}
	hs.ClickOn("2026-01-05")
	if hs.Screen.Name() != "replay" {
		t.Fatalf("a click on the chosen game opened %s:\n%s", hs.Screen.Name(), text(hs))
	}
	hs.Press("esc")
	clickHint(t, hs, "enter")
	if hs.Screen.Name() != "replay" {
		t.Fatalf("a click on enter opened %s:\n%s", hs.Screen.Name(), text(hs))
	}
}

// TestReplayClicksOnTwoKeyLines: where the key line takes two lines (a
// game of several deals opened from the game-over screen, esc going
// back, at 80 columns), the keys of the first line take clicks as
// those of the second: v opens the list of tricks, not a step.
func TestReplayClicksOnTwoKeyLines(t *testing.T) {
	back := New(readGame(t, "09-tie.klob"), "other.klob", Config{Analyze: fakeAnalyze}, nil)
	hs := kittest.New(t, New(readGame(t, "07-sequences-decided-by-trump.klob"), "game.klob", Config{Analyze: fakeAnalyze}, back), 80, 24, false)
	s := replayOf(hs)
	lines := strings.Split(strings.TrimRight(hs.Text(), "\n "), "\n")
	first := lines[len(lines)-2]
	i := strings.Index(first, "v tricks")
	if i < 0 || !strings.Contains(lines[len(lines)-1], "q quit") {
		t.Fatalf("want the key line on two lines, v on the first:\n%s", hs.Text())
	}
	hs.Click(kit.WidthOf(first[:i]), len(lines)-2)
	if !s.tricks || s.pos != (pos{}) {
		t.Fatalf("a click on v on the first key line: list %v, at %+v:\n%s", s.tricks, s.pos, hs.Text())
	}
}
