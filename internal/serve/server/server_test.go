package server_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/klob/klob/internal/serve/server"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/sshtest"
)

// echo shows who is connected, the last key, the window's size, the
// keys, mouse motions and frames it got; p panics in Update.
type echo struct {
	s      *server.Session
	last   string
	w, h   int
	keys   int
	motion int
	at     string // the last motion's cell
	pastes int
	pasted string // the last paste's first bytes and its length
	views  *atomic.Int64
}

func (e *echo) Init() tea.Cmd { return nil }

func (e *echo) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch m := msg.(type) {
	case tea.KeyPressMsg:
		if m.String() == "p" {
			panic("boom")
		}
		e.last = m.String()
		e.keys++
	case tea.WindowSizeMsg:
		e.w, e.h = m.Width, m.Height
	case tea.PasteMsg:
		e.pastes++
		e.pasted = fmt.Sprintf("%.8s/%d", m.Content, len(m.Content))
	case tea.MouseMotionMsg:
		e.motion++
		e.at = fmt.Sprintf("%d,%d", m.X, m.Y)
	}
	return e, nil
}

func (e *echo) View() tea.View {
	if e.views != nil {
		e.views.Add(1)
	}
	who := "key"
	if e.s.Guest() {
		who = "guest"
	}
	return tea.NewView(fmt.Sprintf("hello %s (%s) last=%s\nstart=%dx%d size=%dx%d keys=%d motion=%d at=%s\npastes=%d pasted=%s", e.s.User, who, e.last,
		e.s.Width, e.s.Height, e.w, e.h, e.keys, e.motion, e.at, e.pastes, e.pasted))
}

// patience bounds a wait for what the server's goroutines do (a frame,
// a session's end, a log line): only a broken server reaches it, never
// a slow one, so that a loaded machine under -race cannot fail a
// passing run.
const patience = time.Minute

func start(t *testing.T, cfg server.Config) (addr string, srv *server.Server, log *sshtest.Buffer) {
	t.Helper()
	log = &sshtest.Buffer{}
	if cfg.HostKey == "" {
		cfg.HostKey = filepath.Join(t.TempDir(), "host_ed25519")
	}
	cfg.Log = log
	if cfg.NewModel == nil {
		cfg.NewModel = func(s *server.Session) tea.Model { return &echo{s: s} }
	}
	srv, err := server.New(cfg)
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return ln.Addr().String(), srv, log
}

func dial(t *testing.T, addr string, cfg sshtest.Config) *sshtest.Client {
	t.Helper()
	c, err := sshtest.Dial(addr, cfg)
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// login opens an 80×24 session as user and waits for its greeting.
func login(t *testing.T, addr, user string) *sshtest.Client {
	t.Helper()
	c := dial(t, addr, sshtest.Config{User: user, Width: 80, Height: 24})
	c.WaitText(t, patience, "hello "+user)
	return c
}

func TestHostKeyCreatedOnceWithFingerprint(t *testing.T) {
	path := filepath.Join(t.TempDir(), "keys", "host_ed25519")
	_, srv, log := start(t, server.Config{HostKey: path})
	fi, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	assert.Contains(t, log.String(), "created host key "+path+": "+srv.Fingerprint())
	assert.True(t, strings.HasPrefix(srv.Fingerprint(), "SHA256:"))
	// A second start reads the same key.
	_, srv2, log2 := start(t, server.Config{HostKey: path})
	assert.Equal(t, srv.Fingerprint(), srv2.Fingerprint())
	assert.NotContains(t, log2.String(), "created")
}

// A host key file others may read starts the server with a warning in
// the log that says how to make it private; a private one gets none.
func TestHostKeyReadableByOthersWarns(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no mode bits")
	}
	path := filepath.Join(t.TempDir(), "host_ed25519")
	_, _, log := start(t, server.Config{HostKey: path})
	assert.NotContains(t, log.String(), "warning")
	require.NoError(t, os.Chmod(path, 0o644))
	_, _, log = start(t, server.Config{HostKey: path})
	assert.Contains(t, log.String(), "warning: the host key "+path+" may be read by others than its owner (mode 0644): make it private (chmod 600 "+path+")")
}

