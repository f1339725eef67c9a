package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/internal/testing/ctxtest"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func train(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return runWith(runTrain, args...)
}

// when stamps the records the tests write, so that -review prints the
// same whatever the clock says.
var when = time.Date(2026, 11, 29, 15, 4, 5, 0, time.UTC)

// TestTrainEval: -eval prints every legal option with its numbers, the
// hard bot's choice and a verdict per option; J-9-A of the upcard's suit
// takes, and passing is wrong; the same text prints the same table.
func TestTrainEval(t *testing.T) {
	shortParallel(t)
	text := "hand=JS 9S AS KH QH 7D up=8S seat=elder score=120-230 samples=120"
	code, out, errs := train(t, "-eval", text)
	require.Equal(t, 0, code, errs)
	for _, want := range []string{
		drill.RepeatLabel + `"players=2 dealer=B score=120-230 target=500 deck=`,
		"You hold J♠ 9♠ A♠ K♥ Q♥ 7♦. The upcard 8♠ proposes spades.",
		"The opponent deals: you speak first",
		"Score: you 120, the opponent 230; game to 500.",
		"120 samples, seed 1.",
		"Ranked by score difference for this deal: yours minus the opponent's.",
		"option", "score diff", "bete", "win game", "verdict",
		"The hard bot would take.",
	} {
		assert.Contains(t, out, want)
	}
	// One line per legal option, ranked as the line above says: the
	// best first, then by score difference.
	row := regexp.MustCompile(`(?m)^(pass|take|schmeiss)\s+([+-]?\d+\.\d) ± +\d+\.\d\s+\d+(\.\d)?%\s+\d+\.\d%\s+(.*)$`)
	rows := row.FindAllStringSubmatch(out, -1)
	require.Len(t, rows, 3, out)
	assert.Equal(t, "take", rows[0][1], out)
	assert.Equal(t, "best", rows[0][4])
	for i, r := range rows {
		if r[1] == "pass" {
			assert.Regexp(t, `^(inaccuracy|mistake|blunder): -\d+\.\d ± \d+\.\d pts$`, r[4], "passing J-9-A is wrong, beyond the gap's error")
		}
		if i > 0 {
			prev, err := strconv.ParseFloat(rows[i-1][2], 64)
			require.NoError(t, err)
			cur, err := strconv.ParseFloat(r[2], 64)
			require.NoError(t, err)
			assert.GreaterOrEqual(t, prev, cur, "the rows are ranked by score difference:\n%s", out)
		}
	}
	for i, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if i > 0 {
			assert.LessOrEqual(t, utf8.RuneCountInString(l), 80, "%q", l)
		}
	}
	_, again, _ := train(t, "-eval", text)
	assert.Equal(t, out, again, "the same text printed two tables")
	_, other, _ := train(t, "-eval", text+" seed=2")
	assert.NotEqual(t, out, other, "seed=2 printed the same table as seed 1")
	_, flagSeed, _ := train(t, "-seed", "2", "-eval", text)
	assert.Equal(t, other, flagSeed, "-seed 2 and seed=2 differ")
	_, ascii, _ := train(t, "-ascii", "-eval", text)
	assert.Contains(t, ascii, "You hold JS 9S AS KH QH 7D. The upcard 8S proposes spades.")
}

