package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/lobby"
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
	if !strings.Contains(ann.screen(), "‹ 4") {
		t.Fatalf("the form does not read four seats:\n%s", ann.screen())
	}
	ann.key("?")
	text := strings.Join(strings.Fields(ansi.Strip(ann.screen())), " ")
	if !strings.Contains(text, "Four players in two teams") || strings.Contains(text, "Two players") {
		t.Fatalf("the help's rules in short are not the form's game of four:\n%s", ann.screen())
	}
}

// TestLobbyFormKeepsChoices: q and esc leave the open-table form at
// once, losing nothing: the next o opens it with the choices left, and
// its help says so.
func TestLobbyFormKeepsChoices(t *testing.T) {
	h := testHall(t)
	ann, _ := annAndBob(t, h, 80, 24)
	for _, leave := range []string{"esc", "q"} {
		ann.key("o")
		formTo(t, ann, "Seats")
		ann.key("right") // three seats, then four
		ann.key(leave)
		ann.wait(t, "the lobby", func() bool { _, ok := ann.app.screen.(*lobby.Lobby); return ok })
		ann.key("o")
		f, ok := ann.app.screen.(*lobby.TableForm)
		if !ok {
			t.Fatalf("o does not open the form:\n%s", ann.screen())
		}
		want := map[string]int{"esc": 3, "q": 4}[leave]
		if got := f.Setup().Options.NumPlayers(); got != want {
			t.Fatalf("after %s the form opens with %d seats, want the %d left", leave, got, want)
		}
		ann.key("?")
		if text := strings.Join(strings.Fields(ansi.Strip(ann.screen())), " "); !strings.Contains(text, "your choices kept") {
			t.Fatalf("the help does not say the choices are kept:\n%s", ann.screen())
		}
		ann.key("x") // closes the help
		ann.key("esc")
	}
}

// annAtTourneys is Ann in a lobby whose server runs tournaments, at
// their list (d), read.
func annAtTourneys(t *testing.T) *lobbyPerson {
	t.Helper()
	tours := clubTourneys(t, nil)
	p := newLobbyPersonWith(testHall(t), "a", "Ann", 80, 24, func(cfg *LobbyConfig) { cfg.Tourney = tours })
	t.Cleanup(func() { close(p.done) })
	p.deliver()
	p.key("d")
	p.untilFlat(t, "(no tournament runs")
	return p
}

// TestLobbyTourneyFormKeepsChoices: the new tournament's form, left by
// q for the lobby at once, opens again from the lobby (d, then n) with
// the choices left: the lobby keeps them for the connection.
func TestLobbyTourneyFormKeepsChoices(t *testing.T) {
	p := annAtTourneys(t)
	p.key("n")
	p.untilFlat(t, "Seats ‹ 3 ›")
	p.key("right")
	p.untilFlat(t, "Seats ‹ 4")
	p.key("q")
	p.wait(t, "the lobby", func() bool { _, ok := p.app.screen.(*lobby.Lobby); return ok })
	p.key("d")
	p.untilFlat(t, "(no tournament runs")
	p.key("n")
	p.untilFlat(t, "Seats ‹ 4")
}

// TestLobbyFormHelpHasNoMarks: the open-table form shows no card, score
// nor grade, as the setup form of klob play shows none: its help tells
// the rules in short but no numbers and marks.
func TestLobbyFormHelpHasNoMarks(t *testing.T) {
	h := testHall(t)
	ann, _ := annAndBob(t, h, 80, 24)
	ann.key("o")
	ann.key("?")
	hv, ok := ann.app.overlay.(*kit.HelpView)
	if !ok {
		t.Fatalf("? on the form opens no help:\n%s", ann.screen())
	}
	text := ansi.Strip(strings.Join(hv.Lines(&ann.app.ctx), "\n"))
	if !strings.Contains(text, "Rules in short") || strings.Contains(text, "Numbers and marks") {
		t.Fatalf("the form's help tells the marks, or not the rules in short:\n%s", text)
	}
}
