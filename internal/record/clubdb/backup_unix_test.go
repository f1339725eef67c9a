//go:build unix

package clubdb

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"modernc.org/sqlite"
)

// copyProbe is a collation that, each time SQLite compares two strings
// with it, records the mode of every file in dir named like a copy
// made before a schema move. VACUUM INTO compares with it as it copies
// an index in that collation: the probe sees the copy while SQLite
// writes it.
var copyProbe struct {
	sync.Mutex
	dir   string
	modes map[string]fs.FileMode // by name, the union of the modes seen
}

const probeCollation = "klob_test_copy_probe"

func init() {
	sqlite.MustRegisterCollationUtf8(probeCollation, func(a, b string) int {
		copyProbe.Lock()
		defer copyProbe.Unlock()
		if copyProbe.dir != "" {
			entries, _ := os.ReadDir(copyProbe.dir)
			for _, e := range entries {
				if !strings.HasPrefix(e.Name(), FileName+".v") {
					continue
				}
				if fi, err := os.Lstat(filepath.Join(copyProbe.dir, e.Name())); err == nil {
					copyProbe.modes[e.Name()] |= fi.Mode().Perm()
				}
			}
		}
		return strings.Compare(a, b)
	})
}

// The copy made before a schema move, and its journal, are readable by
// their owner alone at every moment SQLite writes them, even under a
// umask of 0.
func TestACopyIsPrivateWhileMade(t *testing.T) {
	dir, path, k := olderFile(t)
	rawExec(t, path,
		`CREATE TABLE probe (s TEXT)`,
		`WITH RECURSIVE n(i) AS (VALUES (1) UNION ALL SELECT i + 1 FROM n WHERE i < 64)
		INSERT INTO probe SELECT printf('%03d', (i * 37) % 64) FROM n`,
		`CREATE INDEX probe_s ON probe (s COLLATE `+probeCollation+`)`)

	old := syscall.Umask(0)
	t.Cleanup(func() { syscall.Umask(old) })
	copyProbe.Lock()
	copyProbe.dir, copyProbe.modes = dir, map[string]fs.FileMode{}
	copyProbe.Unlock()
	t.Cleanup(func() {
		copyProbe.Lock()
		copyProbe.dir = ""
		copyProbe.Unlock()
	})

	openAt(t, path, nil)
	copyProbe.Lock()
	modes := copyProbe.modes
	copyProbe.dir = ""
	copyProbe.Unlock()
	t.Logf("seen while the copy was made: %v", modes)
	require.NotEmpty(t, modes, "the probe never saw the copy")
	for name, mode := range modes {
		assert.Equal(t, fs.FileMode(0o600), mode, "%s while it was made", name)
	}
	fi, err := os.Stat(fmt.Sprintf("%s.v%d.bak", path, k))
	require.NoError(t, err)
	assert.Equal(t, fs.FileMode(0o600), fi.Mode().Perm())
}

// copyFailEnv names the database the child of TestAFailedCopyLeavesNoFile
// opens.
const copyFailEnv = "KLOB_CLUBDB_COPY_FAIL_DB"

// copyFailLimit is the size past which the child may not grow a file:
// below the copy's size, above its database's shared memory (32 KiB).
const copyFailLimit = 256 << 10

// A copy that fails partway (SQLite has written some of it, then a
// write fails: here the file size limit, as a full disk would) leaves
// no file under a copy's name nor a half-made one, and the database as
// it was; the next start copies it under path.vK.bak and moves it on.
func TestAFailedCopyLeavesNoFile(t *testing.T) {
	if path := os.Getenv(copyFailEnv); path != "" {
		// The child: past the limit a write fails with EFBIG (Go ignores
		// the SIGXFSZ that comes with it).
		var lim syscall.Rlimit
		require.NoError(t, syscall.Getrlimit(syscall.RLIMIT_FSIZE, &lim))
		lim.Cur = copyFailLimit
		require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim))
		_, err := Open(path, Options{})
		require.Error(t, err)
		require.ErrorContains(t, err, fmt.Sprintf("copying version %d aside", Version-1))
		t.Log(err)
		return
	}
	dir, path, k := olderFile(t)
	// 1 MiB more than the limit, in rows of 4 KiB.
	rawExec(t, path, `CREATE TABLE filler (b BLOB)`,
		fmt.Sprintf(`WITH RECURSIVE n(i) AS (VALUES (1) UNION ALL SELECT i + 1 FROM n WHERE i < %d)
		INSERT INTO filler SELECT randomblob(4096) FROM n`, (copyFailLimit+1<<20)/4096))
	before := namesIn(t, dir)

	cmd := exec.Command(os.Args[0], "-test.run=^TestAFailedCopyLeavesNoFile$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), copyFailEnv+"="+path)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.Contains(t, string(out), "--- PASS: TestAFailedCopyLeavesNoFile", "%s", out)
	t.Logf("the child: %s", out)

	after := slices.DeleteFunc(namesIn(t, dir), func(n string) bool { return n == FileName+LockSuffix })
	assert.Equal(t, before, after, "the files after the failed copy")
	assert.Equal(t, k, assertFileSound(t, path).Version, "the database after the failed copy")

	openAt(t, path, nil)
	assert.Equal(t, k, assertFileSound(t, fmt.Sprintf("%s.v%d.bak", path, k)).Version)
	assert.Equal(t, []string{fmt.Sprintf("%s.v%d.bak", FileName, k)}, copyNames(t, dir))
}

// A dangling symbolic link under the copy's name is a name taken: the
// copy neither replaces it nor goes where it points.
func TestACopyPassesADanglingLink(t *testing.T) {
	dir, path, k := olderFile(t)
	link := fmt.Sprintf("%s.v%d.bak", path, k)
	require.NoError(t, os.Symlink(filepath.Join(dir, "nowhere"), link))

	openAt(t, path, nil)
	fi, err := os.Lstat(link)
	require.NoError(t, err)
	assert.Equal(t, fs.ModeSymlink, fi.Mode().Type())
	_, err = os.Lstat(filepath.Join(dir, "nowhere"))
	assert.True(t, os.IsNotExist(err), "the copy went through the link")
	assert.Equal(t, k, assertFileSound(t, fmt.Sprintf("%s.v%d-2.bak", path, k)).Version)
}
