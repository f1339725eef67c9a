package main

import (
	"bytes"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"

	"github.com/klob/klob/internal/study/drill"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runWith runs a command function on args and returns its exit code and
// what it wrote.
func runWith(cmd func(args []string, stdout, stderr io.Writer) int, args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = cmd(args, &o, &e)
	return code, o.String(), e.String()
}

// assertFile checks that the file at path reads and holds want.
func assertFile(t *testing.T, path, want string, msgAndArgs ...any) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, want, string(data), msgAndArgs...)
}

func runArgs(args ...string) (code int, stdout, stderr string) { return runWith(run, args...) }

// unwrapped is an error printError wrapped with its lines joined
// again: each line that runs on (indented two spaces) back on the line
// before it.
func unwrapped(s string) string { return strings.ReplaceAll(s, "\n  ", " ") }

// TestHelpEverywhere: -h, -help and klob help CMD behave the same for
// every subcommand: exit 0, the usage once on stdout, nothing on stderr.
func TestHelpEverywhere(t *testing.T) {
	for _, c := range commands() {
		for _, args := range [][]string{{c.name, "-h"}, {c.name, "-help"}, {c.name, "--help"}, {"help", c.name}} {
			code, out, errs := runArgs(args...)
			assert.Equal(t, 0, code, "%v: exit code", args)
			assert.Empty(t, errs, "%v: stderr", args)
			assert.Equal(t, 1, strings.Count(out, "usage: klob "+c.name), "%v: the usage once on stdout, got\n%s", args, out)
		}
	}
}

// TestBadFlagEverywhere: an unknown flag exits 2 with the reason, the
// usage's synopsis once and where the whole help is, on stderr, for
// every subcommand.
func TestBadFlagEverywhere(t *testing.T) {
	for _, c := range commands() {
		code, out, errs := runArgs(c.name, "-nosuchflag")
		assert.Equal(t, 2, code, "%s: exit code", c.name)
		assert.Empty(t, out, "%s: stdout", c.name)
		assert.True(t, strings.HasPrefix(errs, "klob "+c.name+": flag provided but not defined: -nosuchflag\n"), "%s: stderr %q", c.name, errs)
		assert.Equal(t, 1, strings.Count(errs, "usage: klob "+c.name), "%s: the usage once on stderr, got\n%s", c.name, errs)
		// The synopsis, not the whole help, so the reason stays in sight;
		// version has no flags for -h to list.
		hint := "klob " + c.name + " -h lists every flag.\n"
		if c.name == "version" {
			hint = "klob version takes no flags or arguments.\n"
		}
		assert.Contains(t, errs, hint, c.name)
		assert.LessOrEqual(t, strings.Count(errs, "\n"), 14, "%s: stderr\n%s", c.name, errs)
		// The description under the synopsis is left to -h.
		_, help, _ := runArgs(c.name, "-h")
		for _, l := range strings.Split(help, "\n") {
			if l != "" && !strings.HasPrefix(l, "usage:") && !strings.HasPrefix(l, " ") {
				assert.NotContains(t, errs, l, "%s: the description on a usage error", c.name)
				break
			}
		}
	}
}

// TestBadBoolFlag: a bad value of a true-or-false flag says what it
// takes, as one of a number or a duration does.
func TestBadBoolFlag(t *testing.T) {
	for _, args := range [][]string{{"analyze", "-json=maybe", "x"}, {"verify", "-q=2", "x"}, {"match", "-quiet=x"},
		{"play", "-ascii=maybe"}, {"analyze", "-ascii=maybe", "x"}, {"replay", "-ascii=maybe"}} {
		code, _, errs := runArgs(args...)
		assert.Equal(t, 2, code, "%v", args)
		flag, val, _ := strings.Cut(args[1], "=")
		assert.Contains(t, errs, "klob "+args[0]+": "+flag+` "`+val+`": want true or false`+"\n", "%v", args)
	}
}

