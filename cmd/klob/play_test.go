package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/platform/seedmix"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixedSeed stands in for seedmix.Secret: the seed when -seed is not given.
var fixedSeed = func() uint64 { return 1234 }

// parseFixed is parsePlay of args with fixedSeed, what it prints left
// unread.
func parseFixed(args ...string) (playFlags, error) {
	return parsePlay(args, &bytes.Buffer{}, &bytes.Buffer{}, fixedSeed)
}

// junkLines is n lines of junk, "junk line 1" and on, for a settings
// file.
func junkLines(n int) string {
	var junk strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&junk, "junk line %d\n", i)
	}
	return junk.String()
}

func TestParsePlay(t *testing.T) {
	def := rules.DefaultOptions()
	for _, tc := range []struct {
		args   []string
		level  ai.Level
		target int
		seed   uint64
		check  func(rules.Options) bool
		ascii  bool
		pace   time.Duration
	}{
		{args: nil, level: ai.Normal, target: 500, seed: 1234, pace: 700 * time.Millisecond},
		{args: []string{"-level", "easy"}, level: ai.Easy, target: 500, seed: 1234, pace: 700 * time.Millisecond},
		{args: []string{"-level", "HARD", "-seed", "42"}, level: ai.Hard, target: 500, seed: 42, pace: 700 * time.Millisecond},
		{args: []string{"-target", "300"}, level: ai.Normal, target: 300, seed: 1234, pace: 700 * time.Millisecond},
		{args: []string{"-seed", "0"}, level: ai.Normal, target: 500, seed: 0, pace: 700 * time.Millisecond},
		{args: []string{"-rules", "bottom_card=off,last_trick=0,target=700"}, level: ai.Normal, target: 700, seed: 1234,
			check: func(o rules.Options) bool { return !o.BottomCard && o.LastTrick == 0 }, pace: 700 * time.Millisecond},
		// -target wins over the target in -rules.
		{args: []string{"-rules", "target=700", "-target", "1000"}, level: ai.Normal, target: 1000, seed: 1234, pace: 700 * time.Millisecond},
		{args: []string{"-ascii", "-pace", "0"}, level: ai.Normal, target: 500, seed: 1234, ascii: true},
		{args: []string{"-rules", "sequence_rank=length"}, level: ai.Normal, target: 500, seed: 1234,
			check: func(o rules.Options) bool { return o.SequenceRank == rules.RankByLength }, pace: 700 * time.Millisecond},
	} {
		pf, err := parseFixed(tc.args...)
		if err != nil {
			t.Errorf("%v: %v", tc.args, err)
			continue
		}
		s := pf.cfg.Setup
		if s.Level != tc.level || s.Options.Target != tc.target || s.Seed != tc.seed || pf.cfg.ASCII != tc.ascii || pf.cfg.Timing.Pace != tc.pace {
			t.Errorf("%v: got level %s target %d seed %d ascii %v pace %v, want %s %d %d %v %v", tc.args,
				s.Level, s.Options.Target, s.Seed, pf.cfg.ASCII, pf.cfg.Timing.Pace, tc.level, tc.target, tc.seed, tc.ascii, tc.pace)
		}
		if tc.check != nil && !tc.check(s.Options) {
			t.Errorf("%v: options %s", tc.args, s.Options)
		}
		if tc.check == nil && tc.target == 500 && s.Options != def {
			t.Errorf("%v: options %s, want the defaults", tc.args, s.Options)
		}
	}
}

func TestParsePlayErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-level", "expert"}, `-level: unknown bot level "expert"`},
		// Given empty, as given at all, -level is read: its default (the
		// last game's, else normal) is for a flag not given.
		{[]string{"-level", ""}, `-level: unknown bot level ""`},
		{[]string{"-rules", "colour=red"}, `-rules: unknown rule option "colour"`},
		{[]string{"-rules", "bottom_card"}, `want key=value`},
		{[]string{"-target", "0"}, `-target 0: want a whole number`},
		{[]string{"-target", "x"}, `-target "x": want a whole number`},
		{[]string{"-seed", "-3"}, `-seed "-3": want a whole number, 0 or more`},
		{[]string{"-pace", "-1s"}, `-pace: -1s is negative`},
		{[]string{"-pace", "1000h"}, `-pace: 1000h0m0s is more than 1m0s: the bots would seem stuck`},
		{[]string{"-pace", "fast"}, `-pace "fast": want a duration such as 300ms, 2s or 0`},
		{[]string{"-target", "99999"}, `-target 99999: want a whole number from 1 to 5000`},
		// Past int's range, the same words as within it: not "out of
		// range: want a whole number", which it is.
		{[]string{"-target", "99999999999999999999"}, `-target 99999999999999999999: want a whole number from 1 to 5000`},
		{[]string{"-target", "-99999999999999999999"}, `-target -99999999999999999999: want a whole number from 1 to 5000`},
		{[]string{"-players", "99999999999999999999"}, `-players 99999999999999999999: want 2, 3 or 4`},
		{[]string{"-seed", "99999999999999999999"}, `-seed "99999999999999999999": too large: at most`},
		{[]string{"-rules", "target=100,target=200"}, `-rules: rule option target is given twice`},
		// An empty option between commas is a typo, as "-rules menage" is.
		{[]string{"-rules", ","}, `-rules: "," has an empty rule option`},
		{[]string{"-rules", "menage=on,,bimah=on"}, `-rules: "menage=on,,bimah=on" has an empty rule option`},
		{[]string{"-rules", "menage=on, ,bimah=on"}, `has an empty rule option`},
		{[]string{"-rules", "target=700", "-rules", ",,"}, `-rules: ",," has an empty rule option`},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"-nope"}, `flag provided but not defined: -nope`},
	} {
		var stderr bytes.Buffer
		_, err := parsePlay(tc.args, &bytes.Buffer{}, &stderr, fixedSeed)
		if err == nil {
			t.Errorf("%v: no error", tc.args)
			continue
		}
		if msg := err.Error() + stderr.String(); !strings.Contains(msg, tc.want) {
			t.Errorf("%v: got %q, want it to say %q", tc.args, msg, tc.want)
		}
	}
}

// TestRunPlayUsage: bad flags exit 2 with the reason; -h exits 0 with
// the usage. klob with only flags is klob play.
func TestRunPlayUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"play", "-level", "expert"}, 2, "klob play: -level: unknown bot level"},
		{[]string{"-level", "expert"}, 2, "klob play: -level: unknown bot level"},
		{[]string{"play", "-target", "-5"}, 2, "klob play: -target"},
	} {
		code, _, stderr := runArgs(tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tc.args, code, stderr, tc.code, tc.want)
		}
	}
}

// TestPlayHelpListsEveryRulesKey: klob play -h (and klob train -h)
// lists every -rules key in a table of its values, default and meaning,
// the default read from the rules' own defaults; no line is wider than
// 80 columns.
func TestPlayHelpListsEveryRulesKey(t *testing.T) {
	for _, cmd := range []string{"play", "train"} {
		code, out, stderr := runArgs(cmd, "-h")
		if code != 0 {
			t.Fatalf("klob %s -h: exit %d, %s", cmd, code, stderr)
		}
		_, table, ok := strings.Cut(out, "The -rules keys")
		if !ok {
			t.Fatalf("klob %s -h has no table of -rules keys:\n%s", cmd, out)
		}
		def := rules.DefaultOptions()
		for _, k := range rules.AllOptionNames() {
			v, err := def.Get(k)
			if err != nil {
				t.Fatal(err)
			}
			if !regexp.MustCompile(`(?m)^  ` + k + ` +[^\n]* ` + regexp.QuoteMeta(v) + ` +\S`).MatchString(table) {
				t.Errorf("klob %s -h: no row for %s with its default %s:\n%s", cmd, k, v, table)
			}
		}
		for _, l := range strings.Split(table, "\n") {
			if n := utf8.RuneCountInString(l); n > 80 {
				t.Errorf("klob %s -h: a line of %d columns: %q", cmd, n, l)
			}
		}
	}
}

