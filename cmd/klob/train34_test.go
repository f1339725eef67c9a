package main

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

// TestTrainPlayersFlags: -players 3|4 and -rules players=N open the
// trainer of that table with the house variants; a drill kind the table
// never asks is refused with exit 2 and says why.
func TestTrainPlayersFlags(t *testing.T) {
	now := func() uint64 { return 5 }
	for _, tc := range []struct {
		args    []string
		players int
		check   func(rules.Options) bool
	}{
		{[]string{"-players", "3"}, 3, nil},
		{[]string{"-players", "4", "-only", "round2"}, 4, nil},
		{[]string{"-rules", "players=3,shlomo=on,dealer_forced=on", "-only", "declare"}, 3, func(o rules.Options) bool { return o.Shlomo && o.DealerForced }},
		{[]string{"-players", "4", "-rules", "cleopatra=on,menage=on,of_a_kind=on"}, 4, func(o rules.Options) bool { return o.Cleopatra && o.Menage && o.OfAKind }},
		{[]string{"-rules", "players=4", "-players", "2"}, 2, nil},
		{[]string{"-players", "3", "-only", "dix", "-target", "300"}, 3, func(o rules.Options) bool { return o.Target == 300 }},
	} {
		tf, err := parseTrain(tc.args, &bytes.Buffer{}, &bytes.Buffer{}, now)
		require.NoError(t, err, "%v", tc.args)
		require.Equal(t, tc.players, tf.cfg.Options.NumPlayers(), "%v", tc.args)
		if tc.check != nil {
			require.True(t, tc.check(tf.cfg.Options), "%v: %v", tc.args, tf.cfg.Options)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-players", "5"}, "klob train: -players must be 2, 3 or 4, got 5"},
		{[]string{"-players", "3", "-only", "schmeiss"}, "klob train: -only schmeiss: there is no schmeiss at a table of 3"},
		{[]string{"-players", "4", "-only", "dix"}, "klob train: -only dix: no such decision under these rules"},
		{[]string{"-players", "3", "-only", "declare"}, "klob train: -only declare: no such decision under these rules (the declarations need shlomo=on"},
		{[]string{"-only", "sequences"}, "klob train: -only sequences: drilled at tables of three and four"},
	} {
		code, _, errs := train(t, tc.args...)
		if code != 2 || !strings.HasPrefix(errs, tc.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, code, errs, tc.want)
		}
	}
	if code, out, _ := train(t, "-h"); code != 0 || !strings.Contains(out, "-players") || !strings.Contains(out, "declare, dix, sequences") {
		t.Errorf("-h: exit %d\n%s", code, out)
	}
}

// TestTrainEvalTableErrors: a table drill given to -eval that cannot be
// is refused with exit 2, naming the bad part.
func TestTrainEvalTableErrors(t *testing.T) {
	g, err := drill.NewTableGenerator(1, drill.Any, func() rules.Options {
		o, _ := rules.ParseOptions("players=3")
		return o
	}())
	require.NoError(t, err)
	good := g.Drill(1).String()
	for _, tc := range []struct{ text, want string }{
		{strings.Replace(good, "deck=", "deck=XX,", 1), "klob train: -eval: deck:"},
		{good + " samples=0", "klob train: -eval: samples:"},
		{good + " seed=x", "klob train: -eval: seed:"},
		{"players=4 dealer=A score=0-0", "klob train: -eval: deck: missing"},
	} {
		code, out, errs := train(t, "-eval", tc.text)
		if code != 2 || out != "" || !strings.HasPrefix(errs, tc.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.text, code, out, errs, tc.want)
		}
	}
}

// TestTrainReviewTables: -review prints each seat count's record apart
// from the two-player one, with the -eval text of each mistake.
func TestTrainReviewTables(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("KLOB_STATE_DIR", dir)
	o, err := rules.ParseOptions("players=4")
	require.NoError(t, err)
	g, err := drill.NewTableGenerator(3, drill.OnlyRound1, o)
	require.NoError(t, err)
	s := g.Drill(1)
	f := &drill.StatsFile{Path: filepath.Join(dir, drill.StatsName)}
	_, err = f.Add(drill.Record{Table: &s, Chose: rules.PassAction(), Best: rules.Action{Kind: rules.Take},
		Verdict: drill.Verdict{Kind: drill.Mistake, Points: 12}, When: time.Now()})
	require.NoError(t, err)
	code, out, errs := train(t, "-review")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"At 4 players: 1 drills, 0 right (0%), 12.0 points lost a drill.", "round one", "Your last mistakes at 4 players",
		"you: pass, best: take: a mistake that costs 12 points", `klob train -eval "players=4 dealer=`} {
		if !strings.Contains(out, want) {
			t.Errorf("review lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "No drills yet") || strings.HasPrefix(out, "1 drills") {
		t.Errorf("the table drill counted as a two-player one:\n%s", out)
	}
}

// TestTrainEvalTable: -eval on a table drill (the form -review prints)
// prints the situation as the player sees it and one row per legal
// option with the hard bot's choice; the same text prints the same
// table, and seed= changes the samples.
func TestTrainEvalTable(t *testing.T) {
	o, err := rules.ParseOptions("players=4")
	require.NoError(t, err)
	g, err := drill.NewTableGenerator(2, drill.OnlyRound2, o)
	require.NoError(t, err)
	s := g.Drill(1)
	v, err := s.View()
	require.NoError(t, err)
	text := s.String() + " samples=60"
	code, out, errs := train(t, "-eval", text)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"situation: " + s.String(), "North, across, is your partner",
		"60 samples (seed 1); options ranked by the expected score difference for this deal (your team's minus the other team's).",
		"best (the hard bot's choice)", "The hard bot would ", "Round two: name "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "win game") {
		t.Errorf("a table's evaluation shows a win chance it does not model:\n%s", out)
	}
	for _, a := range v.Legal() {
		if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(drill.Label(a)) + `\s+[+-]?\d+\.\d ± +\d+\.\d`).MatchString(out) {
			t.Errorf("no row for %s:\n%s", drill.Label(a), out)
		}
	}
	if _, again, _ := train(t, "-eval", text); again != out {
		t.Errorf("the same text printed two tables")
	}
	if _, other, _ := train(t, "-eval", text+" seed=5"); other == out || !strings.Contains(other, "(seed 5)") {
		t.Errorf("seed=5 printed the same table as seed 1")
	}
}
