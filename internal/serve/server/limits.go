package server

import (
	"fmt"
	"io"
	"net"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"
	"golang.org/x/time/rate"
)

// The limits of a connection below the sessions: they hold before any
// session handler runs, so a client that never asks for a shell (or
// never finishes its handshake) is bounded too.
//
//   - Connections are counted from the TCP accept: at most
//     Config.MaxConns at once, Config.MaxConnsPerAddr from one address
//     (an IPv4 address, or an IPv6 /64, what one customer usually
//     holds). Beyond them the connection gets Klob's refusal line and is
//     closed before the SSH version exchange, but for one thing: when
//     the server has MaxConns, or the new connection's address has
//     MaxConnsPerAddr, the new one takes the place of the oldest one
//     without a terminal session (of that address when it is the
//     address's quota that is full), one that never sent a byte before
//     one in its handshake or logged in (withoutTerminal). Neither
//     silent sockets nor logins that open no terminal keep a player
//     out: only connections with a terminal running do, and a new
//     connection is refused only once they hold every place.
//
//     At one address (a router many people share) an attacker can so
//     close a player's connection that is still logging in, by opening
//     more new ones than the quota while the player logs in; without
//     it, a quota's worth of silent sockets or idle logins kept every
//     player of the address out for as long as they were renewed. The
//     player's connection goes only after every older one without a
//     terminal, and once its terminal runs it is never taken.
//   - A connection that has not logged in (version exchange, key
//     exchange, authentication) is closed after Config.HandshakeTimeout.
//   - A connection without a session running a terminal is closed after
//     Config.LoginTimeout: from the accept (the handshake included), and
//     again from the end of its last session.
//   - Channels: at most Config.MaxChannels open at once on a connection;
//     the others are refused with a sentence.
//   - Requests (global and on channels) and channel openings share one
//     budget per connection, Config.RequestRate a second with a burst of
//     Config.RequestBurst; a connection over it is closed with a message.
//     A request of more than maxPayload bytes is refused, and a session
//     takes at most maxEnv environment variables. A session's requests
//     never hold up the reading of its connection: they wait for the
//     session apart, window changes as one, at most maxWaiting.
//
// What a connection without a session logs: doc.go (Logging), closed
// and maxRefusalLines.

// maxWaiting is the most requests of a session that wait for it to take
// them (window changes wait as one).
const maxWaiting = 16

// maxPayload is the most bytes a request may carry: a pty-req with its
// terminal modes, an env variable and a window-change all fit in a few
// hundred.
const maxPayload = 4 << 10

// maxEnv is the most environment variables a session takes (TERM,
// COLORTERM, LANG, LC_*: a handful).
const maxEnv = 32

// maxRefusalLines is the most log lines a connection's refused
// requests and channels get: a flood of them is one client's, and its
// request budget closes it soon after.
const maxRefusalLines = 4

// msgTooManyConns is the line a connection refused at the accept reads.
func msgTooManyConns(perAddr bool, n int) string {
	if perAddr {
		return fmt.Sprintf("klob: too many connections from your address (at most %d at once); please try again later", n)
	}
	return fmt.Sprintf("klob: the server has too many connections (%d); please try again later", n)
}

