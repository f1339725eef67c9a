package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestLobbyFormHelpRules: the open-table form's help (?) tells the rules
// in short of the table it will open, as the form stands: four players
// in two teams once its seats read 4, not the default game of two.
func TestLobbyFormHelpRules(t *testing.T) {
	h := testHall(t)
	ann, _ := annAndBob(t, h, 80, 24)
	ann.key("o")
	ann.key("right")
	ann.key("right") // four seats
	if !strings.Contains(ann.screen(), "‹ 4 ›") {
		t.Fatalf("the form does not read four seats:\n%s", ann.screen())
	}
	ann.key("?")
	text := strings.Join(strings.Fields(ansi.Strip(ann.screen())), " ")
	if !strings.Contains(text, "Four players in two teams") || strings.Contains(text, "Two players") {
		t.Fatalf("the help's rules in short are not the form's game of four:\n%s", ann.screen())
	}
}
