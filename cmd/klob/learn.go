package main

import (
	"io"

	"github.com/klob/klob/tui"
)

// runLearn is the guided first game; at its end the player may start a
// real game (klob play, with the same -ascii).
func runLearn(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("learn", "usage: klob learn [-ascii]\nA guided first game of Klaberjass: three fixed deals, step by step.")
	ascii := fs.Bool("ascii", false, "draw suits as letters (C D H S) and boxes with + - |")
	if err := fs.parseNone(args, stdout, stderr); err != nil {
		return parseExit(err)
	}
	var playAfter bool
	app, err := tui.NewLearn(tui.LearnConfig{ASCII: *ascii, PlayAfter: &playAfter})
	if err != nil {
		return failed(stderr, "learn", err)
	}
	if code := runApp("learn", app, stdout, stderr); code != 0 || !playAfter {
		return code
	}
	var playArgs []string
	if *ascii {
		playArgs = append(playArgs, "-ascii")
	}
	return runPlay(playArgs, stdout, stderr)
}
