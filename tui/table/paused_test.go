package table

import (
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestPausedWaitsForNoOne: a spectator at a table whose people are all
// away reads "Paused." where it would read whom the game waits for: it
// waits for whichever of them comes back. Once one is connected, the
// line names the seat to play again. At every seat count at 80×24.
func TestPausedWaitsForNoOne(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		sn := &f.s.snap
		other := rules.Seat(n - 1)
		sn.Seat, sn.Watching, sn.Can.Act, sn.View.Turn = rules.NoSeat, true, false, other
		for i := range sn.Players {
			sn.Players[i].State = host.SeatBot
		}
		sn.Players[0].Human, sn.Players[0].State = true, host.SeatAway
		sn.Players[other].Human, sn.Players[other].State, sn.Players[other].Name = true, host.SeatHere, "ann"
		text := kittest.Flat(f.text())
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
		if !strings.Contains(text, "Waiting for ann…") {
			t.Errorf("ann connected: the screen does not wait for her:\n%s", text)
		}
		if Paused(sn) {
			t.Errorf("ann connected: the game reads paused")
		}
		sn.Players[other].State = host.SeatAway
		if !Paused(sn) {
			t.Errorf("every player away: the game does not read paused")
		}
		text = kittest.Flat(f.text())
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
		if strings.Contains(text, "Waiting for") || !strings.Contains(text, " Paused.") {
			t.Errorf("every player away: the prompt line still waits for one:\n%s", text)
		}
		// Back, the seat is handed over at the bot's next move: not paused.
		sn.Players[0].State = host.SeatBack
		if Paused(sn) {
			t.Errorf("a person being handed back their seat: the game reads paused")
		}
	})
}
