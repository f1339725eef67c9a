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
// maxTalkLines), newest at the bottom, where the pane under the tables
// shows only the latest few. ↑/↓ and the page keys scroll by whole
// lines; new lines keep coming in; / goes back to the lobby with the
// line open, q and esc back to the lobby.
type talkLog struct {
	leavesAtOnce
	back int // lines scrolled up from the newest; 0 follows the talk
}

func newTalkLog(l *Lobby) *talkLog { return &talkLog{leavesAtOnce: leavesAtOnce{l}} }

func (t *talkLog) Name() string { return "lobby talk" }

// said are the talk's lines, oldest first, each wrapped in w cells.
func (t *talkLog) said(ctx *kit.Context, w int) [][]string {
	var out [][]string
	talk := t.l.talk.t
	for i, l := range talk.Lines() {
		out = append(out, kit.Indent("   ", kit.WrapTalk(talkText(l, talk.mine(i)), max(10, w-4), 0, ctx.Ellipsis()), nil))
	}
	return out
}

// room is the rows the talk's lines get: the screen less the title and
// its rule, a blank, the heading, and the blank and keys' line under.
func (t *talkLog) room(ctx *kit.Context) int { return max(1, ctx.Height-6) }

// saidWindow is the lines shown, said[from:to], back lines up from the
// newest: whole lines only, as many as fit in room above the last one
// shown (which shows, cut, when it alone is too long).
func saidWindow(said [][]string, back, room int) (from, to int) {
	to = len(said) - back
	from, used := to, 0
	for from > 0 && (from == to || used+len(said[from-1]) <= room) {
		used += len(said[from-1])
		from--
	}
	return from, to
}

// saidMost is the farthest back the talk scrolls: the first line at the
// top, the room filled below it.
func saidMost(said [][]string, room int) int {
	to, used := 0, 0
	for to < len(said) && (to == 0 || used+len(said[to]) <= room) {
		used += len(said[to])
		to++
	}
	return len(said) - to
}

func (t *talkLog) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	k := &ctx.Keys
	key, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return t, nil
	}
	said, room := t.said(ctx, ctx.Width), t.room(ctx)
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
		from, to := saidWindow(said, min(t.back, len(said)), room)
		t.back -= kit.PageDir(key) * max(1, to-from)
	case key.String() == "home":
		t.back = len(said)
	case key.String() == "end":
		t.back = 0
	}
	t.back = max(0, min(t.back, saidMost(said, room)))
	return t, nil
}

func (t *talkLog) View(ctx *kit.Context) string {
	st := &ctx.Styles
	w := ctx.Width
	lines := append(kit.Titled(ctx, "Lobby talk"), "")
	said, room := t.said(ctx, w), t.room(ctx)
	back := max(0, min(t.back, saidMost(said, room)))
	from, to := saidWindow(said, back, room)
	// One line is "the last line said", not "the last 1 line".
	what := "the last line said"
	if len(said) > 1 {
		what = fmt.Sprintf("the last %d lines said", len(said))
	}
	if len(said) == 0 {
		what = t.l.talk.t.nothingSaid()
	}
	if mark := moreMark(from, len(said)-to); mark != "" {
		what += " · " + mark
	}
	lines = append(lines, " "+st.Dim.Render(kit.Clip(what, w-2)))
	for _, rows := range said[from:to] {
		lines = append(lines, rows...)
	}
	if len(lines) > 4+room {
		// The one line shown is longer than the room: its start shows.
		lines = append(lines[:3+room], kit.Clip(lines[3+room], w-kit.WidthOf(ctx.Ellipsis()))+ctx.Ellipsis())
	}
	keys := "↑/↓ scroll · PgUp/PgDn page · / to talk · q/esc back · ? help"
	if t.l.guest() {
		keys = "↑/↓ scroll · PgUp/PgDn page · q/esc back · ? help"
	}
	lines = kit.Footed(lines, ctx.Height, "", " "+st.Dim.Render(kit.Clip(keys, w-2)))
	return kit.Canvas(lines, w, ctx.Height)
}

// HelpMarks: the talk's lines, nothing for the help's numbers and marks
// to explain.
func (t *talkLog) HelpMarks() bool { return false }

// KeyHelp: the talk's keys.
func (t *talkLog) KeyHelp(k *kit.KeyMap) help.KeyMap {
	keys := []key.Binding{kit.Brief("scroll", k.Up, k.Down), kit.PageKeys("a page up or down"), backKeys(k), k.Help}
	if !t.l.guest() {
		keys = append(keys, kit.Bind("/", "talk: back to the lobby with a line to type"))
	}
	return kit.KeyHelp{Short: keys, Full: [][]key.Binding{keys}}
}
