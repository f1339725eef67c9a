package clubdb

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

func TestVersionCountsTheSteps(t *testing.T) {
	require.Equal(t, len(migrations), Version)
}

// A new database is in WAL mode, marked as Klob's, at the current
// version, and checks clean.
func TestOpenMakesANewDatabase(t *testing.T) {
	db, path := openTest(t, testkit.StoppedClock())
	require.True(t, db.Created())
	ctx := context.Background()
	var mode string
	var app, version int
	require.NoError(t, db.rs.player.QueryRowContext(ctx, "x").Err())
	require.NoError(t, db.rdb.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode))
	require.NoError(t, db.rdb.QueryRowContext(ctx, "PRAGMA application_id").Scan(&app))
	require.NoError(t, db.rdb.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version))
	assert.Equal(t, "wal", mode)
	assert.Equal(t, applicationID, app)
	assert.Equal(t, Version, version)
	assertSound(t, db)
	require.NoError(t, db.Close())

	again := openAt(t, path, nil)
	assert.False(t, again.Created())
}

// A start killed while it made the database leaves at most the file it
// was making (club.db.new, half written or empty) and never an empty
// club.db, which would be refused: the next start makes the database
// anew, whole, and the half-made file is gone.
func TestOpenAfterAStartKilledWhileMakingIt(t *testing.T) {
	for _, left := range []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"half written", []byte(sqliteMagic + strings.Repeat("\x00", 100))},
	} {
		t.Run(left.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), FileName)
			require.NoError(t, os.WriteFile(path+newSuffix, left.data, 0o600))
			require.NoError(t, os.WriteFile(path+newSuffix+"-journal", []byte("a journal"), 0o600))
			db := openAt(t, path, nil)
			assert.True(t, db.Created())
			assertSound(t, db)
			require.NoError(t, db.SeePlayer(context.Background(), "k1", "Ann"))
			for _, p := range []string{path + newSuffix, path + newSuffix + "-journal"} {
				_, err := os.Stat(p)
				assert.ErrorIs(t, err, fs.ErrNotExist, p)
			}
		})
	}
}

// A new database, its log and its shared memory are readable by their
// owner only, whatever the umask and the directory's mode.
func TestOpenMakesAPrivateDatabase(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no mode bits")
	}
	db, path := openTest(t, testkit.StoppedClock())
	require.NoError(t, db.SeePlayer(context.Background(), "k1", "Ann"))
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		fi, err := os.Stat(p)
		if p != path && errors.Is(err, fs.ErrNotExist) {
			continue
		}
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), p)
	}
}

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

// The read connections cannot write.
func TestReadersAreReadOnly(t *testing.T) {
	db := openStopped(t)
	_, err := db.rdb.Exec(`INSERT INTO players (key, name, first_seen, last_seen) VALUES ('k', 'n', 0, 0)`)
	require.Error(t, err)
	require.Contains(t, err.Error(), "readonly")
}

func TestSeePlayerKeepsTheChosenName(t *testing.T) {
	db, c := openSeen(t, "k1", "Ann")
	ctx := context.Background()
	first := c.Now()
	c.Add(time.Hour)
	require.NoError(t, db.SeePlayer(ctx, "k1", "Annie"))
	p, err := db.Player(ctx, "k1")
	require.NoError(t, err)
	assert.Equal(t, Player{Key: "k1", Name: "Annie", FirstSeen: first.Local(), LastSeen: c.Now().Local()}, p)

	// A game names nobody: the chosen name stays.
	g := testGame("g1", "k1", "k2")
	_, err = db.RecordGame(ctx, g, nil)
	require.NoError(t, err)
	p, err = db.Player(ctx, "k1")
	require.NoError(t, err)
	assert.Equal(t, "Annie", p.Name)
	p, err = db.Player(ctx, "k2")
	require.NoError(t, err)
	assert.Equal(t, "name-k2", p.Name, "a player first met in a game has the seat's name")

	_, err = db.Player(ctx, "nobody")
	require.ErrorIs(t, err, ErrNotFound)
	require.ErrorContains(t, db.SeePlayer(ctx, "", "x"), "needs a key")
	require.ErrorContains(t, db.SeePlayer(ctx, strings.Repeat("k", MaxKey+1), "x"), "longer than")
	require.ErrorContains(t, db.SeePlayer(ctx, "k1", strings.Repeat("n", MaxName+1)), "longer than")
}

