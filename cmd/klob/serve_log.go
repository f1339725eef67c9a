package main

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// logQueue is the server's log output: a write is queued and returns at
// once, and one goroutine of its own copies the queue to the real
// output. The server logs while a table's lock or a game's loop is
// held; an output that stalls (a full pipe to a logger, a log file on a
// disk under load) must not stall them, nor through them every lobby.
// When the queue is full a write is dropped and counted, and the count
// is said before the next line written. Close writes what is queued.
type logQueue struct {
	w     io.Writer
	lines chan []byte
	done  chan struct{}

	mu      sync.Mutex
	closed  bool
	dropped int
}

// logQueueLen is how many writes may wait for the output.
const logQueueLen = 4096

func newLogQueue(w io.Writer) *logQueue {
	q := &logQueue{w: w, lines: make(chan []byte, logQueueLen), done: make(chan struct{})}
	go q.run()
	return q
}

// Write queues a copy of p; it never waits for the output.
func (q *logQueue) Write(p []byte) (int, error) {
	line := append([]byte(nil), p...)
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return len(p), nil
	}
	select {
	case q.lines <- line:
	default:
		q.dropped++
	}
	return len(p), nil
}

func (q *logQueue) run() {
	defer close(q.done)
	for line := range q.lines {
		q.mu.Lock()
		n := q.dropped
		q.dropped = 0
		q.mu.Unlock()
		if n > 0 {
			fmt.Fprintf(q.w, "%s %d lines of the log were dropped: its output did not keep up\n", time.Now().Format("2006/01/02 15:04:05"), n)
		}
		_, _ = q.w.Write(line)
	}
}

// Close writes what is queued and stops; later writes are dropped.
func (q *logQueue) Close() {
	q.mu.Lock()
	if !q.closed {
		q.closed = true
		close(q.lines)
	}
	q.mu.Unlock()
	<-q.done
}
