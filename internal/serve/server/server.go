package server

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"maps"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"
	"charm.land/wish/v2/ratelimiter"
	gossh "golang.org/x/crypto/ssh"
	"golang.org/x/time/rate"

	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/serve/quietlog"
)

// DefaultFrameRate and DefaultFrameBurst are Config.FrameRate's and
// FrameBurst's defaults: ten frames a second after a burst of eight.
const (
	DefaultFrameRate  = 10
	DefaultFrameBurst = 8
)

// DefaultKeyBurst is Config.KeyBurst's default: more keys at once than
// the longest chat line, so a line pasted without bracketed paste (a key
// per character) arrives whole.
const DefaultKeyBurst = 256

// DefaultMaxWidth and DefaultMaxHeight are the default bounds of the
// size a session is drawn at (Config.MaxWidth and MaxHeight).
const (
	DefaultMaxWidth  = 160
	DefaultMaxHeight = 50
)

// Config configures a Server. The zero value of a limit means its
// default.
type Config struct {
	// Addr is where to listen (":2222").
	Addr string
	// HostKey is the host key's file; created (ed25519, mode 0600) when
	// missing.
	HostKey string
	// MaxSessions caps the sessions open at once (default 100), and
	// MaxSessionsPerKey those of one public key (default 4): one person
	// plays and watches from a few terminals, and one key cannot take
	// every place from many addresses. Guests, whom nothing tells
	// apart, are bounded by their address: at most MaxConnsPerAddr guest
	// sessions from one (a connection may carry MaxChannels), and by
	// MaxGuestSessions in all (default MaxSessions less a quarter, kept
	// for players with a key).
	MaxSessions       int
	MaxSessionsPerKey int
	MaxGuestSessions  int
	// IdleTimeout ends a session after this long without a key (default
	// 30 minutes).
	IdleTimeout time.Duration
	// KeyRate is the most keys a second a session may send, with a burst
	// of KeyBurst (defaults 40 and 256). A terminal without bracketed
	// paste sends a pasted line as one key per character, all at once:
	// the burst lets the longest chat line (200 characters) through
	// whole, and the rate still cuts a sustained flood.
	KeyRate  float64
	KeyBurst int
	// ConnRate is the most new sessions a second from one address (an
	// IPv4 address or an IPv6 /64), with a burst of ConnBurst (defaults
	// 5 and 2×MaxSessions).
	ConnRate  float64
	ConnBurst int
	// MaxConns caps the connections open at once, counted from the TCP
	// accept (default 2×MaxSessions+20: room for the sessions and for
	// the "server is full" message); MaxConnsPerAddr caps those of one
	// address, an IPv4 address or an IPv6 /64 (default 16).
	MaxConns        int
	MaxConnsPerAddr int
	// LoginTimeout closes a connection that has no session running a
	// terminal this long after its accept (the SSH handshake included)
	// or after its last session ended (default 1 minute).
	LoginTimeout time.Duration
	// HandshakeTimeout closes a connection that has not logged in (the
	// version exchange, the key exchange and the authentication) this
	// long after its accept (default 10 seconds): a silent socket holds
	// a place for that long at most. And when MaxConns are open, or
	// MaxConnsPerAddr from the new connection's address, the new one
	// takes the place of the oldest one without a terminal session (one
	// that never sent a byte first; of that address when its quota is
	// full) rather than being refused, so neither silent sockets nor
	// logins that open no terminal keep players out.
	HandshakeTimeout time.Duration
	// MaxChannels caps the channels open at once on one connection
	// (default 2).
	MaxChannels int
	// RequestRate is the most requests (global or on a channel) and
	// channel openings a second on one connection, with a burst of
	// RequestBurst (defaults 50 and 200); a connection over it is closed.
	RequestRate  float64
	RequestBurst int
	// MaxWidth and MaxHeight bound the terminal size a session is drawn
	// at, at login and at every resize (defaults 160 and 50). A larger
	// terminal shows the screen in its top left corner. Each session's
	// renderer keeps two buffers of width×height cells of about a hundred
	// bytes each, so the size bounds its memory; every screen is made for
	// 80×24, and the largest layouts (big cards at 110×38) fit in the
	// default.
	MaxWidth, MaxHeight int
	// InputRate is the most bytes a second a session's client may send,
	// with a burst of InputBurst (defaults 4 KB and 16 KB); a session over
	// it is closed with a message.
	InputRate  int
	InputBurst int
	// StallTimeout closes a session whose client has read nothing of
	// its screen for this long: one write to it has waited that long
	// (default 30 seconds). Such a client is dropped, never waited for:
	// its frames stop, the others' go on. A write waits only once the
	// output has filled the client's SSH window (2 MB with OpenSSH) and
	// the sockets' buffers, which small updates take long to do: SSH
	// says nothing of what the client read before its window is full,
	// so a stopped client is told from a slow one only then.
	StallTimeout time.Duration
	// FrameRate is the most frames a second a session draws, with a
	// burst of FrameBurst (defaults 10 and 8 with the machine's clock).
	// Bubble Tea draws the whole screen after every message, so a crowd
	// pressing keys within the key rate could fill the machine with
	// frames and slow every table. The burst draws a person's key and the
	// table's answers at once; beyond it the session shows its last frame
	// and the newest follows as the rate allows. With an injected clock
	// or timers (Now, AfterFunc) the rate is 0, every message drawing a
	// frame: a manual clock that never moves would hold frames back.
	FrameRate  float64
	FrameBurst int
	// Now is the clock of the rates and the idle time; nil means
	// time.Now.
	Now func() time.Time
	// AfterFunc runs the handshake and login deadlines and the bound on
	// a write (StallTimeout): it calls f once d has passed, and its
	// result stops that call. Nil means the machine's timers; tests pass
	// a manual clock's.
	AfterFunc func(d time.Duration, f func()) (stop func() bool)
	// Log receives one line per connection and disconnection (and the
	// host key's fingerprint); nil discards.
	Log io.Writer
	// Admit says whether the holder of a key (nil for a guest) may play:
	// "" admits them, any other text is what they read before the
	// session closes. Nil admits everyone.
	Admit func(key gossh.PublicKey) string
	// NewModel builds a connection's Bubble Tea model. It must not block.
	NewModel func(s *Session) tea.Model
	// StopMessage is the last line a session reads when Shutdown ends
	// it (nil: msgStopping), so that a player does not take the closed
	// screen for a quit of their own.
	StopMessage func(s *Session) string
}

