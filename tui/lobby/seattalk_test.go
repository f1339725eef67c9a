package lobby

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/serve/chat"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// At a table whose game started, a person who renamed since talks
// under the name their seat has in the game, not one no seat has.
func TestSeatTalkNamesThePersonAsTheSeat(t *testing.T) {
	hub, err := chat.New(chat.Config{})
	require.NoError(t, err)
	h, err := hall.New(hall.Config{Chat: hub,
		NewBot: func(_ ai.Level, cfg ai.Config) (ai.Bot, error) { return ai.NewRandom(cfg.Seed), nil }})
	require.NoError(t, err)
	t.Cleanup(h.Close)
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
	ctx := kit.NewContext(false)
	ctx.Width, ctx.Height = 80, 24
	scr, _ := l.join(&ctx, tb)
	s, ok := scr.(*SharedSeat)
	require.True(t, ok, "%T", scr)
	t.Cleanup(s.talk.close)
	require.Equal(t, "bob", s.talk.me.Name)
}
