package server

import (
	"fmt"
	"net"
	"sync"
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
//     closed before the SSH version exchange.
//   - A connection without a session running a terminal is closed after
//     Config.LoginTimeout: from the accept (the handshake included), and
//     again from the end of its last session.
//   - Channels: at most Config.MaxChannels open at once on a connection;
//     the others are refused with a sentence.
//   - Requests (global and on channels) and channel openings share one
//     budget per connection, Config.RequestRate a second with a burst of
//     Config.RequestBurst; a connection over it is closed with a message.
//     A request of more than maxPayload bytes is refused, and a session
//     takes at most maxEnv environment variables.

// maxPayload is the most bytes a request may carry: a pty-req with its
// terminal modes, an env variable and a window-change all fit in a few
// hundred.
const maxPayload = 4 << 10

// maxEnv is the most environment variables a session takes (TERM,
// COLORTERM, LANG, LC_*: a handful).
const maxEnv = 32

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
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key := addrKey(c.RemoteAddr())
		l.mu.Lock()
		switch {
		case l.total >= l.s.cfg.MaxConns:
			l.mu.Unlock()
			l.refuse(c, msgTooManyConns(false, l.s.cfg.MaxConns))
			continue
		case l.byAddr[key] >= l.s.cfg.MaxConnsPerAddr:
			l.mu.Unlock()
			l.refuse(c, msgTooManyConns(true, l.s.cfg.MaxConnsPerAddr))
			continue
		}
		l.total++
		l.byAddr[key]++
		l.mu.Unlock()
		st := &connState{s: l.s, addr: key}
		cc := &countedConn{Conn: c, st: st, release: func() { l.release(key) }}
		st.conn = cc
		st.requests = rate.NewLimiter(rate.Limit(l.s.cfg.RequestRate), l.s.cfg.RequestBurst)
		st.idle(true) // the login deadline runs from now
		return cc, nil
	}
}

// refuse writes Klob's line, as a server may before its version
// (RFC 4253, 4.2), and closes the connection, off the accept loop.
func (l *limitListener) refuse(c net.Conn, msg string) {
	l.s.refused.Add(1)
	l.s.logger.Printf("refused connection from %s: %s", c.RemoteAddr(), firstLine(msg))
	go func() {
		_ = c.SetWriteDeadline(time.Now().Add(time.Second))
		_, _ = c.Write([]byte(msg + "\r\n"))
		_ = c.Close()
	}()
}

func (l *limitListener) release(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.total--
	if l.byAddr[key]--; l.byAddr[key] <= 0 {
		delete(l.byAddr, key)
	}
}

// countedConn gives its place back when closed.
type countedConn struct {
	net.Conn
	st      *connState
	once    sync.Once
	release func()
}

func (c *countedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() {
		c.st.closed()
		c.release()
	})
	return err
}

// connState is what the limits know of one connection.
type connState struct {
	s        *Server
	conn     *countedConn
	addr     string
	requests *rate.Limiter

	mu       sync.Mutex
	channels int // open at once
	sessions int // running a handler
	timer    *time.Timer
	over     bool // the request budget ran out: the connection closes
	gone     bool
	flooded  sync.Once
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

// idle arms the login deadline (no session running); with start it
// is the first, from the accept.
func (st *connState) idle(start bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.gone || st.sessions > 0 {
		return
	}
	if st.timer != nil {
		st.timer.Stop()
	}
	st.timer = time.AfterFunc(st.s.cfg.LoginTimeout, func() {
		st.mu.Lock()
		expired := st.sessions == 0 && !st.gone
		st.mu.Unlock()
		if expired {
			st.s.logger.Printf("closed connection from %s: no terminal session within %s", st.conn.RemoteAddr(), st.s.cfg.LoginTimeout)
			_ = st.conn.Close()
		}
	})
}

func (st *connState) closed() {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.gone = true
	if st.timer != nil {
		st.timer.Stop()
	}
}

// sessionStarted and sessionEnded bracket a session's handler: the
// login deadline waits while one runs.
func (st *connState) sessionStarted() {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.sessions++
	if st.timer != nil {
		st.timer.Stop()
	}
}

func (st *connState) sessionEnded() {
	st.mu.Lock()
	st.sessions--
	st.mu.Unlock()
	st.idle(false)
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
	st.flooded.Do(func() { st.closeFlooded(ch) })
}

func (st *connState) closeFlooded(ch gossh.Channel) {
	msg := fmt.Sprintf("klob: too many requests on this connection (more than %.0f a second): it is closed", st.s.cfg.RequestRate)
	if ch != nil {
		_ = st.conn.SetWriteDeadline(time.Now().Add(time.Second))
		_, _ = ch.Stderr().Write([]byte("\r\n" + msg + "\r\n"))
	}
	st.s.logger.Printf("closed connection from %s: %s", st.conn.RemoteAddr(), firstLine(msg))
	_ = st.conn.Close()
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
	msg := "klob: only a terminal session is served"
	if nc.ChannelType() == "direct-tcpip" || nc.ChannelType() == "forwarded-tcpip" {
		msg = msgNoForward
	}
	_ = nc.Reject(gossh.Prohibited, msg)
}

// globalRequest refuses every global request (port forwarding,
// keep-alives), within the budget.
func (s *Server) globalRequest(ctx ssh.Context, _ *ssh.Server, _ *gossh.Request) (bool, []byte) {
	if st := stateOf(ctx); st != nil && !st.spend() {
		st.flood(nil)
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

// filter passes the requests on, one at a time as they come, but
// refuses those too large or too many, and ends the connection when
// the budget runs out.
func (c *limitedChannel) filter(ch gossh.Channel, in <-chan *gossh.Request, out chan<- *gossh.Request) {
	defer close(out)
	env := 0
	for req := range in {
		if !c.st.spend() {
			_ = req.Reply(false, nil)
			c.st.flood(ch)
			continue // the requests end with the connection
		}
		if len(req.Payload) > maxPayload || req.Type == "env" && env >= maxEnv {
			_ = req.Reply(false, nil)
			continue
		}
		if req.Type == "env" {
			env++
		}
		out <- req
	}
}
