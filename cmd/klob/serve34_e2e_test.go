package main

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/sshtest"
	"github.com/klob/klob/rules"
)

// The real ssh command, in tmux, against a real klob serve: two people
// at a table of four with two bots play a deal, reading their screens.
func TestServeE2EFourHanded(t *testing.T) {
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
	srv := startServeProc(t, bin, "-addr", addr, "-state", state, "-pace", "0s")

	ts := &tmuxSession{t: t, bin: tools["tmux"], sock: fmt.Sprintf("klob-serve34-e2e-%d", os.Getpid())}
	t.Cleanup(func() { exec.Command(tools["tmux"], "-L", ts.sock, "kill-server").Run() })
	connect := func(name string) {
		key := filepath.Join(dir, name+".key")
		writeKey(t, key)
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
	keys("ann", "Right", "Right")
	waitFor("ann", "‹ 4 ›")
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
	waitFor("ann", "4 players")
	waitFor("bob", "partner")

	logPath := filepath.Join(state, "tables", code, "current.klob")
	played := func() (int, bool) {
		l, err := gamelog.ReadFile(logPath)
		if err != nil {
			return 0, false
		}
		g, err := l.Game()
		if err != nil {
			return 0, false
		}
		for _, rec := range g.Records() {
			n := 0
			for _, s := range rec.Steps {
				if s.Action.Kind == rules.PlayCard {
					n++
				}
			}
			if n > 0 {
				return n, true
			}
		}
		return 0, false
	}
	last := map[string]string{}
	deadline := time.Now().Add(90 * time.Second)
	for {
		if _, ok := played(); ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no deal played out; ann:\n%s\nbob:\n%s", screen("ann"), screen("bob"))
		}
		for _, name := range []string{"ann", "bob"} {
			s := screen(name)
			if s == last[name] {
				continue
			}
			if strings.Contains(s, "▶[") || strings.Contains(s, "Your lead") || strings.Contains(s, "Your turn") ||
				strings.Contains(s, "Press enter for the next deal") {
				keys(name, "Enter")
				last[name] = s
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	n, _ := played()
	require.Equal(t, 32, n, "a deal of four is played out: 32 cards")
	// Each sees the game by team, its own first.
	require.Contains(t, screen("ann"), "You & ")
	require.Contains(t, screen("bob"), "You & ")
}

// The real ssh command, in tmux, against a real klob serve: four people
// in 80×24 windows sit at one table of four, no bot among them, and play
// a deal to its end, each reading only their own screen; every frame
// they read fits the window.
func TestServeE2EFourPeopleAt80x24(t *testing.T) {
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
	srv := startServeProc(t, bin, "-addr", addr, "-state", state, "-pace", "0s")

	ts := &tmuxSession{t: t, bin: tools["tmux"], sock: fmt.Sprintf("klob-serve4p-e2e-%d", os.Getpid())}
	t.Cleanup(func() { exec.Command(tools["tmux"], "-L", ts.sock, "kill-server").Run() })
	names := []string{"ann", "bob", "cyd", "dee"}
	for _, name := range names {
		key := filepath.Join(dir, name+".key")
		writeKey(t, key)
		cmd := fmt.Sprintf("TERM=xterm-256color ssh -p %s -i %s -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o IdentitiesOnly=yes -o LogLevel=ERROR %s@127.0.0.1; echo ssh exited; sleep 60", port, key, name)
		ts.run("new-session", "-d", "-s", name, "-x", "80", "-y", "24", cmd)
	}
	screen := func(name string) string { return ts.run("capture-pane", "-p", "-t", name) }
	keys := func(name string, k ...string) { ts.run(append([]string{"send-keys", "-t", name}, k...)...) }
	waitFor := func(name, want string) string {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
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

	waitFor("ann", "Welcome, ann")
	keys("ann", "o")
	waitFor("ann", "Open a table")
	keys("ann", "Right", "Right")
	waitFor("ann", "‹ 4 ›")
	keys("ann", "Up", "Enter")
	code := codeRE.FindStringSubmatch(waitFor("ann", "give friends the code"))[1]
	for i, name := range names[1:] {
		waitFor(name, "Welcome, "+name)
		keys(name, "j")
		waitFor(name, "Table code:")
		keys(name, "-l", code)
		keys(name, "Enter")
		waitFor("ann", "Seat "+rules.Seat(i+1).String()+"  "+name)
	}
	keys("ann", "s")
	for _, name := range names {
		waitFor(name, "Deal 1")
	}
	// Nobody plays for a bot: the log names four people.
	l, err := gamelog.ReadFile(filepath.Join(state, "tables", code, "current.klob"))
	for err != nil || len(l.Deals) == 0 {
		time.Sleep(10 * time.Millisecond)
		l, err = gamelog.ReadFile(filepath.Join(state, "tables", code, "current.klob"))
	}
	for s := range rules.Seat(4) {
		require.Equal(t, gamelog.Human, l.Header.Level(s), "seat %s", s)
		require.Equal(t, names[s], l.Header.Name(s))
	}

	logPath := filepath.Join(state, "tables", code, "current.klob")
	played := func() (int, bool) {
		l, err := gamelog.ReadFile(logPath)
		if err != nil {
			return 0, false
		}
		g, err := l.Game()
		if err != nil {
			return 0, false
		}
		for _, rec := range g.Records() {
			n := 0
			for _, s := range rec.Steps {
				if s.Action.Kind == rules.PlayCard {
					n++
				}
			}
			if n > 0 {
				return n, true
			}
		}
		return 0, false
	}
	last := map[string]string{}
	deadline := time.Now().Add(120 * time.Second)
	for {
		if _, ok := played(); ok {
			break
		}
		if time.Now().After(deadline) {
			for _, name := range names {
				t.Logf("%s:\n%s", name, screen(name))
			}
			t.Fatal("no deal played out")
		}
		for _, name := range names {
			s := screen(name)
			checkFits(t, s)
			if s == last[name] {
				continue // the screen has not answered the last key yet
			}
			switch {
			case strings.Contains(s, "[t] take"):
				keys(name, "t") // someone takes: the deal is played, not thrown in
			case strings.Contains(s, "Bella?"):
				keys(name, "b")
			case strings.Contains(s, "▶[") || strings.Contains(s, "Your lead") || strings.Contains(s, "Your turn") ||
				strings.Contains(s, "Press enter for the next deal"):
				keys(name, "Enter")
			default:
				continue
			}
			last[name] = s
		}
		time.Sleep(10 * time.Millisecond)
	}
	n, _ := played()
	require.Equal(t, 32, n, "a deal of four is played out: 32 cards")
	// Each sees the game by team, its own first.
	for _, name := range names {
		checkFits(t, waitFor(name, "You & "))
	}
}
