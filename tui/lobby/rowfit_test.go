package lobby

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/setup"
)

// Each table of the lobby's list is one line at 80 columns, with the
// same parts in the same order whatever its names: the code, the state,
// the seats, the seat count, the bots and the target, the longest names
// (with a key's tag) cut to fit. At every seat count, waiting, playing
// and over, the person's or not, free seats one or several, under
// -ascii too; a list of such tables shows them all at 80×24.
func TestLobbyRowsFitOneLine(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, ascii := range []bool{false, true} {
			ctx := kit.NewContext(ascii)
			ctx.Width, ctx.Height = 80, 24
			var tables []hall.Info
			for _, started := range []bool{false, true} {
				tables = append(tables, longTables(n, started)...)
			}
			// Every seat but the first free.
			few := longTables(n, false)[1]
			for s := 1; s < n; s++ {
				few.Names[s] = ""
			}
			few.Code, few.Level, few.Target = "ZZZZ", "normal", 1000
			tables = append(tables, few)
			part := regexp.MustCompile(`^ [ ▶>] ([A-Z0-9]{4})  (.+?) · (.+) · (\d) seats · (.+) · to (\d+)$`)
			for _, info := range tables {
				for _, chosen := range []bool{false, true} {
					e := lobbyEntry(&ctx, info, chosen)
					row := ansi.Strip(e.lines[0])
					require.LessOrEqual(t, ansi.StringWidth(row), 80, "%q", row)
					require.Len(t, e.lines, 1+len(houseLines(&ctx, info, chosen)), "one line and its house variants")
					m := part.FindStringSubmatch(row)
					require.NotNil(t, m, "a row without all its parts: %q", row)
					require.Equal(t, info.Code, m[1])
					require.Equal(t, fmt.Sprint(n), m[4])
					require.Equal(t, setup.BotsOf(info.Level, info.Free()), m[5])
					require.Equal(t, fmt.Sprint(info.Target), m[6])
					seats := strings.Split(m[3], ", ")
					free := 0
					for _, name := range info.Names {
						if name == "" {
							free++
						}
					}
					if free > 1 && !info.Started {
						require.Len(t, seats, n-free+1, "%q", row)
						require.Contains(t, seats, fmt.Sprintf("(%d free)", free), "%q", row)
					} else {
						require.Len(t, seats, n, "%q", row)
					}
				}
			}
			// The lobby's list at 80×24 shows as many tables as it can, each
			// on its line.
			l, lctx := steadyLobby(t, 0, false, false, 0)
			*lctx = ctx
			l.tables = []hall.Info{tables[1], tables[2], tables[3], few}
			for i := range l.tables {
				l.tables[i].Rules = l.tables[i].Rules.Applicable() // no house lines
				l.tables[i].Rules.OfAKind, l.tables[i].Rules.Menage, l.tables[i].Rules.DealerForced = false, false, false
				l.tables[i].Rules.Bimah, l.tables[i].Rules.Shlomo, l.tables[i].Rules.Cleopatra = false, false, false
			}
			rows := tableRows(strings.ReplaceAll(ansi.Strip(l.View(lctx)), "ZZZZ", "LN99"))
			require.Len(t, rows, 4, "%s", ansi.Strip(l.View(lctx)))
		}
	})
}
