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

// TestUnrated lists the finished games between keyed people on two
// sides or more that have no rating, and no other: not a game against
// bots alone (one person, or partners), not an unfinished one, not a
// practice one, not one rated already.
func TestUnrated(t *testing.T) {
	db := openStopped(t)
	ctx := context.Background()
	record := func(g Game, rate RateFunc) int64 {
		rec, err := db.RecordGame(ctx, g, rate)
		require.NoError(t, err)
		return rec.ID
	}
	two := record(testGame("two", testkit.KeyAnn, testkit.KeyBob), nil)
	three := record(testGame("three", testkit.KeyAnn, "", testkit.KeyCy), nil)
	team := record(testGame("team", testkit.KeyAnn, "", testkit.KeyBob, testkit.KeyCy), nil) // A and C against B and a bot
	record(testGame("alone", testkit.KeyAnn, ""), nil)
	record(testGame("partners", testkit.KeyAnn, "", testkit.KeyBob, ""), nil) // partners against two bots
	open := testGame("open", testkit.KeyAnn, testkit.KeyBob)
	open.Winner = ""
	record(open, nil)
	practice := testGame("practice", testkit.KeyAnn, testkit.KeyBob)
	practice.Practice = true
	record(practice, nil)
	var p plusOne
	record(testGame("rated", testkit.KeyAnn, testkit.KeyBob), p.rate)

	got, err := db.Unrated(ctx)
	require.NoError(t, err)
	var ids []int64
	for _, g := range got {
		ids = append(ids, g.ID)
		require.NotEmpty(t, g.Seats, "with its seats")
	}
	assert.Equal(t, []int64{two, three, team}, ids)

	// Rated now, in order: listed no more, and RatedGames lists them in
	// their numbers' order with what each did.
	for _, g := range got {
		_, err := db.RecordGame(ctx, g, p.rate)
		require.NoError(t, err)
	}
	got, err = db.Unrated(ctx)
	require.NoError(t, err)
	assert.Empty(t, got)
	rated, err := db.RatedGames(ctx)
	require.NoError(t, err)
	ids = nil
	for _, g := range rated {
		ids = append(ids, g.ID)
	}
	assert.Equal(t, []int64{two, three, team, 8}, ids)
	changes, err := db.GameRatings(ctx, team)
	require.NoError(t, err)
	require.Len(t, changes, 3)
	assert.Equal(t, []string{testkit.KeyAnn, testkit.KeyBob, testkit.KeyCy}, []string{changes[0].After.Key, changes[1].After.Key, changes[2].After.Key}, "in seat order")
	assert.False(t, changes[0].Before.Rated, "Ann's first game at four (her rating at two is another pool)")
	assert.Equal(t, 4, changes[0].After.Seats)
}

// TestImportLinksRematches: the import reads the rematch tag and links
// a game to the one before it, whatever order it finds the files in;
// a rematch of a game it does not have is recorded without the link,
// and reported.
func TestImportLinksRematches(t *testing.T) {
	state := t.TempDir()
	hist := filepath.Join(state, PlayersDir, testkit.KeyAnn, "history")
	require.NoError(t, os.MkdirAll(hist, 0o700))
	at := time.Date(2026, 11, 30, 20, 0, 0, 0, time.UTC)
	mk := func(name string, start time.Time, rematchOf string) string {
		l := withTags(asHuman(t, "01-bottom-card-off.klob", "Ann"), "Table", "ABCD", "KeyA", testkit.KeyAnn)
		l.Header.SetStart(start)
		l.Header.Event = name
		if rematchOf != "" {
			withTags(l, TagRematchOf, rematchOf)
		}
		data, err := l.MarshalText()
		require.NoError(t, err)
		// Names that list the rematch before the game it follows.
		require.NoError(t, os.WriteFile(filepath.Join(hist, name+".klob"), data, 0o600))
		return SumLog(data)
	}
	first := mk("z-first", at, "")
	second := mk("m-second", at.Add(time.Hour), first)
	mk("a-third", at.Add(2*time.Hour), second)
	mk("b-orphan", at.Add(3*time.Hour), fakeSum("never filed"))
	db := openStopped(t)
	ctx := context.Background()
	rep, err := db.Import(ctx, state)
	require.NoError(t, err)
	assert.Equal(t, 4, rep.NewGames)
	require.Len(t, rep.Unlinked, 1)
	assert.Contains(t, rep.Unlinked[0].Path, "b-orphan")
	g, err := db.GameBySum(ctx, first)
	require.NoError(t, err)
	chain, err := db.RematchChain(ctx, g.ID)
	require.NoError(t, err)
	assert.Len(t, chain, 3)
}

// TestFromLogReadsRematch: FromLog keeps the rematch tag.
func TestFromLogReadsRematch(t *testing.T) {
	l := withTags(asHuman(t, "01-bottom-card-off.klob", "Ann"), TagRematchOf, fakeSum("before"))
	data, err := l.MarshalText()
	require.NoError(t, err)
	g, err := FromLog("/x.klob", data, testkit.KeyAnn)
	require.NoError(t, err)
	assert.Equal(t, fakeSum("before"), g.RematchOf)
	assert.Equal(t, testkit.KeyAnn, g.Seats[rules.SeatA].Key)
	assert.Equal(t, gamelog.Human, g.Seats[rules.SeatA].Level)
}

// TestImportTableBeingFiled: a table's log whose game is being filed
// (its Filed tag says whose history holds it already) is the same game
// as the histories' copies, which have no such tag: imported once.
func TestImportTableBeingFiled(t *testing.T) {
	state := t.TempDir()
	mk := func() *gamelog.Log {
		l, _ := testkit.ReadReplay(t, "tables/4-05-four-tie.klob")
		l.Header.SetPlayer(rules.SeatA, "Gus", gamelog.Human)
		l.Header.SetPlayer(rules.Seat(2), "Hal", gamelog.Human)
		return withTags(l, "Table", "WXYZ", "Seed", "9", "Seats", "4", "BotLevel", "hard", "Host", testkit.KeyGus, "KeyA", testkit.KeyGus, "KeyC", testkit.KeyHal)
	}
	_, err := store.New(filepath.Join(state, PlayersDir, testkit.KeyGus), store.Options{}).Archive(mk())
	require.NoError(t, err)
	require.NoError(t, store.New(filepath.Join(state, TablesDir, "WXYZ"), store.Options{}).SaveCurrent(withTags(mk(), tagFiled, "A")))
	db := openStopped(t)
	rep, err := db.Import(context.Background(), state)
	require.NoError(t, err)
	assert.Equal(t, 1, rep.Games)
	assert.Equal(t, 1, rep.NewGames)
	c, err := db.Counts(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 1, c.Games)
}

// TestLastRated: the number of the last game that changed ratings, 0
// before any; a later game that changed none does not move it.
func TestLastRated(t *testing.T) {
	db := openStopped(t)
	ctx := context.Background()
	last := func() int64 {
		id, err := db.LastRated(ctx)
		require.NoError(t, err)
		return id
	}
	assert.Zero(t, last())
	var p plusOne
	rec, err := db.RecordGame(ctx, testGame("rated", testkit.KeyAnn, testkit.KeyBob), p.rate)
	require.NoError(t, err)
	assert.Equal(t, rec.ID, last())
	_, err = db.RecordGame(ctx, testGame("unrated", testkit.KeyAnn, testkit.KeyBob), nil)
	require.NoError(t, err)
	assert.Equal(t, rec.ID, last())
}
