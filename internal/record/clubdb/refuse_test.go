package clubdb

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/testing/clocktest"
)

// A damaged file, another program's database and a newer klob's
// database are refused with what and where, and left byte for byte as
// they were.
func TestRefusedFilesAreLeftAsTheyAre(t *testing.T) {
	// One sound database, copied for each case.
	goodPath := filepath.Join(t.TempDir(), FileName)
	goodFile(t, goodPath)
	good, err := os.ReadFile(goodPath)
	require.NoError(t, err)
	// file writes data as the database; patched writes the sound one,
	// then b over it at off.
	file := func(data []byte) func(t *testing.T, path string) {
		return func(t *testing.T, path string) { require.NoError(t, os.WriteFile(path, data, 0o600)) }
	}
	goodFile := file(good)
	patched := func(off int64, b []byte) func(t *testing.T, path string) {
		return func(t *testing.T, path string) {
			goodFile(t, path)
			patch(t, path, off, b)
		}
	}
	junk := make([]byte, 3*4096)
	r := rand.New(rand.NewPCG(5, 6))
	for i := range junk {
		junk[i] = byte(r.UintN(256))
	}
	cases := []struct {
		name  string
		make  func(t *testing.T, path string)
		newer bool
		says  string
	}{
		{"not SQLite", file([]byte(fmt.Sprintf("%0200d", 7))), false, "not an SQLite database"},
		{"empty", file(nil), false, "it is empty (0 bytes)"},
		{"shorter than a header", file([]byte("SQLite format 3")), false, "shorter than SQLite's 100-byte header"},
		{"header overwritten", patched(0, make([]byte, 16)), false, "not an SQLite database"},
		{"page size", patched(16, []byte{0x03, 0x00}), false, "page size of 768"},
		{"pages garbled", patched(2*4096, junk), false, "is damaged"},
		{"truncated", func(t *testing.T, path string) {
			goodFile(t, path)
			fi, err := os.Stat(path)
			require.NoError(t, err)
			require.NoError(t, os.Truncate(path, fi.Size()/2))
		}, false, "is damaged"},
		{"another program's", func(t *testing.T, path string) {
			rawExec(t, path, "CREATE TABLE notes (x TEXT)", "INSERT INTO notes VALUES ('mine')")
		}, false, "another program"},
		{"a log without its database", func(t *testing.T, path string) {
			require.NoError(t, os.WriteFile(path+"-wal", []byte("frames of another database"), 0o600))
		}, false, "write-ahead log of the database that was there"},
		// A schema changed by hand: refused in a line before any of
		// klob's statements is prepared on it.
		{"a table dropped", schemaChanged("PRAGMA foreign_keys = OFF", "DROP TABLE games"), false, "is damaged: table games is missing. It is left as it is"},
		{"a table renamed", schemaChanged("ALTER TABLE players RENAME TO people"), false, "is damaged: table players is missing. It is left as it is"},
		{"a column dropped", schemaChanged("ALTER TABLE games DROP COLUMN practice"), false, "column practice of table games is missing"},
		{"an index dropped", schemaChanged("DROP INDEX games_rematch"), false, "index games_rematch is missing"},
		{"newer", func(t *testing.T, path string) {
			goodFile(t, path)
			rawExec(t, path, fmt.Sprintf("PRAGMA user_version = %d", Version+1))
		}, true, fmt.Sprintf("schema version %d, and this klob knows versions up to %d", Version+1, Version)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), FileName)
			c.make(t, path)
			before := fileSum(t, path)
			err := openRefused(t, path)
			if c.newer {
				var ne *NewerError
				require.ErrorAs(t, err, &ne)
				assert.Equal(t, Version+1, ne.Version)
			} else {
				var de *DamagedError
				require.ErrorAs(t, err, &de)
			}
			assert.Contains(t, err.Error(), path, "the error says where")
			assert.Contains(t, err.Error(), c.says, "the error says what")
			assert.Contains(t, err.Error(), "left as it is")
			assert.Equal(t, before, fileSum(t, path), "the refused file changed")

			// A second try is refused the same way, the file still the same.
			openRefused(t, path)
			assert.Equal(t, before, fileSum(t, path))

			// The check reports it too, without writing.
			rep, err := CheckFile(context.Background(), path)
			if err == nil {
				assert.False(t, rep.OK(), "the check finds nothing wrong in %s", c.name)
			}
			assert.Equal(t, before, fileSum(t, path))
		})
	}
}

