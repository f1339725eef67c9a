package tourney

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/duplicate"
	svc "github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// TestListKeysLine: the list's line of keys says "esc back", as the
// lobby's other screens say of an esc that comes back to it at once,
// and names ? help and q in the word the lobby gives it ("leave": it
// asks first), within 80 columns: r gives way where the line has no
// room for it (the list is read again on its own). Esc is back at the
// lobby at once; q asks.
func TestListKeysLine(t *testing.T) {
	for _, c := range []struct {
		who  svc.Player
		want string
	}{
		{ann, "↑/↓ choose · enter open · n new · c code · esc back · ? help · q leave"},
		{svc.Player{Name: "Guest"}, "↑/↓ choose · enter open · c code · r read again · esc back · ? help · q leave"},
	} {
		f := newClub(t, false).open(c.who)
		f.d.Ctx.Keys.QuitWord = "leave" // as the App sets it in the lobby
		lines := strings.Split(f.text(), "\n")
		keys := strings.TrimSpace(lines[len(lines)-1])
		assert.Equal(t, c.want, keys, "%s's keys line", c.who.Name)
		assert.LessOrEqual(t, kit.WidthOf(keys), 78, "%s's keys line", c.who.Name)
		assert.False(t, kit.QuitsAtOnce(f.s), "q leaves the list unasked")
		f.press("esc")
		require.Equal(t, "lobby", f.d.Screen.Name(), "esc does not go back to the lobby")
	}
}

// TestListLineBreaksBetweenParts: a club tournament's line longer than
// the window breaks between its parts, the rest set in under it, so
// that no line of the list starts with a "·" and reads as a row of its
// own; the "·" broken at goes with the break, ending no line either.
func TestListLineBreaksBetweenParts(t *testing.T) {
	cl := newClub(t, false)
	a := cl.open(ann)
	a.press("n", "left", "up", "up", "up", "left", "left", "enter")
	a.see("is open")
	a.press("esc")
	a.see("Club tournaments")
	lines := strings.Split(a.text(), "\n")
	var row []string
	for i, l := range lines {
		if strings.Contains(l, "by Ann") {
			row = lines[i : i+2]
		}
	}
	if row == nil {
		t.Fatalf("no line of Ann's tournament:\n%s", a.text())
	}
	first, rest := row[0], row[1]
	if !strings.HasSuffix(first, " · 4 boards") {
		t.Errorf("the line breaks inside a part, or leaves its \"·\":\n%s", a.text())
	}
	if strings.HasPrefix(strings.TrimSpace(rest), "·") || !strings.HasPrefix(rest, "     ") {
		t.Errorf("the line's rest reads as a row of its own:\n%s", a.text())
	}
	if !strings.Contains(rest, "1 entrant") {
		t.Errorf("the line's rest is not under it:\n%s", a.text())
	}
}

// TestUntilSaysTheDaysChosen: a tournament made to end in 3 days reads
// "in 3 days" once a minute has gone, as the form said, and the hours
// under two days.
func TestUntilSaysTheDaysChosen(t *testing.T) {
	now := time.Date(2026, 12, 3, 14, 0, 0, 0, time.UTC)
	for d, want := range map[time.Duration]string{
		3*24*time.Hour - time.Minute:  "in 3 days",
		3*24*time.Hour - 11*time.Hour: "in 3 days",
		2*24*time.Hour + 11*time.Hour: "in 2 days",
		47 * time.Hour:                "in 47h 00m",
		30 * time.Minute:              "in 30m",
	} {
		assert.Equal(t, want, until(now, now.Add(d)), "%v", d)
	}
}

