package lobby

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// The notice of a board left half-played and the lobby's talk both
// show at 80×24 in the fullest lobby a person comes back to: rated, a
// name at its longest with its key's tag (two lines of welcome), a
// table of every house variant (its house line under its row), a
// tournament's board of two digits. The notice is one line; the talk
// keeps its heading and its latest line, the rating giving its second
// line first (the pools that fit, then "…"). At every seat count, the
// cursor on the menu or on the table.
func TestHalfPlayedNoticeLeavesTheTalk(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		o := rules.DefaultOptions()
		o.Players = n
		for _, info := range []tourney.Info{
			{Daily: true, Date: duplicate.Date{Year: 2026, Month: 12, Day: 5}, Rules: o},
			{Code: "KQXPRT", Rules: o},
		} {
			for _, row := range []int{0, len(items)} {
				l, ctx := steadyLobby(t, 0, true, true, 5)
				l.cfg.Player = hall.Player{ID: strings.Repeat("c", 64), Name: "Clara-Josephine-Schumann"}
				l.tables, l.row = longTables(n, false)[1:2], row
				l.takeInPlay(inPlayMsg{info: info, board: 12})
				text := ansi.Strip(l.View(ctx))
				name := fmt.Sprintf("%s, row %d", info.Title(), row)
				lines := strings.Split(text, "\n")
				require.Len(t, lines, 24, name)
				for _, line := range lines {
					require.LessOrEqual(t, ansi.StringWidth(line), 80, "%s: a line wider than the window: %q", name, line)
				}
				require.Contains(t, text, " Board 12 of "+info.Named()+" is under way: d opens it.\n",
					"%s: the notice is not on a line:\n%s", name, text)
				require.Contains(t, text, " Lobby talk", "%s: the talk is hidden:\n%s", name, text)
				require.Contains(t, text, `bob: "line 5"`, "%s: the talk's latest line is hidden:\n%s", name, text)
				require.Contains(t, text, "LN01", "%s: the table is hidden:\n%s", name, text)
				require.Contains(t, text, "Your rating: 2 players 1500 ±350", "%s: the rating is hidden:\n%s", name, text)
				if n == 4 && row > 0 && info.Daily {
					kittest.Golden(t, "halfplayed4-80x24", text)
				}
			}
		}
	})
}
