package access_test

import (
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/klob/klob/internal/serve/access"
	"github.com/klob/klob/internal/serve/server"
)

type person struct {
	key gossh.PublicKey
	id  string
}

func newPerson(t *testing.T) person {
	t.Helper()
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	k, err := gossh.NewPublicKey(pub)
	require.NoError(t, err)
	return person{k, server.KeyID(k)}
}

func (p person) authorized() string {
	return strings.TrimSpace(string(gossh.MarshalAuthorizedKey(p.key))) + " ann@home"
}

func (p person) fingerprint() string { return gossh.FingerprintSHA256(p.key) }

func write(t *testing.T, path string, lines ...string) {
	t.Helper()
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600))
}

// Every form of naming a key admits it on an allow list and refuses it
// on a deny list; the others are not named.
func TestListsNameKeysInEveryForm(t *testing.T) {
	ann, bob := newPerson(t), newPerson(t)
	for _, form := range []struct {
		name string
		line func(person) string
	}{
		{"authorized_keys line", person.authorized},
		{"with options", func(p person) string { return `from="127.0.0.1" ` + p.authorized() }},
		{"fingerprint", person.fingerprint},
		{"hex id", func(p person) string { return p.id }},
		{"upper-case tag", func(p person) string { return strings.ToUpper(p.id[:access.MinTag]) }},
		{"fingerprint and a comment", func(p person) string { return p.fingerprint() + "  # ann" }},
		{"as ssh-keygen -l prints it", func(p person) string { return "256 " + p.fingerprint() + " ann@home (ED25519)" }},
		{"hex id and a comment", func(p person) string { return p.id + " # ann" }},
		{"tag as the lobby shows it", func(p person) string { return "#" + p.id[:access.MinTag] }},
		{"tag as the lobby shows it, and a comment", func(p person) string { return "#" + p.id[:access.MinTag] + " ann" }},
	} {
		t.Run(form.name, func(t *testing.T) {
			dir := t.TempDir()
			allow, deny := filepath.Join(dir, "allow"), filepath.Join(dir, "deny")
			write(t, allow, "# the club", "", form.line(ann))
			write(t, deny, form.line(ann))
			g, err := access.New(access.Config{Allow: allow})
			require.NoError(t, err)
			assert.Empty(t, g.Admit(ann.key, ann.id), "ann is on the allow list")
			assert.Contains(t, g.Admit(bob.key, bob.id), bob.fingerprint(), "bob is told his fingerprint to send")
			g, err = access.New(access.Config{Deny: deny})
			require.NoError(t, err)
			assert.Equal(t, "this key may not play here", g.Admit(ann.key, ann.id))
			assert.Empty(t, g.Admit(bob.key, bob.id))
		})
	}
}

func TestGuests(t *testing.T) {
	g, err := access.New(access.Config{})
	require.NoError(t, err)
	assert.Empty(t, g.Admit(nil, ""), "guests come in by default")
	g, err = access.New(access.Config{NoGuests: true})
	require.NoError(t, err)
	assert.Contains(t, g.Admit(nil, ""), "with a key only")
	ann := newPerson(t)
	assert.Empty(t, g.Admit(ann.key, ann.id))
}

// A deny list wins over the allow list.
func TestDenyWins(t *testing.T) {
	ann := newPerson(t)
	dir := t.TempDir()
	allow, deny := filepath.Join(dir, "allow"), filepath.Join(dir, "deny")
	write(t, allow, ann.authorized())
	write(t, deny, ann.id[:access.MinTag])
	g, err := access.New(access.Config{Allow: allow, Deny: deny})
	require.NoError(t, err)
	assert.Equal(t, "this key may not play here", g.Admit(ann.key, ann.id))
}