// schemaChanged makes a sound database, then runs stmts on it.
func schemaChanged(stmts ...string) func(t *testing.T, path string) {
	return func(t *testing.T, path string) {
		goodFile(t, path)
		rawExec(t, path, stmts...)
	}
}

// The check lists each table, column or index of klob's that the
// schema lacks, calls the file damaged as klob serve does, and reads
// no ratings from tables that are not there; a database of an older
// version is held to that version's schema.
func TestCheckFindsSchemaChanges(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), FileName)
	goodFile(t, path)
	rawExec(t, path, "PRAGMA foreign_keys = OFF", "DROP TABLE ratings", "ALTER TABLE games RENAME COLUMN rematch_of TO previous")
	rep, err := CheckFile(ctx, path)
	require.NoError(t, err)
	assert.Equal(t, []string{"schema: column rematch_of of table games is missing", "schema: table ratings is missing"}, rep.Problems)
	assert.True(t, rep.Damaged)
	var out bytes.Buffer
	rep.Write(&out)
	assert.Contains(t, out.String(), "is damaged: its check finds the 2 problems above. It is left as it is")

	// Version 2 has no tournaments: none is missing. Its ratings are.
	old := filepath.Join(t.TempDir(), FileName)
	buildAt(t, old, 2)
	rep, err = CheckFile(ctx, old)
	require.NoError(t, err)
	assert.True(t, rep.OK(), "%v", rep.Problems)
	rawExec(t, old, "PRAGMA foreign_keys = OFF", "DROP TABLE rating_history")
	before := fileSum(t, old)
	rep, err = CheckFile(ctx, old)
	require.NoError(t, err)
	assert.Equal(t, []string{"schema: table rating_history is missing"}, rep.Problems)
	err = openRefused(t, old)
	assert.Contains(t, err.Error(), "the club database "+old+" is damaged: table rating_history is missing")
	assert.Equal(t, before, fileSum(t, old), "the refused file changed")
	assert.NoFileExists(t, old+".v2.bak", "no copy before a move that is not made")
}

func patch(t *testing.T, path string, off int64, b []byte) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteAt(b, off)
	require.NoError(t, err)
	require.NoError(t, f.Close())
}

// The check finds a rating written without its history (as a game
// rated twice would leave), and an entry of a player the database does
// not have.
func TestCheckFindsWhatIsWrong(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	goodFile(t, path)
	ctx := context.Background()
	rep, err := CheckFile(ctx, path)
	require.NoError(t, err)
	require.True(t, rep.OK(), "%v", rep.Problems)
	rawExec(t, path,
		"UPDATE ratings SET games = games + 1 WHERE player_key = 'k3'",
		"UPDATE ratings SET mu = 99 WHERE player_key = 'k4'",
		"PRAGMA foreign_keys = OFF",
		"INSERT INTO game_seats (game_id, seat, player_key, name, level, total) VALUES (1, 3, 'ghost', 'g', 'human', 0)")
	rep, err = CheckFile(ctx, path)
	require.NoError(t, err)
	require.Len(t, rep.Problems, 3, "%v", rep.Problems)
	assert.Contains(t, rep.Problems[0], "foreign key")
	assert.Contains(t, rep.Problems[1]+rep.Problems[2], "k3 at 2 players: 31 games counted, 30 in its history")
	assert.Contains(t, rep.Problems[1]+rep.Problems[2], "rating of k4 at 2 players: 99/")
	_, err = CheckFile(ctx, filepath.Join(t.TempDir(), "missing.db"))
	require.ErrorContains(t, err, "no club database")
}

