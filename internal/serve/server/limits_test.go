package server_test

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/klob/klob/internal/serve/server"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/sshtest"
)

// rawDial logs in as a guest without opening anything.
func rawDial(t *testing.T, addr string) *gossh.Client {
	t.Helper()
	c, err := gossh.Dial("tcp", addr, sshtest.GuestConfig("raw"))
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// logEventually waits for cond within patience and fails with the
// server's log as it is at the end of the wait (testify's message
// arguments are worked out before it).
func logEventually(t *testing.T, log *sshtest.Buffer, cond func() bool, msg string, args ...any) {
	t.Helper()
	if !assert.Eventually(t, cond, patience, 10*time.Millisecond) {
		t.Fatalf("%s; the log:\n%s", fmt.Sprintf(msg, args...), log.String())
	}
}

// nextSize is the next size a model sent on from, waiting at most
// patience for it.
func nextSize(t *testing.T, from chan [2]int) [2]int {
	t.Helper()
	select {
	case v := <-from:
		return v
	case <-time.After(patience):
		t.Fatal("no size")
	}
	return [2]int{}
}

// alive checks that the server still plays with a new client.
func alive(t *testing.T, addr string) {
	t.Helper()
	login(t, addr, "other")
}

// sizes records the size a session starts at and every window size its
// model gets.
type sizes struct {
	echo
	got chan [2]int
}

func (z *sizes) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if m, ok := msg.(tea.WindowSizeMsg); ok {
		z.got <- [2]int{m.Width, m.Height}
	}
	_, cmd := z.echo.Update(msg)
	return z, cmd
}

// A client claiming a huge terminal is drawn at the most the server
// draws, at login and at every resize.
func TestTerminalSizeClamped(t *testing.T) {
	got := make(chan [2]int, 100)
	starts := make(chan [2]int, 10)
	addr, _, _ := start(t, server.Config{MaxWidth: 240, MaxHeight: 80, NewModel: func(s *server.Session) tea.Model {
		starts <- [2]int{s.Width, s.Height}
		return &sizes{echo: echo{s: s}, got: got}
	}})
	// until reads the sizes the model gets until want, and checks each
	// is within the bounds.
	until := func(want [2]int) {
		t.Helper()
		for {
			select {
			case v := <-got:
				require.True(t, v[0] <= 240 && v[1] <= 80, "the model got %v", v)
				if v == want {
					return
				}
			case <-time.After(patience):
				t.Fatalf("no size %v", want)
			}
		}
	}
	// startsAt checks the size the next session starts at.
	startsAt := func(want [2]int) {
		t.Helper()
		select {
		case v := <-starts:
			assert.Equal(t, want, v)
		case <-time.After(patience):
			t.Fatal("no session")
		}
	}
	// resizes asks for each size {w, h} and waits for the model to get
	// the size {w', h'} that follows it.
	resizes := func(resize func(w, h int) error, sizes ...[4]int) {
		t.Helper()
		for _, z := range sizes {
			require.NoError(t, resize(z[0], z[1]))
			until([2]int{z[2], z[3]})
		}
	}
	c := dial(t, addr, sshtest.Config{User: "big", Width: 10000, Height: 10000, NoEmulator: true})
	startsAt([2]int{240, 80})
	until([2]int{240, 80})
	resizes(c.Resize, [4]int{100, 30, 100, 30}, [4]int{4000, 3000, 240, 80}, [4]int{600, 10, 240, 10})

	// A terminal of unknown size (0×0, as ssh -tt without a terminal
	// asks) is drawn at 80×24, at login and at a resize.
	raw := rawDial(t, addr)
	sess, err := raw.NewSession()
	require.NoError(t, err)
	require.NoError(t, sess.RequestPty("xterm", 0, 0, gossh.TerminalModes{}))
	require.NoError(t, sess.Shell())
	startsAt([2]int{80, 24})
	until([2]int{80, 24})
	resizes(func(w, h int) error { return sess.WindowChange(h, w) }, [4]int{100, 30, 100, 30}, [4]int{0, 0, 80, 24})
}

// By default a session is drawn at 160×50 at most, however large its
// terminal: every screen is made for 80×24, and each cell the program
// is told of costs the renderer's buffers memory.
func TestDefaultSizeBound(t *testing.T) {
	got := make(chan [2]int, 100)
	starts := make(chan [2]int, 10)
	addr, _, _ := start(t, server.Config{NewModel: func(s *server.Session) tea.Model {
		starts <- [2]int{s.Width, s.Height}
		return &sizes{echo: echo{s: s}, got: got}
	}})
	c := dial(t, addr, sshtest.Config{User: "big", Width: 240, Height: 80, NoEmulator: true})
	assert.Equal(t, [2]int{160, 50}, nextSize(t, starts), "the size the session starts at")
	// The program runs (its first size came) before the window changes,
	// as in TestTerminalSizeClamped: a window-change while the session's
	// handler reads its pty races inside the ssh library.
	assert.Equal(t, [2]int{160, 50}, nextSize(t, got), "the size the program starts at")
	require.NoError(t, c.Resize(200, 30))
	for v := nextSize(t, got); v != [2]int{160, 30}; v = nextSize(t, got) {
		require.True(t, v[0] <= 160 && v[1] <= 50, "the model got %v", v)
	}
}

