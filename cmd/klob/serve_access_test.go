package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"
)

// -allow makes a private club: a listed key plays, another reads its
// fingerprint to send the operator; -no-guests keeps guests out. The
// list is edited while the server runs: -deny refuses from the next
// connection on.
func TestServeKeyLists(t *testing.T) {
	dir := t.TempDir()
	ann, bob := newPerson(t, "ann"), newPerson(t, "bob")
	allow, deny := filepath.Join(dir, "allow"), filepath.Join(dir, "deny")
	line := func(p *person) string { return string(gossh.MarshalAuthorizedKey(p.key.PublicKey())) }
	require.NoError(t, os.WriteFile(allow, []byte("# the club\n"+line(ann)+line(bob)), 0o600))
	require.NoError(t, os.WriteFile(deny, nil, 0o600))
	r := startServeWith(t, filepath.Join(dir, "state"), nil, "-allow", allow, "-deny", deny, "-no-guests")
	r.connect(t, ann)
	ann.c.WaitText(t, patience, "Welcome, ann")

	require.NoError(t, os.WriteFile(allow, []byte(line(ann)), 0o600))
	r.connect(t, bob)
	require.True(t, bob.c.Wait(patience))
	assert.Contains(t, bob.c.Output(), "send them its fingerprint, "+gossh.FingerprintSHA256(bob.key.PublicKey()))

	guest := &person{name: "guest", w: 80, h: 24}
	r.connect(t, guest)
	require.True(t, guest.c.Wait(patience))
	assert.Contains(t, guest.c.Output(), "players with a key only")

	require.NoError(t, os.WriteFile(deny, []byte(gossh.FingerprintSHA256(ann.key.PublicKey())+"\n"), 0o600))
	again := &person{name: "ann", key: ann.key}
	r.connect(t, again)
	require.True(t, again.c.Wait(patience))
	assert.Contains(t, again.c.Output(), "this key may not play here")
	assert.Contains(t, ann.c.Screen(), "Welcome, ann", "a session open goes on")
}

// A list that does not read stops the start, saying which line.
func TestServeRefusesABadKeyList(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "allow")
	require.NoError(t, os.WriteFile(bad, []byte("# ok\nssh-rsa notakey\n"), 0o600))
	f, err := parseServe([]string{"-addr", "127.0.0.1:0", "-state", filepath.Join(dir, "state"), "-allow", bad}, io.Discard, io.Discard, os.Getenv)
	require.NoError(t, err)
	_, _, err = newServe(f, nil, io.Discard, io.Discard)
	require.Error(t, err)
	assert.Contains(t, err.Error(), bad+": line 2")

	// The whole start: refused before a club is made in the new state
	// directory.
	state := filepath.Join(dir, "new-state")
	code, _, errs := runWith(runServe, "-addr", "127.0.0.1:0", "-state", state, "-allow", bad)
	assert.Equal(t, 1, code)
	assert.Contains(t, unwrapped(errs), bad+": line 2")
	_, err = os.Stat(filepath.Join(state, "club.db"))
	assert.ErrorIs(t, err, os.ErrNotExist, "no club is made when the start is refused")
}

// A host key that does not read stops the start before a club is made
// in the new state directory, and the file is left as it is.
func TestServeRefusesABadHostKey(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.key")
	require.NoError(t, os.WriteFile(junk, []byte("not a key\n"), 0o600))
	state := filepath.Join(dir, "new-state")
	code, _, errs := runWith(runServe, "-addr", "127.0.0.1:0", "-state", state, "-host-key", junk)
	assert.Equal(t, 1, code)
	assert.Contains(t, unwrapped(errs), "klob serve: host key "+junk+": ")
	_, err := os.Stat(state)
	assert.ErrorIs(t, err, os.ErrNotExist, "nothing is made when the start is refused")
	assertFile(t, junk, "not a key\n")
}

// A -host-key whose folder does not exist stops the start, and nothing
// is made: not the folder (a typo would give the server a new identity
// in a new folder), not the state directory. A key file missing in a
// folder that exists, or in the state directory made at the start, is
// fine: the server creates it.
func TestServeHostKeyFolderMustExist(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "new-state")
	key := filepath.Join(dir, "nonexistent", "dir", "key")
	code, _, errs := runWith(runServe, "-addr", "127.0.0.1:0", "-state", state, "-host-key", key)
	assert.Equal(t, 1, code)
	assert.Equal(t, "klob serve: host key "+key+": its folder "+filepath.Dir(key)+" does not exist, and klob serve makes a new key only "+
		"in a folder that does: make the folder, or correct -host-key\n", unwrapped(errs))
	for _, p := range []string{filepath.Join(dir, "nonexistent"), state} {
		_, err := os.Stat(p)
		assert.ErrorIs(t, err, os.ErrNotExist, "%s was made", p)
	}
	file := filepath.Join(dir, "file")
	require.NoError(t, os.WriteFile(file, nil, 0o600))
	assert.EqualError(t, checkHostKey(serveFlags{state: state, hostKey: filepath.Join(file, "key")}),
		"host key "+filepath.Join(file, "key")+": its folder "+file+" does not exist, a file is in its way")
	for _, f := range []serveFlags{
		{state: state, hostKey: filepath.Join(dir, "key")},
		{state: state, hostKey: filepath.Join(state, "host_ed25519")},
		{state: "rel-state", hostKey: "rel-state/../rel-state/k"},
	} {
		assert.NoError(t, checkHostKey(f), "%+v", f)
	}
}

// A host-key file that holds no key says so, naming the file, and is
// left as it is: an empty one, one of junk.
func TestServeHostKeySaysWhatIsWrong(t *testing.T) {
	dir := t.TempDir()
	for content, want := range map[string]string{
		"":            "the file is empty, so it holds no private key, and is left as it is",
		"not a key\n": "the file holds no private key in OpenSSH or PEM form (ssh: no key found), and is left as it is",
	} {
		key := filepath.Join(dir, "key")
		require.NoError(t, os.WriteFile(key, []byte(content), 0o600))
		err := checkHostKey(serveFlags{state: filepath.Join(dir, "state"), hostKey: key})
		require.Error(t, err)
		assert.True(t, strings.HasPrefix(err.Error(), "host key "+key+": "+want+": give the server's key file"), "%q: %v", content, err)
		assertFile(t, key, content)
	}
	err := checkHostKey(serveFlags{state: filepath.Join(dir, "state"), hostKey: dir})
	assert.EqualError(t, err, "host key "+dir+": not a regular file (a directory): only a regular file is read")
}
