package tourney

import (
	"context"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	svc "github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/internal/testing/testkit"
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
