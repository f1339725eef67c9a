package tourney

import (
	"context"
	"fmt"
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
)

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