// A game is recorded once and rated once, at every seat count; reading
// it back gives what was recorded.
func TestRecordGameOnceAtEverySeatCount(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		db := openStopped(t)
		ctx := context.Background()
		keys := []string{"ka", "", "kc", "kd"}[:n]
		if n == 2 {
			keys = []string{"ka", "kb"}
		}
		g := testGame("game", keys...)
		var p plusOne
		rec, err := db.RecordGame(ctx, g, p.rate)
		require.NoError(t, err)
		require.True(t, rec.New)
		require.Equal(t, 1, p.calls)
		var rated []string
		for _, k := range keys {
			if k != "" {
				rated = append(rated, k)
			}
		}
		require.Len(t, rec.Changes, len(rated))
		for i, c := range rec.Changes {
			assert.Equal(t, rated[i], c.After.Key)
			assert.False(t, c.Before.Rated)
			assert.Equal(t, 26.0, c.After.Mu)
			assert.Equal(t, n, c.After.Seats)
			assert.Equal(t, 1, c.After.Games)
		}

		again, err := db.RecordGame(ctx, g, p.rate)
		require.NoError(t, err)
		assert.Equal(t, Recorded{ID: rec.ID}, again, "the second time records nothing")
		assert.Equal(t, 1, p.calls, "a rated game is not rated again")

		got, err := db.Game(ctx, rec.ID)
		require.NoError(t, err)
		want := g
		want.ID = rec.ID
		want.Recorded = got.Recorded
		want.Started = g.Started.Local()
		assert.Equal(t, want, got)
		bySum, err := db.GameBySum(ctx, g.LogSHA256)
		require.NoError(t, err)
		assert.Equal(t, got, bySum)

		for _, k := range rated {
			r, err := db.Rating(ctx, k, n)
			require.NoError(t, err)
			assert.Equal(t, Rating{Key: k, Seats: n, Mu: 26, Sigma: 8 * 0.99, Games: 1, Rated: true}, r)
			games, err := db.GamesOf(ctx, k, 0, 10)
			require.NoError(t, err)
			require.Len(t, games, 1)
			assert.Equal(t, got, games[0])
		}
		assertSound(t, db)
	})
}

