// Package sshtest is test support for `klob serve`: an SSH client
// (golang.org/x/crypto/ssh) with a PTY whose output runs through a
// terminal emulator, so a test reads the screen a person would see, and
// also keeps every byte received to search. It connects to loopback
// addresses only.
package sshtest

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
	gossh "golang.org/x/crypto/ssh"
)

// NewKey returns a fresh ed25519 client key.
func NewKey(t testing.TB) gossh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// FreeAddr returns a free loopback address.
func FreeAddr(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// Config says how to connect.
type Config struct {
	User string
	Key  gossh.Signer // nil: a guest (keyboard-interactive, no key)
	// Width and Height of the PTY; zero asks for no PTY at all.
	Width, Height int
	// Term is the PTY's TERM (default xterm-256color).
	Term string
	// Command, when set, is run instead of the shell.
	Command string
	// NoEmulator keeps only the byte count (cheap, for load tests).
	NoEmulator bool
	// NeverRead never reads the session's output, as a client that
	// stopped would: the SSH window fills and the server's writes wait.
	// Done closes when the connection does.
	NeverRead bool
	// From is the loopback address to connect from ("127.0.4.1": the
	// server counts connections by address); "" lets the system choose.
	From string
}

// Client is one connection with its screen.
type Client struct {
	conn *gossh.Client
	sess *gossh.Session
	in   io.WriteCloser

	mu     sync.Mutex
	emu    *vt.Emulator
	raw    bytes.Buffer
	stderr Buffer
	n      int64
	frames chan Frame // one for every chunk of output received
	done   chan struct{}
	watch  atomic.Pointer[func(screen string)]
}

// Watch calls f with the screen after every chunk of output, on the
// reading goroutine: a test sees every frame, not only those it polls.
func (c *Client) Watch(f func(screen string)) { c.watch.Store(&f) }

// GuestConfig is the client configuration of a guest called user: no
// key (keyboard-interactive, answering nothing), any host key (a test's
// own server), ten seconds to connect.
func GuestConfig(user string) *gossh.ClientConfig {
	return &gossh.ClientConfig{
		User:            user,
		Auth:            []gossh.AuthMethod{gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil })},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		Timeout:         10 * time.Second,
	}
}

// Login connects to addr, which must be a loopback address, from
// cfg.From, and logs in as cfg.User with cfg.Key (a guest without),
// opening nothing: a connection as ssh -N makes, for the server's
// limits on connections without a terminal.
func Login(addr string, cfg Config) (*gossh.Client, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return nil, fmt.Errorf("sshtest: %s is not a loopback address", addr)
	}
	cc := GuestConfig(cfg.User)
	if cfg.Key != nil {
		cc.Auth = []gossh.AuthMethod{gossh.PublicKeys(cfg.Key)}
	}
	d := net.Dialer{Timeout: cc.Timeout}
	if cfg.From != "" {
		ip := net.ParseIP(cfg.From)
		if ip == nil || !ip.IsLoopback() {
			return nil, fmt.Errorf("sshtest: %s is not a loopback address", cfg.From)
		}
		d.LocalAddr = &net.TCPAddr{IP: ip}
	}
	tcp, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	conn, chans, reqs, err := gossh.NewClientConn(tcp, addr, cc)
	if err != nil {
		tcp.Close()
		return nil, err
	}
	return gossh.NewClient(conn, chans, reqs), nil
}