// manualNow is a server clock that stands still until the test moves
// it.
func manualNow() (now func() time.Time, advance func(time.Duration)) {
	var ns atomic.Int64
	ns.Store(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC).UnixNano())
	return func() time.Time { return time.Unix(0, ns.Load()) }, func(d time.Duration) { ns.Add(int64(d)) }
}

// A megabyte of keys, or of pastes streamed on past what may be dropped
// from them, closes the session with a message before the terminal
// parser holds it; another session goes on.
func TestInputFloodClosesSession(t *testing.T) {
	now, _ := manualNow()
	addr, _, log := start(t, server.Config{Now: now})
	other := login(t, addr, "b")
	for _, f := range []struct{ user, start, msg, logged string }{
		{"a", "", "too much input", "disconnect (too much input"},
		{"c", "\x1b[200~", "too much pasted (more than 1024 KB at once", "disconnect (too much pasted"},
	} {
		c := login(t, addr, f.user)
		go func() {
			_ = c.Type(f.start)
			chunk := strings.Repeat("A", 32<<10)
			for range 64 {
				if c.Type(chunk) != nil {
					return
				}
			}
		}()
		require.True(t, c.Wait(patience), "the session ends")
		assert.Contains(t, c.Output(), f.msg)
		require.Eventually(t, func() bool { return strings.Contains(log.String(), f.logged) }, patience, 10*time.Millisecond)
	}
	require.NoError(t, other.Type("k"))
	other.WaitText(t, patience, "last=k")
}

// A paste far longer than the input's burst, a friend's long text into
// the talk, arrives cut to what a screen takes, and the session goes on.
func TestLongPasteArrivesCut(t *testing.T) {
	now, _ := manualNow()
	addr, _, _ := start(t, server.Config{Now: now})
	c := login(t, addr, "a")
	require.NoError(t, c.Type("\x1b[200~"+strings.Repeat("long", 100<<10)+"\x1b[201~k"))
	c.WaitText(t, patience, "last=k")
	c.WaitText(t, patience, "pastes=1 pasted=longlong/4096")
}

// A paste whose end never comes (a broken terminal, a paste cut by the
// network) ends at the next key after a second without input: the key
// reaches the program, where it would have been swallowed as pasted
// text until the idle timeout.
func TestOpenPasteEnds(t *testing.T) {
	now, advance := manualNow()
	addr, _, _ := start(t, server.Config{Now: now})
	c := login(t, addr, "a")
	require.NoError(t, c.Type("\x1b[200~cut"))
	// The server may read a key with the paste before the clock moves
	// (then the key is pasted text): each key comes after a second more.
	c.WaitFor(t, patience, "a key after the paste", func(screen string) bool {
		if strings.Contains(screen, "last=k") {
			return true
		}
		advance(time.Second)
		require.NoError(t, c.Type("k"))
		return false
	})
	assert.Regexp(t, `pastes=1 pasted=cutk*/\d`, c.Screen())
}

// A flood of env requests on a session that never asks for a shell
// closes the connection; a request too large and the variables beyond
// the most are refused.
func TestRequestFloodClosesConnection(t *testing.T) {
	addr, _, log := start(t, server.Config{})
	c := rawDial(t, addr)
	sess, err := c.NewSession()
	require.NoError(t, err)
	stderr, err := sess.StderrPipe()
	require.NoError(t, err)
	var msg strings.Builder
	var read sync.WaitGroup
	read.Add(1)
	go func() { defer read.Done(); _, _ = io.Copy(&msg, stderr) }()
	// Within the budget: 32 variables, then refusals.
	for i := range 40 {
		err := sess.Setenv(fmt.Sprintf("V%d", i), "x")
		if i < 32 {
			require.NoError(t, err, "variable %d", i)
		} else {
			require.Error(t, err, "variable %d", i)
		}
	}
	require.Error(t, sess.Setenv("BIG", strings.Repeat("x", 10<<10)), "a 10 KB variable")
	// The flood.
	payload := strings.Repeat("y", 1<<10)
	for i := 0; i < 100000; i++ {
		if _, err := sess.SendRequest("env", false, gossh.Marshal(struct{ K, V string }{fmt.Sprint(i), payload})); err != nil {
			break
		}
	}
	require.True(t, sshtest.ClosedWithin(c, patience), "the connection is closed")
	read.Wait()
	assert.Contains(t, msg.String(), "too many requests on this connection")
	assert.Contains(t, log.String(), "too many requests on this connection")
	alive(t, addr)
}

// Channels beyond the most of a connection are refused with a
// sentence.
func TestChannelsPerConnection(t *testing.T) {
	addr, _, _ := start(t, server.Config{MaxChannels: 2})
	c := rawDial(t, addr)
	for range 2 {
		_, err := c.NewSession()
		require.NoError(t, err)
	}
	_, err := c.NewSession()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "at most 2 sessions on one connection")
}

