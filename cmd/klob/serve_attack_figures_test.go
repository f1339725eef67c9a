package main

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/klob/klob/internal/testing/sshtest"
)

// TestServeAttackFigures re-runs every attack of the adversarial run
// against a real klob serve (under prlimit --as=2 GiB) and logs the
// server's resident memory, goroutines and CPU time before, during and
// after each, and what the attacker got. It asserts only that the
// server lives: the figures are for docs/experiments. KLOB_ATTACKS=1
// runs it (a minute or two); KLOB_ATTACK_ONLY=TEXT runs those whose
// name holds TEXT; KLOB_ATTACK_BIN=FILE measures that build (an older
// one has no -stats: goroutines read -1, and no -login-timeout).
func TestServeAttackFigures(t *testing.T) {
	if os.Getenv("KLOB_ATTACKS") == "" {
		t.Skip("KLOB_ATTACKS=1 re-runs every attack for its figures")
	}
	tools := needTools(t, "prlimit")
	bin := os.Getenv("KLOB_ATTACK_BIN")
	args := []string{"-state", filepath.Join(t.TempDir(), "state"), "-max-sessions", "100"}
	if bin == "" {
		bin = buildKlob(t)
		args = append(args, "-stats", "100ms", "-login-timeout", "3s")
	}
	addr := sshtest.FreeAddr(t)
	p := startServeUnder(t, []string{tools["prlimit"], attackMemCap, "--"}, bin, append(args, "-addr", addr)...)
	pid := strconv.Itoa(p.cmd.Process.Pid)
	v := newVictim(t, addr, "vic")
	time.Sleep(300 * time.Millisecond)

	// measure runs attack, sampling the server meanwhile, and logs the
	// figures; settle is how long to wait after it for the "after".
	only := os.Getenv("KLOB_ATTACK_ONLY")
	measure := func(name string, settle time.Duration, attack func() string) {
		t.Helper()
		if only != "" && !strings.Contains(name, only) {
			return
		}
		before := serverFigures(t, p)
		cpu0 := procCPU(t, pid)
		stop := make(chan struct{})
		top := make(chan figures, 1)
		go func() { top <- peak(t, p, stop) }()
		start := time.Now()
		got := attack()
		took := time.Since(start)
		close(stop)
		during := <-top
		time.Sleep(settle)
		alive(t, p)
		d, err := v.frame(patience)
		require.NoError(t, err, "the victim after %s", name)
		t.Logf("%s (%v): %s\n\tbefore: %s; during: %s; after %v: %s; server CPU %v; the victim's next frame %v",
			name, took.Round(time.Millisecond), got, before, during, settle, serverFigures(t, p),
			(procCPU(t, pid) - cpu0).Round(10*time.Millisecond), d.Round(time.Millisecond))
	}

	measure("8 sessions claiming 10000x10000", time.Second, func() string {
		closeAll, err := attackHugePTY(addr, 8)
		time.Sleep(time.Second)
		closeAll()
		return fmt.Sprintf("lobby shown to all 8: %v", err == nil)
	})
	measure("a 200 MB bracketed paste", time.Second, func() string {
		out, err := attackPaste(addr, 200<<20)
		return fmt.Sprintf("%q %v", firstLineOf(out), err)
	})
	measure("100000 env requests of 30 KB without a shell", time.Second, func() string {
		out, err := attackEnv(addr, 100000, 30<<10)
		return fmt.Sprintf("%q %v", firstLineOf(out), err)
	})
	measure("1000 silent TCP connections from 10 addresses", 4*time.Second, func() string {
		conns, refused := silentConns(addr, 1000, 10, nil)
		time.Sleep(time.Second)
		n := len(conns)
		closed := countClosed(conns, 5*time.Second)
		return fmt.Sprintf("%d accepted, %d refused with Klob's line; %d of the accepted closed by the server within 5 s", n, refused, closed)
	})
	measure("200 connections sending the version line a byte a second", 4*time.Second, func() string {
		conns, refused := silentConns(addr, 200, 10, func(c net.Conn) {
			for _, b := range []byte("SSH-2.0-slow\r\n") {
				if _, err := c.Write([]byte{b}); err != nil {
					return
				}
				time.Sleep(time.Second)
			}
		})
		closed := countClosed(conns, 6*time.Second)
		return fmt.Sprintf("%d accepted, %d refused; %d of the accepted closed within 6 s", len(conns), refused, closed)
	})
	measure("300 guest logins without a session (ssh -N), from 20 addresses", 4*time.Second, func() string {
		var mu sync.Mutex
		var clients []*gossh.Client
		n, failed := guestLogins(addr, 1, 300, 20, func(c *gossh.Client) {
			mu.Lock()
			defer mu.Unlock()
			clients = append(clients, c)
		})
		closed := countAtOnce(len(clients), func(i int) bool { return sshtest.ClosedWithin(clients[i], 6*time.Second) })
		return fmt.Sprintf("%d logged in, %d refused; %d of them closed within 6 s", n, failed, closed)
	})
	measure("20000 idle session channels on one connection", time.Second, func() string {
		c, err := dialFrom(addr, "127.0.2.1")
		if err != nil {
			return err.Error()
		}
		defer c.Close()
		opened, refused := 0, 0
		var reason string
		for range 20000 {
			ch, reqs, err := c.OpenChannel("session", nil)
			if err != nil {
				refused++
				reason = err.Error()
				if strings.Contains(reason, "EOF") || strings.Contains(reason, "closed") {
					break
				}
				continue
			}
			go gossh.DiscardRequests(reqs)
			_ = ch
			opened++
		}
		return fmt.Sprintf("%d opened, %d refused: %q", opened, refused, reason)
	})
	measure("30000 keys at 3000 a second at a table", 2*time.Second, func() string {
		c := atTable(t, addr, "keys")
		sent := 0
		for range 100 {
			if c.Type(strings.Repeat("x", 300)) != nil {
				break
			}
			sent += 300
			time.Sleep(100 * time.Millisecond)
		}
		return fmt.Sprintf("%d keys sent; session open: %v", sent, !isDone(c))
	})
	measure("3000 mouse motions at 300 a second (a drag) at a table", 2*time.Second, func() string {
		c := atTable(t, addr, "mouse")
		sent := 0
		for i := range 100 {
			var b strings.Builder
			for j := range 30 {
				fmt.Fprintf(&b, "\x1b[<32;%d;%dM", 1+(i*30+j)%70, 1+j%20)
			}
			if c.Type(b.String()) != nil {
				break
			}
			sent += 30
			time.Sleep(100 * time.Millisecond)
		}
		return fmt.Sprintf("%d motions sent; session open: %v", sent, !isDone(c))
	})
	measure("150 fast connections over 10 addresses", 2*time.Second, func() string {
		ok, refused := guestLogins(addr, 3, 150, 10, func(c *gossh.Client) { c.Close() })
		return fmt.Sprintf("%d logged in, %d refused", ok, refused)
	})
}

