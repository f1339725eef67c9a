package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/lobby"
)

// formTo moves the open-table form's cursor to the row labelled label
// and fails if the form has no such row.
func formTo(t *testing.T, p *lobbyPerson, label string) {
	t.Helper()
	if _, ok := p.app.screen.(*lobby.TableForm); !ok {
		t.Fatalf("not on the open-table form:\n%s", p.screen())
	}
	// The form's lines wrap: a full round of them passes every row (each
	// shows ‹ or ›, where a step changes it).
	for range strings.Count(ansi.Strip(p.screen()), "‹") + strings.Count(ansi.Strip(p.screen()), "›") + 1 {
		if formAt(p, label) {
			return
		}
		p.key("down")
	}
	t.Fatalf("the form has no row %q:\n%s", label, p.screen())
}

// formAt reports whether the form's cursor is on the row labelled
// label.
func formAt(p *lobbyPerson, label string) bool {
	for _, line := range strings.Split(ansi.Strip(p.screen()), "\n") {
		// The label fills 24 cells after the mark, the value after it.
		_, rest, ok := strings.Cut(line, "▶ ")
		if r := []rune(rest); ok && len(r) >= 24 && strings.TrimSpace(string(r[:24])) == label {
			return true
		}
	}
	return false
}

// A host opens a table of four with menage and cleopatra: the form offers
// the variants of four (no bottom card), the hall's table carries them in
// its rules, and a joiner's waiting screen names them.
func TestLobbyOpenTableVariants(t *testing.T) {
	h := testHall(t)
	ann, bob := annAndBob(t, h, 100, 30)
	ann.key("o")
	scr := ann.screen()
	if strings.Contains(scr, "Cleopatra") || strings.Contains(scr, "Shlomo") {
		t.Fatalf("a table of two offers the variants of three or four:\n%s", scr)
	}
	if !strings.Contains(scr, "Menage") || !strings.Contains(scr, "Bottom card shown") {
		t.Fatalf("a table of two lacks menage or the bottom card:\n%s", scr)
	}
	ann.key("right")
	ann.key("right") // four seats
	scr = ann.screen()
	if strings.Contains(scr, "Bottom card shown") {
		t.Fatalf("a table of four offers the bottom card:\n%s", scr)
	}
	if strings.Contains(scr, "Bimah") {
		t.Fatalf("bimah is offered without dealer forced:\n%s", scr)
	}
	formTo(t, ann, "Menage")
	ann.key("right")
	if !strings.Contains(ann.screen(), "K, Q and J of trump held together score 50") {
		t.Fatalf("menage is not explained:\n%s", ann.screen())
	}
	formTo(t, ann, "Cleopatra")
	ann.key("right")

	// Cleopatra goes when the seats go down to three, and comes back on
	// at four: looking at another count loses no choice.
	f := ann.app.screen.(*lobby.TableForm)
	formTo(t, ann, "Seats")
	ann.key("left")
	if f.Setup().Options.Cleopatra || strings.Contains(ann.screen(), "Cleopatra") {
		t.Fatalf("cleopatra stays at a table of three:\n%s", ann.screen())
	}
	ann.key("right")
	if !f.Setup().Options.Cleopatra {
		t.Fatalf("cleopatra did not come back at four:\n%s", ann.screen())
	}

	ann.key("enter")
	tb := ann.opened(t)
	o := tb.Options()
	if o.Seats != 4 || o.Rules.NumPlayers() != 4 {
		t.Errorf("got %d seats, %d players, want 4", o.Seats, o.Rules.NumPlayers())
	}
	if !o.Rules.Menage || !o.Rules.Cleopatra {
		t.Errorf("got menage %v, cleopatra %v, want both on", o.Rules.Menage, o.Rules.Cleopatra)
	}
	if o.Rules.OfAKind || o.Rules.DealerForced || o.Rules.Bimah || o.Rules.Shlomo {
		t.Errorf("got variants %q, want only menage and cleopatra", o.Rules.String())
	}
	bob.join(ann.seat().Code())
	bob.until(t, "house variants: menage, cleopatra")
	ann.until(t, "house variants: menage, cleopatra")
}

