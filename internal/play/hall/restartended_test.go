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
	testkit.EachSeatCount(t, func(t *testing.T, n int) { toldOfFilingAfterRestarts(t, n, 1) })
}

// toldOfFilingAfterRestarts has Ann and Bob play a table of n to its
// end while Bob's history's disk is full, so that its filing is not
// over, and restarts the hall restarts times, the disk freed before the
// last: that one files Bob's copy, Ann and Bob each read once where the
// game went, and Ann's history holds it once.
func toldOfFilingAfterRestarts(t *testing.T, n, restarts int) {
	f := newFiling(t, n, 9, true, nil)
	playToUnfiled(t, "the game's end", f.ann, f.bob)
	f.h.Close()
	for range restarts - 1 {
		f.hall(t).Close()
	}

	f.hist.disks["b"].full.Store(false)
	h := f.hall(t)
	f.bobFiled(t)
	toldOnce(t, h, endedNotice(f.tb.Code()), "a", "b")
	require.Equal(t, 1, f.hist.filedGames(t, "a"), "filed once")
}
