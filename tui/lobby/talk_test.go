package lobby

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/serve/chat"
	"github.com/klob/klob/internal/serve/club"
	"github.com/klob/klob/internal/serve/rating"
	"github.com/klob/klob/internal/serve/server"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/halltest"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/lobby/lobbytest"
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

// A name shown with its key's tag (another key's name looks like it)
// is muted by the name alone when one key of that name talked, by the
// name with its tag too; of several, the answer lists them with their
// tags, and either is muted by its tagged name.
func TestMuteANameShownWithItsTag(t *testing.T) {
	const bob, bob2 = "10714564b254ffff", "aaaaaaaaaaaa0000"
	hub, err := chat.New(chat.Config{Now: func() time.Time { return time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC) }})
	require.NoError(t, err)
	room := hub.NewRoom()
	say := func(key, name, text string) {
		t.Helper()
		_, err := room.Say(chat.Sender{Key: key, Name: name}, text)
		require.NoError(t, err)
	}
	say(bob, "Bob #10714564b254", "hello")
	talk := newTalk(hub, room, nil, hall.Player{ID: "a", Name: "ann"}, func() string { return "ann" }, false, muteBook{})
	t.Cleanup(talk.sub.Close)

	note, err := talk.command("/mute", "bob")
	require.NoError(t, err)
	assert.Contains(t, note, "You no longer see Bob #10714564b254's lines")
	note, err = talk.command("/unmute", "Bob")
	require.NoError(t, err)
	assert.Contains(t, note, "You see Bob #10714564b254's lines again")

	say(bob, "Bob #10714564b254", "hello again")
	say(bob2, "Bob", "hi")
	talk2 := newTalk(hub, room, nil, hall.Player{ID: "a", Name: "ann"}, func() string { return "ann" }, false, muteBook{})
	t.Cleanup(talk2.sub.Close)
	_, err = talk2.command("/mute", "Bob")
	require.Error(t, err)
	assert.Equal(t, `several players go by "Bob": /mute one of Bob #10714564b254 or Bob #aaaaaaaaaaaa`, err.Error())
	note, err = talk2.command("/mute", "Bob #aaaaaaaaaaaa")
	require.NoError(t, err)
	assert.Contains(t, note, "You no longer see Bob's lines")
	_, err = talk2.command("/mute", "Bob")
	require.NoError(t, err, "one Bob left in the talk")
	_, err = talk2.command("/unmute", "Bob")
	require.Error(t, err)
	assert.Equal(t, `you muted several players called "Bob": /unmute one of Bob #10714564b254 or Bob #aaaaaaaaaaaa`, err.Error())
}

// A talk line of Indic conjuncts (क्ष: two cells in tmux) wraps to the
// width the terminal draws it at: no line of the lobby is wider than 80
// cells as drawn, none cut.
func TestTalkOfConjunctsFits(t *testing.T) {
	l, ctx := steadyLobby(t, 0, true, false, 0)
	withTalk(t, l, strings.Repeat("क्ष", 60))
	lines := screenLines(l, ctx)
	require.Len(t, lines, 24)
	said := 0
	for i, line := range lines {
		if w := ansi.StringWidthWc(line); w > 80 {
			t.Errorf("line %d is %d cells as drawn:\n%s", i, w, strings.Join(lines, "\n"))
		}
		said += strings.Count(line, "क्ष")
	}
	assert.Equal(t, 60, said, "the line is cut:\n%s", strings.Join(lines, "\n"))
}

// After /mute then /unmute the lines the mute hid stay hidden, so the
// empty talk still says they may have been said: it does not claim
// that nothing was. The lines were hidden three ways: taken off at
// /mute, left out of the history at the start (a mute of an earlier
// connection), or not given as they were said.
func TestTalkUnmutedKeepsSayingLinesWereHidden(t *testing.T) {
	for _, how := range []string{"at /mute", "at the start", "as said"} {
		l, ctx := steadyLobby(t, 0, true, false, 0)
		hub, err := chat.New(chat.Config{Now: func() time.Time { return time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC) }})
		require.NoError(t, err)
		room := hub.NewRoom()
		say := func(text string) {
			t.Helper()
			_, err := room.Say(chat.Sender{Key: "b", Name: "bob"}, text)
			require.NoError(t, err)
		}
		if how != "at /mute" {
			// Muted by an earlier connection of the same key.
			require.NoError(t, hub.Mute("a", "b", "bob"))
			l.mutes["b"] = "bob"
		}
		if how != "as said" {
			say("hello")
		}
		l.talk = &talkPane{t: newTalk(hub, room, nil, l.cfg.Player, func() string { return "ann" }, false, l.mutes)}
		t.Cleanup(l.talk.t.sub.Close)
		switch how {
		case "at /mute":
			_, err := l.talk.t.command("/mute", "bob")
			require.NoError(t, err)
		case "as said":
			say("hello while muted")
		}
		_, err = l.talk.t.command("/unmute", "bob")
		require.NoError(t, err, how)
		scr := strings.Join(screenLines(l, ctx), "\n")
		assert.NotContains(t, scr, "(nothing said yet)", how)
		assert.Contains(t, scr, "(nothing said yet, or only by people you muted)", how)
	}
	// Nobody muted, nothing said: nothing said yet.
	l, ctx := steadyLobby(t, 0, true, false, 0)
	withTalk(t, l)
	assert.Contains(t, strings.Join(screenLines(l, ctx), "\n"), "(nothing said yet)")
}

// The talk read back (c) counts its lines in words that read: one line
// is "the last line said", never "the last 1 line said".
func TestTalkReadsBackCountsItsLines(t *testing.T) {
	for said, want := range map[int]string{1: "the last line said", 2: "the last 2 lines said", 3: "the last 3 lines said"} {
		l, ctx := steadyLobby(t, 0, true, true, said)
		next, _ := l.Update(ctx, kittest.Key("c"))
		log, ok := next.(*talkLog)
		require.True(t, ok, "c opens the talk, got %T", next)
		scr := ansi.Strip(log.View(ctx))
		assert.Contains(t, strings.Split(scr, "\n"), kit.Fit(" "+want, 80), said)
		assert.NotContains(t, scr, "last 1 ", said)
	}
}

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

