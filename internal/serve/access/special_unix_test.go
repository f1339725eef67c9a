//go:build unix

package access_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/serve/access"
	"github.com/klob/klob/internal/testing/testkit"
)

// A list that is a FIFO, a device or a directory is refused at once,
// in words: read whole, a FIFO would hang the server's start and
// /dev/zero would fill its memory. The guard only catches a hang.
func TestListsRefuseSpecialFiles(t *testing.T) {
	for _, s := range testkit.SpecialFiles(t) {
		var err error
		testkit.Returns(t, time.Minute, "access.New on "+s.Path, func() {
			_, err = access.New(access.Config{Allow: s.Path})
		})
		require.Error(t, err, s.Path)
		assert.Contains(t, err.Error(), s.What)
		assert.Contains(t, err.Error(), s.Path)
	}
}

// A list that turns into a FIFO while the server runs stays as it
// was, with a line in the log, and the connection that finds it is
// answered at once.
func TestListTurnedFIFOStaysAsItWas(t *testing.T) {
	ann, bob := newPerson(t), newPerson(t)
	deny := filepath.Join(t.TempDir(), "deny")
	write(t, deny, ann.fingerprint())
	logs := &testkit.LogLines{}
	g, err := access.New(access.Config{Deny: deny, Logf: logs.Logf})
	require.NoError(t, err)
	require.NoError(t, os.Remove(deny))
	if err := syscall.Mkfifo(deny, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	var annSays, bobSays string
	testkit.Returns(t, time.Minute, "Admit with the list a FIFO", func() {
		annSays, bobSays = g.Admit(ann.key, ann.id), g.Admit(bob.key, bob.id)
	})
	assert.Equal(t, "this key may not play here", annSays, "the list stays as it was")
	assert.Empty(t, bobSays)
	assert.True(t, logs.Has("a FIFO"), "the log says what the list is: %v", logs.Lines())
}

// A list larger than a list may be is refused without being read.
func TestListTooLarge(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big")
	f, err := os.Create(big)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(64<<20+1)) // sparse: no disk used
	require.NoError(t, f.Close())
	_, err = access.New(access.Config{Deny: big})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the key list "+big+": over 64 MB")
}
