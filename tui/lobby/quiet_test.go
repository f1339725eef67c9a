package lobby

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/serve/chat"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

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
		assert.Contains(t, err.Error(), "until it ends, 13:00 UTC")
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
	l, ctx := steadyLobby(t, 0, false, false, 0)
	l.cfg.Player = hall.Player{ID: f.ann.Key, Name: f.ann.Name}
	l.cfg.Tourney = f.svc
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