// TestUnknownCommandSuggests: a command misspelt is named, a game's
// file points to klob replay, and "analyse" is klob analyze.
func TestUnknownCommandSuggests(t *testing.T) {
	for arg, want := range map[string]string{
		"plya": `klob: unknown command "plya": did you mean "play"?`, "Play": `did you mean "play"?`,
		"serv": `did you mean "serve"?`, "game.klob": "to replay a game's file: klob replay game.klob",
	} {
		code, _, errs := runArgs(arg)
		assert.Equal(t, 2, code, arg)
		assert.Contains(t, errs, want, arg)
	}
	code, _, errs := runArgs("xyzzy")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "klob: unknown command \"xyzzy\"\n")
	code, _, errs = runArgs("analyse")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "klob analyze: no file given")
}

// TestTopLevelHelp: klob -h, --help and klob help list every subcommand
// on stdout; an unknown command lists them on stderr and exits 2.
func TestTopLevelHelp(t *testing.T) {
	for _, arg := range []string{"-h", "-help", "--help", "help"} {
		code, out, errs := runArgs(arg)
		assert.Equal(t, 0, code, arg)
		assert.Empty(t, errs, arg)
		for _, c := range commands() {
			assert.Contains(t, out, "  "+c.name+" ", "%s: the list of commands", arg)
		}
	}
	code, out, errs := runArgs("dance")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Contains(t, errs, `klob: unknown command "dance"`)
	assert.Contains(t, errs, "  analyze ")
}

// TestHelpFits: every line of every command's help, the usage lines
// and the flags' lines included (a tab reaching the next multiple of 8
// columns), fits a terminal of 80 columns.
func TestHelpFits(t *testing.T) {
	for _, c := range append(commands(), command{name: ""}) {
		args := []string{c.name, "-h"}
		if c.name == "" {
			args = []string{"-h"}
		}
		_, out, _ := runArgs(args...)
		for _, l := range strings.Split(out, "\n") {
			if n := columns(l); n > 80 {
				t.Errorf("klob %s -h: a line of %d columns: %q", c.name, n, l)
			}
		}
	}
}

// columns is the width of a line on a terminal: a column a rune, a tab
// to the next multiple of 8.
func columns(l string) int {
	n := 0
	for _, r := range l {
		if r == '\t' {
			n += 8 - n%8
		} else {
			n++
		}
	}
	return n
}

// TestVersionFlag: klob -version and --version, as many programs take,
// print the version rather than play's usage error.
func TestVersionFlag(t *testing.T) {
	for _, arg := range []string{"-version", "--version"} {
		code, out, errs := runArgs(arg)
		assert.Equal(t, 0, code, arg)
		assert.Empty(t, errs, arg)
		assert.Equal(t, "klob "+versionWord()+"\n", out, arg)
	}
}

// fullWriter is a stdout that cannot be written: a full disk.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestOutputNotWritten: a report that cannot be written (stdout on a
// full disk) is said on stderr and exits 1, never 0 over a file cut
// short.
func TestOutputNotWritten(t *testing.T) {
	t.Setenv("KLOB_STATE_DIR", t.TempDir())
	for _, args := range [][]string{
		{"version"},
		{"verify", filepath.Join("..", "..", "testdata", "games", "09-tie.klob")},
		{"analyze", "-samples", "2", filepath.Join("..", "..", "testdata", "games", "09-tie.klob")},
		{"train", "-review"},
	} {
		var errs strings.Builder
		code := run(args, fullWriter{}, &errs)
		assert.Equal(t, 1, code, "%v", args)
		assert.Contains(t, errs.String(), "klob "+args[0]+": ", "%v", args)
		assert.Contains(t, errs.String(), "no space left on device", "%v", args)
	}
}

// TestFailedEscapesControls: an error quoting a path a terminal would
// obey (an escape sequence, a bell, a newline) is written with those
// characters escaped, each error of a join kept on its line.
func TestFailedEscapesControls(t *testing.T) {
	var errs strings.Builder
	code := failed(&errs, "daily", errors.Join(errors.New("open /tmp/\x1b[31mRED\a: no such file"), errors.New("second line")))
	assert.Equal(t, 1, code)
	assert.Equal(t, "klob daily: open /tmp/\\x1b[31mRED\\a: no such file\nsecond line\n", errs.String())
	// A newline in a path is not a line of its own.
	errs.Reset()
	failed(&errs, "daily", errors.New("open /tmp/a\nb: no such file"))
	assert.Equal(t, "klob daily: open /tmp/a\\nb: no such file\n", errs.String())
}