// addrKey is what the per-address count and rate go by: the IPv4
// address, or the /64 of an IPv6 address.
func addrKey(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok {
		return a.String()
	}
	if ip4 := tcp.IP.To4(); ip4 != nil {
		return ip4.String()
	}
	return tcp.IP.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// limitListener counts the connections from the accept and refuses
// those over the caps.
type limitListener struct {
	net.Listener
	s *Server

	mu     sync.Mutex
	total  int
	byAddr map[string]int
	conns  map[*connState]struct{} // those counted
	seq    uint64                  // the accept order

	draining atomic.Int64 // refused connections being read to their end
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key := addrKey(c.RemoteAddr())
		st := &connState{s: l.s, addr: key, start: time.Now()}
		l.mu.Lock()
		var victim *connState
		var why string
		switch {
		case l.byAddr[key] >= l.s.cfg.MaxConnsPerAddr:
			// The address's own: the new one takes the place of one of
			// them, so that another address's connection is never
			// closed for it.
			if victim = l.withoutTerminal(key); victim == nil {
				l.mu.Unlock()
				l.refuse(c, key, msgTooManyConns(true, l.s.cfg.MaxConnsPerAddr))
				continue
			}
			why = fmt.Sprintf("made room for a new connection from its address (at most %d at once)", l.s.cfg.MaxConnsPerAddr)
		case l.total >= l.s.cfg.MaxConns:
			if victim = l.withoutTerminal(""); victim == nil {
				l.mu.Unlock()
				l.refuse(c, key, msgTooManyConns(false, l.s.cfg.MaxConns))
				continue
			}
			why = fmt.Sprintf("made room for a new connection (the server has its %d connections)", l.s.cfg.MaxConns)
		}
		if victim != nil {
			// Its place is the new one's from now: its close gives
			// nothing back.
			l.forget(victim)
		}
		l.total++
		l.byAddr[key]++
		l.seq++
		st.seq = l.seq
		l.conns[st] = struct{}{}
		l.mu.Unlock()
		if victim != nil {
			// Closed (and its line logged) before the new connection
			// reads the server's version.
			l.s.evicted.Add(1)
			victim.closeFor(why)
		}
		cc := &countedConn{Conn: c, st: st, release: func() { l.release(st) }}
		st.conn = cc
		st.requests = rate.NewLimiter(rate.Limit(l.s.cfg.RequestRate), l.s.cfg.RequestBurst)
		st.idle() // the login deadline runs from now
		st.handshakeDeadline()
		return cc, nil
	}
}

// withoutTerminal is the connection a new one may take the place of:
// of those without a terminal session running (of the address addr,
// or of all for ""), the oldest that never sent a byte, else the
// oldest; nil when all have a terminal. l.mu is held (a scan of at
// most MaxConns).
//
// Silent ones go first: a silent socket costs an attacker nothing, and
// a player's client speaks at once. Then age: a player's client logs in
// and opens its terminal within a second or so, so a connection that
// has gone longer without one is more likely an attacker's, and a
// flood of new connections has to outnumber every connection older
// than the player's to reach it.
func (l *limitListener) withoutTerminal(addr string) *connState {
	var silent, talking *connState
	for st := range l.conns {
		if st.terminals.Load() > 0 || addr != "" && st.addr != addr {
			continue
		}
		best := &talking
		if !st.spoke.Load() {
			best = &silent
		}
		if *best == nil || st.seq < (*best).seq {
			*best = st
		}
	}
	if silent != nil {
		return silent
	}
	return talking
}

// refuse writes Klob's line, as a server may before its version
// (RFC 4253, 4.2), and closes the connection, off the accept loop.
// OpenSSH's client shows such a line only with -v ("banner line 0"):
// saying it after a handshake (an SSH banner) would cost a key
// exchange for every connection refused, the very work the caps bound
// under a flood. The client's version is read (a little, for a second
// at most) after the line so that the close is a FIN: a socket closed
// with unread data sends a reset, and the client's kernel then drops
// the line before ssh reads it. ssh closes at once on the end of the
// line; a flood of clients that do not is read maxDraining at a time,
// the others closed at once as before, so refusals hold no more sockets
// than that. Its log line is one of the few an address gets a minute
// (quietlog).
func (l *limitListener) refuse(c net.Conn, addr, msg string) {
	l.s.refused.Add(1)
	l.s.quiet.Printf(addr, kindRefused, "refused connection from %s: %s", c.RemoteAddr(), firstLine(msg))
	go func() {
		defer c.Close()
		_ = c.SetDeadline(time.Now().Add(time.Second))
		if _, err := c.Write([]byte(msg + "\r\n")); err != nil {
			return
		}
		if l.draining.Add(1) > maxDraining {
			l.draining.Add(-1)
			return
		}
		defer l.draining.Add(-1)
		if tc, ok := c.(*net.TCPConn); ok {
			_ = tc.CloseWrite()
		}
		_, _ = io.Copy(io.Discard, io.LimitReader(c, 4<<10))
	}()
}

