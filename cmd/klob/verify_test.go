package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const games = "../../testdata/games"

func verify(args ...string) (code int, stdout, stderr string) { return runWith(runVerify, args...) }

// TestVerifyValid: every recorded game and save verifies, exit 0.
func TestVerifyValid(t *testing.T) {
	files := testkit.ValidGames(t)
	saves, _ := filepath.Glob(filepath.Join(games, "saves", "*.klob"))
	tableSaves, _ := filepath.Glob(filepath.Join(games, "tables", "saves", "*.klob"))
	if len(saves) < 3 || len(tableSaves) < 3 {
		t.Fatalf("%d saves and %d table saves in testdata, want at least 3 each", len(saves), len(tableSaves))
	}
	saves = append(saves, tableSaves...)
	code, out, errs := verify(files...)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if n := strings.Count(out, " wins "); n < 10 {
		t.Fatalf("%d games with a winner in the output, want at least 10", n)
	}
	if n := strings.Count(out, "\nunfinished"); n != len(saves) {
		t.Fatalf("%d unfinished games reported, want %d", n, len(saves))
	}
}

// TestVerifyGolden compares the whole report of a finished game and of a
// save with golden files.
func TestVerifyGolden(t *testing.T) {
	for _, c := range []struct{ file, golden string }{
		{"09-tie.klob", "verify-tie.golden"},
		{"saves/in-play.klob", "verify-save.golden"},
		{"03-melds-need-trick-off.klob", "verify-options.golden"},
		{"tables/3-01-every-house-variant.klob", "verify-three.golden"},
		{"tables/4-13-cleopatra-declared.klob", "verify-four.golden"},
		{"tables/saves/four-in-trick.klob", "verify-four-save.golden"},
	} {
		code, out, errs := verify(filepath.Join(games, c.file))
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.file, code, errs)
		}
		golden := filepath.Join("testdata", c.golden)
		if testkit.Updating() {
			os.WriteFile(golden, []byte(out), 0o644)
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (go test -update creates it)", err)
		}
		if out != string(want) {
			t.Errorf("%s: output differs from %s:\ngot:\n%s", c.file, golden, out)
		}
	}
}

// TestVerifyInvalid: each broken log gives exit 1 and its first error,
// the one the gamelog tests expect, and valid files around it are still
// reported.
func TestVerifyInvalid(t *testing.T) {
	broken, _ := filepath.Glob(filepath.Join(games, "broken", "*.klob"))
	if len(broken) == 0 {
		t.Fatal("no broken logs")
	}
	valid := filepath.Join(games, "05-target-not-500.klob")
	args := append([]string{valid}, broken...)
	code, out, errs := verify(args...)
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if !strings.Contains(out, valid+": ") {
		t.Fatalf("the valid file is not reported:\n%s", out)
	}
	// One error a file, each wrapped to 80 columns: read unwrapped.
	lines := strings.Split(strings.TrimSuffix(unwrapped(errs), "\n"), "\n")
	if len(lines) != len(broken) {
		t.Fatalf("%d error lines for %d broken files:\n%s", len(lines), len(broken), errs)
	}
	for i, f := range broken {
		want, err := os.ReadFile(strings.TrimSuffix(f, ".klob") + ".err")
		require.NoError(t, err)
		// The .err files name the file by its base name.
		if got := lines[i]; got != filepath.Dir(f)+"/"+strings.TrimSuffix(string(want), "\n") {
			t.Errorf("got  %s\nwant %s/%s", got, filepath.Dir(f), want)
		}
	}
}

func TestVerifyUsage(t *testing.T) {
	if code, _, errs := verify(); code != 2 || !strings.Contains(errs, "usage") {
		t.Fatalf("no file: exit %d, stderr %q", code, errs)
	}
	if code, _, _ := verify("-nosuchflag", "x"); code != 2 {
		t.Fatalf("bad flag: exit %d", code)
	}
	if code, out, _ := verify("-h"); code != 0 || !strings.Contains(out, "usage") {
		t.Fatalf("-h: exit %d", code)
	}
	if code, _, errs := verify(filepath.Join(games, "no-such-file.klob")); code != 1 || !strings.HasPrefix(errs, "klob verify: ") || !strings.Contains(errs, "no-such-file.klob") {
		t.Fatalf("missing file: exit %d, stderr %q", code, errs)
	}
	if code, out, errs := verify("-q", filepath.Join(games, "09-tie.klob")); code != 0 || out != "" || errs != "" {
		t.Fatalf("-q: exit %d, out %q", code, out)
	}
	if code := run([]string{"verify"}, &bytes.Buffer{}, &bytes.Buffer{}); code != 2 {
		t.Fatalf("klob verify via the dispatcher: exit %d", code)
	}
}

// TestVerifyCutsLongLines: a log whose offending line is megabytes long
// gets an error of a few hundred bytes that still says where and what.
func TestVerifyCutsLongLines(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(games, "01-bottom-card-off.klob"))
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "long.klob")
	long := strings.Replace(string(b), "B: pass\n", "B: "+strings.Repeat("x", 2<<20)+"\n", 1)
	require.NoError(t, os.WriteFile(path, []byte(long), 0o644))
	code, _, errs := verify(path)
	require.Equal(t, 1, code)
	require.Less(t, len(errs), 500, "the error is cut")
	errs = unwrapped(errs) // wrapped to 80 columns
	require.Contains(t, errs, path+":26:4: deal 1: ")
	require.Contains(t, errs, "bytes left out)")
	require.Contains(t, errs, `" is not an action`, "the reason, after the quoted text, is kept")
}

