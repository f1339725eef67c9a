package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func analyze(args ...string) (code int, stdout, stderr string) { return runWith(runAnalyze, args...) }

// brokenLogs returns each broken log with the error the gamelog tests
// expect of it, as the command prints it after "klob CMD: " (the path
// as given).
func brokenLogs(t *testing.T) map[string]string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(games, "broken", "*.klob"))
	if len(files) < 10 {
		t.Fatalf("found %d broken logs", len(files))
	}
	out := map[string]string{}
	for _, f := range files {
		want, err := os.ReadFile(strings.TrimSuffix(f, ".klob") + ".err")
		require.NoError(t, err)
		out[f] = filepath.Join(filepath.Dir(f), strings.TrimSpace(string(want)))
	}
	return out
}

func TestAnalyzeUsage(t *testing.T) {
	valid := filepath.Join(games, "09-tie.klob")
	for _, args := range [][]string{
		{},
		{valid, valid},
		{"-nosuchflag", valid},
		{valid, "-samples", "-3"},
		{valid, "-samples", "lots"},
		{valid, "-samples", "1000000"},
		{"-seed", "-1", valid},
		{valid, "-json=maybe"},
		{valid, "-all=maybe"},
	} {
		code, out, errs := analyze(args...)
		if code != 2 || out != "" || !strings.Contains(errs, "klob analyze -h lists every flag.\n") {
			t.Errorf("analyze %q: exit %d, stdout %q, stderr %q; want exit 2 and where the help is", args, code, out, errs)
		}
	}
	code, out, _ := analyze("-h")
	if code != 0 || !strings.Contains(out, "usage: klob analyze FILE") || !strings.Contains(out, "-all") {
		t.Errorf("analyze -h: exit %d, stdout %q", code, out)
	}
	// The help says whose decisions are graded: by default the people's,
	// not "every decision" beside the bots' it leaves out.
	help := strings.Join(strings.Fields(out), " ")
	assert.NotContains(t, help, "every decision")
	assert.Contains(t, help, "Grades the decisions of a saved game's people (every player's with -all, or in a game of bots)")
}

func TestAnalyzeInvalidLog(t *testing.T) {
	for f, want := range brokenLogs(t) {
		code, out, errs := analyze(f)
		if code != 1 || out != "" || strings.TrimSpace(unwrapped(errs)) != "klob analyze: "+want {
			t.Errorf("analyze %s: exit %d, stdout %q, stderr %q; want exit 1 and %q", f, code, out, errs, want)
		}
	}
	code, _, errs := analyze(filepath.Join(games, "no-such-game.klob"))
	if code != 1 || !strings.HasPrefix(errs, "klob analyze: ") || !strings.Contains(errs, "no-such-game.klob") {
		t.Errorf("missing file: exit %d, stderr %q", code, errs)
	}
}

// TestAnalyzeReplayResultFile: a daily result file given to analyze
// or replay is not called a damaged game log: the error says what it
// is and where its boards open, exit 1 as for any file that is no log.
func TestAnalyzeReplayResultFile(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		path := filepath.Join(t.TempDir(), fmt.Sprintf("klob-daily-2026-12-01-%dp.txt", players))
		require.NoError(t, os.WriteFile(path, playedDay(t, t.TempDir(), players, "ada", ai.Easy), 0o600))
		want := path + ": a daily result file, not a game log: open its boards with klob daily (on its day); " +
			"klob verify checks it"
		code, out, errs := analyze(path)
		assert.Equal(t, 1, code)
		assert.Empty(t, out)
		assert.Equal(t, "klob analyze: "+want, strings.TrimSpace(unwrapped(errs)))
		app, code, out, errs := replayArgs(path)
		assert.Nil(t, app)
		assert.Equal(t, 1, code)
		assert.Empty(t, out)
		assert.Equal(t, "klob replay: "+want, strings.TrimSpace(unwrapped(errs)))
	})
}

// analyzeGames are a finished game of each seat count (the goldens of
// the report itself are in internal/study/analysis).
var analyzeGames = []struct {
	players int
	file    string
}{
	{2, "05-target-not-500.klob"},
	{3, "tables/3-01-every-house-variant.klob"},
	{4, "tables/4-02-every-house-variant.klob"},
}

// withPerson writes the game file with a person named "You" at seat B
// into a temporary directory and returns its path.
func withPerson(t *testing.T, file string) string {
	t.Helper()
	l, err := gamelog.ReadFile(filepath.Join(games, file))
	require.NoError(t, err)
	l.Header.SetPlayer(rules.SeatB, "You", gamelog.Human)
	b, err := l.MarshalText()
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), filepath.Base(file))
	require.NoError(t, os.WriteFile(path, b, 0o644))
	return path
}

