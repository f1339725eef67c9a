package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/internal/serve/club"
	"github.com/klob/klob/internal/serve/server"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// testClub opens the club of the state directory as klob serve does;
// it closes at the end of the test, after what is cleaned up later than
// its opening (a hall registered after it closes first).
func testClub(t testing.TB, state string, log io.Writer) *club.Service {
	t.Helper()
	cl, err := club.Open(context.Background(), state, club.Options{Logf: timedLogf(log)})
	require.NoError(t, err)
	t.Cleanup(func() { cl.Close() })
	return cl
}

// newClubDB makes the club database of the state directory, as klob
// serve's first start does, and closes it.
func newClubDB(t *testing.T, state string) {
	t.Helper()
	require.NoError(t, testClub(t, state, io.Discard).Close())
}

// execSQL runs query on the SQLite database at path from outside klob,
// as an operator's sqlite3 would.
func execSQL(t *testing.T, path, query string, args ...any) {
	t.Helper()
	raw, err := sql.Open("sqlite", path)
	require.NoError(t, err)
	_, err = raw.Exec(query, args...)
	require.NoError(t, err)
	require.NoError(t, raw.Close())
}

// legacyGame is a finished game of two keyed people at a table, as a
// klob serve from before the database filed it.
func legacyGame(t *testing.T, seed uint64, a, b *person, keyA, keyB string) []byte {
	t.Helper()
	var h gamelog.Header
	h.SetStart(time.Date(2026, 11, 20, 20, 0, 0, 0, time.UTC).Add(time.Duration(seed) * time.Hour))
	h.SetPlayer(rules.SeatA, a.name, gamelog.Human)
	h.SetPlayer(rules.SeatB, b.name, gamelog.Human)
	h.Extra = []gamelog.Tag{{Name: "Table", Value: "OLDT"}, {Name: "KeyA", Value: keyA}, {Name: "KeyB", Value: keyB}}
	o := rules.DefaultOptions()
	o.Target = 150
	l, err := testkit.Play(testkit.Config{Seed: seed, Options: o, Header: h})
	require.NoError(t, err)
	data, err := l.MarshalText()
	require.NoError(t, err)
	return data
}

