package lobby

import (
	"errors"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/tui/kit/kittest"
)

// A guest who types a line after / is refused the talk, and the keys
// of the line are taken as the line, never as the lobby's keys ("t"
// would open the trainer): enter ends it, saying it was not sent, and
// the lobby's keys work again after it; esc ends it too.
func TestGuestLineRunsNoLobbyKeys(t *testing.T) {
	for _, end := range []string{"enter", "esc"} {
		l, ctx := steadyLobby(t, 0, false, true, 1)
		l.cfg.Player.ID = "" // a guest
		_, _ = l.Update(ctx, kittest.Key("/"))
		require.True(t, Typing(l), "the keys after / are the line's")
		view := ansi.Strip(l.View(ctx))
		assert.Contains(t, view, "Guests read the talk but do not write")
		assert.NotContains(t, view, "Say:")
		for _, k := range strings.Split("guest talk pq?", "") {
			if k == " " {
				k = "space"
			}
			next, cmd := l.Update(ctx, kittest.Key(k))
			require.Same(t, l, next, "%q opened a screen", k)
			require.Nil(t, cmd, "%q ran a command", k)
		}
		require.Equal(t, 0, l.row, "a letter moved the lobby's cursor")
		_, _ = l.Update(ctx, kittest.Key(end))
		require.False(t, Typing(l), end)
		if end == "enter" {
			assert.Contains(t, ansi.Strip(l.View(ctx)), "Not sent: guests read the talk")
		}
		next, _ := l.Update(ctx, kittest.Key("t"))
		require.NotSame(t, l, next, "t opens the trainer again after %s", end)
	}
}

// A guest's line refused leaves the talk as empty as it was, and it
// reads so: at 80×24, rated or not, "(nothing said yet)" stays under
// the heading after enter, the refusal under it, and every line fits.
func TestGuestRefusedLineKeepsNothingSaid(t *testing.T) {
	for _, rated := range []bool{false, true} {
		l, ctx := steadyLobby(t, 0, rated, false, 0)
		l.cfg.Player.ID = "" // a guest, and the talk's reader one too
		withTalk(t, l)
		require.Contains(t, strings.Join(screenLines(l, ctx), "\n"), "(nothing said yet)")
		for _, k := range strings.Split("/hello", "") {
			_, _ = l.Update(ctx, kittest.Key(k))
		}
		_, _ = l.Update(ctx, kittest.Key("enter"))
		rows := screenLines(l, ctx)
		require.Len(t, rows, 24)
		for _, row := range rows {
			require.LessOrEqual(t, ansi.StringWidth(row), 80, "%q", row)
		}
		scr := strings.Join(rows, "\n")
		assert.Contains(t, scr, "(guests read: connect with an SSH key to talk)", "rated %v", rated)
		assert.Contains(t, scr, "(nothing said yet)", "rated %v:\n%s", rated, scr)
		assert.Contains(t, scr, "Not sent: guests read the talk but do not write.", "rated %v", rated)

		// The next / says again that nothing is sent, once: the note of
		// the line refused before goes.
		_, _ = l.Update(ctx, kittest.Key("/"))
		scr = strings.Join(screenLines(l, ctx), "\n")
		assert.NotContains(t, scr, "Not sent", "rated %v", rated)
		_, _ = l.Update(ctx, kittest.Key("esc"))
	}
}

// A key holder's line refused (they keep quiet for now) leaves the
// talk as empty too: "(nothing said yet)" stays over the note that
// says why, rather than go for it.
func TestRefusedLineKeepsNothingSaid(t *testing.T) {
	l, ctx := steadyLobby(t, 0, true, true, 0)
	l.talk.t.quiet = func() error { return errors.New("you may not talk now") }
	for _, k := range strings.Split("/hi", "") {
		_, _ = l.Update(ctx, kittest.Key(k))
	}
	_, _ = l.Update(ctx, kittest.Key("enter"))
	rows := screenLines(l, ctx)
	require.Len(t, rows, 24)
	scr := strings.Join(rows, "\n")
	assert.Contains(t, scr, "(nothing said yet)", scr)
	assert.Contains(t, scr, "Not sent: you may not talk now.", scr)
}
