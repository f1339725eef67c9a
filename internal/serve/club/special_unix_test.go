//go:build unix

package club

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/testing/testkit"
)

// A game an earlier start imported and did not rate, whose log has
// since turned into a FIFO, is rated at the next start by its seats
// alone, as a log that cannot be read is: the start does not wait on
// the FIFO. The guard only catches a hang.
func TestStartRatesPastALogTurnedFIFO(t *testing.T) {
	dir := t.TempDir()
	hist := filepath.Join(dir, clubdb.PlayersDir, testkit.KeyAnn, "history")
	require.NoError(t, os.MkdirAll(hist, 0o700))
	path := filepath.Join(hist, "g.klob")
	l := tableLog(t, 1, person(testkit.KeyAnn, "Ann"), person(testkit.KeyBob, "Bob"))
	require.NoError(t, os.WriteFile(path, mustText(t, l), 0o600))
	// The import alone records the game and rates nobody.
	ctx := context.Background()
	db, err := clubdb.Open(Path(dir), clubdb.Options{})
	require.NoError(t, err)
	_, err = db.Import(ctx, dir)
	require.NoError(t, err)
	require.NoError(t, db.Close())
	require.NoError(t, os.Remove(path))
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}

	var s *Service
	testkit.Returns(t, time.Minute, "Open with an unrated game's log a FIFO", func() {
		s, err = Open(ctx, dir, Options{Logf: t.Logf})
	})
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	assertRated(t, s, 1, "the game is rated")
}