// TestServeImportsTheStateDirectory: a state directory kept before the
// database (games filed in the players' histories, a name chosen, a
// game against bots) is imported when klob serve starts, and nothing is
// lost: every game is in the database, the games between the two
// people rate them (checked against the logs), the chosen name is the
// player's; the lobby over SSH shows the ratings and the leaderboard;
// a second start adds nothing.
func TestServeImportsTheStateDirectory(t *testing.T) {
	state := t.TempDir()
	ann, bob := newPerson(t, "ann"), newPerson(t, "bob")
	keyAnn, keyBob := server.KeyID(ann.key.PublicKey()), server.KeyID(bob.key.PublicKey())
	hist := func(key string) string {
		d := filepath.Join(state, "players", key, "history")
		require.NoError(t, os.MkdirAll(d, 0o700))
		return d
	}
	sums := map[string]bool{}
	const games = 6
	for i := range games {
		a, b, ka, kb := ann, bob, keyAnn, keyBob
		if i%2 == 1 {
			a, b, ka, kb = bob, ann, keyBob, keyAnn
		}
		data := legacyGame(t, uint64(i+1), a, b, ka, kb)
		sums[clubdb.SumLog(data)] = true
		for _, k := range []string{keyAnn, keyBob} {
			require.NoError(t, os.WriteFile(filepath.Join(hist(k), fmt.Sprintf("2026-11-2%d-2000-vs-x.klob", i)), data, 0o600))
		}
	}
	// Ann's game against a bot, and the name she chose.
	l, _ := testkit.ReadReplay(t, "01-bottom-card-off.klob")
	l.Header.SetPlayer(rules.SeatA, "ann", gamelog.Human)
	solo, err := l.MarshalText()
	require.NoError(t, err)
	sums[clubdb.SumLog(solo)] = true
	require.NoError(t, os.WriteFile(filepath.Join(hist(keyAnn), "2026-11-01-1000-vs-Bot-normal-won.klob"), solo, 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(state, "players", keyAnn, "name"), []byte("Annie"), 0o600))

	r := startServe(t, state, time.Minute)
	ctx := context.Background()
	db := r.club.DB()
	c, err := db.Counts(ctx)
	require.NoError(t, err)
	assert.Equal(t, clubdb.Counts{Players: 2, Games: games + 1}, c)
	for sum := range sums {
		_, err := db.GameBySum(ctx, sum)
		assert.NoError(t, err, "game %s", sum)
	}
	p, err := db.Player(ctx, keyAnn)
	require.NoError(t, err)
	assert.Equal(t, "Annie", p.Name)
	for _, k := range []string{keyAnn, keyBob} {
		rt, err := db.Rating(ctx, k, 2)
		require.NoError(t, err)
		assert.Equal(t, games, rt.Games, "every game between them rated once")
	}
	problems, err := r.club.Verify(ctx, func(g clubdb.Game) ([]byte, error) { return os.ReadFile(g.LogPath) })
	require.NoError(t, err)
	require.Empty(t, problems)

	// Over SSH: Ann's lobby shows her rating; l, the leaderboard.
	card, err := r.club.Card(ctx, keyAnn)
	require.NoError(t, err)
	r.connect(t, ann)
	ann.c.WaitText(t, patience, "Welcome, Annie")
	ann.c.WaitFor(t, patience, "Ann's rating", func(s string) bool {
		return strings.Contains(strings.Join(strings.Fields(s), " "), "2 players "+card[0].Shown.String())
	})
	ann.typ(t, "l")
	ann.c.WaitText(t, patience, "head to head")
	scr := ann.c.WaitText(t, patience, "(you)")
	assert.Contains(t, scr, "bob")
	assert.Contains(t, scr, "Annie")

	// A second start imports nothing new, rates nothing again.
	_ = r.srv.Close()
	ann.c.Wait(patience)
	r.hall.Close()
	require.NoError(t, r.club.Close())
	r2 := startServe(t, state, time.Minute)
	c2, err := r2.club.DB().Counts(ctx)
	require.NoError(t, err)
	assert.Equal(t, c, c2)
	for _, k := range []string{keyAnn, keyBob} {
		rt, err := r2.club.DB().Rating(ctx, k, 2)
		require.NoError(t, err)
		assert.Equal(t, games, rt.Games)
	}
}

// TestServeDBCheck: klob serve -db-check reports on the club database
// and exits 0 when it is sound, 1 when it is not or cannot be checked.
func TestServeDBCheck(t *testing.T) {
	state := t.TempDir()
	run := func() (int, string, string) { return runWith(runServe, "-state", state, "-db-check") }
	code, _, errs := run()
	assert.Equal(t, 1, code)
	assert.Contains(t, unwrapped(errs), "no club database at "+club.Path(state))

	cl := testClub(t, state, io.Discard)
	code, out, errs := run()
	assert.Equal(t, 0, code, errs)
	assert.Contains(t, out, club.Path(state)+": ok (schema version")
	require.NoError(t, cl.Close())

	// A rating that is not its history's last step is a problem.
	execSQL(t, club.Path(state), `INSERT INTO players VALUES ('k', 'Kim', 0, 0);
		INSERT INTO games (log_sha256, log_path, seats, rules, recorded, deals, winner) VALUES (?, '/x', 2, '', 0, 1, 'A');
		INSERT INTO ratings VALUES ('k', 2, 30, 5, 3, 1)`, strings.Repeat("a", 64))
	code, out, _ = run()
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "rating of k at 2 players: 3 games counted, 0 in its history")
	assert.True(t, strings.HasSuffix(out, club.Path(state)+": 1 problem\n"), "the last line: %q", out)
}

// TestServeDBCheckRelativeState: -db-check finds the database of a
// relative -state, as klob serve itself does, and names it as given.
func TestServeDBCheckRelativeState(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, state := range []string{"state3", "my state ?#%"} {
		newClubDB(t, state)
		code, out, errs := runWith(runServe, "-db-check", "-state", state)
		assert.Equal(t, 0, code, errs)
		assert.Contains(t, out, filepath.Join(state, "club.db")+": ok (schema version")
	}
}

