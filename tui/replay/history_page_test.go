package replay

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// seatEntries are n finished games of players seats, a person at A and
// bots, one an hour from 2024-01-01 12:00.
func seatEntries(players, n int) []store.Entry {
	out := make([]store.Entry, n)
	start := time.Date(2024, 1, 1, 12, 0, 0, 0, time.UTC)
	for i := range out {
		h := gamelog.Header{Options: rules.DefaultOptions().WithPlayers(players)}
		h.SetStart(start.Add(time.Duration(i) * time.Hour))
		h.SetPlayer(0, "ann", gamelog.Human)
		h.SetKey(0, "k")
		for s := rules.Seat(1); int(s) < players; s++ {
			h.SetPlayer(s, fmt.Sprintf("Bot %s", s), "hard")
		}
		out[i] = store.Entry{Path: fmt.Sprintf("/nowhere/history/%06d.klob", i), Header: h, Deals: 12,
			Totals: [4]int{512, 380, 200}, Over: true, Winner: i % 2}
	}
	return out
}

// listWindow reads the saved games' list of games an hour apart (row i
// started at last-i hours): the row under the cursor, and the rows
// shown whole, by index.
func listWindow(t *testing.T, text string, n int) (cursor int, whole []int) {
	t.Helper()
	date := regexp.MustCompile(`^ (▶| ) (\d{4}-\d\d-\d\d \d\d:\d\d)  `)
	lines := strings.Split(text, "\n")
	start := time.Date(2024, 1, 1, 12, 0, 0, 0, time.UTC)
	cursor = -1
	var at []int // the line of each row shown
	var rows []int
	for y, l := range lines {
		m := date.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		when, err := time.Parse("2006-01-02 15:04", m[2])
		require.NoError(t, err)
		i := n - 1 - int(when.Sub(start)/time.Hour)
		if m[1] == "▶" {
			cursor = i
		}
		at, rows = append(at, y), append(rows, i)
	}
	require.GreaterOrEqual(t, len(rows), 2, text)
	// Every row takes as many lines as the first: the last one shown is
	// whole when that many lines of the list follow its first.
	height := at[1] - at[0]
	end := at[len(at)-1]
	for end+1 < len(lines) && strings.HasPrefix(lines[end+1], "    ") && strings.TrimSpace(lines[end+1]) != "" {
		end++
	}
	whole = rows
	if end-at[len(at)-1]+1 < height {
		whole = rows[:len(rows)-1]
	}
	return cursor, whole
}

// TestHistoryPagesAndEnds: on a saved games' list longer than the
// window, of games of two, three and four, home and end go to the first
// and last game, PgDn moves the cursor down by the games shown whole
// (to the first one not shown whole) and PgUp up by as many, stopping
// at either end; none of them is refused, and the line of keys and the
// help name them.
func TestHistoryPagesAndEnds(t *testing.T) {
	const count = 30
	for _, players := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			d := kittest.New(t, NewHistory(memSource{seatEntries(players, count)}, Config{Player: "k"}), 80, 24, false)
			cursor, whole := listWindow(t, d.Text(), count)
			require.Equal(t, 0, cursor)
			require.Less(t, len(whole), count, "the list fits the window")

			d.Press("pgdown")
			got, _ := listWindow(t, d.Text(), count)
			require.Equal(t, len(whole), got, "PgDn from the top goes to the first game not shown whole")
			require.Contains(t, d.Text(), "↑ more above")

			d.Press("end")
			got, whole = listWindow(t, d.Text(), count)
			require.Equal(t, count-1, got, "end goes to the last game")
			require.NotContains(t, d.Text(), "↓ more below")
			require.Contains(t, d.Text(), fmt.Sprintf("/nowhere/history/%06d.klob", 0), "the oldest game is the last")
			d.Press("pgdown")
			got, _ = listWindow(t, d.Text(), count)
			require.Equal(t, count-1, got, "PgDn stays on the last game")

			d.Press("pgup")
			got, _ = listWindow(t, d.Text(), count)
			require.Equal(t, count-1-len(whole), got, "PgUp goes up by the games shown whole")

			d.Press("home")
			got, _ = listWindow(t, d.Text(), count)
			require.Equal(t, 0, got, "home goes to the first game")
			require.NotContains(t, d.Text(), "↑ more above")
			d.Press("pgup")
			got, _ = listWindow(t, d.Text(), count)
			require.Equal(t, 0, got, "PgUp stays on the first game")
			require.NotContains(t, d.Text(), "not among the choices", "a key of the list was refused")
		})
	}

	// The line of keys names them at 80 columns, in klob replay and in
	// the lobby, under -ascii too; the help says what each does.
	h := NewHistory(memSource{seatEntries(4, count)}, Config{Player: "k"})
	d := kittest.New(t, h, 80, 24, false)
	for _, word := range []string{"", "leave"} {
		for _, ascii := range []bool{false, true} {
			ctx := kittest.Context(80, 24)
			ctx.ASCII = ascii
			ctx.Keys.QuitWord = word
			lines := strings.Split(strings.TrimRight(kittest.TrimRight(ansi.Strip(h.View(&ctx))), "\n"), "\n")
			keys := lines[len(lines)-1]
			for _, want := range []string{"PgUp/PgDn", "home/end", "enter replay", "? help"} {
				require.Contains(t, keys, want, "q %q, ascii %v", word, ascii)
			}
			require.LessOrEqual(t, kit.WidthOf(keys), 80)
		}
	}
	help := kittest.HelpText(&d.Ctx, h)
	require.Contains(t, help, "a page of games up or down")
	require.Contains(t, help, "the first or last game")
}