// reportFor is what the command should print for path and opt: the
// package's report, written the same way. The report is worked out
// once for a path, samples, seed and seats and kept in reports (when not
// nil): the text and the JSON of one analysis need it once.
func reportFor(t *testing.T, path string, opt analysis.Options, asJSON, ascii bool, reports map[string]*analysis.Report) string {
	t.Helper()
	_, r, err := gamelog.ReadReplay(path)
	require.NoError(t, err)
	key := fmt.Sprintf("samples %d seed %d all %v", opt.Samples, opt.Seed, opt.AllSeats)
	rep := reports[key]
	if rep == nil {
		rep, err = analysis.Analyze(context.Background(), r, opt)
		require.NoError(t, err)
		if reports != nil {
			reports[key] = rep
		}
	}
	var b bytes.Buffer
	if asJSON {
		require.NoError(t, analysis.WriteJSON(&b, path, r, rep))
	} else {
		require.NoError(t, analysis.WriteText(&b, path, r, rep, ascii))
	}
	return b.String()
}

// TestAnalyzeFlags: at every seat count the command prints the
// package's report for the options its flags say (-samples, -seed,
// -all, -ascii, -json), and on a stderr that is no terminal no progress,
// only the end line; the seats graded are the person's unless -all.
func TestAnalyzeFlags(t *testing.T) {
	shortParallel(t)
	samples := analyzeSamples()
	for _, g := range analyzeGames {
		t.Run(g.file, func(t *testing.T) {
			path := withPerson(t, g.file)
			reports := map[string]*analysis.Report{}
			code, out, errs := analyze(path, "-samples", fmt.Sprint(samples), "-seed", "3")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			if strings.Contains(errs, "analysing: ") || !strings.HasPrefix(errs, "analysed ") || strings.Contains(errs, "\r") {
				t.Errorf("stderr %q: want the end line alone, no progress on a stderr that is no terminal", errs)
			}
			opt := analysis.Options{Samples: samples, Seed: 3}
			if want := reportFor(t, path, opt, false, false, reports); out != want {
				t.Errorf("report differs from the package's:\n%s", out)
			}
			if !strings.Contains(out, "Graded: your decisions.") || strings.Contains(out, "You deals") {
				t.Errorf("report of the person named You:\n%s", out)
			}
			opt.AllSeats = true
			for _, c := range []struct {
				args          []string
				asJSON, ascii bool
			}{
				{[]string{"-all", "-ascii"}, false, true},
				{[]string{"-json", "-all"}, true, false},
			} {
				code, out, errs := analyze(append([]string{path, "-samples", fmt.Sprint(samples), "-seed", "3"}, c.args...)...)
				if code != 0 {
					t.Fatalf("%v: exit %d: %s", c.args, code, errs)
				}
				if want := reportFor(t, path, opt, c.asJSON, c.ascii, reports); out != want {
					t.Errorf("%v: report differs from the package's:\n%s", c.args, out)
				}
			}
		})
	}
}

// analyzeSamples is the samples a decision TestAnalyzeFlags,
// TestAnalyzeJSON and TestAnalyzeRefusesGameInProgress grade on: 4,
// and 1 under -short (the command's flags and output are the same; the
// grading itself has its own tests).
func analyzeSamples() int {
	return fullOrShort(4, 1)
}

// TestAnalyzeJSON: the -json output is one JSON report with a summary
// of every graded seat that adds up over the deals.
func TestAnalyzeJSON(t *testing.T) {
	shortParallel(t)
	samples := analyzeSamples()
	for _, g := range analyzeGames {
		t.Run(g.file, func(t *testing.T) {
			path := filepath.Join(games, g.file)
			code, out, errs := analyze(path, "-json", "-samples", fmt.Sprint(samples))
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			var rep analysis.JSONReport
			dec := json.NewDecoder(strings.NewReader(out))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&rep); err != nil {
				t.Fatalf("output is not the JSON report: %v\n%s", err, out)
			}
			if dec.More() {
				t.Errorf("more than one JSON value")
			}
			if rep.File != path || len(rep.Players) != g.players || rep.Samples.Cards != samples {
				t.Fatalf("report: file %q, %d players, samples %+v", rep.File, len(rep.Players), rep.Samples)
			}
			for _, p := range rep.Players {
				g, ok := rep.Game.Players[p.Seat]
				if !ok || !p.Graded {
					t.Fatalf("seat %s of a game of bots: graded %v, summary %v", p.Seat, p.Graded, ok)
				}
				graded, lost := 0, 0.0
				for _, d := range rep.Deals {
					graded += d.Players[p.Seat].Graded
					lost += d.Players[p.Seat].Lost
				}
				if g.Graded != graded || g.Graded == 0 || abs(g.Lost-lost) > 0.1 {
					t.Errorf("seat %s: game graded %d lost %.2f, deals add up to %d and %.2f", p.Seat, g.Graded, g.Lost, graded, lost)
				}
			}
		})
	}
}

