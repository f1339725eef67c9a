package hall

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
)

// restartAfter brings back table code from d's files once the hall h
// over them stops: closed (kill false, as at Ctrl-C), or killed (the
// files copied as they stand into a new directory, which the new hall
// reads while h runs on). The saves asked before are written: the
// caller waited for them.
func restartAfter(t *testing.T, d onDisk, h *Hall, code string, kill bool) (*Hall, *Table) {
	t.Helper()
	if !kill {
		h.Close()
		return d.restart(t, code)
	}
	crashed := onDisk{dir: t.TempDir(), hist: d.hist, clock: d.clock}
	copyTree(t, d.dir, crashed.dir)
	return crashed.restart(t, code)
}

// TestPrivacyChangedInGameKeptAtRestart: the host makes the table
// private during the game, or open to spectators again (it was opened
// private). The change is on the disk at once, with no move after it
// (the two people of the table wait to play), so that a restart, a kill
// too, brings the table back as its host last set it.
func TestPrivacyChangedInGameKeptAtRestart(t *testing.T) {
	for _, private := range []bool{true, false} {
		for _, kill := range []bool{false, true} {
			t.Run(fmt.Sprintf("private=%v kill=%v", private, kill), func(t *testing.T) {
				d := newOnDisk(t)
				h := d.hall(t)
				tb, err := h.Open(Player{ID: "a", Name: "Ann"}, Options{Seats: 2, Rules: smallRules(), Level: ai.Random, Seed: 5, Private: !private})
				require.NoError(t, err)
				ann, _ := annAndBob(t, tb)
				firstDeal(t, ann.port())
				eventually(t, "the first deal saved", func() bool { return !ann.port().Snapshot().Save.Pending })

				require.NoError(t, ann.conn.SetPrivate(private))
				eventually(t, "the change saved", func() bool { return !ann.port().Snapshot().Save.Pending })
				_, tb2 := restartAfter(t, d, h, tb.Code(), kill)
				require.Equal(t, private, tb2.Private(), "the table's privacy after the restart")
				_, err = tb2.Watch(Player{ID: "z", Name: "Zed"})
				if private {
					require.ErrorIs(t, err, ErrPrivate)
				} else {
					require.NoError(t, err)
				}
			})
		}
	}
}
