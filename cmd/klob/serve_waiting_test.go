package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A server that stops as klob serve does on SIGTERM (stopServe: its
// connections cut, then its tables stopped) keeps a table still
// waiting for players: the cut connection is no host leaving, and the
// table comes back at the next start with the host's seat. The host
// reads why the session ended.
func TestServeStopKeepsWaitingTable(t *testing.T) {
	shortParallel(t)
	state := t.TempDir()
	r := startServe(t, state, time.Minute)
	ann := newPerson(t, "ann")
	r.connect(t, ann)
	code := waitingTable(t, 2, ann)
	stopServe(r.srv, r.hall, patience)
	require.True(t, ann.c.Wait(patience))
	assert.Contains(t, ann.c.Output(), "the server is stopping. Games are saved: connect again in a minute.")
	require.NoError(t, r.club.Close())

	r2 := startServe(t, state, time.Minute)
	assert.Contains(t, r2.log.String(), "table "+code+" back from its log")
	r2.connect(t, ann)
	ann.c.WaitText(t, patience, "give friends the code "+code)
}