// Many goroutines record the same games at once, each with its rating
// function: every game is rated exactly once, so each player's mu is
// 25 plus the number of games they played.
func TestConcurrentRecordsRateEachGameOnce(t *testing.T) {
	db := openStopped(t)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	players := []string{"p0", "p1", "p2", "p3", "p4", "p5"}
	var games []Game
	played := map[string]int{}
	for i := range 60 {
		n := 2 + rng.IntN(3)
		perm := rng.Perm(len(players))[:n]
		keys := make([]string, n)
		for j, p := range perm {
			keys[j] = players[p]
			played[players[p]+fmt.Sprint(n)]++
		}
		games = append(games, testGame(fmt.Sprint("g", i), keys...))
	}
	var p plusOne
	var wg sync.WaitGroup
	errs := make(chan error, 8*len(games))
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			order := rand.New(rand.NewPCG(uint64(w), 9)).Perm(len(games))
			for _, i := range order {
				if _, err := db.RecordGame(ctx, games[i], p.rate); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	assert.Equal(t, len(games), p.calls)
	for _, k := range players {
		for n := 2; n <= 4; n++ {
			r, err := db.Rating(ctx, k, n)
			require.NoError(t, err)
			want := played[k+fmt.Sprint(n)]
			assert.Equal(t, want, r.Games, "%s at %d", k, n)
			if want > 0 {
				assert.InDelta(t, 25+float64(want), r.Mu, 1e-9)
				hist, err := db.RatingHistory(ctx, k, n, 1000)
				require.NoError(t, err)
				require.Len(t, hist, want)
				assert.Equal(t, r.Mu, hist[0].After.Mu)
				assert.Equal(t, want, hist[0].After.Games)
				assert.False(t, hist[len(hist)-1].Before.Rated)
				for i := 0; i+1 < len(hist); i++ {
					assert.Equal(t, hist[i+1].After.Mu, hist[i].Before.Mu, "the history is a chain")
				}
			}
		}
	}
	assertCounts(t, db, Counts{Players: len(players), Games: len(games)})
	assertSound(t, db)
}

// A rating function that fails, or returns what cannot be kept, leaves
// nothing behind: neither the game nor any rating.
func TestBadRatingRecordsNothing(t *testing.T) {
	db := openStopped(t)
	ctx := context.Background()
	g := testGame("g", "ka", "kb")
	for name, rate := range map[string]RateFunc{
		"error":      func([]Rating) ([]Rating, error) { return nil, errors.New("no") },
		"panic":      func([]Rating) ([]Rating, error) { panic("boom") },
		"stranger":   func([]Rating) ([]Rating, error) { return []Rating{{Key: "kz", Mu: 1}}, nil },
		"twice":      func([]Rating) ([]Rating, error) { return []Rating{{Key: "ka", Mu: 1}, {Key: "ka", Mu: 2}}, nil },
		"nan":        func([]Rating) ([]Rating, error) { return []Rating{{Key: "ka", Mu: math.NaN()}}, nil },
		"neg. sigma": func([]Rating) ([]Rating, error) { return []Rating{{Key: "ka", Mu: 1, Sigma: -1}}, nil },
	} {
		_, err := db.RecordGame(ctx, g, rate)
		require.Error(t, err, name)
		_, err = db.GameBySum(ctx, g.LogSHA256)
		require.ErrorIs(t, err, ErrNotFound, name)
	}
	assertCounts(t, db, Counts{})
	// The writer goes on.
	_, err := db.RecordGame(ctx, g, new(plusOne).rate)
	require.NoError(t, err)
}

// Requests that fail do not take down those committed with them.
func TestAFailingWriteFailsAlone(t *testing.T) {
	db := openStopped(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	results := make([]error, 200)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := testGame(fmt.Sprint("g", i), fmt.Sprint("k", i), "")
			if i%7 == 0 {
				g.RematchOf = fakeSum("not recorded")
			}
			_, results[i] = db.RecordGame(ctx, g, nil)
		}()
	}
	wg.Wait()
	ok := 0
	for i, err := range results {
		if i%7 == 0 {
			require.Error(t, err)
			require.Contains(t, err.Error(), "does not have")
			continue
		}
		require.NoError(t, err)
		ok++
	}
	assertCounts(t, db, Counts{Players: ok, Games: ok})
}

func TestGameChecks(t *testing.T) {
	db := openStopped(t)
	ctx := context.Background()
	for name, edit := range map[string]func(*Game){
		"no sum":      func(g *Game) { g.LogSHA256 = "abc" },
		"not hex":     func(g *Game) { g.LogSHA256 = fmt.Sprintf("%064d", 0)[:63] + "z" },
		"no path":     func(g *Game) { g.LogPath = "" },
		"seats":       func(g *Game) { g.Seats = g.Seats[:1] },
		"same key":    func(g *Game) { g.Seats[1].Key = g.Seats[0].Key },
		"no level":    func(g *Game) { g.Seats[0].Level = "" },
		"not a side":  func(g *Game) { g.Winner = "C" },
		"rules seats": func(g *Game) { g.Rules = rulesFor(3) },
		"long key":    func(g *Game) { g.Seats[0].Key = strings.Repeat("k", MaxKey+1) },
	} {
		g := testGame("g", "ka", "kb")
		edit(&g)
		_, err := db.RecordGame(ctx, g, nil)
		require.Error(t, err, name)
	}
}