// TestEmptyPathRefused: an empty -import or -save (an unset variable in a
// script) is refused, not taken as the flag left out.
func TestEmptyPathRefused(t *testing.T) {
	code, _, errs := runWith(runDaily, "-import", "")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "-import needs a file")
	code, _, errs = runWith(runMatch, "-a", "easy", "-b", "easy", "-save", "")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "-save needs a directory")
}

// TestMatchRefusesCalibrateFlags: -eval and -bid-budget, which only a
// calibration reads, are refused in a match rather than ignored.
func TestMatchRefusesCalibrateFlags(t *testing.T) {
	for _, f := range [][]string{{"-eval", "solved"}, {"-bid-budget", "10"}} {
		code, _, errs := runWith(runMatch, append([]string{"-a", "easy", "-b", "easy", "-decks", "1"}, f...)...)
		assert.Equal(t, 2, code, f)
		assert.Contains(t, errs, f[0]+" goes with -calibrate only", f)
	}
}

// TestErrorsSayWhatAndWhere: a command that fails says so once as "klob
// CMD: what (where)", never with its name twice, and exits as the
// README says (1 a failure, 2 a usage error); a game log that does not
// read is named with its line, whatever is wrong with it (missing,
// empty, binary, truncated, damaged, a directory), and klob verify
// writes it file:line:col first, as an editor reads it.
func TestErrorsSayWhatAndWhere(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "state")
	t.Setenv("KLOB_STATE_DIR", state)
	write := func(name, text string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	withLogs := filepath.Dir(write("old/a.klob", "x"))
	file := write("file", "x")
	empty := write("empty.klob", "")
	binary := write("binary.klob", "\x00\x01\x7fELF\xff\xfe\n\x00")
	games := filepath.Join("..", "..", "testdata", "games")
	truncated := filepath.Join(games, "broken", "truncated.klob")
	illegal := filepath.Join(games, "broken", "illegal-card.klob")
	missing := filepath.Join(dir, "missing.klob")
	// A line of megabytes after a whole header, quoted by the error.
	tie, err := os.ReadFile(filepath.Join(games, "09-tie.klob"))
	require.NoError(t, err)
	header, _, _ := strings.Cut(string(tie), "\ndeal 1\n")
	long := write("long.klob", header+"\ndeal 1 "+strings.Repeat("x", 1<<20)+"\n")

	type tc struct {
		args []string
		code int
		want []string // in the first line of stderr
	}
	cases := []tc{
		{[]string{"match", "-a", "easy", "-b", "easy", "-decks", "1", "-quiet", "-save", withLogs}, 1, []string{withLogs + " already holds game logs"}},
		{[]string{"match", "-a", "easy", "-b", "easy", "-decks", "1", "-quiet", "-save", file}, 1, []string{file, "not a directory"}},
		{[]string{"match", "-a", "easy", "-b", "easy", "-decks", "x"}, 2, []string{`-decks "x": want a whole number`}},
		{[]string{"match", "-a", "easy", "-b", "easy", "-seed", "-1"}, 2, []string{`-seed "-1": want a whole number, 0 or more`}},
		{[]string{"play", "-target", "-5"}, 2, []string{`-target -5: want a whole number from 1 to 5000`}},
		{[]string{"match", "-a", "easy", "-b", "easy", "-decks", "99999999999999999999"}, 2, []string{`-decks "99999999999999999999": too large: at most ` + strconv.Itoa(math.MaxInt)}},
		{[]string{"match", "-a", "easy", "-b", "easy", "-decks", "-99999999999999999999"}, 2, []string{`-decks "-99999999999999999999": too small: at least ` + strconv.Itoa(math.MinInt)}},
		{[]string{"daily", "-players", "99999999999999999999"}, 2, []string{`-players 99999999999999999999: want 2, 3 or 4`}},
		{[]string{"learn", "-players", "99999999999999999999"}, 2, []string{`-players 99999999999999999999: want 2, 3 or 4`}},
		{[]string{"daily", "-import", missing}, 1, []string{missing, "no such file"}},
		{[]string{"serve", "-addr", "127.0.0.1:99999", "-state", filepath.Join(dir, "serve")}, 1, []string{"-addr 127.0.0.1:99999", "invalid port"}},
	}
	for _, cmd := range []string{"analyze", "replay", "verify"} {
		cases = append(cases,
			tc{[]string{cmd, missing}, 1, []string{missing, "no such file"}},
			tc{[]string{cmd, empty}, 1, []string{empty + ":1:1:", "not a Klob game log", "empty file"}},
			tc{[]string{cmd, binary}, 1, []string{binary + ":1:1:", "not a Klob game log"}},
			tc{[]string{cmd, truncated}, 1, []string{truncated + ":74:1:", "truncated"}},
			tc{[]string{cmd, illegal}, 1, []string{illegal + ":"}},
			tc{[]string{cmd, dir}, 1, []string{dir, "not a regular file"}},
			tc{[]string{cmd, long}, 1, []string{long + ":20:8: deal 1: unexpected", "bytes left out)"}},
		)
	}
	for _, c := range cases {
		code, _, errs := runArgs(c.args...)
		assert.Equal(t, c.code, code, "%v: exit code; stderr:\n%s", c.args, errs)
		first, _, _ := strings.Cut(unwrapped(errs), "\n")
		name := c.args[0]
		if name == "verify" && strings.HasPrefix(first, c.args[1]+":") {
			first = "klob verify: " + first
		}
		assert.True(t, strings.HasPrefix(first, "klob "+name+": "), "%v: stderr %q", c.args, errs)
		assert.NotContains(t, errs, name+": "+name+":", "%v: the command named twice", c.args)
		assert.NotContains(t, errs, "goroutine", c.args)
		assert.Less(t, len(errs), 2000, "%v: a short error", c.args)
		for _, w := range c.want {
			assert.Contains(t, first, w, "%v: stderr\n%s", c.args, errs)
		}
	}
}