// TestRulesHelpSaysOnOffWords: the help under the -rules table names
// every word an on/off option takes, and each of them is taken.
func TestRulesHelpSaysOnOffWords(t *testing.T) {
	_, out, _ := runArgs("play", "-h")
	assert.Contains(t, out, "An on/off option takes on, yes, true or 1, or off, no, false or 0.")
	for _, w := range []string{"yes", "true", "1", "no", "false", "0"} {
		_, err := rules.ParseOptions("menage=" + w)
		assert.NoError(t, err, w)
	}
	code, _, errs := runArgs("play", "-rules", "bottom_card=maybe")
	assert.Equal(t, 2, code)
	assert.Contains(t, unwrapped(errs), `"maybe" is not on or off: say on, yes, true or 1, or off, no, false or 0`)
}

// TestSeedNotFromClock: without -seed, klob play and klob train deal
// from a secret seed, nowhere near the clock, new at each start.
func TestSeedNotFromClock(t *testing.T) {
	now := uint64(time.Now().UnixNano())
	near := func(s uint64) bool { return s > now-1e13 && s < now+1e13 }
	p1, err := parsePlay(nil, &bytes.Buffer{}, &bytes.Buffer{}, seedmix.Secret)
	if err != nil {
		t.Fatal(err)
	}
	p2, _ := parsePlay(nil, &bytes.Buffer{}, &bytes.Buffer{}, seedmix.Secret)
	tr, _ := parseTrain(nil, &bytes.Buffer{}, &bytes.Buffer{}, seedmix.Secret)
	for _, s := range []uint64{p1.cfg.Setup.Seed, p2.cfg.Setup.Seed, tr.cfg.Seed} {
		if near(s) {
			t.Errorf("seed %d is the clock's", s)
		}
	}
	if p1.cfg.Setup.Seed == p2.cfg.Setup.Seed {
		t.Errorf("two starts dealt from one seed %d", p1.cfg.Setup.Seed)
	}
}

// TestRepeatedRules: -rules may be given more than once, each adding
// its options (a later key wins), so that a long command broken into
// several -rules on an 80-column screen is the same game; a key given
// twice is refused, as within one -rules.
func TestRepeatedRules(t *testing.T) {
	one, err := parseFixed("-players", "4", "-rules", "menage=on,of_a_kind=on,dealer_forced=on,bimah=on,last_trick=20")
	require.NoError(t, err)
	split, err := parseFixed("-players", "4", "-rules", "menage=on,of_a_kind=on", "-rules", "dealer_forced=on,",
		"-rules", "bimah=on,last_trick=20")
	require.NoError(t, err)
	require.Equal(t, one.cfg.Setup.Options, split.cfg.Setup.Options)
	require.NotEqual(t, rules.DefaultOptions().Menage, split.cfg.Setup.Options.Menage)
	_, err = parseFixed("-rules", "last_trick=20", "-rules", "last_trick=0")
	require.ErrorContains(t, err, "last_trick is given twice")
}

// TestBlankRules: a blank -rules is the defaults, and a comma at either
// end of a value is taken (a long list split over several -rules).
func TestBlankRules(t *testing.T) {
	for _, r := range []string{"", " "} {
		p, err := parsePlay([]string{"-rules", r}, &bytes.Buffer{}, &bytes.Buffer{}, fixedSeed)
		require.NoError(t, err, "-rules %q", r)
		require.Equal(t, rules.DefaultOptions(), p.cfg.Setup.Options, "-rules %q", r)
	}
	for _, r := range []string{",menage=on", "menage=on,", " menage=on , "} {
		p, err := parsePlay([]string{"-players", "4", "-rules", r}, &bytes.Buffer{}, &bytes.Buffer{}, fixedSeed)
		require.NoError(t, err, "-rules %q", r)
		require.True(t, p.cfg.Setup.Options.Menage, "-rules %q", r)
	}
}

