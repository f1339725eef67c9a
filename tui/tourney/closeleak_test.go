package tourney

import (
	"bytes"
	"runtime"
	"testing"
)

// TestClosedScreenLeavesNoGoroutine: a Screen waits for the
// connection's end (to leave a board in play) only until it closes. A
// connection opens the tournaments ('d' in the lobby) and leaves them
// as often as it likes; each screen left must not stay behind, with its
// goroutine, until the connection ends. The goroutines are counted by
// where they were started, so that other tests' do not count.
func TestClosedScreenLeavesNoGoroutine(t *testing.T) {
	done := make(chan struct{}) // the connection: open throughout
	defer close(done)
	waiting := func() int {
		buf := make([]byte, 1<<22)
		buf = buf[:runtime.Stack(buf, true)]
		return bytes.Count(buf, []byte("tui/tourney.New.func"))
	}
	before := waiting()
	const opens = 200
	for range opens {
		s := New(Config{Player: longName, Done: done, Refresh: -1})
		s.Close() // the lobby leaves the screen
	}
	// The goroutines end once scheduled: yield until they have, or
	// (a bound on work, not time) give up and report what is left.
	left := waiting() - before
	for i := 0; i < 1000 && left > 0; i++ {
		runtime.Gosched()
		left = waiting() - before
	}
	if left > 0 {
		t.Fatalf("%d screens opened and closed in one connection left %d goroutines behind", opens, left)
	}
}
