package lobby

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/serve/chat"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// At a table whose game started, a person who renamed since talks
// under the name their seat has in the game, not one no seat has.
func TestSeatTalkNamesThePersonAsTheSeat(t *testing.T) {
	hub, err := chat.New(chat.Config{})
	require.NoError(t, err)
	h := randomHall(t, hall.Config{Chat: hub})
	ann, bob := hall.Player{ID: "a", Name: "ann"}, hall.Player{ID: "b", Name: "bob"}
	tb, err := h.Open(ann, hall.Options{Seats: 3, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1})
	require.NoError(t, err)
	host, err := tb.Join(ann)
	require.NoError(t, err)
	_, err = tb.Join(bob)
	require.NoError(t, err)
	require.NoError(t, host.Start())

	// Bob, renamed Robert in another connection's lobby, comes back.
	l := New(Config{Player: hall.Player{ID: "b", Name: "Robert"}, Hall: h, Chat: hub})
	ctx := kittest.Context(80, 24)
	scr, _ := l.join(&ctx, tb)
	s, ok := scr.(*SharedSeat)
	require.True(t, ok, "%T", scr)
	t.Cleanup(s.talk.close)
	require.Equal(t, "bob", s.talk.name())
}

// The lobby lists the person's own tables first, the one they came to
// last at the top, whatever the codes: one who stepped out to the
// lobby finds the table they left.
func TestOwnTablesLastFirst(t *testing.T) {
	h := randomHall(t, hall.Config{})
	ann := hall.Player{ID: "a", Name: "ann"}
	var tbs []*hall.Table
	for range 2 {
		tb, err := h.Open(ann, hall.Options{Seats: 3, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1})
		require.NoError(t, err)
		tbs = append(tbs, tb)
	}
	l := New(Config{Player: ann, Hall: h})
	for _, i := range []int{0, 1, 0} {
		_, err := tbs[i].Join(ann)
		require.NoError(t, err)
		l.Refresh()
		require.Equal(t, tbs[i].Code(), l.Tables()[0].Code, "ann came last to %s", tbs[i].Code())
	}
}

// A guest of the waiting room whose host is away reads so, and that
// the table closes if they do not come back: not that the host starts
// the game, as if they were there.
func TestWaitingRoomHostAway(t *testing.T) {
	h := randomHall(t, hall.Config{})
	ann := hall.Player{ID: "a", Name: "ann"}
	tb, err := h.Open(ann, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1})
	require.NoError(t, err)
	host, err := tb.Join(ann)
	require.NoError(t, err)
	l := New(Config{Player: hall.Player{ID: "b", Name: "bob"}, Hall: h})
	ctx := kittest.Context(80, 24)
	scr, _ := l.join(&ctx, tb)
	s := scr.(*SharedSeat)
	view := kittest.Flat(ansi.Strip(s.View(&ctx)))
	require.Contains(t, view, "The host starts the game.")
	require.NotContains(t, view, "is away")
	host.Drop()
	s.w = s.conn.Waiting()
	require.Contains(t, kittest.Flat(ansi.Strip(s.View(&ctx))), "The host is away: the table closes if they do not come back soon.")
}

// randomHall is a hall of cfg whose bots play at random, closed when
// the test ends.
func randomHall(t *testing.T, cfg hall.Config) *hall.Hall {
	t.Helper()
	cfg.NewBot = func(_ ai.Level, c ai.Config) (ai.Bot, error) { return ai.NewRandom(c.Seed), nil }
	h, err := hall.New(cfg)
	require.NoError(t, err)
	t.Cleanup(h.Close)
	return h
}

// Ann talks in the lobby before and after another key takes her name:
// her lines from then on carry her key's tag, as the namesake's do, so
// nobody reads one ann for the other.
func TestLobbyTalkTagsANamesakeWhoCameSince(t *testing.T) {
	hub, err := chat.New(chat.Config{})
	require.NoError(t, err)
	h := randomHall(t, hall.Config{Chat: hub})
	room := hub.NewRoom()
	ann := New(Config{Player: hall.Player{ID: "a", Name: "ann"}, Hall: h, Chat: hub, Lobby: room})
	ann.startTalk(true)
	t.Cleanup(ann.talk.t.close)
	say := func(l *Lobby, text string) string {
		t.Helper()
		_, err := l.talk.t.Say(text)
		require.NoError(t, err)
		lines := room.History("x").Lines
		return lines[len(lines)-1].Name
	}
	require.Equal(t, "ann", say(ann, "hello"), "no namesake yet: no tag")
	cid := New(Config{Player: hall.Player{ID: "c", Name: "cid"}, Hall: h, Chat: hub, Lobby: room})
	cid.startTalk(true)
	t.Cleanup(cid.talk.t.close)
	cid.visit.Rename("ann")
	cid.cfg.Player.Name = "ann"
	assert.Equal(t, "ann #"+hall.KeyTag("c"), say(cid, "I am the real ann"))
	assert.Equal(t, "ann #"+hall.KeyTag("a"), say(ann, "no, I am"), "the first ann is tagged too")
}

// A lobby with no table to join says so while games go on that the
// person may watch, rather than that nothing is open; a private game
// is not counted.
func TestEmptyListSaysGamesArePlayed(t *testing.T) {
	h := randomHall(t, hall.Config{})
	ctx := kittest.Context(80, 24)
	cid := New(Config{Player: hall.Player{ID: "c", Name: "cid"}, Hall: h})
	text := func() string {
		cid.Refresh()
		return strings.Join(screenLines(cid, &ctx), "\n")
	}
	assert.Contains(t, text(), "no open table: open one")
	start := func(host hall.Player, private bool) {
		tb, err := h.Open(host, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1, Private: private})
		require.NoError(t, err)
		c, err := tb.Join(host)
		require.NoError(t, err)
		require.NoError(t, c.Start())
		t.Cleanup(c.Leave)
	}
	start(hall.Player{ID: "a", Name: "ann"}, false)
	assert.Contains(t, text(), "no table to join: a game is being played, w to watch it")
	start(hall.Player{ID: "b", Name: "bob"}, false)
	start(hall.Player{ID: "d", Name: "dan"}, true)
	assert.Contains(t, text(), "no table to join: 2 games are being played, w to watch one")
}