// The line typed (a table's code) or a note under the tables does not
// sit on the talk's heading: at 80×24, a table or none and nothing said
// yet, a blank row stays before "Lobby talk" and nothing above the
// tables moves. Without a rating the talk keeps "(nothing said yet)"
// under its heading; with the rating's two lines, under the code typed
// there is no row for it, and the talk shows nothing rather than its
// heading over a blank row (TestRefusedCodeLeavesNoBareTalkHeading);
// under a note the talk keeps its heading and that line, as it keeps
// a line said, the blank before it going first. Lines said keep their
// rows before the blank (TestLobbyTalkRoomAt80x24).
func TestPromptKeepsTheBlankBeforeTheTalk(t *testing.T) {
	for _, rated := range []bool{false, true} {
		for _, tables := range []int{0, 1} {
			for _, what := range []string{"code", "note"} {
				name := fmt.Sprintf("rated %v, %d tables, %s", rated, tables, what)
				l, ctx := steadyLobby(t, tables, rated, true, 0)
				before := screenLines(l, ctx)
				switch what {
				case "code":
					press(l, ctx, "j")
				case "note":
					l.setNote("Your seat at table QLDU waits for you: enter takes it back.", false)
				}
				rows := screenLines(l, ctx)
				text := strings.Join(rows, "\n")
				require.Len(t, rows, 24, name)
				head := slices.IndexFunc(before, func(s string) bool { return strings.HasPrefix(s, " Tables") })
				require.Equal(t, before[:head+1], rows[:head+1], name)
				talk := slices.IndexFunc(rows, func(s string) bool { return strings.HasPrefix(s, " Lobby talk") })
				switch {
				case rated && what == "code":
					require.Negative(t, talk, "%s: the talk's heading over nothing:\n%s", name, text)
					continue
				case rated:
					require.Positive(t, talk, "%s: no talk under the note:\n%s", name, text)
					require.Equal(t, "   (nothing said yet)", strings.TrimRight(rows[talk+1], " "), "%s:\n%s", name, text)
					continue
				}
				require.Positive(t, talk, "%s:\n%s", name, text)
				require.Empty(t, strings.TrimSpace(rows[talk-1]), "%s: no blank row before the talk:\n%s", name, text)
				require.Equal(t, "   (nothing said yet)", strings.TrimRight(rows[talk+1], " "), "%s:\n%s", name, text)
			}
		}
	}
}

// A code no table has (j, "zzzz", enter) is refused in a note under the
// tables. The talk's heading never stands over a blank row: with
// nothing said, where the note leaves no row for "(nothing said yet)"
// the heading goes too, and it is back with the row once the note is.
// With and without a rating, 0 to 8 tables, at 80×24.
func TestRefusedCodeLeavesNoBareTalkHeading(t *testing.T) {
	for _, rated := range []bool{false, true} {
		for n := range 9 {
			name := fmt.Sprintf("rated %v, %d tables", rated, n)
			// A hall of its own: the hall counts the wrong codes tried.
			h, err := hall.New(hall.Config{Dir: t.TempDir(), Grace: time.Minute, Clock: clocktest.New(clocktest.Start())})
			require.NoError(t, err)
			t.Cleanup(h.Close)
			l, ctx := steadyLobby(t, n, rated, true, 0)
			l.cfg.Hall = h
			before := strings.Join(screenLines(l, ctx), "\n")
			require.Contains(t, before, "\n Lobby talk", "%s: no talk before the note:\n%s", name, before)
			press(l, ctx, "j", "z", "z", "z", "z", "enter")
			rows := screenLines(l, ctx)
			text := strings.Join(rows, "\n")
			require.Contains(t, text, `! "zzzz": no open table has that code.`, "%s:\n%s", name, text)
			if talk := slices.IndexFunc(rows, func(s string) bool { return strings.HasPrefix(s, " Lobby talk") }); talk >= 0 {
				require.Less(t, talk+1, len(rows), name)
				require.Equal(t, "   (nothing said yet)", strings.TrimRight(rows[talk+1], " "),
					"%s: the talk's heading over a blank row:\n%s", name, text)
			}
			l.setNote("", false)
			require.Equal(t, before, strings.Join(screenLines(l, ctx), "\n"), "%s: the lobby after the note", name)
		}
	}
}

// Whoever has played a board of a running tournament says nothing in
// the lobby's talk until it ends, and is told why as the line opens;
// the lobby's tick after the end says they may talk again. One who
// only entered talks. At every seat count.
func TestTourneyPlayersKeepQuietInTheLobby(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		ctx := context.Background()
		f := newTourneyFixture(t, n)
		svc, ann, info := f.svc, f.ann, f.info

		l, _ := steadyLobby(t, 0, true, true, 1)
		l.cfg.Player = hall.Player{ID: ann.Key, Name: ann.Name}
		l.cfg.Tourney = svc
		withTalk(t, l)
		l.talk.t.quiet = quietPlayed(l, quietAt(l, nil))
		_, err := l.talk.t.Say("hello")
		require.NoError(t, err, "entering alone keeps nobody quiet")

		seat, err := svc.Play(ctx, ann, info.Code)
		require.NoError(t, err)
		seat.Leave()
		_, err = l.talk.t.Say("board 1: take spades")
		require.Error(t, err, "a player of a running tournament talks in the lobby")
		assert.Contains(t, err.Error(), "tournament TESTAB")
		l.talk.start()
		assert.Contains(t, l.talk.note.Text, "You began a board of tournament TESTAB", "the line says why as it opens")
		l.talk.box.Typing = false
		l.talk.note.Text = ""

		l.quietLifted()
		assert.Empty(t, l.talk.note.Text, "nothing lifted yet")
		require.NoError(t, svc.End(ctx, ann, info.Code))
		l.quietLifted()
		assert.Contains(t, l.talk.note.Text, "has ended: you may talk again")
		_, err = l.talk.t.Say("well played")
		require.NoError(t, err)
	})
}

// typeLine types text on the lobby's open line, then enter.
func typeLine(l *Lobby, ctx *kit.Context, text string) {
	for _, r := range text {
		k := string(r)
		if r == ' ' {
			k = "space"
		}
		press(l, ctx, k)
	}
	press(l, ctx, "enter")
}

