package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/internal/testing/testkit"
)

var updateAnalyze = testkit.Update

// TestAnalyzeTableGolden: the text report of a three-handed and a
// four-handed game (every house variant on), few samples and a fixed
// seed, is the golden file; the same seed prints it again.
func TestAnalyzeTableGolden(t *testing.T) {
	for _, c := range []struct{ file, golden string }{
		{"tables/3-01-every-house-variant.klob", "analyze-three.golden"},
		{"tables/4-02-every-house-variant.klob", "analyze-four.golden"},
	} {
		path := filepath.Join(games, c.file)
		code, out, errs := analyze(path, "-samples", "8", "-seed", "5")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.file, code, errs)
		}
		if !strings.Contains(errs, "analysed ") {
			t.Errorf("%s: stderr %q lacks the end line", c.file, errs)
		}
		golden := filepath.Join("testdata", c.golden)
		if *updateAnalyze {
			os.WriteFile(golden, []byte(out), 0o644)
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (go test -update creates it)", err)
		}
		if out != string(want) {
			t.Errorf("%s: report differs from %s:\ngot:\n%s", c.file, golden, out)
		}
		if _, again, _ := analyze("-seed", "5", path, "-samples", "8"); again != out {
			t.Errorf("%s: the same seed printed another report", c.file)
		}
		if _, other, _ := analyze("-seed", "6", path, "-samples", "8"); other == out {
			t.Errorf("%s: another seed printed the same report", c.file)
		}
	}
}

// TestAnalyzeTableJSON: the -json report of a table names every seat,
// sums the deals' decisions into the game's, and gives the totals and
// the winner by side (the seat, or the team AC or BD).
func TestAnalyzeTableJSON(t *testing.T) {
	for _, c := range []struct {
		file   string
		seats  []string
		sides  []string
		winner string
	}{
		{"tables/3-03-three-tie-with-the-best-opponent.klob", []string{"A", "B", "C"}, []string{"A", "B", "C"}, ""},
		{"tables/4-07-four-no-trumps.klob", []string{"A", "B", "C", "D"}, []string{"AC", "BD"}, ""},
	} {
		path := filepath.Join(games, c.file)
		code, out, errs := analyze(path, "-json", "-samples", "6", "-seed", "2")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.file, code, errs)
		}
		var rep analysis.JSONReport
		dec := json.NewDecoder(strings.NewReader(out))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&rep); err != nil {
			t.Fatalf("%s: not the JSON report: %v", c.file, err)
		}
		if len(rep.Players) != len(c.seats) || rep.Samples.Bids != 6 || len(rep.Deals) == 0 {
			t.Fatalf("%s: %d players, samples %+v, %d deals", c.file, len(rep.Players), rep.Samples, len(rep.Deals))
		}
		for i, s := range c.seats {
			if rep.Players[i].Seat != s || rep.Players[i].Name == "" {
				t.Errorf("%s: player %d is %+v, want seat %s with a name", c.file, i, rep.Players[i], s)
			}
			graded, lost := 0, 0.0
			for _, d := range rep.Deals {
				ds, ok := d.Players[s]
				if !ok {
					t.Fatalf("%s: deal %d has no summary for %s", c.file, d.Deal, s)
				}
				graded += ds.Graded
				lost += ds.Lost
			}
			g := rep.Game.Players[s]
			if g.Graded != graded || g.Graded == 0 || abs(g.Lost-lost) > 0.1 {
				t.Errorf("%s: seat %s: game graded %d lost %.2f, deals add up to %d and %.2f", c.file, s, g.Graded, g.Lost, graded, lost)
			}
		}
		if len(rep.Game.Totals) != len(c.sides) {
			t.Errorf("%s: totals %v, want one per side %v", c.file, rep.Game.Totals, c.sides)
		}
		for _, x := range c.sides {
			if _, ok := rep.Game.Totals[x]; !ok {
				t.Errorf("%s: totals %v lack side %s", c.file, rep.Game.Totals, x)
			}
		}
		if rep.Game.Over {
			found := false
			for _, x := range c.sides {
				found = found || rep.Game.Winner == x
			}
			if !found {
				t.Errorf("%s: winner %q is not a side of %v", c.file, rep.Game.Winner, c.sides)
			}
		}
	}
}

// A table game in progress with a person at it is not analysed: the
// grades of the bots' decisions would show their cards. Without a person
// (bots only) it is.
func TestAnalyzeTableRefusesGameInProgress(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(games, "tables", "saves", "three-in-dialogue.klob"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "current.klob")
	os.WriteFile(path, []byte(strings.Replace(string(b), `[LevelB "random"]`, `[LevelB "human"]`, 1)), 0o644)
	if code, _, errs := analyze(path, "-samples", "4"); code != 1 || !strings.Contains(errs, "the game is not over") {
		t.Errorf("with a person: exit %d, stderr %q; want 1 and a refusal", code, errs)
	}
	if code, out, errs := analyze(filepath.Join(games, "tables", "saves", "three-in-dialogue.klob"), "-samples", "4"); code != 0 || !strings.Contains(out, "unfinished") {
		t.Errorf("bots only: exit %d, stderr %q, report:\n%s", code, errs, out)
	}
}