// A database a crash left with a hot rollback journal (one not yet in
// WAL mode) cannot be looked at read-only: SQLite must roll the journal
// back first. Open makes the same checks on its writing connection,
// which rolls back, and opens it with the data of the last commit.
func TestHotJournalIsRolledBack(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src.db")
	ctx := context.Background()
	conn, done := rawConn(t, src)
	defer done()
	exec := func(q string) {
		t.Helper()
		_, err := conn.ExecContext(ctx, q)
		require.NoError(t, err, q)
	}
	exec("PRAGMA journal_mode=DELETE")
	exec("PRAGMA cache_size=1") // the transaction's pages spill to the file
	exec("BEGIN")
	require.NoError(t, applyMigrations(ctx, conn, migrations, 0, Version))
	exec(fixtures[0])
	exec("COMMIT")
	exec("BEGIN")
	for i := range 200 {
		exec(fmt.Sprintf("INSERT INTO players VALUES ('x%d', '%0500d', 1, 1)", i, i))
	}
	// The files as a crash in the middle of the transaction leaves them.
	path := filepath.Join(dir, FileName)
	for _, suffix := range []string{"", "-journal"} {
		b, err := os.ReadFile(src + suffix)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(path+suffix, b, 0o600))
	}
	st, err := inspect(ctx, path)
	require.NoError(t, err)
	require.True(t, st.deferred, "the read-only look needs the journal rolled back")

	db := openAt(t, path, nil)
	assert.False(t, db.Created())
	assertCounts(t, db, Counts{Players: 2, Games: 2}, "the uncommitted players are rolled back")
	checkFixtures(t, db, 1)
	assertSound(t, db)
	var mode string
	require.NoError(t, db.rdb.QueryRow("PRAGMA journal_mode").Scan(&mode))
	assert.Equal(t, "wal", mode)
}

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

// A flipped byte in a row, where the full check can see it, is refused
// at Open, with the file, the problem and what to do; the file is left
// as it was, with no log to fold into it, and so at a second try. The
// check reports the same problem. SQLite cannot tell every flip from a
// real value: one in a log path or a mu, or one that makes a game's
// seats 10 (this SQLite's integrity check does not test CHECK
// constraints), passes.
func TestRowDamageIsRefused(t *testing.T) {
	sum := strings.Repeat("c", 64)
	const key, name = "SHA256:index-test-key-Q", "Quentin"
	cases := []struct {
		name, stmt, mark string
		at               int
		says             string
	}{
		// A player's key, in the table and not in its index, as QA
		// damaged one: SQLite's quick check does not compare them.
		{"a player's key", "INSERT INTO players VALUES ('" + key + "', '" + name + "', 1, 1)",
			key + name, len(key) - 1, "integrity: row 21 missing from index sqlite_autoindex_players_1"},
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
			for range 2 {
				err := openRefused(t, path)
				var de *DamagedError
				require.ErrorAs(t, err, &de)
				assert.Contains(t, err.Error(), "the club database "+path+" is damaged: its check finds 1 problem: "+c.says)
				assert.Contains(t, err.Error(), "It is left as it is. Put back your latest backup")
				assertUntouched(t, path, before)
			}
			rep, err := CheckFile(context.Background(), path)
			require.NoError(t, err)
			assert.Equal(t, []string{c.says}, rep.Problems)
			assertUntouched(t, path, before)
		})
	}
}

