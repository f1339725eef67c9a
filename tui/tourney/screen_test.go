package tourney

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	svc "github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/replay"
)

var boardRE = regexp.MustCompile(`Board (\d+) of (\d+)`)

// fairPlay checks every frame of the connection of p: outside a board's
// table and the replays (which open once the tournament has ended), no
// card shows at all; at a board's table, no card of that board its seat
// may not know now.
func fairPlay(t *testing.T, f *fixture, code string, p svc.Player) {
	f.frames = func(text string) {
		switch f.s.sub.(type) {
		case *boardPart:
			m := boardRE.FindStringSubmatch(text)
			n, hidden, ok := f.cl.svc.HiddenFrom(code, p.Key)
			if m == nil || !ok || strconv.Itoa(n) != m[1] {
				return
			}
			for _, c := range hidden.Cards() {
				if strings.Contains(text, c.Pretty(false)) {
					t.Fatalf("board %d shows %s, a card its seat may not know:\n%s", n, c.Pretty(false), text)
				}
			}
		case *replay.Screen:
		default:
			if strings.ContainsAny(text, "♠♥♦♣") {
				t.Fatalf("a card shows on %s:\n%s", f.s.Name(), text)
			}
		}
	}
}

var openRE = regexp.MustCompile(`Tournament ([A-Z]{6}) is open`)

// TestTournamentFlow: through its screens, Ann creates a tournament and
// plays it all, Bob enters by its code and plays one board; neither sees
// a card of a board before playing it, nor anyone's results before the
// end; at the end both see the standings, everyone's boards, their play
// and par's lines in the replay.
func TestTournamentFlow(t *testing.T) {
	cl := newClub(t, true)
	a := cl.open(ann)
	a.see("Today's daily (2026-12-01)")
	a.see("Daily · 3 players · 8 boards · ends Wed 00:00 UTC (in 12h 00m) · 0 entrants")

	// Ann makes a tournament of 4 boards at 2 players.
	a.press("n")
	a.see("A new tournament")
	a.press("left", "up", "up", "up", "left", "left")
	a.see("Boards                     4 ›")
	a.see("Seats                      2 ›")
	a.press("enter")
	m := openRE.FindStringSubmatch(a.text())
	require.NotNil(t, m, a.text())
	code := m[1]
	fairPlay(t, a, code, ann)
	a.see("Tournament " + code + " · 2 players")
	// The facts break between their parts, never inside "1 entrant",
	// and leave no "·" at the break.
	a.see("Hosted by Ann · 4 boards · normal bot · ends Wed 12:00 UTC (in 24h 00m)\n 1 entrant\n")
	a.see("[enter] play board 1")

	for n := 1; n <= 4; n++ {
		a.press("enter")
		a.see("Board " + strconv.Itoa(n) + " of 4")
		require.True(t, a.on("board"))
		a.playBoard()
		a.see("Board " + strconv.Itoa(n) + " of 4 is played.")
		a.see("Your result: ")
	}
	a.see("That was your last board: the standings open at the end.")
	a.see("[enter] the tournament")
	assert.NotContains(t, a.text(), "[esc] the tournament", "enter and esc do the same: one says it")
	a.press("esc")
	a.see("Boards played: 4 of 4")
	// The list's line of it wraps rather than losing its end at the
	// edge.
	a.press("esc")
	flat := kittest.Flat(a.text())
	for _, want := range []string{code + " · 2 players · normal bot · by Ann · 4 boards", "ends Wed 12:00 UTC (in 24h 00m) · 1 entrant"} {
		if !strings.Contains(flat, want) {
			t.Fatalf("the list does not show %q:\n%s", want, a.text())
		}
	}
	// The cursor stays on the tournament left, past the three dailies.
	require.Equal(t, code, a.s.sub.(*list).items[a.s.sub.(*list).row].Code, a.text())
	a.press("enter")
	a.see("Boards played: 4 of 4")
	// Enter there says why there is nothing to play, as a sentence.
	a.press("enter")
	a.see("You have played every board of this tournament: the standings open at the end.")

	// Bob finds it by its code, enters, plays board 1 and stops.
	b := cl.open(bob)
	fairPlay(t, b, code, bob)
	b.press("c")
	b.typ(strings.ToLower(code))
	b.press("enter")
	b.see("You have not entered")
	b.see("[enter] enter the tournament")
	b.press("enter")
	b.see("You are in")
	b.press("enter")
	b.see("Board 1 of 4")
	// Leaving the board in the middle keeps it: it goes on there.
	b.step()
	b.step()
	require.Equal(t, "This board is saved as far as you played it: go on with it any time before the tournament ends.",
		b.s.QuitQuestion(), "what leaving the board does")
	require.False(t, kit.QuitsAtOnce(b.s), "q leaves a board in play without asking")
	next, _ := b.s.QuitNow(&b.d.Ctx)
	require.Equal(t, b.s, next)
	b.run(b.s.Enter(&b.d.Ctx)) // as the lobby enters the screen again
	b.see("[enter] go on with board 1")
	b.press("enter")
	b.see("Board 1 of 4")
	b.playBoard()
	b.press("esc")
	b.see("Boards played: 1 of 4")
	assert.NotContains(t, b.text(), "Rank", "nobody else's results while it runs")

	// Cid enters and plays nothing: he is listed, but not ranked.
	c := cl.open(cid)
	fairPlay(t, c, code, cid)
	c.press("c")
	c.typ(code)
	c.press("enter")
	c.press("enter")
	c.see("You are in")

	// The end: the standings open, once par is known (it is worked out
	// in the background, the dailies' first).
	cl.waitPars(code)
	cl.c.Add(25 * time.Hour)
	a.press("r")
	a.see("standings")
	a.see("Ann (you)")
	a.see("Bob")
	a.see("Ann (you)                  50.00%  4 of 8             4")
	// Bob stopped after one board as good as Ann's: the three he did
	// not play score nothing, so he ranks under her (12.50%).
	a.see("Bob                        12.50%  1 of 8             1")
	a.see("     -  Cid                             -  -                  0")
	// Each name as the lobby tags it (a look-alike of another key's).
	a.s.cfg.Label = func(key, name string) string { return name + " #" + key[:4] }
	a.see("Bob #bbbb                  12.50%")
	a.s.cfg.Label = nil
	a.press("enter")
	require.True(t, a.on("entrant"), a.s.Name())
	a.see("Ann: 50.00%, rank 1 of 2, 4 boards played · ")
	a.see(" against par.")
	a.press("enter")
	_, isReplay := a.s.sub.(*replay.Screen)
	require.True(t, isReplay, a.text())
	a.see("Board 1 of 4")
	a.press("esc")
	require.True(t, a.on("entrant"), a.s.Name())
	a.press("p")
	_, isReplay = a.s.sub.(*replay.Screen)
	require.True(t, isReplay, a.text())
	a.press("esc")
	a.press("a")
	require.True(t, a.on("board results"))
	a.see("2 entrants played board 1")
	a.press("esc", "esc")
	a.see("standings")
	// Bob's play, replayed for Ann, names Bob at his seat: "you" is Ann.
	a.press("enter")
	if !strings.Contains(a.text(), "Bob's boards") {
		a.press("esc", "down", "enter")
	}
	a.see("Bob's boards")
	a.press("enter")
	_, isReplay = a.s.sub.(*replay.Screen)
	require.True(t, isReplay, a.text())
	a.see("Bob's hand")
	assert.NotContains(t, a.text(), "you deal")
	assert.NotContains(t, a.text(), "Your hand")
	a.press("esc", "esc")
	a.see("standings")
	a.press("esc")
	require.True(t, a.on("list"))
	a.see("Ended: the tournaments you entered")
	a.press("esc")
	assert.Equal(t, "lobby", a.d.Screen.Name())
}

