package tui

import (
	"testing"
	"time"

	"github.com/klob/klob/internal/record/gamelog"
)

// slowStore is a store whose read of the saved game waits for the test:
// a disk that does not answer.
type slowStore struct {
	memStore
	release chan struct{}
}

func (s *slowStore) LoadCurrent() (*gamelog.Log, error) {
	<-s.release
	return s.memStore.LoadCurrent()
}

// A game alone opened from the lobby reads the saved game off the UI
// goroutine: with the disk stuck, the key's Update returns at once and
// the screen says what it waits for; the setup follows the read.
func TestPlayAloneReadsOffTheUI(t *testing.T) {
	st := &slowStore{release: make(chan struct{})}
	p := newLobbyPersonWith(testHall(t), "a", "ann", 80, 24, func(c *LobbyConfig) { c.Solo.Store = st })
	defer close(p.done)
	done := make(chan struct{})
	go func() {
		p.key("p")
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(guard):
		close(st.release)
		t.Fatal("the key that opens a game alone waited for the disk")
	}
	p.until(t, "Looking for your saved game")
	close(st.release)
	p.until(t, "Set up the game")
}
