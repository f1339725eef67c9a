package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
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
	// An empty name is a usage error, said as such, whichever its place.
	for _, args := range [][]string{{""}, {filepath.Join(games, "09-tie.klob"), ""}} {
		if code, out, errs := verify(args...); code != 2 || out != "" || errs != "klob verify: a file name is empty\nklob verify -h lists every flag.\n" {
			t.Fatalf("%q: exit %d, out %q, stderr %q", args, code, out, errs)
		}
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

// TestVerifyResultFileUnchecked: a result file with a board line that
// has no play is not said checked: verify names the board as
// klob daily -import does, counts only the boards replayed (par too),
// and exits 1, the file not checked whole; in a tally it is not passed.
func TestVerifyResultFileUnchecked(t *testing.T) {
	data := playedDay(t, t.TempDir(), 2, "ada", ai.Easy)
	rf, err := duplicate.ParseResultFile(data)
	require.NoError(t, err)
	for i := range rf.Boards {
		rf.Boards[i].Par, rf.Boards[i].HasPar = -5, true
	}
	rf.Boards[2] = duplicate.BoardResult{Board: 3, Result: 300, Par: 175, HasPar: true}
	cheat, err := rf.MarshalText()
	require.NoError(t, err)
	require.Contains(t, string(cheat), "\nboard 3 result +300 par +175\n")
	dir := t.TempDir()
	path := filepath.Join(dir, "cheat.txt")
	require.NoError(t, os.WriteFile(path, cheat, 0o600))

	code, out, errs := verify(path)
	assert.Equal(t, 1, code, "a file not checked whole does not pass")
	checked := slices.Concat(rf.Boards[:2], rf.Boards[3:])
	vs, _ := duplicate.VersusPar(checked)
	assert.Equal(t, fmt.Sprintf("%s: daily results of ada, %s at 2 players: 7 boards of 8 checked, %s against par on 7 boards; "+
		"board 3 not checked. klob daily -import compares a friend's file with your day.", path, rf.Date, kit.Number(vs)),
		unwrapped(strings.TrimSuffix(out, "\n")))
	want := "not checked: board 3 has no play to replay, so its result is only known to be within what a deal can give."
	assert.Equal(t, path+": "+want, unwrapped(strings.TrimSuffix(errs, "\n")))

	// -import says the same of that board.
	code, out, errs = runDailyTest(t, t.TempDir(), "-import", path)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, strings.ReplaceAll(out, "\n", " "), "N"+want[1:])

	// -q prints only what is wrong; a tally does not count it passed.
	code, out, errs = verify("-q", path)
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Contains(t, unwrapped(errs), want)
	valid := filepath.Join(games, "09-tie.klob")
	code, out, _ = verify(valid, path)
	assert.Equal(t, 1, code)
	assert.True(t, strings.HasSuffix(out, "\n\n2 files: 1 passed, 0 failed, 1 not checked whole\n"), "%q", out)
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

// seededLog plays a game of n bots dealt from seed to its end (shlomo
// on where it applies, so that chance steps are drawn) and returns its
// log's text, as klob writes it.
func seededLog(t *testing.T, n int, seed uint64) string {
	t.Helper()
	opts := rules.DefaultOptions()
	require.NoError(t, opts.Set("players", fmt.Sprint(n)))
	require.NoError(t, opts.Set("target", "300"))
	if n > 2 {
		require.NoError(t, opts.Set("shlomo", "on"))
	}
	players := make([]session.Player, n)
	for i := range players {
		players[i] = session.Player{Name: fmt.Sprintf("Bot %d", i), Level: ai.Random}
	}
	bots := func(_ ai.Level, cfg ai.Config) (ai.Bot, error) { return ai.NewRandom(cfg.Seed), nil }
	s, err := session.New(session.Config{Options: opts, Seed: seed, Players: players, NewBot: bots,
		Start: time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)})
	require.NoError(t, err)
	for !s.Over() {
		if s.Game().NeedDeal() {
			require.NoError(t, s.StartDeal())
			continue
		}
		th, ok := s.Think()
		require.True(t, ok)
		a, err := th.Think(context.Background())
		require.NoError(t, s.BotMove(th, a, err))
	}
	b, err := s.Log().MarshalText()
	require.NoError(t, err)
	return string(b)
}

// TestVerifyChecksTheSeed: a log's Seed tag must deal its game: the
// first dealer, every deck and every chance step drawn from it, at
// every seat count. Another seed, or one that is no number, is refused
// at the tag (exit 1); a log without the tag, and a tournament's board
// (one fixed deal), are not checked against one.
func TestVerifyChecksTheSeed(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o600))
		return p
	}
	chance := false
	// Seeds whose games of three and four draw a shlomo's card.
	for n, seed := range map[int]uint64{2: 13, 3: 8, 4: 15} {
		text := seededLog(t, n, seed)
		chance = chance || strings.Contains(text, "chance: draw")
		tag := fmt.Sprintf(`[Seed "%d"]`, seed)
		require.Contains(t, text, tag)
		line, col := seedTagPlace(t, text)
		good := write(fmt.Sprintf("good-%d.klob", n), text)
		code, _, errs := verify("-q", good)
		require.Equal(t, 0, code, "%d players: %s", n, errs)

		for _, tc := range []struct{ value, want string }{
			{fmt.Sprint(seed + 1), fmt.Sprintf("tag Seed: seed %d does not deal this game: ", seed+1)},
			{"abc", `tag Seed: "abc" is not a seed: a whole number from 0 to 18446744073709551615`},
			{"", `tag Seed: "" is not a seed`},
			{"013", `tag Seed: "013" is not a seed`},
		} {
			bad := write(fmt.Sprintf("bad-%d.klob", n), strings.Replace(text, tag, `[Seed "`+tc.value+`"]`, 1))
			code, _, errs := verify("-q", bad)
			errs = unwrapped(errs)
			assert.Equal(t, 1, code, "%d players, seed %q", n, tc.value)
			assert.True(t, strings.HasPrefix(errs, fmt.Sprintf("%s:%d:%d: %s", bad, line, col, tc.want)), "%d players, seed %q: %s", n, tc.value, errs)
		}
		// A board's Seed tag says nothing of its deal; no tag, nothing.
		board := write("board.klob", strings.Replace(text, tag, `[Seed "0"]`+"\n"+`[Board "3"]`, 1))
		none := write("none.klob", strings.Replace(text, tag+"\n", "", 1))
		code, _, errs = verify("-q", board, none)
		assert.Equal(t, 0, code, "%d players: %s", n, errs)
	}
	require.True(t, chance, "no chance step was drawn: the test does not check them")
}