// TestEndsSaysUTC: an end reads as a clock time in UTC, said so, with
// the time to it, whatever the server's zone: the day is UTC's too.
func TestEndsSaysUTC(t *testing.T) {
	cet := time.FixedZone("CET", 3600)
	now := time.Date(2026, 12, 1, 17, 27, 0, 0, cet) // 16:27 UTC, a Tuesday
	for _, c := range []struct {
		ends time.Time
		over bool
		want string
	}{
		{now.Add(2*time.Hour + 3*time.Minute), false, "ends 18:30 UTC (in 2h 03m)"},
		// 00:30 the next day in CET is still the first in UTC.
		{time.Date(2026, 12, 2, 0, 30, 0, 0, cet), false, "ends 23:30 UTC (in 7h 03m)"},
		{time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC), false, "ends Wed 12:00 UTC (in 19h 33m)"},
		{time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC), false, "ends Mon 12:00 UTC (in 6 days)"},
		{time.Date(2026, 12, 8, 12, 0, 0, 0, time.UTC), false, "ends Tue 8 Dec 12:00 UTC (in 7 days)"},
		// Ended, the date always: those ended today and before read
		// alike in the list.
		{now.Add(-time.Hour), true, "ended Tue 1 Dec 15:27 UTC"},
		{time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), true, "ended Tue 1 Dec 00:00 UTC"},
		{now.Add(-24 * time.Hour), true, "ended Mon 30 Nov 16:27 UTC"},
	} {
		assert.Equal(t, c.want, endsWords(now, svc.Info{Ends: c.ends, Over: c.over}))
	}
}

// TestEndedListReadsAlike: in the list's ended tournaments a daily and
// a club tournament say their end in one form, the date with it (the
// daily's ended at 00:00 today, the club's yesterday evening), and an
// ended daily names its day: other days' dailies end beside it.
func TestEndedListReadsAlike(t *testing.T) {
	now := time.Date(2026, 12, 7, 0, 2, 0, 0, time.UTC)
	p := &list{s: &Screen{}}
	daily := svc.Info{Code: "DAILY-2026-12-06-2P", Daily: true, Date: duplicate.Date{Year: 2026, Month: 12, Day: 6},
		Rules: rules.DefaultOptions(), Boards: 8, Ends: time.Date(2026, 12, 7, 0, 0, 0, 0, time.UTC), Over: true, Entries: 1}
	club := svc.Info{Code: "KQXPRT", Host: "Ann", Rules: rules.DefaultOptions(), Level: "normal", Boards: 4,
		Ends: time.Date(2026, 12, 6, 23, 43, 0, 0, time.UTC), Over: true, Entries: 2}
	d := strings.Join(p.lineAt(now, daily), " · ")
	c := strings.Join(p.lineAt(now, club), " · ")
	assert.Equal(t, "Daily challenge · 2026-12-06 · 2 players · 8 boards · ended Mon 7 Dec 00:00 UTC: standings · 1 entrant", d)
	assert.Contains(t, c, " · ended Sun 6 Dec 23:43 UTC: standings · 2 entrants")
}

// Back on the list from a tournament, the cursor is on the tournament
// left: after its page opened from the list, after a board of it was
// played (its page is then a new one), and after the page opened first
// (Config.Open). At every seat count.
func TestListCursorStaysOnTheTournamentLeft(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		cl := newClub(t, false)
		for range 3 {
			cl.create(t, players, 4, time.Hour)
		}
		f := cl.open(ann)
		l := f.s.sub.(*list)
		require.Len(t, l.items, 3, f.text())
		code := l.items[2].Code
		cursorOn := func(what string) {
			t.Helper()
			l, ok := f.s.sub.(*list)
			require.True(t, ok, "%s: %s\n%s", what, f.s.sub.Name(), f.text())
			require.Len(t, l.items, 3, f.text())
			require.Equal(t, code, l.items[l.row].Code, "%s:\n%s", what, f.text())
		}

		f.press("down", "down", "enter")
		require.True(t, f.on("tournament"), f.text())
		f.see(code)
		f.press("esc")
		cursorOn("back from its page")

		f.press("enter", "enter", "enter")
		require.True(t, f.on("board"), f.text())
		next, _ := f.s.QuitNow(&f.d.Ctx)
		require.Equal(t, f.s, next)
		f.run(f.s.Enter(&f.d.Ctx))
		f.see("[enter] go on with board 1")
		f.press("esc")
		cursorOn("back from a board's tournament")

		f.s.Close()
		f = cl.openAt(ann, code)
		f.press("esc")
		cursorOn("back from the page opened first")
	})
}