// maxDraining is the most refused connections read to their end at
// once (refuse).
const maxDraining = 64

// release gives a closed connection's place back, unless it was given
// to another already.
func (l *limitListener) release(st *connState) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, ok := l.conns[st]; ok {
		l.forget(st)
	}
}

// forget uncounts st; l.mu is held.
func (l *limitListener) forget(st *connState) {
	delete(l.conns, st)
	l.total--
	if l.byAddr[st.addr]--; l.byAddr[st.addr] <= 0 {
		delete(l.byAddr, st.addr)
	}
}

// countedConn gives its place back when closed.
type countedConn struct {
	net.Conn
	st      *connState
	once    sync.Once
	release func()
}

// Read notes that the client has spoken: a connection that never did
// is the first to give its place to a new one.
func (c *countedConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if n > 0 && !c.st.spoke.Load() {
		c.st.spoke.Store(true)
	}
	return n, err
}

// Close logs the connection's last line before the socket closes (a
// client that sees its end finds the line written), then gives the
// place back.
func (c *countedConn) Close() error {
	first := false
	c.once.Do(func() {
		first = true
		c.st.closed()
	})
	err := c.Conn.Close()
	if first {
		c.release()
	}
	return err
}

// connState is what the limits know of one connection.
type connState struct {
	s         *Server
	conn      *countedConn
	addr      string
	requests  *rate.Limiter
	start     time.Time // the accept
	seq       uint64    // the accept order
	loggedIn  atomic.Bool
	spoke     atomic.Bool  // the client has sent a byte
	terminals atomic.Int32 // sessions running a terminal program

	mu        sync.Mutex
	user      string        // the user name it logged in with
	key       ssh.PublicKey // the key it proved it holds; nil for a guest
	hsStop    func() bool   // stops the handshake deadline
	channels  int           // open at once
	sessions  int           // running a handler
	ran       bool          // a session handler ran on it
	loginStop func() bool   // stops the login deadline
	over      bool          // the request budget ran out: the connection closes
	gone      bool
	reason    string         // why the server closed it, for the log
	refused   map[string]int // what was refused on it, by kind
	lines     int            // refusal lines logged
	flooded   sync.Once
}

type connStateKey struct{}

func stateOf(ctx ssh.Context) *connState {
	st, _ := ctx.Value(connStateKey{}).(*connState)
	return st
}

// wrapConn keeps the connection's state in its context.
func (s *Server) wrapConn(ctx ssh.Context, c net.Conn) net.Conn {
	if cc, ok := c.(*countedConn); ok {
		ctx.SetValue(connStateKey{}, cc.st)
	}
	return c
}

// serverConfig is the SSH configuration of a connection: its
// authentication's outcome reaches the connection's state (a query
// whether a key would do is not an outcome, and is not reported), and
// so does the key the client signed with. The library puts that key in
// the context only once its handshake goroutine runs again, which a
// client that leaves at once can beat: its last line would call it a
// guest.
func (s *Server) serverConfig(ctx ssh.Context) *gossh.ServerConfig {
	return &gossh.ServerConfig{
		VerifiedPublicKeyCallback: func(_ gossh.ConnMetadata, key gossh.PublicKey, perms *gossh.Permissions, _ string) (*gossh.Permissions, error) {
			if st := stateOf(ctx); st != nil {
				st.mu.Lock()
				st.key = key
				st.mu.Unlock()
			}
			return perms, nil
		},
		AuthLogCallback: func(conn gossh.ConnMetadata, _ string, err error) {
			if st := stateOf(ctx); st != nil && err == nil {
				st.authenticated(conn.User())
			}
		},
	}
}

// authenticated marks the connection logged in as user: its handshake
// deadline is met.
func (st *connState) authenticated(user string) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.user = user
	st.loggedIn.Store(true)
	stop(st.hsStop)
}