// TestServeRefusesItsDatabase: a damaged club database, or one a newer
// klob wrote, stops klob serve at its start with clubdb's message, and
// the file is left byte for byte as it was.
func TestServeRefusesItsDatabase(t *testing.T) {
	for _, tc := range []struct {
		name string
		make func(t *testing.T, path string)
		want string
	}{
		{"damaged", func(t *testing.T, path string) {
			require.NoError(t, os.WriteFile(path, append([]byte("SQLite format 3\x00"), bytes.Repeat([]byte{0xee}, 8192)...), 0o600))
		}, "is damaged"},
		{"newer", func(t *testing.T, path string) {
			newClubDB(t, filepath.Dir(path))
			execSQL(t, path, `PRAGMA user_version = 99`)
		}, "has schema version 99"},
		// As QA found it: a byte of a player's key flipped in the
		// table and not in its index, which only SQLite's full check
		// sees.
		{"index", func(t *testing.T, path string) {
			newClubDB(t, filepath.Dir(path))
			const row = "SHA256:qa-index-key" + "Quinn"
			execSQL(t, path, `INSERT INTO players VALUES ('SHA256:qa-index-key', 'Quinn', 1, 1)`)
			b, err := os.ReadFile(path)
			require.NoError(t, err)
			require.Equal(t, 1, bytes.Count(b, []byte(row)), "the row's bytes are in one place")
			b[bytes.Index(b, []byte(row))+5] ^= 0x01
			require.NoError(t, os.WriteFile(path, b, 0o600))
		}, "missing from index sqlite_autoindex_players_1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			state := t.TempDir()
			path := club.Path(state)
			tc.make(t, path)
			before, err := os.ReadFile(path)
			require.NoError(t, err)
			code, errb := refusedServe(t, "-addr", "127.0.0.1:0", "-state", state)
			assert.Equal(t, 1, code)
			assert.Contains(t, unwrapped(errb), tc.want)
			assert.Contains(t, unwrapped(errb), "left as it is")
			after, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, before, after, "the file is not touched")
			if fi, err := os.Stat(path + "-wal"); err == nil {
				assert.Zero(t, fi.Size(), "a log is left to fold into the refused file")
			}
		})
	}
}

// TestServeBadAddressLeavesNothing: a server that cannot listen stops
// before it makes its state directory, database or host key.
func TestServeBadAddressLeavesNothing(t *testing.T) {
	state := filepath.Join(t.TempDir(), "state")
	code, out, errs := runWith(runServe, "-addr", "127.0.0.1:99999", "-state", state)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "99999")
	assert.NotContains(t, out, "listening")
	_, err := os.Stat(state)
	assert.True(t, os.IsNotExist(err), "the state directory was made: %v", err)
}

// TestServeSeesPlayers: a key the club has never met (no game, no
// tournament) is not written as it connects, since keys cost nothing;
// a person the club has met is, with the name they come under, and
// again as they rename themselves; a guest writes nothing.
func TestServeSeesPlayers(t *testing.T) {
	r := startServe(t, t.TempDir(), time.Minute)
	ctx := context.Background()
	ann := newPerson(t, "ann")
	r.connect(t, ann)
	ann.c.WaitText(t, patience, "Welcome, ann")
	key := server.KeyID(ann.key.PublicKey())
	_, err := r.club.DB().Player(ctx, key)
	require.ErrorIs(t, err, clubdb.ErrNotFound, "a key never met is written")

	// Bob is known to the club (a tournament entered, say) as robert.
	bob := newPerson(t, "bob")
	bobKey := server.KeyID(bob.key.PublicKey())
	require.NoError(t, r.club.DB().SeePlayer(ctx, bobKey, "robert"))
	r.connect(t, bob)
	bob.c.WaitText(t, patience, "Welcome, bob")
	require.Eventually(t, func() bool {
		p, err := r.club.DB().Player(ctx, bobKey)
		return err == nil && p.Name == "bob"
	}, patience, 5*time.Millisecond)
	bob.rename(t, 3, "Bobby")
	bob.c.WaitText(t, patience, "You are Bobby now.")
	require.Eventually(t, func() bool {
		p, err := r.club.DB().Player(ctx, bobKey)
		return err == nil && p.Name == "Bobby"
	}, patience, 5*time.Millisecond)

	zoe := &person{name: "zoe", w: 100, h: 30}
	r.connect(t, zoe)
	zoe.c.WaitText(t, patience, "Guests are not rated")
	n, err := r.club.DB().Counts(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, n.Players, "only Bob is written")
}

