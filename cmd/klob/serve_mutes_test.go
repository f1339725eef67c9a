package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/serve/chat"
	"github.com/klob/klob/internal/serve/server"
	"github.com/klob/klob/internal/testing/sshtest"
	"github.com/klob/klob/internal/testing/testkit"
)

const (
	keyA = "0123456789abcdef0123456789abcdef"
	keyB = "fedcba9876543210fedcba9876543210"
)

// TestMutesFileRoundTrip: a set written is the set read back, names
// with spaces, tags and other scripts as they were.
func TestMutesFileRoundTrip(t *testing.T) {
	set := map[string]string{keyA: "ann #1a2b", keyB: "Zoë van Dijk"}
	b := formatMutes(set)
	assert.Equal(t, keyA+" ann #1a2b\n"+keyB+" Zoë van Dijk\n", string(b))
	got, err := parseMutes(b)
	require.NoError(t, err)
	assert.Equal(t, set, got)

	got, err = parseMutes(nil)
	require.NoError(t, err)
	assert.Empty(t, got, "an empty file: no mutes")
	assert.Empty(t, formatMutes(nil))
	assert.Empty(t, formatMutes(map[string]string{"not a key": "x", keyA: "a\x1b[2Jb"}), "what could not be read back is not written")
}

// TestParseMutesRefuses: what is not a mutes file is an error naming
// the line and what is wrong with it.
func TestParseMutesRefuses(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{keyA + "\n", "line 1: want a key, a space and a name"},
		{keyA + " ann\nSHA256:x bob\n", `line 2: "SHA256:x" is no key`},
		{keyA + " \n", "line 1: a name has 1 to 256 bytes"},
		{keyA + " " + strings.Repeat("n", 257) + "\n", "line 1: a name has 1 to 256 bytes"},
		{keyA + " ann\x1b[31m\n", `line 1: the name "ann\x1b[31m" holds control or bidirectional characters`},
		{keyA + " a\u202eb\n", `line 1: the name "a\u202eb" holds control or bidirectional characters`},
		{keyA + " ann\n\n" + keyA + " bob\n", "line 3: " + keyA + " is muted twice"},
		{keyA + " \xff\n", "not UTF-8 text"},
	} {
		_, err := parseMutes([]byte(tc.in))
		if assert.Error(t, err, "%q", tc.in) {
			assert.Contains(t, err.Error(), tc.want)
		}
	}
	var many strings.Builder
	for i := range chat.DefaultMaxMutes + 1 {
		fmt.Fprintf(&many, "%032x n\n", i)
	}
	_, err := parseMutes([]byte(many.String()))
	assert.ErrorContains(t, err, "line 1001: more than 1000 mutes")
	_, err = parseMutes(make([]byte, maxMutesFile+1))
	assert.ErrorContains(t, err, "more than a mutes file holds")
}

// FuzzParseMutes: any bytes are read without a panic, and whatever is
// read is written back to a file that reads as the same set.
func FuzzParseMutes(f *testing.F) {
	f.Add([]byte(keyA + " ann\n" + keyB + " bob #1a2b\n"))
	f.Add([]byte(keyA + " ann"))
	f.Add([]byte("\n\n" + keyA + "  two  spaces \n"))
	f.Add([]byte(keyA + " a\u202eb\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		set, err := parseMutes(b)
		if err != nil {
			return
		}
		out := formatMutes(set)
		assert.LessOrEqual(t, len(out), maxMutesFile)
		again, err := parseMutes(out)
		require.NoError(t, err)
		assert.Equal(t, len(set), len(again))
		for k, n := range set {
			assert.Equal(t, n, again[k])
		}
	})
}

// newTestMutes is a muteFiles on dir, its log lines, and a Hub that
// stores in it.
func newTestMutes(t *testing.T, dir string) (*muteFiles, *testkit.LogLines, *chat.Hub) {
	log := &testkit.LogLines{}
	m := newMuteFiles(dir, log.Logf)
	t.Cleanup(m.close)
	hub, err := chat.New(chat.Config{OnMutes: m.save})
	require.NoError(t, err)
	return m, log, hub
}

// TestMuteFilesKept: a player's mutes are written as they change and
// given back to the next server's Hub; a guest's are not written.
func TestMuteFilesKept(t *testing.T) {
	dir := t.TempDir()
	m, _, hub := newTestMutes(t, dir)
	m.give(hub, keyA)
	require.NoError(t, hub.Mute(keyA, keyB, "bob"))
	require.Error(t, hub.Mute("", keyB, "bob"), "a guest (no key) muted") // a guest only reads
	m.save("", map[string]string{keyB: "bob"})
	m.close()
	assertFile(t, m.path(keyA), keyB+" bob\n")
	_, err := os.Stat(m.path(""))
	assert.ErrorIs(t, err, os.ErrNotExist)
	players, err := os.ReadDir(filepath.Join(dir, "players"))
	require.NoError(t, err)
	require.Len(t, players, 1, "only the keyed player's mutes are written")

	m2, _, hub2 := newTestMutes(t, dir)
	m2.give(hub2, keyA)
	assert.Equal(t, map[string]string{keyB: "bob"}, hub2.MutedNames(keyA))
	hub2.Unmute(keyA, keyB)
	m2.close()
	assertFile(t, m.path(keyA), "", "unmuted: no mutes kept")
}