// Connections that never start a terminal session are closed: silent
// TCP, a login without a session, a connection after its session.
// LoginTimeout runs from the accept, the handshake included: a silent
// connection, and a login that opens no session, are closed once it
// has passed; a running session holds the connection however long.
// The deadlines run on a manual clock, so a slow machine changes
// nothing.
func TestLoginTimeout(t *testing.T) {
	const timeout = 3 * time.Second
	started := func(t *testing.T) (string, *sshtest.Buffer, *clocktest.Manual) {
		clk := clocktest.New(clocktest.Start())
		// The stall deadline runs on the same clock, armed while a
		// frame is being written: far beyond what the test advances, so
		// that a write still in flight on a loaded machine never ends
		// the session the test wants held.
		addr, _, log := start(t, server.Config{LoginTimeout: timeout, StallTimeout: time.Hour, AfterFunc: clk.AfterFunc})
		return addr, log, clk
	}
	t.Run("silent", func(t *testing.T) {
		t.Parallel()
		addr, _, clk := started(t)
		tcp, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		defer tcp.Close()
		awaitTimers(t, clk, 2) // the handshake's and the login's, from the accept
		clk.Advance(timeout - time.Millisecond)
		n, _ := clk.Pending()
		require.Equal(t, 2, n, "a deadline ran before its time")
		clk.Advance(time.Millisecond)
		require.NoError(t, tcp.SetReadDeadline(time.Now().Add(patience)))
		_, err = io.Copy(io.Discard, tcp) // the version line, then the end
		require.NoError(t, err, "the server closes a silent connection")
	})
	t.Run("login without a session", func(t *testing.T) {
		t.Parallel()
		addr, log, clk := started(t)
		c := rawDial(t, addr)
		clk.Advance(timeout)
		require.True(t, sshtest.ClosedWithin(c, patience), "a login without a session is closed")
		logEventually(t, log, func() bool { return strings.Contains(log.String(), "no terminal session within 3s") }, "no login timeout logged")
	})
	t.Run("a session holds it", func(t *testing.T) {
		t.Parallel()
		addr, _, clk := started(t)
		s := login(t, addr, "a")
		clk.Advance(10 * timeout) // the session holds it
		require.NoError(t, s.Type("z"))
		s.WaitText(t, patience, "last=z")
	})
}

// awaitTimers waits until clk has at least n functions waiting.
func awaitTimers(t *testing.T, clk *clocktest.Manual, n int) {
	t.Helper()
	deadline := time.After(patience)
	for {
		have, added := clk.Pending()
		if have >= n {
			return
		}
		select {
		case <-added:
		case <-deadline:
			t.Fatalf("%d timers armed, want %d", have, n)
		}
	}
}

// readRefusal reads what a refused connection gets: Klob's line, then
// the end.
func readRefusal(t *testing.T, addr string) string {
	t.Helper()
	return refusalFrom(t, addr, "")
}

// A refused client that sent its version first, as ssh does, still
// reads the line: the server reads what was sent before it closes, so
// the close is no reset (which drops the line unread on the client).
// The address's one place is held by a session with a terminal, which
// no new connection takes.
func TestRefusalReachesAClientThatSpoke(t *testing.T) {
	addr, _, _ := start(t, server.Config{MaxConnsPerAddr: 1})
	login(t, addr, "held")
	for range 20 {
		c, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		_, err = c.Write([]byte("SSH-2.0-OpenSSH_9.2\r\n"))
		require.NoError(t, err)
		require.NoError(t, c.SetReadDeadline(time.Now().Add(patience)))
		got, err := io.ReadAll(c)
		c.Close()
		require.NoError(t, err)
		assert.Equal(t, "klob: too many connections from your address (at most 1 at once); please try again later\r\n", string(got))
	}
}

// Connections are counted from the accept: those beyond the most of an
// address, or of the server, read Klob's line and are closed. The
// places are held by sessions with a terminal: a connection without one
// would give its place (TestSilentConnectionsMakeRoom,
// TestAddressQuotaMakesRoom).
func TestConnectionCaps(t *testing.T) {
	addr, srv, _ := start(t, server.Config{MaxConnsPerAddr: 3})
	var held []*sshtest.Client
	for i := range 3 {
		held = append(held, login(t, addr, fmt.Sprintf("p%d", i)))
	}
	line := readRefusal(t, addr)
	assert.Equal(t, "klob: too many connections from your address (at most 3 at once); please try again later\r\n", line)
	assert.Equal(t, 1, srv.Refused())
	held[0].Close()
	require.Eventually(t, func() bool {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			return false
		}
		defer c.Close()
		_ = c.SetReadDeadline(time.Now().Add(patience))
		l, _ := bufio.NewReader(c).ReadString('\n')
		return strings.HasPrefix(l, "SSH-2.0-")
	}, patience, 20*time.Millisecond, "a closed connection frees its place")

	// The server's most, of connections with a terminal.
	addr, _, _ = start(t, server.Config{MaxConns: 2, MaxConnsPerAddr: 10})
	for i := range 2 {
		login(t, addr, fmt.Sprintf("q%d", i))
	}
	assert.Equal(t, "klob: the server has too many connections (2); please try again later\r\n", readRefusal(t, addr))
}

// The sessions a second from one address: Klob's refusal, with its
// newline.
func TestSessionRateRefusal(t *testing.T) {
	addr, _, _ := start(t, server.Config{ConnRate: 0.001, ConnBurst: 1})
	login(t, addr, "a")
	b := dial(t, addr, sshtest.Config{User: "b", Width: 80, Height: 24})
	require.True(t, b.Wait(patience))
	assert.Contains(t, b.Output(), "klob: too many connections from your address in a short time; please wait a minute and try again\r\n")
}

