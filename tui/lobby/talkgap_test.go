package lobby

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The line typed (a table's code) or a note under the tables does not
// sit on the talk's heading: at 80×24, with the rating's two lines, a
// table or none and nothing said yet, a blank row stays before "Lobby
// talk" ("(nothing said yet)" goes rather than the blank), and nothing
// above the tables moves. Lines said keep their rows before the blank
// (TestLobbyTalkRoomAt80x24).
func TestPromptKeepsTheBlankBeforeTheTalk(t *testing.T) {
	for _, tables := range []int{0, 1} {
		for _, what := range []string{"code", "note"} {
			name := fmt.Sprintf("%d tables, %s", tables, what)
			l, ctx := steadyLobby(t, tables, true, true, 0)
			before := screenLines(l, ctx)
			switch what {
			case "code":
				press(l, ctx, "j")
			case "note":
				l.setNote("Your seat at table QLDU waits for you: enter takes it back.", false)
			}
			rows := screenLines(l, ctx)
			require.Len(t, rows, 24, name)
			talk := slices.IndexFunc(rows, func(s string) bool { return strings.HasPrefix(s, " Lobby talk") })
			require.Positive(t, talk, "%s:\n%s", name, strings.Join(rows, "\n"))
			require.Empty(t, strings.TrimSpace(rows[talk-1]), "%s: no blank row before the talk:\n%s", name, strings.Join(rows, "\n"))
			head := slices.IndexFunc(before, func(s string) bool { return strings.HasPrefix(s, " Tables") })
			require.Equal(t, before[:head+1], rows[:head+1], name)
		}
	}
}