// handshakeDeadline closes the connection unless it has logged in
// within Config.HandshakeTimeout.
func (st *connState) handshakeDeadline() {
	st.mu.Lock()
	defer st.mu.Unlock()
	d := st.s.cfg.HandshakeTimeout
	st.hsStop = st.s.cfg.AfterFunc(d, func() {
		if !st.loggedIn.Load() {
			st.closeFor(fmt.Sprintf("no SSH handshake within %s", d))
		}
	})
}

// whoLocked names the connection for the log: the user and key it
// logged in with, or that it did not; st.mu is held.
func (st *connState) whoLocked() string {
	if !st.loggedIn.Load() {
		return fmt.Sprintf("from %s (not logged in)", st.conn.RemoteAddr())
	}
	return userText(st.user, st.key, st.conn.RemoteAddr())
}

// refuse notes what was refused on the connection, for its last line,
// and logs detail (a sentence with every client string through logText)
// within the connection's maxRefusalLines.
func (st *connState) refuse(kind, detail string) {
	st.mu.Lock()
	if st.refused == nil {
		st.refused = map[string]int{}
	}
	st.refused[kind]++
	line := ""
	if detail != "" && st.lines < maxRefusalLines {
		st.lines++
		line = fmt.Sprintf("refused %s for %s", detail, st.whoLocked())
		if st.lines == maxRefusalLines {
			line += " (the connection's further refusals are not logged)"
		}
	}
	st.mu.Unlock()
	if line != "" {
		st.s.logger.Print(line)
	}
}

// closeFor closes the connection for reason, which its last log line
// gives.
func (st *connState) closeFor(reason string) {
	st.mu.Lock()
	if st.reason == "" {
		st.reason = reason
	}
	st.mu.Unlock()
	_ = st.conn.Close()
}

// idle arms the login deadline (no session running): from the accept,
// and again from the end of the last session.
func (st *connState) idle() {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.gone || st.sessions > 0 {
		return
	}
	stop(st.loginStop)
	st.loginStop = st.s.cfg.AfterFunc(st.s.cfg.LoginTimeout, func() {
		st.mu.Lock()
		expired := st.sessions == 0 && !st.gone
		st.mu.Unlock()
		if expired {
			st.closeFor(fmt.Sprintf("no terminal session within %s", st.s.cfg.LoginTimeout))
		}
	})
}

// closed ends the connection's state, once, and logs its last line: a
// connection that ran no session gets one saying who it was, how long
// it lasted, why the server closed it and what was refused; one that
// ran sessions (they have their lines) gets one when the server closed
// it. The lines of connections without a session are bounded per
// address (quietlog).
func (st *connState) closed() {
	st.mu.Lock()
	st.gone = true
	stop(st.loginStop)
	stop(st.hsStop)
	line := ""
	switch {
	case !st.ran:
		how := "ended"
		if st.reason != "" {
			how = "closed by the server"
		}
		line = fmt.Sprintf("connection without a session: %s, %s after %s", st.whoLocked(), how, time.Since(st.start).Round(time.Second))
		if st.reason != "" {
			line += ": " + st.reason
		}
		if len(st.refused) > 0 {
			kinds := make([]string, 0, len(st.refused))
			for k, n := range st.refused {
				kinds = append(kinds, fmt.Sprintf("%s (%d)", k, n))
			}
			slices.Sort(kinds)
			line += "; refused " + strings.Join(kinds, ", ")
		}
	case st.reason != "":
		line = fmt.Sprintf("closed the connection of %s: %s", st.whoLocked(), st.reason)
	}
	ran, kind := st.ran, kindNoSession
	if st.reason != "" {
		kind = kindClosed
	}
	st.mu.Unlock()
	switch {
	case line == "":
	case !ran:
		// A few a minute from one address (quietlog): such connections
		// cost nothing to open.
		st.s.quiet.Printf(st.addr, kind, "%s", line)
	default:
		st.s.logger.Print(line)
	}
}