// Damage the check finds says what to do in one style however it
// shows: a file too malformed to check (random bytes over its middle
// pages) gives the DamagedError a cut file gives, and a report of
// damaged rows ends with the same advice. The file is left as it was.
func TestCheckSaysDamageOneWay(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	goodFile(t, path)
	fi, err := os.Stat(path)
	require.NoError(t, err)
	require.Greater(t, fi.Size(), int64(6*4096), "pages to damage")
	patch(t, path, fi.Size()/2, bytes.Repeat([]byte{0xa5, 0x3c, 0xee, 0x01}, 2048))
	before := fileSum(t, path)
	_, err = CheckFile(context.Background(), path)
	var de *DamagedError
	require.ErrorAs(t, err, &de)
	assert.Contains(t, err.Error(), "the club database "+path+" is damaged: SQLite finds it malformed")
	assert.Contains(t, err.Error(), "It is left as it is. Put back your latest backup")
	assertUntouched(t, path, before)

	var out strings.Builder
	(&Report{Path: "p", Problems: []string{"integrity: row 21 missing from index i"}, Damaged: true}).Write(&out)
	assert.Equal(t, "p: integrity: row 21 missing from index i\np: 1 problem\n"+
		"the club database p is damaged: its check finds the 1 problem above. It is left as it is. "+
		"Put back your latest backup of the database, after moving the damaged one away with its -wal and -shm files (SQLite would play the log into the copy). "+
		"klob serve keeps a copy of the database a day in backups (the newest -backups of them), and there is none there; nor a copy before a schema move (p.vK.bak). "+
		"Only if there is no backup: move it away with its -wal and -shm files; klob serve then starts a new one and imports the state directory again, "+
		"which brings back the players and their games but loses every tournament, today's daily too (its entrants and results; its boards are drawn again).\n", out.String())
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

// FuzzOpen opens files of any bytes as the club database: Open never
// panics, and a file it refuses keeps its bytes. The seeds are a sound
// database and pieces of it.
func FuzzOpen(f *testing.F) {
	path := filepath.Join(f.TempDir(), FileName)
	buildAt(f, path, Version)
	good, err := os.ReadFile(path)
	if err != nil || len(good) < 4096 {
		f.Fatalf("the seed database: %v (%d bytes)", err, len(good))
	}
	f.Add(good)
	f.Add(good[:100])
	f.Add(good[:len(good)/2])
	f.Add([]byte{})
	bad := append([]byte(nil), good...)
	copy(bad[4096+8:], "garbage garbage garbage")
	f.Add(bad)
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), FileName)
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		db, err := Open(path, Options{})
		if err != nil {
			after, rerr := os.ReadFile(path)
			if rerr != nil || string(after) != string(data) {
				t.Fatalf("a refused file changed: %v", err)
			}
			return
		}
		_, _ = db.Check(context.Background())
		_, _ = db.Counts(context.Background())
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
	})
}

// The refusal of a file that cannot be opened says what fails and
// advises for that: read permission for a file that cannot be read,
// write permission for one that cannot be written.
func TestAccessErrorSaysWhatFails(t *testing.T) {
	const path = "/state/club.db"
	denied := func(op string) error { return &fs.PathError{Op: op, Path: path, Err: fs.ErrPermission} }
	assert.NoError(t, accessError(path, nil, nil))
	cases := []struct {
		name       string
		rerr, werr error
		says, not  string
	}{
		{"unreadable", denied("open"), nil,
			"the club database /state/club.db cannot be read (permission denied); klob serve reads it: give the server's user read permission (chmod u+r) or give another -state. It is left as it is.", "writ"},
		{"neither", denied("open"), denied("open"),
			"the club database /state/club.db cannot be read or written (permission denied); klob serve reads and writes it: give the server's user read and write permission (chmod u+rw, chattr -i) or give another -state. It is left as it is.", "read-only"},
		{"read-only", nil, denied("open"),
			"the club database /state/club.db cannot be written (read-only: permission denied); klob serve writes it: make it writable (chmod u+w, chattr -i) or give another -state. It is left as it is.", "read permission"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := accessError(path, c.rerr, c.werr)
			require.Error(t, err)
			assert.Equal(t, c.says, err.Error())
			assert.NotContains(t, err.Error(), c.not)
		})
	}
}

// copyFile copies the file src to dst, mode 0600.
func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(dst, b, 0o600))
}