// The operator edits a list while the server runs: the next connection
// reads it again. A list that no longer reads keeps what it was, with
// one line in the log, until it reads again.
func TestListsAreReadAgainWhenChanged(t *testing.T) {
	ann, bob := newPerson(t), newPerson(t)
	deny := filepath.Join(t.TempDir(), "deny")
	write(t, deny, ann.fingerprint())
	var logged []string
	g, err := access.New(access.Config{Deny: deny, Logf: func(f string, a ...any) { logged = append(logged, fmt.Sprintf(f, a...)) }})
	require.NoError(t, err)
	require.NotEmpty(t, g.Admit(ann.key, ann.id))
	require.Empty(t, g.Admit(bob.key, bob.id))

	// The size alone changes (the modification time may not, within
	// the file system's resolution): bob is refused too.
	write(t, deny, ann.fingerprint(), bob.id)
	assert.NotEmpty(t, g.Admit(bob.key, bob.id), "bob added to the list")
	assert.NotEmpty(t, g.Admit(ann.key, ann.id))

	write(t, deny, ann.fingerprint(), bob.id, "not a key")
	require.NoError(t, os.Chtimes(deny, time.Time{}, time.Unix(1e9, 0)))
	assert.NotEmpty(t, g.Admit(bob.key, bob.id), "a broken list stays as it was")
	assert.NotEmpty(t, g.Admit(ann.key, ann.id))
	n := len(logged)
	assert.Contains(t, logged[n-1], "line 3")
	g.Admit(bob.key, bob.id)
	assert.Len(t, logged, n, "the broken list is logged once")

	write(t, deny, "# nobody now")
	assert.Empty(t, g.Admit(ann.key, ann.id), "the list mended and emptied")
	assert.Contains(t, logged[len(logged)-1], "read again: 0 keys")
}

// A list that does not read stops the server's start, saying where.
func TestNewRefusesBadLists(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad")
	for _, tc := range []struct {
		content, want string
	}{
		{"ssh-ed25519 AAAAnotbase64\n", "line 1: neither a key"},
		{"# ok\n0123456789a\n", "line 2: a key's id has 12 to 32 hex digits, not 11"},
		{strings.Repeat("a", 33) + "\n", "not 33"},
		{"ann's key\n", "line 1"},
	} {
		require.NoError(t, os.WriteFile(bad, []byte(tc.content), 0o600))
		_, err := access.New(access.Config{Allow: bad})
		require.Error(t, err, tc.content)
		assert.Contains(t, err.Error(), tc.want)
		assert.Contains(t, err.Error(), bad)
	}
	// A comment is no tag: "# ann" and "#cafe" (too short) name nobody.
	write(t, bad, "# ann", "#cafe", "#the club's keys")
	var logged []string
	g, err := access.New(access.Config{Allow: bad, Logf: func(f string, a ...any) { logged = append(logged, fmt.Sprintf(f, a...)) }})
	require.NoError(t, err)
	assert.NotEmpty(t, g.Admit(newPerson(t).key, "cafe00000000"))
	require.Len(t, logged, 1, "an allow list naming nobody is told at the start")
	assert.Contains(t, logged[0], "names no key")
	_, err = access.New(access.Config{Deny: filepath.Join(dir, "missing")})
	assert.ErrorIs(t, err, os.ErrNotExist)
}

func FuzzParse(f *testing.F) {
	ann := person{}
	pub, _, _ := ed25519.GenerateKey(rand.Reader)
	ann.key, _ = gossh.NewPublicKey(pub)
	f.Add([]byte(string(gossh.MarshalAuthorizedKey(ann.key)) + "# c\n\nSHA256:x\n0123456789abcdef\n"))
	f.Add([]byte("\x00\xff\n\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ids, fps, err := access.Parse(data)
		if err != nil {
			return
		}
		for _, id := range ids {
			if len(id) < access.MinTag || len(id) > 32 || id != strings.ToLower(id) {
				t.Fatalf("id %q", id)
			}
		}
		for fp := range fps {
			if !strings.HasPrefix(fp, "SHA256:") {
				t.Fatalf("fingerprint %q", fp)
			}
		}
	})
}