func (c *Config) defaults() {
	defaultTo(&c.MaxSessions, 100)
	defaultTo(&c.MaxSessionsPerKey, 4)
	defaultTo(&c.MaxGuestSessions, c.MaxSessions-c.MaxSessions/4)
	defaultTo(&c.IdleTimeout, 30*time.Minute)
	defaultTo(&c.KeyRate, 40)
	defaultTo(&c.KeyBurst, DefaultKeyBurst)
	defaultTo(&c.ConnRate, 5)
	defaultTo(&c.ConnBurst, 2*c.MaxSessions)
	defaultTo(&c.MaxConns, 2*c.MaxSessions+20)
	defaultTo(&c.MaxConnsPerAddr, 16)
	defaultTo(&c.LoginTimeout, time.Minute)
	defaultTo(&c.HandshakeTimeout, 10*time.Second)
	defaultTo(&c.MaxChannels, 2)
	defaultTo(&c.RequestRate, 50)
	defaultTo(&c.RequestBurst, 200)
	defaultTo(&c.MaxWidth, DefaultMaxWidth)
	defaultTo(&c.MaxHeight, DefaultMaxHeight)
	defaultTo(&c.InputRate, 4<<10)
	defaultTo(&c.InputBurst, 16<<10)
	defaultTo(&c.StallTimeout, 30*time.Second)
	if c.Now == nil && c.AfterFunc == nil {
		defaultTo(&c.FrameRate, DefaultFrameRate)
		defaultTo(&c.FrameBurst, DefaultFrameBurst)
	}
	if c.AfterFunc == nil {
		c.AfterFunc = func(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Log == nil {
		c.Log = io.Discard
	}
	if c.StopMessage == nil {
		c.StopMessage = func(*Session) string { return msgStopping }
	}
}

// msgStopping is the default last line of a session the server's
// Shutdown ends.
const msgStopping = "klob: the server is stopping; connect again in a minute"

// defaultTo sets *v to d when it is unset (zero or less).
func defaultTo[T int | float64 | time.Duration](v *T, d T) {
	if *v <= 0 {
		*v = d
	}
}

// Session is what the model factory knows of a connection.
type Session struct {
	// User is the SSH user name; the lobby offers it as the player's name.
	User string
	// Key identifies the player: a hex fingerprint of their public key,
	// "" for a guest.
	Key string
	// Remote is the client's address.
	Remote string
	// Width and Height are the terminal's size at the start, within
	// Config.MaxWidth and MaxHeight.
	Width, Height int
	// Addr is the client's address as the per-address limits count it:
	// the IPv4 address, or the /64 of an IPv6 one.
	Addr string
	// Verb and Code are the command the session was started with:
	// CmdJoin or CmdWatch and the code given ("" for none).
	Verb, Code string
	// ASCII is true when the session was started with ascii first, or
	// its TERM is dumb or unset: draw suits as letters and boxes in
	// + - |.
	ASCII bool

	send atomic.Pointer[func(tea.Msg)]
	ctx  context.Context
	// active is when Active was last called (Unix nanoseconds on now's
	// clock), 0 never.
	active atomic.Int64
	now    func() time.Time
}

// Active tells the idle clock that the session shows something moving
// that its person follows (a move at the table a spectator watches):
// the session is closed after Config.IdleTimeout with neither a key nor
// such a call. It never blocks, from any goroutine.
func (s *Session) Active() {
	now := time.Now
	if s.now != nil {
		now = s.now
	}
	s.active.Store(now().UnixNano())
}

// lastActive is when Active was last called, zero never.
func (s *Session) lastActive() time.Time {
	n := s.active.Load()
	if n == 0 {
		return time.Time{}
	}
	return time.Unix(0, n)
}

// Guest reports whether the connection came without a public key.
func (s *Session) Guest() bool { return s.Key == "" }

// Send delivers msg to the session's program from any goroutine; it
// returns at once when the session has ended. Messages sent before the
// program exists are dropped.
func (s *Session) Send(msg tea.Msg) {
	if f := s.send.Load(); f != nil {
		(*f)(msg)
	}
}

// Done is closed when the connection ends.
func (s *Session) Done() <-chan struct{} {
	if s.ctx == nil {
		return nil
	}
	return s.ctx.Done()
}

// KeyID returns the player's identity for a public key: the hex SHA-256
// of its wire form, cut to 32 digits (safe as a directory name).
func KeyID(k gossh.PublicKey) string {
	sum := sha256.Sum256(k.Marshal())
	return hex.EncodeToString(sum[:16])
}

// Server is a running or ready SSH server.
type Server struct {
	cfg         Config
	srv         *ssh.Server
	fingerprint string
	logger      *log.Logger
	// quiet bounds the lines of connections without a session.
	quiet *quietlog.Log

	sessions atomic.Int64
	keysMu   sync.Mutex
	perKey   map[string]int // sessions open by key (KeyID)
	guests   int            // guest sessions open, under keysMu
	byAddr   map[string]int // guest sessions open by address, under keysMu
	handlers atomic.Int64   // session handlers running, their log lines included
	refused  atomic.Int64   // connections refused at the accept
	evicted  atomic.Int64   // connections without a terminal closed to make room
	conns    ratelimiter.RateLimiter
	mu       sync.Mutex
	ln       net.Listener
	// live holds the running sessions' ends, for Shutdown; stopping
	// is set once Shutdown has ended them (a session starting later
	// ends at once).
	live     map[*guard]func()
	stopping bool
}

// New prepares a server: it reads the host key, creating it first when
// missing, and logs its fingerprint.
func New(cfg Config) (*Server, error) {
	cfg.defaults()
	if cfg.NewModel == nil {
		return nil, errors.New("server: no model factory")
	}
	if cfg.HostKey == "" {
		return nil, errors.New("server: no host key file")
	}
	s := &Server{cfg: cfg, logger: log.New(cfg.Log, "", log.LstdFlags), live: map[*guard]func(){}}
	created, err := ensureHostKey(durable.OS(), cfg.HostKey)
	if err != nil {
		return nil, err
	}
	signer, err := readHostKey(cfg.HostKey)
	if err != nil {
		return nil, err
	}
	s.fingerprint = gossh.FingerprintSHA256(signer.PublicKey())
	what := "host key"
	if created {
		what = "created host key"
	}
	s.logger.Printf("%s %s: %s", what, cfg.HostKey, s.fingerprint)
	if warn := hostKeyModeWarning(cfg.HostKey); warn != "" {
		s.logger.Print(warn)
	}

	s.quiet = newQuietLog(cfg.AfterFunc, func(line string) { s.logger.Print(line) })
	s.conns = ratelimiter.NewRateLimiter(rate.Limit(cfg.ConnRate), cfg.ConnBurst, 1024)
	srv, err := wish.NewServer(
		wish.WithAddress(cfg.Addr),
		ssh.HostKeyFile(cfg.HostKey),
		wish.WithPublicKeyAuth(func(ssh.Context, ssh.PublicKey) bool { return true }),
		// No key: a guest, who may play against bots only.
		wish.WithKeyboardInteractiveAuth(func(ssh.Context, gossh.KeyboardInteractiveChallenge) bool { return true }),
		// Middlewares run last to first: the outermost is last.
		wish.WithMiddleware(
			s.runProgram,
			s.requirePTY,
			s.refuseCommands,
			s.limitSessions,
			s.limitRate,
			s.admit,
			s.logConnections,
			s.countSession,
			s.recoverPanics,
			withPty, // the terminal as the session started (pty.go)
		),
		func(srv *ssh.Server) error {
			srv.SubsystemHandlers = map[string]ssh.SubsystemHandler{"default": s.refuseSubsystem}
			srv.SessionRequestCallback = snapshotPty
			// Every channel and request goes through the connection's
			// limits (limits.go).
			srv.ChannelHandlers = map[string]ssh.ChannelHandler{
				"session": s.sessionChannel,
				"default": s.otherChannel,
			}
			srv.LocalPortForwardingCallback = nil
			srv.ReversePortForwardingCallback = nil
			srv.RequestHandlers = map[string]ssh.RequestHandler{"default": s.globalRequest}
			srv.ConnCallback = s.wrapConn
			srv.ServerConfigCallback = s.serverConfig
			return nil
		},
	)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	s.srv = srv
	return s, nil
}

// Fingerprint is the host key's SHA-256 fingerprint, as ssh prints it.
func (s *Server) Fingerprint() string { return s.fingerprint }

// Sessions returns the number of sessions open now.
func (s *Server) Sessions() int { return int(s.sessions.Load()) }

// Refused returns the number of connections refused at the accept so
// far (over MaxConns or MaxConnsPerAddr).
func (s *Server) Refused() int { return int(s.refused.Load()) }

// Evicted returns the number of connections without a terminal that
// were closed so far to make room for a new one (MaxConns or
// MaxConnsPerAddr).
func (s *Server) Evicted() int { return int(s.evicted.Load()) }

// Serve accepts connections on l until Close. Connections are counted
// from their accept (MaxConns, MaxConnsPerAddr).
func (s *Server) Serve(l net.Listener) error {
	s.mu.Lock()
	s.ln = l
	s.mu.Unlock()
	err := s.srv.Serve(&limitListener{Listener: l, s: s, byAddr: map[string]int{}, conns: map[*connState]struct{}{}})
	if errors.Is(err, ssh.ErrServerClosed) {
		return nil
	}
	return err
}

// Addr is the address the server listens on, once serving.
func (s *Server) Addr() net.Addr {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ln == nil {
		return nil
	}
	return s.ln.Addr()
}

// Shutdown ends every session with Config.StopMessage as its last line
// and waits for their handlers to finish writing it until ctx is done,
// then closes the listener and every connection (a client may keep its
// connection open after its session: nothing is left to wait for).
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.stopping = true
	ends := slices.Collect(maps.Values(s.live))
	s.mu.Unlock()
	for _, end := range ends {
		end()
	}
	// The handlers' count falls as they return, the last line and the
	// log's written; a short poll, bounded by ctx.
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for s.handlers.Load() > 0 {
		select {
		case <-ctx.Done():
			return s.Close()
		case <-tick.C:
		}
	}
	return s.Close()
}

// track keeps a running session's end for Shutdown until untrack; a
// session that starts once Shutdown has begun is ended at once.
func (s *Server) track(g *guard, end func()) {
	s.mu.Lock()
	stopping := s.stopping
	if !stopping {
		s.live[g] = end
	}
	s.mu.Unlock()
	if stopping {
		end()
	}
}

func (s *Server) untrack(g *guard) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.live, g)
}