// A player of a running tournament who opens the lobby's line reads at
// once why it sends nothing and until when: the tournament's end. A
// line typed and sent anyway is refused, said so: the line closes and
// keeps it, and the talk's heading says / opens it; it goes once the
// tournament has ended. /mute works meanwhile; a command refused keeps
// its own reason. Every screen fits 80×24. At every seat count.
func TestQuietLineSaysUntilWhenAndKeepsTheLine(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newTourneyFixture(t, n)
		l, ctx := f.annsLobby(t, true, false)
		withTalk(t, l, "hello")
		l.talk.t.quiet = quietPlayed(l, quietAt(l, nil))
		f.begin(t)
		l.quietLifted()
		named := "tournament TESTAB for " + string(rune('0'+n)) + " players"
		why := "you began a board of " + named + ", which others may still play: until 13:00 UTC you talk nowhere and keep your name"
		view := func(what string) string {
			t.Helper()
			lines := screenLines(l, ctx)
			require.Len(t, lines, 24, what)
			for _, line := range lines {
				require.LessOrEqual(t, ansi.StringWidth(line), 80, "%s: %q", what, line)
			}
			return kittest.Flat(strings.Join(lines, "\n"))
		}

		press(l, ctx, "/")
		require.True(t, l.talk.open(), "the line opens, for /mute")
		assert.Equal(t, kit.Capital(why)+".", l.talk.note.Text)
		assert.Contains(t, view("opened"), "until 13:00 UTC you talk nowhere and keep your name.")
		typeLine(l, ctx, "/mute zed")
		require.True(t, l.talk.open(), "a command refused keeps the line open")
		assert.Contains(t, l.talk.note.Text, `Nobody called "zed" is here now or has talked here`)
		press(l, ctx, "esc")
		press(l, ctx, "/")
		typeLine(l, ctx, "/mute bob")
		assert.False(t, l.talk.open())
		assert.Contains(t, l.talk.note.Text, "You no longer see bob's lines")

		press(l, ctx, "/")
		typeLine(l, ctx, "hi all")
		require.False(t, l.talk.open(), "the refused line closes: the lobby's keys work again")
		assert.Equal(t, kit.Note{Text: "Not sent: " + why + ". Your line is kept: / opens it again.", Err: true}, l.talk.note)
		text := view("refused")
		assert.Contains(t, text, "Not sent: you began a board of "+named)
		assert.Contains(t, text, "you talk nowhere and keep your name. Your line is kept: / opens it again.")
		assert.Contains(t, text, "Lobby talk / opens your unsent line")
		sub, h := l.talk.t.room.Subscribe("zz")
		sub.Close()
		for _, line := range h.Lines {
			assert.NotEqual(t, "hi all", line.Text, "a refused line was said")
		}

		press(l, ctx, "/")
		require.True(t, l.talk.open())
		assert.Contains(t, view("reopened"), "Say: hi all")
		press(l, ctx, "enter")
		require.False(t, l.talk.open())
		require.NoError(t, f.svc.End(context.Background(), f.ann, f.info.Code))
		l.quietLifted()
		assert.Contains(t, l.talk.note.Text, "has ended: you may talk again")
		press(l, ctx, "/")
		assert.Contains(t, view("lifted"), "Say: hi all")
		press(l, ctx, "enter")
		require.False(t, l.talk.open())
		assert.False(t, l.talk.note.Err, l.talk.note.Text)
		assert.Contains(t, view("said"), "Lobby talk / to talk")
		sub, h = l.talk.t.room.Subscribe("zy")
		sub.Close()
		require.NotEmpty(t, h.Lines)
		assert.Equal(t, "hi all", h.Lines[len(h.Lines)-1].Text)
	})
}

// Whoever began a tournament's board and opens the lobby's line reads
// the whole why under it at 80×24, not cut at its end, whatever the
// lobby holds besides: nothing said yet (the note takes that line's
// row, the talk's heading stays), lines said, tables, the rating's
// lines; and whenever the tournament ends: today, later this week, or
// weeks on (its date said whole). At every seat count.
func TestQuietReasonUnderTheSayBoxIsWhole(t *testing.T) {
	ends := map[time.Duration]string{time.Hour: "13:00 UTC", 3 * 24 * time.Hour: "Fri 12:00 UTC",
		20*24*time.Hour + 11*time.Hour + 43*time.Minute: "Mon 21 Dec 23:43 UTC"}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for length, until := range ends {
			// The emptiest lobby and the fullest.
			for _, c := range []struct{ said, tables int }{{0, 0}, {2, 2}} {
				{
					said, tables := c.said, c.tables
					what := fmt.Sprintf("until %s, %d said, %d tables", until, said, tables)
					f := tourneyFixtureEnding(t, n, length)
					l, ctx := f.annsLobby(t, true, false)
					var lines []string
					for i := range said {
						lines = append(lines, fmt.Sprintf("hello %d", i))
					}
					withTalk(t, l, lines...)
					for i := range tables {
						l.tables = append(l.tables, hall.Info{Code: fmt.Sprintf("AB%02d", i), Seats: 2, Names: []string{"bob", ""}, Level: ai.Normal, Target: 500})
					}
					l.talk.t.quiet = quietPlayed(l, quietAt(l, nil))
					f.begin(t)
					press(l, ctx, "/")
					require.True(t, l.talk.open(), what)
					why := kit.Capital(quietPlayedError(f.info.Named(), until).Error()) + "."
					require.Equal(t, why, l.talk.note.Text, what)
					view := quietView(t, l, ctx, what)
					assert.Contains(t, view, "Say: _ "+why, what)
					assert.Contains(t, view, "Lobby talk you're quiet until "+until, what)
					if said > 0 {
						assert.Contains(t, view, fmt.Sprintf(`bob: "hello %d"`, said-1), "%s: the newest line said", what)
					}
					// A line sent anyway is refused with the same why, whole.
					typeLine(l, ctx, "hi")
					require.False(t, l.talk.open(), what)
					assert.Contains(t, quietView(t, l, ctx, what), "Not sent: "+strings.ToLower(why[:1])+why[1:len(why)-1]+". Your line is kept: / opens it again.", what)
				}
			}
		}
		// The daily's title is the widest a tournament has: with the
		// widest end it takes the same two rows as the club's above.
		why := kit.Capital(quietPlayedError(duplicate.DailyNamed(duplicate.Date{Year: 2026, Month: 12, Day: 21}, n), "Mon 21 Dec 23:43 UTC").Error()) + "."
		assert.LessOrEqual(t, len(kit.Wrap(why, 78)), 2, why)
	})
}

// steadyLobby is Ann's lobby at 80×24 listing n tables, with the
// lobby's talk holding said lines when talk is set.
// A rating, when rated is set, takes two lines under the welcome.
func steadyLobby(t *testing.T, n int, rated, talk bool, said int) (*Lobby, *kit.Context) {
	ctx := kittest.Context(80, 24)
	l := &Lobby{cfg: &Config{Player: hall.Player{ID: "a", Name: "ann"}}, mutes: muteBook{}}
	if rated {
		l.cfg.Club = &lobbytest.Club{}
		for _, n := range club.Pools() {
			l.club.card = append(l.club.card, club.Standing{Seats: n, Shown: rating.Shown{Points: 1500, PlusMinus: 350}})
		}
	}
	for i := range n {
		l.tables = append(l.tables, hall.Info{Code: fmt.Sprintf("AB%02d", i), Seats: 2, Names: []string{"bob", ""},
			Level: ai.Normal, Target: 500})
	}
	if talk {
		lines := make([]string, said)
		for i := range lines {
			lines[i] = fmt.Sprintf("line %d", i+1)
		}
		withTalk(t, l, lines...)
	}
	return l, &ctx
}