// TestParsePlayPlayers: -players sets the table's size (with -rules
// for the house variants), and so does -rules players=N: either asks
// for that count; a bad count is refused with what is allowed.
func TestParsePlayPlayers(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		want  int
		asked bool // the count was asked for: a saved game of another is offered with the choice
	}{
		{nil, 2, false},
		{[]string{"-players", "3"}, 3, true},
		{[]string{"-players", "4", "-rules", "shlomo=on,cleopatra=on"}, 4, true},
		{[]string{"-rules", "players=3"}, 3, true},
		{[]string{"-rules", "players=3", "-players", "4"}, 4, true},
		{[]string{"-rules", "shlomo=on", "-players", "3"}, 3, true},
	} {
		pf, err := parseFixed(tc.args...)
		if err != nil {
			t.Errorf("%v: %v", tc.args, err)
			continue
		}
		if got := pf.cfg.Setup.Options.NumPlayers(); got != tc.want || pf.cfg.PlayersFlag != tc.asked {
			t.Errorf("%v: %d players, asked %v; want %d, %v", tc.args, got, pf.cfg.PlayersFlag, tc.want, tc.asked)
		}
	}
	// A variant the table does not play is refused, saying why, rather
	// than dropped by the form without a word.
	for args, want := range map[string]string{
		"-rules shlomo=on":                         "-rules: not played: shlomo=on (played by three or four)",
		"-players 3 -rules cleopatra=on,shlomo=on": "-rules: not played: cleopatra=on (played by four)",
		"-rules players=4,cleopatra=on -players 3": "-rules: not played: cleopatra=on (played by four)",
		// Four players deal every card: no bottom card to leave down.
		"-players 4 -rules bottom_card=off,shlomo=on": "-rules: not played: bottom_card=off (played by two or three)",
	} {
		_, err := parseFixed(strings.Fields(args)...)
		assert.EqualError(t, err, want, args)
	}
	// A target in -rules is asked for as -target is.
	for args, asked := range map[string]bool{"target=300": true, "last_trick=0": false} {
		pf, err := parseFixed("-rules", args)
		if err != nil || pf.cfg.TargetFlag != asked {
			t.Errorf("-rules %s: target asked %v (%v), want %v", args, pf.cfg.TargetFlag, err, asked)
		}
	}
	for _, bad := range []string{"1", "5", "-2"} {
		_, err := parseFixed("-players", bad)
		if err == nil || !strings.Contains(err.Error(), "-players") && !strings.Contains(err.Error(), "players") {
			t.Errorf("-players %s: got %v, want an error naming -players", bad, err)
		}
	}
}

// TestSettingsWarning: a settings file with lines that do not read
// keeps the others and, where the setup screen saves, says the file is
// kept as settings.bad; one that cannot be read at all (its directory
// is a file, say) gives the defaults and promises nothing.
func TestSettingsWarning(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, settings.FileName)
	os.WriteFile(path, []byte("sort = colour\n"), 0o600)
	_, bad := settings.Load(path)
	if got := settingsWarning(bad, true); !strings.Contains(got, "the other settings are used; saving new ones keeps this file beside them as settings.bad, or settings-2.bad if that is taken") {
		t.Errorf("a bad line: %q", got)
	}
	// Two bad lines: the file is named once, each line by its number.
	os.WriteFile(path, []byte("pace = zoom\nsort = colour\nwat\n"), 0o600)
	_, two := settings.Load(path)
	got := settingsWarning(two, true)
	if strings.Count(got, path) != 1 || !strings.HasPrefix(got, path+": line 1: pace = \"zoom\"") ||
		!strings.Contains(got, "; line 2: sort = \"colour\"") || !strings.Contains(got, "; line 3: \"wat\" is not key = value (") {
		t.Errorf("three bad lines: %q", got)
	}
	if got := settingsWarning(bad, false); strings.Contains(got, "settings.bad") {
		t.Errorf("a bad line where nothing saves: %q", got)
	}
	_, unread := settings.Load(filepath.Join(path, settings.FileName))
	if got := settingsWarning(unread, true); !strings.Contains(got, "the default settings are used") || strings.Contains(got, "settings.bad") {
		t.Errorf("an unreadable file: %q", got)
	}
	// A file where the settings folder should be: the warning names the
	// folder, the cause and what sets the folder, as the state folder's.
	if got := settingsWarning(unread, true); !strings.Contains(got, "the settings folder "+path+" cannot be read, a file is in its way (KLOB_CONFIG_DIR or XDG_CONFIG_HOME sets it)") {
		t.Errorf("a file in the settings folder's way: %q", got)
	}
}

