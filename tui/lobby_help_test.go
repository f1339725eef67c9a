package tui

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/lobby"
	"github.com/klob/klob/tui/lobby/lobbytest"
	"github.com/klob/klob/tui/train/traintest"
)

// TestLobbyKeyLinesNameHelp: every screen the lobby opens names ? help
// on its key line, as the lobby's does, within 80 columns (the host's
// waiting room of four, with its talk and a seat to move to, is the
// widest), and ? opens the help there.
func TestLobbyKeyLinesNameHelp(t *testing.T) {
	for _, c := range []struct {
		name  string
		keys  []string // each pressed once the screen shows its ready
		ready []string // what the screen shows before each key and after the last
		store Store
	}{
		{"the table form", []string{"o"}, []string{"Lobby talk", "[ Open the table ]"}, nil},
		{"the leaderboards", []string{"l"}, []string{"Lobby talk", "Nobody has played"}, nil},
		{"the talk read back", []string{"c"}, []string{"Lobby talk", "PgUp/PgDn page"}, nil},
		{"a game open elsewhere", []string{"p"}, []string{"Lobby talk", "open in another connection"}, &busyStore{}},
		{"the watch list", []string{"w"}, []string{"Lobby talk", "Watch a table"}, nil},
		{"the trainer", []string{"t"}, []string{"Lobby talk", "Your choice:"}, nil},
		{"a waiting room of four", []string{"o", "right", "right", "enter"},
			[]string{"Lobby talk", "Seats 2 ›", "Seats ‹ 3 ›", "Seats ‹ 4", "m move"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := clubLobbyPerson(t, true, c.store)
			p.walk(t, c.keys, c.ready)
			keys := lastLine(p)
			if !strings.Contains(keys, "? help") || kit.WidthOf(keys) > 80 {
				t.Errorf("%s's key line %q does not name ? help in 80 columns", c.name, keys)
			}
			// The App's help, or the watch list's own (a code never
			// holds ?): both are titled so.
			p.key("?")
			if !strings.Contains(plain(p), "Klob  Help (") {
				t.Errorf("? opens no help on %s:\n%s", c.name, plain(p))
			}
		})
	}
}

// clubLobbyPerson is Ann at 80×24 in the lobby of a new club, with its
// talk, the trainer when train is set, and store for her games alone
// when it is not nil.
func clubLobbyPerson(t *testing.T, train bool, store Store) *lobbyPerson {
	club := newClub(t)
	p := newLobbyPersonWith(club.h, "a", "Ann", 80, 24, func(cfg *LobbyConfig) {
		cfg.Club = &lobbytest.Club{}
		cfg.Chat, cfg.Lobby = club.h.Talk()
		if train {
			cfg.Train = trainConfig(&traintest.MemRecord{}, traintest.Strong)
		}
		if store != nil {
			cfg.Solo.Store = store
		}
	})
	t.Cleanup(func() { close(p.done) })
	p.deliver()
	return p
}

// walk presses keys in turn, each once the screen shows its ready, and
// waits for the last ready after the last key.
func (p *lobbyPerson) walk(t *testing.T, keys, ready []string) {
	t.Helper()
	for i, k := range keys {
		p.untilFlat(t, ready[i])
		p.key(k)
	}
	p.untilFlat(t, ready[len(ready)-1])
}

// lastLine is the last line of p's screen, its key line, without the
// spaces after it.
func lastLine(p *lobbyPerson) string {
	lines := strings.Split(strings.TrimRight(plain(p), "\n "), "\n")
	return strings.TrimRight(lines[len(lines)-1], " ")
}

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
	p.untilFlat(t, "Seats 2 ›")
	p.key("right")
	p.untilFlat(t, "Seats ‹ 3 ›")
	p.key("q")
	p.wait(t, "the lobby", func() bool { _, ok := p.app.screen.(*lobby.Lobby); return ok })
	p.key("d")
	p.untilFlat(t, "(no tournament runs")
	p.key("n")
	p.untilFlat(t, "Seats ‹ 3 ›")
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

// TestLobbyGameOverHelp: at a shared game's end, the help names the key
// that goes back to the lobby (q), not enter, which only says to press
// q.
func TestLobbyGameOverHelp(t *testing.T) {
	_, _, ann, _, _ := gameOverAtTwo(t)
	seat := ann.seat()
	for _, col := range seat.Table().KeyHelp(&ann.app.ctx.Keys).FullHelp() {
		for _, b := range col {
			switch b.Help().Desc {
			case "quit", "back to the lobby":
				assert.True(t, slices.Contains(b.Keys(), "q"), "%q is said to %s", b.Help().Key, b.Help().Desc)
				assert.False(t, slices.Contains(b.Keys(), "enter"), "%q is said to %s", b.Help().Key, b.Help().Desc)
			}
		}
	}
	ann.key("enter")
	assert.NotNil(t, ann.seat(), "enter stays at the game's end")
}

// TestLobbyTourneyHelpHasNoMarks: the tournaments' list and the new
// tournament's form, opened from the lobby, show no card, score nor
// grade: their help (?) tells the rules in short but no numbers and
// marks, as the lobby's own screens without cards do.
func TestLobbyTourneyHelpHasNoMarks(t *testing.T) {
	p := annAtTourneys(t)
	for _, c := range []struct{ name, key, ready string }{
		{"the list", "", "(no tournament runs"},
		{"the form", "n", "Seats 2 ›"},
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
	p.untilFlat(t, "Seats 2 ›")
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

// TestWatchListHelp: on the list of tables to watch, ? opens the
// list's help (a code never holds ?) and the next key closes it
// unused; q is a letter of the code typed (codes hold Q), and neither
// the keys' line nor the help says q leaves.
func TestWatchListHelp(t *testing.T) {
	c := newClub(t)
	carol := c.person(t, "c", "Carol", lobby.Command{})
	carol.key("w")
	carol.until(t, "Watch a table")
	require.Contains(t, plain(carol), "? help", "the keys' line offers the help")
	carol.key("?")
	scr := plain(carol)
	require.Contains(t, scr, "Help (", "? opens no help:\n%s", scr)
	require.Contains(t, scr, "type a code, q included", "the help lacks the list's keys:\n%s", scr)
	require.NotContains(t, scr, "q leave", "the help says q leaves:\n%s", scr)
	carol.key("x")
	scr = plain(carol)
	require.Contains(t, scr, "Watch a table", "a key does not close the help:\n%s", scr)
	require.Contains(t, scr, "Or type a table's code: _", "the key closing the help was typed:\n%s", scr)
	carol.key("q")
	scr = plain(carol)
	require.Contains(t, scr, "Or type a table's code: q", "q is no letter of the code:\n%s", scr)
	require.NotContains(t, scr, "q leave", "the keys' line says q leaves:\n%s", scr)
	require.NotContains(t, scr, "q quit", "the keys' line says q quits:\n%s", scr)
}
