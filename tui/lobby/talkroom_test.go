package lobby

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
)

// The rows the lobby keeps for its talk are rows the talk fills: a line
// said over three rows that does not fit whole under the latest leaves
// them to the tables, rather than blank under the talk while a table is
// out of view.
func TestTalkLeavesItsUnusedRowsToTheTables(t *testing.T) {
	l, ctx := steadyLobby(t, 2, true, false, 0)
	l.tables = append(l.tables, hall.Info{Code: "WXYZ", Seats: 4, Names: []string{"carl", "", "", ""},
		Level: ai.Normal, Target: 500})
	withTalk(t, l,
		"Hello everyone, this is a rather long message that wraps over three lines in the lobby talk pane, "+
			"without being cut mid-word anywhere at all, thanks",
		"anyone for a 4-player game later?")
	lines := screenLines(l, ctx)
	scr := strings.Join(lines, "\n")
	require.Len(t, lines, 24)
	for _, code := range []string{"AB00", "AB01", "WXYZ"} {
		assert.Contains(t, scr, code, "a table out of view")
	}
	assert.NotContains(t, scr, "more below")
	assert.Contains(t, scr, `bob: "anyone for a 4-player game later?"`)
	assert.NotEqual(t, "", strings.TrimSpace(lines[21]), "a blank row above the keys while rows were short:\n%s", scr)
}

// Once the person muted everyone who talked, the lobby's talk does not
// say that nothing was said.
func TestTalkAllMutedIsNotNothingSaid(t *testing.T) {
	l, ctx := steadyLobby(t, 0, true, false, 0)
	withTalk(t, l, "hello")
	_, err := l.talk.t.command("/mute", "bob")
	require.NoError(t, err)
	scr := strings.Join(screenLines(l, ctx), "\n")
	assert.NotContains(t, scr, `bob: "hello"`)
	assert.NotContains(t, scr, "(nothing said yet)", scr)
	assert.Contains(t, scr, "(nothing said yet, or only by people you muted)", scr)
}
