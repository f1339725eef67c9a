package hall

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/testing/testkit"
)

// A table whose game ended but was not yet in every history when the
// server stopped (a crash during its filing) comes back to be filed:
// its people, who do not come back to it, read once where the game went
// when they next come, as after a filing finished before the stop.
func TestToldOfEndedGameFiledAfterRestart(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFiling(t, n, 9, true, nil)
		playToUnfiled(t, "the game's end", f.ann, f.bob)
		f.h.Close()

		f.hist.disks["b"].full.Store(false)
		h2 := f.hall(t)
		f.bobFiled(t)
		toldOnce(t, h2, endedNotice(f.tb.Code()), "a", "b")
		require.Equal(t, 1, f.hist.filedGames(t, "a"), "filed once")
	})
}
