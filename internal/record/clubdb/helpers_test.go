package clubdb

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// openTest opens a new database in a test directory, closed at the
// end of the test.
func openTest(t testing.TB, c *testkit.Clock) (*DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), FileName)
	return openAt(t, path, c), path
}

// openStopped is openTest on a clock stopped at the tests' usual time.
func openStopped(t testing.TB) *DB {
	t.Helper()
	db, _ := openSeen(t)
	return db
}

// openSeen is openTest on a stopped clock, with the players given as
// key, name pairs seen (SeePlayer) at its time.
func openSeen(t testing.TB, people ...string) (*DB, *testkit.Clock) {
	t.Helper()
	c := testkit.StoppedClock()
	db, _ := openTest(t, c)
	for i := 0; i+1 < len(people); i += 2 {
		require.NoError(t, db.SeePlayer(context.Background(), people[i], people[i+1]))
	}
	return db, c
}

func openAt(t testing.TB, path string, c *testkit.Clock) *DB {
	t.Helper()
	o := Options{}
	if c != nil {
		o.Now = c.Now
	}
	db, err := Open(path, o)
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	return db
}

// rawConn opens a writing connection to the SQLite file at path, for a
// test to build or change a database by hand under DB; done closes it.
func rawConn(t testing.TB, path string) (conn *sql.Conn, done func()) {
	t.Helper()
	sdb, err := sql.Open("sqlite", dsn(path, false))
	require.NoError(t, err)
	conn, err = sdb.Conn(context.Background())
	require.NoError(t, err)
	return conn, func() {
		require.NoError(t, conn.Close())
		require.NoError(t, sdb.Close())
	}
}

// assertSound checks db, failing the test on a problem, and returns
// the report.
func assertSound(t testing.TB, db *DB) Report {
	t.Helper()
	rep, err := db.Check(context.Background())
	require.NoError(t, err)
	assert.True(t, rep.OK(), "%v", rep.Problems)
	return rep
}

// assertFileSound is assertSound of the database file at path, read
// by CheckFile.
func assertFileSound(t testing.TB, path string) Report {
	t.Helper()
	rep, err := CheckFile(context.Background(), path)
	require.NoError(t, err, path)
	assert.True(t, rep.OK(), "%s: %v", path, rep.Problems)
	return rep
}

// assertCounts checks the players and games db holds.
func assertCounts(t testing.TB, db *DB, want Counts, msgAndArgs ...any) {
	t.Helper()
	c, err := db.Counts(context.Background())
	require.NoError(t, err)
	assert.Equal(t, want, c, msgAndArgs...)
}

// fakeSum is the checksum of a made-up log named by name.
func fakeSum(name string) string { return SumLog([]byte(name)) }

// rulesFor is the default rules at a seat count.
func rulesFor(seats int) rules.Options {
	o := rules.DefaultOptions()
	if seats > 2 {
		o.Players = seats
	}
	return o
}

// testGame is a finished game at a table of len(keys) seats: a key ""
// is a bot; seat A's side won.
func testGame(name string, keys ...string) Game {
	n := len(keys)
	g := Game{LogSHA256: fakeSum(name), LogPath: "/state/players/x/history/" + name + ".klob", Table: "ABCD",
		Rules: rulesFor(n), Deals: 5, Winner: rules.SideName(n, 0), Started: time.Date(2026, 11, 30, 20, 0, 0, 0, time.UTC)}
	for i, k := range keys {
		s := Seat{Key: k, Name: "Bot " + rules.Seat(i).String(), Level: "normal", Total: 100 * i}
		if k != "" {
			s.Name, s.Level = "name-"+k, gamelog.Human
		}
		g.Seats = append(g.Seats, s)
	}
	return g
}

// plusOne is a rating function: every rated player's mu goes up by one
// from 25 (sigma 8), the winner's by two; it counts its calls.
type plusOne struct {
	mu    sync.Mutex
	calls int
}

func (p *plusOne) rate(before []Rating) ([]Rating, error) {
	p.mu.Lock()
	p.calls++
	p.mu.Unlock()
	var out []Rating
	for _, b := range before {
		a := b
		if !b.Rated {
			a.Mu, a.Sigma = 25, 8
		}
		a.Mu++
		a.Sigma *= 0.99
		out = append(out, a)
	}
	return out, nil
}

// fileSum is the SHA-256 of a file's bytes, and "" when it is missing.
func fileSum(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return ""
	}
	require.NoError(t, err)
	return fmt.Sprintf("%x", sha256.Sum256(b))
}

// dump returns every row of every table, as text, for comparing two
// states of a database.
func dump(t testing.TB, db *DB) map[string][]string {
	t.Helper()
	ctx := context.Background()
	conn, err := db.rdb.Conn(ctx)
	require.NoError(t, err)
	defer conn.Close()
	rows, err := conn.QueryContext(ctx, `SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`)
	require.NoError(t, err)
	var tables []string
	for rows.Next() {
		var n string
		require.NoError(t, rows.Scan(&n))
		tables = append(tables, n)
	}
	require.NoError(t, rows.Close())
	out := map[string][]string{}
	for _, tb := range tables {
		rows, err := conn.QueryContext(ctx, "SELECT * FROM "+tb+" ORDER BY 1, 2")
		require.NoError(t, err)
		cols, err := rows.Columns()
		require.NoError(t, err)
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			require.NoError(t, rows.Scan(ptrs...))
			out[tb] = append(out[tb], fmt.Sprint(vals...))
		}
		require.NoError(t, rows.Close())
	}
	return out
}

// imported reports whether Import has run to its end on db once: the
// meta row it writes last.
func imported(t testing.TB, db *DB) bool {
	t.Helper()
	var n int
	require.NoError(t, db.rdb.QueryRow("SELECT count(*) FROM meta WHERE key = ?", metaImported).Scan(&n))
	return n == 1
}

// goodFile makes a closed database with games and ratings in it.
func goodFile(t *testing.T, path string) {
	t.Helper()
	db, err := Open(path, Options{Now: testkit.StoppedClock().Now})
	require.NoError(t, err)
	ctx := context.Background()
	var p plusOne
	var wg sync.WaitGroup
	for w := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < 300; i += 10 {
				_, err := db.RecordGame(ctx, testGame(fmt.Sprint("g", i), fmt.Sprint("k", i%20), fmt.Sprint("k", (i+1)%20)), p.rate)
				assert.NoError(t, err)
			}
		}()
	}
	wg.Wait()
	require.NoError(t, db.Close())
}

// rawExec runs statements on the file with a plain connection.
func rawExec(t *testing.T, path string, stmts ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	require.NoError(t, err)
	defer db.Close()
	for _, s := range stmts {
		_, err := db.Exec(s)
		require.NoError(t, err, s)
	}
}

// openRefused opens path, which Open must refuse, giving no DB, and
// returns the refusal.
func openRefused(t *testing.T, path string) error {
	t.Helper()
	db, err := Open(path, Options{})
	require.Error(t, err)
	require.Nil(t, db)
	return err
}