// malformed makes a closed database with random-looking bytes over its
// middle pages: too damaged for SQLite to check (a *DamagedError).
func malformed(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), FileName)
	goodFile(t, path)
	fi, err := os.Stat(path)
	require.NoError(t, err)
	patch(t, path, fi.Size()/2, bytes.Repeat([]byte{0xa5, 0x3c, 0xee, 0x01}, 2048))
	return path
}

// damagedRows makes a closed database whose check finds a rating of no
// player: a report of damaged rows, not a file too damaged to check.
func damagedRows(t *testing.T) string {
	t.Helper()
	return rowDamaged(t, "INSERT INTO players VALUES ('zz-rating-key', 'Zed', 1, 1); INSERT INTO ratings VALUES ('zz-rating-key', 3, 25, 8, 0, 1)",
		"zz-rating-key\x03", 2, 0x01)
}

// The refusal of a damaged database advises a backup first, names the
// copies klob serve made before its schema moves when there are any,
// and says plainly that a new database loses every tournament and
// today's daily; the check's report on damaged rows says the same.
func TestDamageAdvisesABackupFirst(t *testing.T) {
	path := malformed(t)
	err := openRefused(t, path)
	msg := err.Error()
	assert.Contains(t, msg, "It is left as it is. Put back your latest backup of the database, after moving the damaged one away with its -wal and -shm files")
	assert.Contains(t, msg, "klob serve keeps a copy of the database a day in "+filepath.Join(filepath.Dir(path), "backups")+" (the newest -backups of them), and there is none there; nor a copy before a schema move (club.db.vK.bak).")
	assert.Contains(t, msg, "Only if there is no backup: move it away with its -wal and -shm files")
	assert.Contains(t, msg, "loses every tournament, today's daily too (its entrants and results; its boards are drawn again).")
	assert.Less(t, bytes.Index([]byte(msg), []byte("Put back")), bytes.Index([]byte(msg), []byte("move it away")), "the backup comes first")

	copyFile(t, path, path+".v3.bak")
	copyFile(t, path, path+".v3-2.bak")
	require.NoError(t, os.WriteFile(path+".v4.bak.new", nil, 0o600))
	want := "The copy it makes before each schema move holds the club as it was then: here " + path + ".v3-2.bak, " + path + ".v3.bak."
	assert.Contains(t, openRefused(t, path).Error(), want)
	_, err = CheckFile(context.Background(), path)
	assert.ErrorContains(t, err, want)

	row := damagedRows(t)
	copyFile(t, row, row+".v2.bak")
	rep, err := CheckFile(context.Background(), row)
	require.NoError(t, err)
	require.True(t, rep.Damaged)
	var out bytes.Buffer
	rep.Write(&out)
	assert.Contains(t, out.String(), "It is left as it is. Put back your latest backup")
	assert.Contains(t, out.String(), "here "+row+".v2.bak.")

	// A day's copy beside it: the report names it and how to put it back.
	require.NoError(t, os.Mkdir(filepath.Join(filepath.Dir(row), BackupDir), 0o700))
	day := filepath.Join(filepath.Dir(row), BackupDir, "club-2026-12-01.db")
	copyFile(t, row, day)
	rep, err = CheckFile(context.Background(), row)
	require.NoError(t, err)
	out.Reset()
	rep.Write(&out)
	assert.Contains(t, out.String(), "here, the newest first: "+day+" (taken ")
	assert.Contains(t, out.String(), "; cp "+day+" "+row+"; then start klob serve")
}