// TestTrainEvalEveryCount: -eval reads the form -review prints at every
// seat count, prints the decision as the player sees it and one row per
// legal option with the hard bot's choice; the win chance shows only at
// two players, where it is modelled. On 60 samples, 30 under -short.
func TestTrainEvalEveryCount(t *testing.T) {
	shortParallel(t)
	samples := fullOrShort(60, 30)
	for _, c := range []struct {
		rules, role, ranked string
	}{
		{"players=2", "", "yours minus the opponent's"},
		{"players=3", "Three players, each for themselves.", "yours minus the others' average"},
		{"players=4", "North, across, is your partner.", "your team's minus the other team's"},
	} {
		g, err := drill.NewGenerator(2, drill.OnlyRound2, opts(t, c.rules))
		require.NoError(t, err)
		s := g.Drill(1)
		v, err := s.View()
		require.NoError(t, err)
		text := fmt.Sprintf("%s samples=%d", s.String(), samples)
		code, out, errs := train(t, "-eval", text)
		require.Equal(t, 0, code, "%s: %s", c.rules, errs)
		words := strings.Join(strings.Fields(out), " ") // the sentences as wrapped
		for _, want := range []string{drill.RepeatLabel + strconv.Quote(text+" seed=1"), c.role, fmt.Sprintf("%d samples, seed 1.", samples), "The hard bot would ", "Round two: name "} {
			assert.Contains(t, words, want, c.rules)
		}
		// The first line, run again, gives this very table: it keeps
		// the samples and the seed.
		first, _, _ := strings.Cut(out, "\n")
		repeat, uerr := strconv.Unquote(strings.TrimPrefix(first, drill.RepeatLabel))
		require.NoError(t, uerr, first)
		_, out2, _ := train(t, "-eval", repeat)
		assert.Equal(t, out, out2, "%s: the line to evaluate again gives another table", c.rules)
		if !strings.Contains(out, "Ranked by the chance to win") {
			assert.Contains(t, words, c.ranked, c.rules)
		}
		assert.Contains(t, out, "win game", "%s: the win column", c.rules)
		for _, a := range v.Legal() {
			assert.Regexp(t, `(?m)^`+regexp.QuoteMeta(drill.Label(a, false))+`\s+[+-]?\d+\.\d ± +\d+\.\d`, out, "%s: no row for %s", c.rules, a)
		}
		_, again, _ := train(t, "-eval", text)
		assert.Equal(t, out, again, "%s: the same text printed two tables", c.rules)
		_, other, _ := train(t, "-eval", text+" seed=5")
		assert.NotEqual(t, out, other, "%s: seed=5 printed the same table", c.rules)
		assert.Contains(t, other, "seed 5.")
	}
}

func TestTrainEvalKinds(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"hand=JS QD AD KH 8S KS up=QH said=pass,schmeiss samples=20", "accept"},
		{"hand=9D 8C KC QC AH TH up=7S seat=dealer round=2 said=pass samples=20", "name hearts"},
	} {
		code, out, errs := train(t, "-eval", tc.text)
		assert.Equal(t, 0, code, "%q: %s", tc.text, errs)
		assert.Contains(t, out, tc.want, tc.text)
	}
}

func opts(t *testing.T, s string) rules.Options {
	t.Helper()
	o, err := rules.ParseOptions(s)
	require.NoError(t, err)
	return o
}

// TestTrainEvalErrors: bad input is refused with exit 2 and a message
// naming the bad part, in either form.
func TestTrainEvalErrors(t *testing.T) {
	g, err := drill.NewGenerator(1, drill.Any, opts(t, "players=3"))
	require.NoError(t, err)
	good := g.Drill(1).String()
	for _, tc := range []struct{ text, want string }{
		{"hand=XS 9S AS KH QH 7D up=8S", `klob train: -eval: hand: "XS" is not a card`},
		{"hand=JS 9S AS KH QH up=8S", "klob train: -eval: hand: a hand has six cards, not 5"},
		{"hand=JS 9S AS KH QH 7D up=JS", "klob train: -eval: up: the upcard cannot be in the hand"},
		{"hand=JS 9S AS KH QH 7D up=8S score=600-0", "klob train: -eval: score: the game is already over"},
		{"hand=JS 9S AS KH QH 7D up=8S said=pass seat=elder", "klob train: -eval: seat: after pass it is the dealer's turn"},
		{"hand=JS 9S AS KH QH 7D up=8S said=take", "klob train: -eval: said:"},
		{"hand=JS 9S AS KH QH 7D up=8S colour=red", "klob train: -eval: colour: unknown key"},
		{"", "klob train: -eval: hand: missing"},
		{strings.Replace(good, "deck=", "deck=XX,", 1), "klob train: -eval: deck:"},
		{good + " samples=0", "klob train: -eval: samples:"},
		{good + " seed=x", "klob train: -eval: seed:"},
		{"players=4 dealer=A score=0-0", "klob train: -eval: deck: missing"},
		{strings.Replace(good, "score=", "score=\x1b[2J", 1), `klob train: -eval: score: "\x1b[2J`},
	} {
		code, out, errs := train(t, "-eval", tc.text)
		assert.Equal(t, 2, code, tc.text)
		assert.Empty(t, out, tc.text)
		assert.True(t, strings.HasPrefix(errs, tc.want), "%q: stderr %q, want %q", tc.text, errs, tc.want)
		assert.NotContains(t, errs, "\x1b", "%q: an escape printed raw", tc.text)
	}
}

func TestTrainFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-only", "round3"}, `klob train: -only "round3": want `},
		// In klob analyze's words for the same flag.
		{[]string{"-samples", "-1"}, "klob train: -samples -1: want 1 to 20000, or 0 for the default"},
		{[]string{"-samples", "20001"}, "klob train: -samples 20001: want 1 to 20000, or 0 for the default"},
		{[]string{"-rules", "colour=red"}, "klob train: -rules: unknown rule option"},
		{[]string{"-target", "0"}, "klob train: -target 0: want "},
		{[]string{"extra"}, `klob train: unexpected argument "extra"`},
		{[]string{"-eval", "x", "-review"}, "klob train: -eval and -review do not go together"},
		{[]string{"-players", "5"}, "klob train: -players 5: want 2, 3 or 4"},
		{[]string{"-players", "3", "-only", "schmeiss"}, "klob train: -only schmeiss: no such decision under these rules (the schmeiss is an offer between two players)"},
		{[]string{"-players", "4", "-only", "dix"}, "klob train: -only dix: no such decision under these rules (four players exchange no dix)"},
		{[]string{"-players", "3", "-only", "declare"}, "klob train: -only declare: no such decision under these rules (the declarations need shlomo=on"},
		{[]string{"-only", "declare"}, "klob train: -only declare: no such decision under these rules"},
	} {
		code, _, errs := train(t, tc.args...)
		assert.Equal(t, 2, code, "%v", tc.args)
		// A long reason is wrapped to the terminal: its words are read.
		flat := strings.Join(strings.Fields(errs), " ")
		assert.True(t, strings.HasPrefix(flat, tc.want), "%v: %q; want %q", tc.args, errs, tc.want)
	}
	code, out, _ := train(t, "-h")
	assert.Equal(t, 0, code)
	// -only names the kinds, then the seats, whose every decision it takes.
	flat := strings.Join(strings.Fields(out), " ")
	for _, want := range []string{"-eval reads the form -review prints", "-players", "declare, dix, sequences; or every decision of one seat: dealer, elder"} {
		assert.Contains(t, flat, want)
	}
	// A drill has no game over: its seed shows in the title.
	assert.NotContains(t, out, "when the game is over")
	now := func() uint64 { return 5 }
	tf, err := parseTrain([]string{"-seed", "9", "-only", "schmeiss", "-samples", "300", "-target", "301", "-ascii"}, &bytes.Buffer{}, &bytes.Buffer{}, now)
	require.NoError(t, err)
	c := tf.cfg
	if c.Seed != 9 || c.Only != drill.OnlySchmeiss || c.Samples != 300 || c.Options.Target != 301 || !c.ASCII || !c.Spinner {
		t.Errorf("config %+v", c)
	}
	tf, _ = parseTrain(nil, &bytes.Buffer{}, &bytes.Buffer{}, now)
	assert.Equal(t, uint64(5), tf.cfg.Seed)
	assert.Equal(t, drill.DefaultSamples, tf.cfg.Samples)
	// -samples 0 is the default, as klob analyze reads it.
	tf, err = parseTrain([]string{"-samples", "0"}, &bytes.Buffer{}, &bytes.Buffer{}, now)
	require.NoError(t, err)
	assert.Equal(t, drill.DefaultSamples, tf.cfg.Samples)
	// -players and -rules players=N open the trainer of that table with
	// the house variants, every kind at every count that asks it.
	for _, tc := range []struct {
		args    []string
		players int
		check   func(rules.Options) bool
	}{
		{[]string{"-players", "3"}, 3, nil},
		{[]string{"-players", "4", "-only", "round2"}, 4, nil},
		{[]string{"-only", "sequences"}, 2, nil},
		{[]string{"-only", "dix"}, 2, nil},
		{[]string{"-rules", "players=3,shlomo=on,dealer_forced=on", "-only", "declare"}, 3, func(o rules.Options) bool { return o.Shlomo && o.DealerForced }},
		{[]string{"-players", "4", "-rules", "cleopatra=on,menage=on,of_a_kind=on"}, 4, func(o rules.Options) bool { return o.Cleopatra && o.Menage && o.OfAKind }},
		{[]string{"-rules", "players=4", "-players", "2"}, 2, nil},
		{[]string{"-players", "3", "-only", "dix", "-target", "300"}, 3, func(o rules.Options) bool { return o.Target == 300 }},
	} {
		tf, err := parseTrain(tc.args, &bytes.Buffer{}, &bytes.Buffer{}, now)
		require.NoError(t, err, "%v", tc.args)
		assert.Equal(t, tc.players, tf.cfg.Options.NumPlayers(), "%v", tc.args)
		if tc.check != nil {
			assert.True(t, tc.check(tf.cfg.Options), "%v: %v", tc.args, tf.cfg.Options)
		}
	}
}