func TestKeyAndGuestAndLogLines(t *testing.T) {
	addr, _, log := start(t, server.Config{})
	k := dial(t, addr, sshtest.Config{User: "ann", Key: sshtest.NewKey(t), Width: 80, Height: 24})
	k.WaitText(t, patience, "hello ann (key)")
	g := dial(t, addr, sshtest.Config{User: "bob", Width: 80, Height: 24})
	g.WaitText(t, patience, "hello bob (guest)")
	require.NoError(t, g.Type("x"))
	g.WaitText(t, patience, "last=x")
	k.Close()
	g.Close()
	require.Eventually(t, func() bool { return strings.Count(log.String(), "disconnect") == 2 }, patience, 10*time.Millisecond)
	l := log.String()
	assert.Equal(t, 2, strings.Count(l, " connect user"), l)
	assert.Contains(t, l, `connect user "ann" (key SHA256:`)
	assert.Contains(t, l, `connect user "bob" (guest)`)
}

func TestRefusals(t *testing.T) {
	addr, _, _ := start(t, server.Config{})
	// A command.
	c := dial(t, addr, sshtest.Config{User: "ann", Command: "cat /etc/passwd"})
	require.True(t, c.Wait(patience))
	assert.Contains(t, c.Output(), "this server only plays Klob")
	assert.Contains(t, c.Output(), "join CODE")
	for _, l := range strings.Split(c.Output(), "\n") {
		assert.LessOrEqual(t, utf8.RuneCountInString(strings.TrimRight(l, "\r")), 80, "a line of the refusal is wider than a terminal: %q", l)
	}
	// No terminal.
	c = dial(t, addr, sshtest.Config{User: "ann"})
	require.True(t, c.Wait(patience))
	assert.Contains(t, c.Output(), "Klob needs a terminal")
	// A subsystem (sftp).
	c = dial(t, addr, sshtest.Config{User: "ann", Width: 80, Height: 24})
	sess, err := c.Conn().NewSession()
	require.NoError(t, err)
	stderr, err := sess.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, sess.RequestSubsystem("sftp"))
	msg, _ := io.ReadAll(stderr)
	assert.Contains(t, string(msg), "no file access")
	// Port forwarding, both ways.
	_, err = c.Conn().Dial("tcp", "127.0.0.1:1")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no port forwarding")
	_, err = c.Conn().Listen("tcp", "127.0.0.1:0")
	require.Error(t, err)
}

func TestSessionLimit(t *testing.T) {
	addr, srv, _ := start(t, server.Config{MaxSessions: 2})
	a := dial(t, addr, sshtest.Config{User: "a", Width: 80, Height: 24})
	b := dial(t, addr, sshtest.Config{User: "b", Width: 80, Height: 24})
	a.WaitText(t, patience, "hello a")
	b.WaitText(t, patience, "hello b")
	c := dial(t, addr, sshtest.Config{User: "c", Width: 80, Height: 24})
	require.True(t, c.Wait(patience))
	assert.Contains(t, c.Output(), "the server is full (2 players connected)")
	// One place: one player.
	addr1, _, _ := start(t, server.Config{MaxSessions: 1})
	login(t, addr1, "a")
	c1 := dial(t, addr1, sshtest.Config{User: "c", Width: 80, Height: 24})
	require.True(t, c1.Wait(patience))
	assert.Contains(t, c1.Output(), "the server is full (1 player connected)")
	require.Eventually(t, func() bool { return srv.Sessions() == 2 }, patience, 10*time.Millisecond)
	a.Close()
	require.Eventually(t, func() bool { return srv.Sessions() == 1 }, patience, 10*time.Millisecond)
	login(t, addr, "d")
}

