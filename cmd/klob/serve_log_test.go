package main

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/testing/testkit"
)

// gatedWriter is an output that stalls until opened, as a full pipe
// does; entered is closed when the first write reaches it.
type gatedWriter struct {
	open    chan struct{}
	entered chan struct{}
	once    sync.Once
	mu      sync.Mutex
	buf     bytes.Buffer
}

func (g *gatedWriter) Write(p []byte) (int, error) {
	g.once.Do(func() { close(g.entered) })
	<-g.open
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.buf.Write(p)
}

// TestLogQueueNeverWaits: while the output stalls, a write returns at
// once (the test would hang otherwise); what does not fit the queue is
// dropped and its count said among the lines written, which keep their
// order; Close writes out the queue, and a write after it is dropped.
func TestLogQueueNeverWaits(t *testing.T) {
	g := &gatedWriter{open: make(chan struct{}), entered: make(chan struct{})}
	q := newLogQueue(g)
	const n = logQueueLen + 100
	// The queue's goroutine takes the first line and stalls on the
	// output before the others are written: then the queue's length
	// after it gets through and the rest is dropped, however the
	// goroutines are scheduled.
	fmt.Fprintf(q, "line 0\n")
	testkit.Returns(t, patience, "the first line reaching the output", func() { <-g.entered })
	for i := 1; i < n; i++ {
		fmt.Fprintf(q, "line %d\n", i)
	}
	close(g.open)
	q.Close()
	fmt.Fprintf(q, "closed\n") // dropped, never a panic
	out := g.buf.String()
	var kept []string
	dropped := ""
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if strings.Contains(l, "lines of the log were dropped") {
			dropped = l
			continue
		}
		kept = append(kept, l)
	}
	// The first line, taken before the output stalled, and the queue's
	// length after it got through.
	require.Equal(t, logQueueLen+1, len(kept))
	for i, l := range kept {
		assert.Equal(t, fmt.Sprintf("line %d", i), l, "the lines' order")
	}
	assert.Contains(t, dropped, fmt.Sprintf(" %d lines of the log were dropped", n-len(kept)))
	assert.NotContains(t, out, "closed")
}