// TestGuestLooksOnly: a guest sees the list, cannot create nor enter.
func TestGuestLooksOnly(t *testing.T) {
	cl := newClub(t, true)
	info := cl.create(t, 0, 4, time.Hour)
	g := cl.open(svc.Player{Name: "guest"})
	g.see(info.Code)
	assert.NotContains(t, g.text(), "n new", "a guest is not offered what is refused")
	g.press("n")
	g.see("A guest cannot take part in tournaments")
	g.press("c")
	g.typ(info.Code)
	g.press("enter")
	g.see("Hosted by Ann")
	assert.NotContains(t, g.text(), "enter the tournament", "a guest is not offered what is refused")
	assert.NotContains(t, g.helpWords(), "enter the tournament", "the help offers a guest what is refused")
	g.press("enter")
	g.see("A guest cannot take part in tournaments")
	// The page says it once: enter does not say it again below.
	assert.Equal(t, 1, strings.Count(g.text(), "cannot take part"), g.text())
}

// TestEndDropsTheNote: a note about the running tournament (its code
// to give friends) does not outlive it: the standings do not show it,
// least of all as an error.
func TestEndDropsTheNote(t *testing.T) {
	cl := newClub(t, false)
	a := cl.open(ann)
	a.press("n", "enter")
	m := openRE.FindStringSubmatch(a.text())
	require.NotNil(t, m, a.text())
	cl.waitPars(m[1])
	cl.c.Add(25 * time.Hour)
	a.press("r")
	a.see("standings")
	assert.NotContains(t, a.text(), "is open")
	// Ann played no board: no score, rather than 0.00%.
	assert.NotContains(t, a.text(), "0.00%")
	a.press("enter")
	a.see("Ann: no board played, so not ranked.")
}

