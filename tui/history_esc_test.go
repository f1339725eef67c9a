package tui

import (
	"strings"
	"testing"
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
