package main

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gatedWriter is an output that stalls until opened, as a full pipe
// does.
type gatedWriter struct {
	open chan struct{}
	mu   sync.Mutex
	buf  bytes.Buffer
}

func (g *gatedWriter) Write(p []byte) (int, error) {
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
	g := &gatedWriter{open: make(chan struct{})}
	q := newLogQueue(g)
	const n = logQueueLen + 100
	for i := range n {
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
	// The queue's goroutine may have taken the first line before the
	// output stalled it: the queue's length got through, or one more.
	require.Contains(t, []int{logQueueLen, logQueueLen + 1}, len(kept))
	for i, l := range kept {
		assert.Equal(t, fmt.Sprintf("line %d", i), l, "the lines' order")
	}
	assert.Contains(t, dropped, fmt.Sprintf(" %d lines of the log were dropped", n-len(kept)))
	assert.NotContains(t, out, "closed")
}
