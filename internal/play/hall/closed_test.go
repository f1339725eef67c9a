package hall

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/klob/klob/internal/testing/clocktest"
)

// TestStartAfterClose: Hall.Close promises that nothing writes to the
// state directory after it returns. A host pressing start as the server
// stops (its session still unwinding: Shutdown gives up on a session
// after a while and the hall closes anyway) is refused: a game started
// then would run owned by nobody and write the table's log after Close.
func TestStartAfterClose(t *testing.T) {
	dir := t.TempDir()
	clock := clocktest.New(t0)
	h := testHall(t, dir, &memHistory{}, clock)
	tb := annOpens(t, h, 2, smallRules(), 9)
	ann := join(t, tb, "a", "Ann", 1)
	_ = join(t, tb, "b", "Bob", 2)
	h.Close()
	before := dirFiles(t, dir)
	err := ann.conn.Start()
	tb.mu.Lock()
	g := tb.game
	tb.mu.Unlock()
	if g != nil {
		g.Close() // waits for its writer: what it wrote has landed
	}
	assert.ErrorIs(t, err, ErrClosed, "a game started at a table of a closed hall")
	assert.Nil(t, g, "a host runs that the closed hall never stops")
	assert.Equal(t, before, dirFiles(t, dir), "the state directory changed after Close")
}

// TestOptionsWhileSetPrivate: the lobby reads a table's Options from
// every screen of the table while its host makes it private or open
// again; under -race this finds a read outside the table's lock.
func TestOptionsWhileSetPrivate(t *testing.T) {
	h := testHall(t, t.TempDir(), &memHistory{}, clocktest.New(t0))
	tb := annOpens(t, h, 3, smallRules(), 9)
	ann := join(t, tb, "a", "Ann", 1)
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := range 50 {
			assert.NoError(t, ann.conn.SetPrivate(i%2 == 0))
		}
	})
	wg.Go(func() {
		for range 50 {
			_ = tb.Options().Private
		}
	})
	wg.Wait()
	assert.False(t, tb.Options().Private, "the last SetPrivate(false) did not hold")
}