// helpWords are the keys and their words in the help of the part shown.
func (f *fixture) helpWords() string {
	var out []string
	for _, col := range f.s.KeyHelp(&f.d.Ctx.Keys).FullHelp() {
		for _, b := range col {
			out = append(out, b.Help().Key+" "+b.Help().Desc)
		}
	}
	return strings.Join(out, "\n")
}

// TestHelpSaysWhatKeysDoHere: the help of the list, a tournament's page
// and an entrant's boards says what their keys do there, not at a
// setup form or a table.
func TestHelpSaysWhatKeysDoHere(t *testing.T) {
	cl := newClub(t, false)
	a := cl.open(ann)
	check := func(where string) {
		t.Helper()
		h := a.helpWords()
		// q goes back to the lobby: no game of a tournament's page
		// stays saved by it.
		for _, wrong := range []string{"(setup)", "play the card", "enter, play", "the game stays saved"} {
			assert.NotContains(t, h, wrong, "the help of %s:\n%s", where, h)
		}
		assert.Regexp(t, `(?m)^q (quit|leave) \(asks first\)$`, h, "the help of %s", where)
	}
	check("the list")
	a.press("n", "up", "up", "up", "left", "left", "enter")
	m := openRE.FindStringSubmatch(a.text())
	require.NotNil(t, m, a.text())
	check("a tournament's page")
	assert.NotContains(t, a.helpWords(), "read the list", "a tournament's page is no list")
	for range 4 {
		a.press("enter")
		a.playBoard()
	}
	cl.waitPars(m[1])
	cl.c.Add(25 * time.Hour)
	a.press("esc", "r")
	a.see("standings")
	check("the standings")
	a.press("enter")
	require.True(t, a.on("entrant"))
	check("an entrant's boards")
}

// standingsWith opens the standings of an ended tournament of Ann's
// that Bob and an entrant named name entered, as that entrant (mine)
// or as Ann.
func standingsWith(t *testing.T, name string, mine bool) *fixture {
	cl := newClub(t, false)
	ctx := context.Background()
	info := cl.create(t, 0, 4, time.Hour)
	named := svc.Player{Key: "cccc0000000000000000000000000003", Name: name}
	require.NoError(t, cl.svc.Enter(ctx, named, info.Code))
	require.NoError(t, cl.svc.Enter(ctx, bob, info.Code))
	cl.waitPars(info.Code)
	cl.c.Add(2 * time.Hour)
	who := ann
	if mine {
		who = named
	}
	a := cl.open(who)
	a.press("c")
	a.typ(strings.ToLower(info.Code))
	a.press("enter")
	a.see("standings")
	return a
}

// TestStandingsWideName: an entrant named in wide letters (two cells
// each) keeps the standings' columns in line.
func TestStandingsWideName(t *testing.T) {
	a := standingsWith(t, "日本語の名前", false)
	at := map[string]int{}
	for _, l := range strings.Split(a.text(), "\n") {
		// The boards played (0) are the last 0 of an entrant's row.
		if i := strings.LastIndex(l, "0"); i >= 0 && strings.Contains(l, "  -  ") {
			at[l] = kit.WidthOf(l[:i])
		}
	}
	require.Len(t, at, 2, a.text())
	var cols []int
	for _, c := range at {
		cols = append(cols, c)
	}
	assert.Equal(t, cols[0], cols[1], "the scores line up:\n%s", a.text())
}

// TestPasteCode: a tournament's code pasted after c opens it.
func TestPasteCode(t *testing.T) {
	cl := newClub(t, false)
	info := cl.create(t, 0, 4, time.Hour)
	b := cl.open(bob)
	b.press("c")
	b.d.Send(tea.PasteMsg{Content: info.Code + "\n"})
	b.press("enter")
	b.see("Hosted by Ann")
}

// TestCodeKeysLine: while a code is typed after c every letter goes to
// it: the keys' line offers none of the list's letters but what the
// line takes.
func TestCodeKeysLine(t *testing.T) {
	cl := newClub(t, false)
	a := cl.open(ann)
	a.press("c")
	lines := strings.Split(strings.TrimRight(a.text(), "\n"), "\n")
	keys := lines[len(lines)-1]
	for _, gone := range []string{"n new", "c code", "r read again", "? help"} {
		assert.NotContains(t, keys, gone, "the keys' line %q", keys)
	}
	assert.Contains(t, keys, "esc cancel")
}

