package clubdb

import (
	"context"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/internal/testing/halltest"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// playHallGame has the people play a whole game at a table of n seats
// of h (bots in the other seats), host first, each from its seat's
// snapshots (random legal moves, ready between deals), until every
// person's history holds it.
func playHallGame(t *testing.T, h *hall.Hall, n int, people []hall.Player, seed uint64) string {
	t.Helper()
	o := rules.DefaultOptions()
	o.Target = 150
	tb, conns, err := halltest.Start(h, people, hall.Options{Seats: n, Rules: o, Level: ai.Random, Seed: seed})
	require.NoError(t, err)
	// A guard against a hung table only: the game is bounded by its work.
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	require.NoError(t, halltest.PlayOut(ctx, conns, rand.New(rand.NewPCG(seed, 1))), "the table's game did not end")
	for _, c := range conns {
		c.Leave()
	}
	return tb.Code()
}

// asHuman is a recorded game of the corpus with seat A played by a
// person named name against a normal bot, as a game against bots is
// filed.
func asHuman(t *testing.T, rel, name string) *gamelog.Log {
	t.Helper()
	l, _ := testkit.ReadReplay(t, rel)
	l.Header.SetPlayer(rules.SeatA, name, gamelog.Human)
	l.Header.SetPlayer(rules.SeatB, "Bot", string(ai.Normal))
	return l
}

// withTags adds tags to a log.
func withTags(l *gamelog.Log, tags ...string) *gamelog.Log {
	for i := 0; i+1 < len(tags); i += 2 {
		l.Header.Extra = append(l.Header.Extra, gamelog.Tag{Name: tags[i], Value: tags[i+1]})
	}
	return l
}

// buildState makes a state directory of klob serve with its own
// writers: tables played to the end at two, three and four seats (filed
// into the people's histories), an open table, games against bots, a
// game against bots in progress, a finished table a crash kept from
// being filed, a name chosen, and a file that does not read.
func buildState(t *testing.T) string {
	t.Helper()
	state := t.TempDir()
	playerStore := func(id string) *store.Store {
		return store.New(filepath.Join(state, PlayersDir, id), store.Options{})
	}
	h, err := hall.New(hall.Config{
		Dir: filepath.Join(state, TablesDir), Grace: time.Minute, Think: 100 * time.Millisecond,
		History: func(id string) hall.Archiver { return playerStore(id) },
	})
	require.NoError(t, err)
	ann, bob, cy, dan := hall.Player{ID: testkit.KeyAnn, Name: "Ann"}, hall.Player{ID: testkit.KeyBob, Name: "Bob"}, hall.Player{ID: testkit.KeyCy, Name: "Cy"}, hall.Player{ID: testkit.KeyDan, Name: "Dan"}
	playHallGame(t, h, 2, []hall.Player{ann, bob}, 1)
	playHallGame(t, h, 3, []hall.Player{bob, cy}, 2)
	playHallGame(t, h, 4, []hall.Player{ann, cy}, 3)
	playHallGame(t, h, 2, []hall.Player{cy, bob}, 4)
	_, err = h.Open(dan, hall.Options{Seats: 3, Rules: rules.DefaultOptions(), Level: ai.Easy, Seed: 5})
	require.NoError(t, err)
	h.Close()

	// Games against bots, filed and in progress.
	annStore := playerStore(testkit.KeyAnn)
	for _, rel := range []string{"01-bottom-card-off.klob", "09-tie.klob", "saves/in-play.klob"} {
		_, err := annStore.Archive(asHuman(t, rel, "Ann"))
		require.NoError(t, err)
	}
	require.NoError(t, annStore.SaveCurrent(asHuman(t, "saves/in-trick.klob", "Ann")))
	require.NoError(t, os.WriteFile(filepath.Join(annStore.Dir(), NameFile), []byte("Annie"), 0o600))
	bobStore := playerStore(testkit.KeyBob)
	_, err = bobStore.Archive(asHuman(t, "05-target-not-500.klob", "Bob"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(bobStore.Dir(), store.HistoryDir, "2026-11-01-0000-broken.klob"), []byte("[Klob \"1\"]\nnot a log\n"), 0o600))
	// A player who only chose a name.
	require.NoError(t, os.MkdirAll(filepath.Join(state, PlayersDir, testkit.KeyFay), 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(state, PlayersDir, testkit.KeyFay, NameFile), []byte("Fay"), 0o600))

	// A table of four whose game ended as the server was killed: its
	// last save holds the finished game, never filed.
	l, _ := testkit.ReadReplay(t, "tables/4-05-four-tie.klob")
	l.Header.SetPlayer(rules.SeatA, "Gus", gamelog.Human)
	l.Header.SetPlayer(rules.Seat(2), "Hal", gamelog.Human)
	withTags(l, "Table", "WXYZ", "Seed", "9", "Seats", "4", "BotLevel", "hard", "Host", testkit.KeyGus, "KeyA", testkit.KeyGus, "KeyC", testkit.KeyHal)
	require.NoError(t, store.New(filepath.Join(state, TablesDir, "WXYZ"), store.Options{}).SaveCurrent(l))
	return state
}

// snapshot is every file under dir and its checksum.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		out[p] = fileSum(t, p)
		return nil
	}))
	return out
}