// Keys beyond the rate never reach the model nor draw a frame; the
// warning is drawn once.
func TestDroppedKeysCostNothing(t *testing.T) {
	var now atomic.Int64
	now.Store(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC).UnixNano())
	views := &atomic.Int64{}
	addr, _, _ := start(t, server.Config{KeyRate: 2, KeyBurst: 3,
		Now: func() time.Time { return time.Unix(0, now.Load()) },
		NewModel: func(s *server.Session) tea.Model {
			return &echo{s: s, views: views}
		}})
	c := login(t, addr, "a")
	before := views.Load()
	// The clock stands still: three keys pass, the others are dropped.
	// A mouse motion after them (no key: it passes) shows once every key
	// before it went through the filter: the warning comes at the first
	// key dropped, while the rest may still be on their way, and a clock
	// moved then would let three more through.
	require.NoError(t, c.Type(strings.Repeat("k", 500)+"m"+"\x1b[<32;7;5M"))
	c.WaitText(t, patience, "motion=1")
	assert.Contains(t, c.Screen(), "keys too fast: at most 2 a second")
	assert.Contains(t, c.Screen(), "keys=3")
	// Time passes: a key goes through again.
	now.Add(int64(10 * time.Second))
	require.NoError(t, c.Type("z"))
	c.WaitText(t, patience, "last=z")
	assert.Contains(t, c.Screen(), "keys=4")
	assert.Less(t, views.Load()-before, int64(20), "frames for 502 keys")
}

// Mouse motion is coalesced: a drag of a thousand motions reaches the
// model a few times, the last position among them.
func TestMouseMotionCoalesced(t *testing.T) {
	// The clock stands still and the flush waits on a manual one: what
	// reaches the model depends on the motions alone.
	clk := clocktest.New(clocktest.Start())
	standing := clk.Now()
	addr, _, _ := start(t, server.Config{Now: func() time.Time { return standing }, AfterFunc: clk.AfterFunc})
	c := login(t, addr, "a")
	var b strings.Builder
	for i := range 1000 {
		// SGR mouse: motion with the left button held, at column
		// 1+i%70, row 5 (1-based).
		fmt.Fprintf(&b, "\x1b[<32;%d;5M", 1+i%70)
	}
	// A key after them shows every motion went through the filter.
	require.NoError(t, c.Type(b.String()+"z"))
	scr := c.WaitText(t, patience, "last=z")
	assert.Contains(t, scr, "motion=1 at=0,4", "the first motion passes, the others wait")
	// The interval's end: the latest of those that waited follows, alone.
	clk.Advance(time.Second)
	last := fmt.Sprintf("motion=2 at=%d,4", (999%70)+1-1)
	scr = c.WaitText(t, patience, last)
	assert.Contains(t, scr, last)
}

// A TERM or a user name with a newline and escapes cannot forge a log
// line nor reach the operator's terminal.
func TestLogEscapesClientStrings(t *testing.T) {
	addr, _, log := start(t, server.Config{})
	forged := "xterm\n2026/12/01 12:00:00 connect user \"admin\" (key SHA256:x)\x1b[2J" + strings.Repeat("z", 500)
	c := dial(t, addr, sshtest.Config{User: "eve\x1b[31m\nroot", Width: 80, Height: 24, Term: forged})
	c.WaitText(t, patience, "hello")
	c.Close()
	require.Eventually(t, func() bool { return strings.Contains(log.String(), "disconnect") }, patience, 10*time.Millisecond)
	l := log.String()
	assert.NotContains(t, l, "\x1b")
	for _, line := range strings.Split(strings.TrimSpace(l), "\n") {
		assert.Regexp(t, `^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d `, line)
		assert.Less(t, len(line), 400, "a line of the log is cut: %q", line)
	}
	assert.NotContains(t, l, `connect user "admin"`)
	assert.Contains(t, l, `\n2026/12/01`)
}

// A line pasted without bracketed paste comes as one key per
// character, all at once: the default burst lets the longest chat line
// (200 characters, and more) through whole, while a sustained flood is
// still cut to the rate (40 a second by default).
func TestPasteWithinTheKeyBurst(t *testing.T) {
	var now atomic.Int64
	now.Store(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC).UnixNano())
	addr, _, _ := start(t, server.Config{Now: func() time.Time { return time.Unix(0, now.Load()) }})
	c := login(t, addr, "a")
	// The clock stands still: only the burst counts. A mouse motion
	// after the keys (it passes) shows every key went through the filter.
	motion := func(n int) string { return fmt.Sprintf("\x1b[<32;%d;5M", n) }
	require.NoError(t, c.Type(strings.Repeat("k", 256)+motion(7)))
	c.WaitText(t, patience, "motion=1")
	assert.Contains(t, c.Screen(), "keys=256")
	assert.NotContains(t, c.Screen(), "keys too fast")
	// A flood beyond it is dropped, with the warning.
	require.NoError(t, c.Type(strings.Repeat("f", 500)+motion(9)))
	c.WaitText(t, patience, "motion=2")
	assert.Contains(t, c.Screen(), "keys=256")
	assert.Contains(t, c.Screen(), "keys too fast: at most 40 a second")
	// A second later, 40 more keys pass and no more: the sustained rate.
	now.Add(int64(time.Second))
	require.NoError(t, c.Type(strings.Repeat("s", 100)+motion(11)))
	c.WaitText(t, patience, "motion=3")
	assert.Contains(t, c.Screen(), "keys=296")
}

