package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/klob/klob/internal/platform/progress"
	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// runAnalyze grades the decisions of a saved game of two, three or four
// players with the hard bot's evaluation from the deciding player's
// information: the seats people played, or every seat with -all (or in a
// game of bots), and prints per deal and per player the decisions
// graded, the expected points lost and the biggest mistakes with what
// would have been better (-json: the same as one JSON object). A
// progress line goes to stderr. Exit 0 when the log was analysed, 1 when
// it cannot be read (the file:line error is printed), 2 for usage
// errors.
//
//	klob analyze FILE [-all] [-json] [-samples N] [-seed N] [-ascii]
func runAnalyze(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("analyze", `usage: klob analyze FILE [-all] [-json] [-samples N] [-seed N] [-ascii]
Grades the decisions of a saved game's people (every player's with -all, or
in a game of bots): the points each is expected to lose against the best one.`)
	all := fs.Bool("all", false, "grade every player, bots included (default: the players who are people, or everyone in a game of bots)")
	asJSON := fs.Bool("json", false, "print the report as one JSON object")
	samples := fs.Int("samples", 0, "sampled deals a decision (default by phase: "+analysis.SamplesByPhase(nil)+")")
	seed := fs.Uint64("seed", 0, "seed of the samples: the same seed gives the same report")
	ascii := fs.asciiFlag("write suits as letters (C D H S) in the text report")
	files, err := fs.parse(args, stdout, stderr)
	switch {
	case err != nil:
		return parseExit(err)
	case len(files) == 0:
		return fs.misused(stderr, "no file given")
	case len(files) > 1:
		return fs.misused(stderr, "one file at a time (got %d)", len(files))
	case *samples < 0 || *samples > maxAnalyzeSamples:
		return fs.fail(stderr, "%s", samplesRange(*samples))
	}
	path := files[0]
	r, ok := readReplay("analyze", path, stderr)
	if !ok {
		return 1
	}
	if inProgress(r) {
		// The grades would coach the person in the game in play, and those
		// of the bots' decisions would show their cards.
		printError(stderr, "analyze", untrusted.Text(path)+": the game is not over: an analysis now would coach the game in play; finish the game first")
		return 1
	}
	start := time.Now()
	// The progress is drawn on a terminal only: in a file it would stand
	// before the report (2>&1). The last line, a line, stays.
	var line *progress.Line
	if progress.IsTerminal(stderr) {
		line = progress.New(stderr)
	}
	rep, err := analysis.Analyze(context.Background(), r, analysis.Options{
		Samples: *samples, Seed: *seed, AllSeats: *all, Progress: progressLine(line),
	})
	if err != nil {
		line.Break()
		return failed(stderr, "analyze", err)
	}
	if line != nil {
		line.Done(analysedLine(len(rep.Deals), time.Since(start)))
	} else {
		fmt.Fprintln(stderr, analysedLine(len(rep.Deals), time.Since(start)))
	}
	if *asJSON {
		if err := analysis.WriteJSON(stdout, path, r, rep); err != nil {
			return failed(stderr, "analyze", err)
		}
		return 0
	}
	if err := analysis.WriteText(stdout, path, r, rep, ascii.in(os.Getenv)); err != nil {
		return failed(stderr, "analyze", err)
	}
	return 0
}

// analysedLine is the progress line's last word: "analysed 1 deal in
// 0.1s", "analysed 4 deals in 2.0s".
func analysedLine(deals int, took time.Duration) string {
	return fmt.Sprintf("analysed %s in %.1fs", kit.Plural(deals, "deal"), took.Seconds())
}

// inProgress reports whether r is a game a person is still playing: in
// play (not over, not abandoned), with a human seat.
func inProgress(r *gamelog.Replay) bool {
	if !r.InPlay() {
		return false
	}
	for s := range rules.Seat(r.Players()) {
		if r.Header.Level(s) == gamelog.Human {
			return true
		}
	}
	return false
}

// maxAnalyzeSamples bounds -samples: past it a game takes hours.
const maxAnalyzeSamples = 20000

// samplesRange is the words for a -samples n out of its range, in
// analyze, replay and train alike.
func samplesRange(n int) string {
	return fmt.Sprintf("-samples %d: want 1 to %d, or 0 for the default", n, maxAnalyzeSamples)
}

// progressLine returns a progress callback that shows each new
// percentage on line (rewritten in place on a terminal, a plain line
// every few seconds elsewhere).
func progressLine(line *progress.Line) func(analysis.Progress) {
	last := -1
	return func(p analysis.Progress) {
		pct := 100 * p.Done / max(1, p.Total)
		if pct == last && p.Done != p.Total {
			return
		}
		last = pct
		line.Update(fmt.Sprintf("analysing: %d of %d decisions (%d%%), deal %d", p.Done, p.Total, pct, p.Deal))
	}
}