// TestLongErrorsWrap: every command's long error is wrapped to 80
// columns as printError wraps, its lines after the first indented: the
// daily's, train -eval's and -review's, a log's that does not read.
func TestLongErrorsWrap(t *testing.T) {
	file := fileInTheWay(t)
	dir := filepath.Dir(file)
	_, _, daily := runDailyTest(t, file)
	_, _, eval := runWith(runTrain, "-eval", "zzz=1")
	long := filepath.Join(dir, "long.klob")
	require.NoError(t, os.WriteFile(long, []byte("klob 1\n"+strings.Repeat("x", 500)+"\n"), 0o600))
	_, _, replay := runArgs("analyze", long)
	t.Setenv("KLOB_STATE_DIR", dir)
	require.NoError(t, os.WriteFile(filepath.Join(dir, drill.StatsName), []byte(`{"version": 99, "sections": {}}`), 0o600))
	_, _, review := runWith(runTrain, "-review")
	eval = strings.TrimSuffix(eval, "klob train -h lists every flag.\n")
	for what, errs := range map[string]string{"daily": daily, "train -eval": eval, "analyze": replay, "train -review": review} {
		lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
		assert.Greater(t, len(lines), 1, "%s: %q", what, errs)
		assert.True(t, strings.HasPrefix(lines[0], "klob "), "%s: %q", what, errs)
		for _, l := range lines {
			assert.LessOrEqual(t, utf8.RuneCountInString(l), 80, "%s: %q", what, errs)
		}
		for _, l := range lines[1:] {
			assert.True(t, strings.HasPrefix(l, "  "), "%s: a line not indented under the first: %q", what, errs)
		}
	}
}

// TestFlagFileErrors: a file or directory a flag names that cannot be
// used is said as the flag's, "-save DIR: not a directory", without the
// package's name for it or the call behind it.
func TestFlagFileErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	require.NoError(t, os.WriteFile(file, nil, 0o600))
	missing := filepath.Join(dir, "nope.txt")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"match", "-a", "easy", "-b", "easy", "-decks", "1", "-quiet", "-save", file}, "klob match: -save " + file + ": not a directory"},
		{[]string{"serve", "-addr", "127.0.0.1:0", "-state", filepath.Join(dir, "s"), "-allow", missing}, "klob serve: -allow " + missing + ": no such file or directory"},
		{[]string{"serve", "-addr", "127.0.0.1:0", "-state", filepath.Join(dir, "s"), "-deny", missing}, "klob serve: -deny " + missing + ": no such file or directory"},
	} {
		code, _, errs := runArgs(tc.args...)
		assert.Equal(t, 1, code, "%v", tc.args)
		assert.Equal(t, tc.want, strings.TrimSpace(unwrapped(errs)), "%v", tc.args)
	}
}