// Close closes the listener and every connection at once.
func (s *Server) Close() error {
	if err := s.srv.Close(); err != nil && !errors.Is(err, ssh.ErrServerClosed) {
		return err
	}
	return nil
}

// errKeyThere is ensureHostKey's place step finding a key already at the
// name: another server starting at the same moment made it first.
var errKeyThere = errors.New("host key made meanwhile")

// ensureHostKey creates an ed25519 host key at path, mode 0600, unless
// a file is there already. It reports whether it created one.
//
// The key is written whole to a temporary file beside path, synced, and
// only then given the name with a link, which fails when the name is
// taken: a crash or a failed write leaves at most a temporary (never
// read as the key), and a key made meanwhile by another server is kept,
// so both read the same one. Once a key is in place, temporaries left
// by an earlier crash are removed.
func ensureHostKey(fsys durable.FS, path string) (bool, error) {
	dir, base := filepath.Dir(path), filepath.Base(path)
	tmpPrefix := "." + base + ".tmp-"
	if _, err := os.Stat(path); err == nil {
		removeKeyTemps(fsys, dir, tmpPrefix)
		return false, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return false, fmt.Errorf("host key: %w", err)
	}
	if err := fsys.MkdirAll(dir, 0o700); err != nil {
		return false, fmt.Errorf("host key: %w", err)
	}
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return false, fmt.Errorf("host key: %w", err)
	}
	block, err := gossh.MarshalPrivateKey(priv, "klob host key")
	if err != nil {
		return false, fmt.Errorf("host key: %w", err)
	}
	// CreateTemp makes the temporary with mode 0600, which the link keeps.
	_, err = durable.Write(fsys, dir, tmpPrefix+"*", pem.EncodeToMemory(block), func(tmp string) error {
		err := fsys.Link(tmp, path)
		if err == nil {
			fsys.Remove(tmp) // best effort: removeKeyTemps drops it otherwise
			return nil
		}
		// Taken, or our temporary removed by a server that found the key
		// in place: keep the key that is there.
		if _, serr := os.Stat(path); !errors.Is(err, fs.ErrExist) && errors.Is(serr, os.ErrNotExist) {
			// No hard links on this file system: rename, after checking
			// the name is free (as durable.PlaceNew does).
			return fsys.Rename(tmp, path)
		}
		return errKeyThere
	})
	if errors.Is(err, errKeyThere) {
		removeKeyTemps(fsys, dir, tmpPrefix)
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("host key %s: %w", path, err)
	}
	removeKeyTemps(fsys, dir, tmpPrefix)
	return true, nil
}

