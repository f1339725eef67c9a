package lobby

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// The lobby shows only its talk's latest lines under the tables; c
// reads every line the connection holds, from the newest back to the
// first with ↑ and the page keys, in 80×24, and esc comes back.
func TestTalkReadsBack(t *testing.T) {
	l, ctx := steadyLobby(t, 3, true, true, 40)
	lobby := ansi.Strip(l.View(ctx))
	assert.Contains(t, lobby, `bob: "line 40"`)
	assert.NotContains(t, lobby, `bob: "line 30"`, "the lobby shows only the latest lines")
	assert.Contains(t, lobby, "c reads back")

	next, _ := l.Update(ctx, kittest.Key("c"))
	log, ok := next.(*talkLog)
	require.True(t, ok, "c opens the talk, got %T", next)
	view := func() string {
		t.Helper()
		out := ansi.Strip(log.View(ctx))
		lines := strings.Split(out, "\n")
		require.Len(t, lines, 24)
		for i, line := range lines {
			require.LessOrEqual(t, ansi.StringWidth(line), 80, "line %d: %q", i, line)
		}
		return out
	}
	scr := view()
	assert.Contains(t, scr, `bob: "line 40"`, "the newest line shows first")
	assert.Contains(t, scr, "the last 40 lines said")
	assert.Contains(t, scr, "more above")
	assert.NotContains(t, scr, `bob: "line 1"`+"\n")

	// Back to the first line, a line and a page at a time: every line
	// said shows on the way, and the first stays at the top.
	seen := map[string]bool{}
	for range 50 {
		for _, line := range strings.Split(view(), "\n") {
			if i := strings.Index(line, `bob: "`); i >= 0 {
				seen[strings.TrimSpace(line[i:])] = true
			}
		}
		log.Update(ctx, kittest.Key("up"))
	}
	for i := 1; i <= 40; i++ {
		assert.True(t, seen[fmt.Sprintf(`bob: "line %d"`, i)], "line %d never showed", i)
	}
	scr = view()
	assert.Contains(t, scr, `bob: "line 1"`)
	assert.NotContains(t, scr, "more above")
	assert.Contains(t, scr, "more below")
	log.Update(ctx, kittest.Key("pgdown"))
	log.Update(ctx, kittest.Key("pgdown"))
	log.Update(ctx, kittest.Key("end"))
	assert.Contains(t, view(), `bob: "line 40"`)

	back, _ := log.Update(ctx, kittest.Key("esc"))
	assert.Same(t, l, back, "esc comes back to the lobby")
}

// / on the talk's page goes back to the lobby with the line open; a
// guest reads only, and the page says nothing of typing.
func TestTalkLogSlashTypes(t *testing.T) {
	l, ctx := steadyLobby(t, 0, false, true, 3)
	next, _ := l.Update(ctx, kittest.Key("c"))
	back, _ := next.Update(ctx, kittest.Key("/"))
	require.Same(t, l, back)
	assert.True(t, l.talk.open(), "the line is open to type")

	g, gctx := steadyLobby(t, 0, false, false, 0)
	g.cfg.Player.ID = ""
	withTalk(t, g, "hello")
	next, _ = g.Update(gctx, kittest.Key("c"))
	scr := ansi.Strip(next.View(gctx))
	assert.Contains(t, scr, `bob: "hello"`)
	assert.NotContains(t, scr, "/ to talk")
	stay, _ := next.Update(gctx, kittest.Key("/"))
	assert.Same(t, next, stay, "a guest's / opens no line")
	var _ kit.Screen = next
}

// Lines of two rows scroll whole: the row under the heading always
// starts a line (a line's tail alone would read as nobody's), and the
// marks count lines.
func TestTalkLogScrollsWholeLines(t *testing.T) {
	l, ctx := steadyLobby(t, 0, false, false, 0)
	said := make([]string, 30)
	for i := range said {
		said[i] = fmt.Sprintf("line %d, long enough with these words to need a second row at eighty columns wide", i+1)
	}
	withTalk(t, l, said...)
	next, _ := l.Update(ctx, kittest.Key("c"))
	for step := range 40 {
		lines := strings.Split(ansi.Strip(next.View(ctx)), "\n")
		require.Len(t, lines, 24)
		require.True(t, strings.HasPrefix(lines[4], `   bob: "line `), "step %d: the top row is no line's start: %q", step, lines[4])
		var first, last, above, below int
		fmt.Sscanf(lines[4], `   bob: "line %d`, &first)
		for _, line := range lines[4:] {
			fmt.Sscanf(line, `   bob: "line %d`, &last)
		}
		fmt.Sscanf(lines[3][strings.Index(lines[3], "said")+4:], " · ↑ %d more above", &above)
		if i := strings.Index(lines[3], "↓ "); i >= 0 {
			fmt.Sscanf(lines[3][i:], "↓ %d more below", &below)
		}
		assert.Equal(t, first-1, above, "step %d: %q", step, lines[3])
		assert.Equal(t, 30-last, below, "step %d: %q", step, lines[3])
		next.Update(ctx, kittest.Key("up"))
	}
}