// The open-table form at 80×24 wraps a row's explanation instead of
// cutting it (shlomo's lost "one given back"), at every seat count, with
// the keys still on screen.
func TestLobbyFormExplainsWhole(t *testing.T) {
	h := testHall(t)
	ann, _ := annAndBob(t, h, 80, 24)
	ann.key("o")
	for seats := 3; seats <= 4; seats++ {
		ann.key("right")
		formTo(t, ann, "Shlomo")
		text := flat(ann)
		if !strings.Contains(text, "the declarer then draws a card unseen from the player on their left and gives one back") {
			t.Fatalf("%d seats: shlomo's explanation is cut:\n%s", seats, ann.screen())
		}
		if !strings.Contains(text, "enter open · q/esc back") {
			t.Fatalf("%d seats: the keys are off the screen:\n%s", seats, ann.screen())
		}
		formTo(t, ann, "Seats")
	}
}

// The bots' row of the open-table form names one bot at a table of two
// ("Bot ‹ normal bot ›") and bots at three and four.
func TestLobbyFormBotsRow(t *testing.T) {
	h := testHall(t)
	ann, _ := annAndBob(t, h, 80, 24)
	ann.key("o")
	for seats, want := range map[int]string{2: "Bot ‹ normal bot ›", 3: "Bots ‹ normal bots ›", 4: "Bots ‹ normal bots ›"} {
		formTo(t, ann, "Seats")
		for range 2 { // to 2 seats: the row stops there
			ann.key("left")
		}
		for range seats - 2 {
			ann.key("right")
		}
		if !strings.Contains(flat(ann), want) {
			t.Fatalf("%d seats: no %q:\n%s", seats, want, ann.screen())
		}
	}
}

// A table's waiting room and the lobby's list say "normal bot" of a
// table of two, "normal bots" of three and four.
func TestLobbyTableBotsWord(t *testing.T) {
	for seats, want := range map[int]string{2: "normal bot", 3: "normal bots", 4: "normal bots"} {
		h := testHall(t)
		ann, bob := annAndBob(t, h, 80, 24)
		openAndJoin(t, seats, ann)
		title := strings.SplitN(ansi.Strip(ann.screen()), "\n", 2)[0]
		if !strings.HasSuffix(strings.TrimSpace(title), "· "+want) {
			t.Errorf("%d seats: the title %q", seats, title)
		}
		bob.deliver()
		bob.app.screen.(*lobby.Lobby).Refresh() // not waiting for the list's tick
		// The row may wrap: its words are read whole, over its lines, a
		// "·" broken at going with the break.
		bob.wait(t, want, func() bool {
			flat := kittest.Flat(ansi.Strip(bob.screen()))
			return strings.Contains(flat, " "+want+" · to 500") || strings.Contains(flat, " "+want+" to 500")
		})
	}
}

// The host's waiting room says who takes the free seats at the start:
// one bot for one seat, bots for more, none once every seat is taken.
func TestLobbyStartSaysTheBots(t *testing.T) {
	h := testHall(t)
	ann, bob := annAndBob(t, h, 80, 24)
	openAndJoin(t, 2, ann)
	ann.until(t, "[s] start: a bot takes the free seat")
	bob.join(ann.seat().Code())
	ann.until(t, "[s] start: every seat is taken")

	h = testHall(t)
	ann, _ = annAndBob(t, h, 80, 24)
	openAndJoin(t, 3, ann)
	ann.until(t, "[s] start: bots take the free seats")
}

// TestLobbyWaitingRoomTellsRules: rules changed in the table form (the
// last trick's bonus, the bottom card) are told in the waiting room
// beside the house variants: a joiner sees what the game is played by.
func TestLobbyWaitingRoomTellsRules(t *testing.T) {
	h := testHall(t)
	ann, bob := annAndBob(t, h, 80, 24)
	ann.key("o")
	formTo(t, ann, "Bottom card shown")
	ann.key("left") // on to off
	formTo(t, ann, "Last trick bonus")
	ann.key("left")
	ann.key("enter")
	tb := ann.opened(t)
	o := tb.Options().Rules
	if o.BottomCard || o.LastTrick == 10 {
		t.Fatalf("the form changed nothing: %s", o.String())
	}
	bob.join(ann.seat().Code())
	for _, want := range []string{"Bottom card shown off", fmt.Sprintf("Last trick bonus %d", o.LastTrick)} {
		bob.until(t, want)
		ann.until(t, want)
	}
}