func TestRematchChain(t *testing.T) {
	db := openStopped(t)
	ctx := context.Background()
	var ids []int64
	prev := ""
	for i := range 4 {
		g := testGame(fmt.Sprint("r", i), "ka", "kb")
		g.RematchOf = prev
		rec, err := db.RecordGame(ctx, g, nil)
		require.NoError(t, err)
		ids = append(ids, rec.ID)
		prev = g.LogSHA256
	}
	other, err := db.RecordGame(ctx, testGame("other", "ka", "kb"), nil)
	require.NoError(t, err)
	for _, id := range ids {
		chain, err := db.RematchChain(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, ids, chain)
	}
	chain, err := db.RematchChain(ctx, other.ID)
	require.NoError(t, err)
	assert.Equal(t, []int64{other.ID}, chain)
	g, err := db.Game(ctx, ids[2])
	require.NoError(t, err)
	assert.Equal(t, fakeSum("r1"), g.RematchOf)

	// A game has one rematch: a second game naming r0 is refused.
	fork := testGame("fork", "ka", "kb")
	fork.RematchOf = fakeSum("r0")
	_, err = db.RecordGame(ctx, fork, nil)
	require.Error(t, err)
	_, err = db.RematchChain(ctx, 999)
	require.ErrorIs(t, err, ErrNotFound)
}

func TestLeaderboard(t *testing.T) {
	db := openStopped(t)
	ctx := context.Background()
	// Ratings straight from the function: a has mu 30 sigma 1, b mu 35
	// sigma 5, c mu 20 sigma 0.5, d one game only.
	fixed := map[string][2]float64{"a": {30, 1}, "b": {35, 5}, "c": {20, 0.5}, "d": {50, 1}}
	rate := func(before []Rating) ([]Rating, error) {
		var out []Rating
		for _, b := range before {
			v := fixed[b.Key]
			out = append(out, Rating{Key: b.Key, Mu: v[0], Sigma: v[1]})
		}
		return out, nil
	}
	for i := range 3 {
		_, err := db.RecordGame(ctx, testGame(fmt.Sprint("x", i), "a", "b", "c"), rate)
		require.NoError(t, err)
	}
	_, err := db.RecordGame(ctx, testGame("y", "d", ""), rate)
	require.NoError(t, err)
	board, err := db.Leaderboard(ctx, LeaderboardQuery{Seats: 3, MinGames: 3, Z: 3, Limit: 10})
	require.NoError(t, err)
	var names []string
	for _, s := range board {
		names = append(names, fmt.Sprintf("%d %s %s %d", s.Rank, s.Key, s.Name, s.Games))
	}
	// By mu - 3 sigma: a 27, b 20, c 18.5.
	assert.Equal(t, []string{"1 a name-a 3", "2 b name-b 3", "3 c name-c 3"}, names)
	board, err = db.Leaderboard(ctx, LeaderboardQuery{Seats: 3, MinGames: 3, Z: 0, Limit: 2})
	require.NoError(t, err)
	require.Len(t, board, 2)
	assert.Equal(t, "b", board[0].Key)
	board, err = db.Leaderboard(ctx, LeaderboardQuery{Seats: 2, MinGames: 1, Limit: 10})
	require.NoError(t, err)
	require.Len(t, board, 1)
	assert.Equal(t, "d", board[0].Key)
	rs, err := db.Ratings(ctx, "a")
	require.NoError(t, err)
	assert.Equal(t, []Rating{{Key: "a", Seats: 3, Mu: 30, Sigma: 1, Games: 3, Rated: true}}, rs)
}

// An unfinished game (filed when abandoned) is kept, never rated.
func TestUnfinishedGamesAreNotRated(t *testing.T) {
	db := openStopped(t)
	ctx := context.Background()
	g := testGame("u", "ka", "kb")
	g.Winner = ""
	var p plusOne
	rec, err := db.RecordGame(ctx, g, p.rate)
	require.NoError(t, err)
	assert.True(t, rec.New)
	assert.Zero(t, p.calls)
}

// A game known from one copy of its log moves to another copy only
// when the first is gone.
func TestRecordGameMovesAGoneLog(t *testing.T) {
	db := openStopped(t)
	ctx := context.Background()
	dir := t.TempDir()
	g := testGame("m", "ka", "kb")
	g.LogPath = dir + "/tables/ABCD/current.klob"
	rec, err := db.RecordGame(ctx, g, nil)
	require.NoError(t, err)
	g.LogPath = dir + "/players/ka/history/m.klob"
	_, err = db.RecordGame(ctx, g, nil)
	require.NoError(t, err)
	got, err := db.Game(ctx, rec.ID)
	require.NoError(t, err)
	assert.Equal(t, g.LogPath, got.LogPath, "the first copy is gone: the game moves")
}