// withTalk gives l the lobby's talk, in which bob has said each of
// lines (the chat's clock standing still).
func withTalk(t *testing.T, l *Lobby, lines ...string) {
	t.Helper()
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	hub, err := chat.New(chat.Config{Now: func() time.Time { return now }, Burst: max(5, len(lines))})
	require.NoError(t, err)
	room := hub.NewRoom()
	for _, text := range lines {
		_, err := room.Say(chat.Sender{Key: "b", Name: "bob"}, text)
		require.NoError(t, err)
	}
	l.talk = &talkPane{t: newTalk(hub, room, nil, l.cfg.Player, func() string { return "ann" }, false, l.mutes)}
	t.Cleanup(l.talk.t.sub.Close)
}

// screenLines are the lobby's lines as read, the cursor's mark left
// out (the letter pressed moves it to its row).
func screenLines(l *Lobby, ctx *kit.Context) []string {
	return strings.Split(strings.ReplaceAll(ansi.Strip(l.View(ctx)), "▶", " "), "\n")
}

// Opening the code's line (j), the name's (r) or the talk's (/) moves
// nothing above it: the line takes rows under the tables' first row,
// the menu and the tables stay where they were (the list may show
// fewer).
func TestPromptKeepsTheLobbySteady(t *testing.T) {
	for _, tc := range []struct {
		tables int
		talk   bool
		said   int
	}{{0, false, 0}, {1, false, 0}, {1, true, 0}, {1, true, 3}, {2, true, 0}, {2, true, 3}, {5, true, 3}} {
		for _, c := range []struct {
			k     string
			rated bool
		}{{"j", false}, {"r", false}, {"/", false}, {"j", true}, {"r", true}, {"/", true}} {
			k := c.k
			if k == "/" && !tc.talk {
				continue
			}
			name := fmt.Sprintf("%d tables, rated %v, talk %v with %d lines, %s", tc.tables, c.rated, tc.talk, tc.said, k)
			l, ctx := steadyLobby(t, tc.tables, c.rated, tc.talk, tc.said)
			before := screenLines(l, ctx)
			press(l, ctx, k)
			after := screenLines(l, ctx)
			require.Len(t, after, 24, name)
			// The prompt's line, or the talk's heading above the line
			// typed: everything above it is as it was.
			at := -1
			for i, line := range after {
				if strings.Contains(line, "Table code:") || strings.Contains(line, "Your name:") ||
					(k == "/" && strings.HasPrefix(line, " Lobby talk")) {
					at = i
					break
				}
			}
			require.GreaterOrEqual(t, at, 0, "%s: no line opened:\n%s", name, strings.Join(after, "\n"))
			// Down to the tables' heading nothing changed; under it the
			// list may be cut short (an entry ending with "…"), never
			// moved.
			head := slices.IndexFunc(before, func(s string) bool { return strings.HasPrefix(s, " Tables") })
			require.Positive(t, head, name)
			moved := !slices.Equal(before[:head], after[:head]) || !strings.HasPrefix(after[head], " Tables")
			for i := head + 1; i < at && !moved; i++ {
				moved = !strings.HasPrefix(before[i], strings.TrimSuffix(strings.TrimRight(after[i], " "), "…"))
			}
			if moved {
				t.Errorf("%s: the lobby moved:\nbefore:\n%s\nafter:\n%s", name, strings.Join(before, "\n"), strings.Join(after, "\n"))
			}
		}
	}
}

// TestQuietSaidAsTheLineOpens: while a rated deal of the person's is
// played, / opens the lobby's line with the reason it would be refused;
// otherwise it opens bare.
func TestQuietSaidAsTheLineOpens(t *testing.T) {
	for _, quiet := range []bool{false, true} {
		l, ctx := steadyLobby(t, 0, false, true, 0)
		if quiet {
			l.talk.t.quiet = func() error { return errors.New("a rated deal is played at your table ABCD: nobody there talks") }
		}
		l.Update(ctx, kittest.Key("/"))
		require.True(t, l.talk.open(), "the line opens")
		flat := strings.Join(strings.Fields(strings.Join(screenLines(l, ctx), " ")), " ")
		require.Equal(t, quiet, strings.Contains(flat, "A rated deal is played at your table ABCD: nobody there talks."), "quiet %v:\n%s", quiet, flat)
	}
}

// While a code (j) or a name (r) is typed, every letter goes to the
// line: the keys' line offers none of the menu's letters, nor q to
// quit, but what the line takes.
func TestPromptKeysLine(t *testing.T) {
	for _, k := range []string{"j", "r"} {
		l, ctx := steadyLobby(t, 1, false, true, 0)
		press(l, ctx, k)
		lines := strings.Split(ansi.Strip(l.View(ctx)), "\n")
		keys := lines[len(lines)-1]
		for _, gone := range []string{"p t o j", "q quit", "? help", "/ talk"} {
			assert.NotContains(t, keys, gone, "%s: the keys' line %q", k, keys)
		}
		assert.Contains(t, keys, "esc cancel", k)
	}
}

// The person's own lines in the lobby's talk say "You", as a waiting
// room's and a table's do: in the pane under the tables and in the talk
// read back (c); another's lines keep their name.
func TestLobbyTalkNamesOwnLinesYou(t *testing.T) {
	l, ctx := steadyLobby(t, 0, false, true, 1)
	press(l, ctx, "/")
	typeLine(l, ctx, "hi all")
	require.False(t, l.talk.note.Err, l.talk.note.Text)
	l.talk.t.take(talkMsg{t: l.talk.t, batch: l.talk.t.sub.Take()})
	lobby := strings.Join(screenLines(l, ctx), "\n")
	assert.Contains(t, lobby, `You: "hi all"`)
	assert.NotContains(t, lobby, `ann: "hi all"`)
	assert.Contains(t, lobby, `bob: "line 1"`)

	next, _ := l.Update(ctx, kittest.Key("c"))
	log, ok := next.(*talkLog)
	require.True(t, ok, "c opens the talk, got %T", next)
	read := ansi.Strip(log.View(ctx))
	assert.Contains(t, read, `You: "hi all"`)
	assert.Contains(t, read, `bob: "line 1"`)
}