// TestVerifyFits80Columns: the report of a log wraps to 80 columns (the
// rules written with a space after each comma), its cards written as a
// player writes them, never as the log's codes.
func TestVerifyFits80Columns(t *testing.T) {
	for _, f := range []string{"tables/3-01-every-house-variant.klob", "tables/saves/four-in-trick.klob", "saves/in-trick.klob"} {
		_, out, _ := verify(filepath.Join(games, f))
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			if n := utf8.RuneCountInString(l); n > 80 && strings.Contains(l, " ") {
				t.Errorf("%s: a line of %d columns: %q", f, n, l)
			}
		}
		if regexp.MustCompile(`\b[2-9TJQKA][CDHS] led`).MatchString(out) {
			t.Errorf("%s: a card as a code:\n%s", f, out)
		}
	}
}

// TestVerifyMatchLogs: klob match names its bots by their level, and
// verify says each level once: "normal (A) vs random (B)", not
// "normal (A, normal) vs random (B, random)".
func TestVerifyMatchLogs(t *testing.T) {
	dir := t.TempDir()
	matchOK(t, "-players", "2", "-a", "normal", "-b", "random", "-decks", "1", "-seed", "3", "-quiet", "-save", dir)
	files, err := filepath.Glob(filepath.Join(dir, "*.klob"))
	if err != nil || len(files) != 2 {
		t.Fatalf("%d logs saved (%v), want 2", len(files), err)
	}
	code, out, errs := verify(files...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// The report wraps at 80 columns: its lines read as one.
	out = strings.ReplaceAll(out, "\n  ", " ")
	for _, f := range files {
		if !strings.Contains(out, f+": normal (A) vs random (B)") && !strings.Contains(out, f+": random (A) vs normal (B)") {
			t.Errorf("%s is not named by each level once:\n%s", f, out)
		}
	}
	if strings.Contains(out, ", normal)") || strings.Contains(out, ", random)") {
		t.Errorf("a level said twice:\n%s", out)
	}
}

// TestVerifyErrorsWrap: an error of verify is wrapped to 80 columns, as
// the errors of analyze and replay are, the lines it runs on to
// indented; it still starts with file:line:col, as editors read it.
func TestVerifyErrorsWrap(t *testing.T) {
	bad := filepath.Join(games, "broken", "bad-bella.klob")
	want, err := os.ReadFile(strings.TrimSuffix(bad, ".klob") + ".err")
	require.NoError(t, err)
	code, _, errs := verify(bad)
	require.Equal(t, 1, code)
	lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
	require.Greater(t, len(lines), 1, "a long error is not wrapped: %q", errs)
	require.True(t, strings.HasPrefix(lines[0], filepath.Dir(bad)+"/bad-bella.klob:"), lines[0])
	for _, l := range lines {
		assert.LessOrEqual(t, utf8.RuneCountInString(l), 80, "%q", l)
	}
	for _, l := range lines[1:] {
		assert.True(t, strings.HasPrefix(l, "  "), "%q is not indented", l)
	}
	assert.Equal(t, filepath.Dir(bad)+"/"+strings.TrimSuffix(string(want), "\n"), unwrapped(strings.TrimSuffix(errs, "\n")))
}

// TestVerifyResultFile: a daily result file is not a damaged log:
// verify replays its boards on the day's deals and sums it up, exit 0;
// a result changed by hand is refused with the board that fails, and a
// file that only looks like one says what is wrong in it.
func TestVerifyResultFile(t *testing.T) {
	data := playedDay(t, t.TempDir(), 3, "ada", ai.Easy)
	dir := t.TempDir()
	path := filepath.Join(dir, "mine.txt")
	require.NoError(t, os.WriteFile(path, data, 0o600))
	code, out, errs := verify(path)
	assert.Equal(t, 0, code, errs)
	rf, err := duplicate.ParseResultFile(data)
	require.NoError(t, err)
	assert.Equal(t, fmt.Sprintf("%s: daily results of ada, %s at 3 players: 8 boards of 8 checked. klob daily -import compares a friend's file with your day.",
		path, rf.Date), unwrapped(strings.TrimSuffix(out, "\n")))

	// One board's result raised by one point.
	rf.Boards[2].Result++
	changed, err := rf.MarshalText()
	require.NoError(t, err)
	bad := filepath.Join(dir, "changed.txt")
	require.NoError(t, os.WriteFile(bad, changed, 0o600))
	code, _, errs = verify(bad)
	assert.Equal(t, 1, code)
	assert.Contains(t, unwrapped(errs), bad+": daily results of ada, "+rf.Date.String()+" at 3 players: board 3: the actions give")

	broken := filepath.Join(dir, "broken.txt")
	require.NoError(t, os.WriteFile(broken, []byte("# shared\nklob-results 1\ndate 2026-12-01\nend\n"), 0o600))
	code, _, errs = verify(broken)
	assert.Equal(t, 1, code)
	assert.True(t, strings.HasPrefix(unwrapped(errs), broken+": "), errs)
	assert.NotContains(t, errs, "not a game log")
}

// TestVerifyCounts: given several files, verify ends with how many
// passed and failed; given one, or -q, it does not.
func TestVerifyCounts(t *testing.T) {
	valid := filepath.Join(games, "09-tie.klob")
	broken := filepath.Join(games, "broken", "bad-bella.klob")
	code, out, _ := verify(valid, broken, valid)
	assert.Equal(t, 1, code)
	assert.True(t, strings.HasSuffix(out, "\n\n3 files: 2 passed, 1 failed\n"), "%q", out)
	code, out, _ = verify(valid)
	assert.Equal(t, 0, code)
	assert.NotContains(t, out, "passed")
	code, out, _ = verify("-q", valid, broken)
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
}
