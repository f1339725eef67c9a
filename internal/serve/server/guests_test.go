package server_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/klob/klob/internal/serve/server"
	"github.com/klob/klob/internal/testing/sshtest"
)

// terminalOn opens a session with a terminal on the connection c and
// waits until it reads want (its greeting, or the line that refuses
// it).
func terminalOn(t *testing.T, c *gossh.Client, want string) {
	t.Helper()
	s, err := c.NewSession()
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close() })
	out := &sshtest.Buffer{}
	s.Stdout, s.Stderr = out, out
	require.NoError(t, s.RequestPty("xterm", 24, 80, gossh.TerminalModes{}))
	require.NoError(t, s.Shell())
	require.Eventually(t, func() bool { return strings.Contains(out.String(), want) }, patience, 10*time.Millisecond,
		"the session never read %q", want)
}

// A guest connection carries two sessions, so guests are counted by
// session, not connection: an address holds at most MaxConnsPerAddr
// guest sessions; another address's guest, and a player with a key
// from the same address, still come in.
func TestGuestSessionsPerAddress(t *testing.T) {
	addr, _, log := start(t, server.Config{MaxConnsPerAddr: 3, MaxSessions: 20, StallTimeout: time.Hour})
	login := func(ip string, key gossh.Signer) *gossh.Client {
		c, err := sshtest.Login(addr, sshtest.Config{User: "g", From: ip, Key: key})
		require.NoError(t, err)
		t.Cleanup(func() { _ = c.Close() })
		return c
	}
	one, two := login("127.0.6.1", nil), login("127.0.6.1", nil)
	terminalOn(t, one, "hello g (guest)")
	terminalOn(t, one, "hello g (guest)")
	terminalOn(t, two, "hello g (guest)")
	terminalOn(t, two, "3 guest sessions are open from your address already")
	logEventually(t, log, func() bool { return strings.Contains(log.String(), "3 guest sessions are open from your address") }, "no log line")
	terminalOn(t, login("127.0.6.2", nil), "hello g (guest)")
	terminalOn(t, login("127.0.6.1", sshtest.NewKey(t)), "hello g (key)")
}

// Guests hold at most MaxGuestSessions (by default MaxSessions less a
// quarter): the places left are kept for players with a key.
func TestGuestsLeaveRoomForKeys(t *testing.T) {
	addr, _, _ := start(t, server.Config{MaxSessions: 4, StallTimeout: time.Hour})
	for _, ip := range []string{"127.0.7.1", "127.0.7.2", "127.0.7.3"} {
		loginFrom(t, addr, ip, "guest")
	}
	c := dial(t, addr, sshtest.Config{User: "late", From: "127.0.7.4", Width: 80, Height: 24})
	require.True(t, c.Wait(patience))
	assert.Contains(t, c.Output(), "the server has its most guests (3); connect with an SSH key")
	k := dial(t, addr, sshtest.Config{User: "kay", Key: sshtest.NewKey(t), From: "127.0.7.4", Width: 80, Height: 24})
	k.WaitText(t, patience, "hello kay (key)")
}
