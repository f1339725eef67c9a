package tui

import (
	"sync/atomic"
	"testing"

	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/tui/train/traintest"
)

// countedRecord counts the reads of the record.
type countedRecord struct {
	traintest.MemRecord
	loads atomic.Int32
}

func (c *countedRecord) Load() (drill.Stats, error) {
	c.loads.Add(1)
	return c.MemRecord.Load()
}

// Opening the trainer from the lobby, and coming back to it, reads the
// record in a tea.Cmd: the key's Update alone reads nothing; the
// commands do.
func TestTrainerReadsRecordOffTheUI(t *testing.T) {
	rec := &countedRecord{}
	d := newLobbyDriver(t, lobbyTrainConfig("key-a", rec))
	l := d.app.screen
	d.pressNoRun("t")
	if n := rec.loads.Load(); n != 0 {
		t.Fatalf("t read the record %d times in Update", n)
	}
	d.app.screen = l
	d.press("t")
	if n := rec.loads.Load(); n == 0 {
		t.Fatal("the trainer never read the record")
	}
	d.pressNoRun("esc")
	before := rec.loads.Load()
	d.pressNoRun("t")
	if n := rec.loads.Load(); n != before {
		t.Fatalf("coming back to the trainer read the record in Update (%d reads, %d before)", n, before)
	}
}