// TestStandingsLongName: a name too long for the standings' column is
// cut with "…", never silently mid-word, and the reader's own row keeps
// its "(you)".
func TestStandingsLongName(t *testing.T) {
	a := standingsWith(t, "ボブ・アレクサンダー・スミス・ジュニア三世様", true)
	var row string
	for _, l := range strings.Split(a.text(), "\n") {
		if strings.Contains(l, "ボブ") {
			row = l
		}
	}
	require.NotEmpty(t, row, a.text())
	assert.Contains(t, row, "… (you)", "the name cut with its mark, the reader's own row said:\n%s", a.text())
	if !strings.Contains(row, "▶") {
		a.press("down") // the two tie: the long name's row is the other
	}
	a.press("enter")
	require.True(t, a.on("entrant"))
	title := strings.SplitN(a.text(), "\n", 2)[0]
	assert.Contains(t, title, "…'s boards", "the title's name cut with its mark:\n%s", a.text())
}

// TestHostReadsAsTheLobbyTagsIt: the list and a tournament's page name
// its host as the lobby would (Config.Label: the key's tag while
// another key goes by that name); the server's own daily has none.
func TestHostReadsAsTheLobbyTagsIt(t *testing.T) {
	cl := newClub(t, false)
	info := cl.create(t, 0, 4, time.Hour)
	g := cl.open(svc.Player{Key: "bbbb0000000000000000000000000002", Name: "Bob"})
	g.s.cfg.Label = func(key, name string) string { return name + " #" + key[:4] }
	g.press("r")
	g.see("by Ann #aaaa")
	g.press("c")
	g.typ(info.Code)
	g.press("enter")
	g.see("Hosted by Ann #aaaa")
}

// TestFormHelpRules: the new tournament's form gives the help the rules
// its boards will be played by, as the form stands: four players once
// its seats read 4.
func TestFormHelpRules(t *testing.T) {
	cl := newClub(t, false)
	a := cl.open(ann)
	a.press("n", "right", "right")
	a.see("Seats                    ‹ 4")
	o, ok := kit.HelpRulesOf(a.s)
	require.True(t, ok, "the form gives the help no rules")
	require.Equal(t, 4, o.NumPlayers())
}

// TestFormKeepsChoices: esc (to the list) and q (to the lobby) leave
// the new tournament's form at once, losing nothing: the next form, in
// the same screen or in one opened again with the connection's
// Choices, has the choices left; the help says so.
func TestFormKeepsChoices(t *testing.T) {
	cl := newClub(t, false)
	keep := &Choices{}
	a := cl.openWith(ann, "", keep)
	a.press("n", "right", "right")
	a.see("Seats                    ‹ 4")
	a.press("esc")
	require.True(t, a.on("list"), "esc does not go back to the list:\n%s", a.text())
	a.press("n")
	a.see("Seats                    ‹ 4")
	a.press("up", "up", "up", "left")
	a.see("Boards                   ‹ 6 ›")
	require.True(t, kit.QuitsAtOnce(a.s), "q asks on the form")
	var lines []string
	keys := kit.DefaultKeys()
	for _, col := range a.s.KeyHelp(&keys).FullHelp() {
		for _, b := range col {
			lines = append(lines, b.Help().Key+" "+b.Help().Desc)
		}
	}
	require.Contains(t, lines, "esc back to the tournaments, your choices kept")
	require.Contains(t, lines, "q quit, your choices kept")
	next, _ := a.s.QuitNow(&kit.Context{})
	require.Equal(t, "lobby", next.Name(), "q does not go back to the lobby")

	b := cl.openWith(ann, "", keep)
	b.press("n")
	b.see("Seats                    ‹ 4")
	b.see("Boards                   ‹ 6 ›")
}

// Opened at a tournament (where the lobby says a board was left
// half-played), the screen shows that tournament's page first: enter
// goes on with the board, esc goes back to the list.
func TestOpenAtATournament(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		cl := newClub(t, false)
		first, code := seatedMidBoard(t, cl, players, longName)
		first.s.Close() // the connection leaves the board, saved

		openAt := func() *fixture {
			f := cl.openAt(longName, code)
			require.True(t, f.on("tournament"), "opened at %s: %s\n%s", code, f.s.sub.Name(), f.text())
			f.see(code)
			f.see("[enter] go on with board 1")
			return f
		}
		f := openAt()
		f.press("esc")
		require.True(t, f.on("list"), "esc from the page opened first: %s\n%s", f.s.sub.Name(), f.text())
		f.s.Close()
		f = openAt()
		f.press("enter")
		require.True(t, f.on("board"), f.text())
	})
}

