package tui

import (
	"strings"
	"testing"

	"github.com/klob/klob/rules"
)

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
