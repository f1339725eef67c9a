package clubdb

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// fixtures[k-1] is data as a klob of schema version k wrote it: SQL
// against that version's tables, kept as it was when the version was
// the last, so the test of every later step moves real old data.
var fixtures = []string{
	`INSERT INTO players VALUES ('k1', 'Ann', 1000, 2000), ('k2', 'Bob', 1500, 2500);
	INSERT INTO games (id, log_sha256, log_path, table_code, seats, rules, started, recorded, deals, winner, practice) VALUES
		(1, '` + fakeSum("one") + `', '/s/players/k1/history/one.klob', 'ABCD', 2, '` + rules.DefaultOptions().String() + `', 1000, 1100, 7, 'A', 0),
		(2, '` + fakeSum("two") + `', '/s/players/k1/history/two.klob', '', 2, '` + rules.DefaultOptions().String() + `', NULL, 1200, 3, '', 1);
	INSERT INTO game_seats VALUES (1, 0, 'k1', 'Ann', 'human', 510), (1, 1, 'k2', 'Bob', 'human', 300),
		(2, 0, 'k1', 'Ann', 'human', 10), (2, 1, NULL, 'Bot', 'normal', 40);
	INSERT INTO meta VALUES ('imported', '2026-01-01T00:00:00Z');`,
	`INSERT INTO ratings VALUES ('k1', 2, 26.5, 7.9, 1, 1), ('k2', 2, 23.5, 7.9, 1, 1);
	INSERT INTO rating_history VALUES (1, 'k1', 2, NULL, NULL, 26.5, 7.9), (1, 'k2', 2, NULL, NULL, 23.5, 7.9);`,
	`UPDATE games SET rematch_of = 1 WHERE id = 2;`,
	`INSERT INTO tournaments VALUES (1, 'TOUR', 'k1', 3, '` + rulesFor(3).String() + `', 'hard', 8, -3, 1000, 9000000000000);
	INSERT INTO tournament_pars VALUES (1, 1, 12.5);
	INSERT INTO tournament_entries VALUES (1, 'k2', 1200);
	INSERT INTO tournament_boards VALUES (1, 'k2', 1, '/s/t/1.klob', 1300, 40, '` + fakeSum("b") + `', 1400);`,
}

// buildAt makes a database of schema version k holding the fixtures of
// versions 1 to k.
func buildAt(t testing.TB, path string, k int) {
	t.Helper()
	ctx := context.Background()
	conn, done := rawConn(t, path)
	defer done()
	_, err := conn.ExecContext(ctx, "PRAGMA journal_mode=WAL")
	require.NoError(t, err)
	if k == 0 {
		return
	}
	_, err = conn.ExecContext(ctx, "BEGIN")
	require.NoError(t, err)
	require.NoError(t, applyMigrations(ctx, conn, migrations, 0, k))
	for _, f := range fixtures[:k] {
		_, err = conn.ExecContext(ctx, f)
		require.NoError(t, err)
	}
	_, err = conn.ExecContext(ctx, "COMMIT")
	require.NoError(t, err)
}

// migrateRaw runs migrate on a plain connection to the file at path,
// from version from through steps, and returns its error.
func migrateRaw(t *testing.T, path string, from int, steps []string) error {
	t.Helper()
	conn, done := rawConn(t, path)
	defer done()
	_, err := migrate(context.Background(), conn, path, from, steps)
	return err
}

// schemaOf lists the schema's objects and their SQL.
func schemaOf(t *testing.T, db *DB) []string {
	t.Helper()
	rows, err := db.rdb.Query(`SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_schema ORDER BY name`)
	require.NoError(t, err)
	defer rows.Close()
	var out []string
	for rows.Next() {
		var a, b, c, d string
		require.NoError(t, rows.Scan(&a, &b, &c, &d))
		out = append(out, strings.Join([]string{a, b, c, d}, " | "))
	}
	return out
}

func TestFixturesCoverEveryVersion(t *testing.T) {
	require.Len(t, fixtures, Version)
}

// A database of every earlier version moves to the last one and keeps
// its data, with a copy of it as it was; the result has the schema of
// a new database, checks clean and takes new writes.
func TestMigrateFromEveryVersion(t *testing.T) {
	fresh := openStopped(t)
	want := schemaOf(t, fresh)
	for k := 0; k < Version; k++ {
		t.Run(fmt.Sprint("from ", k), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), FileName)
			buildAt(t, path, k)
			c := testkit.StoppedClock()
			db := openAt(t, path, c)
			ctx := context.Background()
			assert.Equal(t, k == 0, db.Created())
			assert.Equal(t, want, schemaOf(t, db))
			assert.Equal(t, Version, assertSound(t, db).Version)

			if k >= 1 {
				bak := fmt.Sprintf("%s.v%d.bak", path, k)
				assert.Equal(t, k, assertFileSound(t, bak).Version, "the copy of version %d", k)
				if fi, err := os.Stat(bak); err == nil && runtime.GOOS != "windows" {
					assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "the copy is private")
				}
				checkFixtures(t, db, k)
			} else {
				assertCounts(t, db, Counts{})
			}

			// The database takes every kind of write.
			require.NoError(t, db.SeePlayer(ctx, "k3", "Cat"))
			g := testGame("new", "k1", "k3")
			if k >= 1 && k < 3 {
				g.RematchOf = fakeSum("one")
			}
			_, err := db.RecordGame(ctx, g, new(plusOne).rate)
			require.NoError(t, err)
			_, err = db.CreateTournament(ctx, Tournament{Code: "NEW", Rules: rulesFor(4), Level: "easy", Boards: 4, Ends: c.Now().Add(time.Hour)}, 1)
			require.NoError(t, err)
			assertSound(t, db)
			all := dump(t, db)
			require.NoError(t, db.Close())

			// Open again: nothing to move, no new copy, the same data.
			db = openAt(t, path, c)
			assert.False(t, db.Created())
			assert.Equal(t, all, dump(t, db))
			if k >= 1 {
				_, err := os.Stat(fmt.Sprintf("%s.v%d-2.bak", path, k))
				assert.True(t, os.IsNotExist(err), "a second copy was made")
			}
		})
	}
}

