package hall

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/clocktest"
)

// copyTree copies the files under src to dst: what a crash at that
// instant leaves on the disk.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	require.NoError(t, filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		if info.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	}))
}

// TestCrashBetweenCopiesFilesTheSameGame: the server stops (killed)
// after Ann's history got the ended game and before Bob's did. The
// restart files the game from the table's log; every copy it writes is
// Ann's byte for byte, so the club's database, which knows a game by
// its checksum, holds it once. Two, three and four seats, the others
// bots.
func TestCrashBetweenCopiesFilesTheSameGame(t *testing.T) {
	seeds := 4
	if testing.Short() {
		seeds = 1
	}
	for seats := 2; seats <= 4; seats++ {
		for seed := range uint64(seeds) {
			t.Run(fmt.Sprintf("%d seats seed %d", seats, seed), func(t *testing.T) {
				dir, crashed := t.TempDir(), t.TempDir()
				var mu sync.Mutex
				var annCopy []byte
				taken := false
				clock := clocktest.New(t0)
				cfg := testConfig(filepath.Join(dir, "tables"), nil, clock)
				cfg.History = func(id string) Archiver {
					return archiveFunc(func(l *gamelog.Log) {
						mu.Lock()
						defer mu.Unlock()
						switch {
						case id == "a" && annCopy == nil:
							b, err := l.MarshalText()
							require.NoError(t, err)
							annCopy = b
						case id == "b" && annCopy != nil && !taken:
							// The crash: Ann's copy is filed, Bob's not.
							copyTree(t, filepath.Join(dir, "tables"), filepath.Join(crashed, "tables"))
							taken = true
						}
					})
				}
				h := newHall(t, cfg)
				tb := annOpens(t, h, seats, smallRules(), seed)
				ann, bob := annAndBob(t, tb)
				newCrowd(t, ann, bob).run("the game's end, filed", func() bool {
					s := ann.port().Snapshot()
					return s.Over && s.Save.Filed
				})
				ann.leave()
				bob.leave()
				h.Close()

				hist := &memHistory{}
				h2 := newHall(t, testConfig(filepath.Join(crashed, "tables"), hist, clock))
				eventually(t, "the restart files the game for both", func() bool { return hist.count("a") == 1 && hist.count("b") == 1 })
				for _, id := range []string{"a", "b"} {
					b, err := hist.log(id, 0).MarshalText()
					require.NoError(t, err)
					assert.True(t, bytes.Equal(annCopy, b), "%s's copy after the restart is the one Ann got before:\n%s\n---\n%s", id, annCopy, b)
				}
				eventually(t, "the table leaves once filed", func() bool { return h2.Count() == 0 })
			})
		}
	}
}