// A chance step not drawn from the seed is refused too: the log of
// four whose deal draws a shlomo's card, with another card drawn.
func TestSeedErrorChecksTheDraws(t *testing.T) {
	text := seededLog(t, 4, 15)
	l, r, err := gamelog.ParseReplay("four.klob", []byte(text))
	require.NoError(t, err)
	require.NoError(t, seedError("four.klob", []byte(text), l, r))
	for i := range r.Deals {
		rd := &r.Deals[i]
		for j, st := range rd.Steps {
			if st.Seat != rules.ChanceSeat {
				continue
			}
			d := rd.At(j)
			for _, other := range d.Legal() {
				if other != st.Action {
					drawn := st.Action
					rd.Steps[j].Action = other
					err := seedError("four.klob", []byte(text), l, r)
					line, col := seedTagPlace(t, text)
					require.EqualError(t, err, fmt.Sprintf("four.klob:%d:%d: tag Seed: seed 15 does not deal this game: in deal %d it draws the shlomo's %s, not %s",
						line, col, rd.No, drawn.Card.Pretty(false), other.Card.Pretty(false)))
					return
				}
			}
		}
	}
	t.Fatal("no chance step with two draws")
}

// seedTagPlace is where a log's text, as klob writes it, holds the
// value of its Seed tag, counted here: the tag's line and the column of
// the value's opening quote.
func seedTagPlace(t *testing.T, text string) (line, col int) {
	line = 1 + slices.IndexFunc(strings.Split(text, "\n"), func(l string) bool { return strings.HasPrefix(l, "[Seed ") })
	require.Positive(t, line, "no Seed tag")
	return line, len(`[Seed "`)
}

// TestUndoAndClaimLogsVerify plays whole games in which the person takes
// decisions back now and then and claims the rest of a deal whenever the
// claim holds; klob verify accepts every log, finished and midway, and
// reports the takebacks and claims tags as kept.
func TestUndoAndClaimLogsVerify(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	dir := t.TempDir()
	var files []string
	undos, claims := 0, 0
	for game := 0; game < 6; game++ {
		opts := rules.DefaultOptions()
		opts.Target = 300
		s, err := session.New(session.Config{
			Options: opts, Seed: uint64(game + 1),
			Players: []session.Player{{Name: "Ann", Human: true}, {Name: "Bot", Level: ai.Random}},
		})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; !s.Game().Over(); i++ {
			if i > 50000 {
				t.Fatal("the game does not end")
			}
			if s.Game().NeedDeal() {
				if err := s.StartDeal(); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if err := s.Advance(); err != nil {
				t.Fatal(err)
			}
			seat, ok := s.ToMove()
			if !ok {
				continue
			}
			if th, ok := s.Think(); ok {
				a, err := th.Think(context.Background())
				if err := s.BotMove(th, a, err); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if r.IntN(8) == 0 {
				if err := s.Undo(seat); err == nil {
					undos++
					continue
				}
			}
			if s.Game().Deal().Phase() == rules.PhasePlay && !s.Claimed(seat) {
				if vd, err := s.Claim(seat); err == nil && vd.OK {
					claims++
					continue
				}
			}
			v := s.View(seat)
			l := v.Legal()
			if err := s.Apply(seat, l[r.IntN(len(l))]); err != nil {
				t.Fatal(err)
			}
			if i%97 == 0 {
				files = append(files, writeLog(t, s, dir))
			}
		}
		files = append(files, writeLog(t, s, dir))
	}
	if undos < 10 || claims < 3 {
		t.Fatalf("%d undos, %d claims: the test tests little", undos, claims)
	}
	code, out, errs := verify(files...)
	if code != 0 || errs != "" {
		t.Fatalf("klob verify: exit %d, stderr %q", code, errs)
	}
	if strings.Count(out, " wins ") != 6 {
		t.Errorf("klob verify saw %d finished games, want 6:\n%s", strings.Count(out, " wins "), out)
	}
	t.Logf("%d logs, %d undos, %d claims", len(files), undos, claims)
}

func writeLog(t *testing.T, s *session.Session, dir string) string {
	t.Helper()
	text, err := s.Log().MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), "[Takebacks ") && s.Takebacks() > 0 {
		t.Fatal("a log with takebacks has no Takebacks tag")
	}
	path := filepath.Join(dir, fmt.Sprintf("game-%d-%d.klob", s.Seed(), s.Gen()))
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
