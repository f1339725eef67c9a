package main

import (
	"bufio"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/sshtest"
	"github.com/klob/klob/rules"
)

// serveProc is a real `klob serve` process on a loopback port.
type serveProc struct {
	cmd *exec.Cmd
	mu  sync.Mutex
	out strings.Builder
}

func (p *serveProc) log() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.out.String()
}

// startServeProc starts bin serve with args and waits until it listens.
func startServeProc(t testing.TB, bin string, args ...string) *serveProc {
	t.Helper()
	return startServeUnder(t, nil, bin, args...)
}

// startServeUnder is startServeProc run by the command wrap (prlimit
// and its options), nil for none.
func startServeUnder(t testing.TB, wrap []string, bin string, args ...string) *serveProc {
	t.Helper()
	argv := append(append(append([]string{}, wrap...), bin, "serve"), args...)
	p := &serveProc{cmd: exec.Command(argv[0], argv[1:]...)}
	out, err := p.cmd.StdoutPipe()
	require.NoError(t, err)
	p.cmd.Stderr = p.cmd.Stdout
	require.NoError(t, p.cmd.Start())
	t.Cleanup(func() { _ = p.cmd.Process.Kill(); _ = p.cmd.Wait() })
	ready := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(out)
		once := sync.Once{}
		for sc.Scan() {
			p.mu.Lock()
			p.out.WriteString(sc.Text() + "\n")
			p.mu.Unlock()
			if strings.Contains(sc.Text(), "listening on") {
				once.Do(func() { close(ready) })
			}
		}
		_, _ = io.Copy(io.Discard, out)
	}()
	select {
	case <-ready:
	case <-time.After(10 * time.Second):
		t.Fatalf("klob serve did not start:\n%s", p.log())
	}
	return p
}

// needTools skips without tmux or ssh, unless CI is set.
func needTools(t *testing.T, tools ...string) map[string]string {
	t.Helper()
	paths := map[string]string{}
	for _, tool := range tools {
		p, err := exec.LookPath(tool)
		if err != nil {
			if os.Getenv("CI") == "" {
				t.Skipf("%s is not installed (make test installs it)", tool)
			}
			t.Fatalf("%s is not installed and CI is set: the end-to-end test must run (make test-deps installs it)", tool)
		}
		paths[tool] = p
	}
	return paths
}

// writeKey writes a fresh client key in OpenSSH's format, mode 0600.
func writeKey(t *testing.T, path string) {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	block, err := gossh.MarshalPrivateKey(priv, "")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, pem.EncodeToMemory(block), 0o600))
}

// The real ssh command, in tmux, against a real klob serve: two people
// play a deal; after kill -9 the server brings the table back and a
// person who connects again sits at it.
func TestServeE2E(t *testing.T) {
	if testing.Short() {
		t.Skip("the end-to-end run builds klob and starts ssh")
	}
	tools := needTools(t, "tmux", "ssh")
	dir := t.TempDir()
	bin := filepath.Join(dir, "klob")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	addr := sshtest.FreeAddr(t)
	_, port, _ := net.SplitHostPort(addr)
	state := filepath.Join(dir, "state")
	args := []string{"-addr", addr, "-state", state, "-pace", "0s"}
	srv := startServeProc(t, bin, args...)
	require.Contains(t, srv.log(), "created host key")
	fi, err := os.Stat(filepath.Join(state, "host_ed25519"))
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm())

	ts := &tmuxSession{t: t, bin: tools["tmux"], sock: fmt.Sprintf("klob-serve-e2e-%d", os.Getpid())}
	t.Cleanup(func() { exec.Command(tools["tmux"], "-L", ts.sock, "kill-server").Run() })
	connect := func(name string) {
		key := filepath.Join(dir, name+".key")
		if _, err := os.Stat(key); err != nil {
			writeKey(t, key)
		}
		cmd := fmt.Sprintf("TERM=xterm-256color ssh -p %s -i %s -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o IdentitiesOnly=yes -o LogLevel=ERROR %s@127.0.0.1; echo ssh exited; sleep 60", port, key, name)
		ts.run("new-session", "-d", "-s", name, "-x", "110", "-y", "34", cmd)
	}
	screen := func(name string) string { return ts.run("capture-pane", "-p", "-t", name) }
	keys := func(name string, k ...string) { ts.run(append([]string{"send-keys", "-t", name}, k...)...) }
	waitFor := func(name, want string) string {
		t.Helper()
		deadline := time.Now().Add(15 * time.Second)
		for {
			scr := screen(name)
			if strings.Contains(scr, want) {
				return scr
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: %q never showed; the screen:\n%s\nserver:\n%s", name, want, scr, srv.log())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}

	connect("ann")
	connect("bob")
	waitFor("ann", "Welcome, ann")
	keys("ann", "o")
	waitFor("ann", "Open a table")
	keys("ann", "Up", "Enter")
	scr := waitFor("ann", "give friends the code")
	code := codeRE.FindStringSubmatch(scr)[1]
	waitFor("bob", "Welcome, bob")
	keys("bob", "j")
	waitFor("bob", "Table code:")
	keys("bob", "-l", code)
	keys("bob", "Enter")
	waitFor("ann", "Seat B  bob")
	keys("ann", "s")
	waitFor("ann", "Deal 1")

	// Both play, reading their screens, until deal 2 is dealt.
	logPath := filepath.Join(state, "tables", code, "current.klob")
	last := map[string]string{}
	deadline := time.Now().Add(60 * time.Second)
	for {
		if l, err := gamelog.ReadFile(logPath); err == nil && len(l.Deals) >= 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("deal 1 did not end; ann:\n%s\nbob:\n%s", screen("ann"), screen("bob"))
		}
		for _, name := range []string{"ann", "bob"} {
			s := screen(name)
			if s == last[name] {
				continue
			}
			switch {
			case strings.Contains(s, "[t] take"):
				keys(name, "t")
			case strings.Contains(s, "Bella?"):
				keys(name, "b")
			case strings.Contains(s, "▶["), strings.Contains(s, "Your lead"), strings.Contains(s, "Your turn"),
				strings.Contains(s, "Press enter for the next deal"):
				keys(name, "Enter")
			default:
				continue
			}
			last[name] = s
		}
		time.Sleep(10 * time.Millisecond)
	}
	l, err := gamelog.ReadFile(logPath)
	require.NoError(t, err)
	g, err := l.Game()
	require.NoError(t, err)
	plays := 0
	for _, s := range g.Records()[0].Steps {
		if s.Action.Kind == rules.PlayCard {
			plays++
		}
	}
	require.Equal(t, 18, plays, "deal 1 was played out")

	// kill -9, then the same command again: the table is back.
	require.NoError(t, srv.cmd.Process.Signal(syscall.SIGKILL))
	_ = srv.cmd.Wait()
	waitFor("ann", "ssh exited")
	srv2 := startServeProc(t, bin, args...)
	require.Contains(t, srv2.log(), "table "+code+" back from its log")
	require.NotContains(t, srv2.log(), "created host key")
	ts.run("kill-session", "-t", "ann")
	connect("ann")
	waitFor("ann", code)
	waitFor("ann", "away, waits")
	after, err := gamelog.ReadFile(logPath)
	require.NoError(t, err)
	require.Equal(t, len(l.Deals), len(after.Deals))
}
