package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/tui/kit"
)

// TestLobbyTourneyHelpHasNoMarks: the tournaments' list and the new
// tournament's form, opened from the lobby, show no card, score nor
// grade: their help (?) tells the rules in short but no numbers and
// marks, as the lobby's own screens without cards do.
func TestLobbyTourneyHelpHasNoMarks(t *testing.T) {
	p := annAtTourneys(t)
	for _, c := range []struct{ name, key, ready string }{
		{"the list", "", "(no tournament runs"},
		{"the form", "n", "Seats ‹ 3 ›"},
	} {
		if c.key != "" {
			p.key(c.key)
			p.untilFlat(t, c.ready)
		}
		p.key("?")
		hv, ok := p.app.overlay.(*kit.HelpView)
		if !ok {
			t.Fatalf("? on %s opens no help:\n%s", c.name, p.screen())
		}
		text := ansi.Strip(strings.Join(hv.Lines(&p.app.ctx), "\n"))
		if !strings.Contains(text, "Rules in short") || strings.Contains(text, "Numbers and marks") {
			t.Errorf("the help of %s tells the marks, or not the rules in short:\n%s", c.name, text)
		}
		p.key("x") // closes the help
	}
}

// TestLobbyTourneyBoardHelpHasNoHints: a tournament's board, played
// from the lobby, gives no hint: its help (?) tells the hand's marks
// but neither the hint key nor the hints' and grades' legend.
func TestLobbyTourneyBoardHelpHasNoHints(t *testing.T) {
	p := annAtTourneys(t)
	p.key("n")
	p.untilFlat(t, "Seats ‹ 3 ›")
	for _, k := range []string{"up", "up", "up", "left", "left", "enter"} {
		p.key(k)
	}
	p.untilFlat(t, "[enter] play board 1")
	p.key("enter")
	p.untilFlat(t, "Board 1 of")
	p.key("?")
	hv, ok := p.app.overlay.(*kit.HelpView)
	if !ok {
		t.Fatalf("? at the board opens no help:\n%s", p.screen())
	}
	text := ansi.Strip(strings.Join(hv.Lines(&p.app.ctx), "\n"))
	if strings.Contains(text, "standard error") || !strings.Contains(text, "under a card: selected") {
		t.Errorf("the board's help tells the hints' legend, or not the hand's marks:\n%s", text)
	}
	if strings.Contains(text, p.app.ctx.Keys.Hint.Help().Desc) {
		t.Errorf("the board's help lists the hint key:\n%s", text)
	}
}