// Every connection gets a log line, one that opens no session too
// (ssh -N with -L, -R or -D): at its end, with who it was, how long it
// lasted and what was refused on it; a request refused for its size (a
// pty-req with a 5000-character TERM) gets a line of its own. Every line
// is escaped and bounded.
func TestConnectionsWithoutSessionLogged(t *testing.T) {
	addr, _, log := start(t, server.Config{})
	// waitLog waits for a line that holds each of want, and returns it.
	waitLog := func(want ...string) string {
		t.Helper()
		logEventually(t, log, func() bool { return logLine(log, want...) != "" }, "no log line with %q", want)
		return logLine(log, want...)
	}
	// ssh -N -L and -R as a guest: the forwards are refused, the
	// connection closed by the client.
	c := rawDial(t, addr)
	_, err := c.Dial("tcp", "127.0.0.1:1")
	require.Error(t, err)
	_, err = c.Listen("tcp", "127.0.0.1:0")
	require.Error(t, err)
	require.NoError(t, c.Close())
	l := waitLog(`user "raw" (guest)`, "without a session")
	assert.Contains(t, l, "refused port forwarding (2)")
	waitLog(`refused a "direct-tcpip" channel for user "raw" (guest)`)
	waitLog(`refused a "tcpip-forward" request for user "raw" (guest)`)

	// A key that logs in and leaves.
	kc, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{User: "kay\x1b[2J", Auth: []gossh.AuthMethod{gossh.PublicKeys(sshtest.NewKey(t))},
		HostKeyCallback: gossh.InsecureIgnoreHostKey()})
	require.NoError(t, err)
	require.NoError(t, kc.Close())
	waitLog(`user "kay\x1b[2J" (key SHA256:`, "without a session")

	// A TCP connection that never logs in.
	tcp, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	require.NoError(t, tcp.SetReadDeadline(time.Now().Add(patience)))
	_, err = bufio.NewReader(tcp).ReadString('\n') // counted once the version came
	require.NoError(t, err)
	require.NoError(t, tcp.Close())
	waitLog("without a session: from " + tcp.LocalAddr().String() + " (not logged in), ended after")

	// A pty-req with a 5000-character TERM is refused, with a line.
	pc := rawDial(t, addr)
	sess, err := pc.NewSession()
	require.NoError(t, err)
	term := "xterm\n" + strings.Repeat("T", 5000)
	require.Error(t, sess.RequestPty(term, 24, 80, gossh.TerminalModes{}))
	l = waitLog(`refused a "pty-req" request of`)
	assert.Contains(t, l, "more than 4096 bytes")
	assert.Contains(t, l, `user "raw" (guest)`)
	require.NoError(t, pc.Close())

	logEventually(t, log, func() bool { return strings.Count(log.String(), "without a session") == 4 }, "not four lines for connections without a session")
	all := log.String()
	assert.NotContains(t, all, "\x1b")
	assert.NotContains(t, all, "TTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTT")
	for _, line := range strings.Split(strings.TrimSpace(all), "\n") {
		assert.Regexp(t, `^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d `, line)
		assert.Less(t, len(line), 400, "a line of the log is cut: %q", line)
	}
}

// silentFrom opens a TCP connection from the loopback address ip that
// never sends a byte, and waits until the server has counted it (its
// version line came).
func silentFrom(t *testing.T, addr, ip string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	c, err := d.Dial("tcp", addr)
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	require.NoError(t, c.SetReadDeadline(time.Now().Add(patience)))
	line, err := bufio.NewReader(c).ReadString('\n')
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(line, "SSH-2.0-"), line)
	return c
}

// closedByServer reports whether the server closed c: a read ends
// (the deadline of silentFrom bounds it) without a timeout.
func closedByServer(c net.Conn) bool {
	_, err := io.Copy(io.Discard, c)
	var ne net.Error
	return !(errors.As(err, &ne) && ne.Timeout())
}

// A connection that has not logged in within HandshakeTimeout is
// closed, with a line in the log; the login timeout (long here) has
// nothing to do with it. The timeouts run on the test's clock, moved
// once every connection has its version line, however slow the
// machine was to send it.
func TestHandshakeTimeout(t *testing.T) {
	clk := clocktest.New(clocktest.Start())
	addr, _, log := start(t, server.Config{HandshakeTimeout: 50 * time.Millisecond, LoginTimeout: time.Hour, AfterFunc: clk.AfterFunc})
	var silent []net.Conn
	for range 5 {
		silent = append(silent, silentFrom(t, addr, "127.0.0.1"))
	}
	awaitTimers(t, clk, 10) // each connection's handshake and login deadlines
	clk.Advance(50 * time.Millisecond)
	for i, c := range silent {
		require.True(t, closedByServer(c), "silent connection %d is still open", i)
	}
	logEventually(t, log, func() bool { return strings.Count(log.String(), "no SSH handshake within 50ms") == 5 }, "not five handshake timeouts logged")
	assert.Contains(t, log.String(), "(not logged in), closed by the server after")
}

