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
	s, dir, n := dealtIn(t, "trap '' HUP; %s exec '%s' -seed 3 -pace 0")
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

// kill -HUP ends klob as q does: the game kept, the quit note said and
// exit status 0, not the signal's default death (status 129).
func TestHangupSignalEnds(t *testing.T) {
	shortParallel(t)
	s, dir, pid := dealtIn(t, "%s '%s' -seed 3 -pace 0; echo \"exit status $?\"; sleep 600")
	shell := fmt.Sprint(pid)
	children, err := os.ReadFile(filepath.Join("/proc", shell, "task", shell, "children"))
	if err != nil {
		t.Skipf("no /proc to find klob under the pane's shell: %v", err)
	}
	var n int
	if _, err := fmt.Sscan(string(children), &n); err != nil {
		t.Fatalf("no klob under the pane's shell %s: %q", shell, children)
	}
	if err := syscall.Kill(n, syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	scr := s.waitFor("exit status", patience)
	if !strings.Contains(scr, "exit status 0") || !strings.Contains(scr, "saved") {
		t.Errorf("klob did not end as on q after SIGHUP:\n%s", scr)
	}
	if _, err := os.Stat(filepath.Join(dir, "state", "current.klob")); err != nil {
		t.Errorf("the game was not kept: %v", err)
	}
}

// dealtIn runs command (a format of the environment and klob's path) in
// a window of 80×24, starts the game and waits for its first deal; it
// returns the window, klob's directory and the pane's process.
func dealtIn(t *testing.T, command string) (*tmuxSession, string, int) {
	t.Helper()
	s, dir := launchShell(t, 80, 24, func(env, bin string) string { return fmt.Sprintf(command, env, bin) })
	s.waitFor("Set up the game", patience)
	pid := strings.TrimSpace(s.run("display-message", "-p", "-t", "e2e", "#{pane_pid}"))
	s.keys("Enter")
	s.waitFor("Deal 1", patience)
	var n int
	if _, err := fmt.Sscan(pid, &n); err != nil {
		t.Fatalf("no pane process: %q", pid)
	}
	return s, dir, n
}