// /mute finds a person connected now who has not talked (the talk was
// emptied by a restart, or they are yet to say a line): their lines never
// show. A name nobody here goes by, nor anybody in the talk, is said
// so; the person's own name is refused.
func TestMuteSomeonePresentWhoHasNotTalked(t *testing.T) {
	l, ctx := steadyLobby(t, 0, false, false, 0)
	withTalk(t, l)
	hub := l.talk.t.hub
	eve := hub.Arrive("e", "eve")
	defer eve.Leave()
	me := hub.Arrive("a", "ann")
	defer me.Leave()

	press(l, ctx, "/")
	typeLine(l, ctx, "/mute zed")
	assert.Equal(t, kit.Note{Text: `Nobody called "zed" is here now or has talked here.`, Err: true}, l.talk.note)
	press(l, ctx, "esc")
	press(l, ctx, "/")
	typeLine(l, ctx, "/mute ann")
	assert.Contains(t, l.talk.note.Text, "You cannot mute yourself")
	press(l, ctx, "esc")
	press(l, ctx, "/")
	typeLine(l, ctx, "/mute Eve")
	require.False(t, l.talk.open(), l.talk.note.Text)
	assert.Contains(t, l.talk.note.Text, "You no longer see eve's lines")
	assert.Equal(t, []string{"e"}, hub.Muted("a"))

	_, err := l.talk.t.room.Say(chat.Sender{Key: "e", Name: "eve"}, "can you hear me")
	require.NoError(t, err)
	l.talk.t.take(talkMsg{t: l.talk.t, batch: l.talk.t.sub.Take()})
	assert.NotContains(t, strings.Join(screenLines(l, ctx), "\n"), "can you hear me")
}

// tickLobby gives the lobby its next tick at once, as the program does
// once the tick's time has come.
func tickLobby(l *Lobby, ctx *kit.Context) { l.Update(ctx, l.tick()()) }

// A note that says why a line was not sent, or why the line opened
// says nothing, does not outlast what it tells of: the lobby's first
// tick after the rated deal ends says the person may talk again (and
// that / opens the line kept); while another reason keeps them quiet
// it says that one; if they are kept quiet again later, the note goes.
// A note written since is left alone. The quiet is the test's, the
// ticks given by hand.
func TestQuietNoteGoesWhenTheDealEnds(t *testing.T) {
	const deal = "a rated deal you watched is still played at table CWJS: who saw it talks nowhere else until it ends"
	const mine = "a rated deal is played at your table ABCD: nobody there talks, nor anywhere else, until it ends"
	l, ctx := steadyLobby(t, 0, true, true, 1)
	why := deal
	l.talk.t.quiet = func() error {
		if why == "" {
			return nil
		}
		return errors.New(why)
	}
	notSent := kit.Note{Text: "Not sent: " + deal + ". Your line is kept: / opens it again.", Err: true}
	press(l, ctx, "/")
	typeLine(l, ctx, "hi")
	require.Equal(t, notSent, l.talk.note)
	tickLobby(l, ctx)
	require.Equal(t, notSent, l.talk.note, "the deal goes on: the note stays")

	why = ""
	tickLobby(l, ctx)
	require.Equal(t, kit.Note{Text: "You may talk again: / opens your unsent line."}, l.talk.note)
	flat := kittest.Flat(strings.Join(screenLines(l, ctx), "\n"))
	require.NotContains(t, flat, "Not sent")
	require.Contains(t, flat, "You may talk again: / opens your unsent line.")
	tickLobby(l, ctx)
	require.Equal(t, "You may talk again: / opens your unsent line.", l.talk.note.Text, "nothing new: the note stays")
	why = mine
	tickLobby(l, ctx)
	require.Equal(t, kit.Note{}, l.talk.note, "kept quiet again: \"you may talk\" goes")
	require.NotContains(t, kittest.Flat(strings.Join(screenLines(l, ctx), "\n")), "You may talk again")

	// The line opened says why it sends nothing; another reason takes
	// the place of the first while the line is open.
	why = deal
	press(l, ctx, "/")
	require.Equal(t, kit.Capital(deal)+".", l.talk.note.Text)
	why = mine
	tickLobby(l, ctx)
	require.True(t, l.talk.open())
	require.Equal(t, kit.Capital(mine)+".", l.talk.note.Text)
	press(l, ctx, "esc")

	// A note written since (a /mute answered) is not the lobby's to
	// change.
	press(l, ctx, "/")
	typeLine(l, ctx, "/mute bob")
	note := l.talk.note
	require.Contains(t, note.Text, "You no longer see bob's lines")
	why = ""
	tickLobby(l, ctx)
	require.Equal(t, note, l.talk.note)
}

// A line refused because the person began a board of a running
// tournament ("Not sent: … until 13:00 UTC you talk nowhere…") does
// not outlast the tournament's own end, come by the clock (not by its
// host): the lobby's first tick after it says the person may talk
// again. At every seat count.
func TestTourneyQuietRefusalGoesAtTheEnd(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newTourneyFixture(t, n)
		l, ctx := f.annsLobby(t, true, true)
		l.talk.t.quiet = quietPlayed(l, quietAt(l, nil))
		f.begin(t)
		press(l, ctx, "/")
		typeLine(l, ctx, "hi all")
		require.Contains(t, l.talk.note.Text, "Not sent: you began a board of")
		tickLobby(l, ctx)
		require.Contains(t, l.talk.note.Text, "Not sent", "the tournament runs: the note stays")

		f.clock.Add(time.Hour + time.Minute)
		tickLobby(l, ctx)
		flat := kittest.Flat(strings.Join(screenLines(l, ctx), "\n"))
		require.NotContains(t, flat, "Not sent")
		require.Contains(t, flat, "you may talk again")
		press(l, ctx, "/")
		press(l, ctx, "enter")
		require.False(t, l.talk.note.Err, l.talk.note.Text)
	})
}

// A burst of lines past the talk's rate: the first line refused for
// coming too fast stays in the box as it is, saying why, and the keys
// of the next lines of the burst are not typed onto it ("spam 6/spam
// 7..."); enter tries it again, backspace edits it again.
func TestTalkBurstRefusedLinesDoNotPileUp(t *testing.T) {
	l, ctx := steadyLobby(t, 0, false, true, 0)
	for i := 1; i <= 8; i++ {
		press(l, ctx, "/")
		typeLine(l, ctx, fmt.Sprintf("spam %d", i))
		if i <= 5 {
			require.False(t, l.talk.open(), "line %d was not said", i)
			continue
		}
		require.True(t, l.talk.open(), "line %d: the refused line's box closed", i)
		assert.Equal(t, "spam 6", l.talk.box.Input.String(), "line %d", i)
		assert.True(t, l.talk.note.Err, "line %d", i)
		assert.True(t, strings.HasPrefix(l.talk.note.Text, "Not sent, too fast: slow down: wait 1 s, then enter sends this line"), "line %d: %q", i, l.talk.note.Text)
	}
	sub, h := l.talk.t.room.Subscribe("zz")
	sub.Close()
	var said []string
	for _, line := range h.Lines {
		said = append(said, line.Text)
	}
	assert.Equal(t, []string{"spam 1", "spam 2", "spam 3", "spam 4", "spam 5"}, said)

	press(l, ctx, "backspace")
	press(l, ctx, "7")
	assert.Equal(t, "spam 7", l.talk.box.Input.String(), "backspace edits the held line again")
}

