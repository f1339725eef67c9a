package main

import (
	"bufio"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
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
	out sshtest.Buffer
}

func (p *serveProc) log() string { return p.out.String() }

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
			fmt.Fprintln(&p.out, sc.Text())
			if strings.Contains(sc.Text(), "listening on") {
				once.Do(func() { close(ready) })
			}
		}
		_, _ = io.Copy(io.Discard, out)
	}()
	select {
	case <-ready:
	case <-time.After(patience):
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

// sshTmux runs the real ssh command in tmux, a session a person named
// after them, against a klob serve on port. Every screen read goes
// through check (when set); a wait that fails shows serverLog.
type sshTmux struct {
	t         *testing.T
	ts        *tmuxSession
	dir, port string
	serverLog func() string
	check     func(name, screen string)
}

// newSSHTmux starts a tmux server of its own, gone at the test's end;
// the people's keys are kept in dir.
func newSSHTmux(t *testing.T, dir, port string, serverLog func() string) *sshTmux {
	t.Helper()
	tools := needTools(t, "tmux", "ssh")
	ts := newTmuxSession(t, tools["tmux"], "klob")
	return &sshTmux{t: t, ts: ts, dir: dir, port: port, serverLog: serverLog}
}

// connect opens name's ssh session in a w×h window, with the person's
// key (written the first time); it returns the key's path.
func (x *sshTmux) connect(name string, w, h int) string { return x.connectCmd(name, w, h, "") }

// connectCmd is connect running the command given after the host
// (`ssh -t HOST watch CODE`), when not "".
func (x *sshTmux) connectCmd(name string, w, h int, command string) string {
	key := filepath.Join(x.dir, name+".key")
	if _, err := os.Stat(key); err != nil {
		writeKey(x.t, key)
	}
	tty := ""
	if command != "" {
		tty, command = " -t", " "+command
	}
	cmd := fmt.Sprintf("TERM=xterm-256color ssh%s -p %s -i %s -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o IdentitiesOnly=yes -o LogLevel=ERROR %s@127.0.0.1%s; echo ssh exited; sleep 60", tty, x.port, key, name, command)
	x.ts.run("new-session", "-d", "-s", name, "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), cmd)
	return key
}

func (x *sshTmux) screen(name string) string {
	scr := x.ts.run("capture-pane", "-p", "-t", name)
	if x.check != nil {
		x.check(name, scr)
	}
	return scr
}

func (x *sshTmux) keys(name string, k ...string) {
	x.ts.run(append([]string{"send-keys", "-t", name}, k...)...)
}

// waitFor polls name's screen until it shows want.
func (x *sshTmux) waitFor(name, want string) string {
	x.t.Helper()
	return x.waitUntil(name, fmt.Sprintf("%q", want), patience, func(scr string) bool { return strings.Contains(scr, want) })
}

// waitUntil polls name's screen until ok, for at most d: a bound that
// only a broken server reaches, never what decides a passing run.
func (x *sshTmux) waitUntil(name, what string, d time.Duration, ok func(string) bool) string {
	x.t.Helper()
	deadline := time.Now().Add(d)
	for {
		scr := x.screen(name)
		if ok(scr) {
			return scr
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("%s: %s never showed; the screen:\n%s\nserver:\n%s", name, what, scr, x.serverLog())
		}
		time.Sleep(poll)
	}
}

// openTable has host open a table of seats from the lobby and the
// guests join it by its code (seats B, C...); the host starts the game.
// It returns the code.
func (x *sshTmux) openTable(seats int, host string, guests ...string) string {
	x.t.Helper()
	x.waitFor(host, "Welcome, "+host)
	x.keys(host, "o")
	x.waitFor(host, "Open a table")
	for range seats - 2 {
		x.keys(host, "Right")
	}
	x.waitFor(host, seatsShown(seats))
	x.keys(host, "Up", "Enter")
	code := codeRE.FindStringSubmatch(x.waitFor(host, "give friends the code"))[1]
	for i, g := range guests {
		x.waitFor(g, "Welcome, "+g)
		x.keys(g, "j")
		x.waitFor(g, "Table code:")
		x.keys(g, "-l", code)
		x.keys(g, "Enter")
		x.waitFor(host, "Seat "+rules.Seat(i+1).String()+"  "+g)
	}
	x.keys(host, "s")
	return code
}

// play has the people answer what their screens ask, as act does, until
// done; it fails after d.
func (x *sshTmux) play(d time.Duration, done func() bool, people ...string) {
	x.t.Helper()
	last := map[string]string{}
	sent := map[string]time.Time{}
	deadline := time.Now().Add(d)
	for !done() {
		if time.Now().After(deadline) {
			for _, name := range people {
				x.t.Logf("%s:\n%s", name, x.screen(name))
			}
			x.t.Fatalf("not done after %v", d)
		}
		for _, name := range people {
			s := x.screen(name)
			// Wait for the screen to answer the last key; one that left
			// no mark (refused in a turn's settle wait, whose note came
			// and went between two reads on a loaded machine) is sent
			// again once the screen has stood still a while, as drive
			// does.
			if s == last[name] && time.Since(sent[name]) < resend {
				continue
			}
			switch k := answerKey(s); k {
			case "":
				continue
			case sshtest.Enter:
				x.keys(name, "Enter")
			default:
				x.keys(name, k)
			}
			last[name], sent[name] = s, time.Now()
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// buildServe builds klob into dir and starts klob serve on a free
// loopback port with its state in dir/state and args; it returns the
// binary, the server, the port and the state directory.
func buildServe(t *testing.T, dir string, args ...string) (bin string, srv *serveProc, port, state string) {
	t.Helper()
	bin = filepath.Join(dir, "klob")
	buildKlobAt(t, bin)
	addr := sshtest.FreeAddr(t)
	_, port, _ = net.SplitHostPort(addr)
	state = filepath.Join(dir, "state")
	srv = startServeProc(t, bin, append([]string{"-addr", addr, "-state", state, "-pace", "0s"}, args...)...)
	return bin, srv, port, state
}

// The real ssh command, in tmux, against a real klob serve: two people
// play a deal; after kill -9 the server brings the table back and a
// person who connects again sits at it.
func TestServeE2E(t *testing.T) {
	if testing.Short() {
		t.Skip("the end-to-end run builds klob and starts ssh")
	}
	needTools(t, "tmux", "ssh")
	dir := t.TempDir()
	bin, srv, port, state := buildServe(t, dir)
	args := srv.cmd.Args[2:]
	require.Contains(t, srv.log(), "created host key")
	fi, err := os.Stat(filepath.Join(state, "host_ed25519"))
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm())

	x := newSSHTmux(t, dir, port, func() string { return srv.log() })
	x.connect("ann", 110, 34)
	x.connect("bob", 110, 34)
	code := x.openTable(2, "ann", "bob")
	x.waitFor("ann", "Deal 1")

	// Both play, reading their screens, until deal 2 is dealt.
	logPath := filepath.Join(state, "tables", code, "current.klob")
	x.play(60*time.Second, func() bool {
		l, err := gamelog.ReadFile(logPath)
		return err == nil && len(l.Deals) >= 2
	}, "ann", "bob")
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
	x.waitFor("ann", "ssh exited")
	srv2 := startServeProc(t, bin, args...)
	x.serverLog = srv2.log
	require.Contains(t, srv2.log(), "table "+code+" back from its log")
	require.NotContains(t, srv2.log(), "created host key")
	x.ts.run("kill-session", "-t", "ann")
	x.connect("ann", 110, 34)
	x.waitFor("ann", code)
	x.waitFor("ann", "away, waits")
	after, err := gamelog.ReadFile(logPath)
	require.NoError(t, err)
	require.Equal(t, len(l.Deals), len(after.Deals))
}

// The real ssh command, in tmux, against a real klob serve, at a table
// of four: two people with two bots at 110×34, and four people (no bot)
// in 80×24 windows, play a deal to its end, each reading only their own
// screen; at 80×24 every frame they read fits the window. Each sees the
// game by team, their own first.
func TestServeE2ETableOfFour(t *testing.T) {
	if testing.Short() {
		t.Skip("the end-to-end run builds klob and starts ssh")
	}
	for _, tc := range []struct {
		people []string
		w, h   int
	}{
		{[]string{"ann", "bob"}, 110, 34},
		{[]string{"ann", "bob", "cyd", "dee"}, 80, 24},
	} {
		t.Run(fmt.Sprint(len(tc.people)), func(t *testing.T) {
			needTools(t, "tmux", "ssh")
			dir := t.TempDir()
			_, srv, port, state := buildServe(t, dir)
			x := newSSHTmux(t, dir, port, srv.log)
			if tc.w == 80 {
				x.check = func(_, scr string) { checkFits(t, scr) }
			}
			for _, name := range tc.people {
				x.connect(name, tc.w, tc.h)
			}
			code := x.openTable(4, tc.people[0], tc.people[1:]...)
			for _, name := range tc.people {
				x.waitFor(name, "Deal 1")
			}
			if tc.w >= 100 {
				x.waitFor("ann", "4 players")
				x.waitFor("bob", "partner")
			}
			// The people play their own seats; bots play the others.
			logPath := filepath.Join(state, "tables", code, "current.klob")
			l, err := gamelog.ReadFile(logPath)
			for deadline := time.Now().Add(patience); err != nil || len(l.Deals) == 0; l, err = gamelog.ReadFile(logPath) {
				if time.Now().After(deadline) {
					t.Fatalf("the table's log holds no deal after %v (%v); the server:\n%s", patience, err, srv.log())
				}
				time.Sleep(poll)
			}
			for s := range rules.Seat(4) {
				if int(s) < len(tc.people) {
					require.Equal(t, gamelog.Human, l.Header.Level(s), "seat %s", s)
					require.Equal(t, tc.people[s], l.Header.Name(s))
				} else {
					require.NotEqual(t, gamelog.Human, l.Header.Level(s), "a bot plays seat %s", s)
				}
			}
			x.play(120*time.Second, func() bool { _, ok := playedDeal(state, code); return ok }, tc.people...)
			plays, _ := playedDeal(state, code)
			require.Equal(t, []int{8, 8, 8, 8}, plays, "a deal of four is played out: 32 cards")
			for _, name := range tc.people {
				x.waitFor(name, "You & ")
			}
		})
	}
}

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