// TestSessionLimitPerKey: one key holds at most MaxSessionsPerKey
// sessions, from any address; the next is refused with a line that
// says why, while another key and a guest still come in, and a place
// freed by a session's end is the key's again.
func TestSessionLimitPerKey(t *testing.T) {
	addr, srv, log := start(t, server.Config{MaxSessionsPerKey: 2})
	key := sshtest.NewKey(t)
	a := dial(t, addr, sshtest.Config{User: "ann", Key: key, Width: 80, Height: 24})
	b := dial(t, addr, sshtest.Config{User: "ann2", Key: key, Width: 80, Height: 24})
	a.WaitText(t, patience, "hello ann")
	b.WaitText(t, patience, "hello ann2")
	c := dial(t, addr, sshtest.Config{User: "ann3", Key: key, Width: 80, Height: 24})
	require.True(t, c.Wait(patience))
	assert.Contains(t, c.Output(), "this key has 2 sessions open already")
	require.Eventually(t, func() bool { return strings.Contains(log.String(), "this key has 2 sessions open already") }, patience, 10*time.Millisecond)
	other := dial(t, addr, sshtest.Config{User: "bob", Key: sshtest.NewKey(t), Width: 80, Height: 24})
	other.WaitText(t, patience, "hello bob")
	login(t, addr, "guest")
	a.Close()
	require.Eventually(t, func() bool { return srv.Sessions() == 3 }, patience, 10*time.Millisecond)
	d := dial(t, addr, sshtest.Config{User: "ann4", Key: key, Width: 80, Height: 24})
	d.WaitText(t, patience, "hello ann4")
}

// TestIdleTimeout: a session with no key pressed for IdleTimeout ends,
// timed by the server's clock (Config.Now), which the test moves only
// once the first frame is in, however slow the machine drew it.
func TestIdleTimeout(t *testing.T) {
	now, advance := manualNow()
	addr, _, log := start(t, server.Config{IdleTimeout: 300 * time.Millisecond, Now: now})
	c := login(t, addr, "ann")
	advance(300 * time.Millisecond)
	require.True(t, c.Wait(patience), "the idle session ends")
	assert.Contains(t, c.Output(), "no key pressed for 300ms: the session is closed")
	require.Eventually(t, func() bool { return strings.Contains(log.String(), "disconnect (no key pressed") }, patience, 10*time.Millisecond)
}

func TestKeyRate(t *testing.T) {
	var now atomic.Int64
	now.Store(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC).UnixNano())
	addr, _, _ := start(t, server.Config{KeyRate: 2, KeyBurst: 3, Now: func() time.Time { return time.Unix(0, now.Load()) }})
	c := login(t, addr, "ann")
	require.NoError(t, c.Type("abcdefghij"))
	c.WaitText(t, patience, "keys too fast: at most 2 a second")
	now.Add(int64(2500 * time.Millisecond))
	require.NoError(t, c.Type("z"))
	c.WaitText(t, patience, "last=z")
}

// A panic in one session ends it with a message; the others go on.
func TestPanicEndsOnlyThatSession(t *testing.T) {
	addr, srv, log := start(t, server.Config{})
	a := dial(t, addr, sshtest.Config{User: "a", Width: 80, Height: 24})
	b := dial(t, addr, sshtest.Config{User: "b", Width: 80, Height: 24})
	a.WaitText(t, patience, "hello a")
	b.WaitText(t, patience, "hello b")
	require.NoError(t, a.Type("p"))
	require.True(t, a.Wait(patience))
	assert.Contains(t, a.Output(), "something went wrong in this session")
	require.NoError(t, b.Type("k"))
	b.WaitText(t, patience, "last=k")
	assert.Contains(t, log.String(), "panic: boom")
	login(t, addr, "c")
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_ = srv.Shutdown(ctx)
}

// cmdModel shows the command a session came with.
type cmdModel struct{ s *server.Session }