// Dial connects to addr, which must be a loopback address, and opens
// a session as cfg says.
func Dial(addr string, cfg Config) (*Client, error) {
	conn, err := Login(addr, cfg)
	if err != nil {
		return nil, err
	}
	sess, err := conn.NewSession()
	if err != nil {
		conn.Close()
		return nil, err
	}
	c := &Client{conn: conn, sess: sess, frames: make(chan Frame, 4096), done: make(chan struct{})}
	if !cfg.NoEmulator && cfg.Width > 0 {
		c.emu = vt.NewEmulator(cfg.Width, cfg.Height)
	}
	out, err := sess.StdoutPipe()
	if err != nil {
		conn.Close()
		return nil, err
	}
	sess.Stderr = &c.stderr
	if c.in, err = sess.StdinPipe(); err != nil {
		conn.Close()
		return nil, err
	}
	if cfg.Width > 0 {
		term := cfg.Term
		if term == "" {
			term = "xterm-256color"
		}
		if err := sess.RequestPty(term, cfg.Height, cfg.Width, gossh.TerminalModes{}); err != nil {
			conn.Close()
			return nil, err
		}
	}
	if cfg.Command != "" {
		err = sess.Start(cfg.Command)
	} else {
		err = sess.Shell()
	}
	if err != nil {
		conn.Close()
		return nil, err
	}
	if c.emu != nil {
		// The emulator's answers (the background colour...) go back.
		go func() { _, _ = io.Copy(c.in, c.emu) }()
	}
	if cfg.NeverRead {
		go func() {
			_ = conn.Wait()
			close(c.done)
		}()
		return c, nil
	}
	go c.read(out)
	return c, nil
}

// Buffer is a bytes.Buffer safe for concurrent use: what a server or a
// session writes on its goroutines while the test reads it on its own.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

// String returns what was written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

func (c *Client) read(r io.Reader) {
	defer close(c.done)
	defer func() { _ = c.sess.Wait() }() // stderr is copied too
	buf := make([]byte, 32<<10)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			now := time.Now()
			c.mu.Lock()
			c.n += int64(n)
			if c.emu != nil || c.raw.Len() < 1<<16 {
				c.raw.Write(buf[:n])
			}
			if c.emu != nil {
				_, _ = c.emu.Write(buf[:n])
			}
			var scr string
			f := c.watch.Load()
			if f != nil && c.emu != nil {
				scr = c.emu.String()
			}
			fr := Frame{At: now}
			if c.emu != nil {
				fr.Top = c.line(0)
			}
			c.mu.Unlock()
			if f != nil {
				(*f)(scr)
			}
			select {
			case c.frames <- fr:
			default:
			}
		}
		if err != nil {
			return
		}
	}
}

// Screen returns the screen's text, one line per row, without styles.
func (c *Client) Screen() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.emu == nil {
		return ""
	}
	return c.emu.String()
}

// line is Line with c.mu held and an emulator.
func (c *Client) line(y int) string {
	var sb strings.Builder
	for x := range c.emu.Width() {
		if cell := c.emu.CellAt(x, y); cell != nil {
			sb.WriteString(cell.Content)
		}
	}
	return sb.String()
}

// Text returns everything received, escape sequences removed.
func (c *Client) Text() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return ansi.Strip(c.raw.String())
}

// Stderr returns what the server wrote to the session's stderr.
func (c *Client) Stderr() string { return c.stderr.String() }

// Output returns everything received on stdout (escape sequences
// removed) and stderr: where a last message lands depends on the PTY.
func (c *Client) Output() string { return c.Text() + c.Stderr() }

// Received returns the number of bytes received.
func (c *Client) Received() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

// Frame is one chunk of output as it arrived.
type Frame struct {
	// At is when the chunk was read, before the emulator parsed it.
	At time.Time
	// Top is the screen's first row once the chunk was parsed, read on
	// the reading goroutine: what this chunk showed, not what a later
	// one did by the time the test looks ("" without an emulator).
	Top string
}

// Frames delivers every chunk of output received (some are dropped
// when nobody reads: 4096 wait at most).
func (c *Client) Frames() <-chan Frame { return c.frames }

// Done is closed when the server closes the session's output.
func (c *Client) Done() <-chan struct{} { return c.done }

// Type sends keys as a terminal would: text as is; Enter, Left, Right,
// Up, Down, Esc, Backspace by name with Key.
func (c *Client) Type(s string) error {
	_, err := io.WriteString(c.in, s)
	return err
}

// Keys a terminal sends.
const (
	Enter     = "\r"
	Left      = "\x1b[D"
	Right     = "\x1b[C"
	Up        = "\x1b[A"
	Down      = "\x1b[B"
	Backspace = "\x7f"
)

// errTimeout and errEnded say why await gave up.
var (
	errTimeout = errors.New("time ran out")
	errEnded   = errors.New("the session ended")
)

