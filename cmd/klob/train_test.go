package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

func train(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return runWith(runTrain, args...)
}

// TestTrainEval: -eval prints every legal option with its numbers, the
// hard bot's choice and a verdict per option; J-9-A of the upcard's suit
// takes, and passing is a mistake; the same text prints the same table.
func TestTrainEval(t *testing.T) {
	text := "hand=JS 9S AS KH QH 7D up=8S seat=elder score=120-230 samples=120"
	code, out, errs := train(t, "-eval", text)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"situation: hand=JS 9S AS KH QH 7D up=8S seat=elder score=120-230 target=500",
		"The opponent deals: you speak first",
		"Score: you 120, the opponent 230; game to 500.",
		"120 samples (seed 1); options ranked by the expected score difference",
		"option", "score diff", "bete", "win game", "verdict",
		"best (the hard bot's choice)",
		"The hard bot would take.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// One line per legal option, in the engine's order.
	row := regexp.MustCompile(`(?m)^(pass|take|schmeiss)\s+[+-]?\d+\.\d ± +\d+\.\d\s+\d+(\.\d)?%\s+\d+\.\d%\s+(.*)$`)
	rows := row.FindAllStringSubmatch(out, -1)
	if len(rows) != 3 || rows[0][1] != "pass" || rows[1][1] != "take" || rows[2][1] != "schmeiss" {
		t.Fatalf("option rows %q in:\n%s", rows, out)
	}
	if !strings.HasPrefix(rows[0][3], "a mistake that costs") {
		t.Errorf("passing J-9-A: %q", rows[0][3])
	}
	_, again, _ := train(t, "-eval", text)
	if again != out {
		t.Errorf("the same text printed two tables:\n%s\n%s", out, again)
	}
	_, other, _ := train(t, "-eval", text+" seed=2")
	if other == out {
		t.Error("seed=2 printed the same table as seed 1")
	}
	_, flagSeed, _ := train(t, "-seed", "2", "-eval", text)
	if flagSeed != other {
		t.Error("-seed 2 and seed=2 differ")
	}
}

func TestTrainEvalKinds(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"hand=JS QD AD KH 8S KS up=QH said=pass,schmeiss samples=20", "accept"},
		{"hand=9D 8C KC QC AH TH up=7S seat=dealer round=2 said=pass samples=20", "name hearts"},
	} {
		code, out, errs := train(t, "-eval", tc.text)
		if code != 0 || !strings.Contains(out, tc.want) {
			t.Errorf("%q: exit %d, %s\n%s", tc.text, code, errs, out)
		}
	}
}

// TestTrainEvalErrors: bad input is refused with exit 2 and a message
// naming the bad part.
func TestTrainEvalErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"hand=XS 9S AS KH QH 7D up=8S", `klob train: -eval: hand: "XS" is not a card`},
		{"hand=JS 9S AS KH QH up=8S", "klob train: -eval: hand: a hand has six cards, not 5"},
		{"hand=JS 9S AS KH QH 7D up=JS", "klob train: -eval: up: the upcard cannot be in the hand"},
		{"hand=JS 9S AS KH QH 7D up=8S score=600-0", "klob train: -eval: score: the game is already over"},
		{"hand=JS 9S AS KH QH 7D up=8S said=pass seat=elder", "klob train: -eval: seat: after pass it is the dealer's turn"},
		{"hand=JS 9S AS KH QH 7D up=8S said=take", "klob train: -eval: said:"},
		{"hand=JS 9S AS KH QH 7D up=8S colour=red", "klob train: -eval: colour: unknown key"},
		{"", "klob train: -eval: hand: missing"},
	} {
		code, out, errs := train(t, "-eval", tc.text)
		if code != 2 || out != "" || !strings.HasPrefix(errs, tc.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.text, code, out, errs, tc.want)
		}
	}
}

func TestTrainFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-only", "round3"}, `klob train: -only: "round3" is not a drill kind`},
		{[]string{"-samples", "0"}, "klob train: -samples: 0 is not from 1 to 100000"},
		{[]string{"-rules", "colour=red"}, "klob train: -rules: unknown rule option"},
		{[]string{"-target", "0"}, "klob train: -target:"},
		{[]string{"extra"}, `klob train: unexpected argument "extra"`},
		{[]string{"-eval", "x", "-review"}, "klob train: -eval and -review do not go together"},
	} {
		code, _, errs := train(t, tc.args...)
		if code != 2 || !strings.HasPrefix(errs, tc.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, code, errs, tc.want)
		}
	}
	if code, out, _ := train(t, "-h"); code != 0 || !strings.Contains(out, "-eval reads key=value fields") {
		t.Errorf("-h: exit %d\n%s", code, out)
	}
	tf, err := parseTrain([]string{"-seed", "9", "-only", "schmeiss", "-samples", "300", "-target", "301", "-ascii"}, &bytes.Buffer{}, &bytes.Buffer{},
		func() uint64 { return 5 })
	require.NoError(t, err)
	c := tf.cfg
	if c.Seed != 9 || c.Only != drill.OnlySchmeiss || c.Samples != 300 || c.Options.Target != 301 || !c.ASCII || !c.Spinner {
		t.Errorf("config %+v", c)
	}
	tf, _ = parseTrain(nil, &bytes.Buffer{}, &bytes.Buffer{}, func() uint64 { return 5 })
	if tf.cfg.Seed != 5 || tf.cfg.Samples != drill.DefaultSamples {
		t.Errorf("defaults %+v", tf.cfg)
	}
}

// TestTrainReview: -review prints the record and each kept mistake with
// the -eval text that shows it again; a damaged record is reported and
// kept aside.
func TestTrainReview(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("KLOB_STATE_DIR", dir)
	if code, out, _ := train(t, "-review"); code != 0 || !strings.Contains(out, "No drills yet") {
		t.Fatalf("empty: exit %d, %q", code, out)
	}
	req, err := drill.Parse("hand=JS 9S AS KH QH 7D up=8S score=10-20")
	require.NoError(t, err)
	f := &drill.StatsFile{Path: filepath.Join(dir, drill.StatsName)}
	f.Add(drill.Record{Situation: req.Situation, Chose: rules.PassAction(), Best: rules.Action{Kind: rules.Take},
		Verdict: drill.Verdict{Kind: drill.Mistake, Points: 41}, When: time.Now()})
	f.Add(drill.Record{Situation: req.Situation, Chose: rules.Action{Kind: rules.Take}, Best: rules.Action{Kind: rules.Take},
		Verdict: drill.Verdict{Kind: drill.Best}, When: time.Now()})
	code, out, errs := train(t, "-review")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"2 drills, 1 right (50%), 20.5 points lost a drill.", "round one", "you: pass, best: take: a mistake that costs 41 points",
		`klob train -eval "hand=JS 9S AS KH QH 7D up=8S seat=elder score=10-20 target=500"`} {
		if !strings.Contains(out, want) {
			t.Errorf("review lacks %q:\n%s", want, out)
		}
	}
	os.WriteFile(f.Path, []byte("{broken"), 0o644)
	code, out, errs = train(t, "-review")
	if code != 0 || !strings.Contains(errs, "kept as "+filepath.Join(dir, "damaged")) || !strings.Contains(out, "No drills yet") {
		t.Errorf("damaged: exit %d, %q, %q", code, out, errs)
	}
}

// A long -eval shows its progress on stderr (issue 14: samples=100000
// ran over a minute with no sign of life); a short one prints nothing
// there.
func TestTrainEvalProgress(t *testing.T) {
	code, out, errs := train(t, "-eval", "hand=JS 9S AS KH QH 7D up=8S samples=1000")
	if code != 0 || !strings.Contains(out, "1000 samples (seed 1)") {
		t.Fatalf("exit %d: %s\n%s", code, out, errs)
	}
	if !strings.Contains(errs, "\revaluating: 0 of 1000 samples") || !strings.HasSuffix(errs, "\revaluating: 1000 of 1000 samples\n") {
		t.Errorf("stderr %q: want a progress line rewritten up to 1000 of 1000", errs)
	}
	if _, _, errs := train(t, "-eval", "hand=JS 9S AS KH QH 7D up=8S samples=100"); errs != "" {
		t.Errorf("a short evaluation wrote %q to stderr", errs)
	}
}

// -review prints nothing from train.json raw: a record holding escape
// sequences is refused on load (and kept aside), and the message says so
// with the sequences escaped (issue 14).
func TestTrainReviewSanitises(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("KLOB_STATE_DIR", dir)
	rec := `{"version": 1, "drills": 1, "correct": 0, "mistakes": [{"situation": "hand=JS 9S AS KH QH 7D up=8S", "chose": "pass\u001b[2J", "best": "take"}]}`
	if err := os.WriteFile(filepath.Join(dir, drill.StatsName), []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := train(t, "-review")
	if strings.ContainsAny(out+errs, "\x1b\x07") {
		t.Fatalf("escape sequences printed raw: exit %d\nstdout %q\nstderr %q", code, out, errs)
	}
	if !strings.Contains(errs, "could not be read") || !strings.Contains(errs, `\x1b`) {
		t.Errorf("stderr %q: want the record refused with the escape shown as \\x1b", errs)
	}
}
