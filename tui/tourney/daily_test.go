package tourney

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/duplicate"
	svc "github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/tui/kit"
)

// TestServerDailyHeader: a board of the server's daily is headed as
// this server's daily of its day, not as klob daily's boards of the
// same date ("daily 2026-12-01"), which are dealt otherwise; the
// header fits 80 columns, the player's name a long one.
func TestServerDailyHeader(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		cl := newClub(t, true)
		f, _ := cl.firstDailyBoard(t, players)
		day := duplicate.DateOf(cl.c.Now()) // as dailies has it
		head, _, _ := strings.Cut(f.text(), "\n")
		require.Contains(t, head, "Board 1 of 8", "the header:\n%s", f.text())
		require.Contains(t, head, " · server daily "+day.String(), "the header:\n%s", f.text())
	})
}

// FuzzDailyTag: the code of every daily (any real day, two to four
// players, as the service writes it) is tagged with its day, and no
// other string makes dailyTag panic or tag a day it does not hold.
// dailyTag reads with fmt.Sscanf, looser than the service's
// parseDailyCode: it also tags "DAILY-2026-1-1-9P", "DAILY-2026-13-45-2P"
// or a code with more after the P. The service hands it only its own
// codes, so the header never meets those.
func FuzzDailyTag(f *testing.F) {
	f.Add(uint16(2026), uint8(12), uint8(1), uint8(2), "DAILY-2026-12-01-2P")
	f.Add(uint16(1), uint8(1), uint8(1), uint8(4), "DAILY-0000-00-00-0P")
	f.Add(uint16(9999), uint8(2), uint8(29), uint8(3), "ABCDEF")
	f.Fuzz(func(t *testing.T, y uint16, m, d, players uint8, s string) {
		date := duplicate.DateOf(time.Date(int(y%9999)+1, time.Month(m%12+1), int(d%31)+1, 12, 0, 0, 0, time.UTC))
		code := svc.DailyCode(date, 2+int(players)%3)
		if tag, ok := dailyTag(code); !ok || tag != "server daily "+date.String() {
			t.Fatalf("dailyTag(%q) = %q, %v", code, tag, ok)
		}
		if tag, ok := dailyTag(s); ok && (!strings.HasPrefix(s, "DAILY-") || !strings.HasPrefix(tag, "server daily ")) {
			t.Fatalf("dailyTag(%q) = %q", s, tag)
		}
	})
}

// TestDailyWarnsOfQuietBeforeTheFirstBoard: the daily's page says, as
// the person enters it and before their first board, that a board
// played keeps them from talking in the lobby, and until when (the
// day's end); once a board is begun, the lobby's talk says it instead.
// The line fits 80 columns. At every seat count.
func TestDailyWarnsOfQuietBeforeTheFirstBoard(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		cl := newClub(t, true)
		_, code := cl.dailies(t, players)
		// The club's clock stands at Tue 1 Dec 12:00 UTC: the day ends at
		// midnight.
		want := "Once you play a board, you cannot talk in the lobby until Wed 00:00 UTC."
		f := cl.openAt(longName, code)
		f.see("[enter] enter the daily")
		require.Contains(t, f.text(), want)
		f.press("enter")
		f.see("[enter] play board 1")
		require.Contains(t, f.text(), want)
		for _, line := range strings.Split(f.text(), "\n") {
			require.LessOrEqual(t, ansi.StringWidth(line), 80, line)
		}
		f.press("enter")
		require.True(t, f.on("board"), f.text())
		next, _ := f.s.QuitNow(&f.d.Ctx)
		require.Equal(t, f.s, next)
		f.run(f.s.Enter(&f.d.Ctx)) // as the lobby enters the screen again
		f.see("[enter] go on with board 1")
		require.NotContains(t, f.text(), "Once you play a board")
	})
}

// TestServerDailyWelcomesBack: a board of the server's daily left in the
// middle and taken up again is greeted as klob daily greets its boards
// ("Welcome back: board 1 of 8."), not with the host's "You are back."
// as the seat is taken again. At every seat count.
func TestServerDailyWelcomesBack(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		f, _ := newClub(t, true).firstDailyBoard(t, players)
		f.step() // a bid made: the board is under way
		require.NotContains(t, f.text(), "Welcome back", "a board begun is not greeted")
		next, _ := f.s.QuitNow(&f.d.Ctx)
		require.Equal(t, f.s, next)
		f.run(f.s.Enter(&f.d.Ctx)) // as the lobby enters the screen again
		f.see("[enter] go on with board 1")
		f.press("enter")
		require.True(t, f.on("board"), f.text())
		f.see(kit.WelcomeBack(1, 8))
		require.Equal(t, "Welcome back: board 1 of 8.", kit.WelcomeBack(1, 8))
		require.NotContains(t, f.text(), "You are back", "the host's greeting of a seat taken again")
	})
}

// TestQuietWarningOnlyWhenNew: whoever began a board of one daily is
// kept quiet until the day's end already: the page of another daily of
// the day does not warn them again, while a club tournament ending
// later still does (its end is news). At every seat count.
func TestQuietWarningOnlyWhenNew(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		cl := newClub(t, true)
		day, code := cl.dailies(t, players)
		other := players%3 + 2
		require.NoError(t, cl.svc.Enter(context.Background(), longName, svc.DailyCode(day, other)))
		seat, err := cl.svc.Play(context.Background(), longName, svc.DailyCode(day, other))
		require.NoError(t, err)
		seat.Leave()

		f := cl.openAt(longName, code)
		f.see("[enter] enter the daily")
		require.NotContains(t, f.text(), "Once you play a board", "kept quiet until the same end already")
		f.press("enter")
		f.see("[enter] play board 1")
		require.NotContains(t, f.text(), "Once you play a board")

		later := cl.create(t, players, 4, 48*time.Hour)
		g := cl.openAt(longName, later.Code)
		g.see("Once you play a board, you cannot talk in the lobby until Thu 12:00 UTC.")
	})
}

// TestBoardTakenOverSaysSo: a board of the daily left and taken up
// again ("Welcome back") in one connection, then opened in a second
// connection of the same key: the second's page says the board is open
// in another connection and offers to take it over; once it has, the
// first's table says its seat was taken over, whatever note it showed,
// and esc goes back to the tournament, as q does. With a move made
// since the welcome, too. At every seat count.
func TestBoardTakenOverSaysSo(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		for _, moved := range []bool{false, true} {
			cl := newClub(t, true)
			one, code := cl.firstDailyBoard(t, players)
			one.step()
			next, _ := one.s.QuitNow(&one.d.Ctx)
			require.Equal(t, one.s, next)
			one.run(one.s.Enter(&one.d.Ctx))
			one.press("enter")
			require.True(t, one.on("board"), one.text())
			one.see("Welcome back: board 1 of 8.")
			if moved {
				one.step()
			}

			two := cl.openAt(longName, code)
			two.see("Board 1 is open in another connection of yours: enter takes it over here.")
			two.see("[enter] take over board 1")
			two.press("enter")
			require.True(t, two.on("board"), two.text())

			one.refresh()
			one.see("! Your seat was taken over from another connection of yours.")
			require.NotContains(t, one.text(), "Welcome back")
			one.see("esc the daily")
			one.press("esc")
			require.True(t, one.on("tournament"), one.text())
			one.see("Board 1 is open in another connection of yours")
			one.see("[enter] take over board 1")
			for _, line := range strings.Split(one.text(), "\n") {
				require.LessOrEqual(t, len([]rune(line)), 80, line)
			}
		}
	})
}
