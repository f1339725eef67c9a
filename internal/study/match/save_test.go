package match

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

// TestSave: at every count, Save writes a log for every seating of every
// deck and game; each reads back, writes the same bytes and replays:
// the decks' logs to the points the report counted for each level, the
// games' to an ended game whose winning levels are the report's.
func TestSave(t *testing.T) {
	for _, players := range seatCounts {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			dir := t.TempDir()
			o := opts(players)
			o.Target = 200
			o.Shlomo = players > 2 // chance steps and private cards in the logs too
			rep, err := Run(context.Background(), Config{A: ai.Normal, B: ai.Random, Decks: 3, Games: 1, Seed: 8, Save: dir, Options: o})
			require.NoError(t, err)
			entries, err := os.ReadDir(dir)
			require.NoError(t, err)
			require.Len(t, entries, 4*rep.Seatings)
			var points, won [2]int
			levels := map[string]int{string(ai.Normal): 0, string(ai.Random): 1}
			for _, e := range entries {
				path := filepath.Join(dir, e.Name())
				data, err := os.ReadFile(path)
				require.NoError(t, err)
				l, err := gamelog.ReadFile(path)
				require.NoError(t, err, e.Name())
				again, err := l.MarshalText()
				require.NoError(t, err, e.Name())
				require.Equal(t, string(data), string(again), e.Name())
				// Every seat has a name of its own, though a level holds
				// two seats (then numbered).
				names := map[string]bool{}
				for s := range players {
					names[l.Header.PlayerName(rules.Seat(s))] = true
				}
				require.Len(t, names, players, "%s: the names %v", e.Name(), names)
				// Short, the level then a number when it holds two
				// seats, so that a replay shows them whole at 80 columns:
				// "normal", "random 1"; never a seat letter.
				for n := range names {
					require.Regexp(t, `^(normal|random)( [12])?$`, n, e.Name())
				}
				g, err := l.Game()
				require.NoError(t, err, e.Name())
				levelOf := func(side int) int {
					for s := range players {
						if g.SideOf(rules.Seat(s)) == side {
							return levels[l.Header.Level(rules.Seat(s))]
						}
					}
					t.Fatalf("%s: no seat of side %d", e.Name(), side)
					return 0
				}
				recs := g.Records()
				if strings.Contains(e.Name(), "-deck-") {
					require.Len(t, recs, 1, e.Name())
					sc := recs[0].Score
					for side := range sc.Sides() {
						points[levelOf(side)] += sc.Scored[side]
					}
					continue
				}
				require.True(t, g.Over(), e.Name())
				won[levelOf(g.Winner())]++
			}
			require.Equal(t, [2]int{rep.Sides[0].Points, rep.Sides[1].Points}, points)
			require.Equal(t, [2]int{rep.GamesWon[0].Wins, rep.GamesWon[1].Wins}, won)
		})
	}
}

// TestSaveRefusesLogs: a directory that already holds game logs is
// refused before anything is played, with the directory named and what
// to do; its logs are left as they were.
func TestSaveRefusesLogs(t *testing.T) {
	dir := t.TempDir()
	cfg := Config{A: ai.Normal, B: ai.Random, Decks: 1, Seed: 8, Save: dir}
	_, err := Run(context.Background(), cfg)
	require.NoError(t, err)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	first := filepath.Join(dir, entries[0].Name())
	require.NoError(t, os.WriteFile(first, []byte("the first match's\n"), 0o644))
	cfg.A = ai.Random // another match, the same names
	_, err = Run(context.Background(), cfg)
	require.Error(t, err)
	require.Contains(t, err.Error(), dir+" already holds game logs")
	require.Contains(t, err.Error(), "give a new or empty directory")
	data, err := os.ReadFile(first)
	require.NoError(t, err)
	require.Equal(t, "the first match's\n", string(data), "a log written over")
}

// TestSaveFailsClean: a log that cannot be written leaves no temporary
// file behind.
func TestSaveFailsClean(t *testing.T) {
	dir := t.TempDir()
	// A directory in the way of the first deck's log: its rename fails.
	for _, name := range []string{"seed-8-deck-0-1.klob", "seed-8-deck-1-1.klob"} {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, name, "in-the-way"), 0o755))
	}
	_, err := Run(context.Background(), Config{A: ai.Normal, B: ai.Random, Decks: 1, Seed: 8, Save: dir})
	require.Error(t, err)
	tmps, _ := filepath.Glob(filepath.Join(dir, "*.tmp"))
	require.Empty(t, tmps, "temporary files left")
}

// TestSeatNames: at every count and seating, with two levels or one, the
// seats' names are all different and none holds a seat letter, since the
// seat a side sits in changes with the seating; both sides playing one
// level are told apart by their match side.
func TestSeatNames(t *testing.T) {
	require.Equal(t, []string{"normal", "hard"}, seatNames([2]ai.Level{ai.Hard, ai.Normal}, []int{1, 0}))
	require.Equal(t, []string{"hard -b", "hard -a"}, seatNames([2]ai.Level{ai.Hard, ai.Hard}, []int{1, 0}))
	require.Equal(t, []string{"normal 1", "hard", "normal 2"}, seatNames([2]ai.Level{ai.Hard, ai.Normal}, []int{1, 0, 1}))
	require.Equal(t, []string{"hard -a1", "hard -b1", "hard -a2", "hard -b2"}, seatNames([2]ai.Level{ai.Hard, ai.Hard}, []int{0, 1, 0, 1}))
	for _, levels := range [][2]ai.Level{{ai.Hard, ai.Normal}, {ai.Hard, ai.Hard}} {
		for _, players := range seatCounts {
			for _, l := range layouts(opts(players)) {
				names := seatNames(levels, l.at[:players])
				seen := map[string]bool{}
				for s, n := range names {
					seen[n] = true
					require.Contains(t, n, string(levels[l.at[s]]))
					for _, w := range strings.Fields(n) {
						require.NotRegexp(t, `^[A-Da-d][0-9]?$`, w, "%q names a seat", n)
					}
				}
				require.Len(t, seen, players, "%v", names)
			}
		}
	}
}

// TestSaveMakesTheLastFolderOnly: a directory whose parent is missing is
// refused before anything is played, the parent named, and nothing is
// made; a new last folder in a parent that exists is made.
func TestSaveMakesTheLastFolderOnly(t *testing.T) {
	root := t.TempDir()
	missing := filepath.Join(root, "no-such", "logs")
	_, err := Run(context.Background(), Config{A: ai.Normal, B: ai.Random, Decks: 1, Seed: 8, Save: missing})
	require.Error(t, err)
	require.Contains(t, err.Error(), "its parent "+filepath.Join(root, "no-such")+" does not exist")
	_, err = os.Stat(filepath.Join(root, "no-such"))
	require.ErrorIs(t, err, fs.ErrNotExist, "the missing parent was made")

	file := filepath.Join(root, "a-file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	_, err = Run(context.Background(), Config{A: ai.Normal, B: ai.Random, Decks: 1, Seed: 8, Save: filepath.Join(file, "logs")})
	require.ErrorContains(t, err, file+"/logs: not a directory")

	fresh := filepath.Join(root, "logs")
	_, err = Run(context.Background(), Config{A: ai.Normal, B: ai.Random, Decks: 1, Seed: 8, Save: fresh})
	require.NoError(t, err)
	logs, _ := filepath.Glob(filepath.Join(fresh, "*.klob"))
	require.NotEmpty(t, logs)
}
