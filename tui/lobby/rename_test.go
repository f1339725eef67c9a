package lobby

import (
	"errors"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/serve/chat"
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

// The rename line fits 80 columns whatever the name now is (long, or
// of wide letters): the keys give way first (the keys' line says them),
// then the name now ends in "…"; never the line cut at the edge. A
// long name typed shows its end and the cursor.
func TestRenameLineFits(t *testing.T) {
	for _, name := range []string{"ann", "alexandra_of_the_norther", "王小明王小明王小明王小明王小明王小明王小明王小", "王小明王小明王小明王小明"} {
		l, ctx := renameLobby()
		l.cfg.Player.Name = name
		press(l, ctx, "r")
		line := nameLine(t, l, ctx)
		if !strings.HasSuffix(line, ")") && !strings.HasSuffix(line, "esc cancel") {
			t.Errorf("%q: the rename line is cut: %q", name, line)
		}
		if !strings.Contains(line, "(now "+name+")") && !strings.Contains(line, "…)") {
			t.Errorf("%q: the name now is neither whole nor shortened with …: %q", name, line)
		}
		for range 24 {
			press(l, ctx, "王")
		}
		if line := nameLine(t, l, ctx); !strings.HasSuffix(line, "王_") && !strings.HasSuffix(line, "esc cancel") {
			t.Errorf("%q: the name typed is cut: %q", name, line)
		}
	}
}

// nameLine is the lobby's rename line as shown at 80 columns.
func nameLine(t *testing.T, l *Lobby, ctx *kit.Context) string {
	t.Helper()
	for _, line := range strings.Split(ansi.Strip(l.View(ctx)), "\n") {
		if strings.HasPrefix(line, " Your name: ") {
			if kit.WidthOf(line) > 80 {
				t.Fatalf("the rename line is %d wide: %q", kit.WidthOf(line), line)
			}
			return strings.TrimRight(line, " ")
		}
	}
	t.Fatalf("no rename line:\n%s", ansi.Strip(l.View(ctx)))
	return ""
}

// A guest may not rename to a member's name, nor to a look-alike of
// it, as a key may not.
func TestGuestRenameRefusesAMembersName(t *testing.T) {
	h := randomHall(t, hall.Config{})
	h.Member("b", "bob")
	ctx := kittest.Context(80, 24)
	l := New(Config{Player: hall.Player{Name: "guest"}, Hall: h})
	press(l, &ctx, "r", "B", "o", "b", "enter")
	assert.Equal(t, "guest", l.cfg.Player.Name)
	assert.Contains(t, ansi.Strip(l.View(&ctx)), `"Bob" looks like "bob", the name of another member of this club`)
}

// The new name is kept on disk (Config.Rename) by a command, off the
// lobby's Update, where a busy disk would freeze the person's screen;
// a name that could not be kept says so when the command ends.
func TestRenameKeepsTheNameOffTheUpdate(t *testing.T) {
	l, ctx := renameLobby()
	var kept []string
	l.cfg.Rename = func(n string) error {
		kept = append(kept, n)
		return errors.New("disk full")
	}
	press(l, ctx, "r", "B", "o", "b")
	_, cmd := l.Update(ctx, kittest.Key("enter"))
	assert.Empty(t, kept, "the name was written inside Update")
	assert.Equal(t, "Bob", l.cfg.Player.Name)
	assert.Contains(t, ansi.Strip(l.View(ctx)), "You are Bob now.")
	if assert.NotNil(t, cmd, "no command keeps the name") {
		l.Update(ctx, cmd())
	}
	assert.Equal(t, []string{"Bob"}, kept)
	assert.Contains(t, ansi.Strip(l.View(ctx)), "The name could not be kept: disk full.")
}

// Two connections of one key: a rename typed in one reaches the other
// at its next look (a tick, a key): its welcome, and what it says in
// the lobby's talk, name one person.
func TestRenameReachesTheKeysOtherLobby(t *testing.T) {
	hub, err := chat.New(chat.Config{})
	require.NoError(t, err)
	h := randomHall(t, hall.Config{Chat: hub})
	room := hub.NewRoom()
	cid := hall.Player{ID: "c1c1c1c1c1c1aaaaaaaaaaaaaaaaaaaa", Name: "cid"}
	first := New(Config{Player: cid, Hall: h, Chat: hub, Lobby: room})
	second := New(Config{Player: cid, Hall: h, Chat: hub, Lobby: room})
	ctx := kittest.Context(80, 24)
	first.Enter(&ctx)
	second.Enter(&ctx)
	press(second, &ctx, "r", "c", "i", "d", "n", "e", "y", "enter")
	require.Equal(t, "cidney", second.cfg.Player.Name)

	first.Update(&ctx, kit.TickMsg{})
	assert.Contains(t, ansi.Strip(first.View(&ctx)), "Welcome, cidney")
	first.startTalk(true)
	t.Cleanup(first.talk.t.close)
	_, err = first.talk.t.Say("who am i")
	require.NoError(t, err)
	lines := room.History("x").Lines
	assert.Equal(t, "cidney", lines[len(lines)-1].Name)
}

// A second connection of a key connected already, under another login
// name, goes by the key's name from its first frame, before any look or
// tick: the welcome, and the name it opens tables and talks under.
func TestSecondConnectionTakesTheKeysName(t *testing.T) {
	h := randomHall(t, hall.Config{})
	const key = "c1c1c1c1c1c1aaaaaaaaaaaaaaaaaaaa"
	first := New(Config{Player: hall.Player{ID: key, Name: "cid"}, Hall: h})
	ctx := kittest.Context(80, 24)
	first.Enter(&ctx)
	second := New(Config{Player: hall.Player{ID: key, Name: "ucid8"}, Hall: h})
	assert.Equal(t, "cid", second.cfg.Player.Name)
	view := ansi.Strip(second.View(&ctx))
	assert.Contains(t, view, "Welcome, cid ·")
	assert.NotContains(t, view, "ucid8")
}

// A key playing a game under way keeps its name: r says so at once,
// before a name is typed, and opens no line; at the game's end r opens
// it again.
func TestRenameRefusedAtTheKeyDuringAGame(t *testing.T) {
	h := randomHall(t, hall.Config{})
	ann := hall.Player{ID: "a", Name: "ann"}
	tb, annConn, bobConn := annAndBobPlay(t, h)

	l := New(Config{Player: ann, Hall: h})
	ctx := kittest.Context(80, 24)
	press(l, &ctx, "r")
	view := ansi.Strip(l.View(&ctx))
	assert.Contains(t, view, "You play as ann at table "+tb.Code()+": rename once that game is over.")
	assert.NotContains(t, view, "Your name:", "no line opens")

	playToTheEnd(t, annConn.Port(), bobConn.Port())
	press(l, &ctx, "r")
	assert.Contains(t, ansi.Strip(l.View(&ctx)), "Your name: _")
}

func TestCheckName(t *testing.T) {
	for name, ok := range map[string]bool{
		"Quinn": true, "Zoë O'Neil": true, "ann-2.b_c": true, "ａｎｎ": true,
		"": false, "Quinn?": false, "a\"b": false, strings.Repeat("x", 25): false,
		"You": false, "Bot C": false, "ann\u202e": false, "a\u200bb": false, "\ufeffann": false, "a\u2028b": false, "a\u2067b": false,
	} {
		if _, err := checkName(name); (err == nil) != ok {
			t.Errorf("checkName(%q) = %v, want ok %v", name, err, ok)
		}
	}
	// What the hostile names found, each refused with what is wrong
	// with it.
	for name, why := range map[string]string{
		"ann ♯721fda":                "reads as the # of a key's tag",
		"ann #721fda":                "reads as the # of a key's tag",
		"ann ☐721fda":                "reads as the tag of a key",
		"\u3164ann":                  "shows as a blank",
		"\u2800\u2800\u2800":         "shows as a blank",
		"a\u034fnn":                  "invisible",
		"Bot Ꮯ":                      "what the tables call you or a bot",
		"Bot Ⲥ":                      "what the tables call you or a bot",
		"Bot ꓚ":                      "what the tables call you or a bot",
		"eve ❨watching❩":             "no brackets",
		"fay ❲you❳":                  "no brackets",
		strings.Repeat("\u1100", 24): "a Hangul letter not joined into a syllable",
	} {
		_, err := checkName(name)
		if err == nil || !strings.Contains(err.Error(), "a name may not hold") && !strings.Contains(err.Error(), "choose another name") ||
			!strings.Contains(err.Error(), why) {
			t.Errorf("checkName(%q) = %v, want an error saying %q", name, err, why)
		}
	}
	// Names of many scripts stay accepted as they are.
	for _, name := range []string{"José", "Łukasz", "Nguyễn Văn", "Юля", "Ζωή", "王小明", "김민준", "さくら", "דנה", "علي", "Bot Bob", "ann ♠"} {
		if n, err := checkName(name); err != nil || n != name {
			t.Errorf("checkName(%q) = %q, %v", name, n, err)
		}
	}
	if n, _ := checkName("ａｎｎ"); n != "ann" {
		t.Errorf("checkName(ａｎｎ) = %q, want the NFKC form ann", n)
	}
}