// Connections from one address with fresh keys share its talk rate:
// past the address's burst their lines are refused, held in the box
// with the address's wait, while a connection from elsewhere talks on.
func TestTalkFromOneAddressSharesItsRate(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	hub, err := chat.New(chat.Config{Now: func() time.Time { return now }, AddrBurst: 3})
	require.NoError(t, err)
	room := hub.NewRoom()
	talk := func(key, addr string) *roomTalk {
		l := &Lobby{cfg: &Config{Player: hall.Player{ID: key, Name: key}, Addr: addr, Chat: hub, Lobby: room}, mutes: muteBook{}}
		rt := l.talkIn(room, nil, func() string { return key }, false)
		t.Cleanup(rt.sub.Close)
		return rt
	}
	for i := range 3 {
		_, err := talk(fmt.Sprintf("fresh%d", i), "203.0.113.7").Say("hello")
		require.NoError(t, err, "line %d", i)
	}
	_, err = talk("fresh3", "203.0.113.7").Say("hello")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not sent, too fast: slow down: many lines come from your address; wait 1 s")
	_, err = talk("dora", "198.51.100.2").Say("hello")
	require.NoError(t, err)
}

// Whoever began a board of a running tournament says nothing at a
// table they sit at either (whoever sits with them may play the board
// later), and takes no new name, which others read as they read talk:
// both are refused with why and until when. At every seat count.
func TestTourneyQuietHoldsAtTheirTableAndForTheirName(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newTourneyFixture(t, n)
		f.begin(t)
		hub, err := chat.New(chat.Config{})
		require.NoError(t, err)
		h := randomHall(t, hall.Config{Chat: hub})
		ann := hall.Player{ID: f.ann.Key, Name: f.ann.Name}
		o := rules.DefaultOptions()
		o.Players = 2
		tb, conns := openAndSit(t, h, 2, o, ann, hall.Player{ID: "b", Name: "bob"})
		l := New(Config{Player: ann, Hall: h, Chat: hub, Lobby: hub.NewRoom(), Tourney: f.svc})
		s := newSharedSeat(l, conns[0])
		require.NotNil(t, s.talk)
		_, err = s.talk.Say("board1 upcard 9c: take it")
		require.Error(t, err, "a line at her own table is refused")
		assert.Contains(t, err.Error(), "you began a board of tournament TESTAB")
		assert.Contains(t, err.Error(), "until 13:00 UTC you talk nowhere")
		sub, hist := tb.Room().Subscribe("zz")
		sub.Close()
		assert.Empty(t, hist.Lines, "nothing was said at the table")

		_, _ = l.rename("b1 nine clubs TAKE", false)
		assert.Equal(t, "ann", l.cfg.Player.Name, "the name stays")
		assert.True(t, l.isErr)
		assert.Contains(t, l.note, "Not renamed: you began a board of tournament TESTAB")
		assert.Contains(t, l.note, "13:00 UTC")
	})
}

// The r of a quiet player opens no line to type a name into that will
// be refused: it says why at once.
func TestTourneyQuietRefusesTheRenameLineAtOnce(t *testing.T) {
	f := newTourneyFixture(t, 2)
	f.begin(t)
	l, ctx := f.annsLobby(t, false, false)
	press(l, ctx, "r")
	assert.False(t, l.entered, "no name line opens")
	assert.True(t, l.isErr)
	assert.Contains(t, l.note, "Not now: you began a board of tournament TESTAB")
}

// A name holds what the refusal says: letters of any script, digits,
// spaces, the suits and - _ . ': an emoji or other symbol is refused
// and named, and so is a control or format character the line left out
// (a right-to-left override), rather than the name taking what was left.
// A tab typed is a space.
func TestRenameNamesWhatItRefuses(t *testing.T) {
	for name, why := range map[string]string{
		"😀x":  `a name may not hold '😀'`,
		"a😀":  `a name may not hold '😀'`,
		"a★b": `a name may not hold '★'`,
		"a→b": `a name may not hold '→'`,
		"take9cX😀😀😀😀😀😀😀😀😀😀😀😀中文中文中": `a name may not hold '😀'`,
	} {
		_, err := checkName(name)
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), why, name)
		assert.Contains(t, err.Error(), "letters of any script, digits, spaces, ♠♥♦♣ and - _ . ' only", name)
	}
	for _, name := range []string{"中文中文", "Zoë", "ann ♠"} {
		_, err := checkName(name)
		assert.NoError(t, err, name)
	}
	// A typographic apostrophe, as phones type it, is the apostrophe.
	got, err := checkName("O’Brien")
	assert.NoError(t, err)
	assert.Equal(t, "O'Brien", got)

	l, ctx := steadyLobby(t, 0, false, false, 0)
	press(l, ctx, "r")
	l.entry.Paste("a\u202eb")
	press(l, ctx, "enter")
	assert.Equal(t, "ann", l.cfg.Player.Name)
	assert.True(t, l.isErr)
	assert.Contains(t, l.note, "U+202E")

	press(l, ctx, "r")
	for _, k := range []string{"a", "tab", "b", "enter"} {
		press(l, ctx, k)
	}
	assert.Equal(t, "a b", l.cfg.Player.Name, l.note)
}

