package club

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// seat is who sits at a seat of a test game: a key and a name for a
// person, a level for a bot, no key and the human level for a guest.
type seat struct{ key, name, level string }

func person(key, name string) seat { return seat{key, name, gamelog.Human} }
func bot(level string) seat        { return seat{"", "Bot " + level, level} }
func guest(name string) seat       { return seat{"", name, gamelog.Human} }

// t0 is the test games' first start.
var t0 = time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)

// tableLog plays a whole game of len(seats) random players from seed
// and returns its log as a table's would be: the people's keys in the
// Key tags, the table code in the Table tag.
func tableLog(t testing.TB, seed uint64, seats ...seat) *gamelog.Log {
	t.Helper()
	n := len(seats)
	o := rules.DefaultOptions()
	o.Target = 200
	if n > 2 {
		o.Players = n
	}
	var h gamelog.Header
	h.SetStart(t0.Add(time.Duration(seed) * time.Minute))
	for i, s := range seats {
		h.SetPlayer(rules.Seat(i), s.name, s.level)
		if s.key != "" {
			h.Extra = append(h.Extra, gamelog.Tag{Name: "Key" + rules.Seat(i).String(), Value: s.key})
		}
	}
	h.Extra = append(h.Extra, gamelog.Tag{Name: "Table", Value: "TEST"})
	l, err := testkit.Play(testkit.Config{Seed: seed, Options: o, Header: h})
	require.NoError(t, err)
	return l
}

// winner is the winning side of a finished log's game.
func winner(t testing.TB, l *gamelog.Log) int {
	t.Helper()
	r, err := l.Replay()
	require.NoError(t, err)
	require.True(t, r.Over)
	return int(r.Winner)
}

// openService opens a club in a new state directory.
func openService(t testing.TB) (*Service, string) {
	t.Helper()
	dir := t.TempDir()
	return openAt(t, dir), dir
}

// openAt opens the club of the state directory dir, logging to the
// test's log.
func openAt(t testing.TB, dir string) *Service {
	t.Helper()
	return openWith(t, dir, Options{Logf: t.Logf})
}

// openWith opens the club of dir with o, closed at the end of the test.
func openWith(t testing.TB, dir string, o Options) *Service {
	t.Helper()
	s, err := Open(context.Background(), dir, o)
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

// file writes l under dir and records it in the club as filed there.
func file(t testing.TB, s *Service, dir, name string, l *gamelog.Log, owner string) clubdb.Recorded {
	t.Helper()
	path := filepath.Join(dir, name+".klob")
	data, err := l.MarshalText()
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, data, 0o600))
	rec, err := s.Record(context.Background(), path, l, owner)
	require.NoError(t, err)
	return rec
}

// rawExec runs query with args on the database file at path over a
// plain connection of its own, closed before it returns: a change by
// hand, that no write of the club makes.
func rawExec(t testing.TB, path, query string, args ...any) {
	t.Helper()
	raw, err := sql.Open("sqlite", path)
	require.NoError(t, err)
	_, err = raw.Exec(query, args...)
	require.NoError(t, err, query)
	require.NoError(t, raw.Close())
}

// assertRated checks that the club has rated games games and has none
// left to rate.
func assertRated(t testing.TB, s *Service, games int, msgAndArgs ...any) {
	t.Helper()
	rated, err := s.DB().RatedGames(context.Background())
	require.NoError(t, err)
	assert.Len(t, rated, games, msgAndArgs...)
	unrated, err := s.DB().Unrated(context.Background())
	require.NoError(t, err)
	assert.Empty(t, unrated)
}

// readPath reads a game's log at its path.
func readPath(g clubdb.Game) ([]byte, error) { return os.ReadFile(g.LogPath) }

// verify checks every rating of the club against the logs.
func verify(t testing.TB, s *Service) {
	t.Helper()
	problems, err := s.Verify(context.Background(), readPath)
	require.NoError(t, err)
	require.Empty(t, problems)
}
