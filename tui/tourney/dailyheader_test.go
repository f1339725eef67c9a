package tourney

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/duplicate"
	svc "github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/internal/testing/testkit"
)

// TestServerDailyHeader: a board of the server's daily is headed as
// this server's daily of its day, not as klob daily's boards of the
// same date ("daily 2026-12-01"), which are dealt otherwise; the
// header fits 80 columns, the player's name a long one.
func TestServerDailyHeader(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		cl := newClub(t, true)
		day := duplicate.DateOf(cl.c.Now())
		code := svc.DailyCode(day, players)
		// The list makes the day's dailies, as the list screen reads it.
		_, err := cl.svc.List(context.Background(), longName.Key)
		require.NoError(t, err)
		f := cl.openAt(longName, code)
		f.see("[enter] enter the tournament")
		f.press("enter")
		f.see("[enter] play board 1")
		f.press("enter")
		require.True(t, f.on("board"), f.text())
		head, _, _ := strings.Cut(f.text(), "\n")
		require.Contains(t, head, "Board 1 of 8", "the header:\n%s", f.text())
		require.Contains(t, head, " · server daily "+day.String(), "the header:\n%s", f.text())
	})
}
