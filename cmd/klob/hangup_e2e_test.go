//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A window closed with no SIGHUP delivered (a shell that ignores it)
// ends klob all the same, its game kept: it does not wait for keys
// from a terminal gone for good, holding the state directory's lock.
func TestHangupWithoutSignalEnds(t *testing.T) {
	shortParallel(t)
	// exec: the pane's process is klob, which inherits the ignored HUP.
	s, dir := launchShell(t, 80, 24, func(env, bin string) string {
		return fmt.Sprintf("trap '' HUP; %s exec '%s' -seed 3 -pace 0", env, bin)
	})
	s.waitFor("Set up the game", patience)
	pid := strings.TrimSpace(s.run("display-message", "-p", "-t", "e2e", "#{pane_pid}"))
	s.keys("Enter")
	s.waitFor("Deal 1", patience)
	var n int
	if _, err := fmt.Sscan(pid, &n); err != nil {
		t.Fatalf("no pane process: %q", pid)
	}
	s.run("kill-server")
	for end := time.Now().Add(patience); syscall.Kill(n, 0) == nil; {
		if time.Now().After(end) {
			t.Fatalf("klob (process %d) still runs after its window closed", n)
		}
		time.Sleep(poll)
	}
	if _, err := os.Stat(filepath.Join(dir, "state", "current.klob")); err != nil {
		t.Errorf("the game was not kept: %v", err)
	}
}