// Refusing or checking a damaged database leaves nothing beside it:
// not the -wal and -shm files SQLite makes when it reads one in WAL
// mode, nor a copy of a read-only file's mode that a later start would
// be refused for. Files that were there stay.
func TestDamageLeavesNoFilesBeside(t *testing.T) {
	row := damagedRows(t)
	for _, path := range []string{malformed(t), row} {
		dir := filepath.Dir(path)
		before := namesIn(t, dir)
		openRefused(t, path)
		assert.Equal(t, before, namesIn(t, dir), "after Open")
		_, _ = CheckFile(context.Background(), path)
		assert.Equal(t, before, namesIn(t, dir), "after the check")

		require.NoError(t, os.Chmod(path, 0o444))
		_, _ = CheckFile(context.Background(), path)
		assert.Equal(t, before, namesIn(t, dir), "after the check of a read-only file")
		require.NoError(t, os.Chmod(path, 0o600))

		// An empty log and a -shm there before are SQLite's, not the
		// check's: they stay.
		require.NoError(t, os.WriteFile(path+WALSuffix, nil, 0o600))
		_, _ = CheckFile(context.Background(), path)
		openRefused(t, path)
		assert.FileExists(t, path+WALSuffix)
	}
}

// The check of a missing database whose log is left says so, as Open
// does, not only that there is no database.
func TestCheckNamesALogLeftWithoutItsDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	_, err := CheckFile(context.Background(), path)
	assert.EqualError(t, err, "no club database at "+path)
	require.NoError(t, os.WriteFile(path+WALSuffix, []byte("frames of a database moved away"), 0o600))
	_, err = CheckFile(context.Background(), path)
	var de *DamagedError
	require.ErrorAs(t, err, &de)
	want := "the club database " + path + " is missing, and the write-ahead log of the database that was there (" + path + "-wal, 31 bytes) is left: it was moved without it."
	assert.Contains(t, err.Error(), want)
	assert.Contains(t, openRefused(t, path).Error(), want)
	assert.NoFileExists(t, path)
}

// The refusal of a damaged database lists the copies klob serve took,
// the newest first with their times, and the commands that put the
// newest back; run as they are said, they bring the club back as the
// copy has it. The check says the same.
func TestDamageListsTheDaysCopies(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	goodFile(t, path)
	db, err := Open(path, Options{})
	require.NoError(t, err)
	ctx := context.Background()
	day := clocktest.Start()
	_, err = db.Backup(ctx, day.Add(-24*time.Hour), 7)
	require.NoError(t, err)
	_, err = db.Backup(ctx, day, 7)
	require.NoError(t, err)
	want, err := db.Counts(ctx)
	require.NoError(t, err)
	var p plusOne
	_, err = db.RecordGame(ctx, testGame("after the copy", "a", "b"), p.rate)
	require.NoError(t, err)
	require.NoError(t, db.Close())
	copyFile(t, path, path+".v3.bak")
	fi, err := os.Stat(path)
	require.NoError(t, err)
	patch(t, path, fi.Size()/2, bytes.Repeat([]byte{0xa5, 0x3c, 0xee, 0x01}, 2048))

	copies := Copies(path)
	require.Len(t, copies, 2)
	newest := filepath.Join(dir, "backups", "club-2026-12-01.db")
	require.Equal(t, newest, copies[0].Path)
	list := fmt.Sprintf("klob serve keeps a copy of the database a day; here, the newest first: %s (taken %s), %s (taken %s).",
		newest, copies[0].Time.Format("2006-01-02 15:04"), filepath.Join(dir, "backups", "club-2026-11-30.db"), copies[1].Time.Format("2006-01-02 15:04"))
	msg := openRefused(t, path).Error()
	assert.Contains(t, msg, list)
	assert.Contains(t, msg, "The copy it makes before each schema move holds the club as it was then: here "+path+".v3.bak.")
	_, err = CheckFile(ctx, path)
	assert.ErrorContains(t, err, list)

	const from, to = "To put the newest back, stop klob serve, then run (the mv naming only the files there): ", "; then start klob serve"
	i, j := strings.Index(msg, from), strings.Index(msg, to)
	require.True(t, i >= 0 && j > i, msg)
	cmds := strings.Split(msg[i+len(from):j], "; ")
	require.Len(t, cmds, 3, "mkdir, mv, cp")
	aside := filepath.Join(dir, "damaged")
	assert.Equal(t, []string{
		"mkdir " + aside,
		"mv " + path + " " + path + "-wal " + path + "-shm " + aside + "/",
		"cp " + newest + " " + path,
	}, cmds)
	for _, c := range cmds {
		args := strings.Fields(c)
		if args[0] == "mv" {
			// The operator leaves out the files that are not there.
			args = slices.DeleteFunc(args, func(a string) bool {
				_, err := os.Stat(a)
				return a != "mv" && err != nil
			})
		}
		out, err := exec.Command(args[0], args[1:]...).CombinedOutput()
		require.NoError(t, err, "%s: %s", c, out)
	}
	assert.FileExists(t, filepath.Join(aside, FileName))
	db = openAt(t, path, nil)
	assertCounts(t, db, want, "the club as the copy has it")
	assertSound(t, db)
}