// TestTrainReview: -review prints the record of each seat count and
// each kept mistake in words, cards as cards, with the -eval text that
// shows it again; the verdict words follow the scale; a damaged record
// is reported and kept aside.
func TestTrainReview(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("KLOB_STATE_DIR", dir)
	code, out, _ := train(t, "-review")
	require.Equal(t, 0, code)
	require.Contains(t, out, "No drills yet")
	req, err := drill.Parse("hand=JS 9S AS KH QH 7D up=8S score=10-20")
	require.NoError(t, err)
	g, err := drill.NewGenerator(3, drill.OnlyRound1, opts(t, "players=4"))
	require.NoError(t, err)
	four := g.Drill(1)
	f := &drill.StatsFile{Path: filepath.Join(dir, drill.StatsName)}
	for _, r := range []drill.Record{
		{Situation: req.Situation, Chose: rules.PassAction(), Best: rules.Action{Kind: rules.Take},
			Verdict: drill.Verdict{Kind: drill.Blunder, Points: 48}, When: when},
		{Situation: req.Situation, Chose: rules.Action{Kind: rules.Take}, Best: rules.Action{Kind: rules.Take},
			Verdict: drill.Verdict{Kind: drill.Best}, When: when},
		{Situation: four, Chose: rules.NameAction(rules.Diamonds), Best: rules.PassAction(),
			Verdict: drill.Verdict{Kind: drill.Mistake, ByWin: true, Win: 0.012, Chance: 0.5, BestChance: 0.512}, When: when},
	} {
		_, err := f.Add(r)
		require.NoError(t, err)
	}
	code, out, errs := train(t, "-review")
	require.Equal(t, 0, code, errs)
	local := when.Local().Format("2006-01-02 15:04")
	// Every line but the -eval commands (one line each, to copy) fits
	// 80 columns; the words are read with the line breaks as spaces.
	for _, l := range strings.Split(out, "\n") {
		if !strings.HasPrefix(l, "  klob train -eval ") {
			assert.LessOrEqual(t, utf8.RuneCountInString(l), 80, "a line over 80 columns: %q", l)
		}
	}
	flat := strings.Join(strings.Fields(out), " ")
	for _, want := range []string{
		// The chances with their decimal, as the drill's screen writes them.
		local + " you: name diamonds; best: pass; a mistake that lowers your chance to win the game from 51.2% to 50.0%.",
	} {
		assert.Contains(t, flat, want)
	}
	for _, want := range []string{
		"At 2 players: 2 drills, 1 right (50%); 48.0 points lost, 24.0 a drill.",
		"  round one   2 drills, 1 right (50%); 48.0 points lost, 24.0 a drill.",
		"Your last mistakes at 2 players, newest first:",
		local + "  you: pass; best: take; a blunder that costs 48.0 points.",
		`  klob train -eval "` + req.Situation.String() + `"`,
		"At 4 players: 1 drill, 0 right (0%); chance to win lost 1.2% on the one drill.",
		`  klob train -eval "players=4 dealer=`,
	} {
		assert.Contains(t, out, want)
	}
	assert.NotContains(t, out, "At 3 players")
	assert.NotContains(t, out, "0.0 points lost", "a wrong answer summed up as nothing lost")
	// A damaged record is said, and left where it is: -review only
	// prints.
	require.NoError(t, os.WriteFile(f.Path, []byte("{broken"), 0o644))
	code, out, errs = train(t, "-review")
	assert.Equal(t, 1, code)
	assert.Contains(t, unwrapped(errs), "the training record "+f.Path+" cannot be read, and is left as it is")
	assert.Empty(t, out)
	assertFile(t, f.Path, "{broken")
	assert.NoDirExists(t, filepath.Join(dir, "damaged"))
}

// trainRecord points the state folder at a new temporary folder that
// holds data as the training record, and returns the record's path.
func trainRecord(t *testing.T, data string) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("KLOB_STATE_DIR", dir)
	path := filepath.Join(dir, drill.StatsName)
	require.NoError(t, os.WriteFile(path, []byte(data), 0o644))
	return path
}

