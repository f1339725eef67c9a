//go:build unix

package main

import (
	"fmt"
	"os"
	"os/exec"
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
	tmuxBin, err := exec.LookPath("tmux")
	if err != nil {
		if os.Getenv("CI") == "" {
			t.Skip("tmux is not installed (make test installs it)")
		}
		t.Fatal("tmux is not installed and CI is set")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "klob")
	buildKlobAt(t, bin)
	s := &tmuxSession{t: t, bin: tmuxBin, sock: fmt.Sprintf("klob-hup-%d", os.Getpid())}
	t.Cleanup(func() { exec.Command(tmuxBin, "-L", s.sock, "kill-server").Run() })
	// exec: the pane's process is klob, which inherits the ignored HUP.
	cmd := fmt.Sprintf("trap '' HUP; KLOB_STATE_DIR='%s' KLOB_CONFIG_DIR='%s' TERM=xterm-256color exec '%s' -seed 3 -pace 0",
		filepath.Join(dir, "state"), filepath.Join(dir, "config"), bin)
	s.run("new-session", "-d", "-s", "e2e", "-x", "80", "-y", "24", cmd)
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