// TestNumberFlagsDecimal: a whole-number flag reads decimal digits
// only, leading zeros included ("010" is ten, as -rules target=010
// reads it); the flag package's octal, hex and binary forms are
// refused as any other value it cannot read. The usage still names
// each flag's type.
func TestNumberFlagsDecimal(t *testing.T) {
	f := newFlagSet("x", "usage: klob x\n")
	seed := f.Uint64("seed", 1, "the seed")
	target := f.Int("target", 0, "the target")
	_, err := f.parse([]string{"-seed", "010", "-target", "+007"}, io.Discard, io.Discard)
	require.NoError(t, err)
	assert.Equal(t, uint64(10), *seed)
	assert.Equal(t, 7, *target)
	_, err = f.parse([]string{"-seed", "000", "-target", "-0012"}, io.Discard, io.Discard)
	require.NoError(t, err)
	assert.Equal(t, uint64(0), *seed)
	assert.Equal(t, -12, *target)
	for _, v := range []string{"0x10", "0b11", "0o7", "1_000", "1e3", " 5"} {
		var errs strings.Builder
		_, err := f.parse([]string{"-seed", v}, io.Discard, &errs)
		assert.ErrorIs(t, err, errUsage, v)
		assert.Contains(t, errs.String(), `-seed "`+v+`": want a whole number, 0 or more`, v)
	}
	var help strings.Builder
	_, err = f.parse([]string{"-h"}, &help, io.Discard)
	assert.ErrorIs(t, err, errHelp)
	assert.Contains(t, help.String(), "-seed uint\n")
	assert.Contains(t, help.String(), "-target int\n")
	// Whole commands take it: the match plays the seed ten.
	code, out, _ := runArgs("match", "-a", "easy", "-b", "easy", "-deals", "1", "-seed", "010")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "seed 10")
}

// TestHelpRefusesAFlag: klob help -x is klob help's own usage error,
// not another command's; klob help -h is klob's help.
func TestHelpRefusesAFlag(t *testing.T) {
	code, out, errs := runArgs("help", "-x")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Equal(t, "klob help: unexpected flag \"-x\": klob help takes a command (klob help play)\n", errs)
	code, out, _ = runArgs("help", "-h")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "usage: klob [command] [flags]")
}

// TestVersionTakesNothing: klob version refuses a flag or an argument
// with a last line that is true of it, a command without flags, not
// the "-h lists every flag" of the others.
func TestVersionTakesNothing(t *testing.T) {
	for _, arg := range []string{"-x", "extra"} {
		code, out, errs := runArgs("version", arg)
		assert.Equal(t, 2, code, arg)
		assert.Empty(t, out, arg)
		assert.True(t, strings.HasSuffix(errs, "usage: klob version\nklob version takes no flags or arguments.\n"), "%s: stderr %q", arg, errs)
		assert.NotContains(t, errs, "lists every flag", arg)
	}
}

// TestHelpTakesOneCommand: klob help with a word after the command is
// a usage error, as klob version extra is, not the command's help.
func TestHelpTakesOneCommand(t *testing.T) {
	code, out, errs := runArgs("help", "play", "extra")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Equal(t, "klob help: unexpected argument \"extra\": klob help takes one command\n", errs)
}

