package main

import (
	"io"
	"os"

	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/tui"
	"github.com/klob/klob/tui/kit"
)

// runReplay steps through a saved game in the terminal. With a FILE it
// opens that log (a finished game, the autosave, a history entry); a log
// that does not read is not opened: its file:line error is printed, exit
// 1. Without a FILE it lists the saved games of the state directory, with
// the player's record, to choose one from. Exit 2 for usage errors.
//
//	klob replay [FILE] [-analyse] [-samples N] [-seed N] [-ascii]
func runReplay(args []string, stdout, stderr io.Writer) int {
	app, code := replayApp(args, stdout, stderr)
	if app == nil {
		return code
	}
	return runApp("replay", app, stdout, stderr)
}

// readReplay reads the game log at path for the subcommand cmd. A log
// that does not read prints "klob CMD: " and its error (the file, and
// the line where one is at fault), its control characters made
// visible and its lines cut as klob verify cuts them, on stderr,
// wrapped as every error is (printError). A daily result file, which
// klob verify takes too, is said to be one, not a damaged log.
func readReplay(cmd, path string, stderr io.Writer) (*gamelog.Replay, bool) {
	data, err := untrusted.ReadFile(path)
	var r *gamelog.Replay
	if err == nil {
		_, r, err = gamelog.ParseReplay(path, data)
	}
	switch {
	case err != nil && duplicate.LooksLikeResultFile(data):
		printError(stderr, cmd, untrusted.Text(path)+": a daily result file, not a game log: "+
			"open its boards with klob daily (on its day); klob verify checks it")
		return nil, false
	case err != nil:
		printError(stderr, cmd, cutLines(errorText(err), maxErrLine))
		return nil, false
	}
	return r, true
}

// replayApp reads the arguments and the log and returns the App to run,
// or nil and the exit code when there is nothing to run.
func replayApp(args []string, stdout, stderr io.Writer) (*tui.App, int) {
	fs := newFlagSet("replay", `usage: klob replay [FILE] [-analyse] [-samples N] [-seed N] [-ascii]
Steps through a saved game; without FILE, lists the saved games to choose from.`)
	analyse := fs.Bool("analyse", false, "start the analysis at once (the a key toggles it)")
	fs.BoolVar(analyse, "analyze", false, "the same as -analyse")
	samples := fs.Int("samples", 0, "sampled deals a decision for the analysis (default by phase)")
	seed := fs.Uint64("seed", 0, "seed of the analysis' samples")
	ascii := fs.asciiFlag("draw suits as letters (C D H S) and boxes with + - |")
	files, err := fs.parse(args, stdout, stderr)
	if err != nil {
		return nil, parseExit(err)
	}
	if len(files) > 1 {
		return nil, fs.misused(stderr, "one file at a time (got %d)", len(files))
	}
	if *samples < 0 || *samples > maxAnalyzeSamples {
		return nil, fs.fail(stderr, "%s", samplesRange(*samples))
	}
	cfg := tui.ReplayConfig{ASCII: ascii.in(os.Getenv), Analyse: *analyse, Analysis: analysis.Options{Samples: *samples, Seed: *seed}}
	// The hand in the player's order ("Sort the hand by"), as the table
	// shows it. A settings file that does not read is klob play's to
	// report; what of it reads still counts.
	if path, err := settings.DefaultPath(os.Getenv); err == nil {
		if prefs, _ := settings.Load(path); prefs.Sort == settings.BySuit {
			cfg.Sort = kit.BySuit
		}
	}
	if len(files) == 0 {
		st, err := store.Default()
		if err != nil {
			return nil, failed(stderr, "replay", err)
		}
		if inTheWay(st.Dir()) {
			// A file where the folder should be: nothing to list, and
			// the list would say only "not a directory".
			printError(stderr, "replay", stateInTheWay(st.Dir(), "there are no saved games to list"))
			return nil, 1
		}
		cfg.ShowPath = homePath(os.Getenv("HOME"))
		// A game a second Klob keeps beside the state folder is listed
		// too, though no history holds it yet.
		cfg.Waiting = st.Waiting
		return tui.NewHistory(st, cfg), 0
	}
	r, ok := readReplay("replay", files[0], stderr)
	if !ok {
		return nil, 1
	}
	return tui.NewReplay(r, files[0], cfg), 0
}
