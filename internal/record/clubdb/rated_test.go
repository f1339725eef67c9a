package clubdb

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

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
