package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/klob/klob/rules"

	"github.com/klob/klob/internal/study/lesson"
)

func newLearnHarness(t *testing.T, w, h int, ascii bool) (*harness, *bool) {
	t.Helper()
	var play bool
	app, err := NewLearn(LearnConfig{ASCII: ascii, PlayAfter: &play})
	if err != nil {
		t.Fatal(err)
	}
	return startHarness(t, app, w, h), &play
}

func learnScreenOf(hs *harness) *learnScreen { return hs.app.screen.(*learnScreen) }

// TestLearnGoldens: the lesson's screens at 80×24, one per kind of step,
// and a refusal of each kind (the lesson's, the engine's, bella).
func TestLearnGoldens(t *testing.T) {
	hs, play := newLearnHarness(t, 80, 24, false)
	golden(t, "learn-01-welcome-80x24", trimRight(hs.screen()))
	hs.press("enter", "enter", "enter")
	golden(t, "learn-02-bid-80x24", trimRight(hs.screen()))
	hs.press("t")
	golden(t, "learn-03-refused-80x24", trimRight(hs.screen()))
	hs.press("p", "a", "enter", "t", "x", "n")
	golden(t, "learn-04-play-80x24", trimRight(hs.screen()))
	hs.press("5") // A♠ on a diamond lead: the engine refuses, naming the card
	if !strings.Contains(hs.screen(), "You cannot play A♠: you have no diamonds: you must trump") {
		t.Errorf("the engine's refusal is not shown:\n%s", hs.screen())
	}
	// Play on to bella: the first legal card, until the lesson asks.
	ls := learnScreenOf(hs)
	for i := 0; ls.run.Step().Name != "bella"; i++ {
		if i > 20 {
			t.Fatal("the lesson never asked for bella")
		}
		p := ls.run.Game().Deal().Play()
		ls.run.Try(playOf(p.Legal().First()))
		ls.focusBella()
	}
	hs.press("enter") // the bella card without bella
	golden(t, "learn-05-bella-refused-80x24", trimRight(hs.screen()))
	hs.press("b")
	for ls.run.Step().Kind == lesson.Play && !ls.run.Game().Deal().Over() {
		p := ls.run.Game().Deal().Play()
		ls.run.Try(playOf(p.Legal().First()))
	}
	hs.press("enter")
	golden(t, "learn-06-score-80x24", trimRight(hs.screen()))
	hs.press("enter")
	golden(t, "learn-07-end-80x24", trimRight(hs.screen()))
	hs.press("n")
	if !*play || !hs.quit {
		t.Errorf("n at the end: play %v, quit %v; want a real game next", *play, hs.quit)
	}
}

// TestLearnAnySizeAnyKey: every size down to 1×1, with -ascii too, and
// random keys at every step never panic; the text scrolls.
func TestLearnAnySizeAnyKey(t *testing.T) {
	keys := []string{"enter", "left", "right", "up", "down", "b", "p", "t", "a", "x", "n", "g", "1", "5", "9", "?", "esc", "space", "s", "r"}
	for _, ascii := range []bool{false, true} {
		hs, _ := newLearnHarness(t, 80, 24, ascii)
		for i := 0; i < 3000 && !hs.quit; i++ {
			hs.press(keys[(i*7+i/3)%len(keys)])
			if i%50 == 0 {
				for _, sz := range [][2]int{{1, 1}, {20, 5}, {80, 24}, {120, 40}} {
					hs.send(windowSize(sz[0], sz[1]))
					_ = hs.screen()
				}
			}
		}
	}
}

// TestLearnScrolls: a text longer than the window scrolls to its end
// and no further (the lesson file may grow).
func TestLearnScrolls(t *testing.T) {
	hs, _ := newLearnHarness(t, 80, 24, false)
	text := learnScreenOf(hs).run.Text()
	sec := text["welcome"]
	for i := range 30 {
		sec.Paras = append(sec.Paras, lesson.Para{Text: fmt.Sprintf("line %d", i)})
	}
	text["welcome"] = sec
	if !strings.Contains(hs.screen(), "↓ more") {
		t.Fatalf("a text that does not fit says nothing:\n%s", hs.screen())
	}
	for range 100 {
		hs.press("down")
	}
	if scr := hs.screen(); strings.Contains(scr, "↓ more") || !strings.Contains(scr, "line 29") {
		t.Errorf("scrolled to the end, the last line is not shown:\n%s", scr)
	}
	hs.press("up")
	if scr := hs.screen(); !strings.Contains(scr, "↓ more") {
		t.Errorf("one line back up, the end is hidden but not said:\n%s", scr)
	}
}

func windowSize(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }

func playOf(c rules.Card) rules.Action { return rules.PlayAction(c) }