// await polls look every 10ms until ok accepts what it returns, at
// most d: it returns the last look, and errTimeout after d or errEnded
// once the session has ended (ok refusing a last look after the end).
func (c *Client) await(d time.Duration, look func() string, ok func(string) bool) (string, error) {
	deadline := time.Now().Add(d)
	for {
		s := look()
		if ok(s) {
			return s, nil
		}
		if time.Now().After(deadline) {
			return s, errTimeout
		}
		select {
		case <-c.done:
			if s := look(); ok(s) {
				return s, nil
			}
			return look(), errEnded
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// holds is a check that its text holds want.
func holds(want string) func(string) bool {
	return func(s string) bool { return strings.Contains(s, want) }
}

// WaitFor polls the screen until ok accepts it, or fails the test after
// d, or once the session ends, with the screen.
func (c *Client) WaitFor(t testing.TB, d time.Duration, what string, ok func(screen string) bool) string {
	t.Helper()
	s, err := c.await(d, c.Screen, ok)
	switch err {
	case errTimeout:
		t.Fatalf("waited %v for %s; the screen:\n%s\nstderr: %s", d, what, s, c.Stderr())
	case errEnded:
		t.Fatalf("the session ended while waiting for %s; the screen:\n%s\nstderr: %s", what, s, c.Stderr())
	}
	return s
}

// WaitText is WaitFor on a piece of text.
func (c *Client) WaitText(t testing.TB, d time.Duration, want string) string {
	t.Helper()
	return c.WaitFor(t, d, fmt.Sprintf("%q", want), holds(want))
}

// ShowsWithin polls the screen until it holds want, at most d or until
// the session ends, and reports whether it did: WaitText for a
// goroutine that has no test to fail.
func (c *Client) ShowsWithin(d time.Duration, want string) bool {
	_, err := c.await(d, c.Screen, holds(want))
	return err == nil
}

// ReceivedWithin polls everything received (Text: a client without an
// emulator has no screen) until it holds want; the error says why not,
// with what was received, after d or once the session ends.
func (c *Client) ReceivedWithin(d time.Duration, want string) error {
	_, err := c.await(d, c.Text, holds(want))
	switch err {
	case errTimeout:
		return fmt.Errorf("no %q after %v: %q", want, d, c.Text())
	case errEnded:
		return fmt.Errorf("the session ended before %q: %q", want, c.Output())
	}
	return nil
}

// Ended reports whether the session has ended, without waiting.
func (c *Client) Ended() bool {
	select {
	case <-c.done:
		return true
	default:
		return false
	}
}

// DropFrames forgets the frames already received, so that the next one
// read from Frames came after the call.
func (c *Client) DropFrames() {
	for {
		select {
		case <-c.frames:
		default:
			return
		}
	}
}

// Wait waits for the session to end, at most d; it reports whether it
// ended.
func (c *Client) Wait(d time.Duration) bool {
	select {
	case <-c.done:
		return true
	case <-time.After(d):
		return false
	}
}

// ClosedWithin reports whether the server closes the connection c
// within d (c's Wait returns); past d it closes c itself and reports
// false.
func ClosedWithin(c *gossh.Client, d time.Duration) bool {
	done := make(chan struct{})
	go func() { _ = c.Wait(); close(done) }()
	select {
	case <-done:
		return true
	case <-time.After(d):
		_ = c.Close()
		return false
	}
}

// Close drops the connection, as a lost network would.
func (c *Client) Close() error {
	// The emulator stays open: its Close races with its Read (vt
	// v0.1.0), so the goroutine copying its answers ends with the test.
	return c.conn.Close()
}

// Resize tells the server the terminal is now w×h (the emulator keeps
// its size).
func (c *Client) Resize(w, h int) error { return c.sess.WindowChange(h, w) }

// Request sends a request of type name on the session (agent or X11
// forwarding, a window change that waits for its answer) and returns
// the server's answer; with wantReply false it returns at once, false.
func (c *Client) Request(name string, wantReply bool, payload []byte) (bool, error) {
	return c.sess.SendRequest(name, wantReply, payload)
}

// Conn returns the SSH connection (to try port forwarding and the like).
func (c *Client) Conn() *gossh.Client { return c.conn }
