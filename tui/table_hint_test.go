package tui

import (
	"strings"
	"testing"
)

// TestTableHint asks for a hint at the first bid of a fixed deal: the
// hard bot's evaluation of every option appears over the table, esc
// closes it, and a hint never outlives the position it was asked for.
func TestTableHint(t *testing.T) {
	hs := newHarness(t, testConfig(dealSeed, &memStore{}), 80, 24)
	hs.press("enter")
	if hs.name() != "table" {
		t.Fatalf("screen %s, want table", hs.name())
	}
	hs.press("H")
	scr := hs.screen()
	for _, want := range []string{"Hint: the hard bot would", "pass", "take", "sampled deals", "H or esc closes"} {
		if !strings.Contains(scr, want) {
			t.Errorf("hint screen lacks %q:\n%s", want, scr)
		}
	}
	hs.press("esc")
	if scr := hs.screen(); strings.Contains(scr, "Hint:") {
		t.Errorf("esc left the hint open:\n%s", scr)
	}
	hs.press("H")
	if !strings.Contains(hs.screen(), "Hint:") {
		t.Fatalf("second H did not show the hint")
	}
	hs.press("t") // take: the position moves on, the hint goes.
	if scr := hs.screen(); strings.Contains(scr, "Hint:") {
		t.Errorf("the hint outlived its position:\n%s", scr)
	}
}