// While a tournament keeps its player quiet, the lobby does not offer
// what they may not do: the rename says beside it that it is off and
// until when, the talk's heading that / only mutes; r and / still say
// the whole why. Once the tournament has ended, both are offered again.
// Every screen fits 80×24. At every seat count.
func TestQuietLobbyOffersNoRenameNorTalk(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newTourneyFixture(t, n)
		l, ctx := f.annsLobby(t, true, false)
		withTalk(t, l, "hello")
		l.talk.t.quiet = quietPlayed(l, quietAt(l, nil))
		view := func(what string) string { t.Helper(); return quietView(t, l, ctx, what) }
		help := func() string { return helpWords(l, ctx) }
		text := view("entered")
		assert.Contains(t, text, "Lobby talk / to talk · c reads back")
		assert.Contains(t, text, "p t o j w d h r l · / talk · ? help")
		assert.NotContains(t, text, "off until")
		assert.NotContains(t, help(), "off until")

		f.begin(t)
		text = view("quiet")
		assert.Contains(t, text, "[r] Rename yourself (off until 13:00 UTC: you began a tournament's board)")
		assert.Contains(t, text, "Lobby talk you're quiet until 13:00 UTC · / mutes · c reads back")
		assert.NotContains(t, text, "/ to talk")
		assert.Contains(t, text, "enter take · p t o j w d h l · / mute · ? help")
		assert.Contains(t, help(), "r rename yourself (off until 13:00 UTC")
		assert.Contains(t, help(), fmt.Sprintf("you talk nowhere until 13:00 UTC (you began a board of tournament TESTAB for %d players)", n),
			"the help names the tournament: not one they host")
		press(l, ctx, "r")
		assert.False(t, l.entered, "the name's line opened")
		assert.Contains(t, l.note, "Not now: you began a board of tournament TESTAB")
		assert.Contains(t, l.note, "you talk nowhere and keep your name.")
		press(l, ctx, "/")
		require.True(t, l.talk.open(), "the line opens, for /mute")
		assert.Contains(t, l.talk.note.Text, "You began a board of tournament TESTAB")
		press(l, ctx, "esc")

		require.NoError(t, f.svc.End(context.Background(), f.ann, f.info.Code))
		text = view("ended")
		assert.Contains(t, text, "Lobby talk / to talk · c reads back")
		assert.Contains(t, text, "p t o j w d h r l · / talk · ? help")
		assert.NotContains(t, text, "off until")
		assert.NotContains(t, help(), "off until")
	})
}

// While a rated deal keeps its people quiet, the lobby does not offer
// them a line: the talk's heading says / only mutes, and till when, the
// keys' line says / mute (the rename stays), and the help says so; /
// still says the whole why. Once the deal has ended, / talks again. At
// two seats no deal is quiet: / talks throughout. Every screen fits
// 80×24.
func TestQuietDealLobbyOffersNoTalk(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		h := randomHall(t, hall.Config{})
		o := rules.DefaultOptions()
		o.Players = n
		ann := hall.Player{ID: "a", Name: "ann"}
		tb, conns, err := halltest.Start(h, []hall.Player{ann, {ID: "b", Name: "bob"}},
			hall.Options{Seats: n, Rules: o, Level: ai.Random, Seed: 1})
		require.NoError(t, err)
		require.True(t, tb.Rated())
		port := conns[0].Port()
		for !hall.QuietDeal(port.Snapshot()) {
			if _, ok := <-port.Updates(); !ok {
				t.Fatal("the game ended before a deal was played")
			}
		}
		l := New(Config{Player: ann, Hall: h, Club: &lobbytest.Club{}})
		withTalk(t, l, "hello")
		l.talk.t.quiet = quietPlayed(l, quietAt(l, nil))
		ctx := kittest.Context(80, 24)
		view := func(what string) string { t.Helper(); return quietView(t, l, &ctx, what) }
		help := func() string { return helpWords(l, &ctx) }
		free := func(what string) {
			t.Helper()
			text := view(what)
			assert.Contains(t, text, "Lobby talk / to talk · c reads back", what)
			assert.Contains(t, text, "p t o j w d h r l · / talk · ? help", what)
			assert.NotContains(t, text, "quiet", what)
			assert.NotContains(t, help(), "talk nowhere", what)
		}
		if n == 2 {
			free("a deal of two")
			return
		}
		text := view("quiet")
		// The heading says who is quiet (the person, not the lobby), why
		// and till when, and what / still does; the help says as much.
		assert.Contains(t, text, "Lobby talk you're quiet: your rated table "+tb.Code()+" deals · / mutes · c reads back")
		assert.NotContains(t, text, "/ to talk")
		assert.Contains(t, text, "enter take · p t o j w d h r l · / mute · ? help")
		assert.NotContains(t, text, "off until", "the rename stays")
		assert.Contains(t, help(), "you talk nowhere while your rated table "+tb.Code()+" deals (a word could tell a hand)")
		press(l, &ctx, "/")
		require.True(t, l.talk.open(), "the line opens, for /mute")
		assert.Contains(t, l.talk.note.Text, "A rated deal is played at your table "+tb.Code())
		press(l, &ctx, "esc")

		// The people play on until the deal has ended: the next waits
		// for their Ready, which nobody gives.
		r := rand.New(rand.NewPCG(1, 2))
		for hall.QuietDeal(port.Snapshot()) {
			if !moveEach(t, conns, r) {
				if _, ok := <-port.Updates(); !ok {
					t.Fatal("the game ended in the deal")
				}
			}
		}
		free("the deal over")
	})
}

// quietView is the lobby's screen at 80×24, flat, once its Update has
// read the quiet again; every line fits.
func quietView(t *testing.T, l *Lobby, ctx *kit.Context, what string) string {
	t.Helper()
	press(l, ctx, "down", "up") // the lobby's Update reads the quiet
	lines := screenLines(l, ctx)
	require.Len(t, lines, 24, what)
	for _, line := range lines {
		require.LessOrEqual(t, ansi.StringWidth(line), 80, "%s: %q", what, line)
	}
	return kittest.Flat(strings.Join(lines, "\n"))
}

// helpWords are the lobby's full help, a key and its words a line.
func helpWords(l *Lobby, ctx *kit.Context) string {
	var out []string
	for _, col := range l.KeyHelp(&ctx.Keys).FullHelp() {
		for _, b := range col {
			out = append(out, b.Help().Key+" "+b.Help().Desc)
		}
	}
	return strings.Join(out, "\n")
}

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

// The server's message of keys dropped is the one the screens read.
var _ kit.InputDropped = server.InputDroppedMsg{}

// Keys the server dropped from a burst while the lobby's line was
// typed never leave a garbled line that enter sends: the line keeps
// what came before the drop, the rest of the burst is not added nor
// sent by its enters, and the note says so; edited, the line is sent.
func TestDroppedKeysLeaveNoLineToSend(t *testing.T) {
	l, ctx := steadyLobby(t, 0, false, true, 0)
	press(l, ctx, "/")
	for _, k := range []string{"m", "s", "g", "space", "4", "space", "ü", "n"} {
		press(l, ctx, k)
	}
	_, _ = l.Update(ctx, server.InputDroppedMsg{})
	for _, k := range []string{"/", "m", "s", "g", "space", "5", "enter", "/", "m", "enter"} {
		press(l, ctx, k)
	}
	_, _ = l.Update(ctx, tea.PasteMsg{Content: "/msg 6"})
	press(l, ctx, "enter")
	require.True(t, l.talk.open())
	assert.Equal(t, "msg 4 ün", l.talk.box.Input.String())
	assert.True(t, l.talk.note.Err)
	assert.Contains(t, l.talk.note.Text, "some were dropped")
	require.Empty(t, said(l), "nothing was said")

	press(l, ctx, "backspace")
	press(l, ctx, "enter")
	require.False(t, l.talk.open())
	assert.Equal(t, []string{"msg 4 ü"}, said(l))
}