// removeKeyTemps removes the temporaries of ensureHostKey in dir, named
// with prefix: called only once the key is in place, when no server
// still needs its temporary.
func removeKeyTemps(fsys durable.FS, dir, prefix string) {
	ents, err := fsys.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		if e.Type().IsRegular() && strings.HasPrefix(e.Name(), prefix) {
			fsys.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// hostKeyModeWarning is the log's warning for a host key file that
// its group or others may read or write (OpenSSH's sshd refuses such a
// key), "" for one that only its owner may. The server still starts
// with it: refusing would keep a club that ran before from starting
// again (after an upgrade, with nobody watching the log), and would not
// make the key secret again; the line says what to do.
func hostKeyModeWarning(path string) string {
	if runtime.GOOS == "windows" {
		return "" // no such mode bits there
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm()&0o077 == 0 {
		return ""
	}
	return fmt.Sprintf("warning: the host key %s may be read by others than its owner (mode %04o): "+
		"make it private (chmod 600 %s); if someone else could have copied it, remove it and restart to make a new one "+
		"(the players' ssh then warns that the host key changed)", path, fi.Mode().Perm(), path)
}

// CheckHostKey reads the host key at path, when there is one, and
// returns why it cannot serve: klob serve asks before it makes a club
// in a new state directory, so that a wrong -host-key leaves nothing
// behind. A missing file is no error: New creates it.
func CheckHostKey(path string) error {
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return nil
	}
	_, err := readHostKey(path)
	return err
}

func readHostKey(path string) (gossh.Signer, error) {
	data, err := untrusted.ReadFileMax(path, 1<<20) // a key is a few KB
	if err != nil {
		return nil, fmt.Errorf("host key: %w", err)
	}
	signer, err := gossh.ParsePrivateKey(data)
	if err != nil {
		return nil, fmt.Errorf("host key %s: %w", path, err)
	}
	return signer, nil
}