func (m cmdModel) Init() tea.Cmd                       { return nil }
func (m cmdModel) Update(tea.Msg) (tea.Model, tea.Cmd) { return m, nil }
func (m cmdModel) View() tea.View {
	return tea.NewView(fmt.Sprintf("verb=%q code=%q addr=%s ascii=%v", m.s.Verb, m.s.Code, m.s.Addr, m.s.ASCII))
}

// TestCommands: join CODE and watch CODE reach the program with a
// terminal, ascii before them or alone too; without one, or any other
// command, the session is refused as before.
func TestCommands(t *testing.T) {
	addr, _, log := start(t, server.Config{NewModel: func(s *server.Session) tea.Model { return cmdModel{s} }})
	c := dial(t, addr, sshtest.Config{User: "ann", Key: sshtest.NewKey(t), Width: 80, Height: 24, Command: "join abcd"})
	c.WaitText(t, patience, `verb="join" code="abcd" addr=127.0.0.1`)
	c = dial(t, addr, sshtest.Config{User: "ann", Width: 80, Height: 24, Command: "watch ZZZZ"})
	c.WaitText(t, patience, `verb="watch" code="ZZZZ"`)
	c = dial(t, addr, sshtest.Config{User: "ann", Width: 80, Height: 24})
	c.WaitText(t, patience, `verb="" code="" addr=127.0.0.1 ascii=false`)
	// ascii first: suits as letters, alone or before join or watch.
	c = dial(t, addr, sshtest.Config{User: "ann", Width: 80, Height: 24, Command: "ascii"})
	c.WaitText(t, patience, `verb="" code="" addr=127.0.0.1 ascii=true`)
	c = dial(t, addr, sshtest.Config{User: "ann", Width: 80, Height: 24, Command: "ascii join abcd"})
	c.WaitText(t, patience, `verb="join" code="abcd" addr=127.0.0.1 ascii=true`)
	// The commands in any case, as the codes are: JOIN DLDG is join dldg.
	c = dial(t, addr, sshtest.Config{User: "ann", Width: 80, Height: 24, Command: "JOIN DLDG"})
	c.WaitText(t, patience, `verb="join" code="DLDG" addr=127.0.0.1 ascii=false`)
	c = dial(t, addr, sshtest.Config{User: "ann", Width: 80, Height: 24, Command: "Ascii Watch abcd"})
	c.WaitText(t, patience, `verb="watch" code="abcd" addr=127.0.0.1 ascii=true`)
	c = dial(t, addr, sshtest.Config{User: "ann", Width: 80, Height: 24, Command: "WATCH"})
	require.True(t, c.Wait(patience))
	assert.Contains(t, c.Output(), "watch needs a table's code: ssh -t -p PORT host watch CODE")
	c = dial(t, addr, sshtest.Config{User: "ann", Width: 80, Height: 24, Command: "ascii watch"})
	require.True(t, c.Wait(patience))
	assert.Contains(t, c.Output(), "watch needs a table's code: ssh -t -p PORT host watch CODE")
	// Without a terminal: refused.
	c = dial(t, addr, sshtest.Config{User: "ann", Command: "join ABCD"})
	require.True(t, c.Wait(patience))
	assert.Contains(t, c.Output(), "Klob needs a terminal")
	for _, verb := range []string{"join", "watch"} {
		c = dial(t, addr, sshtest.Config{User: "ann", Width: 80, Height: 24, Command: verb})
		require.True(t, c.Wait(patience), verb)
		assert.Contains(t, c.Output(), verb+" needs a table's code: ssh -t -p PORT host "+verb+" CODE", verb)
	}
	for _, cmd := range []string{"cat /etc/passwd", "play ABCD", "sh -c 'join ABCD'"} {
		c = dial(t, addr, sshtest.Config{User: "ann", Width: 80, Height: 24, Command: cmd})
		require.True(t, c.Wait(patience), "%q", cmd)
		assert.Contains(t, c.Output(), "or go straight to a table: ssh -t -p PORT host join CODE (or watch CODE)", "%q", cmd)
	}
	// join or watch with what no code can be: told what a code is.
	for _, cmd := range []string{"watch " + strings.Repeat("A", 17), "join 'AB\x1b[2JCD'", "join 漢字😀"} {
		c = dial(t, addr, sshtest.Config{User: "ann", Width: 80, Height: 24, Command: cmd})
		require.True(t, c.Wait(patience), "%q", cmd)
		verb, _, _ := strings.Cut(cmd, " ")
		assert.Contains(t, c.Output(), "a table's code is four letters, such as KQXM:\r\nssh -t -p PORT host "+verb+" CODE", "%q", cmd)
	}
	assert.NotContains(t, log.String(), "\x1b", "the log keeps no escape")
}

