package main

import (
	"bufio"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/testing/sshtest"
)

// TestServeOutlivesItsLogPipe: klob serve whose log is piped to a
// program that dies first (klob serve | tee, both stopped by one
// Ctrl-C) still stops as it should, telling its players and saving,
// and exits 0: a write to the dead pipe loses that log line only. The
// default for a Go program is to die by SIGPIPE on it.
func TestServeOutlivesItsLogPipe(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "klob")
	buildKlobAt(t, bin)
	cmd := exec.Command(bin, "serve", "-addr", sshtest.FreeAddr(t), "-state", filepath.Join(dir, "state"))
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	cmd.Stderr = cmd.Stdout
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	listening := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "listening on") {
				listening <- true
				return
			}
		}
		listening <- false
	}()
	select {
	case ok := <-listening:
		require.True(t, ok, "klob serve ended before it listened")
	case <-time.After(patience):
		t.Fatal("klob serve did not start")
	}
	// The reader of the log goes; then the Ctrl-C.
	require.NoError(t, out.(interface{ Close() error }).Close())
	require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
	err = cmd.Wait()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		ws := ee.Sys().(syscall.WaitStatus)
		t.Fatalf("klob serve ended by %v (signalled %v: %v), want exit 0", err, ws.Signaled(), ws.Signal())
	}
	require.NoError(t, err)
}