// The tournaments go by clicks: "n new" on the line of keys opens the
// form, whose seats' ‹ steps them and whose button creates the
// tournament; "[esc] tournaments" goes back to the list, where a click
// on a tournament chooses it and a second opens it; [enter] plays a
// board.
func TestTournamentClicks(t *testing.T) {
	cl := newClub(t, true)
	a := cl.open(ann)
	a.d.ClickOn("n new")
	require.True(t, a.on("new tournament"), "a click on n new did not open the form:\n%s", a.text())
	a.d.ClickOn(" ›") // the seats' ›, the form's first
	a.see("Seats                    ‹ 3 ›")
	a.d.ClickOn("‹ 3 ›")
	a.see("Seats                      2 ›")
	a.d.ClickOn("Create the tournament")
	m := openRE.FindStringSubmatch(a.text())
	require.NotNil(t, m, "a click on the button did not create the tournament:\n%s", a.text())
	a.d.ClickOn("[esc] tournaments")
	require.True(t, a.on("list"), "a click on [esc] did not go back:\n%s", a.text())
	l := a.s.sub.(*list)
	require.Equal(t, m[1], l.items[l.row].Code, "back on the list, the cursor is on the tournament left")
	a.press("up") // off it, for the click to choose it
	row := l.row
	a.d.ClickOn(m[1] + " · 2 players")
	require.NotEqual(t, row, l.row, "a click on the tournament did not choose it")
	require.True(t, a.on("list"), "a first click opened the tournament")
	a.d.ClickOn(m[1] + " · 2 players")
	require.True(t, a.on("tournament"), "a second click did not open it:\n%s", a.text())
	a.d.ClickOn("[enter] play board 1")
	require.True(t, a.on("board"), "a click on [enter] did not deal the board:\n%s", a.text())
}

// TestKeyLinesNameHelpAndWayBack: every part of the tournaments with a
// line of keys, walked at every seat count, names on that line ? help
// (the App's ?, which the part leaves to it) and the way back, in 80
// columns and never cut, in the package's words for q and the lobby's
// ("leave": q asks first), with and without -ascii: the new
// tournament's form, whose esc goes back to the list and whose q goes to
// the lobby, both at once; a tournament's page before its host enters,
// once entered, with a board in play, as a guest sees it, once ended,
// and when it cannot be read; the page after a board, after the last
// and after the end; an entrant's boards and a board's results.
func TestKeyLinesNameHelpAndWayBack(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		cl := newClub(t, false)
		bg := context.Background()
		info := cl.create(t, n, svc.MinBoards, time.Hour)
		// open is p's screens at the tournament of code, from the list.
		open := func(p svc.Player, code string) *fixture {
			f := cl.open(p)
			f.press("c")
			f.d.Send(tea.PasteMsg{Content: code + "\n"})
			f.press("enter")
			require.True(t, f.on("tournament"), f.text())
			return f
		}

		a := cl.open(ann)
		a.press("n")
		require.True(t, a.on("new tournament"), a.text())
		keyLineNames(t, a, "the form", "esc back")
		a.d.Ctx.Keys.QuitWord = "leave" // as the App sets it in the lobby
		assert.Contains(t, a.text(), "esc back · ? help · q lobby", "the form's keys line in the lobby")
		assert.Contains(t, a.helpWords(), "q back to the lobby, your choices kept")
		a.d.Ctx.Keys.QuitWord = ""
		a.press("esc")
		a = open(ann, info.Code)
		keyLineNames(t, a, "the host's page", "[esc] tournaments")
		a.press("enter")
		a.see("[enter] play board 1")
		keyLineNames(t, a, "the page entered", "[esc] tournaments")
		a.d.Send(detailMsg{to: a.s.sub.(*detail), prog: inPlay(t, cl, info.Code, 1)})
		a.see("[enter] go on with board 1")
		keyLineNames(t, a, "the page with a board in play", "[esc] tournaments")
		a.press("r")
		keyLineNames(t, open(svc.Player{Name: "Guest"}, info.Code), "a guest's page", "[esc] tournaments")
		nope := cl.openAt(ann, "NOSUCH")
		require.True(t, nope.on("tournament") && nope.s.sub.(*detail).prog == nil, nope.text())
		keyLineNames(t, nope, "a page that cannot be read", "[esc] back")

		cl.waitPars(info.Code)
		for b := 1; b <= svc.MinBoards; b++ {
			a.press("enter")
			a.see(fmt.Sprintf("Board %d of %d", b, svc.MinBoards))
			a.playBoard()
			require.True(t, a.on("after the board"), a.text())
			if b < svc.MinBoards {
				keyLineNames(t, a, "the page after a board", "[esc] the tournament")
			}
		}
		// Enter and esc both go back from the last board: one says it.
		a.see("That was your last board")
		keyLineNames(t, a, "the page after the last board", "[enter] the tournament")

		// Bob finishes a board of another tournament as it ends.
		b, code := seatedMidBoard(t, cl, n, bob)
		playOut(t, b)
		require.NoError(t, cl.svc.End(bg, ann, code))
		b.press("enter")
		require.True(t, b.on("after the board"), b.text())
		b.see("[enter] the standings")
		keyLineNames(t, b, "the page after a board at the end", "[enter] the standings")

		cl.c.Add(2 * time.Hour)
		a.press("esc", "r")
		a.see("standings")
		keyLineNames(t, a, "the standings", "[esc] tournaments")
		a.press("enter")
		require.True(t, a.on("entrant"), a.text())
		keyLineNames(t, a, "an entrant's boards", "esc back")
		a.press("a")
		require.True(t, a.on("board results"), a.text())
		keyLineNames(t, a, "a board's results", "esc back")
	})
}