// A second DB on the same file, in this process or another, is
// refused while the first is open: one process writes the database.
func TestOneProcessOpensTheDatabase(t *testing.T) {
	db, path := openTest(t, testkit.StoppedClock())
	_, err := Open(path, Options{})
	require.ErrorIs(t, err, ErrBusy)
	require.ErrorContains(t, err, path)
	// A check reads beside it.
	assertFileSound(t, path)
	require.NoError(t, db.Close())
	again, err := Open(path, Options{})
	require.NoError(t, err)
	require.NoError(t, again.Close())
}

func TestClosedRefusesWrites(t *testing.T) {
	db := openStopped(t)
	require.NoError(t, db.Close())
	require.NoError(t, db.Close())
	require.ErrorIs(t, db.SeePlayer(context.Background(), "k", "n"), ErrClosed)
}

// A context that has ended before a commit takes a request stops it.
func TestEndedContextWritesNothing(t *testing.T) {
	db := openStopped(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := db.RecordGame(ctx, testGame("c", "ka", "kb"), nil)
	require.ErrorIs(t, err, context.Canceled)
	assertCounts(t, db, Counts{})
}

// TestCheckpointsOffTheWriter: the writer's connection never copies the
// log into the database (no write waits for that); the checkpointer
// does, every checkpointEvery commits, and every game recorded is there
// when the database is opened again.
func TestCheckpointsOffTheWriter(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), FileName)
	db, err := Open(path, Options{})
	require.NoError(t, err)
	var auto int
	require.NoError(t, db.conn.QueryRowContext(ctx, "PRAGMA wal_autocheckpoint").Scan(&auto))
	require.Equal(t, 0, auto, "the writer's connection checkpoints by itself")
	const games = 3 * checkpointEvery
	for i := range games {
		_, err := db.RecordGame(ctx, testGame(fmt.Sprint("g", i), "k1", ""), nil)
		require.NoError(t, err)
	}
	ck := db.ck
	require.NoError(t, db.Close())
	require.GreaterOrEqual(t, ck.runs.Load(), int64(1), "no checkpoint after %d commits", games)

	db = openAt(t, path, nil)
	for i := range games {
		_, err := db.GameBySum(ctx, fakeSum(fmt.Sprint("g", i)))
		require.NoError(t, err, "game %d", i)
	}
}

// TestRecordGameTimesItsTransaction: a record says how long the
// database's transaction took, within the call's own time.
func TestRecordGameTimesItsTransaction(t *testing.T) {
	db, _ := openTest(t, nil)
	start := time.Now()
	rec, own, err := db.RecordGameTimed(context.Background(), testGame("timed", "k1", "k2"), nil)
	whole := time.Since(start)
	require.NoError(t, err)
	require.True(t, rec.New)
	require.Positive(t, own)
	require.LessOrEqual(t, own, whole)
}

// Writes from many goroutines racing a Close: none waits forever, each
// ends committed (nil) or refused (ErrClosed), and every one that
// returned nil is in the database when it is opened again. The writes
// are committed by whichever caller finds the connection free, so this
// also checks that no queued write is left behind when its committer
// lets go.
func TestWritesRacingCloseAllEnd(t *testing.T) {
	rounds := 20
	if testing.Short() {
		rounds = 4
	}
	for round := range rounds {
		path := filepath.Join(t.TempDir(), FileName)
		db, err := Open(path, Options{Now: testkit.StoppedClock().Now})
		require.NoError(t, err)
		ctx := context.Background()
		var wg sync.WaitGroup
		var mu sync.Mutex
		var kept []string
		for w := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range 40 {
					name := fmt.Sprintf("r%d-w%d-g%d", round, w, i)
					_, err := db.RecordGame(ctx, testGame(name, "ka", "kb"), nil)
					if errors.Is(err, ErrClosed) {
						return
					}
					if !assert.NoError(t, err) {
						return
					}
					mu.Lock()
					kept = append(kept, name)
					mu.Unlock()
				}
			}()
		}
		// Close once some writes have gone in, while the rest still come.
		for {
			c, err := db.Counts(ctx)
			require.NoError(t, err)
			if c.Games >= 10*(round%4) {
				break
			}
		}
		require.NoError(t, db.Close())
		wg.Wait()
		again := openAt(t, path, nil)
		for _, name := range kept {
			_, err := again.GameBySum(ctx, fakeSum(name))
			require.NoError(t, err, "round %d: %s returned nil but is not in the database", round, name)
		}
		c, err := again.Counts(ctx)
		require.NoError(t, err)
		assert.GreaterOrEqual(t, c.Games, len(kept))
	}
}

