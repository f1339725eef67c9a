package server

import (
	"crypto/ed25519"
	"net"
	"strings"
	"testing"

	"charm.land/ssh"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"
)

// libCtx is the library's context as the handshake leaves it: the
// connection's state, and no key yet.
type libCtx struct {
	ssh.Context
	values map[any]any
}

func (c *libCtx) Value(k any) any      { return c.values[k] }
func (c *libCtx) SetValue(k, v any)    { c.values[k] = v }
func (c *libCtx) User() string         { return "kay" }
func (c *libCtx) RemoteAddr() net.Addr { return nil }

type meta struct{ gossh.ConnMetadata }

func (meta) User() string { return "kay" }

// A client that signs with its key and leaves at once can close its
// connection before the library has put the key in the context (its
// handshake goroutine has not run again yet): the connection's last
// line names the key all the same, never "guest".
func TestLastLineNamesTheKeyBeforeTheContextHasIt(t *testing.T) {
	pub, _, err := ed25519.GenerateKey(nil)
	require.NoError(t, err)
	key, err := gossh.NewPublicKey(pub)
	require.NoError(t, err)
	local, remote := net.Pipe()
	defer local.Close()
	defer remote.Close()
	st := &connState{s: &Server{}}
	st.conn = &countedConn{Conn: local, st: st}
	ctx := &libCtx{values: map[any]any{connStateKey{}: st}}

	cfg := (&Server{}).serverConfig(ctx)
	perms := &gossh.Permissions{Extensions: map[string]string{"x": "y"}}
	got, err := cfg.VerifiedPublicKeyCallback(meta{}, key, perms, gossh.KeyAlgoED25519)
	require.NoError(t, err)
	assert.Same(t, perms, got, "the library's permissions pass unchanged: it reads the key from them")
	cfg.AuthLogCallback(meta{}, "publickey", nil)

	st.mu.Lock()
	who := st.whoLocked()
	st.mu.Unlock()
	assert.True(t, strings.HasPrefix(who, `user "kay" (key `+gossh.FingerprintSHA256(key)+`, id `+KeyID(key)+`) from `), who)
}
