package tui

import (
	"strings"
	"testing"

	"github.com/klob/klob/rules"
)

// TestHistoryEscLeaves: esc on klob replay's list of saved games leaves
// it as q does (at once: the list keeps nothing to lose).
func TestHistoryEscLeaves(t *testing.T) {
	for _, k := range []string{"q", "esc"} {
		hs := startHarness(t, NewHistory(emptySource{}, ReplayConfig{}), 80, 24)
		hs.press(k)
		if !hs.quit {
			t.Errorf("%s does not leave the saved games:\n%s", k, hs.screen())
		}
	}
}

// TestHistoryEmptyHelp: the help of an empty list of saved games tells
// no numbers and marks (it shows no score, card nor grade), only how to
// leave and the rules.
func TestHistoryEmptyHelp(t *testing.T) {
	hs := startHarness(t, NewHistory(emptySource{}, ReplayConfig{}), 80, 24)
	help := hs.helpText()
	if strings.Contains(help, "Numbers and marks") || strings.Contains(help, "≈ best") {
		t.Errorf("the empty list's help tells the numbers and marks: %.300s…", help)
	}
	for _, want := range []string{"q/esc quit", "Rules in short"} {
		if !strings.Contains(help, want) {
			t.Errorf("the empty list's help does not say %q: %.300s…", want, help)
		}
	}
}

// TestSetupEscAsQ: esc on klob play's first screen, the form before a
// game, does what q does there (asks before quitting when something
// would be lost, else quits), and the keys' line says so.
func TestSetupEscAsQ(t *testing.T) {
	after := func(k string) (string, bool) {
		hs := newHarness(t, testConfig(dealSeed, &memStore{}), 80, 24)
		if hs.name() != "setup" {
			t.Fatalf("klob play opens on %q, not the form", hs.name())
		}
		if k == "" {
			return hs.screen(), hs.quit
		}
		hs.press(k)
		return hs.screen(), hs.quit
	}
	form, _ := after("")
	byQ, quitQ := after("q")
	byEsc, quitEsc := after("esc")
	if byEsc != byQ || quitEsc != quitQ {
		t.Errorf("esc on the form is not q: q quits %v, esc quits %v; after q:\n%s\nafter esc:\n%s", quitQ, quitEsc, byQ, byEsc)
	}
	if !strings.Contains(form, "q/esc quit") {
		t.Errorf("the keys' line does not offer esc:\n%s", form)
	}
}

// TestQuitKeepsNoHalfNote: q over a two-line "!" note (a refused
// claim) leaves no half of it above the question: the note goes whole,
// the question in its place.
func TestQuitKeepsNoHalfNote(t *testing.T) {
	hs := newHarness(t, testConfig(dealSeed, &memStore{}), 80, 24)
	hs.press("enter")
	for i := 0; i < 40 && hs.game().View.Phase != rules.PhasePlay; i++ {
		hs.press("t", "enter")
	}
	hs.press("c")
	before := hs.screen()
	if !strings.Contains(before, "! Claim refused") {
		t.Fatalf("no refused claim to cut:\n%s", before)
	}
	hs.press("q")
	after := hs.screen()
	if !strings.Contains(after, "Quit Klob?") {
		t.Fatalf("q does not ask:\n%s", after)
	}
	if strings.Contains(after, "Claim refused") {
		t.Fatalf("the note is cut by the question:\n%s", after)
	}
	lines := strings.Split(after, "\n")
	if at := lineWith(lines, "Quit Klob?"); at < 1 || !isRule(lines[at-1], "─") {
		t.Fatalf("the question is not under the table's rule:\n%s", after)
	}
	if !strings.Contains(lines[lineWith(lines, "Quit Klob?")+1], "[y] quit") {
		t.Fatalf("the offers do not follow the question:\n%s", after)
	}
}

func lineWith(lines []string, s string) int {
	for i, l := range lines {
		if strings.Contains(l, s) {
			return i
		}
	}
	return -1
}
