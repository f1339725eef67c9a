package tui

import (
	"math/rand/v2"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/tui/kit/kittest"
)

// TestLearnApp: klob learn's App, as the program runs it: random keys,
// clicks and window sizes (1×1 up) never panic and every frame is the
// window's size, under NO_COLOR and TERM=dumb, with -ascii drawing no
// Unicode; ? opens the help with the rules Klob plays, r goes to them.
func TestLearnApp(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	t.Setenv("TERM", "dumb")
	keys := []string{"enter", "enter", "enter", "left", "right", "up", "down", "b", "p", "t", "a", "x", "n", "c", "s", "1", "9", "?", "esc", "space", "r", "q", "y"}
	for _, ascii := range []bool{false, true} {
		r := rand.New(rand.NewPCG(25, 11))
		app, err := NewLearn(LearnConfig{ASCII: ascii})
		if err != nil {
			t.Fatal(err)
		}
		hs := startHarness(t, app, 80, 24)
		hs.press("?", "r")
		if s := hs.screen(); !strings.Contains(s, "The rules Klob plays") || !strings.Contains(s, "The cards") {
			t.Fatalf("the lesson's help does not show the rules:\n%s", s)
		}
		hs.press("x")
		w, h := 80, 24
		for i := 0; i < 2000 && !hs.quit; i++ {
			switch n := r.IntN(30); {
			case n == 0:
				w, h = 1+r.IntN(140), 1+r.IntN(50)
				hs.send(tea.WindowSizeMsg{Width: w, Height: h})
			case n == 1:
				hs.send(tea.MouseClickMsg{X: r.IntN(w), Y: r.IntN(h), Button: tea.MouseLeft})
			default:
				k := keys[r.IntN(len(keys))]
				if k == "y" && r.IntN(10) != 0 {
					k = "esc" // quitting is rare
				}
				hs.press(k)
			}
			frame := hs.app.render()
			kittest.CheckSize(t, frame, w, h)
			if ascii && strings.ContainsAny(ansi.Strip(frame), "♣♦♥♠┌│▮░") {
				t.Fatalf("-ascii draws Unicode:\n%s", ansi.Strip(frame))
			}
		}
	}
}

