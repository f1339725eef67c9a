package lobby

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/tui/kit/kittest"
)

// longNameTables are tables of two, three and four seats, waiting and
// playing, where one person goes by a name of 24 letters.
func longNameTables() []hall.Info {
	var tables []hall.Info
	for _, n := range []int{2, 3, 4} {
		for _, started := range []bool{false, true} {
			names := []string{"cid", "Bobby Tables Magnificent", "dan", "eve"}[:n]
			names[n-1] = ""
			code := fmt.Sprintf("ZA%d%c", n, map[bool]rune{false: 'W', true: 'P'}[started])
			tables = append(tables, hall.Info{Code: code, Seats: n, Names: names, Level: ai.Normal, Target: 500, Started: started})
		}
	}
	return tables
}

// A long name follows one rule in every table's row of the lobby's
// list and of the watch list at 80 columns: a row too long wraps whole;
// the row the list's room cuts to one line shortens the names first,
// so that it keeps every seat, its bots and its target: never a row
// that stops after its names. At two, three and four seats; goldens of
// the lists.
func TestLongNameRowsKeepSeatsBotAndTarget(t *testing.T) {
	tables := longNameTables()
	fits := func(what, text string) {
		t.Helper()
		lines := strings.Split(text, "\n")
		require.LessOrEqual(t, len(lines), 24, what)
		for _, line := range lines {
			require.LessOrEqual(t, ansi.StringWidth(line), 80, "%s: %q", what, line)
		}
	}
	l, ctx := steadyLobby(t, 0, false, false, 0)
	// The lobby's room holds the waiting tables and one playing.
	l.tables = []hall.Info{tables[0], tables[2], tables[4], tables[5]}
	lobby := strings.Join(screenLines(l, ctx), "\n")
	w := &watchList{l: l, tables: tables}
	watch := ansi.Strip(w.View(ctx))
	fits("lobby", lobby)
	fits("watch list", watch)
	kittest.Golden(t, "longname-80x24-lobby", lobby)
	kittest.Golden(t, "longname-80x24-watchlist", watch)
	// A rated person's lobby with its talk: the list's room cuts rows to
	// their one line in brief.
	short, sctx := steadyLobby(t, 0, true, true, 3)
	short.tables = l.tables
	cut := strings.Join(screenLines(short, sctx), "\n")
	fits("short lobby", cut)
	kittest.Golden(t, "longname-80x24-lobby-short", cut)
	for i, info := range tables {
		for what, text := range map[string]rowText{"lobby": tableLine(info), "watch list": watchLine(info)} {
			if what == "lobby" && (i == 1 || i == 3) {
				continue // not in the lobby's list
			}
			row := tableRows(strings.ReplaceAll(map[string]string{"lobby": lobby, "watch list": watch}[what], info.Code, "LN00"))["LN00"]
			for _, part := range []string{"cid", text.seats[len(text.seats)-1], fmt.Sprintf("%d seats", info.Seats), "to 500"} {
				assert.Contains(t, row, part, "%s: %s", what, info.Code)
			}
			// Cut to one line by the list's room: every seat, the bots and
			// the target still.
			e := tableEntry(ctx, text, info, false)
			one, _, _, _ := window([]entry{e}, 0, 1, 80, ctx.Ellipsis())
			require.Len(t, one, 1)
			require.LessOrEqual(t, ansi.StringWidth(one[0]), 80)
			assert.Equal(t, info.Seats-1, strings.Count(one[0], ", "), "%s: %q", what, one[0])
			assert.Contains(t, one[0], text.seats[len(text.seats)-1], "%s: %q", what, one[0])
			assert.True(t, strings.HasSuffix(one[0], "to 500"), "%s: the bots and target are lost: %q", what, one[0])
			if what == "lobby" {
				assert.Contains(t, one[0], "normal bot · to 500", "%s: %q", what, one[0])
			}
		}
	}
}