// keyLineNames fails unless the line of keys of the part f shows, drawn
// at 80×24 with q worded as in the package and as in the lobby, with and
// without -ascii, names ? help and each of back (the way back), ends
// whole (with the help or q) and fits 80 columns; q, where the line
// names it, asks first but on the form, where it goes to the lobby at
// once. ? is the App's: the part takes no typing, and its help names ?.
func keyLineNames(t *testing.T, f *fixture, part string, back ...string) {
	t.Helper()
	for _, word := range []string{"", "leave"} {
		for _, ascii := range []bool{false, true} {
			ctx := kit.NewContext(ascii)
			ctx.Width, ctx.Height = 80, 24
			ctx.Keys.QuitWord = word // "leave" as the App sets it in the lobby
			text := ansi.Strip(f.s.View(&ctx))
			if ascii {
				text = kit.ASCIIText(text)
			}
			line := keysLine(text)
			where := fmt.Sprintf("%s (q %q, ascii %v): the keys line %q", part, word, ascii, line)
			assert.LessOrEqual(t, kit.WidthOf(line), 80, where)
			help := "? help"
			if strings.HasPrefix(line, " [") {
				help = "[?] help" // a page's offers: "[esc] tournaments"
			}
			for _, want := range append([]string{help}, back...) {
				assert.Contains(t, line, want, where)
			}
			q := ctx.Keys.QuitHint().Help().Desc
			if f.on("new tournament") && word != "" {
				q = "lobby"
			}
			assert.True(t, strings.HasSuffix(line, " help") || strings.HasSuffix(line, " "+q), "%s is cut", where)
			if strings.Contains(line, "q "+q) || strings.Contains(line, "[q] "+q) {
				assert.Equal(t, f.on("new tournament"), kit.QuitsAtOnce(f.s), "%s: q asks first or not as the line says", where)
			}
		}
	}
	assert.False(t, f.s.Typing(), "%s takes typing: ? is no key of the App's there", part)
	assert.Contains(t, "\n"+f.helpWords(), "\n? ", "%s: the help does not name ?", part)
}

// TestHostPageSaysEveryKey: the host's page of a running tournament
// writes every key its help gives (r and q too), on two lines where one
// has no room, at 80×24, entered or not, with q "leave" as in the lobby.
func TestHostPageSaysEveryKey(t *testing.T) {
	cl := newClub(t, false)
	info := cl.create(t, 0, svc.MinBoards, time.Hour)
	a := cl.openAt(ann, info.Code)
	a.d.Ctx.Keys.QuitWord = "leave"
	for i, part := range []string{"not entered", "entered"} {
		if i > 0 {
			a.press("enter")
			a.see("[enter] play board 1")
		}
		text := a.text()
		for _, want := range []string{"[enter] ", "[esc] tournaments", "[r] read again", "[e] end it now", "[?] help", "[q] leave"} {
			assert.Contains(t, text, want, "%s: %s", part, text)
		}
	}
}

// helpAsKeyLine fails unless the help of the part f shows words esc as
// its line of offers does ("[esc] tournaments" is "esc tournaments" in
// the help) and writes the arrows "↑/↓" as the lists do, not "↑ or ↓".
func helpAsKeyLine(t *testing.T, f *fixture, part string) {
	t.Helper()
	line := keysLine(f.text())
	esc := 0
	for _, col := range f.s.KeyHelp(&f.d.Ctx.Keys).FullHelp() {
		for _, b := range col {
			h := b.Help()
			if strings.Contains(h.Key, "↑") {
				assert.Equal(t, "↑/↓", h.Key, "%s: the help's arrows", part)
			}
			if h.Key == "esc" {
				esc++
				assert.Contains(t, line, "[esc] "+h.Desc, "%s: the help says esc %q", part, h.Desc)
			}
		}
	}
	assert.Positive(t, esc, "%s: the help names no esc", part)
}