// said are the lines said in the lobby's room.
func said(l *Lobby) []string {
	sub, h := l.talk.t.room.Subscribe("zz")
	sub.Close()
	var out []string
	for _, line := range h.Lines {
		out = append(out, line.Text)
	}
	return out
}

// A burst whose / the server dropped runs none of its words as the
// lobby's keys: after the drop, every key that comes less than
// kit.BurstPause after the one before does nothing (j, o, w, enter, q and ?
// included: the App gives them all to the lobby then), the note says
// why; once the keys pause, j opens the code's line again.
func TestDroppedSlashRunsNoLobbyKeys(t *testing.T) {
	clock := clocktest.New(clocktest.Start())
	h := randomHall(t, hall.Config{Clock: clock})
	ctx := kittest.Context(80, 24)
	l := New(Config{Player: hall.Player{ID: "a", Name: "ann"}, Hall: h, Clock: clock})
	_, err := h.Open(hall.Player{ID: "b", Name: "bob"}, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1})
	require.NoError(t, err)
	l.Refresh()
	l.row = len(items) // bob's table: enter would join it
	require.True(t, l.rows() > len(items))

	_, _ = l.Update(&ctx, server.InputDroppedMsg{})
	assert.Contains(t, strings.Join(screenLines(l, &ctx), "\n"), "! "+kit.BurstNote)
	// The burst goes on as long as its keys come close: past kit.BurstPause
	// after the drop in all.
	for _, k := range []string{"j", "o", "space", "w", "enter", "q", "?", "r", "d", "/"} {
		clock.Advance(kit.BurstPause / 2)
		assert.True(t, Typing(l), "%s: every key of the burst comes to the lobby", k)
		next, cmd := l.Update(&ctx, kittest.Key(k))
		require.Same(t, kit.Screen(l), next, "%s ran", k)
		require.Nil(t, cmd, "%s ran", k)
		require.False(t, l.entered || l.talk.open(), "%s opened a line", k)
		require.Equal(t, len(items), l.row, "%s moved the cursor", k)
	}
	require.Nil(t, h.SeatOf("a"), "no table joined")

	clock.Advance(kit.BurstPause)
	require.False(t, Typing(l), "the burst is over")
	press(l, &ctx, "j")
	assert.True(t, l.entered, "after a pause j opens the code's line")
}

// A code or a name being typed when the server drops keys is marked
// as lacking them: what the burst types after is not added, enter
// neither joins nor renames (the line says why), and once edited
// (backspace) the line is sent.
func TestDroppedKeysLeaveNoCodeOrNameToSend(t *testing.T) {
	clock := clocktest.New(clocktest.Start())
	h := randomHall(t, hall.Config{Clock: clock})
	tb, err := h.Open(hall.Player{ID: "b", Name: "bob"}, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1})
	require.NoError(t, err)
	code := tb.Code()
	for _, kind := range []string{"code", "name"} {
		ctx := kittest.Context(80, 24)
		l := New(Config{Player: hall.Player{ID: "a", Name: "ann"}, Hall: h, Clock: clock})
		opener, typed := "j", code[:3]+"X" // the code's last letter, dropped, then one of the burst
		if kind == "name" {
			opener, typed = "r", "Zoe"
		}
		press(l, &ctx, opener)
		for _, r := range typed[:len(typed)-1] {
			press(l, &ctx, string(r))
		}
		_, _ = l.Update(&ctx, server.InputDroppedMsg{})
		press(l, &ctx, typed[len(typed)-1:])
		_, _ = l.Update(&ctx, tea.PasteMsg{Content: "Q"})
		press(l, &ctx, "enter")
		require.True(t, l.entered, "%s: enter sent a line lacking keys", kind)
		assert.Equal(t, typed[:len(typed)-1], l.entry.String(), "%s: the burst's rest is not added", kind)
		assert.Equal(t, "ann", l.cfg.Player.Name, kind)
		assert.Nil(t, h.SeatOf("a"), kind)
		scr := strings.Join(screenLines(l, &ctx), "\n")
		assert.Contains(t, scr, "! keys were dropped: edit it", "%s:\n%s", kind, scr)
		assert.Contains(t, scr, "keys were dropped: backspace or ctrl+u edits the line", kind)

		// Edited after a pause, the line is the person's: retyped, it
		// is sent.
		clock.Advance(kit.BurstPause)
		press(l, &ctx, "backspace")
		if kind == "code" {
			press(l, &ctx, code[2:3], code[3:4])
		} else {
			press(l, &ctx, "o", "e")
		}
		assert.NotContains(t, strings.Join(screenLines(l, &ctx), "\n"), "keys were dropped", kind)
		next, _ := l.Update(&ctx, kittest.Key("enter"))
		if kind == "code" {
			assert.IsType(t, &SharedSeat{}, next, "the code retyped joins")
			if s, ok := next.(*SharedSeat); ok {
				s.leave(&ctx)
			}
		} else {
			assert.Equal(t, "Zoe", l.cfg.Player.Name)
		}
	}
}

// A line said too long for the one row the talk has left shows its
// first words, cut with "…" at the end, never the name alone: with the
// talk's line open or not, and with a line of one word or of many.
func TestTalkLineGivenOneRowShowsItsStart(t *testing.T) {
	for _, said := range []string{strings.Repeat("abcdefghij", 20), strings.Repeat("hello there ", 16)} {
		for _, typing := range []bool{false, true} {
			l, ctx := steadyLobby(t, 0, true, false, 0)
			withTalk(t, l, said)
			l.talk.box.Typing = typing
			for _, w := range []int{40, 80} {
				rows := l.talk.lines(ctx, w, 2+len(l.talk.lines(ctx, w, 0)))
				require.GreaterOrEqual(t, len(rows), 2, "typing %v, %d cells: %q", typing, w, rows)
				row := ansi.Strip(rows[1])
				assert.True(t, strings.HasPrefix(row, `   bob: "`+said[:5]), "typing %v, %d cells: the start is lost: %q", typing, w, row)
				assert.True(t, strings.HasSuffix(row, "…"), "typing %v, %d cells: not cut with …: %q", typing, w, row)
				assert.LessOrEqual(t, kit.WidthOf(row), w, "typing %v: %q", typing, row)
			}
		}
	}
}
