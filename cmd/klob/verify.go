package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/klob/klob/internal/platform/errwrite"
	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/play/duplicate"
	dailyfiles "github.com/klob/klob/internal/record/daily"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/tui/kit"
)

// runVerify checks game logs (and daily result files, verifyResults): each is read and replayed through the
// rules, every action and every stated value checked. For a valid log it
// prints each deal (dealer, maker, trump, both breakdowns, the result)
// and the game's end; for an invalid one the first error, file:line:col.
// A Seed tag must name the seed that deals the game (seedError).
// Exit 0 when every file is valid and checked whole, 1 when one is not
// (a result file with a board it cannot replay is not), 2 for usage
// errors.
func runVerify(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("verify", `usage: klob verify [-q] FILE...
Checks Klob game logs: every action legal, every stated value recomputed.
A daily result file (klob daily -export) is checked too: each board it
records replayed on the day's deal. A board line with no play cannot be
replayed: such boards are named as not checked, as klob daily -import names
them, and the file does not pass.
Given more than one file, it ends with how many passed and how many failed.
Exit status: 0 when every file passed, 1 when one failed or was not checked
whole, 2 for a usage error.`)
	quiet := fs.Bool("q", false, "print only errors")
	files, err := fs.parse(args, stdout, stderr)
	if err != nil {
		return parseExit(err)
	}
	if len(files) == 0 {
		return fs.misused(stderr, "no file given")
	}
	// An empty name ("$FILE" unset) is a mistake in the command line,
	// not a file that failed: refused before any file is checked.
	for _, path := range files {
		if path == "" {
			return fs.fail(stderr, "a file name is empty")
		}
	}
	out := &checkedWriter{errwrite.Writer{W: stdout}}
	code, shown, bad, partly := 0, 0, 0, 0
	for _, path := range files {
		_, r, err := readVerified(path)
		var results *resultFile
		if errors.As(err, &results) {
			var line, unchecked string
			line, unchecked, err = verifyResults(path, results.data)
			if err == nil {
				if !*quiet {
					if shown > 0 {
						fmt.Fprintln(out)
					}
					printHanging(out, line, "", "  ")
					shown++
				}
				if unchecked != "" {
					// Not a pass: what the file says of those boards
					// may be anything within a deal's bounds.
					partly++
					fmt.Fprint(stderr, wrapNote(path+": "+unchecked, termWidth(stderr), "  "))
					code = 1
				}
				continue
			}
		}
		if err != nil {
			bad++
			msg := cutLines(untrusted.Text(err.Error()), maxErrLine)
			if !strings.HasPrefix(msg, path+":") {
				// file:line:col errors start as editors read them; any
				// other (the file cannot be opened) says who speaks.
				msg = "klob verify: " + msg
			}
			// Wrapped to the terminal's width, as the other commands'
			// errors are, the lines it runs on to indented.
			fmt.Fprint(stderr, wrapNote(msg, termWidth(stderr), "  "))
			code = 1
			continue
		}
		if !*quiet {
			if shown > 0 {
				fmt.Fprintln(out)
			}
			var sum strings.Builder
			r.WriteSummary(&sum, path)
			// Wrapped to 80 columns, each line's rest under its text.
			for _, l := range strings.Split(strings.TrimSuffix(sum.String(), "\n"), "\n") {
				text := strings.TrimLeft(l, " ")
				lead := l[:len(l)-len(text)]
				printHanging(out, text, lead, lead+"  ")
			}
			shown++
		}
	}
	if len(files) > 1 && !*quiet {
		if shown > 0 {
			fmt.Fprintln(out)
		}
		fmt.Fprintf(out, "%d files: %d passed, %d failed", len(files), len(files)-bad-partly, bad)
		if partly > 0 {
			fmt.Fprintf(out, ", %d not checked whole", partly)
		}
		fmt.Fprintln(out)
	}
	return out.done(stderr, "verify", code)
}

// readVerified reads, parses and replays the log at path, as
// gamelog.ReadReplay, and checks its Seed tag against its deals
// (seedError).
func readVerified(path string) (*gamelog.Log, *gamelog.Replay, error) {
	data, err := untrusted.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	l, r, err := gamelog.ParseReplay(path, data)
	if err != nil && duplicate.LooksLikeResultFile(data) {
		// Not a damaged log: a daily result file, checked on its own
		// terms (verifyResults).
		return nil, nil, &resultFile{data}
	}
	if err == nil {
		err = seedError(path, data, l, r)
	}
	return l, r, err
}

// resultFile is readVerified's answer for a daily result file: not a
// game log, but a record verify can check too.
type resultFile struct{ data []byte }

func (*resultFile) Error() string { return "a daily result file" }

// verifyResults checks a daily result file as klob daily -import does:
// every board it records replayed on the day's deal, each result the
// one its actions give. It returns the line that sums it up: whose, which
// day, how many boards checked and the result against par on them; and,
// when a board has no play to replay, what -import says of those boards
// ("" when every board was replayed).
func verifyResults(path string, data []byte) (line, unchecked string, err error) {
	rf, err := duplicate.ParseResultFile(data)
	if err != nil {
		return "", "", fmt.Errorf("%s: %w", path, err)
	}
	set, err := duplicate.Daily(rf.Date, rf.Players)
	if err != nil {
		return "", "", fmt.Errorf("%s: %w", path, err)
	}
	if err := rf.Check(set); err != nil {
		return "", "", fmt.Errorf("%s: daily results of %s, %s at %d players: %w", path, untrusted.Text(rf.Name), rf.Date, rf.Players, err)
	}
	un := rf.Unchecked()
	checked := slices.DeleteFunc(slices.Clone(rf.Boards), func(b duplicate.BoardResult) bool { return len(b.Steps) == 0 })
	line = fmt.Sprintf("%s: daily results of %s, %s at %d players: %s of %d checked",
		path, untrusted.Text(rf.Name), rf.Date, rf.Players, kit.Plural(len(checked), "board"), len(set.Boards))
	if vs, n := duplicate.VersusPar(checked); n > 0 {
		line += fmt.Sprintf(", %s against par on %s", kit.Number(vs), kit.Plural(n, "board"))
	}
	if len(un) > 0 {
		line += fmt.Sprintf("; %s not checked", dailyfiles.BoardList(un))
		unchecked = notChecked(un)
	}
	return line + ". klob daily -import compares a friend's file with your day.", unchecked, nil
}

// maxErrLine is the most bytes of an error line klob verify prints: an
// error quotes the offending text, which may be a whole line of
// megabytes.
const maxErrLine = 300

// cutLines cuts each line of s to about max bytes (at characters'
// starts), saying how much was left out of its middle: its start says
// where, its end what is wrong (the reason follows the quoted text).
func cutLines(s string, max int) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if len(l) <= max {
			continue
		}
		head, tail := max*2/3, len(l)-max/3
		for head > 0 && !utf8.RuneStart(l[head]) {
			head--
		}
		for tail < len(l) && !utf8.RuneStart(l[tail]) {
			tail++
		}
		lines[i] = fmt.Sprintf("%s… (%d bytes left out) …%s", l[:head], tail-head, l[tail:])
	}
	return strings.Join(lines, "\n")
}