// TestPageHelpWordsAsKeyLine: a tournament's page, running, ended (the
// standings) or unread, says in its help what esc does in the words of
// its line of offers, and writes the standings' arrows as the lists do
// and their enter as their line does.
func TestPageHelpWordsAsKeyLine(t *testing.T) {
	cl := newClub(t, false)
	info := cl.create(t, 0, svc.MinBoards, time.Hour)
	a := cl.openAt(ann, info.Code)
	require.True(t, a.on("tournament"), a.text())
	helpAsKeyLine(t, a, "the host's page")
	a.press("enter")
	a.see("[enter] play board 1")
	helpAsKeyLine(t, a, "the page entered")
	nope := cl.openAt(ann, "NOSUCH")
	require.True(t, nope.on("tournament") && nope.s.sub.(*detail).prog == nil, nope.text())
	helpAsKeyLine(t, nope, "a page that cannot be read")
	s := standingsWith(t, "Carol", false)
	helpAsKeyLine(t, s, "the standings")
	require.Contains(t, keysLine(s.text()), "[enter] their boards and play")
	assert.Contains(t, s.helpWords(), "enter their boards and play", "the standings' help words enter as its line")
}

// TestBoardHelpHasNoHints: a tournament's board gives no hint, so the
// help of the tournament's screen at a board lists neither the hint key
// nor the hints' and grades' legend, and keeps the hand's marks.
func TestBoardHelpHasNoHints(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		cl := newClub(t, false)
		f, _ := seatedMidBoard(t, cl, players, ann)
		f.board()
		kittest.CheckHintsHelp(t, f.s, false)
	})
}

// TestHelpMarksWithCardsOnly: only a board's table and a replay show
// cards, so only their help tells the numbers and marks; the list, the
// form, a tournament's page running and ended, the page after a board,
// an entrant's boards and a board's results leave them out.
func TestHelpMarksWithCardsOnly(t *testing.T) {
	cl := newClub(t, false)
	marks := func(f *fixture, part string, want bool) {
		t.Helper()
		require.True(t, f.on(part), "at %s, not %s:\n%s", f.s.Name(), part, f.text())
		require.Equal(t, want, kit.HelpMarksOf(f.s), "the help of %s tells the numbers and marks", part)
	}
	a := cl.open(ann)
	marks(a, "list", false)
	a.press("n")
	marks(a, "new tournament", false)

	f, code := seatedMidBoard(t, cl, 2, longName)
	marks(f, "board", true)
	playOut(t, f)
	f.press("enter")
	marks(f, "after the board", false)
	f.press("esc")
	marks(f, "tournament", false)
	require.NoError(t, cl.svc.End(context.Background(), ann, code))
	f.press("r")
	f.see("standings")
	marks(f, "tournament", false)
	f.press("enter")
	marks(f, "entrant", false)
	f.press("a")
	marks(f, "board results", false)
	f.press("enter")
	marks(f, "replay", true)
}

// TestScreensGolden keeps each tournament screen at 80x24, at a
// tournament of two, three and four seats that Ann made and plays
// alone: the list, the form of a new one (the same at every count),
// the tournament before she enters, a board at its first decision, the
// part after a board, and once it has ended, the standings, her boards
// and a board's results.
// The club's clock, codes, seeds and bots are fixed (newClub), so each
// screen is the same at every run.
func TestScreensGolden(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		cl := newClub(t, false)
		info := cl.create(t, n, svc.MinBoards, time.Hour)
		a := cl.open(ann)
		// shot keeps the screen as name, the seat count in its name
		// but for the form's, which is the same at every count.
		shot := func(name string) {
			t.Helper()
			kittest.CheckSize(t, a.d.Frame(), 80, 24)
			if name != "form" {
				name += fmt.Sprint(n)
			}
			kittest.Golden(t, name+"-80x24", a.text())
		}
		a.see(info.Code)
		shot("list")
		a.press("n")
		a.see("A new tournament")
		shot("form")
		a.press("esc")
		require.True(t, a.on("list"), a.s.Name())
		a.press("enter")
		require.True(t, a.on("tournament"), a.s.Name())
		shot("detail")
		for a.on("tournament") {
			a.press("enter") // enter it, then play board 1
		}
		require.True(t, a.on("board"), a.s.Name())
		a.see(fmt.Sprintf("Board 1 of %d", svc.MinBoards))
		shot("board")
		// Par is worked out in the background: the page after the board
		// says it only once known, so it is waited for first.
		cl.waitPars(info.Code)
		a.playBoard()
		require.True(t, a.on("after the board"), a.s.Name())
		shot("after")
		for b := 2; b <= svc.MinBoards; b++ {
			a.press("enter")
			a.see(fmt.Sprintf("Board %d of %d", b, svc.MinBoards))
			a.playBoard()
		}
		cl.waitPars(info.Code)
		cl.c.Add(2 * time.Hour)
		a.press("esc")
		a.press("r")
		a.see("standings")
		shot("standings")
		a.press("enter")
		require.True(t, a.on("entrant"), a.s.Name())
		shot("entrant")
		a.press("a")
		require.True(t, a.on("board results"), a.s.Name())
		shot("field")
	})
}

