package testkit

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

var gen = flag.Bool("gen", false, "rewrite the recorded games in testdata/games and testdata/games/saves")

const gamesDir = "../../../testdata/games"

// TestGenerate writes the corpus when run with -gen. It is a tool, not a
// check: the checked-in games stay valid whatever the generator does
// later (they record decks, not seeds), and TestCorpusCoversEveryPath
// checks them.
func TestGenerate(t *testing.T) {
	if !*gen {
		t.Skip("run with -gen to rewrite testdata/games")
	}
	games, err := Corpus()
	require.NoError(t, err)
	saves, err := Saves()
	require.NoError(t, err)
	write := func(dir string, rs []Recorded) {
		require.NoError(t, os.MkdirAll(dir, 0o755))
		old, _ := filepath.Glob(filepath.Join(dir, "*.klob"))
		for _, f := range old {
			require.NoError(t, os.Remove(f))
		}
		for _, r := range rs {
			b, err := r.Log.MarshalText()
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(dir, r.Name), b, 0o644))
			t.Logf("wrote %s", r.Name)
		}
	}
	write(gamesDir, games)
	write(filepath.Join(gamesDir, "saves"), saves)
	tables, err := TableCorpus()
	require.NoError(t, err)
	write(filepath.Join(gamesDir, "tables"), tables)
	tableSaves, err := TableSaves()
	require.NoError(t, err)
	write(filepath.Join(gamesDir, "tables", "saves"), tableSaves)
}

// TestTableCorpusCoversEveryPath reads the recorded games of three and
// four players and checks that there are at least five complete ones of
// each and that together they go through every path of docs/rules.md
// sections 12, 13 and 15.
func TestTableCorpusCoversEveryPath(t *testing.T) {
	complete := checkCorpus(t, filepath.Join(gamesDir, "tables", "*.klob"), TablePaths, AllTablePaths)
	for _, n := range []int{3, 4} {
		if complete[n] < 5 {
			t.Errorf("complete recorded games of %d players: got %d, want at least 5", n, complete[n])
		}
	}
}

// checkCorpus reads the recorded games glob names and checks that
// together they go through every path of all, as paths finds them. It
// returns how many are complete, by seat count.
func checkCorpus(t *testing.T, glob string, paths func(*gamelog.Replay) []Path, all []Path) map[int]int {
	t.Helper()
	files, err := filepath.Glob(glob)
	require.NoError(t, err)
	covered := map[Path]bool{}
	complete := map[int]int{}
	for _, f := range files {
		l, err := gamelog.ReadFile(f)
		require.NoError(t, err)
		r, err := l.Replay()
		require.NoError(t, err)
		if r.Over {
			complete[r.Players()]++
		}
		for _, p := range paths(r) {
			covered[p] = true
		}
	}
	for _, p := range all {
		if !covered[p] {
			t.Errorf("no recorded game goes through %q", p)
		}
	}
	return complete
}

// TestTablePathsSeeTheRules: the path finder sees what a deal did, on
// games chosen for it: a game with only two-player paths reports no
// table path, and every table path is found in some generated game.
func TestTablePathsSeeTheRules(t *testing.T) {
	_, paths, err := playPaths(config(42, rules.DefaultOptions(), 1), TablePaths)
	require.NoError(t, err)
	require.Empty(t, paths)
	opts := rules.DefaultOptions()
	opts.Players = 3
	_, paths, err = playPaths(Config{Seed: 1, Options: opts}, TablePaths)
	require.NoError(t, err)
	for _, p := range paths {
		require.NotContains(t, string(p), "four", "a game of three goes through %q", p)
	}
}

// TestCorpusCoversEveryPath reads the recorded games and checks that
// there are at least ten complete ones and that together they go through
// every rule path.
func TestCorpusCoversEveryPath(t *testing.T) {
	complete := 0
	for _, n := range checkCorpus(t, filepath.Join(gamesDir, "*.klob"), Paths, AllPaths) {
		complete += n
	}
	if complete < 10 {
		t.Errorf("complete recorded games: got %d, want at least 10", complete)
	}
}

// TestPlayIsReproducible: the same Config gives the same log.
func TestPlayIsReproducible(t *testing.T) {
	cfg := config(42, rules.DefaultOptions(), 1)
	a, err := Play(cfg)
	require.NoError(t, err)
	b, err := Play(cfg)
	require.NoError(t, err)
	ta, _ := a.MarshalText()
	tb, _ := b.MarshalText()
	if !bytes.Equal(ta, tb) {
		t.Fatal("two plays of seed 42 differ")
	}
	r, err := a.Replay()
	require.NoError(t, err)
	if !r.Over {
		t.Fatal("seed 42: the game did not end")
	}
}

// TestTablePathsMatchTheText checks the path finder against the text
// of each recorded table game: a path with a word of its own in the log
// is reported exactly when the word is there.
func TestTablePathsMatchTheText(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(gamesDir, "tables", "*.klob"))
	require.NoError(t, err)
	// Each path with its word, and the seat count it belongs to (0: any).
	witness := map[Path]struct {
		n    int
		word string
	}{
		T4NoTrumps: {4, ": name NT\n"}, VMenage: {0, " menage "}, VForced: {0, " forced\n"},
		VBimah: {0, "\nbimah "}, VCleopatra: {4, ": cleopatra\n"}, THowHigh: {0, ": how-high\n"},
		TSame: {0, ": same\n"}, TNotGood: {0, ": not-good\n"},
		T3AllPassed: {3, "\nresult abandoned\n"}, T4AllPassed: {4, "\nresult abandoned\n"},
		T3Tie: {3, "\nresult tie\n"}, T4Tie: {4, "\nresult tie\n"},
		VShlomo3: {3, ": shlomo\n"}, VShlomo4: {4, ": shlomo\n"},
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		// Only the game, not the comments that list its paths.
		text := string(b[bytes.Index(b, []byte("[Klob ")):])
		l, err := gamelog.Parse(f, b)
		require.NoError(t, err)
		r, err := l.Replay()
		require.NoError(t, err)
		n := r.Players()
		got := map[Path]bool{}
		for _, p := range TablePaths(r) {
			got[p] = true
		}
		for p, w := range witness {
			if w.n != 0 && w.n != n {
				continue
			}
			if want := strings.Contains(text, w.word); got[p] != want {
				t.Errorf("%s: path %q reported %v, the text has %q: %v", filepath.Base(f), p, got[p], w.word, want)
			}
		}
	}
}