// A good code and a word more is told which word is too many, not that
// the code is wrong; ascii after the code is told to go first.
func TestCommandWithAWordTooMany(t *testing.T) {
	addr, _, _ := start(t, server.Config{NewModel: func(s *server.Session) tea.Model { return cmdModel{s} }})
	for cmd, want := range map[string]string{
		"join ABCD EFGH":        `join takes one table code; "EFGH" is one word too many:` + "\r\nssh -t -p PORT host join CODE",
		"join WVML ascii":       `join takes one table code; "ascii" is one word too many:` + "\r\nssh -t -p PORT host ascii join CODE (ascii goes first)",
		"ascii watch WVML WVML": `watch takes one table code; "WVML" is one word too many:` + "\r\nssh -t -p PORT host watch CODE",
		"join WVML a b":         `join takes one table code; the 2 words after it are too many:`,
	} {
		c := dial(t, addr, sshtest.Config{User: "ann", Width: 80, Height: 24, Command: cmd})
		require.True(t, c.Wait(patience), "%q", cmd)
		assert.Contains(t, c.Output(), want, "%q", cmd)
		assert.NotContains(t, c.Output(), "four letters", "%q", cmd)
		_ = c.Close()
	}
}

// noisy redraws a screen of changing text as fast as the program
// draws, the way a table with moving cards does. started, when set, is
// closed as the program starts.
type noisy struct {
	n       int
	started chan struct{}
}

type noiseMsg struct{}

func (m *noisy) Init() tea.Cmd {
	if m.started != nil {
		close(m.started)
	}
	return m.tick()
}
func (m *noisy) tick() tea.Cmd {
	return tea.Tick(time.Millisecond, func(time.Time) tea.Msg { return noiseMsg{} })
}
func (m *noisy) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(noiseMsg); ok {
		m.n++
		return m, m.tick()
	}
	return m, nil
}
func (m *noisy) View() tea.View {
	var b strings.Builder
	for y := range 80 {
		fmt.Fprintf(&b, "frame %09d row %02d %s\n", m.n, y, strings.Repeat(string(rune('a'+(m.n+y)%26)), 220))
	}
	v := tea.NewView(b.String())
	v.AltScreen = true
	return v
}

// stuckClient starts a server whose program draws without end, closing
// a session whose write waited stall, and a client "zed" at 240×80
// that reads nothing (full suite only: its window of 2 MB fills first).
//
// started is closed once the session's program runs: its handler has
// read the pty, which a window-change racing that read writes without
// a lock inside the ssh library (a data race under -race).
func stuckClient(t *testing.T, stall time.Duration) (addr string, srv *server.Server, log *sshtest.Buffer, stuck *sshtest.Client, started <-chan struct{}) {
	t.Helper()
	if testing.Short() {
		t.Skip("the stuck client's window of 2 MB is filled first")
	}
	run := make(chan struct{})
	addr, srv, log = start(t, server.Config{StallTimeout: stall,
		NewModel: func(s *server.Session) tea.Model { return &noisy{started: run} }})
	return addr, srv, log, dial(t, addr, sshtest.Config{User: "zed", Width: 240, Height: 80, NeverRead: true}), run
}