// TestBadValueOneWay: a flag's bad value, in every subcommand and
// whether the flag package or the command refuses it, is answered the
// same way: exit 2, "klob CMD: -flag value: why" on one line and where
// the help is, not the synopsis.
func TestBadValueOneWay(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	t.Setenv("KLOB_STATE_DIR", t.TempDir())
	for _, c := range []struct {
		args []string
		why  string
	}{
		{[]string{"play", "-players", "5"}, "-players 5: want 2, 3 or 4"},
		{[]string{"play", "-target", "abc"}, `-target "abc": want a whole number`},
		{[]string{"play", "-seed", "-3"}, `-seed "-3": want a whole number, 0 or more`},
		{[]string{"play", "-level", "expert"}, "-level: unknown bot level"},
		{[]string{"learn", "-players", "5"}, "-players 5: want 2, 3 or 4"},
		{[]string{"train", "-players", "5"}, "-players 5: want 2, 3 or 4"},
		{[]string{"daily", "-players", "5"}, "-players 5: want 2, 3 or 4"},
		{[]string{"match", "-a", "normal", "-b", "random", "-players", "5"}, "-players 5: want 2, 3 or 4"},
		{[]string{"analyze", "x.klob", "-samples", "-3"}, "-samples -3: want 1 to"},
		{[]string{"replay", "-samples", "-3"}, "-samples -3: want 1 to"},
		{[]string{"rules", "-width", "5"}, "-width 5: the text needs at least"},
		{[]string{"serve", "-max-sessions", "0"}, "-max-sessions: 0 is less than 1"},
		{[]string{"verify", "-q=2", "x.klob"}, `-q "2": want true or false`},
	} {
		cmd := c.args[0]
		code, out, errs := runArgs(c.args...)
		assert.Equal(t, 2, code, "%v: exit code", c.args)
		assert.Empty(t, out, "%v: stdout", c.args)
		lines := strings.Split(strings.TrimSuffix(unwrapped(errs), "\n"), "\n")
		if assert.Len(t, lines, 2, "%v: stderr %q", c.args, errs) {
			assert.True(t, strings.HasPrefix(lines[0], "klob "+cmd+": "+c.why), "%v: stderr %q", c.args, errs)
			assert.Equal(t, "klob "+cmd+" -h lists every flag.", lines[1], "%v", c.args)
		}
	}
}

// -ascii given decides, either way; not given, the locale does: ASCII
// under one that is not UTF-8, the symbols under UTF-8 or no locale.
func TestASCIIFlagAndLocale(t *testing.T) {
	locales := map[string]map[string]string{
		"LANG=C":           {"LANG": "C"},
		"LC_ALL=POSIX":     {"LC_ALL": "POSIX", "LANG": "en_US.UTF-8"},
		"LANG=en_US.UTF-8": {"LANG": "en_US.UTF-8"},
		"no locale":        {},
	}
	for _, tc := range []struct {
		args   []string
		locale string
		want   bool
	}{
		{nil, "LANG=C", true},
		{nil, "LC_ALL=POSIX", true},
		{nil, "LANG=en_US.UTF-8", false},
		{nil, "no locale", false},
		{[]string{"-ascii"}, "LANG=en_US.UTF-8", true},
		{[]string{"-ascii"}, "no locale", true},
		{[]string{"-ascii=true"}, "LANG=C", true},
		{[]string{"-ascii=false"}, "LANG=C", false},
		{[]string{"-ascii=false"}, "LC_ALL=POSIX", false},
		{[]string{"-ascii=false"}, "LANG=en_US.UTF-8", false},
	} {
		fs := newFlagSet("test", "usage: klob test")
		a := fs.asciiFlag("draw in ASCII")
		require.NoError(t, fs.parseNone(tc.args, nil, nil), tc.args)
		env := locales[tc.locale]
		assert.Equal(t, tc.want, a.in(func(k string) string { return env[k] }), "%v under %s", tc.args, tc.locale)
	}
}

// Every command that reads -ascii reads the locale through it: klob
// rules, the quickest, writes ASCII under LANG=C unless told
// -ascii=false, and the symbols under a UTF-8 locale.
func TestRulesFollowTheLocale(t *testing.T) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_CTYPE", "")
	t.Setenv("LANG", "C")
	_, out, _ := runArgs("rules")
	assert.NotContains(t, out, "♠", "LANG=C")
	assert.Contains(t, out, "trick 1: D AS, A QS, B 10S, C 8S -> D 24", "LANG=C")
	_, out, _ = runArgs("rules", "-ascii=false")
	assert.Contains(t, out, "♠", "LANG=C -ascii=false")
	t.Setenv("LC_CTYPE", "en_US.UTF-8")
	_, out, _ = runArgs("rules")
	assert.Contains(t, out, "♠", "LC_CTYPE=en_US.UTF-8 LANG=C")
}