// TestOpenFormRefusalFits: a table refused (here: too many open from
// the person's address) says why in full, wrapped at 80 columns, and
// the form still fits 80×24.
func TestOpenFormRefusalFits(t *testing.T) {
	h := testHallWith(t, func(cfg *hall.Config) { cfg.MaxTablesPerAddr = 1 })
	_, err := h.Open(hall.Player{ID: "z", Name: "Zed"}, hall.Options{Seats: 2, Rules: rules.DefaultOptions(),
		Level: ai.Random, From: "192.0.2.1"})
	require.NoError(t, err)
	ann := newLobbyPersonWith(h, "a", "Ann", 80, 24, func(cfg *LobbyConfig) { cfg.Addr = "192.0.2.1" })
	t.Cleanup(func() { close(ann.done) })
	ann.key("o")
	for _, seats := range []string{"", "right", "right"} {
		if seats != "" {
			formTo(t, ann, "Seats")
			ann.key(seats)
		}
		ann.key("enter")
		ann.until(t, "open from your address")
		want := "1 table is open from your address already, its most: join one, or try again later"
		if !strings.Contains(flat(ann), want) {
			t.Fatalf("the refusal is not whole:\n%s", ann.screen())
		}
		kittest.CheckSize(t, ann.screen(), 80, 24)
	}
}

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

// TestLobbyPasteCode: a table's code pasted (as a friend sent it, with
// a line's end) after j joins the table, and after w watches it.
func TestLobbyPasteCode(t *testing.T) {
	c := newClub(t)
	ann, bob := c.pair(t)
	carol := c.person(t, "c", "Carol", lobby.Command{})
	code := openAndJoin(t, 2, ann)
	bob.key("j")
	bob.do(tea.PasteMsg{Content: " " + code + "\n"})
	bob.key("enter")
	require.NotNil(t, bob.seat(), "the code pasted joins:\n%s", plain(bob))
	ann.key("s")
	ann.until(t, "Deal 1")
	carol.key("w")
	carol.until(t, "Watch a table")
	carol.do(tea.PasteMsg{Content: code + "\n"})
	carol.key("enter")
	require.NotNil(t, carol.watching(), "the code pasted watches:\n%s", plain(carol))
}

// TestLobbyRenameSaysTheCut: a name pasted longer than a name holds is
// cut, and both the line and the note say so.
func TestLobbyRenameSaysTheCut(t *testing.T) {
	c := newClub(t)
	ann, _ := c.pair(t)
	ann.key("r")
	ann.do(tea.PasteMsg{Content: "Cidalgo the Magnificent Emperor of All"})
	require.Contains(t, plain(ann), "(cut to 24)")
	ann.key("enter")
	require.Contains(t, strings.Join(strings.Fields(plain(ann)), " "),
		"You are Cidalgo the Magnificent now: a name holds at most 24 characters, the rest was left out.")
	// One that fits says nothing of a cut.
	ann.key("r")
	ann.do(tea.PasteMsg{Content: "Ann"})
	require.NotContains(t, plain(ann), "cut to")
	ann.key("enter")
	require.Contains(t, plain(ann), "You are Ann now.")
}

// keyLineOf is the last line of a screen that is not blank.
func keyLineOf(screen string) string {
	lines := strings.Split(strings.TrimRight(ansi.Strip(screen), " \n"), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// TestFormKeyLinesAgree: the setup of a game alone and the lobby's form
// to open a table name their moves in one wording, with and without
// -ascii, where the arrows are "up/down" and "<-/->" as on every screen
// (never their letters, "j/k", nor both, read as two keys).
func TestFormKeyLinesAgree(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		cfg := testConfig(dealSeed, nil)
		cfg.ASCII = ascii
		play := keyLineOf(newHarness(t, cfg, 80, 24).screen())
		p := newLobbyPersonWith(testHall(t), "a", "Ann", 80, 24, func(c *LobbyConfig) { c.ASCII = ascii })
		p.key("o")
		table := keyLineOf(p.screen())
		want := "↑/↓ choose a line · ←/→ change it · "
		if ascii {
			// The arrows in words, as every -ascii screen writes them.
			want = "up/down choose"
		}
		for what, line := range map[string]string{"the setup": play, "the open-table form": table} {
			if !strings.HasPrefix(line, want) {
				t.Errorf("ascii %v: %s's key line is %q, want it to start %q", ascii, what, line, want)
			}
			if ascii && (!strings.Contains(line, " <-/-> change") || strings.Contains(line, "j/k") || strings.Contains(line, "h/l")) {
				t.Errorf("ascii %v: %s's key line %q does not name the arrows as <-/-> and up/down", ascii, what, line)
			}
		}
	}
}