// TestTrainNewerRecord: a record of a version this klob does not know
// is refused and left as it is, by -review and by a drill's save.
func TestTrainNewerRecord(t *testing.T) {
	newer := `{"version": 99, "sections": {"2": {"drills": 5, "correct": 5}}, "something": "new"}`
	path := trainRecord(t, newer)
	code, out, errs := train(t, "-review")
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Contains(t, unwrapped(errs), "has version 99, and this klob knows versions up to 2: a newer klob wrote it")
	f := &drill.StatsFile{Path: path}
	req, err := drill.Parse("hand=JS 9S AS KH QH 7D up=8S")
	require.NoError(t, err)
	_, err = f.Add(drill.Record{Situation: req.Situation, Chose: rules.PassAction(), Best: rules.PassAction(),
		Verdict: drill.Verdict{Kind: drill.Best}})
	var ne *drill.NewerError
	require.ErrorAs(t, err, &ne)
	assertFile(t, path, newer, "the newer record was changed")
	assert.NoDirExists(t, filepath.Join(filepath.Dir(path), "damaged"))
}

// TestTrainReviewVersion1: a record written before the seat counts were
// one still reads, and -review prints it.
func TestTrainReviewVersion1(t *testing.T) {
	trainRecord(t, `{"version": 1, "drills": 3, "correct": 2, "points_lost": 12.5,
"kinds": {"round one": {"drills": 3, "correct": 2, "points_lost": 12.5}},
"mistakes": [{"situation": "hand=JS 9S AS KH QH 7D up=8S seat=elder score=10-20 target=500", "chose": "pass", "best": "take", "points": 12.5, "when": "2026-11-29T15:04:05Z"}]}`)
	code, out, errs := train(t, "-review")
	require.Equal(t, 0, code, errs)
	assert.Empty(t, errs)
	assert.Contains(t, out, "At 2 players: 3 drills, 2 right (67%); 12.5 points lost, 4.2 a drill.")
	assert.Contains(t, out, "you: pass; best: take; a mistake that costs 12.5 points.")
	assert.Contains(t, out, `klob train -eval "players=2 dealer=B score=10-20 target=500 deck=`)
}

// cheapEval is a decision quick to evaluate, for tests of what goes on
// around an evaluation: the answer to a schmeiss, whose accept throws
// the deal in, so that only refuse plays its samples out.
const cheapEval = "hand=JS QD AD KH 8S KS up=QH said=pass,schmeiss"

// A long -eval shows its progress on a terminal's stderr; a short one
// prints nothing there, nor does any on a stderr that is no terminal (a
// file, where the rewrites would run together as one line).
func TestTrainEvalProgress(t *testing.T) {
	shortParallel(t)
	code, out, errs := train(t, "-eval", cheapEval+" samples=1000")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "1000 samples, seed 1.")
	assert.Empty(t, errs, "a progress line written to a stderr that is no terminal")
	req, err := drill.Parse(cheapEval)
	require.NoError(t, err)
	v, err := req.Situation.View()
	require.NoError(t, err)
	var tty strings.Builder
	_, err = evalWithProgress(context.Background(), &v, drill.Options{Samples: 1000, Seed: 1}, &tty, true)
	require.NoError(t, err)
	errs = tty.String()
	assert.Contains(t, errs, "\revaluating: 0 of 1000 samples")
	assert.True(t, strings.HasSuffix(errs, "\revaluating: 1000 of 1000 samples\n"), "stderr %q: want a progress line rewritten up to 1000 of 1000", errs)
	tty.Reset()
	_, err = evalWithProgress(context.Background(), &v, drill.Options{Samples: 100, Seed: 1}, &tty, true)
	require.NoError(t, err)
	assert.Empty(t, tty.String(), "a short evaluation wrote to stderr")
}

