package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/lobby"
)

// TestLobbyScreensHelpHaveNoMarks: the lobby's screens that show no
// card, score nor grade (the lobby itself, its leaderboards, a game
// open elsewhere, the talk read back, a table's waiting room) give a
// help without the numbers and marks, as the open-table form and klob
// play's setup do; a game alone's table from the lobby keeps them.
func TestLobbyScreensHelpHaveNoMarks(t *testing.T) {
	for _, c := range []struct {
		name  string
		keys  []string // each pressed once the screen shows its ready
		ready []string // what the screen shows once read, before each key and after the last
		store Store
		marks bool
	}{
		{"the lobby", nil, []string{"Play alone against bots"}, nil, false},
		{"the leaderboards", []string{"l"}, []string{"Lobby talk", "Nobody has played"}, nil, false},
		{"a game open elsewhere", []string{"p"}, []string{"Lobby talk", "open in another connection"}, &busyStore{}, false},
		{"the talk read back", []string{"c"}, []string{"Lobby talk", "Lobby talk"}, nil, false},
		{"a waiting room", []string{"o", "enter"}, []string{"Lobby talk", "[ Open the table ]", "Waiting for players"}, nil, false},
		{"a game alone", []string{"p", "enter"}, []string{"Lobby talk", "Set up the game", "Deal 1"}, nil, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := clubLobbyPerson(t, false, c.store)
			p.walk(t, c.keys, c.ready)
			p.key("?")
			hv, ok := p.app.overlay.(*kit.HelpView)
			if !ok {
				t.Fatalf("? opens no help:\n%s", p.screen())
			}
			text := ansi.Strip(strings.Join(hv.Lines(&p.app.ctx), "\n"))
			if got := strings.Contains(text, "Numbers and marks"); got != c.marks {
				t.Errorf("%s's help tells the numbers and marks: %v, want %v", c.name, got, c.marks)
			}
			if !strings.Contains(text, "Rules in short") {
				t.Errorf("%s's help lacks the rules in short", c.name)
			}
			if _, ok := p.app.screen.(*lobby.Lobby); c.keys != nil && ok {
				t.Errorf("%s is the lobby", c.name)
			}
		})
	}
}