// expected reads the state directory on its own: the checksum of every
// game that must be indexed (every log of a history that reads, every
// finished current.klob), with its path and owner, and every key.
func expected(t *testing.T, state string) (games map[string]string, keys map[string]bool) {
	t.Helper()
	games, keys = map[string]string{}, map[string]bool{}
	add := func(path string, filed bool) {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		l, r, err := gamelog.ParseReplay(path, b)
		if err != nil {
			return
		}
		for _, tg := range l.Header.Extra {
			if strings.HasPrefix(tg.Name, "Key") {
				keys[tg.Value] = true
			}
		}
		if filed || r.Over {
			games[SumLog(b)] = path
		}
	}
	dirs, err := os.ReadDir(filepath.Join(state, PlayersDir))
	require.NoError(t, err)
	for _, d := range dirs {
		keys[d.Name()] = true
		logs, _ := filepath.Glob(filepath.Join(state, PlayersDir, d.Name(), store.HistoryDir, "*.klob"))
		for _, p := range logs {
			add(p, true)
		}
		if p := filepath.Join(state, PlayersDir, d.Name(), store.CurrentName); fileSum(t, p) != "" {
			add(p, false)
		}
	}
	tables, _ := filepath.Glob(filepath.Join(state, TablesDir, "*", store.CurrentName))
	for _, p := range tables {
		add(p, false)
	}
	return games, keys
}

