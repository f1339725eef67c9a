package tui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/lobby"
	"github.com/klob/klob/tui/train/traintest"
)

// stuckRecord is a record whose saves wait until release is closed.
type stuckRecord struct {
	traintest.MemRecord
	release chan struct{}
}

func (s *stuckRecord) Add(r drill.Record) (drill.Stats, error) {
	<-s.release
	return s.MemRecord.Add(r)
}

// Leaving the trainer for the lobby waits for the record's save off the
// UI goroutine: with the save stuck, the Update that leaves returns at
// once and says it is saving; the lobby comes once the save landed.
func TestBackToLobbyWaitsOffTheUI(t *testing.T) {
	rec := &stuckRecord{release: make(chan struct{})}
	d := newLobbyDriver(t, lobbyTrainConfig("key-a", rec))
	d.press("t")
	_, save := d.app.Update(kittest.Key("t")) // the drill is graded
	go save()                                 // a save of the record in flight, stuck
	done := make(chan struct{})
	go func() {
		d.app.Update(kit.QuitNowMsg{})
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(guard):
		close(rec.release)
		t.Fatal("leaving for the lobby waited for the save in Update")
	}
	o, ok := d.app.screen.(*kit.Opening)
	if !ok || !strings.Contains(d.screen(), "Saving") {
		t.Fatalf("leaving shows %T:\n%s", d.app.screen, d.screen())
	}
	close(rec.release)
	d.app.Update(o.Enter(nil)()) // the lobby's ticks are dropped
	if _, ok := d.app.screen.(*lobby.Lobby); !ok {
		t.Fatalf("the lobby did not come after the save: %T", d.app.screen)
	}
}

// escBack is esc going back to the lobby at once, as the key lines of
// the lobby's screens word it: "esc back", q too where q does the same.
var escBack = regexp.MustCompile(`(^|· )(q/)?esc back( ·|$)`)

// TestLobbyEscBackWording: every screen reached from the lobby whose
// esc comes back to it at once (the form, the leaderboards, the talk
// read back, a game open elsewhere, the watch list, the trainer) words
// it one way on its key line, "esc back".
func TestLobbyEscBackWording(t *testing.T) {
	for _, c := range []struct {
		name  string
		key   string
		ready string // what the screen shows once read
		store Store
	}{
		{"the table form", "o", "[ Open the table ]", nil},
		{"the leaderboards", "l", "Nobody has played", nil},
		{"the talk read back", "c", "PgUp/PgDn page", nil},
		{"a game open elsewhere", "p", "open in another connection", &busyStore{}},
		{"the watch list", "w", "Watch a table", nil},
		{"the trainer", "t", "Your choice:", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := clubLobbyPerson(t, true, c.store)
			p.walk(t, []string{c.key}, []string{"Lobby talk", c.ready})
			keys := strings.TrimSpace(lastLine(p))
			if !escBack.MatchString(keys) || strings.Contains(keys, "back to the lobby") {
				t.Errorf("%s's key line %q does not say esc back", c.name, keys)
			}
			p.key("esc")
			p.untilFlat(t, "Play alone against bots")
		})
	}
}