// TestGamesAloneAreRecorded: a game against bots, filed in the
// player's history on a server with a club, is recorded for the player
// (and rates nobody).
func TestGamesAloneAreRecorded(t *testing.T) {
	state := t.TempDir()
	cl := testClub(t, state, io.Discard)
	const key = "0123456789abcdef0123456789abcdef"
	files := clubFiles{playerFiles: playerFiles{playerStore(state, key)}, club: cl, key: key, logf: t.Logf}
	l, _ := testkit.ReadReplay(t, "01-bottom-card-off.klob")
	l.Header.SetPlayer(rules.SeatA, "ann", gamelog.Human)
	path, err := files.Archive(l)
	require.NoError(t, err)
	assert.False(t, filepath.IsAbs(path), "the player reads a path inside their directory: %s", path)
	games, err := cl.DB().GamesOf(context.Background(), key, 0, 10)
	require.NoError(t, err)
	require.Len(t, games, 1)
	assert.Equal(t, filepath.Join(playerStore(state, key).Dir(), path), games[0].LogPath)
	rt, err := cl.DB().Ratings(context.Background(), key)
	require.NoError(t, err)
	assert.Empty(t, rt)
}

// TestDamagedSaveIsLogged: a keyed player's saved game that no longer
// reads is moved aside, the player reads why in their own words (no
// server path), and the server's log says whose it was and where it is.
func TestDamagedSaveIsLogged(t *testing.T) {
	state := t.TempDir()
	cl := testClub(t, state, io.Discard)
	const key = "0123456789abcdef0123456789abcdef"
	var logged []string
	files := clubFiles{playerFiles: playerFiles{playerStore(state, key)}, club: cl, key: key,
		logf: func(f string, a ...any) { logged = append(logged, fmt.Sprintf(f, a...)) }}
	dir := playerStore(state, key).Dir()
	require.NoError(t, os.MkdirAll(dir, 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "current.klob"), []byte("[Event \"klob\"]\nnot a game\n"), 0o600))
	_, err := files.LoadCurrent()
	var d *store.DamagedError
	require.ErrorAs(t, err, &d)
	assert.NotContains(t, err.Error(), state, "the player reads no server path")
	require.Len(t, logged, 1)
	assert.Contains(t, logged[0], "player "+key)
	assert.Contains(t, logged[0], filepath.Join(dir, "damaged"), "the log says where the copy is")
}

// refusedServe runs klob serve with args, which should refuse to start,
// and returns its exit code and its stderr. A server that starts anyway
// (its "listening" line) fails the test at once instead of serving until
// the test binary's timeout; it is left running, as nothing can stop it.
func refusedServe(t *testing.T, args ...string) (int, string) {
	t.Helper()
	out := &watchWriter{seen: make(chan struct{}), want: "listening"}
	var errb bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- runServe(args, out, &errb) }()
	select {
	case code := <-done:
		return code, errb.String()
	case <-out.seen:
		t.Fatalf("klob serve %v started on what it should refuse", args)
		return 0, ""
	}
}

// watchWriter closes seen once a write holds want.
type watchWriter struct {
	mu   sync.Mutex
	want string
	seen chan struct{}
	buf  bytes.Buffer
}

func (w *watchWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	was := strings.Contains(w.buf.String(), w.want)
	w.buf.Write(p)
	if !was && strings.Contains(w.buf.String(), w.want) {
		close(w.seen)
	}
	return len(p), nil
}

// TestServeKeepsMembersNames: a member's name, the member away, is
// nobody else's: another key coming in under it (its ssh user name) is
// named otherwise and told why and how to rename, and a rename to it is
// refused; the member comes in under it as ever.
func TestServeKeepsMembersNames(t *testing.T) {
	r := startServe(t, t.TempDir(), time.Minute)
	ctx := context.Background()
	ann := newPerson(t, "ann")
	annKey := server.KeyID(ann.key.PublicKey())
	// Known to the club (a tournament entered, say): the running
	// server learns it from the database.
	require.NoError(t, r.club.DB().SeePlayer(ctx, annKey, "Ann"))

	eve := newPerson(t, "ann")
	eveKey := server.KeyID(eve.key.PublicKey())
	r.connect(t, eve)
	other := "ann-" + eveKey[:4]
	eve.c.WaitText(t, patience, "Welcome, "+other)
	eve.c.WaitText(t, patience, "ann is the name of another member of this club: you are "+other+" here. Press r to choose your name.")
	eve.rename(t, len(other), "ANN")
	eve.c.WaitText(t, patience, `"ANN" looks like "Ann", the name of another member of this club: choose another`)
	eve.rename(t, len(other), "Eve")
	eve.c.WaitText(t, patience, "You are Eve now.")

	r.connect(t, ann)
	ann.c.WaitText(t, patience, "Welcome, ann · your SSH key")
}