// A write queued just after its committer found the queue empty, but
// before it let go (the write's own caller found the connection taken),
// is committed all the same: the committer looks again after letting go.
func TestWriteQueuedAsCommitterLetsGoIsCommitted(t *testing.T) {
	db := openStopped(t)
	ctx := context.Background()
	late := make(chan error, 1)
	first := true
	db.drained = func() {
		if !first {
			return
		}
		first = false
		go func() {
			_, err := db.RecordGame(ctx, testGame("late", "ka", "kb"), nil)
			late <- err
		}()
		for len(db.reqs) == 0 {
			runtime.Gosched()
		}
	}
	_, err := db.RecordGame(ctx, testGame("first", "ka", "kb"), nil)
	require.NoError(t, err)
	select {
	case err := <-late:
		require.NoError(t, err)
	case <-time.After(30 * time.Second):
		t.Fatal("the write queued as its committer let go was left behind")
	}
	_, err = db.GameBySum(ctx, fakeSum("late"))
	require.NoError(t, err)
}

// TestNamePlayer: a key never met is not written by NamePlayer (keys
// cost nothing); a player met before takes the new name.
func TestNamePlayer(t *testing.T) {
	db := openStopped(t)
	ctx := context.Background()
	require.NoError(t, db.NamePlayer(ctx, "k1", "ann"))
	_, err := db.Player(ctx, "k1")
	require.ErrorIs(t, err, ErrNotFound)
	n, err := db.Counts(ctx)
	require.NoError(t, err)
	require.Zero(t, n.Players)
	require.NoError(t, db.SeePlayer(ctx, "k1", "ann"))
	require.NoError(t, db.NamePlayer(ctx, "k1", "Anna"))
	p, err := db.Player(ctx, "k1")
	require.NoError(t, err)
	require.Equal(t, "Anna", p.Name)
	require.Error(t, db.NamePlayer(ctx, "", "x"))
}

// TestNamesAndOnNameFollowThePlayersRows: Names reads every player's
// name, and OnName is told of each name a committed write set, as the
// row holds it: a key never met renamed is not told, nor is a player
// of a game who already had a name.
func TestNamesAndOnNameFollowThePlayersRows(t *testing.T) {
	db, _ := openSeen(t, "k1", "Ann")
	ctx := context.Background()

	var mu sync.Mutex
	var told []string
	db.OnName(func(key, name string) {
		mu.Lock()
		defer mu.Unlock()
		told = append(told, key+"="+name)
	})
	require.NoError(t, db.NamePlayer(ctx, "k9", "Zed")) // never met
	require.NoError(t, db.NamePlayer(ctx, "k1", "Annie"))
	require.NoError(t, db.SeePlayer(ctx, "k3", "Cleo"))
	_, err := db.RecordGame(ctx, testGame("g1", "k1", "k2"), nil)
	require.NoError(t, err)
	// A game recorded again writes nothing.
	_, err = db.RecordGame(ctx, testGame("g1", "k1", "k2"), nil)
	require.NoError(t, err)
	assert.Equal(t, []string{"k1=Annie", "k3=Cleo", "k1=Annie", "k2=name-k2"}, told)

	names, err := db.Names(ctx)
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"k1": "Annie", "k2": "name-k2", "k3": "Cleo"}, names)
}

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