// waitClosed waits for the server to close the stuck client: its
// window fills and its writes wait, however long that takes here. The
// filling is the machine's drawing of 2 MB of frames (seconds here,
// about a minute under -race on a loaded machine), so the guard against
// hanging is far beyond it.
func waitClosed(t *testing.T, stuck *sshtest.Client) {
	t.Helper()
	select {
	case <-stuck.Done():
	case <-time.After(10 * time.Minute):
		t.Fatal("the server never closed the client that does not read")
	}
}

// A client that stops reading and keeps resizing its window: its
// resizes wait for the program, the program for the screen's write and
// the write for the client. The session's requests still never stop
// the server reading the connection, so the stalled session is closed
// and its place given back.
func TestClientThatNeverReadsAndResizes(t *testing.T) {
	// Resizes within the request rate (50 a second); the stall timeout
	// leaves time for twenty to wait behind the write.
	_, srv, log, stuck, started := stuckClient(t, 2*time.Second)
	select {
	case <-started:
	case <-time.After(patience):
		t.Fatal("the program never started")
	}
	resized := make(chan struct{})
	go func() {
		defer close(resized)
		for i := 0; ; i++ {
			select {
			case <-stuck.Done():
				return
			case <-time.After(30 * time.Millisecond):
			}
			_ = stuck.Resize(200+i%40, 60+i%20)
		}
	}()
	waitClosed(t, stuck)
	<-resized
	logEventually(t, log, func() bool { return strings.Contains(log.String(), "read nothing of the screen") }, "no stall logged")
	logEventually(t, log, func() bool { return srv.Sessions() == 0 }, "the stalled session still holds its place (%d sessions)", srv.Sessions())
	logEventually(t, log, func() bool {
		return regexp.MustCompile(`(?m)disconnect \(.*read nothing.*\) user "zed"`).MatchString(log.String())
	}, "no disconnect line for the stalled session")
}

// stallTimers is Config.AfterFunc on a manual clock that keeps the
// bounds on writes (the calls for the stall timeout) still set, each
// with the clock's time when it was set: a bound is set when a write
// starts and stopped when it ends, so the bounds set are the writes
// under way. Other calls (the handshake and login deadlines) go to the
// clock untracked.
type stallTimers struct {
	clk   *clocktest.Manual
	stall time.Duration

	mu    sync.Mutex
	seq   int               // bounds set so far
	live  map[int]time.Time // the bounds still set, by number: when each was set
	fired []int
}

func newStallTimers(stall time.Duration) *stallTimers {
	return &stallTimers{clk: clocktest.New(clocktest.Start()), stall: stall, live: map[int]time.Time{}}
}

func (s *stallTimers) AfterFunc(d time.Duration, f func()) func() bool {
	if d != s.stall {
		return s.clk.AfterFunc(d, f)
	}
	s.mu.Lock()
	s.seq++
	id := s.seq
	s.live[id] = s.clk.Now()
	s.mu.Unlock()
	stop := s.clk.AfterFunc(d, func() {
		s.mu.Lock()
		delete(s.live, id)
		s.fired = append(s.fired, id)
		s.mu.Unlock()
		f()
	})
	return func() bool {
		s.mu.Lock()
		delete(s.live, id)
		s.mu.Unlock()
		return stop()
	}
}

// state returns how many bounds were set so far and those still set.
func (s *stallTimers) state() (seq int, live map[int]time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	live = make(map[int]time.Time, len(s.live))
	for id, at := range s.live {
		live[id] = at
	}
	return s.seq, live
}

// waiting reports whether bound id is still set.
func (s *stallTimers) waiting(id int) bool {
	_, live := s.state()
	_, ok := live[id]
	return ok
}

// lone waits until one bound stays set while no other is set for ten
// looks in a row and returns it: with one session, its write that
// waits. (A write that was only slow makes the caller look again; the
// looks decide when to go on, never the test's verdict.)
func (s *stallTimers) lone(t *testing.T) int {
	t.Helper()
	id, same := 0, 0
	require.Eventually(t, func() bool {
		seq, live := s.state()
		if len(live) != 1 {
			id, same = 0, 0
			return false
		}
		for l := range live {
			if l == id && seq == id {
				same++
			} else {
				id, same = l, 0
			}
		}
		return same >= 10
	}, 10*time.Minute, 10*time.Millisecond, "no write of the stuck client waits")
	return id
}