// TestOtherName: the name of one whose name is a member's is theirs
// with the start of their key's tag, fit to be a name and nobody's.
func TestOtherName(t *testing.T) {
	h, err := hall.New(hall.Config{})
	require.NoError(t, err)
	const key = "1a2b3c4d5e6f1a2b3c4d5e6f1a2b3c4d"
	assert.Equal(t, "ann-1a2b", otherName(h, key, "ann"))
	assert.Equal(t, "abcdefghijklmnopqrs-1a2b", otherName(h, key, "abcdefghijklmnopqrstuvwx"), "cut to fit")
	assert.Equal(t, "player-1a2b", otherName(h, key, "cafe"), `"cafe-1a2b" reads as a tag`)
	h.Member("other", "ann-1a2b")
	assert.Equal(t, "player-1a2b", otherName(h, key, "ann"))
	assert.Equal(t, "guest", otherName(h, "", "ann"))
}

// TestServeRefusesADamagedLog: a state directory copied while its
// server ran has commits in club.db-wal; with the log's header
// overwritten, SQLite would take the log for empty and drop them.
// -db-check and the server refuse it, name the log, and leave both
// files as they were, with no -shm beside them.
func TestServeRefusesADamagedLog(t *testing.T) {
	live, state := t.TempDir(), t.TempDir()
	db, err := clubdb.Open(club.Path(live), clubdb.Options{})
	require.NoError(t, err)
	require.NoError(t, db.SeePlayer(context.Background(), "SHA256:late", "Late"))
	for _, s := range []string{"", clubdb.WALSuffix} {
		b, err := os.ReadFile(club.Path(live) + s)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(club.Path(state)+s, b, 0o600))
	}
	require.NoError(t, db.Close())
	path := club.Path(state)
	f, err := os.OpenFile(path+clubdb.WALSuffix, os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteAt(bytes.Repeat([]byte{0x5a}, 32), 0)
	require.NoError(t, err)
	require.NoError(t, f.Close())
	sums := func() [2]string {
		var out [2]string
		for i, s := range []string{"", clubdb.WALSuffix} {
			b, err := os.ReadFile(path + s)
			require.NoError(t, err)
			out[i] = string(b)
		}
		return out
	}
	before := sums()
	want := "the write-ahead log " + path + "-wal of the club database " + path + " is damaged"

	code, out, errs := runWith(runServe, "-state", state, "-db-check")
	assert.Equal(t, 1, code)
	assert.NotContains(t, out, ": ok")
	assert.Contains(t, unwrapped(errs), want)
	code, errb := refusedServe(t, "-addr", "127.0.0.1:0", "-state", state)
	assert.Equal(t, 1, code)
	assert.Contains(t, unwrapped(errb), want)
	assert.Contains(t, unwrapped(errb), "Both are left as they are. Put back your latest backup")
	assert.Equal(t, before, sums(), "the files are not touched")
	assert.NoFileExists(t, path+"-shm")
}

// TestServeDBCheckNamesALogWithoutItsDatabase: -db-check of a state
// directory whose club.db was moved without its log says so, as the
// server does.
func TestServeDBCheckNamesALogWithoutItsDatabase(t *testing.T) {
	state := t.TempDir()
	require.NoError(t, os.WriteFile(club.Path(state)+clubdb.WALSuffix, []byte("frames"), 0o600))
	code, _, errs := runWith(runServe, "-state", state, "-db-check")
	assert.Equal(t, 1, code)
	assert.Contains(t, unwrapped(errs), "the club database "+club.Path(state)+" is missing, and the write-ahead log of the database that was there ("+club.Path(state)+"-wal, 6 bytes) is left: it was moved without it.")
}