// Once a save moved the settings file that did not read aside, the
// warning says so, the lines that did not read still named, and no
// longer what saving would do.
func TestSettingsKeptWarning(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, settings.FileName)
	require.NoError(t, os.WriteFile(path, []byte("pace = warp\n"), 0o600))
	_, bad := settings.Load(path)
	kept, err := settings.SaveKeeping(path, settings.Default())
	require.NoError(t, err)
	assert.Equal(t, path+`: line 1: pace = "warp": want slow, normal, fast, instant: it is kept as `+kept+
		", and your settings are saved anew", settingsKeptWarning(bad, kept))
	w := &startWarnings{}
	w.add("state")
	at := w.add(settingsWarning(bad, true))
	w.set(at, settingsKeptWarning(bad, kept))
	assert.Equal(t, []string{"state", settingsKeptWarning(bad, kept)}, w.all())
}

// TestSettingsWarningManyLines: a settings file of junk names the file,
// its first three bad lines and how many more, not every line: 500
// lines of junk say a few lines. A binary file says one short line: the
// file, the line and column of its first byte that is not text, and
// that the defaults are used and where saving puts it.
func TestSettingsWarningManyLines(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, settings.FileName)
	binary := bytes.Repeat([]byte("\x00\x7f\xff\x1b[2J\n"), 100)
	os.WriteFile(path, binary, 0o600)
	_, err := settings.Load(path)
	want := path + `: line 1: not text at column 1 ("\x00\x7f\xff\x1b"…): the defaults are used, and saving keeps it as settings.bad`
	if got := settingsWarning(err, true); got != want {
		t.Errorf("a binary file: %q, want %q", got, want)
	}
	if got := settingsWarning(err, false); got != strings.TrimSuffix(want, ", and saving keeps it as settings.bad") {
		t.Errorf("a binary file where nothing saves: %q", got)
	}
	for _, tc := range []struct {
		data []byte
		more string
	}{
		{[]byte(junkLines(500)), "; and 497 more lines ("},
		{[]byte("a\nb\nc\nd\n"), "; and 1 more line ("},
	} {
		os.WriteFile(path, tc.data, 0o600)
		_, err := settings.Load(path)
		got := settingsWarning(err, true)
		if strings.Count(got, path) != 1 || len(regexp.MustCompile(`line \d+: `).FindAllString(got, -1)) != 3 || !strings.Contains(got, tc.more) || len(got) > 400 {
			t.Errorf("%d bytes of junk: %d bytes of warning: %q", len(tc.data), len(got), got)
		}
	}
}

// A file where the state folder should be: no store, so no "saved game
// could not be loaded", and a warning that names the folder and why.
func TestUseStateFileInTheWay(t *testing.T) {
	dir := t.TempDir()
	for _, path := range []string{filepath.Join(dir, "file"), filepath.Join(dir, "file", "below")} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "file"), nil, 0o644))
		st := store.New(path, store.Options{})
		var cfg tui.PlayConfig
		w := useState(&cfg, st, st.Lock())
		if cfg.Store != nil || !strings.Contains(w, path+" cannot be made, a file is in its way") {
			t.Errorf("%s: store %v, warning %q", path, cfg.Store, w)
		}
	}
	// A folder that can be locked is the game's store.
	st := store.New(filepath.Join(dir, "state"), store.Options{})
	var cfg tui.PlayConfig
	if w := useState(&cfg, st, st.Lock()); w != "" || cfg.Store != st {
		t.Errorf("a good folder: store %v, warning %q", cfg.Store, w)
	}
	st.Unlock()
}

