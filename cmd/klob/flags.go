package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/klob/klob/docs"
	"github.com/klob/klob/internal/platform/charset"
	"github.com/klob/klob/internal/platform/errwrite"
	"github.com/klob/klob/internal/platform/textwrap"
	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/rules"
)

// Errors of flagSet.parse; the message is printed already.
var (
	// errHelp: -h was asked; the usage went to stdout, exit 0.
	errHelp = errors.New("help")
	// errUsage: the arguments did not parse; the reason and where the
	// help is went to stderr (refuse), exit 2.
	errUsage = errors.New("usage")
)

// flagSet is the flags of one subcommand with its usage text: every
// subcommand parses through it, so -h, a bad flag and flags after the
// positional arguments behave the same everywhere.
type flagSet struct {
	*flag.FlagSet
	cmd   string // "analyze"
	usage string // the usage lines and a description, before the flags
	notes string // more text after the flags, or ""
	// ranged says, for a number flag whose range is checked after
	// parsing, why a value past its type's range is refused, in the
	// words of that check (value unquoted): "-target 99999999999999999999"
	// reads as "-target 5001" does.
	ranged map[string]func(value string) string
	// none is set by parseNone: the command takes no positional
	// argument, which the line after a refusal may say.
	none bool
}

func newFlagSet(cmd, usage string) *flagSet {
	fs := flag.NewFlagSet("klob "+cmd, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // parse reports errors itself, once
	fs.Usage = func() {}
	return &flagSet{FlagSet: fs, cmd: cmd, usage: usage}
}

// helpWidth is the columns the help fits in: a terminal of 80.
const helpWidth = 80

// printUsage writes the usage, the flags and the notes. The flag
// package writes a flag's description on one line (after "  -x\t", or
// "    \t" under a longer name: column 8); a line past helpWidth is
// wrapped between words, its next lines under the same column.
func (f *flagSet) printUsage(w io.Writer) {
	fmt.Fprint(w, strings.TrimRight(f.usage, "\n")+"\n")
	f.SetOutput(io.Discard)
	textwrap.FlagDefaults(w, f.FlagSet, helpWidth)
	if f.notes != "" {
		fmt.Fprint(w, strings.TrimRight(f.notes, "\n")+"\n")
	}
}

// parse parses args, whose flags may come before or after the
// positional arguments ("FILE -json" as well as "-json FILE"; "--" ends
// the flags), and returns the positional ones. On -h it prints the usage
// on stdout and returns errHelp; on a bad flag it prints the reason on
// stderr (refuse) and returns errUsage.
func (f *flagSet) parse(args []string, stdout, stderr io.Writer) ([]string, error) {
	restore := f.decimalOnly()
	defer restore()
	var pos []string
	for {
		err := f.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			restore()
			f.printUsage(stdout)
			return nil, errHelp
		}
		if err != nil {
			// A flag not defined is a command line of the wrong shape:
			// the synopsis names the command's flags.
			shape := ""
			if strings.HasPrefix(err.Error(), "flag provided but not defined") {
				shape = synopsis(f.usage)
			}
			f.refuse(stderr, f.explain(err), shape)
			return nil, errUsage
		}
		rest := f.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// decimalOnly makes every whole-number flag take decimal digits only.
// The flag package reads "010" as octal 8 and "0x10" as 16, so a seed
// copied as "010" would deal other cards, and "-target 010" would play
// to 8 where "-rules target=010" plays to 10. It returns what puts the
// flags back, for the usage text, which names a flag's type by its
// value's type; calling it again does nothing.
func (f *flagSet) decimalOnly() (restore func()) {
	var wrapped []*flag.Flag
	f.VisitAll(func(fl *flag.Flag) {
		g, ok := fl.Value.(flag.Getter)
		if !ok {
			return
		}
		switch g.Get().(type) {
		case int, int64, uint, uint64:
			fl.Value = decimal{g}
			wrapped = append(wrapped, fl)
		}
	})
	return func() {
		for _, fl := range wrapped {
			fl.Value = fl.Value.(decimal).Getter
		}
		wrapped = nil
	}
}

// decimal is a whole-number flag that refuses any form but decimal
// digits with an optional sign, with the error the flag package gives
// for a value it cannot read (explain words it).
type decimal struct{ flag.Getter }

// decimalDigits is what decimal takes.
var decimalDigits = regexp.MustCompile(`^[+-]?[0-9]+$`)

func (d decimal) Set(s string) error {
	if !decimalDigits.MatchString(s) {
		return errors.New("parse error")
	}
	// The flag package reads base 0: leading zeros would make it octal.
	sign, digits := "", s
	if s[0] == '+' || s[0] == '-' {
		sign, digits = s[:1], s[1:]
	}
	if t := strings.TrimLeft(digits, "0"); t != "" {
		digits = t
	} else {
		digits = "0"
	}
	return d.Getter.Set(sign + digits)
}

// badValue is the flag package's error for a value its flag's type
// cannot read: the value (quoted), the flag's name and why.
var badValue = regexp.MustCompile(`^invalid value (".*") for flag -([^:]+): (parse error|value out of range)$`)

// badBool is the flag package's error for a bad value of a flag that
// is true or false ("-json=maybe"), -ascii's own reason too: every such
// flag says it alike.
var badBool = regexp.MustCompile(`^invalid boolean value (".*") for -([^:]+): (parse error|want true or false)$`)

// explain is the reason a parse failed, in words: a bad value of a
// duration or a number ("-pace fast", "-decks x") says what the flag
// takes, where the flag package says only "parse error"; other errors
// are as they are.
func (f *flagSet) explain(err error) string {
	if m := badBool.FindStringSubmatch(err.Error()); m != nil {
		return fmt.Sprintf("-%s %s: want true or false", m[2], m[1])
	}
	m := badValue.FindStringSubmatch(err.Error())
	if m == nil {
		return err.Error()
	}
	fl := f.Lookup(m[2])
	if fl == nil {
		return err.Error()
	}
	g, ok := fl.Value.(flag.Getter)
	if !ok {
		return err.Error()
	}
	var want string
	switch g.Get().(type) {
	case time.Duration:
		want = "a duration such as 300ms, 2s or 0"
	case int, int64:
		want = "a whole number"
	case uint, uint64:
		want = "a whole number, 0 or more"
	case float64:
		want = "a number"
	default:
		return err.Error()
	}
	if m[3] == "value out of range" {
		if say := f.ranged[m[2]]; say != nil {
			if v, err := strconv.Unquote(m[1]); err == nil {
				return say(v)
			}
		}
		return fmt.Sprintf("-%s %s: %s", m[2], m[1], tooFar(g.Get(), strings.HasPrefix(m[1], `"-`)))
	}
	return fmt.Sprintf("-%s %s: want %s", m[2], m[1], want)
}

// tooFar is why a number past the range of v's type is refused:
// "too large: at most N", or "too small: at least N" for a negative one
// (neg).
func tooFar(v any, neg bool) string {
	var lo, hi string
	switch v.(type) {
	case int:
		lo, hi = strconv.Itoa(math.MinInt), strconv.Itoa(math.MaxInt)
	case int64:
		lo, hi = strconv.FormatInt(math.MinInt64, 10), strconv.FormatInt(math.MaxInt64, 10)
	case uint:
		hi = strconv.FormatUint(uint64(math.MaxUint), 10)
	case uint64:
		hi = strconv.FormatUint(math.MaxUint64, 10)
	case float64:
		lo, hi = strconv.FormatFloat(-math.MaxFloat64, 'g', -1, 64), strconv.FormatFloat(math.MaxFloat64, 'g', -1, 64)
	}
	if neg && lo != "" {
		return "too small: at least " + lo
	}
	return "too large: at most " + hi
}

// saysRange makes say the words for a value of flag name past its
// type's range (ranged).
func (f *flagSet) saysRange(name string, say func(value string) string) {
	if f.ranged == nil {
		f.ranged = map[string]func(string) string{}
	}
	f.ranged[name] = say
}

// playersRange is the words for a -players that is not 2, 3 or 4, in
// the shape of every flag's refused value: "-players 5: want 2, 3 or 4".
func playersRange(v string) string {
	return fmt.Sprintf("-players %s: want 2, 3 or 4", v)
}

// parseNone is parse for a command that takes no positional argument:
// one given is a usage error, printed as every other (errUsage).
func (f *flagSet) parseNone(args []string, stdout, stderr io.Writer) error {
	f.none = true
	pos, err := f.parse(args, stdout, stderr)
	if err == nil && len(pos) > 0 {
		return f.unexpected(stderr, pos[0])
	}
	return err
}

// fail prints "klob CMD: reason" and where the whole help is, on
// stderr, and returns the exit code of a usage error, 2 (refuse).
func (f *flagSet) fail(stderr io.Writer, format string, args ...any) int {
	return f.refuse(stderr, fmt.Sprintf(format, args...), "")
}

// misused is fail for a command line of the wrong shape: an argument
// too many or missing, a flag that must be given left out. The usage's
// synopsis is printed between the reason and the hint: it shows the
// shape.
func (f *flagSet) misused(stderr io.Writer, format string, args ...any) int {
	return f.refuse(stderr, fmt.Sprintf(format, args...), synopsis(f.usage))
}

// unexpected refuses the positional argument arg of a command that
// takes none (misused) and returns the error for the caller to return:
// printed already (errors.Is errUsage), its text the reason.
func (f *flagSet) unexpected(stderr io.Writer, arg string) error {
	reason := fmt.Sprintf("unexpected argument %q", arg)
	f.misused(stderr, "%s", reason)
	return printedError(reason)
}

// printedError is a usage error refused and printed already (refuse),
// its text the reason: errors.Is finds errUsage in it.
type printedError string

func (e printedError) Error() string        { return string(e) }
func (e printedError) Is(target error) bool { return target == errUsage }

// refuse is every subcommand's answer to a command line it refuses (a
// flag's bad value, flags that do not go together, an argument too many
// or missing): "klob CMD: reason", then shape (the usage's synopsis, for
// a command line of the wrong shape: misused; "" for a bad value) and
// the line that says where the whole help is, on stderr; it returns the exit code of a usage error,
// 2. The help itself runs to 40 to 80 lines: the reason would scroll
// out of sight.
func refuse(stderr io.Writer, cmd, reason, shape string) int {
	return refuseHint(stderr, cmd, reason, shape, "klob "+cmd+" -h lists every flag.")
}

// refuse is refuse for the command of f. Its last line is true of a
// command without flags too: "klob version takes no flags or
// arguments", where -h would list none.
func (f *flagSet) refuse(stderr io.Writer, reason, shape string) int {
	hint := "klob " + f.cmd + " -h lists every flag."
	if !f.hasFlags() {
		hint = "klob " + f.cmd + " takes no flags."
		if f.none {
			hint = "klob " + f.cmd + " takes no flags or arguments."
		}
	}
	return refuseHint(stderr, f.cmd, reason, shape, hint)
}

// hasFlags reports whether f defines any flag.
func (f *flagSet) hasFlags() bool {
	has := false
	f.VisitAll(func(*flag.Flag) { has = true })
	return has
}

// refuseHint is refuse with hint as its last line.
func refuseHint(stderr io.Writer, cmd, reason, shape, hint string) int {
	printError(stderr, cmd, reason)
	if shape != "" {
		fmt.Fprintln(stderr, shape)
	}
	fmt.Fprintln(stderr, hint)
	return 2
}

// synopsis is the usage's opening lines: each "usage:" line (or the
// indented "       klob CMD ..." of another form) and the lines that
// carry it on, indented; the description after them is left to -h.
func synopsis(usage string) string {
	var out []string
	for _, l := range strings.Split(usage, "\n") {
		if !strings.HasPrefix(l, "usage:") && !strings.HasPrefix(l, " ") {
			break
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// failed prints "klob CMD: err" on stderr (printError: wrapped to the
// terminal's width) and returns the exit code of a command that
// failed, 1. An error of writing to a stdout whose reader has closed it
// (klob verify FILE | head -1) is not a failure: the command ends there
// without a word, exit 0.
func failed(stderr io.Writer, cmd string, err error) int {
	if stdoutClosed(err) {
		return 0
	}
	printError(stderr, cmd, errorText(err))
	return 1
}

// stdoutClosed reports whether err is EPIPE from a write to stdout:
// its reader closed the pipe.
func stdoutClosed(err error) bool {
	var pe *fs.PathError
	return errors.As(err, &pe) && pe.Path == os.Stdout.Name() && errors.Is(err, syscall.EPIPE)
}

// errorText is err's text safe to print: each error of a join (one a
// cause, as errors.Join writes them) on a line of its own, and within
// each every control character escaped, a newline in a path too. An
// error may quote a path or a file's text, which a terminal would obey.
func errorText(err error) string {
	errs := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	}
	lines := make([]string, len(errs))
	for i, e := range errs {
		lines[i] = untrusted.Text(e.Error())
	}
	return strings.Join(lines, "\n")
}

// flagFileError is err said as the flag's when it is an error of the
// file or directory the flag names (path): "-save DIR: not a
// directory", not the package's own name for it and the call behind
// it ("the key list: stat nope.txt: ..."). Other errors are returned as
// they are.
func flagFileError(flag, path string, err error) error {
	var pe *fs.PathError
	if path == "" || !errors.As(err, &pe) || filepath.Clean(pe.Path) != filepath.Clean(path) {
		return err
	}
	return fmt.Errorf("%s %s: %v", flag, path, pe.Err)
}

// checkedWriter is a command's stdout checked once its report is
// written (done).
type checkedWriter struct{ errwrite.Writer }

// done is code, or 1 with the write's error said on stderr.
func (c *checkedWriter) done(stderr io.Writer, cmd string, code int) int {
	if c.Err != nil && code == 0 {
		return failed(stderr, cmd, c.Err)
	}
	return code
}

// set returns the names of the flags given on the command line.
func (f *flagSet) set() map[string]bool {
	set := map[string]bool{}
	f.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	return set
}

// parseExit is the exit code for an error of parse: 0 after -h, 2
// otherwise.
func parseExit(err error) int {
	if errors.Is(err, errHelp) {
		return 0
	}
	return 2
}

// flagsExit is the exit code of an error of the flags of cmd: parse's
// own (-h or a usage error, printed already: parseExit), or one found
// after the parse, printed here as parse's are (refuse), exit 2.
func flagsExit(cmd string, err error, stderr io.Writer) int {
	if errors.Is(err, errHelp) || errors.Is(err, errUsage) {
		return parseExit(err)
	}
	return refuse(stderr, cmd, err.Error(), "")
}

// gameFlags are the flags klob play and klob train share: the players,
// the rules, the target and the seed.
type gameFlags struct {
	players *int
	rules   *optionList
	target  *int
	seed    *uint64
}

// gameFlags defines -players, -rules, -target and -seed; seedUsage says
// what the seed decides and where the secret one is shown. The notes after the flags get the table of
// every -rules key with its values, default and meaning.
func (f *flagSet) gameFlags(seedUsage string, lastGame bool) gameFlags {
	if t := rulesKeys(); t != "" {
		if f.notes != "" {
			t = "\n" + t
		}
		f.notes = strings.TrimRight(f.notes, "\n") + "\n" + t
	}
	f.saysRange("players", playersRange)
	f.saysRange("target", func(v string) string {
		opts := rules.DefaultOptions()
		if err := targetError(&opts, v); err != nil {
			return err.Error()
		}
		return "-target " + strconv.Quote(v) + ": " + tooFar(0, strings.HasPrefix(v, "-"))
	})
	// klob play opens on the last game started (the settings file keeps
	// it), so its defaults name that game first.
	last, rulesDefault := "", ""
	if lastGame {
		last, rulesDefault = "else the last game's, ", "; default: the last game's, else the standard rules"
	}
	return gameFlags{
		players: f.Int("players", 0, "players at the table: 2, 3 or 4, over -rules players= (0: as -rules says, "+last+"else 2)"),
		rules:   f.optionList("rules", "rule options, key=value separated by commas (the flag may be given more than once): "+strings.Join(rules.AllOptionNames(), ", ")+" (see below"+rulesDefault+")"),
		target:  f.Int("target", 0, "the score that wins the game, over -rules target= (default: as -rules says, "+last+"else 500)"),
		seed:    f.Uint64("seed", 0, seedUsage),
	}
}

// optionList is the value of a -rules flag that may be given more than
// once: each value's key=value pairs, in order (a key given twice is
// refused, as within one value). A long command wraps into several -rules on
// screens 80 columns wide and stays the same command.
// A comma at either end of a value is taken ("-rules menage=on,
// -rules bimah=on"), and a blank value means the defaults; an empty
// option between two commas, or a value of only commas, is a typo and
// refused (options says so).
type optionList struct {
	parts []string
	empty string // the first value with an empty option, or ""
}

func (l *optionList) String() string { return strings.Join(l.parts, ",") }

func (l *optionList) Set(s string) error {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	t := strings.Trim(strings.TrimSpace(s), ",")
	for _, kv := range strings.Split(t, ",") {
		if strings.TrimSpace(kv) == "" && l.empty == "" {
			l.empty = s
		}
	}
	if t != "" {
		l.parts = append(l.parts, t)
	}
	return nil
}

// options is the rule options given, over the defaults, or why not:
// the error does not name the flag.
func (l *optionList) options() (rules.Options, error) {
	if l.empty != "" {
		return rules.DefaultOptions(), fmt.Errorf("%q has an empty rule option (a comma too many?): want key=value,key=value", l.empty)
	}
	return rules.ParseOptions(l.String())
}

// changedRules names the options of a that b changes, as a writes them
// ("shlomo=on").
func changedRules(a, b rules.Options) []string {
	var out []string
	for _, k := range rules.AllOptionNames() {
		va, _ := a.Get(k)
		if vb, _ := b.Get(k); va != vb {
			out = append(out, k+"="+va)
		}
	}
	return out
}

// optionList defines a -rules flag that may be given more than once.
func (f *flagSet) optionList(name, usage string) *optionList {
	l := &optionList{}
	f.Var(l, name, usage)
	return l
}

// resolve returns the rule options (-rules, then -target and -players
// when given) and the seed: -seed when given (seedSet), else a secret one from
// secret (seedmix.Secret).
func (g gameFlags) resolve(set map[string]bool, secret func() uint64) (opts rules.Options, seed uint64, seedSet bool, err error) {
	opts, err = g.rules.options()
	if err != nil {
		return opts, 0, false, fmt.Errorf("-rules: %v", err)
	}
	if set["target"] {
		if err := targetError(&opts, fmt.Sprint(*g.target)); err != nil {
			return opts, 0, false, err
		}
	}
	switch {
	case *g.players == 0:
	case rules.ValidPlayers(*g.players):
		if err := opts.Set("players", fmt.Sprint(*g.players)); err != nil {
			return opts, 0, false, fmt.Errorf("-players: %v", err)
		}
	default:
		return opts, 0, false, errors.New(playersRange(fmt.Sprint(*g.players)))
	}
	// A variant the table does not play would be dropped by the setup
	// form without a word: the command line says so instead.
	if why := notPlayed(opts); len(why) > 0 {
		return opts, 0, false, fmt.Errorf("-rules: not played: %s", strings.Join(why, ", "))
	}
	if set["seed"] {
		return opts, *g.seed, true, nil
	}
	return opts, secret(), false, nil
}

// targetError sets opts' target to -target's value v, or says why not
// in the shape of every flag's refused value: "-target -5: want a whole
// number from 1 to 5000" (the rules refuse only a value out of range).
func targetError(opts *rules.Options, v string) error {
	if err := opts.Set("target", v); err != nil {
		return fmt.Errorf("-target %s: want a whole number from 1 to %d", v, rules.MaxTarget)
	}
	return nil
}

// notPlayed names the options of opts that a table of its seat count
// does not play, each with the rules' reason: "cleopatra=on (played by
// four)"; none when the table plays them all.
func notPlayed(opts rules.Options) []string {
	var why []string
	for _, kv := range changedRules(opts, opts.Applicable()) {
		key, _, _ := strings.Cut(kv, "=")
		why = append(why, kv+" ("+opts.NotPlayedWhy(key)+")")
	}
	return why
}

// rulesKeys is the table of the rule options in docs/rules.md (the
// section "Rule options"), laid out for a terminal of 80 columns under
// a line saying what it is: the one statement of the -rules keys, their
// values, defaults and meanings, shared with klob rules.
func rulesKeys() string {
	var table []string
	in := false
	for _, l := range strings.Split(docs.Rules(), "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "## ") {
			in = strings.Contains(t, "Rule options")
		} else if in && strings.HasPrefix(t, "|") {
			table = append(table, t)
		} else if len(table) > 0 {
			break // the end of the first table of the section
		}
	}
	if len(table) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("The -rules keys (klob rules prints the whole rules):\n")
	for _, l := range strings.Split(strings.TrimRight(docs.Plain(strings.Join(table, "\n"), 76), "\n"), "\n") {
		b.WriteString("  " + l + "\n")
	}
	// The table says "on, off"; the other words are taken too.
	b.WriteString(wrapNote("\n  An on/off option takes "+rules.OnOffWords()+".", 80, ""))
	return b.String()
}

// maxPace is the longest -pace taken: a bot that waits longer between
// its moves seems stuck (1000h was taken, and froze every table).
const maxPace = time.Minute

// checkPace is -pace's value checked: from 0 to maxPace.
func checkPace(d time.Duration) error {
	switch {
	case d < 0:
		return fmt.Errorf("-pace: %v is negative", d)
	case d > maxPace:
		return fmt.Errorf("-pace: %v is more than %v: the bots would seem stuck", d, maxPace)
	}
	return nil
}

// asciiFlag is -ascii, which draws suits as letters and boxes in ASCII.
// Given, it decides (-ascii=false draws the symbols whatever the
// locale); not given, the locale does: one that is not UTF-8 (LANG=C)
// draws in ASCII, as its terminal shows nothing else (charset.ASCIIOnly).
type asciiFlag struct{ on, set bool }

func (a *asciiFlag) String() string {
	if a == nil {
		return "false"
	}
	return strconv.FormatBool(a.on)
}

func (a *asciiFlag) Set(s string) error {
	on, err := strconv.ParseBool(s)
	if err != nil {
		return errors.New("want true or false")
	}
	a.on, a.set = on, true
	return nil
}

func (a *asciiFlag) IsBoolFlag() bool { return true }

// in is whether to draw in ASCII under the locale getenv gives.
func (a *asciiFlag) in(getenv func(string) string) bool {
	if a.set {
		return a.on
	}
	return charset.ASCIIOnly(getenv)
}

// asciiFlag defines -ascii, doing what usage says; the help adds the
// locale's part.
func (f *flagSet) asciiFlag(usage string) *asciiFlag {
	a := &asciiFlag{}
	f.Var(a, "ascii", usage+" (the default under a locale that is not UTF-8, such as LANG=C; -ascii=false draws the symbols anyway)")
	return a
}