// TestMuteFilesDamaged: a mutes file that cannot be read (damaged,
// oversized) is logged and left as it is, even when the player mutes
// someone later; the player starts with no mutes.
func TestMuteFilesDamaged(t *testing.T) {
	for name, content := range map[string][]byte{
		"damaged":   []byte(keyB + " bob\nrubbish\n"),
		"oversized": []byte(strings.Repeat(keyB+" bob\n", maxMutesFile/10)),
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			m, log, hub := newTestMutes(t, dir)
			require.NoError(t, os.MkdirAll(filepath.Dir(m.path(keyA)), 0o700))
			require.NoError(t, os.WriteFile(m.path(keyA), content, 0o600))
			m.give(hub, keyA)
			assert.Empty(t, hub.Muted(keyA))
			require.Len(t, log.Lines(), 1)
			assert.Contains(t, log.Lines()[0], "mutes of "+keyA+" not read, left as they are: ")
			assert.Contains(t, log.Lines()[0], m.path(keyA))

			require.NoError(t, hub.Mute(keyA, keyB, "bob"))
			m.close()
			assertFile(t, m.path(keyA), string(content), "never written over")
		})
	}
}

// TestServeMuteKeptOverRestart: over SSH, bob mutes ann in the lobby's
// talk; the server stops and starts again on the same state; ann's
// next line reaches carol but not bob, and bob's /unmute ann works
// before ann has spoken again.
func TestServeMuteKeptOverRestart(t *testing.T) {
	shortParallel(t)
	state := t.TempDir()
	r := startServe(t, state, time.Minute)
	ann, bob, carol := newPerson(t, "ann"), newPerson(t, "bob"), newPerson(t, "carol")
	for _, p := range []*person{ann, bob} {
		r.connect(t, p)
		p.c.WaitText(t, patience, "Welcome, "+p.name)
	}
	ann.typ(t, "/", "hello all", sshtest.Enter)
	bob.c.WaitText(t, patience, "hello all")
	bob.typ(t, "/", "/mute ann", sshtest.Enter)
	bob.c.WaitText(t, patience, "You no longer see ann's lines")

	stopServe(r.srv, r.hall, patience)
	require.True(t, bob.c.Wait(patience))
	require.NoError(t, r.club.Close())
	assertFile(t, filepath.Join(state, "players", server.KeyID(bob.key.PublicKey()), mutesFile), server.KeyID(ann.key.PublicKey())+" ann\n")

	r2 := startServe(t, state, time.Minute)
	for _, p := range []*person{bob, ann, carol} {
		r2.connect(t, p)
		p.c.WaitText(t, patience, "Welcome, "+p.name)
	}
	var heard atomic.Bool
	bob.c.Watch(func(screen string) { heard.CompareAndSwap(false, strings.Contains(screen, "back again")) })
	ann.typ(t, "/", "back again", sshtest.Enter)
	carol.c.WaitText(t, patience, "back again")
	// Carol's line comes after ann's in the room: once bob reads it,
	// ann's would have been read before, and shown above it.
	carol.typ(t, "/", "welcome back", sshtest.Enter)
	scr := bob.c.WaitText(t, patience, "welcome back")
	assert.NotContains(t, scr, "back again", "ann is still muted")
	assert.False(t, heard.Load(), "ann is still muted")

	bob.typ(t, "/", "/unmute ann", sshtest.Enter)
	bob.c.WaitText(t, patience, "You see ann's lines again")
	ann.typ(t, "/", "can you hear me", sshtest.Enter)
	bob.c.WaitText(t, patience, "can you hear me")
}

// TestMuteFilesForgetPassingKeys: every keyed connection's mutes are
// handed to the Hub, but the files remember only the keys whose file
// could not be read: a client minting a fresh key per login must not
// grow the server's memory for as long as it runs.
func TestMuteFilesForgetPassingKeys(t *testing.T) {
	m := newMuteFiles(t.TempDir(), func(string, ...any) {})
	defer m.close()
	hub, err := chat.New(chat.Config{OnMutes: m.save})
	if err != nil {
		t.Fatal(err)
	}
	const logins = 10000
	for i := range logins {
		m.give(hub, fmt.Sprintf("%032x", i)) // connects, mutes nobody, leaves
	}
	m.mu.Lock()
	n := len(m.broken) + len(m.pending)
	m.mu.Unlock()
	if n != 0 {
		t.Fatalf("%d of %d one-off keys that muted nobody are remembered", n, logins)
	}
}
