package lobby

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/tui/kit/kittest"
)

// The waiting room's footer offers what P does now, as its body does:
// "P private" on a table open to spectators, "P let watch" on a private
// one. During a game private from its start, P says spectators may
// watch now, not "again": nobody watched it before. At every seat
// count.
func TestPrivateFooterAndNoteSayWhatIs(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		h := randomHall(t, hall.Config{})
		ann := New(Config{Player: hall.Player{ID: "a", Name: "ann"}, Hall: h})
		tb := annsTable(t, h, n)
		ctx := kittest.Context(80, 24)
		next, _ := ann.join(&ctx, tb)
		host := next.(*SharedSeat)
		footer := func() string {
			lines := strings.Split(ansi.Strip(host.View(&ctx)), "\n")
			return lines[len(lines)-1]
		}
		assert.Contains(t, footer(), "P private")
		host.Update(&ctx, kittest.Key("P"))
		require.True(t, tb.Private())
		view := kittest.Flat(ansi.Strip(host.View(&ctx)))
		assert.Contains(t, view, "The table is private: nobody may watch.")
		assert.Contains(t, view, "[P] let spectators watch")
		assert.NotContains(t, footer(), "P private")
		assert.Contains(t, footer(), "P let watch")

		require.NoError(t, host.conn.Start())
		host.onTable(&ctx)
		require.NotNil(t, host.table)
		_, _ = host.togglePrivate()
		require.False(t, tb.Private())
		view = kittest.Flat(ansi.Strip(host.View(&ctx)))
		assert.Contains(t, view, "Spectators may watch this table now.")
		assert.NotContains(t, view, "watch this table again")
	})
}