// TestClosedScreenLeavesNoGoroutine: a Screen waits for the
// connection's end (to leave a board in play) only until it closes. A
// connection opens the tournaments ('d' in the lobby) and leaves them
// as often as it likes; each screen left must not stay behind, with its
// goroutine, until the connection ends. The goroutines are counted by
// where they were started, so that other tests' do not count.
func TestClosedScreenLeavesNoGoroutine(t *testing.T) {
	done := make(chan struct{}) // the connection: open throughout
	defer close(done)
	waiting := func() int {
		buf := make([]byte, 1<<22)
		buf = buf[:runtime.Stack(buf, true)]
		return bytes.Count(buf, []byte("tui/tourney.New.func"))
	}
	before := waiting()
	const opens = 200
	for range opens {
		s := New(Config{Player: longName, Done: done, Refresh: -1})
		s.Close() // the lobby leaves the screen
	}
	// The goroutines end once scheduled: wait until they have, up to a
	// guard that only a leak reaches, and report what is left.
	left := waiting() - before
	for end := time.Now().Add(time.Minute); left > 0 && time.Now().Before(end); {
		time.Sleep(time.Millisecond)
		left = waiting() - before
	}
	if left > 0 {
		t.Fatalf("%d screens opened and closed in one connection left %d goroutines behind", opens, left)
	}
}

// TestSeatFetchedForAPageGoneIsLeft: a board's seat asked for with
// enter and arriving after the person left that page (esc), or left the
// tournaments for the lobby (q then y), is left: its board's host does
// not stay open with nobody at it. With the page still shown, the seat
// is played.
func TestSeatFetchedForAPageGoneIsLeft(t *testing.T) {
	for _, leave := range []string{"", "esc", "quit"} {
		t.Run(cmp.Or(leave, "stay"), func(t *testing.T) {
			cl := newClub(t, false)
			ctx := context.Background()
			info := cl.create(t, 0, 4, time.Hour)
			require.NoError(t, cl.svc.Enter(ctx, ann, info.Code))
			f := cl.openAt(ann, info.Code)
			f.see("[enter] play board 1")
			_, fetch := f.s.Update(&f.d.Ctx, kittest.Key("enter")) // the seat is fetched: held back
			switch leave {
			case "esc":
				f.press("esc")
			case "quit":
				next, _ := f.s.QuitNow(&f.d.Ctx)
				require.Equal(t, kit.Screen(lobbyStub{}), next)
			}
			f.run(fetch)
			live := func() bool { _, _, ok := cl.svc.HiddenFrom(info.Code, ann.Key); return ok }
			if leave == "" {
				require.True(t, f.on("board"), "the seat is played: on %s", f.s.sub.Name())
				require.True(t, live())
				return
			}
			// The host closes off the screen's goroutine: wait for it,
			// up to a guard only a seat kept open reaches.
			for end := time.Now().Add(guard); live() && time.Now().Before(end); {
				time.Sleep(time.Millisecond)
			}
			require.False(t, live(), "the board's host stays open after %s", leave)
		})
	}
}

// TestFormStartsAtTwoSeats: a new tournament's form starts at two
// seats, as the lobby's form of a new table and the trainer do; once
// left, it opens again at the seats chosen.
func TestFormStartsAtTwoSeats(t *testing.T) {
	cl := newClub(t, false)
	a := cl.open(ann)
	a.press("n")
	a.see("▶ Seats                      2 ›")
	o, ok := kit.HelpRulesOf(a.s)
	require.True(t, ok, "the form gives the help no rules")
	require.Equal(t, 2, o.NumPlayers())
	a.press("right", "esc", "n")
	a.see("Seats                    ‹ 3 ›")
}