// stop stops a deadline, when one is armed.
func stop(deadline func() bool) {
	if deadline != nil {
		deadline()
	}
}

// sessionStarted and sessionEnded bracket a session's handler: the
// login deadline waits while one runs.
func (st *connState) sessionStarted() {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.sessions++
	st.ran = true
	stop(st.loginStop)
}

func (st *connState) sessionEnded() {
	st.mu.Lock()
	st.sessions--
	st.mu.Unlock()
	st.idle()
}

// spend takes one request (or channel opening) from the budget; false
// once it ran out, and then the connection is being closed.
func (st *connState) spend() bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.over {
		return false
	}
	if !st.requests.Allow() {
		st.over = true
		return false
	}
	return true
}

// flood ends a connection over its request budget: the message on the
// channel's stderr when there is one, a log line, the connection closed.
func (st *connState) flood(ch gossh.Channel) {
	st.flooded.Do(func() {
		msg := fmt.Sprintf("klob: too many requests on this connection (more than %.0f a second): it is closed", st.s.cfg.RequestRate)
		if ch != nil {
			_ = st.conn.SetWriteDeadline(time.Now().Add(time.Second))
			_, _ = ch.Stderr().Write([]byte("\r\n" + msg + "\r\n"))
		}
		st.closeFor(firstLine(msg))
	})
}

// openChannel counts a channel; false when the connection has its most.
func (st *connState) openChannel() bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.channels >= st.s.cfg.MaxChannels {
		return false
	}
	st.channels++
	return true
}

func (st *connState) closeChannel() {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.channels--
}

// sessionChannel is the "session" channel: within the connection's
// channel count and request budget, then the library's session with its
// requests filtered.
func (s *Server) sessionChannel(srv *ssh.Server, conn *gossh.ServerConn, nc gossh.NewChannel, ctx ssh.Context) {
	st := stateOf(ctx)
	if st == nil {
		_ = nc.Reject(gossh.ResourceShortage, "klob: no connection state")
		return
	}
	if !st.spend() {
		_ = nc.Reject(gossh.ResourceShortage, "klob: too many requests")
		st.flood(nil)
		return
	}
	if !st.openChannel() {
		st.refuse("sessions beyond the most", "")
		_ = nc.Reject(gossh.ResourceShortage, fmt.Sprintf("klob: at most %d sessions on one connection: open another connection", s.cfg.MaxChannels))
		return
	}
	defer st.closeChannel()
	ssh.DefaultSessionHandler(srv, conn, &limitedChannel{NewChannel: nc, st: st}, ctx)
}

// otherChannel refuses every other kind of channel, within the budget.
func (s *Server) otherChannel(_ *ssh.Server, _ *gossh.ServerConn, nc gossh.NewChannel, ctx ssh.Context) {
	if st := stateOf(ctx); st != nil && !st.spend() {
		st.flood(nil)
	}
	msg, kind := "klob: only a terminal session is served", "other channels"
	if forwarding[nc.ChannelType()] {
		msg, kind = msgNoForward, "port forwarding"
	}
	if st := stateOf(ctx); st != nil {
		st.refuse(kind, fmt.Sprintf("a %s channel", logText(nc.ChannelType())))
	}
	_ = nc.Reject(gossh.Prohibited, msg)
}

// forwarding holds the channel and global request types of port
// forwarding (ssh -L, -R, -D and their Unix-socket forms).
var forwarding = map[string]bool{
	"direct-tcpip": true, "forwarded-tcpip": true, "tcpip-forward": true, "cancel-tcpip-forward": true,
	"direct-streamlocal@openssh.com": true, "forwarded-streamlocal@openssh.com": true,
	"streamlocal-forward@openssh.com": true, "cancel-streamlocal-forward@openssh.com": true,
}

// refusedRequests are the session requests refused with a log line,
// as port forwarding is, by the kind the connection's last line counts:
// agent forwarding would hand the server the use of the player's keys
// (the library answers it yes), and X11 forwarding has nothing to draw.
var refusedRequests = map[string]string{
	"auth-agent-req@openssh.com": "agent forwarding",
	"x11-req":                    "X11 forwarding",
}

