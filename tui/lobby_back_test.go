package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/tui/kit"
)

// Leaving the trainer for the lobby waits for the record's save off the
// UI goroutine: with the save stuck, the Update that leaves returns at
// once and says it is saving; the lobby comes once the save landed.
func TestBackToLobbyWaitsOffTheUI(t *testing.T) {
	rec := &memRecord{}
	d := newLobbyDriver(t, lobbyTrainConfig("key-a", rec))
	d.press("t")
	tr := d.app.screen.(*backToLobby).inner.(*trainer)
	tr.saves.Add(1) // a save of the record in flight
	done := make(chan struct{})
	go func() {
		d.app.Update(kit.QuitNowMsg{})
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(guard):
		tr.saves.Done()
		t.Fatal("leaving for the lobby waited for the save in Update")
	}
	o, ok := d.app.screen.(*opening)
	if !ok || !strings.Contains(d.screen(), "Saving") {
		t.Fatalf("leaving shows %T:\n%s", d.app.screen, d.screen())
	}
	tr.saves.Done()
	d.app.Update(o.Enter(nil)()) // the lobby's ticks are dropped
	if _, ok := d.app.screen.(*lobby); !ok {
		t.Fatalf("the lobby did not come after the save: %T", d.app.screen)
	}
}