// TestHomeWords: the warnings shown on the first screen write the home
// directory as "~", as the screens show paths; a folder that only
// starts with the same letters, or holds the same path further down,
// keeps its name.
func TestHomeWords(t *testing.T) {
	got := homeWords("/home/ann")("/home/ann/.config/klob/settings:1: pace = \"warp\"; the state folder /home/ann/.local/state/klob; /home/annie/x /mnt/home/ann/y\n/home/ann/z")
	want := "~/.config/klob/settings:1: pace = \"warp\"; the state folder ~/.local/state/klob; /home/annie/x /mnt/home/ann/y\n~/z"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	for _, home := range []string{"", "/"} {
		if got := homeWords(home)("/home/ann/x"); got != "/home/ann/x" {
			t.Errorf("home %q: %q", home, got)
		}
	}
}

// TestErrorsFitTheTerminal: a flag's error longer than the terminal (the
// list of the -rules keys) is wrapped between words at 80 columns, its
// run-on lines indented, not left for the terminal to cut mid-word.
func TestErrorsFitTheTerminal(t *testing.T) {
	for _, args := range [][]string{{"play", "-rules", "colour=red"}, {"train", "-rules", "colour=red"}} {
		code, _, stderr := runArgs(args...)
		if code != 2 {
			t.Fatalf("%v: exit %d", args, code)
		}
		msg, _, _ := strings.Cut(stderr, "klob "+args[0]+" -h lists every flag.")
		lines := strings.Split(strings.TrimSuffix(msg, "\n"), "\n")
		if len(lines) < 2 || !strings.Contains(msg, "cleopatra") {
			t.Errorf("%v: the error is not wrapped:\n%s", args, msg)
		}
		for i, l := range lines {
			if len([]rune(l)) > 80 || (i > 0 && !strings.HasPrefix(l, "  ")) {
				t.Errorf("%v: line %q is wider than 80 or not indented", args, l)
			}
		}
	}
}

// TestBadDurationSaysWhatItWants: a duration flag given something else
// ("-pace fast") says what a duration looks like, for every duration
// flag of every command, not the flag package's "parse error".
func TestBadDurationSaysWhatItWants(t *testing.T) {
	for _, c := range [][2]string{{"play", "pace"}, {"daily", "pace"}, {"match", "deadline"}, {"match", "think"},
		{"serve", "idle"}, {"serve", "login-timeout"}, {"serve", "handshake-timeout"}, {"serve", "grace"},
		{"serve", "move-clock"}, {"serve", "abandon"}, {"serve", "pace"}, {"serve", "stall"}, {"serve", "stats"}} {
		code, _, stderr := runArgs(c[0], "-"+c[1], "fast")
		want := fmt.Sprintf(`klob %s: -%s "fast": want a duration such as 300ms, 2s or 0`, c[0], c[1])
		if code != 2 || !strings.Contains(stderr, want) || strings.Contains(stderr, "parse error") {
			t.Errorf("klob %s -%s fast: exit %d, stderr %q; want 2 and %q", c[0], c[1], code, stderr, want)
		}
	}
}

// TestSetupScreenBadSettingsFits: with 8 or 500 bad lines in the
// settings file, the setup screen at 80×24 still shows every row of
// its form and its keys under the warning.
func TestSetupScreenBadSettingsFits(t *testing.T) {
	shortParallel(t)
	for _, n := range []int{8, 500} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			s, _ := launchShell(t, 80, 24, func(env, bin string) string {
				cfg := filepath.Join(filepath.Dir(bin), "config")
				require.NoError(t, os.MkdirAll(cfg, 0o700))
				require.NoError(t, os.WriteFile(filepath.Join(cfg, settings.FileName), []byte(junkLines(n)), 0o600))
				return fmt.Sprintf("%s '%s' play; sleep 60", env, bin)
			})
			// The form's last line drawn, then the frame still.
			s.waitFor("q/esc quit", patience)
			scr := s.mustSettle()
			checkFits(t, scr)
			for _, row := range []string{"Set up the game", "Players", "Opponent", "Game to", "Bottom card shown",
				"Equal sequences by", "Sequences need a trick", "Last trick bonus", "Three or four of a kind",
				"Menage", "Dealer forced", "Speed of the bots", "After each trick", "Sort the hand by",
				"Bell on your turn", "[ Start the game ]", "q/esc quit"} {
				assert.Contains(t, scr, row, "the screen:\n%s", scr)
			}
		})
	}
}

