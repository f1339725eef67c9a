package lobby

import (
	"fmt"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/tui/kit"
)

// talkLog reads the lobby's talk back: the lines this connection holds
// (the room's last lines as it came, and those said since, up to
// maxTalkLines), the newest at the bottom, where the pane
// under the tables shows only the latest few. ↑/↓ and the page keys
// scroll; new lines keep coming in; / goes back to the lobby with the
// line open, q and esc back to the lobby.
type talkLog struct {
	leavesAtOnce
	l    *Lobby
	back int // rows scrolled up from the newest; 0 follows the talk
}

func newTalkLog(l *Lobby) *talkLog { return &talkLog{leavesAtOnce: leavesAtOnce{l}, l: l} }

func (t *talkLog) Name() string { return "lobby talk" }

// rows are the talk's lines wrapped in w cells, oldest first.
func (t *talkLog) rows(ctx *kit.Context, w int) []string {
	var rows []string
	for _, l := range t.l.talk.t.Lines() {
		rows = append(rows, kit.Indent("   ", kit.WrapTalk(talkText(l), max(10, w-4), 0, ctx.Ellipsis()), nil)...)
	}
	return rows
}

// room is the rows the talk's lines get on a screen of h lines: the
// title, its blank, the heading, the blank and keys' line under them.
func (t *talkLog) room(ctx *kit.Context) int { return max(1, ctx.Height-len(kit.Titled(ctx, ""))-4) }

func (t *talkLog) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	k := &ctx.Keys
	key, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return t, nil
	}
	all, room := len(t.rows(ctx, ctx.Width)), t.room(ctx)
	most := max(0, all-room)
	switch {
	case kit.IsKey(key, k.Back) || kit.IsKey(key, k.Quit):
		return t.l, nil
	case key.String() == "/" && !t.l.guest():
		t.l.setNote("", false)
		t.l.talk.start()
		return t.l, nil
	case kit.IsKey(key, k.Up):
		t.back++
	case kit.IsKey(key, k.Down):
		t.back--
	case kit.PageDir(key) != 0:
		t.back -= kit.PageDir(key) * room
	case key.String() == "home":
		t.back = most
	case key.String() == "end":
		t.back = 0
	}
	t.back = max(0, min(t.back, most))
	return t, nil
}

func (t *talkLog) View(ctx *kit.Context) string {
	st := &ctx.Styles
	w := ctx.Width
	lines := append(kit.Titled(ctx, "Lobby talk"), "")
	rows := t.rows(ctx, w)
	room := t.room(ctx)
	// back counts rows up from the newest: at 0 the newest show.
	back := max(0, min(t.back, len(rows)-room))
	end := len(rows) - back
	start := max(0, end-room)
	what := fmt.Sprintf("the last %s said", kit.Plural(len(t.l.talk.t.Lines()), "line"))
	if len(rows) == 0 {
		what = "nothing said yet"
		if len(t.l.talk.t.muted) > 0 {
			what = "nothing said yet, or only by people you muted"
		}
	}
	if mark := moreMark(start, back); mark != "" {
		what += " · " + mark
	}
	lines = append(lines, " "+st.Dim.Render(kit.Clip(what, w-2)))
	lines = append(lines, rows[start:end]...)
	keys := "↑/↓ scroll · PgUp/PgDn page · / to talk · q/esc back"
	if t.l.guest() {
		keys = "↑/↓ scroll · PgUp/PgDn page · q/esc back"
	}
	lines = kit.Footed(lines, ctx.Height, "", " "+st.Dim.Render(kit.Clip(keys, w-2)))
	return kit.Canvas(lines, w, ctx.Height)
}

// KeyHelp: the talk's keys.
func (t *talkLog) KeyHelp(k *kit.KeyMap) help.KeyMap {
	keys := []key.Binding{kit.Brief("scroll", k.Up, k.Down), kit.PageKeys("a page up or down"), backKeys(k), k.Help}
	if !t.l.guest() {
		keys = append(keys, kit.Bind("/", "talk: back to the lobby with a line to type"))
	}
	return kit.KeyHelp{Short: keys, Full: [][]key.Binding{keys}}
}
