package server_test

import (
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/serve/server"
	"github.com/klob/klob/internal/testing/clocktest"
)

// emptyFrom opens a TCP connection from the loopback address ip, says
// nothing and ends it, and waits for the server's close: the server
// logs the connection's last line before its socket closes, so the line
// (or its count) is in when this returns.
func emptyFrom(t *testing.T, addr, ip string) {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	c, err := d.Dial("tcp", addr)
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.(*net.TCPConn).CloseWrite())
	require.NoError(t, c.SetReadDeadline(time.Now().Add(patience)))
	_, _ = io.Copy(io.Discard, c)
}

// Connections that run no session cost their client nothing, so their
// lines are bounded per address: the first five of each kind in a
// minute, then one line that counts the rest when the minute ends (on
// the injected clock). Another address keeps its own five, and a
// player's session keeps its lines.
func TestConnectionsWithoutSessionLogAFewAMinute(t *testing.T) {
	clk := clocktest.New(clocktest.Start())
	addr, _, log := start(t, server.Config{Now: clk.Now, AfterFunc: clk.AfterFunc, MaxConnsPerAddr: 1,
		HandshakeTimeout: time.Hour, LoginTimeout: time.Hour, StallTimeout: time.Hour})
	count := func(s string) int { return strings.Count(log.String(), s) }

	loginFrom(t, addr, "127.0.5.1", "ann") // holds the address's one place
	for range 12 {
		assert.Contains(t, refusalFrom(t, addr, "127.0.5.1"), "too many connections from your address")
	}
	for range 9 {
		emptyFrom(t, addr, "127.0.5.2")
	}
	emptyFrom(t, addr, "127.0.5.3")
	assert.Equal(t, 5, count("refused connection from 127.0.5.1:"), log.String())
	assert.Equal(t, 5, count("connection without a session: from 127.0.5.2:"), log.String())
	assert.Equal(t, 1, count("connection without a session: from 127.0.5.3:"), log.String())
	assert.NotContains(t, log.String(), "more connection")

	clk.Advance(time.Minute)
	logEventually(t, log, func() bool {
		return count("7 more connections from 127.0.5.1 refused in the last minute") == 1 &&
			count("4 more connections from 127.0.5.2 without a session in the last minute") == 1
	}, "no summary lines")
	assert.NotContains(t, log.String(), "from 127.0.5.3 without", "an address within its five has no summary")

	// A new minute: five lines again.
	for range 6 {
		emptyFrom(t, addr, "127.0.5.2")
	}
	assert.Equal(t, 10, count("connection without a session: from 127.0.5.2:"), log.String())
	assert.Equal(t, 1, count(`connect user "ann" (guest)`), log.String())
}