// Silent connections from many addresses, each under its address's
// most, fill the server's connections: a new one takes the place of the
// oldest connection not logged in (one that never sent a byte first),
// so a player always gets in, again and again. Connections with a
// terminal are never closed for it: once they hold every place, a new
// one is refused. The place is made before the new connection reads the
// server's version line, and the line of the one closed is logged
// before: the log says which went, whatever the machine's speed.
func TestSilentConnectionsMakeRoom(t *testing.T) {
	addr, srv, log := start(t, server.Config{MaxConns: 20, MaxConnsPerAddr: 16, HandshakeTimeout: time.Hour, LoginTimeout: time.Hour})
	went := func(c net.Conn) bool {
		return strings.Contains(log.String(), "from "+c.LocalAddr().String()+" (not logged in), closed by the server")
	}
	// One that sent its version line and stopped there: older than the
	// silent ones, but further in its handshake.
	talker, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer talker.Close()
	_, err = talker.Write([]byte("SSH-2.0-stalled\r\n"))
	require.NoError(t, err)
	require.NoError(t, talker.SetReadDeadline(time.Now().Add(patience)))
	r := bufio.NewReader(talker)
	_, err = r.ReadString('\n')
	require.NoError(t, err)
	// The server's first packet (its key exchange) comes only once it
	// has read the talker's version line: from then on the talker has
	// spoken. Its version line alone, written before it reads, does not
	// say so, and a loaded server made the talker the first to go.
	_, err = r.Peek(1)
	require.NoError(t, err)
	// 15 from each of two addresses: 30 for the 19 places left.
	var silent []net.Conn
	for _, ip := range []string{"127.0.2.2", "127.0.2.3"} {
		for range 15 {
			silent = append(silent, silentFrom(t, addr, ip))
		}
	}
	assert.Equal(t, 0, srv.Refused())
	for i := range 11 {
		assert.True(t, went(silent[i]), "silent connection %d stays", i)
		require.True(t, closedByServer(silent[i]), "silent connection %d is still open", i)
	}
	// Players get in, each in the place of the oldest silent one left.
	for i := range 3 {
		login(t, addr, fmt.Sprintf("p%d", i))
		assert.True(t, went(silent[11+i]), "silent connection %d stays", 11+i)
	}
	assert.Equal(t, 0, srv.Refused())
	assert.Equal(t, 14, srv.Evicted())
	for i := 14; i < 30; i++ {
		assert.False(t, went(silent[i]), "silent connection %d went before older ones", i)
	}
	assert.False(t, went(talker), "the connection that spoke went before silent ones")
	assert.Contains(t, log.String(), "made room for a new connection")

	// Connections with a terminal hold every place: a new one is
	// refused.
	addr, srv, _ = start(t, server.Config{MaxConns: 3, HandshakeTimeout: time.Hour, LoginTimeout: time.Hour})
	for i := range 3 {
		login(t, addr, fmt.Sprintf("q%d", i))
	}
	assert.Equal(t, "klob: the server has too many connections (3); please try again later\r\n", readRefusal(t, addr))
	assert.Equal(t, 1, srv.Refused())
	assert.Equal(t, 0, srv.Evicted())
}

// A control sequence with dozens of parameters (x/ansi before v0.11.10
// panicked on the 33rd, on Bubble Tea's input goroutine, which took the
// whole server down) closes the session that sent it, with a word and
// a log line; the other sessions play on. Split across writes, too.
func TestOverlongSequenceClosesSession(t *testing.T) {
	attack := "\x1b[" + strings.Repeat(";", 32) + "0"
	for _, split := range []int{0, 2, 20} {
		t.Run(fmt.Sprint(split), func(t *testing.T) {
			addr, _, log := start(t, server.Config{})
			other := login(t, addr, "b")
			c := login(t, addr, "a")
			if split > 0 {
				require.NoError(t, c.Type(attack[:split]))
			}
			require.NoError(t, c.Type(attack[split:]))
			require.True(t, c.Wait(patience), "the session ends")
			assert.Contains(t, c.Output(), "malformed control sequence")
			logEventually(t, log, func() bool { return strings.Contains(log.String(), "disconnect (your terminal sent a malformed") },
				"the end is logged")
			require.NoError(t, other.Type("k"))
			other.WaitText(t, patience, "last=k")
			alive(t, addr)
		})
	}
}

// Agent and X11 forwarding are answered no and logged, as port
// forwarding is, on a session with a terminal (which goes on) and on
// one without (whose connection's last line counts them).
func TestAgentAndX11ForwardingRefused(t *testing.T) {
	addr, _, log := start(t, server.Config{})
	c := login(t, addr, "ann")
	for _, req := range []string{"auth-agent-req@openssh.com", "x11-req"} {
		ok, err := c.Request(req, true, nil)
		require.NoError(t, err)
		assert.False(t, ok, "%s answered yes", req)
		logEventually(t, log, func() bool {
			return strings.Contains(log.String(), fmt.Sprintf(`refused a %q request for user "ann" (guest)`, req))
		}, "no line for %s", req)
	}
	require.NoError(t, c.Type("k"))
	c.WaitText(t, patience, "last=k")

	raw := rawDial(t, addr)
	sess, err := raw.NewSession()
	require.NoError(t, err)
	ok, err := sess.SendRequest("auth-agent-req@openssh.com", true, nil)
	require.NoError(t, err)
	assert.False(t, ok, "agent forwarding answered yes without a terminal")
	require.NoError(t, raw.Close())
	logEventually(t, log, func() bool {
		return logLine(log, `without a session: user "raw" (guest)`, "refused agent forwarding (1)") != ""
	},
		"no last line counting the agent forwarding refused")
}