// A Klob started while another plays in the state folder plays in a
// second one (klob-2), and files its finished game in the first one's
// history, where klob replay lists it.
func TestSecondStateFilesInFirstHistory(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "klob")
	first := store.New(dir, store.Options{})
	require.NoError(t, first.Lock())
	defer first.Unlock()
	second, d, err := newStateDir(dir)
	require.NoError(t, err)
	defer second.Unlock()
	require.Equal(t, dir+"-2", d)
	game, err := gamelog.ReadFile(filepath.Join(games, "saves", "in-trick.klob"))
	require.NoError(t, err)
	require.NoError(t, second.SaveCurrent(game))
	path, err := second.Archive(game)
	require.NoError(t, err)
	h, err := first.History()
	require.NoError(t, err)
	if len(h) != 1 || h[0].Path != path || filepath.Dir(path) != filepath.Join(dir, store.HistoryDir) {
		t.Fatalf("filed as %s; the first folder's history: %v", path, h)
	}
}

// A game saved in a second state folder (klob-2, made while another
// Klob played in the first) moves back into the first when klob starts
// there with no game of its own, and the offer says where it was; one
// another Klob still plays stays where it is.
func TestUseStateTakesSecondSave(t *testing.T) {
	root := t.TempDir()
	saved, err := os.ReadFile(filepath.Join(games, "saves", "in-trick.klob"))
	require.NoError(t, err)
	second := filepath.Join(root, "klob-2")
	require.NoError(t, os.MkdirAll(second, 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(second, store.CurrentName), saved, 0o600))

	other := store.New(second, store.Options{})
	require.NoError(t, other.Lock())
	st := store.New(filepath.Join(root, "klob"), store.Options{})
	var cfg tui.PlayConfig
	if w := useState(&cfg, st, st.Lock()); w != "" || cfg.MovedFrom != "" || st.HasCurrent() {
		t.Fatalf("a game another Klob plays was moved: warning %q, moved from %q", w, cfg.MovedFrom)
	}
	st.Unlock()
	other.Unlock()

	cfg = tui.PlayConfig{}
	if w := useState(&cfg, st, st.Lock()); w != "" || cfg.MovedFrom != second {
		t.Fatalf("warning %q, moved from %q, want %s", w, cfg.MovedFrom, second)
	}
	defer st.Unlock()
	if got, err := os.ReadFile(st.CurrentPath()); err != nil || !bytes.Equal(got, saved) {
		t.Fatalf("the first folder does not hold the game: %v", err)
	}
	if _, err := os.Stat(filepath.Join(second, store.CurrentName)); !os.IsNotExist(err) {
		t.Fatalf("the second folder still holds the game: %v", err)
	}
	st.Unlock()

	// Both folders hold a game: the second's waits where it is, named.
	require.NoError(t, os.WriteFile(filepath.Join(second, store.CurrentName), saved, 0o600))
	cfg = tui.PlayConfig{}
	if w := useState(&cfg, st, st.Lock()); w != "" || cfg.MovedFrom != "" || cfg.WaitingIn != second {
		t.Fatalf("warning %q, moved from %q, waiting in %q, want %s", w, cfg.MovedFrom, cfg.WaitingIn, second)
	}
	if got, err := os.ReadFile(filepath.Join(second, store.CurrentName)); err != nil || !bytes.Equal(got, saved) {
		t.Fatalf("the second folder's game was touched: %v", err)
	}
}