// globalRequest refuses every global request (port forwarding,
// keep-alives), within the budget. A keep-alive is refused as a
// keep-alive asks to be, and not logged.
func (s *Server) globalRequest(ctx ssh.Context, _ *ssh.Server, req *gossh.Request) (bool, []byte) {
	st := stateOf(ctx)
	if st != nil && !st.spend() {
		st.flood(nil)
	}
	if st != nil && forwarding[req.Type] {
		st.refuse("port forwarding", fmt.Sprintf("a %s request", logText(req.Type)))
	}
	return false, nil
}

// limitedChannel filters a session channel's requests before the
// library's session sees them.
type limitedChannel struct {
	gossh.NewChannel
	st *connState
}

func (c *limitedChannel) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, reqs, err := c.NewChannel.Accept()
	if err != nil {
		return ch, reqs, err
	}
	out := make(chan *gossh.Request)
	go c.filter(ch, reqs, out)
	return ch, out, nil
}

// filter passes the requests on in order, but refuses those too large
// or too many, and ends the connection when the budget runs out.
//
// It never waits for the session to take a request: the SSH library
// reads the whole connection on one goroutine, which hands each request
// to this filter, so a filter that waited would stop the connection's
// window grants too. A client that stops reading and keeps resizing
// makes exactly that circle: the screen's write waits for the client's
// grant, the program for the write, the resize for the program, and the
// grant for the resize. Requests wait here instead, window changes as
// one (the latest size), the others up to maxWaiting.
func (c *limitedChannel) filter(ch gossh.Channel, in <-chan *gossh.Request, out chan<- *gossh.Request) {
	defer close(out)
	env := 0
	var waiting []*gossh.Request
	for in != nil {
		var send chan<- *gossh.Request
		var next *gossh.Request
		if len(waiting) > 0 {
			send, next = out, waiting[0]
		}
		select {
		case send <- next:
			waiting = waiting[1:]
			continue
		case req, ok := <-in:
			if !ok {
				in = nil
				continue
			}
			if !c.admit(ch, req, &env) {
				continue
			}
			if req.Type == "window-change" {
				// A newer size replaces one not yet taken.
				waiting = slices.DeleteFunc(waiting, func(r *gossh.Request) bool {
					if r.Type != "window-change" {
						return false
					}
					_ = r.Reply(false, nil)
					return true
				})
			}
			if len(waiting) >= maxWaiting {
				c.st.refuse("requests beyond the most waiting", fmt.Sprintf("a %s request (%d wait for the session already)", logText(req.Type), maxWaiting))
				_ = req.Reply(false, nil)
				continue
			}
			waiting = append(waiting, req)
		}
	}
	// The channel is gone: what still waits is answered no.
	for _, r := range waiting {
		_ = r.Reply(false, nil)
	}
}

// admit checks one request against the connection's budget and the
// session's limits, answering no to one it refuses.
func (c *limitedChannel) admit(ch gossh.Channel, req *gossh.Request, env *int) bool {
	if !c.st.spend() {
		_ = req.Reply(false, nil)
		c.st.flood(ch)
		return false // the requests end with the connection
	}
	if len(req.Payload) > maxPayload {
		c.st.refuse("oversized requests", fmt.Sprintf("a %s request of %d bytes (more than %d bytes)", logText(req.Type), len(req.Payload), maxPayload))
		_ = req.Reply(false, nil)
		return false
	}
	if kind := refusedRequests[req.Type]; kind != "" {
		c.st.refuse(kind, fmt.Sprintf("a %s request", logText(req.Type)))
		_ = req.Reply(false, nil)
		return false
	}
	if req.Type == "env" && *env >= maxEnv {
		c.st.refuse("environment variables beyond the most", "")
		_ = req.Reply(false, nil)
		return false
	}
	if req.Type == "env" {
		*env++
	}
	return true
}
