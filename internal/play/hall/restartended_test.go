package hall

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/testing/clocktest"
)

// A table whose game ended but was not yet in every history when the
// server stopped (a crash during its filing) comes back to be filed:
// its people, who do not come back to it, read once where the game went
// when they next come, as after a filing finished before the stop.
func TestToldOfEndedGameFiledAfterRestart(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			dir := t.TempDir()
			hist := newHistories(t)
			hist.disks["b"].full.Store(true)
			clock := clocktest.New(t0)
			h := filingHall(t, dir, hist, clock, nil)
			tb := annOpens(t, h, n, smallRules(), 9)
			ann, bob := annAndBob(t, tb)
			playToUnfiled(t, "the game's end", ann, bob)
			h.Close()

			hist.disks["b"].full.Store(false)
			h2 := filingHall(t, dir, hist, clock, nil)
			eventually(t, "Bob's copy filed", func() bool {
				clock.Advance(time.Second)
				return hist.filedGames(t, "b") == 1
			})
			want := "Table " + tb.Code() + " ended with the server's restart: its finished game is in your history."
			for _, id := range []string{"a", "b"} {
				assert.Equal(t, want, h2.Notice(id), id)
				assert.Empty(t, h2.Notice(id), "said once")
			}
			require.Equal(t, 1, hist.filedGames(t, "a"), "filed once")
		})
	}
}