// A path the shell would read is quoted.
func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{
		"/srv/klob/club.db":   "/srv/klob/club.db",
		"/srv/my klob/x.db":   "'/srv/my klob/x.db'",
		"/srv/ann's/club.db":  `'/srv/ann'\''s/club.db'`,
		"/srv/$HOME/club.db":  "'/srv/$HOME/club.db'",
		"":                    "''",
		"C:/klob-state_2/a.b": "C:/klob-state_2/a.b",
	} {
		assert.Equal(t, want, shellQuote(in), in)
	}
}

// walCopies makes a database whose write-ahead log holds commits not
// yet in the database (a player, "late"), and copies the two files, as
// a copy of a running server's state directory has them, into n new
// directories; it returns the copies' paths.
func walCopies(t *testing.T, n int) []string {
	t.Helper()
	path := filepath.Join(t.TempDir(), FileName)
	goodFile(t, path)
	db, err := Open(path, Options{})
	require.NoError(t, err)
	defer db.Close()
	require.NoError(t, db.SeePlayer(context.Background(), "late", "Late"))
	fi, err := os.Stat(path + WALSuffix)
	require.NoError(t, err)
	require.Greater(t, fi.Size(), int64(walHeaderSize), "commits in the log")
	var out []string
	for range n {
		p := filepath.Join(t.TempDir(), FileName)
		copyFile(t, path, p)
		copyFile(t, path+WALSuffix, p+WALSuffix)
		out = append(out, p)
	}
	return out
}

// A write-ahead log whose header is overwritten holds commits SQLite
// would drop without a word (it takes such a log for an empty one):
// Open and the check refuse the database, say it is the log and where,
// and leave both files as they are, and no -shm beside them. The same
// log with a sound header opens with its commit.
func TestADamagedLogIsRefused(t *testing.T) {
	copies := walCopies(t, 2)
	sound, path := copies[0], copies[1]
	db, err := Open(sound, Options{})
	require.NoError(t, err)
	_, err = db.Player(context.Background(), "late")
	require.NoError(t, err, "the copy's log holds the player")
	require.NoError(t, db.Close())

	patch(t, path+WALSuffix, 0, []byte("thirty-two bytes of garbage here"))
	before, beforeWAL := fileSum(t, path), fileSum(t, path+WALSuffix)
	for range 2 {
		err := openRefused(t, path)
		var de *DamagedError
		require.ErrorAs(t, err, &de)
		assert.Equal(t, path+WALSuffix, de.WAL)
		assert.Contains(t, err.Error(), "the write-ahead log "+path+"-wal of the club database "+path+" is damaged: its header does not start with SQLite's magic number")
		assert.Contains(t, err.Error(), "Both are left as they are. Put back your latest backup")
		_, err = CheckFile(context.Background(), path)
		require.ErrorAs(t, err, &de)
		assert.Contains(t, err.Error(), "the write-ahead log "+path+"-wal of the club database "+path+" is damaged")
		assert.Equal(t, before, fileSum(t, path), "the database changed")
		assert.Equal(t, beforeWAL, fileSum(t, path+WALSuffix), "the log changed")
		assert.NoFileExists(t, path+"-shm")
	}
}