// -review prints nothing from train.json raw: a record holding escape
// sequences is refused on load (and kept aside), and the message says so
// with the sequences escaped.
func TestTrainReviewSanitises(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("KLOB_STATE_DIR", dir)
	for i, rec := range []string{
		`{"version": 1, "drills": 1, "correct": 0, "mistakes": [{"situation": "hand=JS 9S AS KH QH 7D up=8S", "chose": "pass\u001b[2J", "best": "take"}]}`,
		`{"version": 2, "sections": {"2": {"drills": 1, "correct": 0, "mistakes": [{"situation": "hand=JS 9S AS KH QH 7D up=8S", "chose": "pass", "best": "take\u001b[2J"}]}}}`,
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, drill.StatsName), []byte(rec), 0o644))
		code, out, errs := train(t, "-review")
		require.NotContains(t, out+errs, "\x1b", "record %d: escape sequences printed raw: exit %d", i, code)
		assert.Contains(t, errs, "cannot be read", "record %d", i)
		assert.Contains(t, errs, `\x1b`, fmt.Sprintf("record %d: the escape shown as \\x1b", i))
	}
}

// An evaluation cut short returns what its finished batches show and
// says so on stderr; cut before any batch finished, it returns the
// context's error. Cut at every count of looks, so both ends and the
// cases between are met on any machine.
func TestTrainEvalInterrupted(t *testing.T) {
	shortParallel(t)
	req, err := drill.Parse(cheapEval + " samples=200")
	require.NoError(t, err)
	v, err := req.Situation.View()
	require.NoError(t, err)
	var cut, none, whole int
	for looks := int64(1); looks < 4000 && whole == 0; looks = looks*3/2 + 1 {
		var errs strings.Builder
		an, err := evalWithProgress(ctxtest.DeadlineAfter(looks), &v, drill.Options{Samples: 200, Seed: 1}, &errs, false)
		switch {
		case err != nil:
			require.ErrorIs(t, err, context.DeadlineExceeded)
			assert.NotContains(t, errs.String(), "interrupted", "looks %d", looks)
			none++
		case an.Samples < 200:
			assert.Contains(t, errs.String(), fmt.Sprintf("interrupted: the table shows %d of 200 samples", an.Samples), "looks %d", looks)
			cut++
		default:
			assert.NotContains(t, errs.String(), "interrupted", "looks %d", looks)
			whole++
		}
	}
	assert.Positive(t, none, "no cut before the first batch")
	assert.Positive(t, cut, "no cut between batches")
}

// TestTrainStateInTheWay: a file where the state folder should be is
// said as klob play says it (the folder, the cause, what sets it), never
// a bare "not a directory": -review stops; the trainer's first screen
// says the record will not be kept, and keeps none.
func TestTrainStateInTheWay(t *testing.T) {
	file := fileInTheWay(t)
	t.Setenv("KLOB_STATE_DIR", file)
	inTheWay := "the state folder " + file + " cannot be made, a file is in its way (KLOB_STATE_DIR or XDG_STATE_HOME sets it)"
	code, out, errs := train(t, "-review")
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Contains(t, strings.Join(strings.Fields(errs), " "), "klob train: "+inTheWay+": your training record cannot be read")
	assert.NotContains(t, errs, "not a directory")

	var cfg tui.TrainConfig
	rec, err := drill.DefaultStatsFile()
	useRecord(&cfg, rec, err)
	assert.Nil(t, cfg.Record)
	assert.Equal(t, inTheWay+": your record will not be kept", cfg.Warning)
	// The screen writes the home folder as ~.
	t.Setenv("HOME", filepath.Dir(file))
	cfg = tui.TrainConfig{}
	useRecord(&cfg, rec, err)
	assert.Equal(t, strings.Replace(inTheWay, file, "~/state", 1)+": your record will not be kept", cfg.Warning)
	// A folder that can be made keeps the record.
	t.Setenv("KLOB_STATE_DIR", filepath.Join(t.TempDir(), "state"))
	cfg = tui.TrainConfig{}
	rec, err = drill.DefaultStatsFile()
	useRecord(&cfg, rec, err)
	assert.Equal(t, rec, cfg.Record)
	assert.Empty(t, cfg.Warning)
}

// TestTrainHelpSamples: the help of -samples says the trainer's own
// default, and that klob analyze's is not the same (by phase).
func TestTrainHelpSamples(t *testing.T) {
	_, out, _ := train(t, "-h")
	flat := strings.Join(strings.Fields(out), " ")
	assert.Contains(t, flat, fmt.Sprintf("-samples int sampled deals an evaluation, every option scored on each (0: the default; klob analyze -samples defaults by phase instead) (default %d)", drill.DefaultSamples))
}

