package tourney

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/duplicate"
	svc "github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// oneTournament finds "tournament" as a word: "tournaments", the list esc
// goes back to, holds the daily too.
var oneTournament = regexp.MustCompile(`(?i)\btournament\b`)

// saysTheDaily checks that the screen and its help never call the daily
// a tournament.
func (f *fixture) saysTheDaily(where string) {
	f.t.Helper()
	require.NotRegexp(f.t, oneTournament, f.text(), "%s", where)
	require.NotRegexp(f.t, oneTournament, f.helpWords(), "the help of %s", where)
	require.NotRegexp(f.t, oneTournament, f.s.QuitQuestion(), "the quit question of %s", where)
}

// TestDailySaysTheDaily: from its page through every board to the last,
// the daily's screens, their help and the quit's question say "the
// daily", never "the tournament": the key after the last board reads
// "[enter] the daily", and enter on the page once every board is played
// says so of the daily. At every seat count.
func TestDailySaysTheDaily(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		cl := newClub(t, true)
		_, code := cl.dailies(t, players)
		f := cl.openAt(longName, code)
		f.see("[enter] enter the daily")
		f.saysTheDaily("the daily's page")
		f.press("enter")
		f.see("[enter] play board 1")
		f.saysTheDaily("the daily's page, entered")
		for b := 1; b <= 8; b++ {
			f.press("enter")
			require.True(t, f.on("board"), f.text())
			f.saysTheDaily("a board")
			f.playBoard()
			require.True(t, f.on("after the board"), f.text())
			f.saysTheDaily("the page after a board")
		}
		f.see("That was your last board: the standings open at the end.")
		f.see("[enter] the daily")
		f.press("enter")
		require.True(t, f.on("tournament"), f.text())
		f.press("enter")
		f.see("You have played every board of the daily: the standings open at the end.")
		f.saysTheDaily("the daily's page, every board played")
	})
}

// TestTournamentSaysTheTournament: a club tournament's screens still say
// "the tournament" where the daily's say "the daily".
func TestTournamentSaysTheTournament(t *testing.T) {
	cl := newClub(t, false)
	info := cl.create(t, 0, svc.MinBoards, time.Hour)
	require.NoError(t, cl.svc.Enter(context.Background(), longName, info.Code))
	f := cl.openAt(longName, info.Code)
	for b := 1; b <= svc.MinBoards; b++ {
		f.press("enter")
		require.True(t, f.on("board"), f.text())
		require.Contains(t, f.s.QuitQuestion(), "before the tournament ends")
		f.playBoard()
	}
	f.see("[enter] the tournament")
	f.press("enter", "enter")
	f.see("You have played every board of this tournament: the standings open at the end.")
}

// TestErrTextOfADaily: a service's error shown on a daily's page says
// "the daily" for "this tournament" or "the tournament", and leaves "the
// tournaments" (all of them) and a club tournament's words alone.
func TestErrTextOfADaily(t *testing.T) {
	daily := "DAILY-2026-12-01-3P"
	require.Equal(t, "You have played every board of the daily.", errText(daily, svc.ErrAllPlayed))
	require.Equal(t, "Only the daily's host may end it.", errText(daily, svc.ErrNotHost))
	require.Equal(t, "The tournaments are closed: the server is stopping.", errText(daily, svc.ErrClosed))
	require.Equal(t, "You have played every board of this tournament.", errText("KQXPRT", svc.ErrAllPlayed))
}

// TestErrTextOfADailyEveryError: every refusal the service can send a
// daily's page, each got from the service as a page's call gets it,
// reads of the daily: never "tournament" alone, never "a the daily"; a
// guest reads what they may do there, and a daily the server has not
// made is named as a sentence names a daily.
func TestErrTextOfADailyEveryError(t *testing.T) {
	cl := newClub(t, true)
	bg := context.Background()
	_, code := cl.dailies(t, 3)
	guest := svc.Player{Name: "guest"}
	errOf := func(_ any, err error) error { return err }
	var full error
	const notMade = "DAILY-2026-12-05-3P"
	for i := range svc.DefaultEntrantsPerAddr + 1 {
		p := svc.Player{Key: fmt.Sprintf("dddd%028x", i), Name: fmt.Sprint("P", i), Addr: "192.0.2.1"}
		full = cl.svc.Enter(bg, p, code)
	}
	cases := []struct {
		what string
		err  error
		want string
	}{
		{"a guest's entry", cl.svc.Enter(bg, guest, code), dailyGuestWords},
		{"a guest's board", errOf(cl.svc.Play(bg, guest, code)), dailyGuestWords},
		{"a board not entered", errOf(cl.svc.Play(bg, bob, code)), "You have not entered the daily."},
		{"the standings before the end", errOf(cl.svc.Final(bg, bob.Key, code)),
			"The daily is not over: its results are hidden until the end."},
		{"a daily not made", errOf(cl.svc.Progress(bg, bob.Key, notMade)),
			"This server does not have the 2026-12-05 daily for 3 players."},
		{"an address's entrants", full, fmt.Sprintf("The daily has %d entrants from your address already, its most.", svc.DefaultEntrantsPerAddr)},
		{"every board played", svc.ErrAllPlayed, "You have played every board of the daily."},
		{"the database", svc.ErrTrouble, "The server's database failed (the server's log says why)."},
		{"the boards", fmt.Errorf("tournament %s: %w", code, errors.New("its rules are not the daily's")),
			"The daily: its rules are not the daily's."},
		{"a board of par", fmt.Errorf("tournament %s has no board 9", code), "The daily has no board 9."},
		{"a slow server", context.DeadlineExceeded, "The server is busy: try again."},
	}
	cl.c.Add(13 * time.Hour)
	cases = append(cases, struct {
		what string
		err  error
		want string
	}{"an entry after the end", cl.svc.Enter(bg, bob, code), "The daily is over."})
	cl.svc.Close()
	cases = append(cases, struct {
		what string
		err  error
		want string
	}{"the server stopping", errOf(cl.svc.Progress(bg, bob.Key, code)), "The tournaments are closed: the server is stopping."})
	for _, c := range cases {
		require.Error(t, c.err, c.what)
		at := code
		if strings.Contains(c.err.Error(), notMade) {
			at = notMade // the page of the daily not made
		}
		got := errText(at, c.err)
		assert.Equal(t, c.want, got, c.what)
		assert.NotRegexp(t, oneTournament, got, c.what)
		assert.NotRegexp(t, `(?i)\b(a|the|this) (the|this)\b`, got, c.what)
	}
	// A club tournament's page keeps the service's words.
	assert.Equal(t, "A guest cannot take part in tournaments: connect with an SSH key.", errText("KQXPRT", svc.ErrGuest))
}