// Each part of the log's header SQLite checks is checked: the magic
// number, the format version, the page size and the header's checksum;
// a log shorter than its header is damaged too, an empty one is not.
func TestTheLogsHeaderIsChecked(t *testing.T) {
	path := walCopies(t, 1)[0]
	good, err := os.ReadFile(path + WALSuffix)
	require.NoError(t, err)
	require.NoError(t, checkWAL(path))
	var h [walHeaderSize]byte
	copy(h[:], good)
	require.Empty(t, walHeaderProblem(h))
	// resum gives h a sound checksum again after a change.
	resum := func(h [walHeaderSize]byte) [walHeaderSize]byte {
		var order binary.ByteOrder = binary.LittleEndian
		if h[3]&1 == 1 {
			order = binary.BigEndian
		}
		s0, s1 := walChecksum(order, h[:24])
		binary.BigEndian.PutUint32(h[24:], s0)
		binary.BigEndian.PutUint32(h[28:], s1)
		return h
	}
	// The other byte order's magic, with its own checksum, is SQLite's
	// too.
	other := h
	other[3] ^= 1
	assert.Empty(t, walHeaderProblem(resum(other)))
	assert.Contains(t, walHeaderProblem(other), "checksum does not match")
	cases := []struct {
		name string
		off  int
		b    []byte
		says string
	}{
		{"magic", 0, []byte{0x37, 0x7f, 0x06, 0x84}, "does not start with SQLite's magic number (0x377f0684"},
		{"version", 4, []byte{0, 0x2d, 0xe2, 0x19}, "format version 3007001, not SQLite's 3007000"},
		{"page size", 8, []byte{0, 0, 0x03, 0}, "page size of 768 bytes"},
		{"salt", 16, []byte{1, 2, 3, 4}, "checksum does not match"},
		{"checksum", 28, []byte{1, 2, 3, 4}, "checksum does not match"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			bad := h
			copy(bad[c.off:], c.b)
			if c.off < 24 && c.name != "salt" {
				bad = resum(bad)
			}
			assert.Contains(t, walHeaderProblem(bad), c.says)
			data := slices.Clone(good)
			copy(data, bad[:])
			require.NoError(t, os.WriteFile(path+WALSuffix, data, 0o600))
			var de *DamagedError
			require.ErrorAs(t, checkWAL(path), &de)
			assert.Contains(t, de.Reason, c.says)
		})
	}
	require.NoError(t, os.WriteFile(path+WALSuffix, good[:20], 0o600))
	assert.ErrorContains(t, checkWAL(path), "it is 20 bytes long, shorter than SQLite's 32-byte header")
	require.NoError(t, os.WriteFile(path+WALSuffix, nil, 0o600))
	assert.NoError(t, checkWAL(path))
}

// A log cut in the middle of a frame, or with junk after its frames, is
// what a crash leaves: SQLite keeps the valid frames, and Open opens it.
func TestATornLogIsNotRefused(t *testing.T) {
	copies := walCopies(t, 2)
	cut, junk := copies[0], copies[1]
	fi, err := os.Stat(cut + WALSuffix)
	require.NoError(t, err)
	require.NoError(t, os.Truncate(cut+WALSuffix, fi.Size()-100))
	f, err := os.OpenFile(junk+WALSuffix, os.O_WRONLY|os.O_APPEND, 0)
	require.NoError(t, err)
	_, err = f.Write([]byte("a torn frame's bytes, and more of them"))
	require.NoError(t, err)
	require.NoError(t, f.Close())
	for _, path := range copies {
		rep, err := CheckFile(context.Background(), path)
		require.NoError(t, err)
		assert.True(t, rep.OK(), "%v", rep.Problems)
		db, err := Open(path, Options{})
		require.NoError(t, err)
		require.NoError(t, db.Close())
	}
}