// logLine is the first line of the log that holds each of want, "" for
// none.
func logLine(log *sshtest.Buffer, want ...string) string {
lines:
	for _, l := range strings.Split(log.String(), "\n") {
		for _, w := range want {
			if !strings.Contains(l, w) {
				continue lines
			}
		}
		return l
	}
	return ""
}

// idleFrom logs in from the loopback address ip as a guest and opens
// nothing; with channel, it opens a session channel and asks nothing on
// it (no terminal, no shell).
func idleFrom(t *testing.T, addr, ip string, channel bool) *gossh.Client {
	t.Helper()
	c, err := sshtest.Login(addr, sshtest.Config{User: "idle", From: ip})
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	if channel {
		_, err := c.NewSession()
		require.NoError(t, err)
	}
	return c
}

// loginFrom opens an 80×24 session as user from the loopback address
// ip and waits for its greeting: its terminal runs.
func loginFrom(t *testing.T, addr, ip, user string) *sshtest.Client {
	t.Helper()
	c := dial(t, addr, sshtest.Config{User: user, Width: 80, Height: 24, From: ip})
	c.WaitText(t, patience, "hello "+user)
	return c
}

// refusalFrom reads what a connection from the loopback address ip
// ("" for the system's choice) gets when it is refused: Klob's line,
// then the end.
func refusalFrom(t *testing.T, addr, ip string) string {
	t.Helper()
	var d net.Dialer
	if ip != "" {
		d.LocalAddr = &net.TCPAddr{IP: net.ParseIP(ip)}
	}
	c, err := d.Dial("tcp", addr)
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.SetReadDeadline(time.Now().Add(patience)))
	line, _ := bufio.NewReader(c).ReadString('\n')
	return line
}

// madeRoom reports whether the log says the connection from local was
// closed to make room for a new one, for why.
func madeRoom(log *sshtest.Buffer, local net.Addr, why string) bool {
	return logLine(log, " from "+local.String()+",", "closed by the server", why) != "" ||
		logLine(log, " from "+local.String()+" (not logged in), closed by the server", why) != ""
}

// Guests that log in and never open a terminal (nothing at all, or a
// session channel without a shell), from many addresses each within its
// quota, fill the server's connections: a player from another address
// still gets in, in the place of the oldest of them, and so does every
// player after, until players with a terminal hold every place. Only
// then is a new connection refused; no player is closed for it. The
// place is made, and the line of the connection closed logged, before
// the new connection reads the server's version.
func TestIdleLoginsMakeRoom(t *testing.T) {
	addr, srv, log := start(t, server.Config{MaxConns: 6, MaxConnsPerAddr: 2, HandshakeTimeout: time.Hour, LoginTimeout: time.Hour})
	var idle []*gossh.Client
	for i := range 6 {
		idle = append(idle, idleFrom(t, addr, fmt.Sprintf("127.0.4.%d", 1+i/2), i%2 == 1))
	}
	const why = "made room for a new connection (the server has its 6 connections)"
	var players []*sshtest.Client
	for i := range 6 {
		players = append(players, loginFrom(t, addr, fmt.Sprintf("127.0.3.%d", 1+i/2), fmt.Sprintf("p%d", i)))
		require.True(t, madeRoom(log, idle[i].LocalAddr(), why), "idle login %d stays for player %d; the log:\n%s", i, i, log.String())
		for j := i + 1; j < 6; j++ {
			assert.False(t, madeRoom(log, idle[j].LocalAddr(), why), "idle login %d went before idle login %d", j, i)
		}
		require.True(t, sshtest.ClosedWithin(idle[i], patience), "idle login %d is still open", i)
	}
	assert.Equal(t, 0, srv.Refused())
	assert.Equal(t, 6, srv.Evicted())

	// Players hold every place: a new connection is refused.
	assert.Equal(t, "klob: the server has too many connections (6); please try again later\r\n", refusalFrom(t, addr, "127.0.3.9"))
	assert.Equal(t, 1, srv.Refused())
	assert.Equal(t, 6, srv.Evicted())
	for i, p := range players {
		require.NoError(t, p.Type("k"), "player %d", i)
		p.WaitText(t, patience, "last=k")
	}
}

