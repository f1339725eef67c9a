package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/stretchr/testify/require"
)

func analyze(args ...string) (code int, stdout, stderr string) { return runWith(runAnalyze, args...) }

// brokenLogs returns each broken log with the error the gamelog tests
// expect of it, as the command prints it (the path as given).
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
	} {
		code, out, errs := analyze(args...)
		if code != 2 || out != "" || !strings.Contains(errs, "usage: klob analyze") && !strings.Contains(errs, "-samples") {
			t.Errorf("analyze %q: exit %d, stdout %q, stderr %q; want exit 2 and the usage", args, code, out, errs)
		}
	}
	code, out, _ := analyze("-h")
	if code != 0 || !strings.Contains(out, "usage: klob analyze FILE") {
		t.Errorf("analyze -h: exit %d, stdout %q", code, out)
	}
}

func TestAnalyzeInvalidLog(t *testing.T) {
	for f, want := range brokenLogs(t) {
		code, out, errs := analyze(f)
		if code != 1 || out != "" || strings.TrimSpace(errs) != want {
			t.Errorf("analyze %s: exit %d, stdout %q, stderr %q; want exit 1 and %q", f, code, out, errs, want)
		}
	}
	code, _, errs := analyze(filepath.Join(games, "no-such-game.klob"))
	if code != 1 || !strings.Contains(errs, "no-such-game.klob") {
		t.Errorf("missing file: exit %d, stderr %q", code, errs)
	}
}

// TestAnalyzeText runs the command on a whole game (cheaply, with few
// samples) and checks the report's shape: a block per deal with both
// players, the game's summary, a progress line.
func TestAnalyzeText(t *testing.T) {
	path := filepath.Join(games, "09-tie.klob")
	code, out, errs := analyze(path, "-samples", "8", "-seed", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "analysing: ") || !strings.Contains(errs, "analysed 13 deals") || strings.Contains(errs, "\r") {
		t.Errorf("stderr %q: want plain progress lines without a carriage return and the end line", errs)
	}
	for _, want := range []string{path + ": Random A (A, random) vs Random B (B, random)", "8 samples a decision, seed 3.",
		"deal 1, Random B deals: thrown in", "deal 4, Random A deals: made by Random B in hearts, scored Random A 18, Random B 99",
		"deal 13,", "game: Random A wins ", "what the player could know"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	// Players by name, cards with suit symbols (issue 13).
	if n := strings.Count(out, "\n  Random A  "); n != 14 {
		t.Errorf("%d summary lines of Random A, want one a deal and one for the game, 14", n)
	}
	if !strings.ContainsAny(out, "♣♦♥♠") || strings.Contains(out, "play ") {
		t.Errorf("cards are not written with suit symbols:\n%s", out)
	}
	_, ascii, _ := analyze(path, "-samples", "8", "-seed", "3", "-ascii")
	if strings.ContainsAny(ascii, "♣♦♥♠") {
		t.Errorf("-ascii still writes suit symbols")
	}
	// Random players make mistakes: some are listed with a better action.
	if !strings.Contains(out, "; better ") {
		t.Errorf("no mistake listed for random players:\n%s", out)
	}
	// The same seed prints the same report.
	_, again, _ := analyze("-seed", "3", "-samples", "8", path)
	if again != out {
		t.Errorf("the same seed printed another report")
	}
}

func TestAnalyzeJSON(t *testing.T) {
	path := filepath.Join(games, "saves", "in-play.klob")
	code, out, errs := analyze(path, "-json", "-samples", "8")
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
	_, r, err := gamelog.ReadReplay(path)
	require.NoError(t, err)
	if rep.File != path || len(rep.Deals) != len(r.Deals) || rep.Game.Over || rep.Samples.Cards != 8 {
		t.Fatalf("report: file %q, %d deals (want %d), over %v, samples %+v", rep.File, len(rep.Deals), len(r.Deals), rep.Game.Over, rep.Samples)
	}
	if last := rep.Deals[len(rep.Deals)-1]; last.Result != "unfinished" {
		t.Errorf("last deal of a save: result %q, want unfinished", last.Result)
	}
	for _, s := range []string{"A", "B"} {
		g := rep.Game.Players[s]
		graded, lost := 0, 0.0
		for _, d := range rep.Deals {
			graded += d.Players[s].Graded
			lost += d.Players[s].Lost
		}
		if g.Graded != graded || g.Graded == 0 || abs(g.Lost-lost) > 0.1 {
			t.Errorf("seat %s: game graded %d lost %.2f, deals add up to %d and %.2f", s, g.Graded, g.Lost, graded, lost)
		}
		n := 0
		for _, c := range g.Grades {
			n += c
		}
		if n != g.Graded {
			t.Errorf("seat %s: grades %v add up to %d, want %d graded", s, g.Grades, n, g.Graded)
		}
	}
}

func abs(x float64) float64 { return max(x, -x) }

// A game in progress against a bot is not analysed: the grades of the
// bot's decisions would show its cards (issue 14).
func TestAnalyzeRefusesGameInProgress(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "games", "saves", "in-trick.klob"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "current.klob")
	os.WriteFile(path, []byte(strings.Replace(string(b), `[LevelA "random"]`, `[LevelA "human"]`, 1)), 0o644)
	var out, errb strings.Builder
	if code := runAnalyze([]string{path}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "the game is not over") {
		t.Errorf("exit %d, stderr %q; want 1 and a refusal", code, errb.String())
	}
}