// silentConns opens n TCP connections to addr from addrs loopback
// addresses, each then running f (nil: silent); it returns those the
// server accepted (it sent its version) and the count refused.
func silentConns(addr string, n, addrs int, f func(net.Conn)) (accepted []net.Conn, refused int) {
	var mu sync.Mutex
	_, refused = fromAddrs(4, n, addrs, func(from string) bool {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
		c, err := d.Dial("tcp", addr)
		if err != nil {
			return false
		}
		_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
		buf := make([]byte, 8)
		k, _ := c.Read(buf)
		_ = c.SetReadDeadline(time.Time{})
		if k < 4 || string(buf[:4]) != "SSH-" {
			c.Close()
			return false
		}
		mu.Lock()
		defer mu.Unlock()
		accepted = append(accepted, c)
		if f != nil {
			go f(c)
		}
		return true
	})
	return accepted, refused
}

// fromAddrs makes n connections at once, the i-th from the loopback
// address 127.0.subnet.(1+i%spread), each by conn, which says whether
// the server took it; it returns how many it took and how many it
// refused.
func fromAddrs(subnet, n, spread int, conn func(from string) bool) (ok, refused int) {
	ok = countAtOnce(n, func(i int) bool { return conn(fmt.Sprintf("127.0.%d.%d", subnet, 1+i%spread)) })
	return ok, n - ok
}

// countClosed counts the connections the server closes within d.
func countClosed(conns []net.Conn, d time.Duration) int {
	return countAtOnce(len(conns), func(i int) bool {
		c := conns[i]
		defer c.Close()
		_ = c.SetReadDeadline(time.Now().Add(d))
		buf := make([]byte, 1024)
		for {
			if _, err := c.Read(buf); err != nil {
				ne, ok := err.(net.Error)
				return !ok || !ne.Timeout()
			}
		}
	})
}

// countAtOnce runs f(0) to f(n-1) each on its own goroutine and counts
// those that return true.
func countAtOnce(n int, f func(i int) bool) int {
	var count atomic.Int32
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			if f(i) {
				count.Add(1)
			}
		})
	}
	wg.Wait()
	return int(count.Load())
}

// guestLogins logs n guests in at once from spread loopback addresses,
// 127.0.subnet.1 and up, and gives each that logged in to f on its own
// goroutine (f may keep it or close it); it returns how many logged in
// and how many were refused.
func guestLogins(addr string, subnet, n, spread int, f func(*gossh.Client)) (ok, refused int) {
	return fromAddrs(subnet, n, spread, func(from string) bool {
		c, err := dialFrom(addr, from)
		if err != nil {
			return false
		}
		f(c)
		return true
	})
}

// dialFrom logs in as a guest from the loopback address from.
func dialFrom(addr, from string) (*gossh.Client, error) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 10 * time.Second}
	tcp, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	cc, chans, reqs, err := gossh.NewClientConn(tcp, addr, sshtest.GuestConfig("raw"))
	if err != nil {
		tcp.Close()
		return nil, err
	}
	return gossh.NewClient(cc, chans, reqs), nil
}

// isDone reports whether the session has ended.
func isDone(c *sshtest.Client) bool {
	select {
	case <-c.Done():
		return true
	default:
		return false
	}
}

// atTable is a guest playing alone, at the table (the key and mouse
// floods cost a table's frames); closed with the test.
func atTable(t *testing.T, addr, name string) *sshtest.Client {
	t.Helper()
	c, err := sshtest.Dial(addr, sshtest.Config{User: name, Width: 80, Height: 24})
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	require.True(t, waitScreen(c, "Welcome", patience), c.Screen())
	require.NoError(t, c.Type("p"))
	require.True(t, waitScreen(c, "Set up the game", patience), c.Screen())
	require.NoError(t, c.Type(sshtest.Enter))
	require.True(t, waitScreen(c, "Deal 1", patience), c.Screen())
	return c
}
