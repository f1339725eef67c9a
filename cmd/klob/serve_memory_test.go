package main

import (
	"fmt"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/testing/sshtest"
)

// TestServeSessionMemory is a measuring harness, run only when
// KLOB_SESSION_MEMORY is set: it opens 30 lobby sessions, then 30
// spectators of a started four-seat table, at 80×24 and at 240×80, and
// logs the heap in use after a collection per session (the test's own
// clients, without a terminal emulator, included). It asserts nothing: the figures are for
// docs/experiments/2026-12-06-serve-session-memory.md.
func TestServeSessionMemory(t *testing.T) {
	if os.Getenv("KLOB_SESSION_MEMORY") == "" {
		t.Skip("a measurement: set KLOB_SESSION_MEMORY=1")
	}
	const n = 30
	for _, size := range []struct{ w, h int }{{80, 24}, {240, 80}} {
		r := startServeWith(t, t.TempDir(), nil, "-max-sessions", "200", "-max-per-addr", "100")
		people := []*person{newPerson(t, "ann"), newPerson(t, "bob"), newPerson(t, "cat"), newPerson(t, "dan")}
		for _, p := range people {
			r.connect(t, p)
		}
		code := openTable(t, 4, people[0], people[1:]...)
		for _, what := range []string{"lobby", "watch " + code} {
			before := liveHeap()
			var open []*sshtest.Client
			for i := range n {
				cfg := sshtest.Config{User: fmt.Sprintf("w%d", i), Key: sshtest.NewKey(t), Width: size.w, Height: size.h, NoEmulator: true}
				if what != "lobby" {
					cfg.Command = what
				}
				c, err := sshtest.Dial(r.addr, cfg)
				require.NoError(t, err)
				open = append(open, c)
			}
			for _, c := range open {
				// Drawn: the screen's first frame has come.
				require.Eventually(t, func() bool { return c.Received() > 500 }, patience, 10*time.Millisecond)
			}
			time.Sleep(time.Second)
			require.Equal(t, len(people)+n, r.srv.Sessions(), "the sessions are open")
			after := liveHeap()
			t.Logf("%dx%d %s: %d sessions, %.2f MB each", size.w, size.h, what[:5], n, float64(after-before)/n/(1<<20))
			for _, c := range open {
				_ = c.Close()
			}
			// Gone before the next count begins.
			require.Eventually(t, func() bool { return r.srv.Sessions() == len(people) }, patience, 10*time.Millisecond)
		}
	}
}

// liveHeap is the heap's live bytes after a collection.
func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}
