package tui

import "testing"

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
