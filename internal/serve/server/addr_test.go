package server

import (
	"net"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestAddrKey: an IPv4 address counts alone; an IPv6 address counts
// with its /64.
func TestAddrKey(t *testing.T) {
	key := func(s string) string { return addrKey(&net.TCPAddr{IP: net.ParseIP(s), Port: 1}) }
	assert.Equal(t, "127.0.0.1", key("127.0.0.1"))
	assert.NotEqual(t, key("127.0.0.1"), key("127.0.0.2"))
	assert.Equal(t, "127.0.0.1", key("::ffff:127.0.0.1"), "an IPv4-mapped address is the IPv4 one")
	assert.Equal(t, key("2001:db8:1:2::1"), key("2001:db8:1:2:ffff:ffff:ffff:ffff"), "one /64")
	assert.Equal(t, "2001:db8:1:2::/64", key("2001:db8:1:2::1"))
	assert.NotEqual(t, key("2001:db8:1:2::1"), key("2001:db8:1:3::1"), "another /64")
}

// TestLogText: a client's string is quoted, escaped and cut.
func TestLogText(t *testing.T) {
	assert.Equal(t, `"xterm"`, logText("xterm"))
	assert.Equal(t, `"a\nb\x1b[2J\u202e"`, logText("a\nb\x1b[2J\u202e"))
	long := logText(string(make([]byte, 1000)))
	assert.Less(t, len(long), 400)
	assert.Contains(t, long, "…(1000 bytes)")
}
