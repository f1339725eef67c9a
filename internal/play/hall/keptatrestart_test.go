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

// TestQuietAfterWatchingKeptAtRestart: a spectator of a rated table of
// three who saw a deal being played, and left it or was still watching
// when the server stopped (closed, or killed), stays quiet after the
// restart, as the table's players do, until that deal ends; then they
// all talk again.
func TestQuietAfterWatchingKeptAtRestart(t *testing.T) {
	for _, left := range []bool{true, false} {
		for _, kill := range []bool{false, true} {
			t.Run(fmt.Sprintf("left=%v kill=%v", left, kill), func(t *testing.T) {
				d := newOnDisk(t)
				h := d.hall(t)
				tb, ann, _ := ratedDealPlayed(t, h, 3)
				cid, err := tb.Watch(Player{ID: "c", Name: "cid"})
				require.NoError(t, err)
				if left {
					cid.Leave()
				}
				code, watching := h.Quiet("c")
				require.Equal(t, tb.Code(), code, "the spectator before the restart")
				require.True(t, watching)
				eventually(t, "the spectator saved", func() bool { return !ann.port().Snapshot().Save.Pending })

				h2, tb2 := restartAfter(t, d, h, tb.Code(), kill)
				quietAt(t, h2, tb2.Code(), "a", "b")
				code, watching = h2.Quiet("c")
				require.Equal(t, tb2.Code(), code, "the spectator after the restart")
				require.True(t, watching)

				ann, bob := join(t, tb2, "a", "Ann", 3), join(t, tb2, "b", "Bob", 4)
				code, _ = h2.Quiet("c")
				require.Equal(t, tb2.Code(), code, "the spectator with the players back")
				newCrowd(t, ann, bob).run("the deal's end", func() bool { return !QuietDeal(ann.port().Snapshot()) })
				quietAt(t, h2, "", "a", "b", "c")
			})
		}
	}
}