// TestClientThatNeverReads: a client that reads nothing of its screen
// is closed by the server once a write has waited StallTimeout, and
// another client's frames keep coming meanwhile and after. The stall
// timeout runs on a manual clock (Config.AfterFunc), moved only when
// the reader's writes cannot be the ones that waited, so the verdict
// does not depend on the machine's speed.
func TestClientThatNeverReads(t *testing.T) {
	if testing.Short() {
		t.Skip("the stuck client's window of 2 MB is filled first")
	}
	const stall = 300 * time.Millisecond
	tm := newStallTimers(stall)
	addr, srv, log := start(t, server.Config{StallTimeout: stall, AfterFunc: tm.AfterFunc,
		NewModel: func(s *server.Session) tea.Model { return &noisy{} }})
	stuck := dial(t, addr, sshtest.Config{User: "zed", Width: 240, Height: 80, NeverRead: true})
	// Alone, zed's window fills and its write waits: the one bound set
	// is zed's. The reader comes then, and its frames flow while zed's
	// write waits; if that write went through after all, look again
	// with zed alone.
	var z int
	var reader *sshtest.Client
	for try := 0; ; try++ {
		if try == 20 {
			t.Fatal("zed's writes never stopped")
		}
		z = tm.lone(t)
		reader = dial(t, addr, sshtest.Config{User: "ann", Width: 80, Height: 24, NoEmulator: true})
		n := reader.Received()
		require.Eventually(t, func() bool { return reader.Received() > n+10_000 }, patience, time.Millisecond,
			"the reading client's frames do not come while zed's write waits")
		if tm.waiting(z) {
			break
		}
		_ = reader.Close()
		logEventually(t, log, func() bool { return srv.Sessions() == 1 }, "the reader's session stays")
	}
	// Half the timeout: nothing is due. The reader's writes under way
	// then end (it reads); only then the other half, which is due for
	// zed's write alone: the reader's writes under way began after the
	// first half.
	tm.clk.Advance(stall / 2)
	require.Eventually(t, func() bool {
		_, live := tm.state()
		for id, at := range live {
			if id != z && at.Before(tm.clk.Now()) {
				return false
			}
		}
		return true
	}, patience, time.Millisecond, "the reader's write does not end")
	tm.clk.Advance(stall - stall/2)
	tm.mu.Lock()
	fired := slices.Clone(tm.fired)
	tm.mu.Unlock()
	require.Equal(t, []int{z}, fired, "the stall timeout ended other writes than zed's")
	waitClosed(t, stuck)
	logEventually(t, log, func() bool { return strings.Contains(log.String(), "read nothing of the screen") }, "no stall logged")
	n := reader.Received()
	require.Eventually(t, func() bool { return reader.Received() > n+10_000 }, patience, time.Millisecond,
		"the reading client's frames stopped")
	select {
	case <-reader.Done():
		t.Fatal("the reading client was closed too")
	default:
	}
}

// Config.Admit keeps out whom the operator's lists name: the session
// shows why and closes, with a line in the log; the others play.
func TestAdmit(t *testing.T) {
	ann, bob := sshtest.NewKey(t), sshtest.NewKey(t)
	annID := server.KeyID(ann.PublicKey())
	addr, _, log := start(t, server.Config{Admit: func(k gossh.PublicKey) string {
		switch {
		case k == nil:
			return "no guests here"
		case server.KeyID(k) != annID:
			return "not on the list"
		}
		return ""
	}})
	c := dial(t, addr, sshtest.Config{User: "ann", Key: ann, Width: 80, Height: 24})
	c.WaitText(t, patience, "hello ann")
	for why, cfg := range map[string]sshtest.Config{
		"klob: not on the list": {User: "bob", Key: bob, Width: 80, Height: 24},
		"klob: no guests here":  {User: "guest", Width: 80, Height: 24},
	} {
		c := dial(t, addr, cfg)
		require.True(t, c.Wait(patience), "%s is not closed", cfg.User)
		assert.Contains(t, c.Output(), why)
		assert.NotContains(t, c.Output(), "hello", cfg.User)
	}
	logEventually(t, log, func() bool {
		return strings.Contains(log.String(), "(refused: not on the list)") && strings.Contains(log.String(), "(refused: no guests here)")
	}, "the refusals are not logged")
}