func abs(x float64) float64 { return max(x, -x) }

// A game in progress with a person at it is not analysed at any seat
// count; without a person (bots only) it is, up to where it stops.
// Graded on analyzeSamples (fewer under -short: the refusal and the
// unfinished report do not hang on them).
func TestAnalyzeRefusesGameInProgress(t *testing.T) {
	shortParallel(t)
	samples := fmt.Sprint(analyzeSamples())
	for _, file := range []string{"saves/in-trick.klob", "tables/saves/three-in-dialogue.klob", "tables/saves/four-in-trick.klob"} {
		path := withPerson(t, file)
		if code, _, errs := analyze(path, "-samples", samples); code != 1 || !strings.Contains(unwrapped(errs), "the game is not over") {
			t.Errorf("%s with a person: exit %d, stderr %q; want 1 and a refusal", file, code, errs)
		}
		if code, out, errs := analyze(filepath.Join(games, file), "-samples", samples); code != 0 || !strings.Contains(out, "unfinished") {
			t.Errorf("%s, bots only: exit %d, stderr %q, report:\n%s", file, code, errs, out)
		}
		// Filed in the history unfinished (abandoned), it never goes on:
		// analysed like any game over.
		if code, out, errs := analyze(abandoned(t, path), "-samples", samples); code != 0 || !strings.Contains(out, "unfinished") {
			t.Errorf("%s with a person, abandoned: exit %d, stderr %q, report:\n%s", file, code, errs, out)
		}
	}
}

// abandoned returns a copy of the log at path as the history files it
// unfinished (gamelog.Filed).
func abandoned(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	l, err := gamelog.Parse(path, b)
	require.NoError(t, err)
	filed, _, err := gamelog.Filed(l)
	require.NoError(t, err)
	require.True(t, filed.Header.Abandoned())
	out, err := filed.MarshalText()
	require.NoError(t, err)
	dst := filepath.Join(t.TempDir(), "abandoned.klob")
	require.NoError(t, os.WriteFile(dst, out, 0o644))
	return dst
}

// The end of the progress line counts the deals in words: one deal is
// no "1 deals".
func TestAnalysedLine(t *testing.T) {
	assert.Equal(t, "analysed 1 deal in 0.1s", analysedLine(1, 100*time.Millisecond))
	assert.Equal(t, "analysed 4 deals in 2.0s", analysedLine(4, 2*time.Second))
}

// The refusal of a game in progress is wrapped to 80 columns, as the
// command's other errors are.
func TestAnalyzeRefusalWraps(t *testing.T) {
	path := withPerson(t, "saves/in-trick.klob")
	code, _, errs := analyze(path)
	require.Equal(t, 1, code)
	lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
	require.Greater(t, len(lines), 1, "%q", errs)
	for _, l := range lines {
		assert.LessOrEqual(t, len([]rune(l)), 80, "%q", l)
	}
	assert.Equal(t, "klob analyze: "+path+": the game is not over: an analysis now would coach the game in play; finish the game first",
		unwrapped(strings.TrimSuffix(errs, "\n")))
}

// TestTableLogs: klob verify summarises a game of three or four players
// (exit 0); replay opens it in the viewer of tables; analyze grades it
// (exit 0, a block per deal and the game, every seat named).
func TestTableLogs(t *testing.T) {
	shortParallel(t)
	files, _ := filepath.Glob(filepath.Join(games, "tables", "*.klob"))
	if len(files) < 10 {
		t.Fatalf("found %d table logs, want at least 10", len(files))
	}
	code, out, errs := verify(files...)
	if code != 0 || errs != "" || strings.Count(out, " win") < len(files) {
		t.Fatalf("verify: exit %d, stderr %q, %d winners in the output", code, errs, strings.Count(out, " win"))
	}
	// Under -short every fifth log is analysed (both seat counts among
	// them), on one sample a decision: the analysis has its own tests,
	// this checks the command.
	samples := fullOrShort("2", "1")
	for i, f := range files {
		if testing.Short() && i%5 != 0 {
			continue
		}
		code, out, errs := analyze(f, "-samples", samples)
		if code != 0 || !strings.Contains(out, "\ndeal 1, ") || !strings.Contains(out, "\ngame: ") || !strings.Contains(out, "Random C") {
			t.Errorf("analyze %s: exit %d, stdout %q, stderr %q", f, code, out, errs)
		}
	}
	for _, f := range files {
		if app, code, out, errs := replayArgs(f); app == nil || code != 0 || out != "" || errs != "" {
			t.Errorf("replay %s: exit %d, stdout %q, stderr %q", f, code, out, errs)
		}
	}
}
