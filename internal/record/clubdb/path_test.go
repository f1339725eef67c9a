package clubdb

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every open of the database (Open's writer, readers and checkpointer,
// CheckFile) names the file right whatever its path: relative (a
// "file:" URI with a relative path read the first directory as its
// authority) or holding characters a URI gives a meaning to.
func TestAnyPathOpensAndChecks(t *testing.T) {
	ctx := context.Background()
	t.Chdir(t.TempDir())
	for _, dir := range []string{
		"state3",
		"with space",
		"q?x=1",
		"hash#frag",
		"pct%20and%zz",
		"all of ?#% them",
	} {
		for _, path := range []string{
			filepath.Join(dir, FileName),
			filepath.Join(mustAbs(t, dir+"-abs"), FileName),
		} {
			t.Run(path, func(t *testing.T) {
				db, err := Open(path, Options{})
				require.NoError(t, err)
				require.NoError(t, db.SeePlayer(ctx, "k1", "ann"))
				assertSound(t, db)
				require.NoError(t, db.Close())
				_, err = os.Stat(path)
				require.NoError(t, err, "the database is not where it was named")

				rep := assertFileSound(t, path)
				assert.Equal(t, path, rep.Path, "the report names the file as it was given")

				again, err := Open(path, Options{})
				require.NoError(t, err)
				p, err := again.Player(ctx, "k1")
				require.NoError(t, err)
				assert.Equal(t, "ann", p.Name, "the second open reads the first one's file")
				require.NoError(t, again.Close())
			})
		}
	}
	// Nothing was made beside the named directories (a URI read wrong
	// opens another file): each one and its -abs twin.
	ents, err := os.ReadDir(".")
	require.NoError(t, err)
	assert.Len(t, ents, 12)
}

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	require.NoError(t, err)
	return a
}

// The report's last line counts its problems in words that agree.
func TestReportCountsProblems(t *testing.T) {
	for n, want := range []string{"p: ok (schema version 3)\n", "p: 1 problem\n", "p: 2 problems\n"} {
		r := Report{Path: "p", Version: 3}
		for i := range n {
			r.Problems = append(r.Problems, fmt.Sprintf("problem %d", i))
		}
		var b strings.Builder
		r.Write(&b)
		lines := strings.SplitAfter(b.String(), "\n")
		assert.Equal(t, want, lines[len(lines)-2], "%d problems", n)
	}
}