// Shutdown ends every session with its last line, so that a player
// does not take the closed screen for a quit of their own; a key's and
// a guest's lines may differ.
func TestShutdownTellsEachSession(t *testing.T) {
	addr, srv, log := start(t, server.Config{StopMessage: func(s *server.Session) string {
		if s.Guest() {
			return "klob: stopping, guest " + s.User
		}
		return "klob: stopping, your game is saved, " + s.User
	}})
	a := dial(t, addr, sshtest.Config{User: "ann", Key: sshtest.NewKey(t), Width: 80, Height: 24})
	b := dial(t, addr, sshtest.Config{User: "bob", Width: 80, Height: 24})
	a.WaitText(t, patience, "hello ann")
	b.WaitText(t, patience, "hello bob")
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	require.NoError(t, srv.Shutdown(ctx))
	require.True(t, a.Wait(patience))
	require.True(t, b.Wait(patience))
	assert.Contains(t, a.Output(), "klob: stopping, your game is saved, ann")
	assert.Contains(t, b.Output(), "klob: stopping, guest bob")
	assert.Contains(t, log.String(), "disconnect (stopping, guest bob)")
}

// A session's program sets no signal handler of its own: a SIGTERM or
// SIGINT to the server process is the server's to act on (Shutdown,
// each session's last line), not each program's to quit on at once.
// Checked on the goroutines: Bubble Tea's handler is one per program.
func TestSessionsLeaveSignalsToTheServer(t *testing.T) {
	addr, _, _ := start(t, server.Config{})
	login(t, addr, "ann")
	buf := make([]byte, 1<<22)
	buf = buf[:runtime.Stack(buf, true)]
	assert.NotContains(t, string(buf), "handleSignals", "a session's program listens for the process's signals")
}

// A temporary left by a crash while the host key was written is never
// read as the key: the server starts with a new key and removes it.
func TestServerStartsAfterCrashLeftAKeyTemporary(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "host_ed25519")
	tmp := filepath.Join(dir, ".host_ed25519.tmp-123")
	require.NoError(t, os.WriteFile(tmp, []byte("-----BEGIN OPENSSH PRIVATE KEY-----\nb3Blbn"), 0o600))
	_, srv, log := start(t, server.Config{HostKey: path})
	assert.Contains(t, log.String(), "created host key "+path+": "+srv.Fingerprint())
	_, err := os.Stat(tmp)
	assert.ErrorIs(t, err, os.ErrNotExist, "the crash's temporary is left")
	require.NoError(t, server.CheckHostKey(path))
}

// A client whose TERM is dumb is drawn in ascii without asking for it;
// any other TERM goes by the command.
func TestDumbTermIsASCII(t *testing.T) {
	addr, _, _ := start(t, server.Config{NewModel: func(s *server.Session) tea.Model { return cmdModel{s} }})
	c := dial(t, addr, sshtest.Config{User: "ann", Width: 80, Height: 24, Term: "dumb"})
	c.WaitText(t, patience, `verb="" code="" addr=127.0.0.1 ascii=true`)
	c = dial(t, addr, sshtest.Config{User: "ann", Width: 80, Height: 24, Term: "xterm", Command: "join abcd"})
	c.WaitText(t, patience, `verb="join" code="abcd" addr=127.0.0.1 ascii=false`)
}
