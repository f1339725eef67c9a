package server_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/serve/server"
	"github.com/klob/klob/internal/testing/testkit"
)

// inputReaders counts the goroutines that read a session's input into
// events (the terminal reader's, whoever started it).
func inputReaders() int { return testkit.Goroutines("TerminalReader).StreamEvents") }

// Sessions that end while their input still arrives (a model that
// stops, a client that keeps typing half sequences) leave no goroutine
// reading it once their connections are gone: each such goroutine held
// its session's whole model, and a server met by scanners grew without
// bound.
func TestEndedSessionsLeaveNoInputReader(t *testing.T) {
	addr, _, _ := start(t, server.Config{})
	before := inputReaders()
	for range 8 {
		c := login(t, addr, "a")
		go func() {
			// p ends the session (the model panics); the half
			// sequences after it are still being read as it ends.
			if c.Type("p") != nil {
				return
			}
			for range 2000 {
				if c.Type("\x1b[1;") != nil {
					return
				}
			}
		}()
		require.True(t, c.Wait(patience), "the session ends")
		require.NoError(t, c.Close())
	}
	assert.Eventually(t, func() bool { return inputReaders() <= before }, patience, 20*time.Millisecond,
		"input readers left: %d, before %d", inputReaders(), before)
}