// Within one address's quota the same: silent sockets and a login that
// opens no terminal from an address keep none of its players out. The
// newest connection takes the place of the address's oldest one
// without a terminal, a silent one first; another address's
// connections are never closed for it, and once the address's players
// hold its every place, a new one from it is refused.
func TestAddressQuotaMakesRoom(t *testing.T) {
	addr, srv, log := start(t, server.Config{MaxConnsPerAddr: 4, HandshakeTimeout: time.Hour, LoginTimeout: time.Hour})
	const ip = "127.0.5.1"
	const why = "made room for a new connection from its address (at most 4 at once)"
	elsewhere := []net.Conn{silentFrom(t, addr, "127.0.5.9"), silentFrom(t, addr, "127.0.5.9")}
	// The login that opens nothing is the oldest; then ten silent
	// sockets, each beyond the quota in the place of the oldest silent.
	idle := idleFrom(t, addr, ip, false)
	var silent []net.Conn
	for range 10 {
		silent = append(silent, silentFrom(t, addr, ip))
	}
	for i := range 7 {
		assert.True(t, madeRoom(log, silent[i].LocalAddr(), why), "silent socket %d stays", i)
		require.True(t, closedByServer(silent[i]), "silent socket %d is still open", i)
	}
	// Players from the address get in: the three silent sockets left go
	// first, then the login.
	var players []*sshtest.Client
	for i := range 4 {
		players = append(players, loginFrom(t, addr, ip, fmt.Sprintf("p%d", i)))
		if i < 3 {
			assert.True(t, madeRoom(log, silent[7+i].LocalAddr(), why), "silent socket %d stays for player %d", 7+i, i)
			assert.False(t, madeRoom(log, idle.LocalAddr(), why), "the login went before a silent socket")
		}
	}
	assert.True(t, madeRoom(log, idle.LocalAddr(), why), "the login stays")
	require.True(t, sshtest.ClosedWithin(idle, patience), "the login is still open")
	assert.Equal(t, 0, srv.Refused())
	assert.Equal(t, 11, srv.Evicted())

	// Its players hold the address's places: a new one is refused.
	assert.Equal(t, "klob: too many connections from your address (at most 4 at once); please try again later\r\n", refusalFrom(t, addr, ip))
	assert.Equal(t, 1, srv.Refused())
	assert.Equal(t, 11, srv.Evicted())
	for i, p := range players {
		require.NoError(t, p.Type("k"), "player %d", i)
		p.WaitText(t, patience, "last=k")
	}
	for i, c := range elsewhere {
		assert.False(t, madeRoom(log, c.LocalAddr(), "made room"), "another address's connection %d went", i)
	}
}

// A flood of window changes reaches the model (and Bubble Tea's
// renderer, which redraws the whole screen for each) once an interval
// at most: the latest size waits for its end, so the last one still
// lands. A lone resize after a quiet while passes at once. The clock
// stands still and the interval's end runs on a manual clock: what the
// model gets depends on the requests alone.
func TestWindowChangesCoalesced(t *testing.T) {
	now, advanceNow := manualNow()
	clk := clocktest.New(clocktest.Start())
	got := make(chan [2]int, 2000)
	addr, _, _ := start(t, server.Config{Now: now, AfterFunc: clk.AfterFunc, StallTimeout: time.Hour,
		RequestRate: 1000, RequestBurst: 2000,
		NewModel: func(s *server.Session) tea.Model { return &sizes{echo: echo{s: s}, got: got} }})
	c := login(t, addr, "a")
	require.Equal(t, [2]int{80, 24}, nextSize(t, got), "the size the program starts at")
	resize := func(w, h int, wantReply bool) {
		t.Helper()
		_, err := c.Request("window-change", wantReply, gossh.Marshal(struct{ W, H, PW, PH uint32 }{uint32(w), uint32(h), 0, 0}))
		require.NoError(t, err)
	}
	for i := range 1000 {
		resize(81+i%50, 30, false)
	}
	// The server has taken every request once it answers the last.
	resize(120, 40, true)
	seen := 0
	for done := false; !done; {
		clk.Advance(time.Second)
		select {
		case v := <-got:
			seen++
			done = v == [2]int{120, 40}
		case <-time.After(10 * time.Millisecond):
		}
	}
	// One resize waits at the program's door, one in the session's
	// requests, and one may already wait in the guard: at most three
	// sizes before the last, and none twice.
	assert.LessOrEqual(t, seen, 4, "sizes the model got for 1001 window changes")
	select {
	case v := <-got:
		t.Fatalf("the model got %v after the last size", v)
	default:
	}

	// A while later, one resize passes at once.
	advanceNow(time.Second)
	resize(90, 30, true)
	require.Equal(t, [2]int{90, 30}, nextSize(t, got))
	c.WaitText(t, patience, "size=90x30")
}

// A client that resizes as its session starts, before it reads a byte:
// its window changes follow the pty request and the shell at once, so
// the ssh library takes them while the handler reads the terminal it
// starts at. The program starts at the size asked for with the pty and
// ends at the last one the client sent. Under -race this is the order
// that raced the library's write of the pty's size with the handler's
// read of it: every round makes it, with no timing in the test.
func TestResizeAsSessionStarts(t *testing.T) {
	addr, _, _ := start(t, server.Config{})
	for i := range 20 {
		c, err := sshtest.Dial(addr, sshtest.Config{User: "ann", Width: 100, Height: 30, NeverRead: true})
		require.NoError(t, err)
		require.NoError(t, c.Resize(120, 40))
		require.NoError(t, c.Resize(130+i, 44))
		require.NoError(t, c.Close())
	}
	// One more that reads its screen: the last size is the one drawn.
	c := dial(t, addr, sshtest.Config{User: "ann", Width: 100, Height: 30})
	require.NoError(t, c.Resize(120, 40))
	require.NoError(t, c.Resize(130, 44))
	c.WaitText(t, patience, "start=100x30 size=130x44")
}
