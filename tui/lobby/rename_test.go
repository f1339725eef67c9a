package lobby

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// renameLobby is Ann's lobby at 80×24 with no hall, and its context.
func renameLobby() (*Lobby, *kit.Context) {
	ctx := kittest.Context(80, 24)
	return &Lobby{cfg: &Config{Player: hall.Player{ID: "a", Name: "ann"}}}, &ctx
}

// press gives the lobby each key in turn.
func press(l *Lobby, ctx *kit.Context, keys ...string) {
	for _, k := range keys {
		l.Update(ctx, kittest.Key(k))
	}
}

// The rename line starts empty, the name now shown beside it: what is
// typed is the new name, never added to the old one.
func TestRenameTypesTheNewName(t *testing.T) {
	l, ctx := renameLobby()
	press(l, ctx, "r")
	view := ansi.Strip(l.View(ctx))
	assert.Contains(t, view, "Your name: _", "the line starts empty")
	assert.Contains(t, view, "now ann", "the old name shows beside the line")
	press(l, ctx, "B", "o", "b", "enter")
	assert.Equal(t, "Bob", l.cfg.Player.Name)
	assert.Contains(t, ansi.Strip(l.View(ctx)), "You are Bob now.")
}

// esc leaves the name as it was, and so does enter on the empty line.
func TestRenameCancelKeepsTheName(t *testing.T) {
	l, ctx := renameLobby()
	press(l, ctx, "r", "x", "esc")
	assert.Equal(t, "ann", l.cfg.Player.Name)
	press(l, ctx, "r", "enter")
	assert.Equal(t, "ann", l.cfg.Player.Name)
	view := ansi.Strip(l.View(ctx))
	assert.False(t, strings.Contains(view, "!"), "no error for a name left as it was:\n%s", view)
	assert.NotContains(t, view, "Your name:", "the line is closed")
}