// TestDailyGuestPage: a guest on the daily's page reads what a guest may
// do there, in the daily's words, and enter offers nothing; once the
// day ends the guest reads the standings.
func TestDailyGuestPage(t *testing.T) {
	cl := newClub(t, true)
	_, code := cl.dailies(t, 3)
	g := cl.openAt(svc.Player{Name: "guest"}, code)
	g.see("As a guest you may follow the daily and read its standings once the day ends;")
	g.see("connect with an SSH key to play its boards.")
	g.saysTheDaily("a guest's daily page")
	before := g.text()
	g.press("enter")
	require.Equal(t, before, g.text(), "enter on a guest's daily page")
	require.True(t, g.on("tournament"), g.text())

	require.NoError(t, cl.svc.Enter(context.Background(), bob, code))
	cl.c.Add(13 * time.Hour)
	g = cl.openAt(svc.Player{Name: "guest"}, code)
	g.see("Bob")
	assert.NotContains(t, g.text(), "As a guest", "the standings of an ended daily")
	g.saysTheDaily("a guest's daily page, ended")
}

// TestNoSuchDailyPage: a daily's page the server has no daily for says
// so of the daily, named as every sentence names a daily
// (duplicate.DailyNamed). At every count.
func TestNoSuchDailyPage(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		cl := newClub(t, true)
		f := cl.openAt(ann, fmt.Sprintf("DAILY-2026-12-05-%dP", players))
		f.see(fmt.Sprintf("This server does not have the 2026-12-05 daily for %d players.", players))
		f.saysTheDaily("a daily the server has not made")
	})
}

// TestBoardTakebackRefusal: a board of the daily takes nothing back,
// and u says it is the daily that takes none, in klob daily's words; a
// club tournament's board says it of the tournament.
func TestBoardTakebackRefusal(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		cl := newClub(t, true)
		f, _ := cl.firstDailyBoard(t, players)
		f.press("u")
		assert.Contains(t, strings.Join(strings.Fields(f.text()), " "), "Nothing to take back: takebacks are off in the daily.")
		f.saysTheDaily("a board after u")
	})
	cl := newClub(t, false)
	info := cl.create(t, 0, svc.MinBoards, time.Hour)
	require.NoError(t, cl.svc.Enter(context.Background(), longName, info.Code))
	f := cl.openAt(longName, info.Code)
	f.press("enter", "u")
	require.True(t, f.on("board"), f.text())
	assert.Contains(t, strings.Join(strings.Fields(f.text()), " "), "Nothing to take back: takebacks are off in the tournament.")
}

// TestDailySaysKlobDailysWords: the server's daily says what klob
// daily's pages say of the same thing, in kit's words: the title, how
// the boards are played and scored, the boards played, the boards to
// go, the quit's question in a board and the last board (only what
// comes next differs: the standings at the end). At every seat count;
// tui/daily asserts the same words of klob daily's.
func TestDailySaysKlobDailysWords(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		cl := newClub(t, true)
		day, code := cl.dailies(t, players)
		f := cl.openAt(longName, code)
		says := func(where string, wants ...string) {
			t.Helper()
			for _, want := range wants {
				require.Contains(t, kittest.Flat(f.text()), want, "%s:\n%s", where, f.text())
			}
		}
		head, _, _ := strings.Cut(f.text(), "\n")
		require.True(t, strings.HasSuffix(head, duplicate.DailyTitle(day, players)), "the title: %q", head)
		says("the daily's page", kit.BoardsWords(players, "normal"))
		f.press("enter")
		says("the daily's page, entered", kit.BoardsPlayed(0, 8, 1, false))
		f.press("enter")
		require.True(t, f.on("board"), f.text())
		require.Equal(t, kit.BoardSaved("go on with it any time before the daily ends"), f.s.QuitQuestion())
		head, _, _ = strings.Cut(f.text(), "\n")
		require.Contains(t, head, "server daily "+day.String(), "a board's tag: the server's boards are not klob daily's")
		f.playBoard()
		require.True(t, f.on("after the board"), f.text())
		says("the page after board 1", kit.BoardsToGo(7, "the daily waits for you until its end"), "[esc] the daily")
		f.press("esc")
		says("the daily's page after board 1", kit.BoardsPlayed(1, 8, 2, false))
		for b := 2; b <= 8; b++ {
			f.press("enter")
			require.True(t, f.on("board"), f.text())
			f.playBoard()
		}
		says("the page after board 8", kit.LastBoard("the standings open at the end"))
	})
}