// TestSetupApp: klob play's first screen is the one setup at every seat
// count, and the App around it keeps every frame the window's size,
// down to 1×1, under NO_COLOR and TERM=dumb; enter starts the table of
// the count chosen.
func TestSetupApp(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	t.Setenv("TERM", "dumb")
	for _, players := range []int{2, 3, 4} {
		cfg := testConfig(uint64(players), &memStore{})
		cfg.Setup.Options.Players = players
		cfg.Setup.Options.DealerForced = true
		w, h := 80, 24
		if players == 4 {
			w, h = 100, 30 // room for a table of four's cross
		}
		hs := newHarness(t, cfg, w, h)
		if hs.name() != "setup" {
			t.Fatalf("%d players: the first screen is %q", players, hs.name())
		}
		for _, sz := range [][2]int{{1, 1}, {80, 24}, {30, 10}, {100, 30}} {
			hs.send(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
			kittest.CheckSize(t, hs.app.render(), sz[0], sz[1])
		}
		if s := hs.screen(); !strings.Contains(s, "Bimah") || !strings.Contains(s, "Dealer forced") {
			t.Fatalf("%d players: the setup lacks dealer forced and bimah:\n%s", players, s)
		}
		hs.send(tea.WindowSizeMsg{Width: w, Height: h})
		hs.press("enter")
		if hs.name() != "table" {
			t.Fatalf("%d players: enter on the setup opened %q", players, hs.name())
		}
		if g := hs.game(); g != nil && (g.View.Players != players || !g.Options.DealerForced) {
			t.Fatalf("%d players: the game has %d players, options %s", players, g.View.Players, g.Options)
		}
	}
}

// TestLearnQuitAskWraps: the lesson's quit question, longer than a
// line of 80, is shown whole, wrapped, not cut at the window's edge.
func TestLearnQuitAskWraps(t *testing.T) {
	app, err := NewLearn(LearnConfig{})
	if err != nil {
		t.Fatal(err)
	}
	hs := startHarness(t, app, 80, 24)
	hs.press("q")
	scr := hs.screen()
	flat := kittest.Flat(scr)
	want := "Quit Klob? The lesson is not saved: klob learn starts it again from the beginning. [y] quit [n] stay"
	if !strings.Contains(flat, want) {
		t.Fatalf("the quit question is not shown whole:\n%s", scr)
	}
}

// TestSetupOpensLesson: klob play's setup form points a newcomer to the
// lesson (L learn in its key line); L opens the lesson at 80×24, whose
// prompt offers esc back, and esc comes back to the same form, its
// choices kept; so does q, at once on the first step, and once the
// lesson is under way after asking; enter there still starts the game.
func TestSetupOpensLesson(t *testing.T) {
	cfg := testConfig(3, &memStore{})
	cfg.Setup.Options.Players = 3
	hs := newHarness(t, cfg, 80, 24)
	if hs.name() != "setup" || !strings.Contains(hs.screen(), "L learn") {
		t.Fatalf("the setup (%s) does not offer the lesson:\n%s", hs.name(), hs.screen())
	}
	hs.press("L")
	if hs.name() != "learn" {
		t.Fatalf("L on the setup opened %q", hs.name())
	}
	scr := hs.screen()
	golden(t, "setup_learn-80x24", scr)
	kittest.CheckSize(t, hs.app.render(), 80, 24)
	if !strings.Contains(scr, "Welcome to Klaberjass for three") || !strings.Contains(scr, "esc back to the setup") {
		t.Fatalf("the lesson from the setup:\n%s", scr)
	}
	hs.press("q")
	if hs.quit || hs.name() != "setup" || !strings.Contains(hs.screen(), "Klaberjass for three") {
		t.Fatalf("q at the lesson's first step went to %q (quit %v), not the form of three:\n%s", hs.name(), hs.quit, hs.screen())
	}
	hs.press("L", "enter", "q")
	want := "Back to the setup form? The lesson is not saved: L on the setup form starts it again from the beginning. [y] back [n] stay"
	if flat := kittest.Flat(hs.screen()); !strings.Contains(flat, want) {
		t.Fatalf("the lesson's quit question from the setup:\n%s", hs.screen())
	}
	hs.press("y")
	if hs.quit || hs.name() != "setup" || !strings.Contains(hs.screen(), "Klaberjass for three") {
		t.Fatalf("q then y in the lesson went to %q (quit %v), not the form of three:\n%s", hs.name(), hs.quit, hs.screen())
	}
	hs.press("L", "enter", "q", "n", "enter", "esc")
	if hs.name() != "setup" || !strings.Contains(hs.screen(), "Klaberjass for three") {
		t.Fatalf("esc in the lesson went to %q, not the form of three:\n%s", hs.name(), hs.screen())
	}
	hs.press("enter")
	if g := hs.game(); hs.name() != "table" || g == nil || g.View.Players != 3 {
		t.Fatalf("enter on the form after the lesson opened %q", hs.name())
	}
}

// TestLearnAtEverySeatCount: klob learn -players N and L on a setup
// form of N players both open the lesson of N players: its welcome
// names the game of that count, and the lesson's game has N seats.
func TestLearnAtEverySeatCount(t *testing.T) {
	welcome := map[int]string{2: "step 1 of 17 · Welcome to Klaberjass", 3: "Welcome to Klaberjass for three", 4: "Welcome to Klaberjass for four"}
	for _, players := range []int{2, 3, 4} {
		app, err := NewLearn(LearnConfig{Players: players})
		if err != nil {
			t.Fatal(err)
		}
		hs := startHarness(t, app, 80, 24)
		if scr := hs.screen(); !strings.Contains(scr, welcome[players]) {
			t.Fatalf("klob learn -players %d opened:\n%s", players, scr)
		}
		cfg := testConfig(uint64(players), &memStore{})
		cfg.Setup.Options.Players = players
		hs = newHarness(t, cfg, 80, 24)
		hs.press("L")
		if scr := hs.screen(); hs.name() != "learn" || !strings.Contains(scr, welcome[players]) {
			t.Fatalf("L on the setup of %d players opened %q:\n%s", players, hs.name(), scr)
		}
	}
	if _, err := NewLearn(LearnConfig{Players: 5}); err == nil {
		t.Error("a lesson for five players was opened")
	}
}

// TestResumeFormOpensLesson: the form n opens from the offer to resume
// a saved game offers the lesson too; esc in the lesson comes back to
// that form, and esc there (its key line says "esc back") to the offer.
func TestResumeFormOpensLesson(t *testing.T) {
	hs2 := resumeOffer(t, testConfig(dealSeed, &memStore{}))
	hs2.press("n")
	if hs2.name() != "setup" || !strings.Contains(hs2.screen(), "L learn") || !strings.Contains(hs2.screen(), "esc back") {
		t.Fatalf("the form from the resume offer (%s) does not offer the lesson:\n%s", hs2.name(), hs2.screen())
	}
	hs2.press("L")
	if hs2.name() != "learn" {
		t.Fatalf("L on the form opened %q", hs2.name())
	}
	hs2.press("esc")
	if hs2.name() != "setup" {
		t.Fatalf("esc in the lesson went to %q, not the form", hs2.name())
	}
	hs2.press("esc")
	if hs2.name() != "resume" {
		t.Fatalf("esc on the form went to %q, not the resume offer", hs2.name())
	}
}

// TestLessonHelpRulesBySeats: the lesson's help tells the rules in short
// of the lesson's table, as the table's help does at every seat count:
// three each for themselves, four in two teams, not the game of two.
func TestLessonHelpRulesBySeats(t *testing.T) {
	opening := map[int]string{2: "Two players (three and four", 3: "Three players, each for themselves", 4: "Four players in two teams"}
	for n, want := range opening {
		app, err := NewLearn(LearnConfig{Players: n})
		if err != nil {
			t.Fatal(err)
		}
		help := startHarness(t, app, 80, 24).helpText()
		for m, other := range opening {
			if got := strings.Contains(help, other); got != (m == n) {
				t.Errorf("the lesson of %d players: its help tells %q: %v", n, other, got)
			}
		}
		if !strings.Contains(help, want) {
			t.Errorf("the lesson of %d players: its help lacks %q:\n%s", n, want, help)
		}
	}
}

// TestLearnEscAsksToQuit: klob learn on its own answers esc as q, with
// the question to quit the lesson, at its first step and further on, at
// every seat count; n stays in the lesson.
func TestLearnEscAsksToQuit(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		for _, steps := range []int{0, 3} {
			app, err := NewLearn(LearnConfig{Players: players})
			if err != nil {
				t.Fatal(err)
			}
			hs := startHarness(t, app, 80, 24)
			for range steps {
				hs.press("enter")
			}
			hs.press("esc")
			if flat := kittest.Flat(hs.screen()); hs.quit || !strings.Contains(flat, "The lesson is not saved") {
				t.Fatalf("%d players, step %d: esc did not ask to quit (quit %v):\n%s", players, steps+1, hs.quit, hs.screen())
			}
			hs.press("n")
			if hs.quit || hs.name() != "learn" || strings.Contains(kittest.Flat(hs.screen()), "The lesson is not saved") {
				t.Fatalf("%d players: n after esc left the lesson:\n%s", players, hs.screen())
			}
		}
	}
}
