package clubdb

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rowDamaged makes a closed sound database (goodFile's) with one more
// row, added by stmt, and flips one byte of that row in the file: the
// byte at offset at in the first and only place mark's bytes are (the
// row's record, whose columns lie side by side) is XORed with mask. It
// returns the file's path.
func rowDamaged(t *testing.T, stmt, mark string, at int, mask byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), FileName)
	goodFile(t, path)
	rawExec(t, path, stmt)
	// The last connection's close folds the log into the file.
	if fi, err := os.Stat(path + "-wal"); err == nil {
		require.Zero(t, fi.Size(), "the log is not folded in")
	}
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, 1, bytes.Count(b, []byte(mark)), "the row's bytes are in one place")
	off := int64(bytes.Index(b, []byte(mark)) + at)
	patch(t, path, off, []byte{b[off] ^ mask})
	return path
}

// assertUntouched checks that the database at path has the sum before
// and that no log to fold into it is left: a refused start's read-only
// look may leave an empty log and its shared memory file, nothing that
// changes the database.
func assertUntouched(t *testing.T, path, before string) {
	t.Helper()
	assert.Equal(t, before, fileSum(t, path), "the refused database changed")
	if fi, err := os.Stat(path + "-wal"); err == nil {
		assert.Zero(t, fi.Size(), "a log is left to fold into the refused database")
	}
}

// A database damaged at the level of an index, as QA made one (a byte
// of a player's key flipped in the table, not in its index: SQLite's
// quick check does not compare them), is refused at Open, with the
// file, the problem and what to do; the file is left as it was, with
// no log to fold into it, and so at a second try. The check
// reports the same problem.
func TestIndexDamageIsRefused(t *testing.T) {
	const key, name = "SHA256:index-test-key-Q", "Quentin"
	path := rowDamaged(t, "INSERT INTO players VALUES ('"+key+"', '"+name+"', 1, 1)", key+name, len(key)-1, 0x01)
	before := fileSum(t, path)
	for range 2 {
		db, err := Open(path, Options{})
		require.Error(t, err)
		require.Nil(t, db)
		var de *DamagedError
		require.ErrorAs(t, err, &de)
		assert.Contains(t, err.Error(), "the club database "+path+" is damaged")
		assert.Contains(t, err.Error(), "missing from index sqlite_autoindex_players_1")
		assert.Contains(t, err.Error(), "left as it is: move it away")
		assertUntouched(t, path, before)
	}
	rep, err := CheckFile(context.Background(), path)
	require.NoError(t, err)
	assert.False(t, rep.OK())
	assert.Contains(t, strings.Join(rep.Problems, "\n"), "missing from index sqlite_autoindex_players_1")
	assertUntouched(t, path, before)
}

// A flipped byte in a row of games or ratings, where the full check
// can see it, is refused at Open just the same. SQLite cannot tell
// every flip from a real value: one in a log path or a mu, or one that
// makes a game's seats 10 (this SQLite's integrity check does not test
// CHECK constraints), passes.
func TestRowDamageIsRefused(t *testing.T) {
	sum := strings.Repeat("c", 64)
	cases := []struct {
		name, stmt, mark string
		at               int
		says             string
	}{
		// A game's checksum, in the table and not in its unique index.
		{"a game's checksum",
			"INSERT INTO games (log_sha256, log_path, seats, rules, recorded, deals, winner) VALUES ('" + sum + "', '/rowtest.klob', 2, '', 0, 1, 'A')",
			sum + "/rowtest.klob", 10, "integrity: row 301 missing from index sqlite_autoindex_games_1"},
		// A rating's player key, in the ratings' own b-tree (WITHOUT
		// ROWID): still in order, but of no player.
		{"a rating's player",
			"INSERT INTO players VALUES ('zz-rating-key', 'Zed', 1, 1); INSERT INTO ratings VALUES ('zz-rating-key', 3, 25, 8, 0, 1)",
			"zz-rating-key\x03", 2, "foreign key: a row of ratings refers to a missing row of players"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := rowDamaged(t, c.stmt, c.mark, c.at, 0x01)
			before := fileSum(t, path)
			db, err := Open(path, Options{})
			require.Error(t, err)
			require.Nil(t, db)
			var de *DamagedError
			require.ErrorAs(t, err, &de)
			assert.Contains(t, err.Error(), "the club database "+path+" is damaged: its check finds 1 problem: "+c.says)
			assert.Contains(t, err.Error(), "left as it is")
			assertUntouched(t, path, before)
			rep, err := CheckFile(context.Background(), path)
			require.NoError(t, err)
			assert.Equal(t, []string{c.says}, rep.Problems)
		})
	}
}
