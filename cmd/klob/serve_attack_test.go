package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/klob/klob/internal/testing/sshtest"
)

// The three attacks that crashed `klob serve` with one guest login,
// each bounded (a cap on what is sent), for the attack test and the
// load run (KLOB_LOAD_ATTACK).

// attackHugePTY opens n guest sessions claiming a 10000×10000 terminal
// and waits until each shows the lobby; close them with the returned
// function.
func attackHugePTY(addr string, n int) (closeAll func(), err error) {
	_, closeAll, err = openHugePTY(addr, n)
	return closeAll, err
}

// openHugePTY is attackHugePTY that also returns the sessions.
func openHugePTY(addr string, n int) (cs []*sshtest.Client, closeAll func(), err error) {
	closeAll = func() {
		for _, c := range cs {
			_ = c.Close()
		}
	}
	for i := range n {
		c, err := sshtest.Dial(addr, sshtest.Config{User: fmt.Sprintf("huge%d", i), Width: 10000, Height: 10000, NoEmulator: true})
		if err != nil {
			return cs, closeAll, err
		}
		cs = append(cs, c)
	}
	deadline := time.Now().Add(patience)
	for _, c := range cs {
		for !strings.Contains(c.Text(), "Welcome") {
			select {
			case <-c.Done():
				return cs, closeAll, fmt.Errorf("a huge session ended: %q", c.Output())
			default:
			}
			if time.Now().After(deadline) {
				return cs, closeAll, fmt.Errorf("a huge session shows no lobby: %q", c.Text())
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	return cs, closeAll, nil
}

// redrawHuge has each huge session open the help and close it again,
// waiting for output after each key: the server draws every session at
// its (capped) size twice more, however long that takes, where a fixed
// wait drew fewer frames the slower the machine.
func redrawHuge(cs []*sshtest.Client) error {
	for range 2 {
		for _, c := range cs {
			before := c.Received()
			if err := c.Type("?"); err != nil {
				return fmt.Errorf("a key to a huge session: %w", err)
			}
			for deadline := time.Now().Add(patience); c.Received() == before; {
				if time.Now().After(deadline) {
					return fmt.Errorf("a huge session drew nothing after a key in %v", patience)
				}
				select {
				case <-c.Done():
					return fmt.Errorf("a huge session ended: %q", c.Output())
				case <-time.After(poll):
				}
			}
		}
	}
	return nil
}

// attackPaste sends a bracketed paste of up to max bytes from a guest
// session and returns what the session showed once it ended.
func attackPaste(addr string, max int64) (string, error) {
	c, err := sshtest.Dial(addr, sshtest.Config{User: "paste", Width: 80, Height: 24, NoEmulator: true})
	if err != nil {
		return "", err
	}
	defer c.Close()
	for deadline := time.Now().Add(patience); !strings.Contains(c.Text(), "Welcome"); {
		if time.Now().After(deadline) {
			return c.Output(), fmt.Errorf("the paste session shows no lobby after %v", patience)
		}
		select {
		case <-c.Done():
			return c.Output(), fmt.Errorf("the paste session ended before the lobby")
		case <-time.After(20 * time.Millisecond):
		}
	}
	chunk := strings.Repeat("A", 64<<10)
	if err := c.Type("\x1b[200~"); err == nil {
		for sent := int64(0); sent < max; sent += int64(len(chunk)) {
			if c.Type(chunk) != nil {
				break
			}
		}
		_ = c.Type("\x1b[201~")
	}
	if !c.Wait(patience) {
		return c.Output(), fmt.Errorf("the paste session is still open")
	}
	return c.Output(), nil
}

// attackEnv sends up to n env requests of size bytes each on a session
// channel that never asks for a shell, and returns what the channel's
// stderr said once the connection closed.
func attackEnv(addr string, n, size int) (string, error) {
	c, err := gossh.Dial("tcp", addr, sshtest.GuestConfig("env"))
	if err != nil {
		return "", err
	}
	defer c.Close()
	sess, err := c.NewSession()
	if err != nil {
		return "", err
	}
	stderr, err := sess.StderrPipe()
	if err != nil {
		return "", err
	}
	var out strings.Builder
	read := make(chan struct{})
	go func() { _, _ = io.Copy(&out, stderr); close(read) }()
	value := strings.Repeat("v", size)
	for i := range n {
		if _, err := sess.SendRequest("env", false, gossh.Marshal(struct{ K, V string }{fmt.Sprint("K", i), value})); err != nil {
			break
		}
	}
	done := make(chan struct{})
	go func() { _ = c.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(patience):
		return out.String(), fmt.Errorf("the env connection is still open")
	}
	<-read
	return out.String(), nil
}

// victim is a person playing alone against a bot on the attacked
// server: their frames must keep coming.
type victim struct {
	c *sshtest.Client
}

func newVictim(t testing.TB, addr, name string) *victim {
	t.Helper()
	c, err := sshtest.Dial(addr, sshtest.Config{User: name, Key: sshtest.NewKey(t), Width: 100, Height: 30})
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	require.True(t, waitScreen(c, "Welcome", patience), "no lobby:\n%s", c.Screen())
	require.NoError(t, c.Type("p"))
	require.True(t, waitScreen(c, "Set up the game", patience), c.Screen())
	require.NoError(t, c.Type(sshtest.Enter))
	require.True(t, waitScreen(c, "Deal 1", patience), c.Screen())
	return &victim{c: c}
}

// frame opens and closes the help and returns the longer time from a
// key to the frame answering it; an error after d without it.
func (v *victim) frame(d time.Duration) (time.Duration, error) {
	took, err := helpFrames(v.c, d, v.c.Type)
	if err != nil {
		return 0, fmt.Errorf("the victim: %w", err)
	}
	return max(took[0], took[1]), nil
}

// statsRE reads the server's stats line (klob serve -stats).
var statsRE = regexp.MustCompile(`stats: (\d+) sessions, (\d+) tables, (\d+) goroutines, ([\d.]+) MiB heap`)

// figures are the server's resident memory and goroutines (from its
// last stats line; -1 without one).
type figures struct {
	rss        int64
	goroutines int
}

func (f figures) String() string {
	return fmt.Sprintf("RSS %.1f MiB, %d goroutines", mib(f.rss), f.goroutines)
}

func serverFigures(t testing.TB, p *serveProc) figures {
	f := figures{rss: rss(t, strconv.Itoa(p.cmd.Process.Pid)), goroutines: -1}
	if m := statsRE.FindAllStringSubmatch(p.log(), -1); len(m) > 0 {
		f.goroutines, _ = strconv.Atoi(m[len(m)-1][3])
	}
	return f
}

// peak samples the server's figures every 50ms until stop is closed
// and returns the largest.
func peak(t testing.TB, p *serveProc, stop <-chan struct{}) figures {
	var top figures
	for {
		f := serverFigures(t, p)
		top.rss, top.goroutines = max(top.rss, f.rss), max(top.goroutines, f.goroutines)
		select {
		case <-stop:
			return top
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// settled waits until the server's goroutines are back to at most
// base+slack (the sessions of the attack torn down), at most 10s, and
// returns the figures then.
func settled(t testing.TB, p *serveProc, base int) figures {
	deadline := time.Now().Add(10 * time.Second)
	for {
		f := serverFigures(t, p)
		if f.goroutines <= base+10 || time.Now().After(deadline) {
			return f
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// nextStats waits for the server's next stats line (klob serve -stats
// writes one every 100ms), so that the figures read after it are the
// server's as it is now, however late the line comes.
func nextStats(t testing.TB, p *serveProc) {
	t.Helper()
	lines := func() int { return len(statsRE.FindAllStringIndex(p.log(), -1)) }
	n := lines()
	for deadline := time.Now().Add(patience); lines() <= n; time.Sleep(poll) {
		if time.Now().After(deadline) {
			t.Fatalf("no stats line in %v; the server:\n%s", patience, p.log())
		}
	}
}

// alive fails when the server process has ended.
func alive(t testing.TB, p *serveProc) {
	t.Helper()
	_, err := os.Stat(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	require.NoError(t, err, "the server died:\n%s", p.log())
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	require.NotContains(t, string(b), "State:\tZ", "the server died:\n%s", p.log())
	require.NotContains(t, p.log(), "fatal error")
}

// attackMemCap is the address space the attacked server may use, 2 GiB
// (prlimit takes bytes: util-linux 2.38 reads "1G" as something else):
// the Go runtime reserves about 750 MiB of it at start, so this leaves a
// few hundred MiB of heap, which any of the attacks used to exceed in
// seconds.
var attackMemCap = fmt.Sprintf("--as=%d", 2<<30)

// TestServeUnderAttack: klob serve under a memory cap takes each of the
// attacks that crashed it (a 10000×10000 terminal, a 200 MB paste, an
// env flood without a shell), then all three at once: it lives, the
// attacker's session is closed with a message (the huge terminal is
// drawn at 240×80 instead), and a person playing alone keeps getting
// frames. KLOB_ATTACK_BIN=FILE attacks that build instead (an older
// one, to see it fall).
func TestServeUnderAttack(t *testing.T) {
	if testing.Short() {
		t.Skip("builds klob and attacks it under a memory cap")
	}
	tools := needTools(t, "prlimit")
	var bin string
	if os.Getenv("KLOB_ATTACK_BIN") == "" {
		bin = buildKlob(t)
	}
	addr := sshtest.FreeAddr(t)
	args := []string{"-addr", addr, "-state", filepath.Join(t.TempDir(), "state")}
	if os.Getenv("KLOB_ATTACK_BIN") == "" {
		args = append(args, "-stats", "100ms")
	} else {
		bin = os.Getenv("KLOB_ATTACK_BIN") // an older build, without -stats
	}
	p := startServeUnder(t, []string{tools["prlimit"], attackMemCap, "--"}, bin, args...)
	v := newVictim(t, addr, "vic")
	_, err := v.frame(patience)
	require.NoError(t, err)
	if os.Getenv("KLOB_ATTACK_BIN") == "" {
		nextStats(t, p) // a stats line with the victim playing
	}
	before := serverFigures(t, p)
	t.Logf("before: server %s", before)

	type attack struct {
		name string
		run  func() (string, error)
		want string
	}
	attacks := []attack{
		{"a 10000x10000 terminal, 8 sessions", func() (string, error) {
			cs, closeAll, err := openHugePTY(addr, 8)
			defer closeAll()
			if err != nil {
				return "", err
			}
			return "", redrawHuge(cs) // drawn at their size a while
		}, ""},
		{"a 200 MB paste", func() (string, error) { return attackPaste(addr, 200<<20) }, "too much pasted"},
		{"100000 env requests of 30 KB", func() (string, error) { return attackEnv(addr, 100000, 30<<10) }, "too many requests on this connection"},
	}
	check := func(a attack, out string, err error) {
		t.Helper()
		require.NoError(t, err, a.name)
		if a.want != "" {
			assert.Contains(t, out, a.want, a.name)
		}
	}
	// under runs attack while the victim plays, and returns the
	// victim's slowest frame and the server's peak figures meanwhile.
	under := func(name string, attack func()) (time.Duration, figures) {
		t.Helper()
		done, stop := make(chan struct{}), make(chan struct{})
		go func() { attack(); close(done) }()
		top := make(chan figures, 1)
		go func() { top <- peak(t, p, stop) }()
		var worst time.Duration
		for busy := true; busy; {
			select {
			case <-done:
				busy = false
			default:
			}
			d, ferr := v.frame(patience)
			require.NoError(t, ferr, "during %s; the server:\n%s", name, p.log())
			worst = max(worst, d)
		}
		close(stop)
		return worst, <-top
	}
	for _, a := range attacks {
		var out string
		var err error
		worst, during := under(a.name, func() { out, err = a.run() })
		check(a, out, err)
		alive(t, p)
		d, ferr := v.frame(patience)
		require.NoError(t, ferr, "after %s", a.name)
		t.Logf("%s: the attacker read %q; the victim's slowest frame during it %v, after %v; server during: %s, after: %s", a.name,
			firstLineOf(out), worst.Round(time.Millisecond), d.Round(time.Millisecond), during, settled(t, p, before.goroutines))
	}

	// All three at once.
	outs := make([]string, len(attacks))
	errs := make([]error, len(attacks))
	worst, during := under("the three at once", func() {
		var wg sync.WaitGroup
		for i, a := range attacks {
			wg.Add(1)
			go func() { defer wg.Done(); outs[i], errs[i] = a.run() }()
		}
		wg.Wait()
	})
	for i, a := range attacks {
		check(a, outs[i], errs[i])
	}
	alive(t, p)
	_, err = v.frame(patience)
	require.NoError(t, err, "after the three at once")
	t.Logf("the three at once: the victim's slowest frame %v; server during: %s, after: %s", worst.Round(time.Millisecond), during, settled(t, p, before.goroutines))
}

// firstLineOf is the last non-empty line of what an attacker read, cut.
func firstLineOf(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	l := strings.TrimSpace(lines[len(lines)-1])
	if len(l) > 120 {
		l = l[:120] + "…"
	}
	return l
}