// checkFixtures reads the fixtures of versions 1 to k through the API.
func checkFixtures(t *testing.T, db *DB, k int) {
	t.Helper()
	ctx := context.Background()
	p, err := db.Player(ctx, "k1")
	require.NoError(t, err)
	assert.Equal(t, Player{Key: "k1", Name: "Ann", FirstSeen: time.UnixMilli(1000), LastSeen: time.UnixMilli(2000)}, p)
	g, err := db.Game(ctx, 1)
	require.NoError(t, err)
	assert.Equal(t, Game{ID: 1, LogSHA256: fakeSum("one"), LogPath: "/s/players/k1/history/one.klob", Table: "ABCD",
		Rules: rules.DefaultOptions(), Started: time.UnixMilli(1000), Recorded: time.UnixMilli(1100), Deals: 7, Winner: "A",
		Seats: []Seat{{Key: "k1", Name: "Ann", Level: gamelog.Human, Total: 510}, {Key: "k2", Name: "Bob", Level: gamelog.Human, Total: 300}}}, g)
	g2, err := db.Game(ctx, 2)
	require.NoError(t, err)
	assert.True(t, g2.Practice)
	assert.True(t, g2.Started.IsZero())
	assert.False(t, g2.Finished())
	assert.Equal(t, Seat{Name: "Bot", Level: "normal", Total: 40}, g2.Seats[1])
	assert.True(t, imported(t, db))
	if k >= 2 {
		r, err := db.Rating(ctx, "k1", 2)
		require.NoError(t, err)
		assert.Equal(t, 26.5, r.Mu)
		h, err := db.RatingHistory(ctx, "k2", 2, 10)
		require.NoError(t, err)
		require.NotEmpty(t, h)
		assert.Equal(t, 23.5, h[len(h)-1].After.Mu)
	}
	chain, err := db.RematchChain(ctx, 2)
	require.NoError(t, err)
	if k >= 3 {
		assert.Equal(t, []int64{1, 2}, chain)
	}
	if k >= 4 {
		tt, err := db.Tournament(ctx, "TOUR")
		require.NoError(t, err)
		assert.Equal(t, 3, tt.Rules.NumPlayers())
		seed, err := db.BoardSeed(ctx, "TOUR")
		require.NoError(t, err)
		assert.Equal(t, uint64(1<<64-3), seed)
	}
}

// A step that fails leaves the database as it was: every step of the
// move is one transaction.
func TestAFailedStepChangesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	buildAt(t, path, Version)
	db := openAt(t, path, nil)
	before := dump(t, db)
	require.NoError(t, db.Close())

	steps := append(append([]string(nil), migrations...),
		`CREATE TABLE extra (x INTEGER); INSERT INTO extra VALUES (1); UPDATE players SET name = 'gone'`,
		`INSERT INTO no_such_table VALUES (1)`)
	err := migrateRaw(t, path, Version, steps)
	require.ErrorContains(t, err, fmt.Sprintf("moving from version %d to %d", Version, Version+2))
	require.ErrorContains(t, err, "nothing was changed")

	db = openAt(t, path, nil)
	assert.Equal(t, before, dump(t, db))
	checkFixtures(t, db, Version)
	assert.Equal(t, Version, assertSound(t, db).Version)
	_, err = os.Stat(fmt.Sprintf("%s.v%d.bak", path, Version))
	require.NoError(t, err, "the copy made before the move is kept")
}

// TestAMoveOverBrokenReferencesChangesNothing: an older database whose
// rows refer to a missing row (written by a tool with the foreign keys
// off) is not moved to the new version; the error names the
// references, and the database stays as it was.
func TestAMoveOverBrokenReferencesChangesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	buildAt(t, path, Version-1)
	rawExec(t, path, `INSERT INTO game_seats VALUES (1, 2, 'nobody', 'Cid', 'human', 0)`)
	err := migrateRaw(t, path, Version-1, migrations)
	require.ErrorContains(t, err, fmt.Sprintf("moving from version %d to %d breaks 1 reference (", Version-1, Version))
	require.ErrorContains(t, err, "refers to a missing row of players")
	require.ErrorContains(t, err, "nothing was changed")
	conn, done := rawConn(t, path)
	defer done()
	var v int
	require.NoError(t, conn.QueryRowContext(context.Background(), "PRAGMA user_version").Scan(&v))
	assert.Equal(t, Version-1, v)
}