// TestTrainHelpSeats: the help names the seats seat= takes at each
// table, as the parser does: "third" only at four players.
func TestTrainHelpSeats(t *testing.T) {
	_, out, _ := train(t, "-h")
	flat := strings.Join(strings.Fields(out), " ")
	assert.Contains(t, flat, "seat=elder|second|third|dealer at four players, elder|second|dealer at three, elder|dealer at two")
	for _, n := range []int{2, 3, 4} {
		for _, w := range []string{"elder", "second", "third", "dealer"} {
			text := fmt.Sprintf("hand=JS 9S AS KH QH 7D up=8S players=%d seat=%s", n, w)
			_, err := drill.Parse(text)
			named := slices.Contains(drill.PlaceWords(n), w)
			refused := err != nil && strings.Contains(err.Error(), "is not one of")
			assert.Equal(t, named, !refused, "%d players, seat=%s: %v", n, w, err)
		}
	}
}

// TestTrainEvalRefusesTableFlags: -eval's text says the situation
// whole, so -players, -target and -rules beside it are refused (exit 2,
// saying why) rather than left unread; -review takes none of them nor
// -only, -samples or -seed.
func TestTrainEvalRefusesTableFlags(t *testing.T) {
	const sit = "hand=JS 9S AS KH QH 7D up=8S"
	for _, args := range [][]string{
		{"-players", "3", "-eval", sit},
		{"-target", "100", "-eval", sit},
		{"-rules", "menage=on", "-eval", sit},
		{"-only", "round1", "-eval", sit},
		{"-players", "4", "-review"},
		{"-only", "round1", "-review"},
		{"-samples", "500", "-review"},
		{"-seed", "3", "-review"},
	} {
		code, out, errs := train(t, args...)
		assert.Equal(t, 2, code, "%v", args)
		assert.Empty(t, out, "%v", args)
		assert.Contains(t, errs, "-"+strings.TrimPrefix(args[0], "-")+" does not go with", "%v", args)
	}
}

// TestTrainReviewDamagedSaysWhere: -review of a damaged record says the
// line and column at fault and what to do, and leaves the file.
func TestTrainReviewDamagedSaysWhere(t *testing.T) {
	path := trainRecord(t, "{\n  broken")
	code, out, errs := train(t, "-review")
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Contains(t, unwrapped(errs), "the training record "+path+" cannot be read, and is left as it is: line 2, column 3: invalid character 'b'")
	assert.Contains(t, unwrapped(errs), "klob train moves it aside and starts afresh")
	assertFile(t, path, "{\n  broken")
}

// TestTrainFlagErrorsOneStyle: every bad flag of klob train, read or
// checked after, says why in "klob train: -flag value: why" and where
// the help is, as the parse's own errors do, exit 2; an argument too
// many shows the synopsis too; -review takes -ascii, and its synopsis
// says so.
func TestTrainFlagErrorsOneStyle(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-players", "5"}, "klob train: -players 5: want 2, 3 or 4\n"},
		{[]string{"-players", "x"}, "klob train: -players \"x\": want a whole number\n"},
		{[]string{"-samples", "-1"}, "klob train: -samples -1: want 1 to 20000, or 0 for the default\n"},
		{[]string{"-target", "0"}, "klob train: -target 0: want a whole number from 1 to 5000\n"},
		{[]string{"-only", "nothing"}, "klob train: -only \"nothing\": want "},
		{[]string{"-players", "4", "-only", "dix"}, "klob train: -only dix: no such decision"},
		{[]string{"-review", "-samples", "5"}, "klob train: -samples does not go with -review"},
		{[]string{"-review", "x"}, "klob train: unexpected argument \"x\"\n"},
	} {
		code, out, errs := train(t, c.args...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Empty(t, out, "%v", c.args)
		assert.True(t, strings.HasPrefix(errs, c.want), "%v: stderr %q", c.args, errs)
		if strings.Contains(c.want, "unexpected argument") {
			assert.Contains(t, errs, "\nusage: klob train ", "%v: no synopsis", c.args)
		} else {
			assert.NotContains(t, errs, "usage:", "%v: the synopsis under a bad value", c.args)
		}
		assert.True(t, strings.HasSuffix(errs, "klob train -h lists every flag.\n"), "%v: stderr %q", c.args, errs)
	}
	code, out, errs := train(t, "-review", "-ascii")
	assert.Equal(t, 0, code, errs)
	assert.Contains(t, out, "No drills yet")
	code, out, _ = train(t, "-h")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "klob train -review [-ascii]")
	assert.Contains(t, out, "-review takes -ascii only")
}

