package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestTrainHelpAndQuit: in the trainer, ? lists the trainer's keys (not
// the table's) and q asks without promising a saved game.
func TestTrainHelpAndQuit(t *testing.T) {
	hs := newTrainHarness(t, trainConfig(&memRecord{}, strongText), 80, 24)
	hs.press("?")
	scr := ansi.Strip(hs.app.render())
	if !strings.Contains(scr, "new drill") || !strings.Contains(scr, "your last mistakes") {
		t.Errorf("trainer help lacks the trainer's keys:\n%s", scr)
	}
	if strings.Contains(scr, "announce bella") {
		t.Errorf("trainer help lists the table's keys:\n%s", scr)
	}
	hs.press("esc")
	hs.press("q")
	scr = ansi.Strip(hs.app.render())
	if !strings.Contains(scr, "Quit Klob?") || !strings.Contains(scr, "record is kept") || strings.Contains(scr, "game stays saved") {
		t.Errorf("trainer quit question:\n%s", scr)
	}
}
