package testkit

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/klob/klob/internal/record/gamelog"
)

// Updating reports whether -update was given: tests rewrite their golden
// files instead of comparing with them. Every golden file of the
// project, screens included, goes by this one flag.
func Updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// init defines -update unless a package initialised before testkit did:
// teatest's golden package defines it too, and a test binary may hold
// both (packages initialise in the order of their import paths, so
// golden's comes first).
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files instead of comparing with them")
	}
}

// root returns the module's root directory: the nearest directory above
// the working directory (a package's, under go test) with a go.mod.
func root(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			tb.Fatal("no go.mod above the working directory")
		}
		dir = up
	}
}

// GamesDir returns the directory of the recorded games, testdata/games.
func GamesDir(tb testing.TB) string {
	tb.Helper()
	return filepath.Join(root(tb), "testdata", "games")
}

// Game returns the path of the recorded game rel ("09-tie.klob",
// "saves/in-trick.klob") under GamesDir.
func Game(tb testing.TB, rel string) string {
	tb.Helper()
	return filepath.Join(GamesDir(tb), rel)
}

// ValidGames returns the paths of every valid log of testdata/games:
// the recorded games, the saves and the games of three and four players
// and their saves in tables/ (not broken/).
func ValidGames(tb testing.TB) []string {
	tb.Helper()
	var files []string
	for _, pat := range []string{"*.klob", "saves/*.klob", "tables/*.klob", "tables/saves/*.klob"} {
		m, err := filepath.Glob(filepath.Join(GamesDir(tb), pat))
		if err != nil {
			tb.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 10 {
		tb.Fatalf("found %d logs in %s, want the recorded games", len(files), GamesDir(tb))
	}
	return files
}

// ReadReplay reads and replays the log at path (a relative path that
// does not name a file from the working directory is under GamesDir)
// and fails the test when it does not.
func ReadReplay(tb testing.TB, path string) (*gamelog.Log, *gamelog.Replay) {
	tb.Helper()
	if _, err := os.Stat(path); err != nil && !filepath.IsAbs(path) {
		path = Game(tb, path)
	}
	l, r, err := gamelog.ReadReplay(path)
	if err != nil {
		tb.Fatal(err)
	}
	return l, r
}
