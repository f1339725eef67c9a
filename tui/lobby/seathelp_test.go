package lobby

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// The waiting room's help gives the table's rules, as the game's does:
// its seat count and house variants, not the standard game of two. At
// every seat count.
func TestWaitingRoomHelpRules(t *testing.T) {
	kittest.ForCounts(t, func(t *testing.T, n int) {
		h := randomHall(t, hall.Config{})
		ann := hall.Player{ID: "a", Name: "ann"}
		o := rules.DefaultOptions()
		o.OfAKind, o.Menage, o.DealerForced, o.Bimah = true, true, true, true
		o.Shlomo, o.Cleopatra = n > 2, n == 4
		tb, err := h.Open(ann, hall.Options{Seats: n, Rules: o, Level: ai.Random, Seed: 1})
		require.NoError(t, err)
		l := New(Config{Player: ann, Hall: h})
		ctx := kittest.Context(80, 24)
		scr, _ := l.join(&ctx, tb)
		s, ok := scr.(*SharedSeat)
		require.True(t, ok, "%T", scr)
		got, ok := kit.HelpRulesOf(s)
		require.True(t, ok, "the waiting room's help has no rules")
		require.Equal(t, n, got.NumPlayers())
		want := o
		want.Players = got.Players
		require.Equal(t, want, got)
	})
}
