package match

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

// TestSaveTwoPlayers: -save writes every deal of the duplicate pairs and
// every game as a log that reads back, replays and writes the same bytes.
func TestSaveTwoPlayers(t *testing.T) {
	dir := t.TempDir()
	rep, err := Run(context.Background(), Config{A: ai.Normal, B: ai.Random, Deals: 3, Games: 1, Seed: 4, Save: dir})
	require.NoError(t, err)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	want := []string{"seed-4-deal-0-1.klob", "seed-4-deal-0-2.klob", "seed-4-deal-1-1.klob", "seed-4-deal-1-2.klob",
		"seed-4-deal-2-1.klob", "seed-4-deal-2-2.klob", "seed-4-game-0-1.klob", "seed-4-game-0-2.klob"}
	if !slices.Equal(names, want) {
		t.Fatalf("files %v, want %v", names, want)
	}
	points := 0
	for _, n := range names {
		path := filepath.Join(dir, n)
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		l, err := gamelog.ReadFile(path)
		require.NoError(t, err, n)
		again, err := l.MarshalText()
		require.NoError(t, err, n)
		if string(again) != string(data) {
			t.Errorf("%s: written again differs", n)
		}
		g, err := l.Game()
		require.NoError(t, err, n)
		if l.Header.Levels[0] == "" || l.Header.Levels[1] == "" {
			t.Errorf("%s: levels %q", n, l.Header.Levels)
		}
		recs := g.Records()
		if n[7:11] == "deal" {
			if len(recs) != 1 {
				t.Fatalf("%s: %d deals, want 1", n, len(recs))
			}
			for s, lv := range l.Header.Levels {
				if lv == string(ai.Normal) {
					points += recs[0].Score.Scored[s]
				}
			}
		} else if !g.Over() {
			t.Errorf("%s: the game is not over", n)
		}
	}
	// The deal logs hold the duplicate deals the report counted.
	if points != rep.Sides[0].Points {
		t.Errorf("normal's points in the logs %d, report %d", points, rep.Sides[0].Points)
	}
}

// TestSaveTable: a table match writes one log per seating of each deck;
// each reads back, writes the same bytes, and replays to the score the
// match counted.
func TestSaveTable(t *testing.T) {
	for _, players := range []int{3, 4} {
		dir := t.TempDir()
		opts := tableOpts(t, players)
		opts.Shlomo = true // chance steps and private cards in the logs too
		rep, err := Run(context.Background(), Config{A: ai.Normal, B: ai.Random, Deals: 4, Seed: 8, Save: dir, Options: opts})
		require.NoError(t, err)
		entries, err := os.ReadDir(dir)
		require.NoError(t, err)
		if len(entries) != 4*rep.Seatings {
			t.Fatalf("%d players: %d files, want %d", players, len(entries), 4*rep.Seatings)
		}
		sum := 0.0
		for _, e := range entries {
			path := filepath.Join(dir, e.Name())
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			l, err := gamelog.ReadFile(path)
			require.NoError(t, err, e.Name())
			again, err := l.MarshalText()
			require.NoError(t, err, e.Name())
			if string(again) != string(data) {
				t.Errorf("%s: written again differs", e.Name())
			}
			g, err := l.Game()
			require.NoError(t, err, e.Name())
			recs := g.Records()
			require.Len(t, recs, 1, e.Name())
			sc := recs[0].Table
			for s := range players {
				if l.Header.Level(rules.Seat(s)) == string(ai.Normal) && (players == 3 || s < 2) {
					sum += float64(sc.Scored[s])
				}
			}
		}
		// Normal's points in the logs are its average per deal times the
		// deals it was counted in.
		n := float64(4 * rep.Seatings)
		if players == 3 {
			n = float64(4 * rep.Seatings * 3 / 2)
		}
		if got := sum / n; got-rep.PerDeal[0].Mean > 1e-9 || rep.PerDeal[0].Mean-got > 1e-9 {
			t.Errorf("%d players: normal's points per deal in the logs %.3f, report %.3f", players, got, rep.PerDeal[0].Mean)
		}
	}
}