// TestEvalASCIIIsPlain: -eval -ascii writes every line a person reads in
// plain ASCII, the explanation's errors as "+-" as the table writes
// them, a 10 as 10 (10C, never the code TC); the first line is the
// command that evaluates the situation again, its text in -eval's codes.
func TestEvalASCIIIsPlain(t *testing.T) {
	code, out, errs := train(t, "-eval", "hand=JS 9S AS KH QH TC up=8S seat=elder score=120-430 samples=100", "-ascii")
	require.Equal(t, 0, code, errs)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.True(t, strings.HasPrefix(lines[0], drill.RepeatLabel+`"players=2 `), lines[0])
	assert.Contains(t, lines[0], "TC", "the line to copy keeps -eval's codes")
	for _, l := range lines[1:] {
		for _, r := range l {
			if r > 127 {
				t.Errorf("not ASCII (%q): %q", r, l)
				break
			}
		}
		assert.NotContains(t, l, "TC", "a card a person reads is written as a card")
	}
	assert.Contains(t, out, "+-")
	assert.Contains(t, out, "10C")
}

// TestTrainWithoutTerminalSaysWhatRuns: where the output is no terminal
// the trainer names its own commands that run without one, -eval and
// -review, beside the others.
func TestTrainWithoutTerminalSaysWhatRuns(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	defer w.Close()
	err = checkTerminal(r, w, func() error { return nil })
	require.ErrorIs(t, err, ErrNoTerminal)
	msg := trainNoTerminal(err)
	for _, want := range []string{"needs a terminal", "klob train -eval", "klob train -review"} {
		assert.Contains(t, msg, want)
	}
}

// TestEndToEndTrainFour builds klob and trains the bidding of a table of
// four in tmux at 100×30 as a person would: reads the drill, answers
// three, opens the review, quits; the record on disk then holds the
// three drills under four players and none under two.
func TestEndToEndTrainFour(t *testing.T) {
	if testing.Short() {
		t.Skip("builds klob and drives it in tmux")
	}
	s, dir := launchKlob(t, 100, 30, "train", "-players", "4", "-rules", "dealer_forced=on", "-seed", "3")
	state := filepath.Join(dir, "state")
	for n := 1; n <= 3; n++ {
		// The header names the seat count in full where the record
		// leaves room ("4 players"), else short ("4p").
		head := fmt.Sprintf("drill %d · seed 3", n)
		s.waitFor(head, patience)
		// A generated drill is dealt off the screen's goroutine: its
		// header shows over "Dealing drill N" first, then the drill.
		scr := s.waitFor("Your choice:", patience)
		for _, want := range []string{head, "North, across, is your partner", "Your hand"} {
			if !strings.Contains(scr, want) {
				t.Fatalf("drill %d lacks %q:\n%s", n, want, scr)
			}
		}
		if !strings.Contains(scr, "4 players · "+head) && !strings.Contains(scr, "4p · "+head) {
			t.Fatalf("drill %d's header does not say four players:\n%s", n, scr)
		}
		s.keys("Enter")
		scr = s.waitFor("best · hard bot", patience)
		if !strings.Contains(scr, "You chose ") || !strings.Contains(scr, "Hard bot: ") {
			t.Fatalf("drill %d: no verdict:\n%s", n, scr)
		}
		s.keys("Enter")
	}
	s.waitFor("drill 4", patience)
	s.keys("M")
	s.waitFor("Record at 4 players: 3 drills", patience)
	s.keys("M")
	s.waitFor("Your choice:", patience)
	scr := s.quit()
	if !strings.Contains(scr, "klob exited: 0") {
		t.Fatalf("klob did not exit cleanly:\n%s", scr)
	}
	if !strings.Contains(strings.Join(strings.Fields(scr), " "), "This session (4 players): ") {
		t.Errorf("no session summary:\n%s", scr)
	}
	st, err := (&drill.StatsFile{Path: filepath.Join(state, drill.StatsName)}).Load()
	if err != nil {
		t.Fatal(err)
	}
	if st.Section(4).Drills != 3 || st.Section(2).Drills != 0 || st.Section(3).Drills != 0 {
		t.Errorf("record: %d drills at four, %d at two, %d at three; want 3, 0, 0", st.Section(4).Drills, st.Section(2).Drills, st.Section(3).Drills)
	}
}
