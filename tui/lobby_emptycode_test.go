package tui

import (
	"strings"
	"testing"
)

// TestLobbyEmptyCodeCloses: enter on the code's line with nothing typed
// closes it, as esc does, with no error about the code "".
func TestLobbyEmptyCodeCloses(t *testing.T) {
	h := testHall(t)
	ann, _ := annAndBob(t, h, 80, 24)
	ann.key("j")
	ann.until(t, "Table code:")
	ann.key("enter")
	if scr := ann.screen(); strings.Contains(scr, `""`) || strings.Contains(scr, "Table code:") {
		t.Fatalf("enter with no code:\n%s", scr)
	}
	ann.key("j")
	ann.key("x")
	ann.key("enter")
	ann.until(t, "a table code is four letters")
}