// The import of a state directory written by klob serve's own code
// loses nothing: every game filed or finished and every player is in
// the database, the counts match, a second import adds nothing, and the
// state directory is not touched.
func TestImportLosesNothing(t *testing.T) {
	state := buildState(t)
	files := snapshot(t, state)
	wantGames, wantKeys := expected(t, state)
	require.GreaterOrEqual(t, len(wantGames), 9, "the state directory holds the games built")
	require.Len(t, wantKeys, 7)

	c := testkit.StoppedClock()
	db := openAt(t, filepath.Join(t.TempDir(), FileName), c)
	ctx := context.Background()
	require.True(t, db.Created())
	require.False(t, imported(t, db))
	rep, err := db.Import(ctx, state)
	require.NoError(t, err)
	assert.Equal(t, len(wantGames), rep.Games)
	assert.Equal(t, len(wantGames), rep.NewGames)
	assert.Equal(t, len(wantKeys), rep.Players)
	assert.Equal(t, 1, rep.OpenTables, "Dan's table")
	assert.Equal(t, 1, rep.InProgress, "Ann's game against bots")
	require.Len(t, rep.Skipped, 1)
	assert.Contains(t, rep.Skipped[0].Path, "broken.klob")
	require.True(t, imported(t, db))

	assertCounts(t, db, Counts{Players: len(wantKeys), Games: len(wantGames)})
	tables := map[int]int{}
	for sum, path := range wantGames {
		g, err := db.GameBySum(ctx, sum)
		require.NoError(t, err, path)
		b, err := os.ReadFile(g.LogPath)
		require.NoError(t, err, "the game's path is a copy of its log")
		assert.Equal(t, sum, SumLog(b))
		want, err := FromLog(path, b, filepath.Base(filepath.Dir(filepath.Dir(path))))
		require.NoError(t, err)
		assert.Equal(t, want.Seats, g.Seats, path)
		assert.Equal(t, want.Winner, g.Winner)
		assert.Equal(t, want.Table, g.Table)
		if g.Table != "" {
			tables[len(g.Seats)]++
			for _, s := range g.Seats {
				if s.Level == gamelog.Human {
					assert.NotEmpty(t, s.Key, "a person's seat at a table has their key")
				}
			}
		} else {
			humans := 0
			for _, s := range g.Seats {
				if s.Key != "" {
					humans++
					assert.Contains(t, path, s.Key, "a game against bots is its owner's")
				}
			}
			assert.Equal(t, 1, humans)
		}
	}
	assert.Equal(t, map[int]int{2: 2, 3: 1, 4: 2}, tables, "the tables at every seat count")
	for key := range wantKeys {
		_, err := db.Player(ctx, key)
		require.NoError(t, err, key)
	}
	for key, name := range map[string]string{testkit.KeyAnn: "Annie", testkit.KeyBob: "Bob", testkit.KeyCy: "Cy", testkit.KeyDan: "Dan", testkit.KeyFay: "Fay", testkit.KeyGus: "Gus", testkit.KeyHal: "Hal"} {
		p, err := db.Player(ctx, key)
		require.NoError(t, err)
		assert.Equal(t, name, p.Name)
		assert.False(t, p.FirstSeen.After(p.LastSeen))
	}
	games, err := db.GamesOf(ctx, testkit.KeyCy, 0, 100)
	require.NoError(t, err)
	assert.Len(t, games, 3, "Cy's three tables")
	assertSound(t, db)

	// Again: nothing new, nothing changed.
	before := dump(t, db)
	c.Add(time.Hour)
	rep2, err := db.Import(ctx, state)
	require.NoError(t, err)
	assert.Equal(t, rep.Games, rep2.Games)
	assert.Zero(t, rep2.NewGames)
	after := dump(t, db)
	delete(before, "meta")
	delete(after, "meta")
	assert.Equal(t, before, after)
	assert.Equal(t, files, snapshot(t, state), "the import changed the state directory")
}

// A game filed after the first import (a crash between the log and the
// database) comes in with the next import, alone.
func TestImportAgainAddsTheNewGames(t *testing.T) {
	state := t.TempDir()
	st := store.New(filepath.Join(state, PlayersDir, testkit.KeyAnn), store.Options{})
	_, err := st.Archive(asHuman(t, "09-tie.klob", "Ann"))
	require.NoError(t, err)
	db := openAt(t, filepath.Join(t.TempDir(), FileName), testkit.StoppedClock())
	ctx := context.Background()
	rep, err := db.Import(ctx, state)
	require.NoError(t, err)
	assert.Equal(t, 1, rep.NewGames)
	_, err = st.Archive(asHuman(t, "02-sequence-rank-length.klob", "Ann"))
	require.NoError(t, err)
	rep, err = db.Import(ctx, state)
	require.NoError(t, err)
	assert.Equal(t, 2, rep.Games)
	assert.Equal(t, 1, rep.NewGames)
	games, err := db.GamesOf(ctx, testkit.KeyAnn, 0, 10)
	require.NoError(t, err)
	assert.Len(t, games, 2)
}

// An empty or missing state directory imports nothing, without error.
func TestImportEmpty(t *testing.T) {
	db := openAt(t, filepath.Join(t.TempDir(), FileName), testkit.StoppedClock())
	rep, err := db.Import(context.Background(), filepath.Join(t.TempDir(), "none"))
	require.NoError(t, err)
	assert.Equal(t, ImportReport{}, rep)
}
